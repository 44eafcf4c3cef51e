"""The official board generator port (solver.official.generator) against the official data and by hand."""

import argparse
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.official_data import (
    PACK_2026,
    SAMPLE_2025,
    SHARED,
    official_file,
    official_text,
    pack_2026_names,
    pack_2026_sha256,
    sha256_of,
)

from solver.commands import board as board_command
from solver.commands import gen as gen_command
from solver.grid.geometry import geometry
from solver.official import generator
from solver.official.board import MINE
from solver.official.generator import (
    OfficialLcg,
    board_from_name,
    generate_board,
    generate_pack,
    pack_board_shape,
    pack_text,
)
from solver.official.names import pack_name
from solver.official.packs import format_board, format_pack, read_pack
from solver.official.safezone import safe_cells
from solver.official.selects import read_select

MODES = ("auto", "corner", "center", "both", "none")


@pytest.fixture(scope="module")
def regenerated_2026_pack():
    """The official ADC2026 pack (10,000 boards, mode none) as the generator makes it."""
    return generate_pack(10000, "none", "dangerous", form=2026)


# ------------------------------------------------------------------ the generator

def _plain_steps(lcg, steps):
    for _ in range(steps):
        lcg.next()
    return lcg


def test_lcg_first_values_follow_the_formula():
    lcg = OfficialLcg()
    value = 20251229
    for iterate in range(1, 50):
        value = (20250101 * value + 20250413) % 20250809
        assert lcg.next() == value / 20250809
        assert (lcg.value, lcg.iterate) == (value, iterate)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 30000))
def test_seek_equals_stepping_a_fresh_generator(target):
    sought = OfficialLcg().seek(target)
    stepped = _plain_steps(OfficialLcg(), max(target - 1, 0))
    assert (sought.value, sought.iterate, sought.bp, sought.seeds) == (
        stepped.value,
        stepped.iterate,
        stepped.bp,
        stepped.seeds,
    )


def test_seek_rewinds_and_jumps_forward():
    lcg = OfficialLcg().seek(5000)
    lcg.seek(10)
    assert (lcg.value, lcg.iterate) == (_plain_steps(OfficialLcg(), 9).value, 9)
    lcg.seek(2000000)
    assert lcg.iterate == 1999999


def test_loop_avoidance_rule():
    # x -> (x + bp) mod 10 from 5: the first value repeats the seed at once
    lcg = OfficialLcg(a=1, b=0, m=10, seed=5)
    lcg.next()
    assert (lcg.value, lcg.bp, lcg.seeds) == (6, 1, [6, 5])
    values = [lcg.next() * 10 for _ in range(9)]
    # 7 8 9 0 1 2 3 4 then 5 hits the seed list: replaced by 6+1
    assert values == [7, 8, 9, 0, 1, 2, 3, 4, 7]
    assert (lcg.bp, lcg.seeds) == (2, [7, 6, 5])


def test_loop_avoidance_seek_steps_instead_of_jumping():
    lcg = OfficialLcg(a=1, b=0, m=10, seed=5).seek(11)
    assert (lcg.value, lcg.bp, lcg.iterate) == (7, 2, 10)


# ------------------------------------------------------------------ boards

def _check_digits(board):
    neighbours = geometry(board.width, board.height).neighbours
    for cell, digit in enumerate(board.cells):
        if digit != MINE:
            assert digit == sum(board.cells[n] == MINE for n in neighbours[cell])


def test_first_board_by_hand():
    board = generate_board(8, 14, 10, 1, "auto")
    assert board.name == "board_8x14_10_1_auto"
    assert (board.width, board.height, board.mines, board.form) == (8, 14, None, 2025)
    assert board.cells.count(MINE) == 10
    _check_digits(board)
    as_2026 = generate_board(8, 14, 10, 1, "auto", form=2026)
    assert (as_2026.mines, as_2026.form, as_2026.cells) == (10, 2026, board.cells)


