"""`classic`: the classic game's win rate, games played with the project's referee."""

import argparse
import sys

from ..variants.classic.policies import POLICIES, parse_policy
from ..variants.classic.referee import FIRST_CLICKS, LEVELS
from ..variants.classic.runs import compared, one_policy, read_record
from .options import output_problem
from .progress import Progress


def _progress_bar(line):
    """A progress(done, games, wins) for the referee: a bar of 40 steps on the Progress line."""
    shown = [-1]

    def show(done, games, wins):
        step = done * 40 // games
        if line.on and (step != shown[0] or done == games):
            shown[0] = step
            line.say("[%-40s] %d/%d games, %.2f%% won" % ("#" * step, done, games, 100.0 * wins / done))

    return show


def add_arguments(parser):
    parser.description = (
        "Reads nothing: plays N classic Minesweeper games with its own referee (mines placed "
        "uniformly, kept off the first click) and prints the win rate with a 95% Wilson interval, "
        "ms per game and the slowest move in CPU time with its game; a progress bar on stderr on a terminal."
    )
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert", help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99")
    parser.add_argument("--first-click", choices=sorted(FIRST_CLICKS), default="classic",
                        help="classic: (0,0), never a mine; modern: (3,3), always a zero")
    parser.add_argument("--rule", choices=sorted(FIRST_CLICKS), dest="first_click", default=argparse.SUPPRESS,
                        help=argparse.SUPPRESS)  # the name --first-click had before: recorded commands still run
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games to play")
    parser.add_argument("--seed", type=int, default=1, metavar="SEED", help="run seed: game i is made from (SEED, i)")
    parser.add_argument("--jobs", type=int, default=1, metavar="JOBS", help="worker processes (the result does not depend on JOBS)")
    parser.add_argument("--guess", default=None, metavar="POLICY",
                        help="the player's guess policy, one of %s, optionally with settings, e.g. full:progress=0.052:blend=3 "
                        "(default: the player's own)" % ", ".join(POLICIES))
    parser.add_argument(
        "--compare", metavar="POLICIES", default=None,
        # argparse %-expands help text, so the per cent sign is written twice after joining
        help="comma-separated guess policies (" + ", ".join(POLICIES) + ") played on the same games: wins of each, and each "
        "policy against the one before it: the discordant games (won by one policy only), the paired difference with "
        "its 95%% interval and McNemar's exact p",
    )
    parser.add_argument("--record", metavar="FILE", default=None, help="with --compare: write each policy's outcomes: a line naming "
                        "level, first click, seed and games, then one line per policy: the policy, a tab, a 0/1 per game")
    parser.add_argument("--reuse", metavar="FILE", default=None, help="with --compare: take the outcomes of the policies recorded in "
                        "FILE (--record of the same level, first click and seed) instead of playing them again")


# games in one run: at about 10 ms an expert game, ten million take more than a day on one core
MAX_GAMES = 10000000


def run(args):
    if not 1 <= args.games <= MAX_GAMES or args.jobs < 1:
        print("error: --games must be from 1 to %d and --jobs at least 1" % MAX_GAMES, file=sys.stderr)
        return 2
    args.jobs = min(args.jobs, args.games)  # a worker with no game to play is not started
    if args.compare is None:
        if args.record is not None or args.reuse is not None:
            print("error: --record and --reuse go with --compare", file=sys.stderr)
            return 2
        problem = args.guess is not None and _policy_problem(args.guess)
        if problem:
            print("error: --guess: %s" % problem, file=sys.stderr)
            return 2
        line = Progress("classic")
        result = one_policy(args.level, args.first_click, args.games, args.seed, args.jobs, _progress_bar(line), args.guess)
        line.close()
        print(result)
        return 0
    guesses = [g.strip() for g in args.compare.split(",") if g.strip()]
    problem = next(filter(None, map(_policy_problem, guesses)), None)
    if problem or len(guesses) < 2 or len(set(guesses)) < len(guesses):
        print("error: --compare needs two or more different policies of %s, comma-separated%s"
              % (", ".join(POLICIES), ": " + problem if problem else ""), file=sys.stderr)
        return 2
    # the files, checked before any game is played
    problem = args.record is not None and output_problem(args.record)
    if problem:
        print("error: --record %s: cannot write it: %s" % (args.record, problem), file=sys.stderr)
        return 1
    if args.reuse is not None:
        try:
            read_record(args.reuse, args.level, args.first_click, args.seed, args.games)
        except (OSError, ValueError) as exc:
            print("error: --reuse %s: %s" % (args.reuse, getattr(exc, "strerror", None) or exc), file=sys.stderr)
            return 1
    line = Progress("classic --compare")
    try:
        lines = compared(args.level, args.first_click, args.games, args.seed, guesses, args.jobs, _progress_bar(line),
                         args.reuse, args.record)
    except OSError as exc:  # what the check could not see (no permission, a full disk)
        line.close()
        print("error: %s: %s" % (exc.filename, exc.strerror), file=sys.stderr)
        return 1
    line.close()
    print("\n".join(lines))
    return 0


def _policy_problem(text):
    """Why `text` is no guess policy (parse_policy's words), or None."""
    try:
        parse_policy(text)
    except ValueError as exc:
        return str(exc)
    return None
