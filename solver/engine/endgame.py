"""Play of a small endgame by expectimax: the best click, or stopping.

When few cells are undecided and the mine count is known, every mine layout that
fits the revealed digits can be listed.  Each layout fixes every digit, so the rest
of the game is a finite tree: clicking a cell splits the layouts by what it shows
(a digit, or a mine).  The value of a position is the best of stopping (0) and the
expected value of each click; a cell that is safe in every remaining layout is
always clicked first (it can only gain).  The clicks weighed at a position are the
ENDGAME_CHOICES cells that are a mine in fewest of its layouts: the tree is then
about half as big, and the ADC2026 pack loses a point in 9,483 for it
(docs/design.md, "The cost model": the endgame's width).  Values are in the rule's own units:
under ADC2025 a safe cell of digit d is worth 2d (gained now, not charged at the
end) and a mine -20; under ADC2026 a safe cell is worth 1/safe_total and a mine
-1/mine_total.
"""

from ..grid.bitset import cells_of, popcount

ENDGAME_CELLS = 10  # undecided cells at most, for the tree
ENDGAME_LAYOUTS = 16  # layouts at most (past them on 8 to 10 cells the tree seldom pays: docs/design.md, "The cost model")
ENDGAME_NODES = 1500  # positions evaluated at most, else no answer
ENDGAME_CHOICES = 4  # clicks weighed at a position: the cells a mine in fewest layouts


class _TooBig(Exception):
    pass


def layouts_of(unknown, mines_left, constraints):
    """Every set of `mines_left` cells of `unknown` that meets the (cells, mines)
    constraints, in the order of itertools.combinations over the cells (lowest first).

    Depth first over the cells, a cell a mine before it is safe (so the order is that
    of the combinations), never where a constraint could no longer be met: each cell
    holds the constraints it lies in, with what they still need and the cells they
    have left."""
    cells = cells_of(unknown)
    if not 0 <= mines_left <= len(cells):
        return []
    need, room = [], []
    inside = [[] for _ in cells]  # the constraints of each cell
    for group, mines in constraints:
        group &= unknown
        j = len(need)
        need.append(mines)
        room.append(popcount(group))
        if mines < 0 or mines > room[j]:
            return []
        for i, c in enumerate(cells):
            if group >> c & 1:
                inside[i].append(j)
    out = []
    _place(cells, inside, need, room, 0, mines_left, 0, out)
    return out


def _place(cells, inside, need, room, i, mines, layout, out):
    """Layouts of `mines` more mines in cells[i:], after `layout` (layouts_of's walk)."""
    if i == len(cells):
        out.append(layout)  # every constraint met: each had room 0 and needed 0
        if len(out) > ENDGAME_LAYOUTS:
            raise _TooBig
        return
    here = inside[i]
    if mines and all(need[j] for j in here):  # a mine here
        for j in here:
            need[j] -= 1
            room[j] -= 1
        _place(cells, inside, need, room, i + 1, mines - 1, layout | 1 << cells[i], out)
        for j in here:
            need[j] += 1
            room[j] += 1
    if len(cells) - i > mines and all(room[j] > need[j] for j in here):  # safe here
        for j in here:
            room[j] -= 1
        _place(cells, inside, need, room, i + 1, mines, layout, out)
        for j in here:
            room[j] += 1


