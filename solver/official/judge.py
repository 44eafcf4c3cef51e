"""The hidden board.  This is the only code that reads hidden digits while a board is played.

A Judge opens cells exactly as the official page does: a click on an opened cell does
nothing, a safe cell opens and shows its digit, a 0 opens its neighbours and so on
(plain flood fill, each cell once), a mine opens, shows 9 and counts as a hit.  It
records facts, not scores: which cells opened, each click, each hit and whether a
safe cell was still closed when it happened; `rules` turns an Outcome into a score.

The player never holds a Judge: it gets `Judge.view()`, which can only click and
read the digits of opened cells.
"""

from collections import namedtuple

from ..grid.bitset import cells_of, popcount
from ..grid.geometry import geometry
from ..grid.planes import digit_total, mines_of
from .board import hidden_planes

Outcome = namedtuple("Outcome", "digits_opened safe_opened safe_total safe_digits hits hits_while_open mines")
Outcome.__doc__ = """The facts a score is made of, after the clicks so far.

digits_opened   -- sum of the digits of the opened safe cells
safe_opened     -- opened safe cells;  safe_total -- safe cells of the board
safe_digits     -- sum of the digits of every safe cell
hits            -- mines clicked
hits_while_open -- mines clicked before the board closed (the ADC2025 page closes
                   a board after the click that leaves no safe cell closed, and
                   ignores later clicks)
mines           -- mines of the board
"""

View = namedtuple("View", "open open_all planes_of")
View.__doc__ = """What a player may do with a board: click, and read the digits it opened.

open(cell)       -- click one cell; the bitset of the cells it newly opened (a mine
                    opens alone and shows 9)
open_all(cells)  -- click every closed cell of a bitset (zeros first); the bitset of
                    the cells newly opened
planes_of(cells) -- the digit planes (grid/planes.py) of opened cells
"""


class Judge:
    """One board in play: what has been opened, what was clicked, which clicks hit mines."""

    def __init__(self, board):
        geo = geometry(board.width, board.height)
        planes = hidden_planes(board)
        self._geo = geo
        self._planes = planes
        self._mines = mines = mines_of(planes)
        self._zeros = geo.all_mask & ~(planes[0] | planes[1] | planes[2] | planes[3])
        self._safe_left = geo.size - popcount(mines)
        self.size = geo.size
        self.opened = 0  # bitset of opened cells, mines included
        self.hits = 0
        self._hits_while_open = 0
        self._closed = False  # the official page closes a board after a click that leaves no safe cell
        self.clicks = []  # every cell clicked, in order, opened or not

    def view(self):
        """The player's window on this board (see View)."""
        return View(self.open, self.open_all, self.planes_of)

    def open(self, cell):
        """Click `cell`; the bitset of the cells it newly opens (0 if already open)."""
        self.clicks.append(cell)
        if not 0 <= cell < self.size:  # the official page skips it, then checks closure
            self._closed = self._closed or not self._safe_left
            return 0
        bit = 1 << cell
        opened = self.opened
        if opened & bit:
            return 0
        if self._mines & bit:
            self.opened = opened | bit
            self.hits += 1
            if not self._closed:
                self._hits_while_open += 1
            self._closed = not self._safe_left
            return bit
        region = self._flood(bit, opened) if bit & self._zeros else bit
        self.opened = opened | region
        self._safe_left -= popcount(region)
        self._closed = not self._safe_left
        return region

    def _flood(self, zero, opened):
        """The region a click on the closed zero `zero` (one bit) opens, `opened` being
        open already: plain flood fill, one ring of zeros at a time (the shifts of
        geometry.spread, inlined)."""
        geo = self._geo
        width, not_left, not_right, zeros = geo.width, geo.not_left, geo.not_right, self._zeros
        closed = geo.all_mask & ~opened & ~zero
        region = ring = zero
        while ring:
            row = ring | ((ring << 1) & not_left) | ((ring >> 1) & not_right)
            grown = (row | (row << width) | (row >> width)) & closed
            closed ^= grown
            region |= grown
            ring = grown & zeros
        return region

    def open_all(self, cells):
        """Click every cell of the bitset `cells` that is still closed, zeros first (one
        click opens a whole region), then the others lowest first; the cells newly opened."""
        before = opened = self.opened
        zeros = cells & self._zeros & ~opened
        if zeros:  # each a click of open(), inlined: a zero is never a mine, nor out of range
            clicks = self.clicks
            while zeros:
                low = zeros & -zeros
                clicks.append(low.bit_length() - 1)
                opened |= self._flood(low, opened)
                zeros &= ~opened
            self.opened = opened
            self._safe_left -= popcount(opened & ~before)
            self._closed = not self._safe_left
        rest = cells & ~opened
        if rest & self._mines:  # never from a sound player; clicked one by one to count the hits
            for cell in cells_of(rest):
                self.open(cell)
        elif rest:
            self.clicks.extend(cells_of(rest))
            self.opened |= rest
            self._safe_left -= popcount(rest)
            self._closed = not self._safe_left
        return self.opened & ~before

    def planes_of(self, cells):
        """The digit planes of the opened cells in the bitset `cells`."""
        if cells & ~self.opened:
            raise ValueError("planes_of asked about cells that are not open: their digits are hidden")
        return tuple([plane & cells for plane in self._planes])

    def value(self, cell):
        """The digit of an opened cell (9 for a mine that was hit)."""
        if not self.opened >> cell & 1:
            raise ValueError("cell %d is not open: its digit is hidden" % cell)
        planes = self._planes
        return (planes[0] >> cell & 1) | (planes[1] >> cell & 1) << 1 | (planes[2] >> cell & 1) << 2 | (planes[3] >> cell & 1) << 3

    def outcome(self):
        """The Outcome of the clicks so far (for scoring; it tells totals a player must not know)."""
        safe = self._geo.all_mask & ~self._mines
        safe_total = popcount(safe)
        return Outcome(
            digit_total(self._planes, self.opened & safe),
            safe_total - self._safe_left,
            safe_total,
            digit_total(self._planes, safe),
            self.hits,
            self._hits_while_open,
            popcount(self._mines),
        )


def replayed(board, clicks):
    """A Judge of `board` that has seen the (x, y) clicks of a select list, indexed as the
    official page indexes them (y * width + x, out-of-range cells included)."""
    judge = Judge(board)
    width = board.width
    for x, y in clicks:
        judge.open(width * y + x)
    return judge
