"""Tests for solver.official.board, solver.official.packs and solver.official.selects: reading packs and select lists as the
official pages do.

The official reader (msselect.js boardFile / cellListFile) drops blank lines, trims
each line and turns every inner run of whitespace into one space (removeEmptyItems);
a pack header is a line starting with two integers, a select-list header one starting
with two integers and a word.  Our reader must accept everything the official files
contain and report -- never raise on -- everything else.
"""

import re
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import reference_scorer as reference
from support.board_strategies import boards, digits_for, xy_of

from solver.grid.geometry import geometry
from solver.official import packindex
from solver.official.board import MINE, board_header, make_board
from solver.official.generator import generate_pack
from solver.official.lines import decode_text
from solver.official.names import name_fields
from solver.official.packindex import index_pack
from solver.official.packs import format_board, format_pack, read_pack
from solver.official.selects import format_select, header_is_read, js_index, js_number, name_reads_back, read_select

# Three small boards, one of each header form, used by the fixed-text tests.
BOARD_A = make_board(3, 2, "board_a", digits_for(3, 2, {0}))  # 9 1 0 / 1 1 0
BOARD_B = make_board(2, 2, "board_b", digits_for(2, 2, set()), mines=0, form=2026)
BOARD_C = make_board(4, 3, "board_c", digits_for(4, 3, {5, 11}), mines=2, form=2026)


def same_board(read, made):
    """Board equality apart from the source line number."""
    return read._replace(line=0) == made._replace(line=0)


def assert_valid_board(board):
    """The board read is one a real pack could hold: sizes, digits, mine count agree."""
    assert len(board.cells) == board.width * board.height
    neighbours = geometry(board.width, board.height).neighbours
    for cell, digit in enumerate(board.cells):
        if digit != MINE:
            assert digit == sum(board.cells[n] == MINE for n in neighbours[cell])
    if board.form == 2026:
        assert board.mines == board.cells.count(MINE)


def layout(text, ending="\n", blank_lines=True, trailing="", bom=False):
    """Re-lay an LF pack text: line ending, blank lines kept or dropped, trailing spaces, BOM."""
    lines = text.split("\n")
    if not blank_lines:
        lines = [line for line in lines if line.strip()]
    lines = [line + trailing if line else line for line in lines]
    return ("\ufeff" if bom else "") + ending.join(lines)


# ------------------------------------------------------------------- reading packs


def test_reads_both_header_forms_with_line_numbers():
    text = format_pack([BOARD_A, BOARD_B, BOARD_C])
    boards, errors = read_pack(text)
    assert errors == []
    assert [b.name for b in boards] == ["board_a", "board_b", "board_c"]
    assert [b.form for b in boards] == [2025, 2026, 2026]
    assert [b.mines for b in boards] == [None, 0, 2]
    assert boards[0].cells == (9, 1, 0, 1, 1, 0)
    # headers at lines 1, 1+2+1+1 = 5, 5+2+1+1 = 9 (a blank line between boards)
    assert [b.line for b in boards] == [1, 5, 9]
    assert text.splitlines()[4] == "2 2 0 board_b"


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
@pytest.mark.parametrize("blank_lines", [True, False])
@pytest.mark.parametrize("trailing", ["", "  ", " \t"])
@pytest.mark.parametrize("bom", [False, True])
def test_layout_variants_read_the_same_boards(ending, blank_lines, trailing, bom):
    text = layout(format_pack([BOARD_A, BOARD_B, BOARD_C]), ending, blank_lines, trailing, bom)
    boards, errors = read_pack(text)
    assert errors == []
    assert len(boards) == 3
    assert all(same_board(r, m) for r, m in zip(boards, (BOARD_A, BOARD_B, BOARD_C)))


def test_header_fields_separated_by_tabs_or_several_spaces():
    # removeEmptyItems collapses every whitespace run to one space before isHeader
    text = "3\t2   board_a\n910\n110\n2  2 \t0 board_b\n00\n00\n"
    boards, errors = read_pack(text)
    assert errors == []
    assert [b.name for b in boards] == ["board_a", "board_b"]


def test_non_ascii_digits_do_not_make_a_header():
    # JavaScript's \d is [0-9]: an Arabic-Indic three does not start a header
    boards, errors = read_pack("\u0663 1 board_x\n000\n")
    assert boards == []
    assert errors == ["line 1: data before any board header: '\u0663 1 board_x'; 1 more line skipped before the end"]


