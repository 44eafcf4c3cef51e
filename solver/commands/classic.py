"""`classic`: the classic game's win rate, games played with the project's referee."""

import argparse
import sys

from ..variants.classic.policies import POLICIES, parse_policy
from ..variants.classic.referee import FIRST_CLICKS, LEVELS
from ..variants.classic.runs import compared, one_policy


def _progress_bar(stream):
    shown = [-1]

    def show(done, games, wins):
        step = done * 40 // games
        if step != shown[0] or done == games:
            shown[0] = step
            stream.write("\r[%-40s] %d/%d games, %.2f%% won" % ("#" * step, done, games, 100.0 * wins / done))
            if done == games:
                stream.write("\n")
            stream.flush()

    return show


def add_arguments(parser):
    parser.description = (
        "Reads nothing: plays N classic Minesweeper games with its own referee (mines placed "
        "uniformly, kept off the first click) and prints the win rate with a 95% Wilson interval, "
        "ms per game and the slowest move in CPU time with its game; a progress bar on stderr."
    )
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert", help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99")
    parser.add_argument("--first-click", choices=sorted(FIRST_CLICKS), default="classic",
                        help="classic: (0,0), never a mine; modern: (3,3), always a zero")
    parser.add_argument("--rule", choices=sorted(FIRST_CLICKS), dest="first_click", default=argparse.SUPPRESS,
                        help=argparse.SUPPRESS)  # the name --first-click had before: recorded commands still run
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games to play")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="run seed: game i is made from (S, i)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (the result does not depend on J)")
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
    if args.compare is not None:
        guesses = [g.strip() for g in args.compare.split(",") if g.strip()]
        if len(guesses) < 2 or not all(map(_is_policy, guesses)) or len(set(guesses)) < len(guesses):
            print("error: --compare needs two or more different policies of %s, comma-separated" % ", ".join(POLICIES), file=sys.stderr)
            return 2
        try:
            lines = compared(args.level, args.first_click, args.games, args.seed, guesses, args.jobs, _progress_bar(sys.stderr),
                             args.reuse, args.record)
        except (OSError, ValueError) as problem:
            written = isinstance(problem, OSError) and args.record is not None and problem.filename == args.record
            print("error: %s: %s" % ("--record " + args.record if written else "--reuse %s" % args.reuse, problem), file=sys.stderr)
            return 2
        print("\n".join(lines))
        return 0
    if args.guess is not None and not _is_policy(args.guess):
        print("error: no guess policy %r (one of %s, optionally :progress=X:blend=X:window=X:offedge=X)" % (args.guess, ", ".join(POLICIES)), file=sys.stderr)
        return 2
    print(one_policy(args.level, args.first_click, args.games, args.seed, args.jobs, _progress_bar(sys.stderr), args.guess))
    return 0


def _is_policy(text):
    try:
        parse_policy(text)
    except ValueError:
        return False
    return True
