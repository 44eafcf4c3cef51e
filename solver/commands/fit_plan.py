"""`fit-plan`: measure the player on generated packs; print the plan's tables, or write them."""

import argparse
import sys

from ..lab.planfit import TABLES_FILE, TABLES_PATH, current_tables, fit, module_text
from ..official.rules import RULES
from .progress import Progress


def add_arguments(parser):
    parser.description = (
        "Reads nothing: plays generated official packs (every difficulty; modes both and none; "
        "both rules), and prints the plan's tables of mean seconds and score by mine density "
        "and board cells, as the text of the module %s; with --write, writes them there instead "
        "(the tables the contest entry plans with: rebuild the bundle after).  Progress on stderr "
        "on a terminal." % TABLES_PATH
    )
    parser.add_argument("--count", type=int, default=600, help="boards per difficulty and mode (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=2, metavar="N", help="runs per board, the fastest counts (default: %(default)s)")
    parser.add_argument("--write", action="store_true", help="write the module %s instead of printing it" % TABLES_PATH)
    parser.add_argument("--print", action="store_true", help=argparse.SUPPRESS)  # what printing was asked with before
    parser.add_argument(
        "--rule", type=int, choices=sorted(RULES),
        help="measure only this rule's tables and keep the others as they are (default: both rules)",
    )


# boards per difficulty and mode, and runs per board: the default tables took 600 and 2; a
# hundred thousand boards of each of twelve packs run for hours
MAX_COUNT = 100000
MAX_REPEAT = 20


def run(args):
    if not 1 <= args.count <= MAX_COUNT or not 1 <= args.repeat <= MAX_REPEAT:
        print("error: --count must be from 1 to %d and --repeat from 1 to %d" % (MAX_COUNT, MAX_REPEAT), file=sys.stderr)
        return 2
    if args.write and args.print:
        print("error: --write and --print ask for opposite things: give one", file=sys.stderr)
        return 2
    rules = (args.rule,) if args.rule else None
    tables = current_tables()
    progress = Progress("fit-plan", "boards")
    tables.update(fit(args.count, args.repeat, progress, rules))
    progress.close()
    command = "python -m solver fit-plan --count %d --repeat %d" % (args.count, args.repeat)
    note = ""
    if args.rule:
        command += " --rule %d" % args.rule
        note = " (the other rule's tables by an earlier run)"
    text = module_text(tables, command, note)
    if not args.write:
        sys.stdout.write(text)
        return 0
    path = TABLES_FILE
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        print("error: cannot write %s: %s" % (path, exc.strerror), file=sys.stderr)
        return 1
    print("wrote %s" % path)
    return 0
