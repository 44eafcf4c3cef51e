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

from .bitset import cells_of, popcount

ENDGAME_CELLS = 10  # undecided cells at most, for the exact tree
ENDGAME_LAYOUTS = 60  # layouts at most
ENDGAME_NODES = 4000  # positions evaluated at most, else no answer


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


def best_move(unknown, known_mines, mines_left, constraints, masks, safe_value, mine_value):
    """(cell to click or None to stop, expected value), or None when the endgame is too big.

    safe_value(d) -- what opening a safe cell showing d is worth; mine_value -- a mine.
    """
    if popcount(unknown) > ENDGAME_CELLS:
        return None
    try:
        layouts = layouts_of(unknown, mines_left, constraints)
    except _TooBig:
        return None
    if not layouts:
        return None
    # digit[i][c]: what cell c shows in layout i (None where c is a mine)
    digits = []
    for layout in layouts:
        mines = layout | known_mines
        digits.append({c: (None if layout >> c & 1 else popcount(masks[c] & mines)) for c in cells_of(unknown)})
    memo = {}
    budget = [ENDGAME_NODES]

    def outcomes(alive, cell):
        """Layouts grouped by what `cell` shows: {digit or None: bitset of layout indices}."""
        groups = {}
        rest = alive
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            shown = digits[i][cell]
            groups[shown] = groups.get(shown, 0) | low
        return groups

    def value(alive, closed):
        """Best expected value from here, and the move that reaches it."""
        key = (alive, closed)
        if key in memo:
            return memo[key]
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooBig
        total = popcount(alive)
        may_be_mine = 0
        for i in cells_of(alive):
            may_be_mine |= layouts[i]
        certain = closed & ~may_be_mine
        # a cell safe in every layout is clicked first: it can only gain
        choices = cells_of(certain & -certain) if certain else cells_of(closed & may_be_mine)
        best, best_cell = (None, None) if certain else (0.0, None)  # stopping is worth 0
        for cell in choices:
            rest = closed & ~(1 << cell)
            expected = 0.0
            for shown, group in outcomes(alive, cell).items():
                gain = mine_value if shown is None else safe_value(shown)
                expected += popcount(group) / total * (gain + value(group, rest)[0])
            if best is None or expected > best:
                best, best_cell = expected, cell
        memo[key] = (best, best_cell)
        return memo[key]

    try:
        expected, cell = value((1 << len(layouts)) - 1, unknown)
    except _TooBig:
        return None
    return cell, expected
