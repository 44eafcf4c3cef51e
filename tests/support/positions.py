"""Small partly played boards, and every mine set that fits what they show: the brute
force the engine's deductions and probabilities are checked against."""

import itertools

from hypothesis import strategies as st

from solver.grid.bitset import cells_of, popcount
from solver.grid.geometry import geometry


@st.composite
def positions(draw, max_closed=11):
    """(geometry, mines set, values, numbers, unknown, known mines) of a partly played board."""
    width = draw(st.integers(2, 5))
    height = draw(st.integers(2, 5))
    geo = geometry(width, height)
    size = geo.size
    mine_cells = draw(st.sets(st.integers(0, size - 1), max_size=size - 1))
    mines = sum(1 << c for c in mine_cells)
    safe_cells = [c for c in range(size) if c not in mine_cells]
    opened = draw(st.sets(st.sampled_from(safe_cells), min_size=1, max_size=len(safe_cells)))
    closed = [c for c in range(size) if c not in opened]
    if len(closed) > max_closed:  # keep brute force small: open more safe cells
        extra = [c for c in closed if c not in mine_cells][: len(closed) - max_closed]
        opened |= set(extra)
        closed = [c for c in range(size) if c not in opened]
    known = draw(st.sets(st.sampled_from(sorted(mine_cells)), max_size=len(mine_cells))) if mine_cells else set()
    values = [-1] * size
    for c in opened:
        values[c] = popcount(geo.masks[c] & mines)
    numbers = sum(1 << c for c in opened)
    known_mask = sum(1 << c for c in known)
    unknown = sum(1 << c for c in closed) & ~known_mask
    return geo, mines, values, numbers, unknown, known_mask


def consistent_assignments(geo, values, numbers, unknown, known, total=None):
    """Every set of mines among `unknown` that fits the opened digits (and the total)."""
    cells = cells_of(unknown)
    out = []
    for bits in itertools.product((0, 1), repeat=len(cells)):
        chosen = sum(1 << c for c, b in zip(cells, bits) if b)
        if total is not None and popcount(chosen) != total:
            continue
        everything = chosen | known
        if all(values[c] == popcount(geo.masks[c] & everything) for c in cells_of(numbers)):
            out.append(chosen)
    return out
