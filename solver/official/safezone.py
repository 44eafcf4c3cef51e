"""The official safe cells: which cells the board generator keeps mine-free, by mode.

The official page (``createSafeCells``) chooses, from the board size, the mine
count and the mode string alone, a few cells where it never puts a mine: the
four corners and/or the centre cells, then their neighbours on sides longer
than 6.  It adds them one by one and stops adding as soon as too few cells would
stay untouched by both mines and safe cells, so dense boards get fewer (or no)
safe cells.  The generator uses `safe_cells` to place mines; the player uses it
to know which cells it may open without risk.

`js_parseint` is JavaScript's ``parseInt`` applied to a number, which the rule
(and the generator) use for truncation; it differs from ``int()`` on tiny and
huge values because it reads the number's decimal text.
"""

from functools import lru_cache

# a side must be longer than this for the neighbours of a safe cell to be safe too
RING_MIN_SIDE = 6
# untouched cells that must remain, per mine: while placing corner/centre cells ...
CORE_UNTOUCHED_PER_MINE = 1.0
# ... and while placing their neighbour rings
RING_UNTOUCHED_PER_MINE = 2.5


def js_parseint(number):
    """JavaScript ``parseInt(number)`` for a number: the leading integer of String(number).

    String() switches to exponent form below 1e-6 and from 1e21 on, so
    ``js_parseint(5e-7) == 5`` and ``js_parseint(1.5e21) == 1``.  Returns an int,
    or float('nan') when the text has no leading digits (NaN, Infinity).
    """
    value = float(number)
    if 1e-6 <= abs(value) < 2.0**53:  # plain decimal text of an exact integer part
        return int(value)
    if value != value or value in (float("inf"), float("-inf")):
        return float("nan")
    from decimal import Decimal  # only for these rare values: importing it costs start-up time

    sign, digits, exponent = Decimal(repr(value)).as_tuple()
    while len(digits) > 1 and digits[-1] == 0:  # repr may keep a trailing '.0'
        digits, exponent = digits[:-1], exponent + 1
    if digits == (0,):
        return 0
    # point position as JavaScript's Number::toString sees it: value = 0.DIGITS * 10**point
    point = len(digits) + exponent
    if point > 21 or point <= -6:
        result = digits[0]  # exponent form 'd.ddde+N': parseInt stops at the point
    elif point <= 0:
        result = 0  # '0.000ddd'
    else:
        text = "".join(map(str, digits[:point]))
        result = int(text) * 10 ** max(0, point - len(digits))
    return -result if sign else result


def enabled_areas(width, height, mode):
    """(corners, centre): which areas the mode string asks for, tested as the official regexes do."""
    if "auto" in mode:
        odd_board = width % 2 == 1 and height % 2 == 1
        return not odd_board, odd_board
    both = "both" in mode
    return both or "corner" in mode, both or "center" in mode


def _corner_coordinates(side):
    """0 and side-1; a side of 1 has the single coordinate 0.

    The official loop steps by side-1 and never ends on a side of 1; treating that
    axis as having one corner coordinate is the only reading that terminates.
    """
    return (0,) if side <= 1 else (0, side - 1)


def _centre_coordinates(side):
    """The middle coordinate of an odd side, the middle two of an even side."""
    return tuple(range(js_parseint((side - 0.1) / 2), js_parseint(side / 2) + 1))


def _ring(coordinate, side):
    """The coordinate and its in-range neighbours, when the side is long enough to have a ring."""
    if side <= RING_MIN_SIDE:
        return (coordinate,)
    return tuple(c for c in (coordinate - 1, coordinate, coordinate + 1) if 0 <= c < side)


@lru_cache(maxsize=4096)
def safe_cells(width, height, mines, mode):
    """Sorted tuple of the cells (y*width + x) the official generator keeps free of mines.

    Corners first, then the rings around the corners, then the centre, then its
    ring; each new cell is kept only while more cells than the threshold remain
    untouched (threshold parseInt(mines*1.0) for corner/centre cells,
    parseInt(mines*2.5) for ring cells).  Any mode naming none of
    auto/corner/center/both (e.g. 'none') has no safe cells.
    """
    if width < 1 or height < 1:
        return ()
    corners_on, centre_on = enabled_areas(width, height, mode)
    core_threshold = js_parseint(mines * CORE_UNTOUCHED_PER_MINE)
    ring_threshold = js_parseint(mines * RING_UNTOUCHED_PER_MINE)
    chosen = []
    seen = set()
    untouched = width * height - mines

    def add(points, threshold):
        nonlocal untouched
        for x, y in points:
            # the official test checks the budget before the duplicate check,
            # so a duplicate costs nothing but is not a reason to stop either
            if untouched > threshold:
                cell = y * width + x
                if cell not in seen:
                    seen.add(cell)
                    chosen.append(cell)
                    untouched -= 1

    def ring_points(pivots):
        # x outer, y inner, pivot by pivot: the order decides who is cut off
        return [
            (rx, ry)
            for px, py in pivots
            for rx in _ring(px, width)
            for ry in _ring(py, height)
        ]

    if corners_on:
        corners = [(x, y) for y in _corner_coordinates(height) for x in _corner_coordinates(width)]
        add(corners, core_threshold)
        add(ring_points(corners), ring_threshold)
    if centre_on:
        centre = [(x, y) for y in _centre_coordinates(height) for x in _centre_coordinates(width)]
        add(centre, core_threshold)
        add(ring_points(centre), ring_threshold)
    return tuple(sorted(chosen))