def test_too_many_mines_are_capped_and_named_by_the_real_count():
    board = generate_board(4, 4, 16, 7, "both")
    assert board.name == "board_4x4_15_7_both"
    assert board.cells.count(MINE) == 15
    with pytest.raises(ValueError, match="board_4x4_15_7_both"):
        board_from_name("board_4x4_16_7_both")


@pytest.mark.parametrize(
    "args",
    [(1, 5, 1, 1, "auto"), (5, 1, 1, 1, "auto"), (0, 0, 0, 1, "auto"), (4, 4, -1, 1, "auto"),
     (4, 4, 3, 0, "auto"), (4, 4, 3, 1, "two words"), (101, 4, 3, 1, "auto")],
)
def test_impossible_boards_are_refused(args):
    with pytest.raises(ValueError):
        generate_board(*args)


@pytest.mark.parametrize(
    "name",
    ["board_8x14_10", "board_8x14_10_1_auto_extra", "board_08x14_10_1_auto", "board_8x14_10_0_auto",
     "board_8x14_10_1_xauto", "game_8x14_10_1_auto", "board_1x14_3_1_auto", "board_8xa_10_1_auto"],
)
def test_names_the_page_cannot_regenerate_are_refused(name):
    with pytest.raises(ValueError):
        board_from_name(name)


@settings(max_examples=250, deadline=None)
@given(
    st.integers(2, 20),
    st.integers(2, 20),
    st.data(),
    st.integers(1, 10 ** 7),
    st.sampled_from(MODES),
)
def test_generated_boards_keep_safe_cells_free_and_digits_right(width, height, data, seed, mode):
    mines = data.draw(st.integers(0, width * height - 1))
    board = generate_board(width, height, mines, seed, mode)
    assert board.cells.count(MINE) == mines
    assert all(board.cells[c] != MINE for c in safe_cells(width, height, mines, mode))
    _check_digits(board)
    assert board_from_name(board.name) == board


# ------------------------------------------------------------------ the official data

def test_the_official_2026_pack_is_reproduced_byte_for_byte(regenerated_2026_pack):
    text = pack_text(regenerated_2026_pack)
    # the page's download ends with a blank line; the published copy is CRLF and lost its final newlines
    assert text.endswith("\n\n") and text == format_pack(regenerated_2026_pack) + "\n"
    published = text.rstrip("\n").replace("\n", "\r\n").encode("utf-8")
    assert sha256_of(published) == pack_2026_sha256()


def test_every_official_2026_board_regenerates_from_its_name(regenerated_2026_pack):
    names = pack_2026_names()
    assert [board.name for board in regenerated_2026_pack] == names  # which board differs, if the checksum fails
    for board in regenerated_2026_pack:
        assert board_from_name(board.name, form=2026) == board, board.name


def test_the_vendored_data_is_the_shared_original():
    if not SHARED.is_dir():
        pytest.skip("the original data folder %s is absent (a fresh clone): nothing to compare" % SHARED)
    assert (SHARED / SAMPLE_2025).read_bytes() == official_file(SAMPLE_2025).read_bytes()
    published = (SHARED / PACK_2026).read_bytes()
    assert sha256_of(published) == pack_2026_sha256()
    boards, errors = read_pack(published.decode("utf-8"))
    assert errors == [] and [board.name for board in boards] == pack_2026_names()


def test_official_sample_select_list_names_regenerate():
    entries, errors = read_select(official_text(SAMPLE_2025))
    assert errors == []
    assert len(entries) == 10
    pack = {b.name: b for b in generate_pack(10, "auto", "low")}
    for entry in entries:
        board = board_from_name(entry.name)
        assert (board.width, board.height) == (entry.width, entry.height)
        assert pack[entry.name] == board  # the sample lists boards of board_pack_10_auto_low
        _check_digits(board)


