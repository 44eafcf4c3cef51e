"""Hypothesis strategies for valid ADC boards, shared by the foundation tests.

A board is built the only way a real one can be: a random size, a random mine set,
and every other cell's digit counted from its eight neighbours.
"""

from hypothesis import strategies as st

from solver.official.board import MINE, make_board

MAX_SIDE = 12


def digits_for(width, height, mine_cells):
    """Row-major digits of a width x height board with mines at `mine_cells`."""
    cells = []
    for y in range(height):
        for x in range(width):
            if y * width + x in mine_cells:
                cells.append(MINE)
                continue
            cells.append(
                sum(
                    (ny * width + nx) in mine_cells
                    for ny in range(max(0, y - 1), min(height, y + 2))
                    for nx in range(max(0, x - 1), min(width, x + 2))
                    if (nx, ny) != (x, y)
                )
            )
    return cells


board_names = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)


@st.composite
def boards(draw, max_side=MAX_SIDE, forms=(2025, 2026), names=board_names):
    """A valid Board: size 1..max_side each way, any mine set, digits computed."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    size = width * height
    density = draw(st.sampled_from((0.0, 0.1, 0.2, 0.35, 0.6, 1.0)))
    rng = draw(st.randoms(use_true_random=False))
    mine_cells = {cell for cell in range(size) if rng.random() < density}
    cells = digits_for(width, height, mine_cells)
    form = draw(st.sampled_from(forms))
    mines = len(mine_cells) if form == 2026 else None
    return make_board(width, height, draw(names), cells, mines=mines, form=form)


def safe_cells(board):
    """Every cell that is not a mine, row-major."""
    return [cell for cell, digit in enumerate(board.cells) if digit != MINE]


def mine_cells(board):
    """Every mine, row-major."""
    return [cell for cell, digit in enumerate(board.cells) if digit == MINE]


def xy_of(board, cell):
    """The (x, y) click naming `cell`."""
    return cell % board.width, cell // board.width