# One malformed board each: (label, text, name in the message, line numbers in it).
BAD_BOARDS = [
    ("too many digits", "3 2 bad_wide\n9100\n110\n", "bad_wide", ["line 1", "line 2"]),
    ("too few digits", "3 2 bad_narrow\n910\n11\n", "bad_narrow", ["line 1", "line 3"]),
    ("too few rows", "3 2 bad_short\n910\n", "bad_short", ["line 1"]),
    ("non-digit", "3 2 bad_char\n9x0\n110\n", "bad_char", ["line 1", "line 2"]),
    ("2026 mine count", "3 2 2 bad_count\n910\n110\n", "bad_count", ["line 1"]),
    ("no name", "3 2\n910\n110\n", "", ["line 1"]),
    ("name starts with a digit", "3 2 2025board\n910\n110\n", "2025board", ["line 1"]),
    ("zero width", "0 2 bad_zero\n\n\n", "bad_zero", ["line 1"]),
    ("too large", "101 1 bad_huge\n" + "0" * 101 + "\n", "bad_huge", ["line 1"]),
    ("digit disagrees with mines", "3 2 bad_digit\n910\n120\n", "bad_digit", ["line 1", "line 3"]),
    ("mine count and digits", "3 2 1 bad_both\n910\n111\n", "bad_both", ["line 1", "line 3"]),
]


@pytest.mark.parametrize("position", [0, 1, 3])
@pytest.mark.parametrize("label, bad, name, lines", BAD_BOARDS, ids=[b[0] for b in BAD_BOARDS])
def test_malformed_board_gives_one_error_and_the_rest_is_read(label, bad, name, lines, position):
    good = [format_board(b) for b in (BOARD_A, BOARD_B, BOARD_C)]
    before = "".join(good[:position])
    offset = before.count("\n")  # the bad board's header is line offset + 1
    text = before + bad + "".join(good[position:])
    boards, errors = read_pack(text)
    assert len(errors) == 1, errors
    error = errors[0]
    assert "\n" not in error
    assert error.startswith("board ")
    if name:
        assert "board %s " % name in error
    numbers = [int(n) for n in re.findall(r"line (\d+)", error)]
    assert numbers == [int(s.split()[1]) + offset for s in lines]
    assert [b.name for b in boards] == ["board_a", "board_b", "board_c"]
    assert all(same_board(r, m) for r, m in zip(boards, (BOARD_A, BOARD_B, BOARD_C)))


def test_data_before_the_first_header_is_reported_by_line():
    boards, errors = read_pack("hello\n\n" + format_board(BOARD_A))
    assert errors == ["line 1: data before any board header: 'hello'"]
    assert [b.name for b in boards] == ["board_a"]


# What follows a complete board without starting one: (label, lines after BOARD_A's
# two rows).  None of it may cost BOARD_A or the board after it.
AFTER_A_BOARD = [
    ("stray digit row", ["000"]),
    ("two stray rows and a blank", ["000", "", "110"]),
    ("negative width", ["-3 3 board_neg", "000", "000", "000"]),
    ("letter width", ["a 6 name", "000000"]),
    ("decimal width", ["8.0 6 name", "00000000"]),
    ("non-ASCII digit width", ["\u0663 1 board_x", "000"]),
]


@pytest.mark.parametrize("label, lines", AFTER_A_BOARD, ids=[a[0] for a in AFTER_A_BOARD])
@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_a_complete_board_is_kept_whatever_follows_it(label, lines, ending):
    text = (format_board(BOARD_A) + "\n".join(lines) + "\n" + format_board(BOARD_B)).replace("\n", ending)
    boards, errors = read_pack(text)
    assert [b.name for b in boards] == ["board_a", "board_b"]
    assert all(same_board(r, m) for r, m in zip(boards, (BOARD_A, BOARD_B)))
    more = sum(1 for line in lines[1:] if line)
    tail = "; %d more line%s skipped before the next header" % (more, "s"[: more != 1]) if more else ""
    assert errors == ["line 4: not part of board board_a (line 1), whose 2 rows end at line 3: %r%s" % (lines[0], tail)]


