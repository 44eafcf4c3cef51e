"""Perfect play when few mine layouts remain: the click that maximises the chance of winning.

Every layout of the undecided cells that fits the digits and the mine count is
listed (`list_layouts`, from the components' classes, only when the exact count is
small).  Layouts are numbered, so a set of layouts is a Python int, and for every
cell and every thing it may show (a digit, or a mine) the layouts where it shows
that are one bitset: splitting a set of layouts by a click is a few ANDs.

The value of a set S of layouts (each equally likely) is the chance to win from it:
- one layout left: 1 (everything is known);
- a cell safe in every layout of S whose digit differs between layouts is opened
  for free (a certain click never hurts), so S splits by its digit;
- otherwise the best guess: max over cells of the sum, over the digits it may show,
  of (share of S) x value of that part.  A cell whose digit is the same in every
  layout where it is safe ("dead") teaches only that it is safe; opening it later
  never loses, so dead cells are guessed only when every candidate is dead.

Candidates are tried safest first and a guess stops being summed once even winning
everything left could not beat the best so far; values of sets are remembered for
the whole game (the layouts stay numbered), so the next move starts warm.  The work
is counted (`budget`, in set splits weighed by the number of layouts, and in looks
over the cells), and a search that would exceed it gives no answer: the caller then guesses by its heuristic.  That
keeps a move under a second on this machine whatever the position (the player's
budget), and deterministic (no clock is read).
"""

from itertools import combinations

from ...grid.bitset import cells_of, popcount, sum_support

MINE = -1  # what a cell "shows" in a layout where it is a mine
LAYOUTS_PER_UNIT = 2500  # a split of sets of this many layouts costs twice one of a few (measured)
CELLS_PER_UNIT = 8  # looking over this many cells for a free or a candidate click costs about one split


class OverBudget(Exception):
    pass


def component_layouts(component, wanted):
    """{t: [mine bitsets]} of a component's cell layouts with t mines, for t in `wanted`."""
    classes, sizes = component.classes, component.sizes
    count = len(classes)
    need = [mines for _, mines in component.constraints]
    room = [sum(sizes[k] for k in members) for members, _ in component.constraints]
    at = [[] for _ in range(count)]
    for j, (members, _) in enumerate(component.constraints):
        for k in members:
            at[k].append(j)
    out = {}
    chosen = [0] * count

    def search(k, t):
        if k == count:
            if t in wanted:
                _expand(classes, chosen, out.setdefault(t, []))
            return
        low, high = 0, sizes[k]
        for j in at[k]:
            high = min(high, need[j])
            low = max(low, need[j] - (room[j] - sizes[k]))
        for j in at[k]:
            room[j] -= sizes[k]
        for m in range(low, high + 1):
            for j in at[k]:
                need[j] -= m
            chosen[k] = m
            search(k + 1, t + m)
            for j in at[k]:
                need[j] += m
        for j in at[k]:
            room[j] += sizes[k]

    search(0, 0)
    return out


def _expand(classes, chosen, into):
    """Append every cell layout with chosen[k] mines in class k."""
    layouts = [0]
    for cells, m in zip(classes, chosen):
        if m:
            picks = [sum(1 << c for c in pick) for pick in combinations(cells_of(cells), m)]
            layouts = [a | b for a in layouts for b in picks]
    into.extend(layouts)


def list_layouts(components, counted, interior, mines_left):
    """Every layout (mine bitset over the undecided cells) fitting the components (with
    their exact Counts) and the mine count, the interior holding the rest."""
    interior_count = popcount(interior)
    supports = [counts.support << counts.low for counts in counted]
    per_component = []
    for k, comp in enumerate(components):
        others = 1
        for j, support in enumerate(supports):
            if j != k:
                others = sum_support(others, support)
        wanted = {t for t in cells_of(supports[k]) if _fits(others, t, interior_count, mines_left)}
        per_component.append(component_layouts(comp, wanted))
    partial = {0: [0]}  # mines so far -> layouts of the components so far
    for by_t in per_component:
        merged = {}
        for t0, firsts in partial.items():
            for t1, seconds in by_t.items():
                if t0 + t1 <= mines_left:
                    merged.setdefault(t0 + t1, []).extend(a | b for a in firsts for b in seconds)
        partial = merged
    out = []
    interior_cells = cells_of(interior)
    for t, layouts in sorted(partial.items()):
        rest = mines_left - t
        if 0 <= rest <= interior_count:
            fills = [sum(1 << c for c in pick) for pick in combinations(interior_cells, rest)]
            out.extend(a | b for a in layouts for b in fills)
    return out


