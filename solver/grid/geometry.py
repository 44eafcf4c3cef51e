"""Board geometry: cell numbering, neighbour lists and neighbour bitmasks, cached per shape.

Cells are numbered row-major, ``cell = y * width + x`` (x is the column, origin top left).
A neighbourhood is every other cell within squared Euclidean distance ``reach``:
``reach=2`` is classic Minesweeper's eight neighbours; the Topcoder variant uses 1..10.
"""

from functools import lru_cache

from .bitset import cells_of

CLASSIC = 2  # squared distance of the eight-cell neighbourhood


class Geometry:
    """One board shape.

    masks[c]      -- the neighbours of cell c as a bitset
    neighbours[c] -- the same cells as a tuple, row-major (built on first use)
    all_mask      -- every cell of the board
    offsets       -- the (dx, dy) pairs that make up the neighbourhood
    not_left      -- every cell but those of the first column (for shifting whole sets)
    not_right     -- every cell but those of the last column
    """

    __slots__ = ("width", "height", "size", "reach", "all_mask", "masks", "offsets", "not_left", "not_right", "_neighbours")

    def __init__(self, width, height, reach, masks, offsets):
        self.width = width
        self.height = height
        self.size = width * height
        self.reach = reach
        self.all_mask = (1 << self.size) - 1
        self.masks = masks
        self.offsets = offsets
        first_column = sum(1 << (y * width) for y in range(height))
        self.not_left = self.all_mask & ~first_column
        self.not_right = self.all_mask & ~(first_column << (width - 1))
        self._neighbours = None

    @property
    def neighbours(self):
        if self._neighbours is None:
            self._neighbours = tuple(tuple(cells_of(mask)) for mask in self.masks)
        return self._neighbours

    def __repr__(self):
        return "Geometry(%d, %d, reach=%d)" % (self.width, self.height, self.reach)


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
    """The cached Geometry of a width x height board with the given neighbourhood.

    A neighbourhood row dy is a run of columns x-k..x+k, so each cell's mask is a
    few shifted runs (one per row) rather than a loop over its neighbours.
    """
    if width < 1 or height < 1:
        raise ValueError("board size must be at least 1x1, got %dx%d" % (width, height))
    offsets = neighbourhood_offsets(reach)
    if reach == CLASSIC:
        return Geometry(width, height, reach, _classic_masks(width, height), offsets)
    reach_in_row = {}  # dy -> largest |dx|
    for dx, dy in offsets:
        reach_in_row[dy] = max(reach_in_row.get(dy, 0), abs(dx))
    if 0 not in reach_in_row:
        reach_in_row[0] = 0  # the cell's own row: only the cell, taken out below
    runs = {}  # (k, x) -> the columns x-k..x+k of one row, as bits
    for k in set(reach_in_row.values()):
        for x in range(width):
            low, high = max(0, x - k), min(width - 1, x + k)
            runs[k, x] = ((1 << (high - low + 1)) - 1) << low
    rows = sorted(reach_in_row.items())
    masks = []
    for y in range(height):
        for x in range(width):
            mask = 0
            for dy, k in rows:
                row = y + dy
                if 0 <= row < height:
                    mask |= runs[k, x] << (row * width)
            masks.append(mask & ~(1 << (y * width + x)))
    return Geometry(width, height, reach, tuple(masks), offsets)


def _classic_masks(width, height):
    """The eight-cell neighbourhoods of every cell: the three-row block around column x
    (three columns wide at most), shifted to the cell's row and clipped to the board."""
    full = (1 << (width * height)) - 1
    blocks = []
    for x in range(width):
        low, high = max(0, x - 1), min(width - 1, x + 1)
        run = ((1 << (high - low + 1)) - 1) << low
        blocks.append(run | run << width | run << 2 * width)  # rows -1, 0, +1 of a cell in row 0, moved up a row
    masks = [0] * (width * height)
    cell = 0
    for y in range(height):
        shift = y * width
        for x in range(width):
            masks[cell] = ((blocks[x] << shift) >> width) & full & ~(1 << cell)
            cell += 1
    return tuple(masks)


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
