"""The whole problem as one CP-SAT model (OR-tools, the optional extra ``adc2020``):
placement and routing together, inside a box of a given size.

Booleans: block b at position p (one per block), cell c a wire cell of wire L.  A cell
holds at most one block cell or wire cell.  The official checker's count is the
model: a wire cell of L has exactly two 4-neighbours holding L, a terminal exactly one.
Cells of L apart from the path (a closed loop) satisfy the count too; `to_answer` drops
them.  `available` says whether OR-tools imports; nothing else here runs without it.
"""

from .formats import PLUS, Answer, Position

try:  # the optional extra: the package imports and the rest of the solver runs without it
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - depends on the install
    cp_model = None

MAX_LITERALS = 60000  # wire booleans (cells x wires) past which a box is not modelled


def available():
    """Whether OR-tools' CP-SAT can be imported (the optional extra is installed)."""
    return cp_model is not None


def solved(model, seconds, workers=1, seed=0):
    """The CpSolver that found a solution of `model` in `seconds` on `workers` threads,
    or None (none found, or no model is worth starting in under 0.1 s)."""
    if seconds < 0.1:
        return None
    sat = cp_model.CpSolver()
    sat.parameters.max_time_in_seconds = seconds
    sat.parameters.num_workers = max(1, workers)
    sat.parameters.random_seed = seed
    return sat if sat.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None


def box_too_big(problem, width, height):
    """Whether a width x height box would make a model past MAX_LITERALS."""
    return width * height * max(problem.wires, 1) > MAX_LITERALS


def solve_box(problem, width, height, seconds, workers=1, seed=0):
    """An `Answer` whose blocks and wires all lie in a width x height box, or None
    (infeasible, or not found within `seconds`)."""
    model = cp_model.CpModel()
    cells = width * height
    held = [[] for _ in range(cells)]  # literals putting something on a cell
    numbered = [{} for _ in range(cells)]  # cell -> wire -> literals putting its terminal there
    places = []
    for block in problem.blocks:
        options = []
        for y in range(height - block.height + 1):
            for x in range(width - block.width + 1):
                lit = model.NewBoolVar("")
                options.append((lit, x, y))
                for c in block.cells:
                    cell = (y + c.dy) * width + x + c.dx
                    held[cell].append(lit)
                    if c.number:
                        numbered[cell].setdefault(c.number, []).append(lit)
        if not options:
            return None
        model.AddExactlyOne(lit for lit, _, _ in options)
        places.append(options)
    wire = [[model.NewBoolVar("") for _ in range(problem.wires + 1)] for _ in range(cells)]
    for cell in range(cells):
        model.AddAtMostOne(held[cell] + wire[cell][1:])
        model.Add(wire[cell][0] == 0)
    near = _near(width, height)
    for cell in range(cells):
        for number in range(1, problem.wires + 1):
            around = sum(_holds(wire, numbered, n, number) for n in near[cell])
            model.Add(around == 2).OnlyEnforceIf(wire[cell][number])
            for lit in numbered[cell].get(number, ()):
                model.Add(around == 1).OnlyEnforceIf(lit)
    _touch_both_sides(model, width, height, held, wire)
    sat = solved(model, max(0.1, seconds), workers, seed)
    if sat is None:
        return None
    chosen = [next((x, y) for lit, x, y in options if sat.BooleanValue(lit)) for options in places]
    wires = {cell: number for cell in range(cells) for number in range(1, problem.wires + 1)
             if sat.BooleanValue(wire[cell][number])}
    return to_answer(problem, width, height, chosen, wires)


def _holds(wire, numbered, cell, number):
    """The linear expression 'cell holds number' (a wire cell or a terminal)."""
    return wire[cell][number] + sum(numbered[cell].get(number, ()))


def _near(width, height):
    out = []
    for y in range(height):
        for x in range(width):
            out.append([y * width + nx for nx in (x - 1, x + 1) if 0 <= nx < width]
                       + [ny * width + x for ny in (y - 1, y + 1) if 0 <= ny < height])
    return out


def _touch_both_sides(model, width, height, held, wire):
    """Something on the box's first column and first row (a solution moved to the
    corner: the same solution is not searched at every offset)."""
    for line in ([y * width for y in range(height)], list(range(width))):
        model.AddBoolOr([lit for cell in line for lit in held[cell] + wire[cell][1:]])


def to_answer(problem, width, height, chosen, wires):
    """The `Answer` of a model's solution: blocks at `chosen`, wire cells `wires`
    (cell -> number), the cells of a wire apart from its terminals' path dropped."""
    board = [[0] * width for _ in range(height)]
    for block, (x, y) in zip(problem.blocks, chosen):
        for c in block.cells:
            board[y + c.dy][x + c.dx] = c.number or PLUS
    for cell, number in wires.items():
        board[cell // width][cell % width] = number
    _drop_loops(problem, board, chosen, width, height)
    return Answer(1, width, height, tuple(tuple(row) for row in board), tuple(Position(x, y) for x, y in chosen))


def _drop_loops(problem, board, chosen, width, height):
    """Clear the cells of each wire not joined to its first terminal."""
    starts = {}
    for block, (x, y) in zip(problem.blocks, chosen):
        for c in block.cells:
            if c.number:
                starts.setdefault(c.number, (x + c.dx, y + c.dy))
    keep = set()
    for number, start in starts.items():
        todo = [start]
        keep.add(start)
        while todo:
            x, y = todo.pop()
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in keep and board[ny][nx] == number:
                    keep.add((nx, ny))
                    todo.append((nx, ny))
    for y in range(height):
        for x in range(width):
            if board[y][x] > 0 and (x, y) not in keep:
                board[y][x] = 0
