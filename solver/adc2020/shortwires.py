"""The whole problem as a CP-SAT model of short wires (OR-tools, the optional extra
``adc2020``): every wire of no cell (its terminals touch) or of one cell, the area of
the rectangle around everything minimised inside a frame.

This is the shape of the official random problems and of the hand-made puzzles: their
answers are dense and nearly every wire joins two touching terminals.  Booleans: block
b at position p; wire L touching, or through cell m.  Each is a clause between the two
blocks' positions, so the model stays small where the general one (`cpsat`, a boolean
per cell and wire) does not; a solution of it keeps the official count by itself (a
wire of at most one cell cannot touch itself).
"""

import time

from .cpsat import cp_model, solved
from .formats import PLUS, Answer, Position

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
MAX_LITERALS = 400000  # position and wire-cell booleans past which a frame is not modelled


def model_size(problem, width, height, longest=1):
    """The booleans a width x height frame needs (to compare with MAX_LITERALS)."""
    places = sum(max(0, width - b.width + 1) * max(0, height - b.height + 1) for b in problem.blocks)
    return places + (width * height * problem.wires if longest else 0)


def solve_frame(problem, width, height, until, workers=1, longest=1, hint=None, seed=0, hard_deadline=None):
    """The `Answer` of least area found within a width x height frame by time.monotonic()
    `until` (wires of at most `longest` cells, 0 or 1), or None.  `hint`: an `Answer` that
    fits the frame, to start from.  Building a large model takes seconds: the search
    gets what is left of them, and none past `hard_deadline`."""
    model = cp_model.CpModel()
    places, held, at = _places(model, problem, width, height)
    if places is None:
        return None
    middles = [{} for _ in range(problem.wires + 1)]
    ends = _ends(problem)
    for number in range(1, problem.wires + 1):
        if hard_deadline is not None and time.monotonic() > hard_deadline:
            return None  # a loaded machine builds slower than planned: give up rather than overrun
        (a, ax, ay), (b, bx, by) = ends[number]
        touch = model.NewBoolVar("")
        choices = [touch]
        # touching: block a at p puts its terminal beside block b's
        _beside(model, places[a], (ax, ay), places[b], (bx, by), at[b], touch)
        if longest:
            for cell in range(width * height):
                m = model.NewBoolVar("")
                x, y = cell % width, cell // width
                held[cell].append(m)
                middles[number][cell] = m
                choices.append(m)
                for block, (ox, oy) in ((a, (ax, ay)), (b, (bx, by))):
                    beside = (places[block].get((x + dx - ox, y + dy - oy)) for dx, dy in STEPS)
                    model.AddBoolOr([lit for lit in beside if lit is not None] + [m.Not()])
        model.AddExactlyOne(choices)
    for lits in held:
        if len(lits) > 1:
            model.AddAtMostOne(lits)
    right, bottom = _extent(model, problem, places, middles, width, height)
    area = model.NewIntVar(1, width * height, "area")
    model.AddMultiplicationEquality(area, [right + 1, bottom + 1])
    model.Minimize(area)
    if hint is not None:
        for block, (x, y) in zip(range(len(problem.blocks)), hint.positions):
            if (x, y) in places[block]:
                model.AddHint(places[block][(x, y)], True)
    seconds = until - time.monotonic()
    if hard_deadline is not None:
        seconds = min(seconds, hard_deadline - time.monotonic())
    sat = solved(model, seconds, workers, seed) if seconds >= 0.2 else None
    if sat is None:
        return None
    chosen = [next(xy for xy, lit in options.items() if sat.BooleanValue(lit)) for options in places]
    wires = {cell: number for number in range(1, problem.wires + 1) for cell, lit in middles[number].items()
             if sat.BooleanValue(lit)}
    return _answer(problem, chosen, wires, width, sat.Value(right) + 1, sat.Value(bottom) + 1)


def _places(model, problem, width, height):
    """places[b]: (x, y) -> literal; held[cell]: literals on it; at[b]: the same map
    (kept apart for lookups by position)."""
    places, held = [], [[] for _ in range(width * height)]
    for block in problem.blocks:
        options = {}
        for y in range(height - block.height + 1):
            for x in range(width - block.width + 1):
                lit = model.NewBoolVar("")
                options[(x, y)] = lit
                for c in block.cells:
                    held[(y + c.dy) * width + x + c.dx].append(lit)
        if not options:
            return None, None, None
        model.AddExactlyOne(options.values())
        places.append(options)
    return places, held, places


def _ends(problem):
    """ends[number]: ((block, dx, dy), (block, dx, dy)) of each wire."""
    ends = [[] for _ in range(problem.wires + 1)]
    for b, block in enumerate(problem.blocks):
        for c in block.cells:
            if c.number:
                ends[c.number].append((b, c.dx, c.dy))
    return ends


def _beside(model, first, first_offset, second, second_offset, second_at, touch):
    """touch and block one at p imply block two at a position putting the terminals side by side."""
    (ax, ay), (bx, by) = first_offset, second_offset
    for (px, py), lit in first.items():
        tx, ty = px + ax, py + ay
        near = [second_at.get((tx + dx - bx, ty + dy - by)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        model.AddBoolOr([q for q in near if q is not None] + [touch.Not(), lit.Not()])


def _extent(model, problem, places, middles, width, height):
    """The rightmost column and lowest row used, as variables; something on column 0 and row 0."""
    right = model.NewIntVar(0, width - 1, "right")
    bottom = model.NewIntVar(0, height - 1, "bottom")
    left_column, top_row = [], []
    for block, options in zip(problem.blocks, places):
        for (x, y), lit in options.items():
            model.Add(right >= x + block.width - 1).OnlyEnforceIf(lit)
            model.Add(bottom >= y + block.height - 1).OnlyEnforceIf(lit)
            if x == 0 and any(c.dx == 0 for c in block.cells):
                left_column.append(lit)
            if y == 0 and any(c.dy == 0 for c in block.cells):
                top_row.append(lit)
    for wire in middles:
        for cell, lit in wire.items():
            model.Add(right >= cell % width).OnlyEnforceIf(lit)
            model.Add(bottom >= cell // width).OnlyEnforceIf(lit)
            if cell % width == 0:
                left_column.append(lit)
            if cell < width:
                top_row.append(lit)
    model.AddBoolOr(left_column)
    model.AddBoolOr(top_row)
    return right, bottom


def _answer(problem, chosen, wires, frame_width, width, height):
    board = [[0] * width for _ in range(height)]
    for block, (x, y) in zip(problem.blocks, chosen):
        for c in block.cells:
            board[y + c.dy][x + c.dx] = c.number or PLUS
    for cell, number in wires.items():
        board[cell // frame_width][cell % frame_width] = number
    return Answer(1, width, height, tuple(tuple(row) for row in board), tuple(Position(x, y) for x, y in chosen))
