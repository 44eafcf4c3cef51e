"""The hidden board.  This is the only code that reads hidden digits.

A Judge opens cells exactly as the official page does: a click on an opened cell does
nothing, a safe cell opens and shows its digit, a 0 opens its neighbours and so on
(plain flood fill, each cell once), a mine opens, shows 9 and counts as a hit.
The player sees the board only through `open`, and reads digits only of opened
cells through `value`; scoring lives in `rules`.
"""

from .bitset import cells_of, popcount
from .formats import MINE, digit_layers
from .geometry import CLASSIC, geometry, spread


_AS_TEXT = bytes(range(256)).translate(bytes.maketrans(bytes(range(10)), b"0123456789"))


class Judge:
    """One board in play: what has been opened, how many mines were hit."""

    def __init__(self, board, reach=CLASSIC):
        self._digits = board.cells
        self._geo = geometry(board.width, board.height, reach)
        self._size = len(board.cells)
        layers = digit_layers(bytes(board.cells).translate(_AS_TEXT).decode("ascii"))  # layers[d]: cells showing d
        self._layers = layers
        self._zeros = layers[0]
        self._mines = mines = layers[MINE]
        self.width = board.width
        self.height = board.height
        self.opened = 0  # bitset of opened cells, mines included
        self.hits = 0
        self.hits_before_close = 0  # hits before the board closed (ADC2025 counts only these)
        self.closed = False  # ADC2025 closes a board after the click that leaves no safe cell
        self.safe_left = len(board.cells) - popcount(mines)
        self.clicks = []  # every cell clicked, in order, opened or not

    def open(self, cell):
        """Click `cell`; the bitset of the cells it newly opens (0 if already open)."""
        self.clicks.append(cell)
        if not 0 <= cell < self._size:  # the official page skips it, then checks closure
            self.closed = self.closed or self.safe_left == 0
            return 0
        bit = 1 << cell
        opened = self.opened
        if opened & bit:
            return 0
        if self._mines & bit:
            self.opened = opened | bit
            self.hits += 1
            if not self.closed:
                self.hits_before_close += 1
            self.closed = self.safe_left == 0
            return bit
        region = bit
        frontier = bit & self._zeros
        geo = self._geo
        while frontier:  # flood fill, one ring of zeros at a time
            grown = spread(geo, frontier) & ~region & ~opened
            region |= grown
            frontier = grown & self._zeros
        self.opened = opened | region
        self.safe_left -= popcount(region)
        self.closed = self.safe_left == 0
        return region

    def value(self, cell):
        """The digit of an opened cell (9 for a mine that was hit)."""
        if not self.opened >> cell & 1:
            raise ValueError("cell %d is not open: its digit is hidden" % cell)
        return self._digits[cell]

    def digit_sum(self, cells):
        """Sum of the digits of opened safe cells in the bitset `cells`."""
        if cells & ~self.opened:
            raise ValueError("digit_sum asked about cells that are not open")
        layers = self._layers
        return sum(d * popcount(cells & layers[d]) for d in range(1, MINE) if cells & layers[d])

    def _final_counts(self):
        """(digits gained, safe cells opened, safe total, mine total, safe digit total).

        For scoring only (`rules`): it tells totals the player must not know.
        """
        layers = self._layers
        safe_total = sum(popcount(layer) for layer in layers[:MINE])
        safe_digits = sum(d * popcount(layers[d]) for d in range(1, MINE))
        return (
            self.digit_sum(self.opened),
            safe_total - self.safe_left,
            safe_total,
            popcount(self._mines),
            safe_digits,
        )

    def reveal(self, cell):
        """Click `cell`: the list of (cell, digit) it newly opens, lowest cell first.

        A mine gives [(cell, 9)]; an already opened cell gives [].
        """
        digits = self._digits
        return [(c, digits[c]) for c in cells_of(self.open(cell))]
