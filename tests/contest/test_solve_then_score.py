"""Whatever pack text `solve` is given, `score --pack` accepts the select list it prints.

Packs are drawn hostile: good boards of both header forms mixed with boards the reader
refuses (rows missing, a digit too many, a wrong digit or mine count, a header without
a name or with a size no reader takes, a name the select-list reader would misread, a
header holding a character Python and the page split differently), stray lines, byte-
order marks at the start of any line and between fields, odd spaces (tab, no-break,
ideographic, line separator) between header fields and after rows, CRLF or LF.  The
select list `solve` prints must be accepted by `score` with the pack (the pack's bad
boards are warnings: the official page never sees the pack), and each official page,
as ported in tests/support/reference_scorer.py (no solver code), must score its own header
form's boards to the totals `score` and `solve` give.
"""

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from support import reference_scorer as reference
from support.board_strategies import boards

from solver.contest.batch import solve_text
from solver.official.board import MINE, board_header
from solver.official.packs import format_pack
from solver.official.rules import RULES
from solver.official.scorer import score_text

# names valid under both header forms, few so that names repeat
NAMES = st.sampled_from(["board_p", "board_q", "b_r", "x", "board_8x14_10_1_auto_like"])
BLANKS = [" ", "  ", "\t", "\xa0", "\u3000", "\u2028", "\ufeff", " \ufeff "]  # what both readers take for a space
LINE_STARTS = ["", "", "", " ", "\t", "\ufeff", "\ufeff\ufeff", "\xa0"]
ROW_ENDS = ["", "", "", " ", "\t", "\ufeff", "\u3000"]
GARBAGE = st.sampled_from(["hello", "abc def", "#", "x y z", "--", "?!"])
DEFECTS = ["rows_cut", "extra_digit", "bad_digit", "wrong_mines", "no_name", "zero_width", "oversized",
           "odd_space", "name_misread", "digit_name"]


def spaced(draw, fields):
    """Header fields joined by drawn blanks, with a drawn start."""
    text = draw(st.sampled_from(LINE_STARTS)) + fields[0]
    for field in fields[1:]:
        text += draw(st.sampled_from(BLANKS)) + field
    return text


def rows_of(board):
    digits = board.digits
    return [digits[i : i + board.width] for i in range(0, len(digits), board.width)]


def broken(draw, board):
    """The lines of a board the reader refuses (one drawn defect)."""
    fields = board_header(board).split(" ")
    rows = rows_of(board)
    defect = draw(st.sampled_from(DEFECTS))
    safe = [cell for cell, digit in enumerate(board.cells) if digit != MINE]
    if defect == "bad_digit" and safe:  # a safe cell's digit moved: it no longer counts its neighbours
        cells = list(board.cells)
        cell = draw(st.sampled_from(safe))
        cells[cell] = (cells[cell] + 1) % 9
        digits = "".join(map(str, cells))
        rows = [digits[i : i + board.width] for i in range(0, len(digits), board.width)]
    elif defect in ("rows_cut", "bad_digit"):
        rows.pop()
    elif defect == "extra_digit":
        rows[0] += "0"
    elif defect == "wrong_mines":
        fields = [fields[0], fields[1], str(board.digits.count("9") + 1), board.name]
    elif defect == "no_name":
        fields = fields[:2]
    elif defect == "zero_width":
        fields[0] = "0"
    elif defect == "oversized":
        fields = ["101", "1"] + fields[2:]
        rows = ["0" * 101]
    elif defect == "odd_space":
        fields[-1] = draw(st.sampled_from(["\x85", "\x1c", "\x1f"])) + fields[-1]
        return [fields[0] + " " + fields[1] + " " + "".join(fields[2:])] + rows
    elif defect == "name_misread":
        fields = fields[:2] + ["+" + board.name]  # a 2025 header the select-list reader takes for a click
    elif defect == "digit_name":
        fields[-1] = "9" + fields[-1]
    return [spaced(draw, fields)] + rows


@st.composite
def hostile_packs(draw):
    """(pack text, the good boards in pack order)."""
    good, lines = [], []
    if draw(st.integers(0, 4)) == 0:
        lines.append(draw(GARBAGE))  # a stray first line
    for _ in range(draw(st.integers(1, 6))):
        board = draw(boards(max_side=6, names=NAMES))
        if draw(st.integers(0, 2)) == 0:
            block = broken(draw, board)
        else:
            block = [spaced(draw, board_header(board).split(" "))]
            block += [row + draw(st.sampled_from(ROW_ENDS)) for row in rows_of(board)]
            good.append(board)
        if lines and draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "", " ", "\ufeff"])))  # a blank line, as the page sees it
        lines.extend(block)
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(GARBAGE))  # a stray line after a board
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = newline.join(lines) + draw(st.sampled_from([newline, ""]))
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text, good


def parts_by_form(select_text):
    """{form: the select list's lines under headers of that form}: each page reads only its own."""
    parts, form = {}, None
    for line in select_text.splitlines():
        if reference.SELECT_HEADER.match(line):
            form = 2026 if len(line.split(" ")) == 4 else 2025
        parts[form] = parts.get(form, "") + line + "\n"
    return parts


@given(hostile_packs())
@settings(max_examples=300)
def test_every_select_list_solve_prints_is_one_score_accepts_and_the_page_totals(pack):
    text, good = pack
    out = io.StringIO()
    played, solve_totals = solve_text(text, out=out, err=io.StringIO())
    select = out.getvalue()
    first = []
    for board in good:
        if board.name not in [b.name for b in first]:
            first.append(board)
    assert played == len(first), "every good board is played once, whatever surrounds it"

    scored = score_text(select, text)
    assert scored.errors == [], scored.errors
    assert all(w.startswith("pack: ") for w in scored.warnings), scored.warnings
    assert scored.totals == {year: RULES[year].value(total) for year, total in solve_totals.items()}
    for form, part in parts_by_form(select).items():
        loaded = reference.load_pack(format_pack([b for b in first if b.form == form]), form)
        rows, total = reference.score_select_list(part, loaded, form)
        assert [name for name, _, _ in rows] == [b.name for b in first if b.form == form]
        assert total == scored.totals[form]
