"""CheckiO "Minesweeper": one move per call, from the field alone.

``checkio(field)`` gets the whole field as a list of rows (the mission's is 10x10):
-1 a closed cell, 0-8 an opened digit, 9 a mine marked earlier.  It returns
``[is_mine, row, col]``: mark a mine (True) or open a cell (False).  The referee ends
the game at a wrong mark, an opened mine or a move on a cell that is not -1; it opens
zeros by flood fill itself and declares a win when every mine is marked or every safe
cell is open.

What the function may know: the field, and the mission's promise that the top-left
cell is always a 0.  The mine count is not given (the mission's boards hold 7 to 28
mines), so probabilities come from the engine's unknown-count mode.  The move is:

1. open the top-left cell while it is closed;
2. open a certain safe cell, else mark a certain mine (so the board is won by marks
   alone whenever every mine is known, and no guess is made before every certain
   mine is marked);
3. otherwise guess: open the cell of least mine probability per
   ``solver.engine.probability.estimate`` (ties: the engine's `choose_guess` preference,
   then the lowest cell).

Certainty comes only from sound steps (single digits, pairs, elimination, exact
enumeration), so a mark is never made on a cell that could be safe.  A field seen to
contradict itself (a digit with too many or too few closed neighbours for its mines,
two digits asking different counts of the same cells, a component with no solution)
gets a plain open of its first closed cell; a contradiction elsewhere on the field
goes unnoticed when a cheap step already gives a move (no real game shows one).

A referee with the mission's rules and ``win_rate(n, seed)`` live in
tests/support/checkio_referee.py.
"""

from ..engine.counting import count_solutions
from ..engine.deduce import elimination, single_digit
from ..engine.frontier import components_of, constraints_of, covered
from ..engine.policy import choose_guess
from ..engine.probability import cell_probabilities, estimate
from ..engine.steps import pairs_step
from ..grid.bitset import cells_of, popcount
from ..grid.geometry import geometry

CLOSED = -1
MARKED = 9
MAX_SIDE = 10  # the mission's field is 10x10: a larger one is refused, not played
TIE = 1e-12  # probabilities this close count as equal


class _Inconsistent(Exception):
    """The field's digits admit no placement of mines."""


def read_field(field):
    """(geometry, values, closed, marked, numbers) of a field; ValueError if malformed (not
    a rectangle of ints -1..9, a side over MAX_SIDE, a digit above its cell's neighbours)."""
    if not isinstance(field, (list, tuple)) or not field:
        raise ValueError("the field must be a non-empty list of rows")
    width = len(field[0]) if isinstance(field[0], (list, tuple)) else 0
    if not width or any(not isinstance(row, (list, tuple)) or len(row) != width for row in field):
        raise ValueError("the field must be a rectangle of at least one column")
    if width > MAX_SIDE or len(field) > MAX_SIDE:
        raise ValueError("a %dx%d field is larger than the mission's %dx%d" % (len(field), width, MAX_SIDE, MAX_SIDE))
    geo = geometry(width, len(field))
    values = [CLOSED] * geo.size
    closed = marked = numbers = 0
    for y, row in enumerate(field):
        for x, value in enumerate(row):
            if type(value) is not int or not CLOSED <= value <= MARKED:  # bool is no cell value
                raise ValueError("cell (%d, %d) holds %r; expected an int from -1 to 9" % (y, x, value))
            cell = y * width + x
            if 0 <= value < MARKED and value > popcount(geo.masks[cell]):  # (an 8 in a corner passed)
                raise ValueError("cell (%d, %d) shows %d, but it has only %d neighbours" % (y, x, value, popcount(geo.masks[cell])))
            values[cell] = value
            if value == CLOSED:
                closed |= 1 << cell
            elif value == MARKED:
                marked |= 1 << cell
            else:
                numbers |= 1 << cell
    return geo, values, closed, marked, numbers


def analyse(geo, values, closed, marked, numbers):
    """(safe, mines, estimate or None, interior) of a parsed field (see `read_field`).

    safe / mines are bitsets of closed cells proven safe / mines by the digits: first
    by the deduction steps (engine.steps) single digits, one round, and pairs; if
    those find nothing, by the exact enumeration of
    `estimate` (mine count unknown), then by elimination (which adds something only
    when a component was too big to enumerate: `Estimate.exact` cannot tell, being
    False whenever the count is unknown).  The estimate is returned only when it was computed.
    Raises _Inconsistent when the digits cannot all hold.
    """
    masks = geo.masks
    needs = {}  # closed cells around a digit -> mines they need; constraints_of keeps one per set
    for cell in cells_of(numbers):
        around = masks[cell] & closed
        need = values[cell] - popcount(masks[cell] & marked)
        if not 0 <= need <= popcount(around) or needs.setdefault(around, need) != need:
            raise _Inconsistent
    constraints = constraints_of(values.__getitem__, numbers, masks, closed, marked)
    safe, mines = single_digit(constraints)  # one round: one move a call, the next call goes on
    if not (safe | mines):
        safe, mines = pairs_step(constraints, closed)
    if safe | mines:
        return safe & closed, mines & closed & ~safe, None, 0
    interior = closed & ~covered(constraints)
    components = components_of(constraints)
    for component in components:
        counted = count_solutions(component)
        if counted is not None and not counted.support:
            raise _Inconsistent  # no layout fits these digits
    result = estimate(components, interior, popcount(interior), None)
    safe, mines = result.safe, result.mines
    if not (safe | mines):  # finds more only where a component was too big to enumerate
        safe, mines = elimination(constraints)
    return safe & closed, mines & closed & ~safe, result, interior


def checkio(field):
    """[is_mine, row, col]: the next move on `field` (see the module docstring)."""
    geo, values, closed, marked, numbers = read_field(field)
    if not closed:
        raise ValueError("no closed cell is left to move on")
    width = geo.width
    if values[0] == CLOSED:
        return [False, 0, 0]  # the mission promises the top-left cell is a 0
    try:
        safe, mines, result, interior = analyse(geo, values, closed, marked, numbers)
    except _Inconsistent:
        first = (closed & -closed).bit_length() - 1
        return [False, first // width, first % width]
    if safe:
        cell = (safe & -safe).bit_length() - 1
        return [False, cell // width, cell % width]
    if mines:
        cell = (mines & -mines).bit_length() - 1
        return [True, cell // width, cell % width]
    cell = guess_cell(result, interior, closed, marked, geo.masks)
    return [False, cell // width, cell % width]


def guess_cell(result, interior, closed, marked, masks):
    """The closed cell of least mine probability; ties go to the engine's preference."""
    probs = cell_probabilities(result, len(masks), interior)
    candidates = [(p, c) for c, p in enumerate(probs) if p is not None and closed >> c & 1]
    lowest = min(p for p, _ in candidates)
    choice = choose_guess(result, interior, closed, masks, marked)
    if choice is not None and probs[choice[0]] <= lowest + TIE:
        return choice[0]
    return min(c for p, c in candidates if p <= lowest + TIE)
