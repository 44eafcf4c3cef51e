"""The hidden board.  This is the only code that reads hidden digits.

A Judge opens cells exactly as the official page does: a click on an opened cell does
nothing, a safe cell opens and shows its digit, a 0 opens its neighbours and so on
(plain flood fill, each cell once), a mine opens, shows 9 and counts as a hit.
The player sees the board only through `reveal`; scoring lives in `rules`.
"""

from .formats import MINE
from .geometry import CLASSIC, geometry


class Judge:
    """One board in play: what has been opened, how many mines were hit."""

    def __init__(self, board, reach=CLASSIC):
        self._cells = board.cells
        self._neighbours = geometry(board.width, board.height, reach).neighbours
        self.width = board.width
        self.height = board.height
        self.opened = 0  # bitset of opened cells, mines included
        self.hits = 0
        self.safe_left = len(board.cells) - board.cells.count(MINE)
        self.clicks = []  # every cell clicked, in order, opened or not

    def reveal(self, cell):
        """Click `cell`: the list of (cell, digit) it newly opens, in opening order.

        A mine gives [(cell, 9)]; an already opened cell gives [].
        """
        self.clicks.append(cell)
        bit = 1 << cell
        if self.opened & bit:
            return []
        cells = self._cells
        digit = cells[cell]
        self.opened |= bit
        if digit == MINE:
            self.hits += 1
            return [(cell, MINE)]
        opened_now = [(cell, digit)]
        if digit == 0:
            neighbours = self._neighbours
            opened = self.opened
            stack = [cell]
            while stack:
                for n in neighbours[stack.pop()]:
                    if not opened >> n & 1:
                        opened |= 1 << n
                        d = cells[n]
                        opened_now.append((n, d))
                        if d == 0:
                            stack.append(n)
            self.opened = opened
        self.safe_left -= len(opened_now)
        return opened_now
