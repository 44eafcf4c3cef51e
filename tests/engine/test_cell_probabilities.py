"""Every closed cell's mine probability against brute force, interior cells included.

A small board is partly opened (a block of opened cells on one side, so that closed
cells no digit touches, the interior, are common); every way of placing the mines
that are not known among the closed undecided cells that fits the opened digits
and the mine count is enumerated.  For every such cell, probability_of(estimate,
cell) -- the one lookup the player and the guess choice use -- must be the share
of those layouts with a mine there.  The interior goes through a different branch
of probability_of than the frontier's classes; a mutant that gave it 0.5 passed
every test before this one.
"""

import itertools

from hypothesis import assume, given
from hypothesis import strategies as st

from solver.engine.frontier import components_of, constraints_of, covered
from solver.engine.probability import cell_probabilities, estimate, probability_of
from solver.grid.bitset import cells_of, popcount
from solver.grid.geometry import geometry

MAX_CLOSED = 12  # brute force over at most 2**12 layouts


@st.composite
def positions(draw):
    """(geometry, mine bitset, digits, opened bitset, undecided bitset, known mines bitset)."""
    width, height = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    geo = geometry(width, height)
    mines = draw(st.sets(st.integers(0, geo.size - 1), max_size=geo.size - 1))
    safe = [c for c in range(geo.size) if c not in mines]
    columns = draw(st.integers(1, width))  # the left columns are opened where safe
    opened = {c for c in safe if c % width < columns}
    opened |= draw(st.sets(st.sampled_from(safe), max_size=3))
    closed = [c for c in range(geo.size) if c not in opened]
    assume(len(closed) <= MAX_CLOSED and opened)
    known = draw(st.sets(st.sampled_from(sorted(mines)), max_size=2)) if mines else set()
    mine_bits = sum(1 << c for c in mines)
    digits = [popcount(geo.masks[c] & mine_bits) if c in opened else -1 for c in range(geo.size)]
    known_bits = sum(1 << c for c in known)
    undecided = sum(1 << c for c in closed) & ~known_bits
    return geo, mine_bits, digits, sum(1 << c for c in opened), undecided, known_bits


def layouts(geo, digits, opened, undecided, known, mines_left):
    """Every placement of mines_left mines among the undecided cells fitting the digits."""
    cells = cells_of(undecided)
    for chosen in itertools.combinations(cells, mines_left):
        layout = sum(1 << c for c in chosen) | known
        if all(digits[c] == popcount(geo.masks[c] & layout) for c in cells_of(opened)):
            yield layout


@given(positions())
def test_every_closed_cell_has_its_brute_force_probability(position):
    geo, mine_bits, digits, opened, undecided, known = position
    mines_left = popcount(mine_bits & undecided)
    constraints = constraints_of(digits.__getitem__, opened, geo.masks, undecided, known)
    interior = undecided & ~covered(constraints)
    result = estimate(components_of(constraints), interior, popcount(interior), mines_left)
    assert result.exact
    worlds = list(layouts(geo, digits, opened, undecided, known, mines_left))
    assert worlds, "the true layout fits"
    frontier_probs = cell_probabilities(result, geo.size)
    for cell in cells_of(undecided):
        share = sum(world >> cell & 1 for world in worlds) / len(worlds)
        assert abs(probability_of(result, cell) - share) < 1e-9, (cell, "interior" if interior >> cell & 1 else "frontier")
        if not interior >> cell & 1:
            assert abs(frontier_probs[cell] - share) < 1e-9, cell


def test_the_positions_reach_the_interior():
    # the property above is only as good as its positions: a board whose right part no
    # digit touches, worked by hand (4x2: column 0 opened, its digits 0; the rest closed)
    geo = geometry(4, 2)
    mine_bits = 1 << 3  # a mine at (3, 0)
    digits = [0, -1, -1, -1, 0, -1, -1, -1]
    opened, undecided = 1 | 1 << 4, 0b11101110
    constraints = constraints_of(digits.__getitem__, opened, geo.masks, undecided, 0)
    interior = undecided & ~covered(constraints)
    assert interior == (1 << 2 | 1 << 3 | 1 << 6 | 1 << 7)  # columns 2-3: no digit touches them
    result = estimate(components_of(constraints), interior, popcount(interior), popcount(mine_bits))
    # the zeros make column 1 safe, so the one mine is in one of the four interior cells
    assert [probability_of(result, c) for c in (2, 3, 6, 7)] == [0.25] * 4
