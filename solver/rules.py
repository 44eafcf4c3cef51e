"""Scoring a select list as the official pages do (ADC2025 and ADC2026 rules).

ADC2025 (adc2025/msprog/msselect.js): each opened safe cell adds its digit once, a
mine click adds -20 and play goes on, a click on an opened cell does nothing, the
board closes as soon as no safe cell is left (later clicks are ignored), and at the
end every unopened safe cell subtracts its digit.  A negative board counts 0 in the
total.  ADC2026: opened_safe/total_safe - opened_mines/total_mines, clamped to
[-1, 1] and truncated to four decimals; every click counts, negatives are kept.

This module knows nothing of the solver: it replays clicks through the judge.
"""

import sys
from fractions import Fraction

from .formats import MINE, read_pack, read_select
from .judge import Judge

MINE_PENALTY = 20


def score_2025(board, clicks):
    """ADC2025 score of one board for a list of (x, y) clicks (raw: may be negative)."""
    judge = Judge(board)
    width, size = board.width, len(board.cells)
    total = 0
    for x, y in clicks:
        index = width * y + x
        if 0 <= index < size:  # the official accessCell skips an index outside the board
            for _, digit in judge.reveal(index):
                total += -MINE_PENALTY if digit == MINE else digit
        if judge.safe_left == 0:
            break  # the official page closes the board: later clicks are ignored
    cells = board.cells
    for cell in range(size):
        if not judge.opened >> cell & 1 and cells[cell] != MINE:
            total -= cells[cell]
    return total


def score_2026(board, clicks):
    """ADC2026 score of one board as an exact Fraction, truncated to four decimals."""
    judge = Judge(board)
    width, size = board.width, len(board.cells)
    for x, y in clicks:
        index = width * y + x
        if 0 <= index < size:
            judge.reveal(index)
    mines = board.cells.count(MINE)
    safe_total = size - mines
    safe_part = Fraction(safe_total - judge.safe_left, safe_total) if safe_total else 0
    mine_part = Fraction(judge.hits, mines) if mines else 0
    score = Fraction(max(-1, min(1, safe_part - mine_part)))
    # truncate toward zero at the fifth decimal, exactly (no float rounding)
    ten_thousandths = int(score * 10000)
    return Fraction(ten_thousandths, 10000)


def oracle_2025(board):
    """The best ADC2025 score: every safe digit, no mine."""
    return sum(d for d in board.cells if d != MINE)


def board_score(rule, board, clicks):
    """Score under `rule` (2025 or 2026) as the summary counts it."""
    if rule == 2026:
        return score_2026(board, clicks)
    return max(0, score_2025(board, clicks))


def format_score(rule, value):
    """A score as printed: an int for 2025, four decimals for 2026."""
    if rule == 2026:
        return "%.4f" % value
    return str(value)


# ---------------------------------------------------------------- command line


def add_arguments(parser):
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
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


def _lookup(name, boards, form):
    """The board a select list names: from the pack, else regenerated from its name."""
    board = boards.get(name)
    if board is not None:
        return board
    from .generator import board_from_name  # only the scorer regenerates boards

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
    rows, total, errors, rule = score_select(
        _read(args.select), _read(args.pack) if args.pack else None, args.rule, args.lenient
    )
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
