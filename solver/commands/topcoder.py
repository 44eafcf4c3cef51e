"""`topcoder`: the Topcoder SuperMinesweeper player on the tester's line protocol."""

import sys

from ..variants.topcoder.player import TIME_LIMIT, UNLOCK_SHARE
from ..variants.topcoder.stdio import play_stdio


def add_arguments(parser):
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, help="think time per test, seconds (default 10)")
    parser.add_argument("--share", type=float, default=UNLOCK_SHARE, help="stop rule: share of the closed safe cells a guess is worth")
    parser.add_argument("--quiet", action="store_true", help="no summary line on stderr")


def run(args):
    try:
        play_stdio(sys.stdin, sys.stdout, None if args.quiet else sys.stderr, args.time_limit, args.share)
    except (BrokenPipeError, StopIteration):
        pass  # the tester closed the game
    except OSError as error:  # stdin closed (<&-) or unreadable
        print("topcoder: cannot read the tester's lines: %s" % error.strerror, file=sys.stderr)
        return 1
    return 0