def test_pack_shapes_follow_the_sine_waves():
    # step 0 is the bottom of every wave: 4x4 board, 16*ratio mines, at least 3
    assert pack_board_shape(0, "ultra") == (4, 4, 3)
    for step in range(1, 2000):
        width, height, mines = pack_board_shape(step, "serious")
        assert 4 <= width <= 20 and 4 <= height <= 20
        assert max(3, int(width * height * 0.15) - 1) <= mines <= max(3, (width + 1) * (height + 1) * 0.30)
    with pytest.raises(ValueError, match="difficulty"):
        pack_board_shape(1, "easy")


def test_pack_name():
    assert pack_name(10000, "none", "dangerous") == "board_pack_10000_none_dangerous"


# ------------------------------------------------------------------ command line

def _parser(adder):
    parser = argparse.ArgumentParser()
    adder(parser)
    return parser


def test_gen_command_prints_the_pack(capsys):
    args = _parser(gen_command.add_arguments).parse_args(["10", "auto", "low"])
    assert gen_command.run(args) == 0
    assert capsys.readouterr().out == pack_text(generate_pack(10, "auto", "low"))


@pytest.mark.parametrize("count", ["0", "1", "3"])
def test_gen_command_prints_small_packs_as_the_page_downloads_them(capsys, count):
    args = _parser(gen_command.add_arguments).parse_args([count, "both", "ultra", "--format", "2026"])
    assert gen_command.run(args) == 0
    assert capsys.readouterr().out == pack_text(generate_pack(int(count), "both", "ultra", form=2026))


class _Enough(Exception):
    """Raised by a stdout that has seen what the test needed."""


def test_gen_streams_a_huge_pack(monkeypatch):
    # a pack of a trillion boards: each board is written as soon as it is made, so the
    # first one reaches stdout after one board's work (the pack was built whole first)
    first = format_board(generate_pack(1, "auto", "low")[0])
    made = []
    real = generator._board_from_rand

    def counted(*args):
        made.append(1)
        if len(made) > 3:
            raise AssertionError("%d boards made and none written" % len(made))
        return real(*args)

    class Stdout:
        def write(self, text):
            if text.strip():
                raise _Enough(text)

    monkeypatch.setattr(generator, "_board_from_rand", counted)
    monkeypatch.setattr(sys, "stdout", Stdout())
    with pytest.raises(_Enough) as written:
        gen_command.run(_parser(gen_command.add_arguments).parse_args([str(10**12), "auto", "low"]))
    assert str(written.value) == first and len(made) == 1


def test_board_command_prints_one_board(capsys):
    args = _parser(board_command.add_arguments).parse_args(["board_8x14_10_1_auto", "--format", "2026"])
    assert board_command.run(args) == 0
    out = capsys.readouterr().out
    assert out == format_board(generate_board(8, 14, 10, 1, "auto", form=2026))
    assert out.startswith("8 14 10 board_8x14_10_1_auto\n")


@pytest.mark.parametrize(
    "adder, runner, argv",
    [
        (gen_command.add_arguments, gen_command.run, ["ten", "auto", "low"]),
        (gen_command.add_arguments, gen_command.run, ["-1", "auto", "low"]),
        (gen_command.add_arguments, gen_command.run, ["10", "auto", "easy"]),
        (gen_command.add_arguments, gen_command.run, ["10", "auto", "low", "--format", "2024"]),
        (gen_command.add_arguments, gen_command.run, ["9" * 5000, "auto", "low"]),
        (gen_command.add_arguments, gen_command.run, ["\u0663", "auto", "low"]),
        (board_command.add_arguments, board_command.run, ["board_8x14_10_1"]),
        (board_command.add_arguments, board_command.run, ["board_8x14_10_" + "9" * 5000 + "_auto"]),
        (board_command.add_arguments, board_command.run, ["board_" + "9" * 5000 + "x14_10_1_auto"]),
        (board_command.add_arguments, board_command.run, ["board_8x14_10_1_auto", "--format", "x"]),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, adder, runner, argv):
    assert runner(_parser(adder).parse_args(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "4300" not in captured.err and len(captured.err) < 200
