"""`topcoder`: the Topcoder SuperMinesweeper player on the tester's line protocol."""

import sys

from ..variants.topcoder.player import POLICIES, SETTINGS, Settings, parse_guess
from ..variants.topcoder.stdio import ProtocolError, play_stdio


def add_arguments(parser):
    parser.description = (
        "Reads the Topcoder SuperMinesweeper tester's lines on stdin (N, M, D, the start 'r c', then one answer "
        "a move) and prints its moves on stdout ('G r c', 'STOP'); a summary line on stderr.  A game outside "
        "the statement's bounds (N 10..50, M from 10% to 30% of the cells, D one of 1 2 4 5 8 9 10) or a "
        "line the protocol does not allow, or the input ending while a move waits for its answer, is refused in "
        "one line, exit status 1."
    )
    parser.add_argument("--time-limit", type=float, default=SETTINGS.time_limit, help="think time per test, seconds (default: %(default)g)")
    parser.add_argument("--share", type=float, default=SETTINGS.share, help="stop test: share of the closed safe cells a guess is worth")
    parser.add_argument("--guess", default=SETTINGS.guess, metavar="POLICY", help="guess policy: %s (default: %%(default)s)" % ", ".join(POLICIES))
    parser.add_argument("--quiet", action="store_true", help="no summary line on stderr")


def run(args):
    if not 0 < args.time_limit < float("inf") or not 0 < args.share <= 1:
        print("error: --time-limit must be a positive number of seconds and --share within (0, 1]", file=sys.stderr)
        return 2
    try:
        parse_guess(args.guess)
    except ValueError as error:
        print("error: --guess: %s" % error, file=sys.stderr)
        return 2
    try:
        play_stdio(sys.stdin, sys.stdout, None if args.quiet else sys.stderr, Settings(args.time_limit, args.share, args.guess))
    except BrokenPipeError:
        pass  # the tester stopped reading: it closed the game
    except OSError as error:  # stdin closed (<&-) or unreadable
        print("error: cannot read the tester's lines: %s" % error.strerror, file=sys.stderr)
        return 1
    except ProtocolError as error:
        sys.stdout.flush()
        print("error: %s" % error, file=sys.stderr)
        return 1
    return 0
