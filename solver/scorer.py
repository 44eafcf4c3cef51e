"""The `score` command: a select list scored as the official page scores it.

Boards come from ``--pack`` or, as on the official page, are regenerated from their
names.  Any bad line or out-of-range click makes the official page reject the whole
file; ``--lenient`` skips them instead.  The scoring itself is `rules`.
"""

import sys

from .lines import read_text
from .packs import read_pack
from .selects import read_select
from .generator import board_from_name
from .rules import format_score, score_2025, score_2026


def add_arguments(parser):
    """The `score` command's arguments."""
    parser.description = (
        "Reads a select list (the solver's output) and prints one line per board, "
        "'NAME SCORE', then 'total VALUE'.  Boards missing from --pack (or all, "
        "without it) are regenerated from their names, as the official page does."
    )
    parser.add_argument("select", help="select list file, or - for stdin")
    parser.add_argument("--pack", help="board pack the select list was played on")
    parser.add_argument("--rule", type=int, choices=(2025, 2026), help="default: from the select list's header form")
    parser.add_argument("--csv", action="store_true", help="print the official score_summary.csv columns instead")
    parser.add_argument("--lenient", action="store_true", help="skip bad lines and out-of-range clicks instead of rejecting the file")


def _read(path):
    """The text of a file, or of stdin for '-': bytes decoded by lines.read_text."""
    return read_text(sys.stdin if path == "-" else path)


def _lookup(name, boards, form):
    """The board a select list names: from the pack, else regenerated from its name."""
    board = boards.get(name)
    if board is not None:
        return board
    return board_from_name(name, form)


def score_select(text, pack_text=None, rule=None, lenient=False):
    """Score a select list.  Returns (rows, total, errors, rule); rows are (name, score, counted).

    Without `lenient`, any error rejects the whole file (rows empty), as the official
    page does; with it, bad lines and out-of-range clicks are skipped.
    """
    entries, errors = read_select(text)
    boards = {}
    if pack_text is not None:
        pack, pack_errors = read_pack(pack_text)
        errors.extend("pack: " + e for e in pack_errors)
        for board in pack:
            boards.setdefault(board.name, board)
    if rule is None:
        rule = 2026 if entries and entries[0].mines is not None else 2025
    plays = []
    for entry in entries:
        clicks = []
        for x, y, line in entry.clicks:
            if x < entry.width and y < entry.height:
                clicks.append((x, y))
            else:
                errors.append("line %d: (%d, %d) is out of range for %s (%dx%d)" % (line, x, y, entry.name, entry.width, entry.height))
        try:
            board = _lookup(entry.name, boards, 2026 if entry.mines is not None else 2025)
        except ValueError as exc:
            errors.append("line %d: cannot find or regenerate board %s: %s" % (entry.line, entry.name, exc))
            continue
        plays.append((board, clicks))
    if errors and not lenient:
        return [], 0, errors, rule
    rows, total = [], 0
    for board, clicks in plays:
        if rule == 2026:
            score = counted = score_2026(board, clicks)
        else:
            score = score_2025(board, clicks)
            counted = max(0, score)
        total += counted
        rows.append((board.name, score, counted))
    return rows, total, errors, rule


def run(args):
    """Score the select list named on the command line; exit status 1 when it is rejected."""
    try:
        select_text = _read(args.select)
        pack_text = _read(args.pack) if args.pack else None
    except OSError as exc:
        print("error: cannot read %s: %s" % (exc.filename, exc.strerror), file=sys.stderr)
        return 1
    rows, total, errors, rule = score_select(select_text, pack_text, args.rule, args.lenient)
    for error in errors:
        print("error: " + error, file=sys.stderr)
    if errors and not args.lenient:
        print("error: the official page rejects the whole file (use --lenient to skip)", file=sys.stderr)
        return 1
    out = sys.stdout
    if args.csv:
        # the official summary strips spaces and '(...)' from every cell
        out.write("trial,boardname,score,total\n")
        running = 0
        for trial, (name, _, counted) in enumerate(rows, 1):
            running += counted
            out.write("%d,%s,%s,%s\n" % (trial, name, format_score(rule, counted), format_score(rule, running)))
        return 0
    for name, score, counted in rows:
        note = "" if score == counted else " (counts 0)"
        out.write("%s %s%s\n" % (name, format_score(rule, score), note))
    out.write("total %s\n" % format_score(rule, total))
    return 0
