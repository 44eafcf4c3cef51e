"""ICPC Mid-Central USA 2003, "Data Mining?": how far does a casual player get?

The player opens one start cell of a fully covered field (a mine ends the game at once,
with every safe cell still closed) and from then on only applies two rules at opened
cells, where f, c and m count the flagged, closed (neither opened nor flagged) and
mined neighbours (eight-neighbourhood; m is the number the cell shows):

  rule 1  f == m      -> open every closed neighbour
  rule 2  f + c == m  -> flag every closed neighbour

until neither rule changes anything.  For each field we print the least number of safe
cells left closed over all start cells.

Input: fields, each a line ``r c`` (r, c >= 3, r * c <= 40) followed by r rows of
``M`` (mine) and ``.`` (safe); a line ``0 0`` ends the input.  Output: one answer a line.

    python -m solver icpc < fields.txt
    python -m solver.variants.icpc --bench 1000
"""

import random
import sys
import time

from ..grid.bitset import cells_of, popcount
from ..grid.geometry import geometry

MINE = "M"
SAFE = "."
MIN_SIDE = 3
MAX_CELLS = 40
BENCH_FIELDS = 1000
BENCH_SEED = 2003
# fields a bench times at most (about 40,000 a second: minutes); they are made in chunks
# of BENCH_CHUNK, so memory stays flat whatever N
MAX_BENCH_FIELDS = 10_000_000
BENCH_CHUNK = 1000


class FieldFormatError(ValueError):
    """Malformed input, found on the 1-based input line `line`."""

    def __init__(self, line, problem):
        super().__init__(f"line {line}: {problem}")
        self.line = line


# --------------------------------------------------------------------------- analysis


def field_of(rows):
    """(width, height, mine bitset) of a field given as strings of 'M' and '.'.

    Any non-empty rectangle is accepted: the 3x3 and 40-cell limits belong to the
    contest's input format and are checked by `read_fields`, not by the analysis.
    """
    if not rows or not rows[0]:
        raise ValueError("a field needs at least one row and one column")
    width = len(rows[0])
    mines = 0
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {y + 1} has {len(row)} cells, row 1 has {width}")
        for x, char in enumerate(row):
            if char == MINE:
                mines |= 1 << (y * width + x)
            elif char != SAFE:
                raise ValueError(f"row {y + 1} holds {char!r}; only 'M' and '.' are allowed")
    return width, len(rows), mines


def neighbour_split(width, height, mines):
    """Per cell: (bitset of its safe neighbours, bitset of its mined neighbours)."""
    geo = geometry(width, height)
    safe = geo.all_mask & ~mines
    return [mask & safe for mask in geo.masks], [mask & mines for mask in geo.masks]


def settle(start, safe_neighbours, mine_neighbours):
    """The bitset of cells opened when play from safe cell `start` gets stuck.

    Why the order the player applies the rules in does not matter: the rules only ever
    open safe cells and flag mines (by induction: rule 1 fires when every mined
    neighbour is already flagged, so its closed neighbours are safe; rule 2 fires when
    every closed neighbour must be a mine).  With flags always on mines and opened
    cells always safe, at an opened cell

        f == m      <=>  all its mined neighbours are flagged
        f + c == m  <=>  all its safe neighbours are opened

    Both conditions only become true as cells get opened or flagged, never false
    again, and whichever rule fires first makes the other one true while adding
    nothing more: the cell ends with all safe neighbours opened and all mined ones
    flagged ("resolved").  So the rules are monotone, every rule that becomes
    applicable stays applicable until it has fired, and every order reaches the same,
    least, fixed point.  We therefore resolve cells in plain sweeps until a sweep
    resolves none.

    A zero needs no cascade rule of its own: rule 1 fires at once on a 0 (f == m == 0)
    and opens all its neighbours, which is exactly what a cascade would do, so the
    fixed point is the same whether or not opening a 0 is thought of as cascading.
    """
    opened = 1 << start
    flagged = 0
    resolved = 0
    progressed = True
    while progressed:
        progressed = False
        for cell in cells_of(opened & ~resolved):
            if not mine_neighbours[cell] & ~flagged or not safe_neighbours[cell] & ~opened:
                opened |= safe_neighbours[cell]
                flagged |= mine_neighbours[cell]
                resolved |= 1 << cell
                progressed = True
    return opened


def closed_after_start(rows, row, col):
    """Safe cells left closed when play starts at (row, col), 0-based, and gets stuck."""
    width, height, mines = field_of(rows)
    safe = ((1 << (width * height)) - 1) & ~mines
    if not 0 <= row < height or not 0 <= col < width:
        raise ValueError(f"start ({row}, {col}) is outside the {height}x{width} field")
    start = row * width + col
    if mines >> start & 1:
        return popcount(safe)  # the game ends at once: nothing gets opened
    safe_neighbours, mine_neighbours = neighbour_split(width, height, mines)
    return popcount(safe & ~settle(start, safe_neighbours, mine_neighbours))


