"""A looser way to a valid answer when the greedy placer finds none: blocks spread on
a lattice with free lanes between them, then every wire routed at once by negotiated
congestion (PathFinder: wires may share a cell at a price that rises, round after
round, on the cells they fight over, until none is shared).

Slots are 4x4 (the largest block) with `gap` free cells between them, filled row by
row, going back and forth, in the order of a breadth-first walk of the wires, so that
blocks wired together sit near each other.  Looser than the greedy's answers, but the
lanes leave every terminal a way out.
"""

import math

from .layout import Layout
from .repair import negotiate

INFLATE_REACH = 6  # how far from its scaled place a block is moved, at most, when that place is taken

SLOT = 4  # the largest block's side
SWAPS_PER_BLOCK = 400  # moves tried to shorten the wires, a block


def slots_fit(problem, gap):
    """How many slots of that gap the problem's board holds."""
    pitch = SLOT + gap
    return ((problem.width + gap) // pitch) * ((problem.height + gap) // pitch)


def spread(puzzle, gap, rng, stop=None):
    """A complete `Layout` with the blocks on a lattice of `gap` free cells and every
    wire routed, or None (the lattice does not fit, or the wires do not settle)."""
    problem = puzzle.problem
    pitch = SLOT + gap
    if slots_fit(problem, gap) < len(puzzle.cells):
        return None
    rows_fit = (problem.height + gap) // pitch
    per_row = (problem.width + gap) // pitch
    per_row = min(per_row, max(math.ceil(math.sqrt(len(puzzle.cells))), -(-len(puzzle.cells) // rows_fit)))
    layout = Layout(puzzle)
    layout.stop = stop
    x0 = (layout.width - problem.width) // 2
    y0 = (layout.height - problem.height) // 2
    rows = min(rows_fit, -(-len(puzzle.cells) // per_row) + 1)
    spots = []
    for row in range(rows):
        cols = range(per_row) if row % 2 == 0 else range(per_row - 1, -1, -1)
        spots.extend((x0 + col * pitch, y0 + row * pitch) for col in cols)
    slot_of = _shorten(puzzle, spots, _walk(puzzle), rng)
    for b, k in enumerate(slot_of):
        layout.put(b, *spots[k])
    return layout if negotiate(layout) else None


def _shorten(puzzle, spots, order, rng):
    """slot_of[b]: the slot of each block, first in walk order, then improved by moves
    and swaps that do not lengthen the wires (their terminals' summed distance)."""
    count = len(puzzle.cells)
    slot_of = [0] * count
    for k, b in enumerate(order):
        slot_of[b] = k
    holder = [None] * len(spots)
    for b, k in enumerate(slot_of):
        holder[k] = b

    def length(b, k, other=None, other_k=None):
        x, y = spots[k]
        total = 0
        for wire in puzzle.links[b]:
            mine, theirs = puzzle.ends[wire] if puzzle.ends[wire][0].block == b else puzzle.ends[wire][::-1]
            if theirs.block == b:
                continue
            ox, oy = spots[other_k if theirs.block == other else slot_of[theirs.block]]
            total += abs(x + mine.dx - ox - theirs.dx) + abs(y + mine.dy - oy - theirs.dy)
        return total

    for _ in range(SWAPS_PER_BLOCK * count):
        b = rng.randrange(count)
        k, target = slot_of[b], rng.randrange(len(spots))
        other = holder[target]
        before = length(b, k) + (length(other, target) if other is not None else 0)
        after = length(b, target, other, k) + (length(other, k, b, target) if other is not None else 0)
        if after <= before:
            slot_of[b], holder[target], holder[k] = target, b, other
            if other is not None:
                slot_of[other] = k
    return slot_of


def _walk(puzzle):
    """Blocks in breadth-first order over the wires, most-wired first."""
    count = len(puzzle.cells)
    order, seen = [], [False] * count
    for root in sorted(range(count), key=lambda b: -len(puzzle.links[b])):
        if seen[root]:
            continue
        seen[root] = True
        queue = [root]
        while queue:
            b = queue.pop(0)
            order.append(b)
            for wire in puzzle.links[b]:
                for end in puzzle.ends[wire]:
                    if not seen[end.block]:
                        seen[end.block] = True
                        queue.append(end.block)
    return order


def inflate(placed, scale, stop=None):
    """A `Layout` with the blocks down on `placed` where they were but `scale` (across,
    down) times as far apart, each moved to the nearest free place when its own is
    taken, and every wire between them routed again at once by negotiation (lanes open
    between blocks that touched, so the wires of a layout nearly routed settle); None
    when a block finds no place or the wires do not settle."""
    puzzle = placed.puzzle
    layout = Layout(puzzle)
    layout.stop = stop
    x0, y0, x1, y1 = placed.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    mx, my = layout.width // 2, layout.height // 2
    down = [b for b, pos in enumerate(placed.pos) if pos is not None]
    order = sorted(down, key=lambda b: abs(placed.pos[b][0] - cx) + abs(placed.pos[b][1] - cy))
    for b in order:
        px, py = placed.pos[b]
        x, y = mx + round((px - cx) * scale[0]), my + round((py - cy) * scale[1])
        spot = next(((x + dx, y + dy) for reach in range(INFLATE_REACH + 1) for dx in range(-reach, reach + 1)
                     for dy in (reach - abs(dx), abs(dx) - reach) if layout.fits(b, x + dx, y + dy)), None)
        if spot is None:
            return None
        layout.put(b, *spot)
    return layout if negotiate(layout) else None