class Endgame:
    """The endgame solver of one board: positions already valued are remembered.

    A layout is kept as the whole set of mines it implies (the known ones included),
    so the same position met again after a click is recognised, and the tree below
    the move actually played is not searched twice.  Layouts are numbered for the
    board and a set of them is a bitset of their numbers, so what a click shows
    splits a set by a few ANDs: each undecided cell keeps the layouts where it is a
    mine (`mined`) and those where it shows each digit (`shows`).
    """

    def __init__(self, masks, safe_value, mine_value):
        self.masks = masks
        self.safe_value = safe_value  # safe_value(d): worth of opening a safe cell showing d
        self.mine_value = mine_value
        self.ids = {}  # mine set -> index (stable for the whole board)
        self.mine_sets = []
        self.memo = {}  # (bitset of layout indices, closed cells) -> (value, best cell)
        self.mined = {}  # cell -> bitset of the layouts where it is a mine
        self.shows = {}  # cell -> [(what it shows: a digit, or None for a mine; bitset of those layouts)]
        self.sorted = {}  # cell -> bitset of the layouts entered in its `mined` and `shows`
        self.gains = {shown: safe_value(shown) for shown in range(9)}  # what a click gains, by what it shows
        self.gains[None] = mine_value
        # when every digit is worth the same (ADC2026): the value of n safe cells clicked
        # one by one under a known layout, at runs[n], summed as _known sums them
        self.runs = [0.0] if len(set(self.gains[shown] for shown in range(9))) == 1 else None

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
        self._sort(alive, unknown)
        self.budget = ENDGAME_NODES
        try:
            expected, cell = self._value(alive, unknown)
        except _TooBig:
            return None
        return cell, expected

    def _sort(self, alive, unknown):
        """Enter the layouts of `alive` in the `mined` and `shows` of every undecided
        cell, where they are not yet."""
        masks, shows, mined, sorted_ = self.masks, self.shows, self.mined, self.sorted
        while unknown:
            low = unknown & -unknown
            unknown ^= low
            cell = low.bit_length() - 1
            new = alive & ~sorted_.get(cell, 0)
            if not new:
                continue
            sorted_[cell] = sorted_.get(cell, 0) | new
            mask = masks[cell]
            split = dict(shows.get(cell, ()))
            while new:
                bit = new & -new
                new ^= bit
                mines = self.mine_sets[bit.bit_length() - 1]
                shown = None if mines & low else popcount(mask & mines)
                split[shown] = split.get(shown, 0) | bit
            shows[cell] = list(split.items())
            mined[cell] = split.get(None, 0)

    def _known(self, safe, mines):
        """(value, first click) of clicking every cell of `safe`, lowest first, under one
        known layout; summed as the click-by-click recursion would sum it."""
        if not safe:
            return 0.0, None
        runs = self.runs
        if runs is not None:
            count = popcount(safe)
            while len(runs) <= count:
                runs.append(self.gains[0] + runs[-1])
            return runs[count], (safe & -safe).bit_length() - 1
        value = 0.0
        cells = cells_of(safe)
        for cell in reversed(cells):
            value = self.safe_value(popcount(self.masks[cell] & mines)) + value
        return value, cells[0]

    def _value(self, alive, closed):
        """Best expected value from here, and the move that reaches it."""
        key = (alive, closed)
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        self.budget -= 1
        if self.budget < 0:
            raise _TooBig
        if not alive & (alive - 1):  # one layout left: everything is known
            mines = self.mine_sets[alive.bit_length() - 1]
            known = memo[key] = self._known(closed & ~mines, mines)
            return known
        total = popcount(alive)
        mined_in = self.mined
        # a cell safe in every layout is clicked first (the lowest): it can only gain;
        # a cell that is a mine in every layout is never worth a click; of the others,
        # the ENDGAME_CHOICES a mine in fewest layouts (lowest first among equals) are
        # weighed, in cell order
        choices = []
        rest = closed
        while rest:
            low = rest & -rest
            rest ^= low
            cell = low.bit_length() - 1
            mined = mined_in[cell] & alive
            if not mined:
                choices = (cell,)
                best = None
                break
            if mined != alive:
                choices.append((popcount(mined), cell))
        else:
            best = 0.0  # stopping is worth 0
            if len(choices) > ENDGAME_CHOICES:
                choices.sort()
                del choices[ENDGAME_CHOICES:]
            choices = sorted([cell for _, cell in choices])
        best_cell = None
        shows, gains, value = self.shows, self.gains, self._value
        for cell in choices:
            rest = closed & ~(1 << cell)
            groups = []
            for shown, layouts in shows[cell]:
                group = layouts & alive
                if group:
                    groups.append((group & -group, shown, group))
            groups.sort()  # by the lowest layout of each: the order the layouts meet them
            expected = 0.0
            for _, shown, group in groups:
                expected += popcount(group) / total * (gains[shown] + value(group, rest)[0])
            if best is None or expected > best:
                best, best_cell = expected, cell
        known = memo[key] = (best, best_cell)
        return known