@pytest.mark.parametrize("header", ["3 9 board_tall", "3 2 7 board_more", "3 2 board_x extra fields", "3 2 1 board_y z z"])
def test_a_bad_or_odd_header_after_a_complete_board_costs_only_itself(header):
    text = format_board(BOARD_A) + header + "\n910\n110\n" + format_board(BOARD_C)
    boards, errors = read_pack(text)
    assert [b.name for b in boards][0] == "board_a" and [b.name for b in boards][-1] == "board_c"
    assert len(boards) + len(errors) == 3  # the odd header is read (extra fields ignored, as the page does) or refused
    assert all(e.startswith("board board_") and "(line 4): " in e for e in errors)


def test_rows_past_a_header_whose_size_does_not_read_go_with_its_error():
    text = format_board(BOARD_A) + "3 4x board_bad\n910\n110\n" + format_board(BOARD_B)
    boards, errors = read_pack(text)
    assert [b.name for b in boards] == ["board_a", "board_b"]
    assert errors == ["board board_bad (line 4): height '4x' is not a whole number"]


def test_name_fields_splits_like_board_property():
    assert name_fields("board_8x14_10_1_auto") == (8, 14, 10, 1, "auto")
    assert name_fields("board_8x14_10") is None
    assert name_fields("board_8x14_ten_1_auto") is None


@given(st.lists(boards(), max_size=5), st.booleans(), st.booleans(), st.booleans())
def test_pack_round_trip(made, crlf, blank_lines, bom):
    text = layout(format_pack(made), "\r\n" if crlf else "\n", blank_lines, "", bom)
    read, errors = read_pack(text)
    assert errors == []
    assert len(read) == len(made)
    for board, original in zip(read, made):
        assert same_board(board, original)
        assert text.replace("\r", "").lstrip("\ufeff").split("\n")[board.line - 1] == board_header(original)


# ------------------------------------------------------------------- select lists


def test_read_select_both_header_forms():
    text = "3 2 board_a\n0 0\n2 1\n2 2 0 board_b\n\n4 3 2 board_c\n3 2\n"
    entries, errors = read_select(text)
    assert errors == []
    assert [(e.width, e.height, e.mines, e.name, e.line) for e in entries] == [
        (3, 2, None, "board_a", 1),
        (2, 2, 0, "board_b", 4),
        (4, 3, 2, "board_c", 6),
    ]
    assert [e.clicks for e in entries] == [[(0, 0, 2), (2, 1, 3)], [], [(3, 2, 7)]]


def test_read_select_reports_bad_lines_by_number():
    text = "click\n3 2 board_a\n0\n1 a\n-1 0\n1.5 1\n1 1 #\n"
    entries, errors = read_select(text)
    assert [e.clicks for e in entries] == [[(1, 1, 7)]]  # extra fields are ignored, as cellList does
    assert [int(re.match(r"line (\d+):", e).group(1)) for e in errors] == [1, 3, 4, 5, 6]


def test_clicks_before_the_first_header_are_the_first_boards():
    # the page's popData gathers every line up to the second header for the first board
    entries, errors = read_select("0 0\n\n2 1\n3 2 board_a\n1 1\n3 2 board_b\n")
    assert errors == []
    assert [(e.name, e.clicks) for e in entries] == [("board_a", [(0, 0, 1), (2, 1, 3), (1, 1, 5)]), ("board_b", [])]
    entries, errors = read_select("0 0\n1 1\n")  # no header at all: the page finds no board
    assert entries == [] and errors == ["line 1: click before any board header: '0 0'", "line 2: click before any board header: '1 1'"]


@given(st.lists(st.tuples(boards(), st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)))), max_size=5))
def test_select_round_trip(plays):
    text = "".join(format_select(board_header(b), clicks) for b, clicks in plays)
    entries, errors = read_select(text)
    assert errors == []
    assert len(entries) == len(plays)
    for entry, (board, clicks) in zip(entries, plays):
        assert (entry.width, entry.height, entry.name) == (board.width, board.height, board.name)
        assert entry.mines == (board.cells.count(MINE) if board.form == 2026 else None)
        assert [(x, y) for x, y, _ in entry.clicks] == clicks


@given(boards())
def test_solver_output_of_a_board_reads_back(board):
    clicks = [xy_of(board, cell) for cell in range(len(board.cells))]
    entries, errors = read_select(format_select(board_header(board), clicks))
    assert errors == []
    assert [(x, y) for x, y, _ in entries[0].clicks] == clicks


# ------------------------------------------------------------------- never raise