def least_closed(rows):
    """The least number of safe cells left closed over all start cells of the field."""
    width, height, mines = field_of(rows)
    safe = ((1 << (width * height)) - 1) & ~mines
    if not safe:
        return 0  # an all-mine field has no safe cell to leave closed
    safe_neighbours, mine_neighbours = neighbour_split(width, height, mines)
    safe_count = popcount(safe)
    best = safe_count  # starting on a mine; any safe start does better
    # Starting at a cell that a finished game already opened can only do worse: that
    # game's end state is closed under the rules and contains the new start, so the
    # least fixed point from the new start lies inside it.  Hence each start that a
    # previous game opened is skipped; trying zeros first covers the most ground early.
    explored = 0
    for start in sorted(cells_of(safe), key=lambda cell: popcount(mine_neighbours[cell])):
        if explored >> start & 1:
            continue
        opened = settle(start, safe_neighbours, mine_neighbours)
        explored |= opened
        best = min(best, safe_count - popcount(opened))
        if best == 0:
            break
    return best


# --------------------------------------------------------------------------- input/output


def header_of(text):
    """(r, c) from a field's first line, or None when it is not two whole numbers of ASCII
    digits (int() would also take '1_0', '+4' or '٤')."""
    parts = text.split()
    if len(parts) != 2 or not all(part.isdigit() and part.isascii() and len(part) <= 9 for part in parts):
        return None
    return int(parts[0]), int(parts[1])


def _shown(text, most=40):
    """A line as an error message shows it: at most `most` characters."""
    return repr(text) if len(text) <= most else "%r... (%d characters)" % (text[:most], len(text))


def read_fields(lines):
    """Yield each field's rows from the input lines, up to the ``0 0`` line.

    Blank lines between fields are skipped.  Raises FieldFormatError naming the first
    malformed line; the fields before it have been yielded already.
    """
    numbered = enumerate(lines, 1)
    number = 0
    for number, line in numbered:
        text = line.strip()
        if not text:
            continue
        size = header_of(text)
        if size is None:
            raise FieldFormatError(number, f"expected 'r c' or '0 0', got {_shown(text)}")
        height, width = size
        if height == 0 and width == 0:
            return
        if height < MIN_SIDE or width < MIN_SIDE or height * width > MAX_CELLS:
            raise FieldFormatError(
                number,
                f"a field is at least {MIN_SIDE}x{MIN_SIDE} with at most {MAX_CELLS} cells, got {height} x {width}",
            )
        rows = []
        while len(rows) < height:
            try:
                number, line = next(numbered)
            except StopIteration:
                raise FieldFormatError(
                    number + 1, f"end of input inside a field: {height - len(rows)} more rows expected"
                ) from None
            row = line.strip()
            if len(row) != width or set(row) - {MINE, SAFE}:
                raise FieldFormatError(number, f"expected a row of {width} characters 'M' or '.', got {_shown(row)}")
            rows.append(row)
        yield rows
    raise FieldFormatError(number + 1, "end of input without the '0 0' line")


def answers_text(text):
    """The output for a whole input text: one answer a line (FieldFormatError if malformed)."""
    return "".join(f"{least_closed(rows)}\n" for rows in read_fields(text.splitlines()))


# --------------------------------------------------------------------------- benchmark


def random_field(rng):
    """A random contest-legal field, mine density anywhere from 0 to 1."""
    height = rng.randint(MIN_SIDE, MAX_CELLS // MIN_SIDE)
    width = rng.randint(MIN_SIDE, MAX_CELLS // height)
    density = rng.random()
    return ["".join(MINE if rng.random() < density else SAFE for _ in range(width)) for _ in range(height)]


def bench(count=BENCH_FIELDS, seed=BENCH_SEED, out=None, progress=None):
    """Time `least_closed` on `count` random fields; print and return fields per second.
    The fields are made BENCH_CHUNK at a time, outside the timing; progress(done, count),
    if given, is told after each chunk."""
    rng = random.Random(seed)
    elapsed = 0.0
    for first in range(0, count, BENCH_CHUNK):
        fields = [random_field(rng) for _ in range(min(BENCH_CHUNK, count - first))]
        began = time.perf_counter()
        for rows in fields:
            least_closed(rows)
        elapsed += time.perf_counter() - began
        if progress is not None:
            progress(first + len(fields), count)
    rate = count / elapsed if elapsed > 0 else float("inf")
    print(
        f"icpc bench: {count} random fields (r*c <= {MAX_CELLS}) in {elapsed:.3f} s, {rate:.0f} fields/s",
        file=out or sys.stdout,
    )
    return rate
