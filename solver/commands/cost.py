"""`cost`: CPU instructions per board of the player, on the boards a real run played."""

import shutil
import sys

from ..lab.cost import by_function, inner, interpreter_problem, measure, played_names
from ..official.kinds import PACK, SELECT_LIST
from ..official.lines import read_text
from .options import kind_refused
from .progress import Progress


def add_arguments(parser):
    parser.description = (
        "Reads a pack and the select list of a real run of the contest entry on it, replays "
        "those boards as the run played them (hurried, no deadline) under valgrind callgrind "
        "and prints the instructions per board (read, play and write; start-up and indexing "
        "left out); with --functions (CPython 3.12+), the costliest Python functions too.  "
        "Needs valgrind.  Instructions do not drift with the machine's load as seconds do."
    )
    parser.add_argument("pack", help="the pack the run played")
    parser.add_argument("played", help="the select list the run printed, or its board names one a line (those boards are replayed)")
    parser.add_argument("--boards", type=int, help="only the first N of those boards (default: all)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to measure (default: this one, %(default)s)")
    parser.add_argument("--functions", type=int, metavar="N", help="also list the N costliest functions (3.12+)")
    parser.add_argument("--inner", action="store_true", help="(used by cost itself under callgrind)")


def run(args):
    if args.inner:
        inner(args.pack, args.played, int(args.boards or 0))
        return 0
    if args.boards is not None and args.boards < 1:
        print("error: --boards must be a positive number", file=sys.stderr)
        return 2
    try:  # both files read and checked before callgrind runs for minutes
        pack, played = read_text(args.pack), read_text(args.played)
    except OSError as exc:
        print("error: cannot read %s: %s" % (exc.filename, exc.strerror), file=sys.stderr)
        return 1
    if kind_refused(pack, PACK, args.pack) or kind_refused(played, SELECT_LIST, args.played):
        return 1
    if not played_names(played):
        print("error: %s names no board (give the select list of a run, or board names one a line)" % args.played,
              file=sys.stderr)
        return 1
    if shutil.which("valgrind") is None:
        print("error: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    problem = interpreter_problem(args.python, args.functions)
    if problem is not None:
        print("error: --python %s: %s" % (args.python, problem), file=sys.stderr)
        return 1
    line = Progress("cost")
    try:
        per_board, boards = measure(args.python, args.pack, args.played, args.boards, line.say)
        if args.functions:
            line.say("callgrind run with -X perf: the functions")
            rows = by_function(args.python, args.pack, args.played, boards, args.functions)
        line.close()
        print("%.0f instructions per board (%d boards, %s)" % (per_board, boards, args.python))
        if args.functions:
            for instructions, name in rows:
                print("%12.0f  %s" % (instructions, name))
    except (OSError, RuntimeError) as exc:
        line.close()
        print("error: %s" % exc, file=sys.stderr)
        return 1
    return 0