VALID_LINES = [
    "3 2 board_a", "910", "110", "2 2 0 board_b", "00", "4 3 2 board_c", "0 0", "2 1", "",
    "  ", "3 3", "\ufeff", "0x3 +3", "-1 0",
]
line_endings = st.sampled_from(["\n", "\r\n", "\r"])
garbage = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12).filter(lambda s: "\n" not in s)
mixed_text = st.lists(st.tuples(st.one_of(st.sampled_from(VALID_LINES), garbage), line_endings), max_size=30).map(
    lambda pairs: "".join(line + end for line, end in pairs)
)


def has_content(text):
    """True when some line is not blank as the readers see it (a U+FEFF is a space to them)."""
    return any(line.split() for line in text.replace("\ufeff", " ").split("\n"))


@given(st.one_of(st.text(), mixed_text))
def test_read_pack_never_raises_and_reports(text):
    boards, errors = read_pack(text)
    assert all(isinstance(e, str) and "\n" not in e for e in errors)
    assert all(re.match(r"(board .* \(line \d+\)|line \d+): ", e) for e in errors)
    for board in boards:
        assert_valid_board(board)
    if has_content(text):
        assert boards or errors


def naive_headers(text):
    """(line number, fields) of every header, by normalising each line as the official
    removeEmptyItems does (its \\s takes U+FEFF for a space) and matching the official isHeader;
    but two numbers alone over blank lines (a click: the page skips it), and a header over those."""
    lines = [" ".join(raw.split()) for raw in text.replace("\ufeff", " ").split("\n")] + ["0 0 end"]
    found = [(n, line.split()) for n, line in enumerate(lines, 1) if re.match(r"^(\d+) +(\d+)", line, re.ASCII)]
    empty = [not any(lines[n : after - 1]) for (n, _), (after, _) in zip(found, found[1:])] + [False]
    click = [e and len(f) == 2 for e, (_, f) in zip(empty, found)] + [False]
    return [h for k, h in enumerate(found[:-1]) if not click[k] and not (empty[k] and click[k + 1])]


exotic_blanks = st.sampled_from([" ", "  ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u3000", "\xa0"])
header_like = st.tuples(exotic_blanks, st.sampled_from(["3", "12", "٣"]), exotic_blanks, st.sampled_from(["2", "4x", "x"]), exotic_blanks).map("".join)


@given(st.one_of(st.text(), mixed_text, st.lists(st.one_of(header_like, st.sampled_from(VALID_LINES))).map("\n".join)))
def test_index_finds_the_headers_a_line_by_line_reading_finds(text):
    # index_pack looks for headers in the raw text (fast for plainly written packs);
    # it must find exactly the lines whose normal form is an official header
    index = index_pack(text)
    found = [(index.lines.of(k), header.split()) for k, header in enumerate(index.headers)]
    assert found == naive_headers(text)


@contextmanager
def index_chunk(size):
    """packindex.INDEX_CHUNK set to `size` for the time of a with-block."""
    saved, packindex.INDEX_CHUNK = packindex.INDEX_CHUNK, size
    try:
        yield
    finally:
        packindex.INDEX_CHUNK = saved


@given(
    st.one_of(mixed_text, st.lists(boards(), max_size=6).map(format_pack), st.lists(boards(), max_size=6).map(lambda b: format_pack(b).replace("\n", "\r\n"))),
    st.integers(1, 40),
)
def test_an_index_made_chunk_by_chunk_is_the_index_of_one_pass(text, chunk):
    # a huge pack is indexed a chunk at a time so the clock can stop it: with all the
    # time it wants, the pieces must be exactly those of one pass over the whole text
    with index_chunk(chunk):
        chunked, whole = index_pack(text, more=lambda: True), index_pack(text)
    assert chunked._replace(lines=None) == whole._replace(lines=None)
    assert [chunked.lines.of(k) for k in range(len(whole.headers))] == [whole.lines.of(k) for k in range(len(whole.headers))]


def test_an_index_past_its_time_holds_whole_boards_in_order():
    made = format_pack([make_board(3, 2, "a", "910110"), make_board(2, 2, "b", "0000"), make_board(3, 2, "c", "011019")])
    with index_chunk(5):  # each chunk ends at the first header 5 characters on
        whole, cut = index_pack(made), index_pack(made, more=lambda: False)  # the deadline is past at once
    assert whole.complete and not cut.complete
    assert cut.headers == whole.headers[:1] and cut.rows == whole.rows[:1]


