"""Tests for solver.grid.planes: whole-board digit arithmetic against a cell-by-cell count."""

from hypothesis import given
from hypothesis import strategies as st
from support.board_strategies import boards

from solver.grid.geometry import geometry
from solver.grid.planes import differ, digit_planes, digit_total, mines_of, miscounted, neighbour_counts


def number_at(planes, cell):
    return sum((planes[k] >> cell & 1) << k for k in range(4))


@st.composite
def shapes_and_sets(draw):
    width, height = draw(st.integers(1, 22)), draw(st.integers(1, 22))
    cells = draw(st.integers(0, (1 << (width * height)) - 1))
    return geometry(width, height), cells


@given(shapes_and_sets())
def test_neighbour_counts_are_the_cell_by_cell_counts(shape):
    geo, cells = shape
    counts = neighbour_counts(geo, cells)
    for cell in range(geo.size):
        assert number_at(counts, cell) == bin(geo.masks[cell] & cells).count("1")
    assert all(plane & ~geo.all_mask == 0 for plane in counts)  # no bit outside the board


@given(st.text("0123456789", min_size=1, max_size=400), st.integers(0, 2**400 - 1))
def test_digit_planes_hold_each_digit_and_sum_them(digits, cells):
    planes = digit_planes(digits)
    assert [number_at(planes, c) for c in range(len(digits))] == [int(d) for d in digits]
    assert mines_of(planes) == sum(1 << c for c, d in enumerate(digits) if d == "9")
    assert digit_total(planes, cells) == sum(int(d) for c, d in enumerate(digits) if cells >> c & 1)


@given(boards(), st.data())
def test_miscounted_finds_exactly_the_wrong_digits(board, data):
    geo = geometry(board.width, board.height)
    assert miscounted(geo, digit_planes(board.digits)) == 0  # a real board is right everywhere
    safe = [c for c, d in enumerate(board.digits) if d != "9"]
    if safe:
        cell = data.draw(st.sampled_from(safe))
        wrong = str((int(board.digits[cell]) + data.draw(st.integers(1, 8))) % 9)
        digits = board.digits[:cell] + wrong + board.digits[cell + 1 :]
        assert miscounted(geo, digit_planes(digits)) == 1 << cell


def test_differ_is_per_cell():
    a = digit_planes("0123")
    b = digit_planes("0193")
    assert differ(a, b) == 0b0100
