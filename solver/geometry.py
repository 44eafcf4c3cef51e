"""Board geometry: cell numbering, neighbour lists and neighbour bitmasks, cached per shape.

Cells are numbered row-major, ``cell = y * width + x`` (x is the column, origin top left).
A neighbourhood is every other cell within squared Euclidean distance ``reach``:
``reach=2`` is classic Minesweeper's eight neighbours; the Topcoder variant uses 1..10.
"""

from collections import namedtuple
from functools import lru_cache

Geometry = namedtuple(
    "Geometry",
    "width height size reach all_mask neighbours masks offsets not_left not_right",
)
Geometry.__doc__ = """One board shape.

neighbours[c] -- tuple of the neighbour cells of c, in row-major order
masks[c]      -- the same set as a bitset
all_mask      -- every cell of the board
offsets       -- the (dx, dy) pairs that make up the neighbourhood
not_left      -- every cell but those of the first column (for shifting whole sets)
not_right     -- every cell but those of the last column
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
    row_major = sorted(offsets, key=lambda o: (o[1], o[0]))
    neighbours = []
    masks = []
    for y in range(height):
        for x in range(width):
            cells = tuple(
                (y + dy) * width + (x + dx)
                for dx, dy in row_major
                if 0 <= x + dx < width and 0 <= y + dy < height
            )
            neighbours.append(cells)
            mask = 0
            for cell in cells:
                mask |= 1 << cell
            masks.append(mask)
    all_mask = (1 << (width * height)) - 1
    first_column = sum(1 << (y * width) for y in range(height))
    last_column = first_column << (width - 1)
    return Geometry(
        width,
        height,
        width * height,
        reach,
        all_mask,
        tuple(neighbours),
        tuple(masks),
        offsets,
        all_mask & ~first_column,
        all_mask & ~last_column,
    )


def spread(geo, cells):
    """`cells` together with all their neighbours, as one bitset.

    The classic neighbourhood is done with whole-board shifts (a few big-int
    operations whatever the number of cells); others cell by cell.
    """
    if geo.reach == CLASSIC:
        row = cells | ((cells << 1) & geo.not_left) | ((cells >> 1) & geo.not_right)
        width = geo.width
        return (row | (row << width) | (row >> width)) & geo.all_mask
    masks = geo.masks
    out = cells
    while cells:
        low = cells & -cells
        out |= masks[low.bit_length() - 1]
        cells ^= low
    return out


def xy(geo, cell):
    """(x, y) of a cell."""
    return cell % geo.width, cell // geo.width


def cell_at(geo, x, y):
    """The cell at column x, row y."""
    return y * geo.width + x