@given(st.one_of(st.text(), mixed_text))
def test_read_select_never_raises_and_reports(text):
    entries, errors = read_select(text)
    assert all(isinstance(e, str) and "\n" not in e and re.match(r"line \d+: ", e) for e in errors)
    for entry in entries:
        assert all(isinstance(x, int) and x >= 0 and isinstance(y, int) and y >= 0 for x, y, _ in entry.clicks)
    if has_content(text):
        assert entries or errors


def test_read_select_reads_a_header_number_too_long_for_int_as_javascript_does():
    # CPython 3.11+ refuses int() of over 4300 digits; the page's Number() makes it
    # Infinity and reads the header (the scorer then says the size is not the board's)
    entries, errors = read_select("9" * 5000 + " 3 board_a\n1 1\n3 2 board_b\n2 1\n")
    assert errors == []
    assert [(e.width, e.height, e.name, e.clicks) for e in entries] == [
        (float("inf"), 3, "board_a", [(1, 1, 2)]),
        (3, 2, "board_b", [(2, 1, 4)]),
    ]


@pytest.mark.parametrize("header", ["9" * 5000 + " 3 board_x", "3 " + "9" * 5000 + " board_x", "3 3 " + "9" * 5000 + " board_x"])
def test_read_pack_says_a_header_number_is_too_long_in_its_own_words(header):
    boards, errors = read_pack(header + "\n" + format_board(BOARD_A))
    assert len(errors) == 1 and errors[0].startswith("board board_x (line 1): ")
    assert "(5000 digits) is too large" in errors[0] and "4300" not in errors[0]
    assert [b.name for b in boards] == ["board_a"]


# ------------------------------------------------------------------- JavaScript numbers

# Number(token) as JavaScript computes it (ECMA-262 StringToNumber); None for NaN.
JS_NUMBERS = [
    ("3", 3.0), ("03", 3.0), ("+3", 3.0), ("-3", -3.0), ("3.5", 3.5), ("3.", 3.0), (".5", 0.5),
    ("1e3", 1000.0), ("1E+3", 1000.0), ("15e-1", 1.5), ("0x1f", 31.0), ("0X1F", 31.0),
    ("0b101", 5.0), ("0o17", 15.0), ("Infinity", float("inf")), ("-Infinity", float("-inf")),
    ("1e400", float("inf")),
    ("a", None), ("", None), ("0x", None), ("+0x3", None), ("-0x3", None), ("0b2", None),
    ("0o8", None), ("0x1g", None), ("00x3", None), ("1_000", None), ("infinity", None),
    ("inf", None), ("NaN", None), ("e3", None), ("3e", None), ("1.2.3", None), ("--3", None),
    ("\u0663", None), ("\uff13", None), ("3a", None), ("0x3.5", None),
]


@pytest.mark.parametrize("token, expected", JS_NUMBERS)
def test_js_number(token, expected):
    assert js_number(token) == expected


# The official check_loc_xy: /^[0-9]+$/.test(String(Number(token))).
JS_INDICES = [
    ("0", 0), ("3", 3), ("03", 3), ("+3", 3), ("0x3", 3), ("0b11", 3), ("0o3", 3), ("3.0", 3),
    ("3.", 3), ("30e-1", 3), ("-0", 0), ("1e-400", 0), ("1e20", 10**20),
    ("-1", None), ("3.5", None), ("a", None), (".5", None), ("1e-7", None), ("1e21", None),
    ("999999999999999999999", None), ("Infinity", None), ("-0x3", None), ("\u0663", None),
]


@pytest.mark.parametrize("token, expected", JS_INDICES)
def test_js_index(token, expected):
    assert js_index(token) == expected


@given(st.integers(0, 10**15), st.integers(0, 3))
def test_js_index_accepts_every_spelling_of_a_small_integer(n, zeros):
    for token in ("0" * zeros + str(n), "+%d" % n, hex(n), oct(n), bin(n), "%d.0" % n, "%de0" % n):
        assert js_index(token) == n, token


@given(st.integers(1, 10**15))
def test_js_index_refuses_negatives_and_fractions(n):
    assert js_index("-%d" % n) is None
    assert js_index("%d.5" % n) is None


# ------------------------------------------------------------------- names the select list must read back


