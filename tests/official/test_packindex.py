"""Text that belongs to no board costs bounded time and memory (issue 38): a long stretch
before, between or after the boards is counted, not copied; the boards after it are
found; its one message names its first line and counts the rest; an index cut short
inside such a stretch goes on where it stopped; a select list pasted after a pack is a
stray line under each of its headers, not a board per click."""

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.official import packindex, strays
from solver.official.generator import generate_pack
from solver.official.packindex import BLANKS, index_pack
from solver.official.packs import board_at, format_pack, read_board, read_pack
from solver.official.strays import stray_messages

BOARDS = generate_pack(12, "both", "middle")


def small_bounds(monkeypatch, kept=600, window=40, chunk=50):
    """Bounds small enough that a few thousand characters of junk pass them (a board's
    rows, at most 20 x 21 characters here, still fit in what is kept)."""
    monkeypatch.setattr(packindex, "ROWS_KEPT", kept)
    monkeypatch.setattr(strays, "ROWS_KEPT", kept)
    monkeypatch.setattr(packindex, "SEARCH_WINDOW", window)
    monkeypatch.setattr(packindex, "INDEX_CHUNK", chunk)


def junk_lines(count, line="0000000000"):
    return "".join("%s\n" % line for _ in range(count))


def naive_messages(text):
    """The stray messages read_pack gives with the real bounds (no tail: the text is short)."""
    return read_pack(text)[1]


@pytest.mark.parametrize("where", ["before", "between", "after"])
def test_a_long_stretch_of_stray_lines_is_counted_and_the_boards_around_it_read(monkeypatch, where):
    boards = format_pack(BOARDS[:6]), format_pack(BOARDS[6:])
    junk = junk_lines(1000)
    text = {"before": junk + boards[0] + "\n" + boards[1], "between": boards[0] + junk + "\n" + boards[1],
            "after": boards[0] + "\n" + boards[1] + junk}[where]
    expected_boards, expected_errors = read_pack(text)  # the real bounds: nothing cut
    small_bounds(monkeypatch)
    index = index_pack(text)
    assert max(len(rows) for rows in index.rows) <= 600 + strays.LINE_SHOWN and (index.tails or where == "before")
    boards, errors = read_pack(text)
    assert [b.name for b in boards] == [b.name for b in BOARDS] == [b.name for b in expected_boards]
    assert errors == expected_errors and len(errors) == 1
    first_junk = text.split("\n").index("0000000000") + 1
    assert re.match(r"line %d: .*'0000000000'; 999 more lines skipped" % first_junk, errors[0]), errors[0]


def test_blank_lines_inside_a_long_stretch_are_counted_with_it(monkeypatch):
    # past the characters kept, lines are counted blank ones included (documented)
    text = format_pack(BOARDS[:2]) + junk_lines(400) + "\n\n" + junk_lines(400) + "\n" + format_pack(BOARDS[2:4])
    small_bounds(monkeypatch)
    boards, errors = read_pack(text)
    assert [b.name for b in boards] == [b.name for b in BOARDS[:4]]
    assert len(errors) == 1 and re.search(r"; (\d+) more lines skipped", errors[0])
    more = int(re.search(r"; (\d+) more lines skipped", errors[0]).group(1))
    assert 799 <= more <= 801


@settings(max_examples=60)
@given(stops=st.lists(st.booleans(), min_size=1, max_size=40), where=st.sampled_from(["before", "between"]),
       junk=st.integers(50, 2000), tabs=st.booleans())
