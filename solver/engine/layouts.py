"""Exact numbers of mine layouts: of a position, and of it with some cells fixed.

A position's weight is its number of mine layouts: the components' exact counts by
number of mines (counting.Counts.weights), convolved, times the ways to put the
other mines in the interior, C(interior, mines_left - t).  With some cells fixed as
mines or safe, only the components they touch change: those are counted again with
the fixed cells taken out of their constraints, the others keep their counts.
Weights over the position's weight are exact probabilities of joint events (the
engine's estimate gives each cell's own probability only): whether two cells can
both be mines, how often a pair is doomed and how many layouts perfect play has to
list (variants/classic/pairs.py and variants/classic/perfect.py), and the weight of the two-step
look's scenes (twostep.py).
"""

from math import comb

from ..grid.bitset import popcount
from .frontier import components_of


def layouts_weight(counted, interior_count, mines_left):
    """The number of mine layouts: components with these Counts (exact weights by mine
    count) and `interior_count` free cells holding `mines_left` mines in all."""
    poly = [1]
    for counts in counted:
        poly = _convolve(poly, counts.weights)
    return sum(w * comb(interior_count, mines_left - t) for t, w in enumerate(poly) if w and 0 <= mines_left - t <= interior_count)


def _convolve(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


class Layouts:
    """The layouts of a position (the classic player's Position: any record with its
    constraints, components, interior and mines_left), counted with `counter` (the
    player's memo of component counts).  exact: every component could be counted."""

    def __init__(self, masks, position, counter):
        self.masks = masks
        self.position = position
        self.counter = counter
        counted = [counter(comp, None) for comp in position.components]
        self.exact = all(counts is not None for counts in counted)
        self.counted = dict(zip((comp.key for comp in position.components), counted))
        self.weight = layouts_weight(counted, popcount(position.interior), position.mines_left) if self.exact else 0

    def _split(self, touched):
        """(components not touching `touched`, their Counts, the cells of the others
        and `touched`)."""
        kept, zone = [], touched
        for comp in self.position.components:
            if comp.area & touched:
                zone |= comp.area
            else:
                kept.append(comp)
        return kept, [self.counted[comp.key] for comp in kept], zone

    def _fixed(self, zone, safe, mines):
        """The constraints over `zone` once the cells `safe` and `mines` are decided, or
        None when that contradicts one of them."""
        changed = []
        for cells, need in self.position.constraints:
            if cells & zone:
                need -= popcount(cells & mines)
                cells &= ~(safe | mines)
                if not 0 <= need <= popcount(cells):
                    return None
                if cells:
                    changed.append((cells, need))
        return changed

    def weight_with(self, mines, safe=0):
        """The number of layouts in which every cell of `mines` is a mine and every cell
        of `safe` is safe (None when a component is too big to count)."""
        if not self.exact:
            return None
        kept, kept_counts, zone = self._split(mines | safe)
        changed = self._fixed(zone, safe, mines)
        if changed is None:
            return 0
        counts = [self.counter(comp, None) for comp in components_of(changed)]
        if any(c is None for c in counts):
            return None
        interior = self.position.interior & ~(mines | safe)
        return layouts_weight(kept_counts + counts, popcount(interior), self.position.mines_left - popcount(mines))