# A name the official select-list reader (/^(\d+)[ ]+(\d+)[ ]+(\w+)/, ASCII \w) would not
# take for a header under an ADC2025 header: the page reads the line as a click.
UNREADABLE_NAMES = ["+plus", "(x)", ".dot", "-dash", "\u00e9t\u00e9", "\u30dc\u30fc\u30c9", "#1", "'quoted'"]


@pytest.mark.parametrize("name", UNREADABLE_NAMES)
def test_a_name_the_select_list_reader_takes_for_a_click_is_refused(name):
    bad = "3 2 %s\n910\n110\n" % name
    text = format_board(BOARD_A) + bad + format_board(BOARD_B)
    boards, errors = read_pack(text)
    assert [b.name for b in boards] == ["board_a", "board_b"]
    assert errors == [
        "board %s (line 4): board name %r does not start with an ASCII letter or '_': the official page "
        "would read its select-list header as a click and reject the file" % (name, name)
    ]


@pytest.mark.parametrize("name", UNREADABLE_NAMES)
def test_under_a_2026_header_any_name_reads_back(name):
    # the mine count is the word the 2026 page's header rule needs; the name is the fourth item
    boards, errors = read_pack("3 2 1 %s\n910\n110\n" % name)
    assert errors == [] and [b.name for b in boards] == [name]


@pytest.mark.parametrize("odd", ["\x1c", "\x1f", "\x85"])
def test_a_header_split_otherwise_by_the_page_is_refused(odd):
    # Python's split() and JavaScript's \s disagree on these: the page would read another name
    boards, errors = read_pack(format_board(BOARD_A) + "3 2 board%sx\n910\n110\n" % odd)
    assert [b.name for b in boards] == ["board_a"]
    assert len(errors) == 1 and errors[0].startswith("board board") and "(line 4): header holds %r" % odd in errors[0]


def test_decode_text_replaces_bad_bytes_and_reads_every_line_end():
    assert decode_text(b"3 2 a\r\n910\r\n") == "3 2 a\r\n910\r\n"  # CRLF alone is left to the readers
    assert decode_text(b"3 2 a\r910\r\n1\xff0\n") == "3 2 a\n910\n1\ufffd0\n"
    assert decode_text("x\ry") == "x\ny"


header_tails = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n"), min_size=1, max_size=14)


@given(st.one_of(header_tails, st.tuples(st.sampled_from(["", "1 ", "01 ", "2 "]), header_tails).map("".join)))
@settings(max_examples=1000)
def test_every_header_the_writer_emits_is_read_back_by_the_official_rules(tail):
    # a board whose header the reader accepts is written back in its own form; the page
    # (a port sharing no code with solver/) must read that line as a header of the same
    # size and name, and must give the board that name when it loads the pack itself
    text = "3 2 %s\n910\n110\n" % tail
    boards, errors = read_pack(text)
    for board in boards:
        page = board.form
        written = format_select(board_header(board), [(2, 1)])
        assert reference.read_select_list(written, page) == [(board.name, [3, 2], [(2, 1)], board_header(board))]
        assert board.name in reference.load_pack(text, page)


@given(st.text(min_size=1, max_size=8).filter(lambda text: text.split() == [text]))
def test_the_pack_readers_name_rule_is_the_select_list_header_rule(name):
    # a name is a header field: no space inside
    assert name_reads_back(name) == header_is_read("3 2 " + name)


@given(st.one_of(
    mixed_text,
    st.lists(boards(), max_size=6).map(format_pack),
    st.lists(boards(), max_size=6).map(lambda b: format_pack(b).replace("\n", "\r\n")),
    st.lists(boards(), max_size=6).map(lambda b: format_pack(b).replace("\n", "\r\n") + "\r\n\r\n"),
))
def test_the_plain_path_indexes_as_the_general_one(text):
    # a text the plain test admits (official downloads, CRLF and blank lines included) is
    # split by the fast plain pattern; it must give what the general pattern gives
    fast = index_pack(text)
    saved, packindex._plain = packindex._plain, lambda text: False
    try:
        general = index_pack(text)
    finally:
        packindex._plain = saved
    assert fast._replace(lines=None) == general._replace(lines=None)
    assert [fast.lines.of(k) for k in range(len(fast.headers))] == [general.lines.of(k) for k in range(len(general.headers))]


def test_the_official_crlf_download_is_plain():
    official = format_pack(generate_pack(5, "none", "low", 2026)).replace("\n", "\r\n")
    assert packindex._plain(official)

