"""Select lists read one line at a time: the memory `score` holds is the text, a few
bytes a board and the first messages of a kind.

A list of one header and ten million clicks (40 MB) took 1.95 GB (issue 38): every
line, every click and every message was held.  These tests check the bound with counts
and traced allocations, never the clock.
"""

import tracemalloc

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.official import selects
from solver.official.scorer import Messages, Rows, score_text
from solver.official.selects import header_is_read, iter_select

HEADER = "8 8 board_8x8_10_1_both\n"


def peak_of(call):
    """(result, the peak of the memory allocated while `call()` ran, in bytes)."""
    tracemalloc.start()
    try:
        result = call()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_list_of_many_clicks_is_scored_in_memory_that_does_not_grow_with_them():
    text = HEADER + "0 0\n1 0\n" * 100000  # 200,000 clicks, 800 KB
    scored, peak = peak_of(lambda: score_text(text, plays=False))
    assert [row[:2] for row in scored.rows] == [("board_8x8_10_1_both", -16)] and not scored.errors
    # held before: 200,000 lines as strings and as (x, y, line) clicks, some 30 MB
    assert peak < 1 << 18, peak  # measured: 20 KB (34 MB before)


def test_messages_past_the_first_thousand_are_counted_not_kept():
    scored = score_text(HEADER + "a b\n" * (Messages.KEPT + 500), plays=False)
    assert len(scored.errors) == Messages.KEPT and scored.errors.unshown == 500
    assert scored.rows == []  # the page rejects the whole file


def test_a_board_costs_its_row_bytes_and_is_read_back_by_name():
    rows = Rows("3 1 board_a\n0 0\n3 1 2 board_b\n")
    rows.add(0, 5, 2025)
    rows.add(16, -30, 2026)
    assert sum(array.itemsize for array in (rows._starts, rows._points, rows._rules)) == Rows.ROW_BYTES == 18
    assert [(name, rule) for name, _, _, rule in rows] == [("board_a", 2025), ("board_b", 2026)]
    assert [(score, counted) for _, score, counted, _ in rows][0] == (5, 5)


def test_clicks_before_the_first_header_stream_after_it():
    events = [(kind, value if kind != "header" else value.name) for kind, value, _ in iter_select("0 0\n3 1 board_a\n1 0\n")]
    assert events == [("header", "board_a"), ("click", (0, 0, 1)), ("click", (1, 0, 3))]


@settings(max_examples=500)
@given(st.text(alphabet=st.sampled_from("09 \t\r\n\x0b\x1c\x85\u00a0\ufeffaZ_-é"), max_size=40))
def test_the_first_header_is_found_as_line_by_line(text):
    # iter_select searches for the first header on the whole text at once (a list of
    # ten million bad lines was read twice, line by line)
    spaced = text.replace("\ufeff", " ")
    lines = spaced.split("\n")
    by_lines = next((n for n, raw in enumerate(lines, 1) if header_is_read(" ".join(raw.split()))), None)
    first = selects._first_header(spaced)
    assert (first and first[0]) == by_lines
    if first is not None:
        assert spaced.count("\n", 0, first[1]) + 1 == first[0] and (first[1] == 0 or spaced[first[1] - 1] == "\n")
