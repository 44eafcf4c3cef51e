"""Exact play of a small endgame: the best click, or stopping, by expectimax.

When few cells are undecided and the mine count is known, every mine layout that
fits the revealed digits can be listed.  Each layout fixes every digit, so the rest
of the game is a finite tree: clicking a cell splits the layouts by what it shows
(a digit, or a mine).  The value of a position is the best of stopping (0) and the
expected value of each click; a cell that is safe in every remaining layout is
always clicked first (it can only gain).  Values are in the rule's own units:
under ADC2025 a safe cell of digit d is worth 2d (gained now, not charged at the
end) and a mine -20; under ADC2026 a safe cell is worth 1/safe_total and a mine
-1/mine_total.
"""

from itertools import combinations

from ..grid.bitset import cells_of, popcount

ENDGAME_CELLS = 10  # undecided cells at most, for the exact tree
ENDGAME_LAYOUTS = 60  # layouts at most
ENDGAME_NODES = 1500  # positions evaluated at most, else no answer


class _TooBig(Exception):
    pass


def layouts_of(unknown, mines_left, constraints):
    """Every set of `mines_left` cells of `unknown` that meets the (cells, mines) constraints."""
    cells = cells_of(unknown)
    if not 0 <= mines_left <= len(cells):
        return []
    out = []
    for chosen in combinations(cells, mines_left):
        layout = 0
        for c in chosen:
            layout |= 1 << c
        if all(popcount(layout & group) == need for group, need in constraints):
            out.append(layout)
            if len(out) > ENDGAME_LAYOUTS:
                raise _TooBig
    return out


class Endgame:
    """The endgame solver of one board: positions already valued are remembered.

    A layout is kept as the whole set of mines it implies (the known ones included),
    so the same position met again after a click is recognised, and the tree below
    the move actually played is not searched twice.
    """

    def __init__(self, masks, safe_value, mine_value):
        self.masks = masks
        self.safe_value = safe_value  # safe_value(d): worth of opening a safe cell showing d
        self.mine_value = mine_value
        self.ids = {}  # mine set -> index (stable for the whole board)
        self.mine_sets = []
        self.memo = {}  # (bitset of layout indices, closed cells) -> (value, best cell)

    def best_move(self, unknown, known_mines, mines_left, constraints):
        """(cell to click or None to stop, expected value), or None when too big."""
        if popcount(unknown) > ENDGAME_CELLS:
            return None
        try:
            layouts = layouts_of(unknown, mines_left, constraints)
        except _TooBig:
            return None
        if not layouts:
            return None
        alive = 0
        for layout in layouts:
            full = layout | known_mines
            index = self.ids.get(full)
            if index is None:
                index = self.ids[full] = len(self.mine_sets)
                self.mine_sets.append(full)
            alive |= 1 << index
        self.budget = ENDGAME_NODES
        try:
            expected, cell = self._value(alive, unknown)
        except _TooBig:
            return None
        return cell, expected

    def _outcomes(self, members, cell):
        """Layouts grouped by what `cell` shows: {digit, or None for a mine: bitset of layouts}.

        members -- (bit of the layout, its mine set) for every layout still alive
        """
        groups = {}
        mask, bit = self.masks[cell], 1 << cell
        for low, mines in members:
            shown = None if mines & bit else popcount(mask & mines)
            groups[shown] = groups.get(shown, 0) | low
        return groups

    def _known(self, safe, mines):
        """(value, first click) of clicking every cell of `safe`, lowest first, under one
        known layout; summed as the click-by-click recursion would sum it."""
        value = 0.0
        cells = cells_of(safe)
        for cell in reversed(cells):
            value = self.safe_value(popcount(self.masks[cell] & mines)) + value
        return value, (cells[0] if cells else None)

    def _value(self, alive, closed):
        """Best expected value from here, and the move that reaches it."""
        key = (alive, closed)
        memo = self.memo
        if key in memo:
            return memo[key]
        self.budget -= 1
        if self.budget < 0:
            raise _TooBig
        if not alive & (alive - 1):  # one layout left: everything is known
            mines = self.mine_sets[alive.bit_length() - 1]
            memo[key] = self._known(closed & ~mines, mines)
            return memo[key]
        members = []
        may_be_mine, must_be_mine = 0, closed
        rest = alive
        while rest:
            low = rest & -rest
            rest ^= low
            mines = self.mine_sets[low.bit_length() - 1]
            members.append((low, mines))
            may_be_mine |= mines
            must_be_mine &= mines
        total = len(members)
        certain = closed & ~may_be_mine
        # a cell safe in every layout is clicked first: it can only gain;
        # a cell that is a mine in every layout is never worth a click
        choices = cells_of(certain & -certain) if certain else cells_of(closed & may_be_mine & ~must_be_mine)
        best, best_cell = (None, None) if certain else (0.0, None)  # stopping is worth 0
        for cell in choices:
            rest = closed & ~(1 << cell)
            expected = 0.0
            for shown, group in self._outcomes(members, cell).items():
                gain = self.mine_value if shown is None else self.safe_value(shown)
                expected += popcount(group) / total * (gain + self._value(group, rest)[0])
            if best is None or expected > best:
                best, best_cell = expected, cell
        memo[key] = (best, best_cell)
        return memo[key]
