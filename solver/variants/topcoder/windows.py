"""Windowed estimates for the Topcoder player's components too big to count.

A component whose count does not fit the node budget is left out of the count (its
cells join the free interior, which keeps every certainty sound).  Its cells that
look safest by local density (`local_density`) then get windows (`refine`): the
constraints nearest the cell (`window_around`), counted exactly, every other
undecided cell free.  A cell safe in its window is safe for certain; the others get
the window's probability, which the guess (guesses.py) reads.
"""

from ...engine.counting import count_solutions
from ...engine.frontier import components_of
from ...engine.probability import estimate
from ...grid.bitset import cells_of, popcount

# components too big to count: windows of nearby constraints around the cells that
# look safest (by local density), each counted exactly within WINDOW_NODES nodes
WINDOW_CANDIDATES = 30
WINDOW_CONSTRAINTS = 12
WINDOW_NODES = 3000


def local_density(constraints, cells):
    """{cell: mean of need / room over the constraints on it}, a rough ranking."""
    sums = {}
    for around, need in constraints:
        if around & cells:
            density = need / popcount(around)
            for c in cells_of(around & cells):
                total, count = sums.get(c, (0.0, 0))
                sums[c] = (total + density, count + 1)
    return {c: total / count for c, (total, count) in sums.items()}


def refine(constraints, rough, unknown, mines_left, budget, clock, deadline):
    """Windowed probabilities for cells of components too big to count.

    For a few of the cells that look safest, count exactly the constraints near
    the cell (a breadth-first window over shared cells) and treat every other
    undecided cell as free.  Dropping constraints only adds solutions, so a cell
    safe in the window is safe for certain.  Returns (certain safe, {cell: p}).
    No window is begun once clock() (seconds of think time) is past `deadline`.
    """
    by_cell = {}
    for index, (cells, _) in enumerate(constraints):
        for c in cells_of(cells):
            by_cell.setdefault(c, []).append(index)
    crude = local_density(constraints, rough)
    order = sorted(cells_of(rough), key=lambda c: (crude.get(c, 1.0), c))
    refined = {}
    done = 0
    tried = 0
    window_budget = min(WINDOW_NODES, budget)
    for x in order:
        if tried >= WINDOW_CANDIDATES or clock() > deadline:
            break
        if done >> x & 1:
            continue
        tried += 1
        size = WINDOW_CONSTRAINTS
        while size >= 2:
            window = window_around(constraints, by_cell, x, size)
            parts = components_of([constraints[j] for j in window])
            if all(count_solutions(part, window_budget) is not None for part in parts):
                break
            size = size * 2 // 3
        else:
            continue
        cells = 0
        for j in window:
            cells |= constraints[j][0]
        rest = unknown & ~cells
        sub = estimate(parts, rest, popcount(rest), mines_left, window_budget)
        if sub.safe & cells:
            return sub.safe & cells, {}
        members = set(window)
        for mask, p in zip(sub.class_masks, sub.class_probs):
            for c in cells_of(mask):
                if c == x or (c not in refined and all(j in members for j in by_cell.get(c, ()))):
                    refined[c] = p
                    done |= 1 << c
    return 0, refined


def window_around(constraints, by_cell, x, size):
    """Indices of up to `size` constraints around cell x, nearest (by overlap) first."""
    chosen = list(by_cell.get(x, ()))[:size]
    seen = set(chosen)
    head = 0
    while head < len(chosen) and len(chosen) < size:
        for c in cells_of(constraints[chosen[head]][0]):
            for j in by_cell[c]:
                if j not in seen and len(chosen) < size:
                    seen.add(j)
                    chosen.append(j)
        head += 1
    return chosen
