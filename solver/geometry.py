"""Board geometry: cell numbering, neighbour lists and neighbour bitmasks, cached per shape.

Cells are numbered row-major, ``cell = y * width + x`` (x is the column, origin top left).
A neighbourhood is every other cell within squared Euclidean distance ``reach``:
``reach=2`` is classic Minesweeper's eight neighbours; the Topcoder variant uses 1..10.
"""

from collections import namedtuple
from functools import lru_cache

Geometry = namedtuple(
    "Geometry",
    "width height size reach all_mask neighbours masks offsets",
)
Geometry.__doc__ = """One board shape.

neighbours[c] -- tuple of the neighbour cells of c, in row-major order
masks[c]      -- the same set as a bitset
all_mask      -- every cell of the board
offsets       -- the (dx, dy) pairs that make up the neighbourhood
"""

CLASSIC = 2  # squared distance of the eight-cell neighbourhood


def neighbourhood_offsets(reach):
    """The (dx, dy) offsets within squared distance `reach`, the cell itself excluded."""
    span = int(reach**0.5)
    return tuple(
        (dx, dy)
        for dy in range(-span, span + 1)
        for dx in range(-span, span + 1)
        if (dx or dy) and dx * dx + dy * dy <= reach
    )


@lru_cache(maxsize=None)
def geometry(width, height, reach=CLASSIC):
    """The cached Geometry of a width x height board with the given neighbourhood."""
    if width < 1 or height < 1:
        raise ValueError("board size must be at least 1x1, got %dx%d" % (width, height))
    offsets = neighbourhood_offsets(reach)
    neighbours = []
    masks = []
    for y in range(height):
        for x in range(width):
            cells = tuple(
                (y + dy) * width + (x + dx)
                for dx, dy in sorted(offsets, key=lambda o: (o[1], o[0]))
                if 0 <= x + dx < width and 0 <= y + dy < height
            )
            neighbours.append(cells)
            mask = 0
            for cell in cells:
                mask |= 1 << cell
            masks.append(mask)
    return Geometry(
        width,
        height,
        width * height,
        reach,
        (1 << (width * height)) - 1,
        tuple(neighbours),
        tuple(masks),
        offsets,
    )


def xy(geo, cell):
    """(x, y) of a cell."""
    return cell % geo.width, cell // geo.width


def cell_at(geo, x, y):
    """The cell at column x, row y."""
    return y * geo.width + x