def _fits(others, t, interior_count, mines_left):
    """Can the other components (bit s of `others`: they can hold s mines together)
    and the interior hold the mines_left - t mines this component does not?"""
    need = mines_left - t
    if need < 0:
        return False
    low = max(0, need - interior_count)
    return bool(others >> low & ((1 << (need - low + 1)) - 1))


class Perfect:
    """The exact game over a fixed list of layouts of the cells `unknown`."""

    def __init__(self, masks, unknown, known_mines, layouts):
        self.masks = masks
        self.known_mines = known_mines  # at listing time: a digit less these is what `shows` counts
        self.cells = cells_of(unknown)
        self.unknown = unknown
        self.count = len(layouts)
        self.all = (1 << len(layouts)) - 1
        # shows[c]: {digit or MINE: bitset of the layouts where c shows it}
        self.shows = {}
        for c in self.cells:
            groups = {}
            bit, around = 1 << c, masks[c] & unknown
            for i, layout in enumerate(layouts):
                shown = MINE if layout & bit else popcount(layout & around)
                groups[shown] = groups.get(shown, 0) | (1 << i)
            self.shows[c] = groups
        self.memo = {}
        self.budget = 0
        self.unit = 1.0 + len(layouts) / LAYOUTS_PER_UNIT  # a split costs more as the sets grow
        self.scan = len(self.cells) / CELLS_PER_UNIT  # work units of one look over the cells

    def alive_after(self, alive, cell, digit):
        """The layouts of `alive` left once `cell` opened showing `digit`."""
        shown = digit - popcount(self.masks[cell] & self.known_mines)
        return alive & self.shows[cell].get(shown, 0)

    def best(self, alive, budget):
        """(cell, win chance) of the best click from the layouts `alive`, or None past `budget`."""
        self.budget = budget
        try:
            return self._guess(alive, popcount(alive), -1.0)
        except OverBudget:
            return None

    def value(self, alive):
        """The chance to win from the layouts `alive` (remembered)."""
        known = self.memo.get(alive)
        if known is not None:
            return known
        total = popcount(alive)
        if total == 1:
            return 1.0
        self._spend(self.scan)
        for c in self.cells:
            groups = self.shows[c]
            mine = groups.get(MINE, 0)
            if alive & mine:
                continue
            parts = [alive & g for g in groups.values() if alive & g]
            if len(parts) > 1:  # a certain cell that tells something: open it for free
                self._spend(len(parts))
                result = sum(popcount(part) * self.value(part) for part in parts) / total
                self.memo[alive] = result
                return result
        result = self._guess(alive, total, -1.0)[1]
        self.memo[alive] = result
        return result

    def _spend(self, work):
        self.budget -= work * self.unit
        if self.budget < 0:
            raise OverBudget

    def _guess(self, alive, total, floor):
        """(cell, value) of the best guess from `alive`, each value a win chance."""
        self._spend(self.scan)
        candidates = []
        for c in self.cells:
            groups = self.shows[c]
            mines_here = popcount(alive & groups.get(MINE, 0))
            if 0 < mines_here < total:
                parts = [alive & g for shown, g in groups.items() if shown != MINE and alive & g]
                candidates.append((mines_here, len(parts) == 1, c, parts))
        living = [entry for entry in candidates if not entry[1]]
        chosen = living or candidates
        chosen.sort(key=lambda entry: (entry[0], entry[2]))  # safest first, then lowest cell
        best_cell, best = None, floor
        for mines_here, _, c, parts in chosen:
            if (total - mines_here) / total <= best + 1e-12:
                break  # even winning every safe outcome could not beat the best
            self._spend(len(parts))
            bound = total - mines_here
            won = 0.0
            for part in sorted(parts, key=popcount, reverse=True):
                size = popcount(part)
                bound -= size
                won += size * self.value(part)
                if (won + bound) / total <= best + 1e-12:
                    break
            else:
                if won / total > best + 1e-12:
                    best_cell, best = c, won / total
        return best_cell, max(best, 0.0)
