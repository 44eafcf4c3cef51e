"""`classic`: the classic game's win rate, games played with the project's referee."""

import sys

from ..variants.classic.policies import RULES, parse_rule
from ..variants.classic.referee import LEVELS, STARTS
from ..variants.classic.runs import compared, one_rule


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
        "uniformly under the start rule) and prints the win rate with a 95% Wilson interval, "
        "ms per game and the slowest move in CPU time with its game; a progress bar on stderr."
    )
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert", help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99")
    parser.add_argument("--rule", choices=sorted(STARTS), default="classic", help="classic: (0,0) never a mine; modern: (3,3) opens a zero")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games to play")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="run seed: game i is made from (S, i)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (the result does not depend on J)")
    parser.add_argument("--guess", default=None, metavar="RULE",
                        help="the player's guess rule, one of %s, optionally with settings, e.g. full:progress=0.052:blend=3 "
                        "(default: the player's own)" % ", ".join(RULES))
    parser.add_argument(
        "--compare", metavar="RULES", default=None,
        # argparse %-expands help text, so the per cent sign is written twice after joining
        help="comma-separated guess rules (" + ", ".join(RULES) + ") played on the same games: wins of each, and each "
        "rule against the one before it: the discordant games (won by one rule only), the paired difference with "
        "its 95%% interval and McNemar's exact p",
    )
    parser.add_argument("--record", metavar="FILE", default=None, help="with --compare: write each rule's outcomes: a line naming "
                        "level, start rule, seed and games, then one line per rule: the rule, a tab, a 0/1 per game")
    parser.add_argument("--reuse", metavar="FILE", default=None, help="with --compare: take the outcomes of the rules recorded in FILE "
                        "(--record of the same level, start rule and seed) instead of playing them again")


# games in one run: at about 10 ms an expert game, ten million take more than a day on one core
MAX_GAMES = 10000000


def run(args):
    if not 1 <= args.games <= MAX_GAMES or args.jobs < 1:
        print("error: --games must be from 1 to %d and --jobs at least 1" % MAX_GAMES, file=sys.stderr)
        return 2
    args.jobs = min(args.jobs, args.games)  # a worker with no game to play is not started
    if args.compare is not None:
        guesses = [g.strip() for g in args.compare.split(",") if g.strip()]
        if len(guesses) < 2 or not all(map(_is_rule, guesses)) or len(set(guesses)) < len(guesses):
            print("error: --compare needs two or more different rules of %s, comma-separated" % ", ".join(RULES), file=sys.stderr)
            return 2
        try:
            lines = compared(args.level, args.rule, args.games, args.seed, guesses, args.jobs, _progress_bar(sys.stderr),
                             args.reuse, args.record)
        except (OSError, ValueError) as problem:
            written = isinstance(problem, OSError) and args.record is not None and problem.filename == args.record
            print("error: %s: %s" % ("--record " + args.record if written else "--reuse %s" % args.reuse, problem), file=sys.stderr)
            return 2
        print("\n".join(lines))
        return 0
    if args.guess is not None and not _is_rule(args.guess):
        print("error: no guess rule %r (one of %s, optionally :progress=X:blend=X:window=X:offedge=X)" % (args.guess, ", ".join(RULES)), file=sys.stderr)
        return 2
    print(one_rule(args.level, args.rule, args.games, args.seed, args.jobs, _progress_bar(sys.stderr), args.guess))
    return 0


def _is_rule(text):
    try:
        parse_rule(text)
    except ValueError:
        return False
    return True