def test_an_index_stopped_inside_a_stretch_goes_on_where_it_stopped(stops, where, junk, tabs):
    # rounds stopped at any window, even inside the stretch: together they find every
    # board at its line, and the stray lines are counted once in all
    from _pytest.monkeypatch import MonkeyPatch

    head, rest = format_pack(BOARDS[:3]), format_pack(BOARDS[3:])
    text = (junk_lines(junk) + head + "\n" + rest) if where == "before" else (head + junk_lines(junk) + "\n" + rest)
    if tabs:  # a layout the plain pattern does not read: the general path
        text = text.replace(" ", "\t")
    whole = index_pack(text)
    answers = iter(stops + [True] * 10000)
    with MonkeyPatch.context() as patch:
        small_bounds(patch)
        pieces = [index_pack(text, lambda: next(answers))]
        while not pieces[-1].complete:
            pieces.append(index_pack(text, lambda: next(answers), after=pieces[-1]))
    found = [(piece.lines.of(k), piece.headers[k]) for piece in pieces for k in range(len(piece.headers))]
    assert found == [(whole.lines.of(k), header) for k, header in enumerate(whole.headers)]
    read = [board_at(piece, k)[0] for piece in pieces for k in range(len(piece.headers))]
    assert [b.name for b in read] == [b.name for b in BOARDS]
    counted = sum(1 + int((re.search(r"; (\d+) more line", m) or [0, 0])[1])
                  for piece in pieces for m in stray_messages(piece))
    counted += sum(1 + int((re.search(r"; (\d+) more line", e) or [0, 0])[1])
                   for piece in pieces for k in range(len(piece.headers)) for e in read_board(piece, k)[1:] if e)
    assert counted == junk


def test_a_select_list_pasted_after_its_pack_is_one_stretch_of_stray_lines():
    # the official reader skips a header with nothing under it, and to it a click 'x y'
    # is a header: the whole list starts no board
    boards = BOARDS[:4]
    clicks = "".join("%d %d %d %s\n0 0\n1 0\n2 3\n" % (b.width, b.height, b.mines or 0, b.name) for b in boards)
    text = format_pack(boards) + "\n" + clicks
    index = index_pack(text)
    assert len(index.headers) == 4 and index.clicks == 16  # four headers and their twelve clicks skipped
    boards_read, errors = read_pack(text)
    assert [b.name for b in boards_read] == [b.name for b in boards]
    last_row = format_pack(boards).count("\n")  # (a blank line, then the list)
    assert errors == ["line %d: not part of board %s (line %d), whose %d rows end at line %d: %r; 15 more lines "
                      "skipped before the end" % (last_row + 2, boards[3].name, last_row - boards[3].height,
                                                  boards[3].height, last_row, clicks.split("\n")[0])]


def test_the_blank_class_is_what_split_removes_but_the_line_break_and_a_byte_order_mark():
    blank = re.compile("[%s]" % BLANKS)
    wanted = {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace() and c != 10} | {"\ufeff"}
    assert {chr(c) for c in range(sys.maxunicode + 1) if blank.match(chr(c))} == wanted


def test_a_line_of_millions_of_digits_is_read_once():
    # the search for the next header takes a run of digits whole: this text was 0.6 s
    # of backtracking with the run given back one digit at a time
    long_line = "0" * (1 << 21)
    text = (long_line + "\n") * 3 + format_pack(BOARDS[:2])
    index = index_pack(text, more=lambda: True)
    assert len(index.headers) == 2 and index.lines.of(0) == 4
    assert stray_messages(index)[0].startswith("line 1: data before any board header: '%s'" % ("0" * 40))


@settings(max_examples=60)
@given(blank=st.integers(0, 1500), between=st.integers(0, 1500), tabs=st.booleans())
def test_an_index_in_chunks_names_the_first_stray_line_as_one_pass_does(blank, between, tabs):
    # the text before the first header outgrows what a chunk keeps: what is cut from the
    # kept part comes before what the chunk left uncounted, and the line named is the
    # first (the count of the lines after it may differ: past what is kept, blank lines
    # are counted too)
    from _pytest.monkeypatch import MonkeyPatch

    text = "\n" * blank + "stray A\n" + "\n" * between + "stray B\n" + format_pack(BOARDS[:2])
    if tabs:  # a layout the plain pattern does not read: the general path
        text = text.replace(" ", "\t")
    with MonkeyPatch.context() as patch:
        small_bounds(patch)
        whole, chunked = index_pack(text), index_pack(text, more=lambda: True)
    named = [message.split(";")[0] for message in stray_messages(whole) + stray_messages(chunked)]
    assert named == ["line %d: data before any board header: 'stray A'" % (blank + 1)] * 2
