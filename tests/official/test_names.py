"""Tests for solver.official.names: board and pack names, read and written in one place."""

from hypothesis import given
from hypothesis import strategies as st

from solver.official.names import NameFields, board_name, name_fields, pack_name, printable, seed_of, with_seed

sizes = st.integers(1, 99)
counts = st.integers(0, 10**9)
modes = st.sampled_from(["both", "none", "auto", "corner", "center"])


@given(sizes, sizes, counts, counts, modes)
def test_a_name_written_reads_back(width, height, mines, seed, mode):
    name = board_name(width, height, mines, seed, mode)
    assert name_fields(name) == NameFields(width, height, mines, seed, mode)
    assert seed_of(name) == seed


@given(sizes, sizes, counts, counts, modes, counts)
def test_another_seed_changes_the_seed_alone(width, height, mines, seed, mode, other):
    moved = with_seed(board_name(width, height, mines, seed, mode), other)
    assert moved == board_name(width, height, mines, other, mode)


@given(st.text(max_size=30))
def test_a_name_that_is_not_official_has_no_seed_and_keeps_its_text(name):
    if not name.startswith("board_"):
        assert seed_of(name) is None
        assert with_seed(name, 7) == name


def test_the_official_spellings():
    assert board_name(8, 14, 10, 1, "auto") == "board_8x14_10_1_auto"
    assert pack_name(10000, "none", "dangerous") == "board_pack_10000_none_dangerous"
    assert name_fields("board_8x14_10_1") is None  # no mode: not a board name


@given(st.text())
def test_printable_text_drives_no_terminal(text):
    shown = printable(text)
    assert shown.isprintable()
    assert (shown == text) == text.isprintable()


def test_printable_escapes_what_a_terminal_would_act_on():
    assert printable("bad\x1b[31mred\x00\u2028é") == "bad\\x1b[31mred\\x00\\u2028é"
