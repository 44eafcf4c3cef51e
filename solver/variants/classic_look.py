"""One guess looked at exactly: each digit it may show, the exact odds of it, and the position after.

A position's weight is its number of mine layouts: the components' exact counts by
number of mines (probability.Counts.weights), convolved, times the ways to put the
other mines in the interior, C(interior, mines_left - t).  When a guessed cell is
safe and shows a digit, only the components it touches change: they are counted
again with the cell's own constraint, the others keep their counts.  The weight of
each outcome over the position's weight is its exact probability (the engine's
lookahead.py weighs digits as if the neighbours were independent; winning needs the
exact odds).  The estimate after each digit says whether a move is then certain
and how safe the best next guess is.
"""

from collections import namedtuple
from math import comb

from ..bitset import popcount
from ..frontier import components_of
from ..probability import estimate

Outcome = namedtuple("Outcome", "digit weight after rest interior")
Outcome.__doc__ = """One digit a guess may show.

digit    -- the mines among the guess's undecided neighbours (known mines not counted)
weight   -- the number of layouts in which the guess is safe and shows it (exact int)
after    -- the Estimate of the position then
rest     -- the undecided cells then (the guess is open)
interior -- the undecided cells then that no digit touches
"""


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


class Look:
    """Looks one guess ahead from a Position (classic.Position), counting with `counter`
    (the player's memo of component counts)."""

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

    def weight_with_mines(self, mines):
        """The number of layouts in which every cell of `mines` is a mine (None when a
        component is too big to count)."""
        if not self.exact:
            return None
        kept, kept_counts, zone = self._split(mines)
        changed = self._fixed(zone, 0, mines)
        if changed is None:
            return 0
        counts = [self.counter(comp, None) for comp in components_of(changed)]
        if any(c is None for c in counts):
            return None
        interior = self.position.interior & ~mines
        return layouts_weight(kept_counts + counts, popcount(interior), self.position.mines_left - popcount(mines))

    def outcomes(self, cell):
        """The Outcomes of guessing `cell` that can happen (weight > 0), or None when a
        component is too big to count exactly."""
        if not self.exact:
            return None
        position, masks = self.position, self.masks
        bit = 1 << cell
        around = masks[cell] & position.unknown & ~bit
        kept, kept_counts, zone = self._split(around | bit)
        changed = self._fixed(zone, bit, 0)  # the guess is safe in every outcome looked at
        if changed is None:
            return []
        interior = position.interior & ~(around | bit)
        interior_count = popcount(interior)
        rest = position.unknown & ~bit
        shown = popcount(masks[cell] & position.mines)
        out = []
        for digit in range(popcount(around) + 1):
            parts = components_of(changed + [(around, digit)] if around else changed)
            counts = [self.counter(comp, None) for comp in parts]
            if any(c is None for c in counts):
                return None
            weight = layouts_weight(kept_counts + counts, interior_count, position.mines_left)
            if weight:
                after = estimate(kept + parts, interior, interior_count, position.mines_left, counter=self.counter)
                out.append(Outcome(digit + shown, weight, after, rest, interior))
        return out


def next_safety(outcome):
    """(certain, safety): whether a cell is certain after this outcome (safe or mine
    found), and the best chance that the next click is safe (1.0 when one is certain)."""
    after, rest = outcome.after, outcome.rest
    if after.safe & rest:
        return True, 1.0
    lowest = 1.0
    for cells, p in zip(after.class_masks, after.class_probs):
        if p < lowest and cells & rest:
            lowest = p
    if outcome.interior and after.interior_prob is not None and after.interior_prob < lowest:
        lowest = after.interior_prob
    return False, 1.0 - lowest
