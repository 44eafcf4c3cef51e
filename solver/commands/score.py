"""`score`: a select list scored as the official page scores it."""

import sys
from itertools import islice

from ..contest.streams import write_messages
from ..official.kinds import SELECT_LIST
from ..official.rules import RULES
from ..official.scorer import MIXED_NOTE, score_lines, score_text, summary_csv
from .options import kind_refused, read_pack_input, read_select_input


def add_arguments(parser):
    """The `score` command's arguments."""
    parser.description = (
        "Reads a select list (the solver's output) and prints 'total VALUE' (with --boards, "
        "one line per board before it, 'NAME SCORE').  Boards missing from --pack (or all, "
        "without it) are regenerated from their names, as the official page does."
    )
    parser.add_argument("select", help="select list file, or - for stdin")
    parser.add_argument("--pack", help="board pack the select list was played on (its boards that do not read are "
                        "warnings: the official page never sees the pack)")
    parser.add_argument("--rule", type=int, choices=sorted(RULES), help="the rule (default: from the select list's header form)")
    parser.add_argument("--boards", action="store_true", help="print each board's score, 'NAME SCORE', before the total")
    parser.add_argument("--csv", action="store_true", help="print the official score_summary.csv columns instead")
    parser.add_argument("--lenient", action="store_true", help="skip bad lines and out-of-range clicks instead of rejecting the file")


def run(args):
    """Score the select list named on the command line; exit status 1 when it is rejected."""
    try:
        select_text = read_select_input(args.select)
    except OSError as exc:
        print("error: cannot read %s: %s" % (exc.filename, exc.strerror), file=sys.stderr)
        return 1
    if kind_refused(select_text, SELECT_LIST, args.select):
        return 1
    pack_text, damaged = None, False
    if args.pack:
        read = read_pack_input(args.pack)
        if read is None:
            return 1
        pack_text, damaged = read
    scored = score_text(select_text, pack_text, args.rule, args.lenient, plays=False)
    write_messages(scored.errors, "error: ", sys.stderr, scored.errors.unshown)
    write_messages(scored.warnings, "warning: ", sys.stderr, scored.warnings.unshown)
    if scored.errors and not args.lenient:
        print("error: the official page rejects the whole file (use --lenient to skip)", file=sys.stderr)
        return 1
    mixed = len(scored.totals) > 1
    if mixed:
        print(MIXED_NOTE, file=sys.stderr)
    if args.csv:
        if mixed:
            print("error: the official summary has one rule; give --rule 2025 or --rule 2026 for --csv", file=sys.stderr)
            return 2
        _write_lines(summary_csv(scored.rows))
        return 1 if damaged else 0
    _write_lines(line + "\n" for line in score_lines(scored, args.rule, select_text, args.boards))
    return 1 if damaged else 0


def _write_lines(lines, batch=10000):
    """Write lines on stdout a batch at a time: a list of a million boards is never held as text."""
    lines = iter(lines)
    while True:
        chunk = "".join(islice(lines, batch))
        if not chunk:
            return
        sys.stdout.write(chunk)
