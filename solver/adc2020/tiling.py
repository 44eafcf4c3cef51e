"""Dense layouts as a CP-SAT model (OR-tools, the optional extra ``adc2020``), blocks
wired to nothing sharing booleans by shape.  A perfect tiling: every cell of a frame of
exactly the blocks' area covered once, every wire of no cell (its two terminals touch).
A framed layout: everything inside a frame, every wire of no cell or of one.

The hand-made hiromoto_7 (64 blocks, 16x16) and hiromoto_8 (154 blocks, 44x14) are such
tilings, and most of their blocks are wired to nothing: blocks of one shape that no wire
names are interchangeable, so they share booleans (a shape at a position, as many
chosen as there are such blocks) instead of one set each, which the short-wire model
(`shortwires`, a set of booleans per block, the area minimised) drowns in.  A frame the
blocks cannot tile is usually refused within seconds (hiromoto_8 in 28x22: 3 s).  The
official rand_20x20_80_40 (25 of its 80 blocks wired to nothing, 7 wires of one cell)
has a framed layout in its reference's 20x20, found in about 50 s.
"""

import math
import time

from .cpsat import cp_model, solved
from .formats import PLUS, Answer, Position

MAX_PLACES = 200000  # position booleans past which a frame is not modelled
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
FRAMED_GROWTH = 1.25  # a framed layout's frame: the blocks' area times this


def frames(problem):
    """The frames of exactly the blocks' area that fit the board and every block, the
    squarest first (an answer there has the least area there can be)."""
    cells = sum(len(block.cells) for block in problem.blocks)
    widest = max(block.width for block in problem.blocks)
    tallest = max(block.height for block in problem.blocks)
    out = [(w, cells // w) for w in range(widest, problem.width + 1)
           if cells % w == 0 and tallest <= cells // w <= problem.height]
    return [f for f in sorted(out, key=lambda f: (abs(f[0] - f[1]), -f[0])) if places(problem, *f) <= MAX_PLACES]


def framed(problem):
    """The frame a framed layout is looked for in: square, FRAMED_GROWTH times the
    blocks' area (the official random problems' own), or None past MAX_PLACES."""
    cells = sum(len(block.cells) for block in problem.blocks)
    side = math.ceil(math.sqrt(FRAMED_GROWTH * cells))
    width = max(side, max(block.width for block in problem.blocks))
    height = max(math.ceil(FRAMED_GROWTH * cells / width), max(block.height for block in problem.blocks))
    if width > problem.width or height > problem.height:
        return None
    if places(problem, width, height) + width * height * problem.wires > MAX_PLACES:
        return None
    return width, height


def places(problem, width, height):
    """The position booleans a frame needs (shapes of unwired blocks counted once)."""
    seen, total = set(), 0
    for block in problem.blocks:
        wired = any(c.number for c in block.cells)
        if not wired and block.shape in seen:
            continue
        if not wired:
            seen.add(block.shape)
        total += max(0, width - block.width + 1) * max(0, height - block.height + 1)
    return total


def solve_tiling(problem, width, height, until, workers=1, seed=0, one_cell=False):
    """The `Answer` tiling the width x height frame (every wire of no cell), or, with
    `one_cell`, laid out inside it (every wire of no cell or one), or None (there is
    none, or none was found by time.monotonic() `until`)."""
    model = cp_model.CpModel()
    held = [[] for _ in range(width * height)]
    wired = [b for b, block in enumerate(problem.blocks) if any(c.number for c in block.cells)]
    unwired = {}  # shape -> its blocks no wire names
    for b, block in enumerate(problem.blocks):
        if b not in wired:
            unwired.setdefault(block.shape, []).append(b)

    def options(block):
        out = {}
        for y in range(height - block.height + 1):
            for x in range(width - block.width + 1):
                lit = out[(x, y)] = model.NewBoolVar("")
                for c in block.cells:
                    held[(y + c.dy) * width + x + c.dx].append(lit)
        return out

    at = {b: options(problem.blocks[b]) for b in wired}
    for b in wired:
        model.AddExactlyOne(at[b].values())
    shared = {shape: options(problem.blocks[bs[0]]) for shape, bs in unwired.items()}
    for shape, lits in shared.items():
        model.Add(sum(lits.values()) == len(unwired[shape]))
    ends = {}
    for b in wired:
        for c in problem.blocks[b].cells:
            if c.number:
                ends.setdefault(c.number, []).append((b, c.dx, c.dy))
    middles = _wires(model, ends, at, held, width, height, one_cell)
    if middles is None:
        return None
    for lits in held:
        if not lits and not one_cell:
            return None
        if one_cell:
            model.AddAtMostOne(lits)
        else:
            model.AddExactlyOne(lits)
    seconds = until - time.monotonic()
    sat = solved(model, seconds, workers, seed) if seconds >= 0.2 else None
    if sat is None:
        return None
    chosen = [None] * len(problem.blocks)
    for b in wired:
        chosen[b] = next(xy for xy, lit in at[b].items() if sat.BooleanValue(lit))
    for shape, lits in shared.items():
        spots = [xy for xy, lit in lits.items() if sat.BooleanValue(lit)]
        for b, xy in zip(unwired[shape], spots):
            chosen[b] = xy
    board = [[0] * width for _ in range(height)]
    for block, (x, y) in zip(problem.blocks, chosen):
        for c in block.cells:
            board[y + c.dy][x + c.dx] = c.number or PLUS
    for (number, cell), lit in middles.items():
        if sat.BooleanValue(lit):
            board[cell // width][cell % width] = number
    return _trimmed(board, chosen)


def _wires(model, ends, at, held, width, height, one_cell):
    """Each wire touching or (`one_cell`) through one cell beside both its terminals:
    (wire, cell) -> the literal of its cell there; None when a number has not two ends."""
    middles = {}  # (wire, cell) -> the literal of the wire's one cell there
    for number, pair in ends.items():
        if len(pair) != 2:
            return None
        (a, ax, ay), (b, bx, by) = pair
        touch = model.NewBoolVar("")
        for (px, py), lit in at[a].items():  # touching: a at p, b where its terminal touches a's
            near = (at[b].get((px + ax + dx - bx, py + ay + dy - by)) for dx, dy in STEPS)
            model.AddBoolOr([q for q in near if q is not None] + [lit.Not(), touch.Not()])
        choices = [touch]
        for cell in range(width * height) if one_cell else ():
            x, y = cell % width, cell // width
            lit = middles[(number, cell)] = model.NewBoolVar("")
            held[cell].append(lit)
            choices.append(lit)
            for block, ox, oy in ((a, ax, ay), (b, bx, by)):  # both terminals beside the cell
                beside = (at[block].get((x + dx - ox, y + dy - oy)) for dx, dy in STEPS)
                model.AddBoolOr([q for q in beside if q is not None] + [lit.Not()])
        model.AddExactlyOne(choices)
    return middles


def _trimmed(board, chosen):
    """The `Answer` of the board cut to the rectangle around what it holds."""
    rows = [y for y, row in enumerate(board) if any(row)]
    columns = [x for x in range(len(board[0])) if any(row[x] for row in board)]
    x0, y0 = columns[0], rows[0]
    cut = tuple(tuple(row[x0:columns[-1] + 1]) for row in board[y0:rows[-1] + 1])
    return Answer(1, len(cut[0]), len(cut), cut, tuple(Position(x - x0, y - y0) for x, y in chosen))
