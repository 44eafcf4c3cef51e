"""Second-step safety of a guess: how safe the next click will be once it is made.

A guess that survives shows a digit.  For each digit it may show, the board is
estimated again with that digit as a new constraint (and the guessed cell known
safe); the next click is then either certain (safety 1) or the safest cell left.
Averaged over the digits, weighed by their odds, this is the chance that the next
click is safe too.  A guess that hits a mine is looked past the same way (the mine
is then known).  On dense boards the guess that keeps the next one safe beats the
guess that is merely safest now.

Only the components the guess touches are counted again; the others keep their
counts (the same memo the player's own estimate fills), so one look costs a few
small enumerations.  A look that would need a component too big to count gives no
answer: the caller then ranks by its cheaper cost.

`looking` is the contest policy with its guesses re-ranked so: a policy for
player.play (`solve --look`, `replay --look`, `bench --look`).  Nothing the contest
entry runs imports this module.
"""

from ..grid.bitset import popcount
from .counting import count_solutions
from .coupling import fits_mine_count
from .frontier import components_of
from .policy import INTERIOR_SCORED, choose_guess, neighbour_probs, next_move, rank_guesses
from .probability import estimate, mine_count_odds

LOOK_FROM = 0.1  # guesses at least this risky are ranked by two-step safety
LOOK_CELLS = INTERIOR_SCORED  # the cells of least cost ranked that way (policy scores as many interior cells)
LOOK_NODES_PER_COMPONENT = 400  # search nodes per component counted for a look
LOOK_MIN_WEIGHT = 0.02  # digits less likely than this are not looked at
CANNOT_SHOW = -1.0  # the safety answered for a digit no layout allows


def looking(facts, endgame=None):
    """policy.next_move with the lookahead's guess (looking_guess): the same interface,
    so player.play takes it as its policy."""
    return next_move(facts, endgame, looking_guess)


def looking_guess(facts):
    """policy.choose_guess at the position of the policy.Facts `facts`; but when the
    estimate is exact and even the safest cell is at least LOOK_FROM likely a mine, the
    best of the LOOK_CELLS of least cost by the safe clicks expected in two steps
    (Lookahead.rerank), if the look answers."""
    estimate, interior, unknown, masks, mines = facts.estimate, facts.interior, facts.unknown, facts.masks, facts.mines
    guess = choose_guess(estimate, interior, unknown, masks, mines)
    if guess is None or not estimate.exact:
        return guess
    scored, least, lowest = rank_guesses(estimate, interior, unknown, masks, mines)  # (choose_guess's, again)
    if lowest < LOOK_FROM:
        return guess
    look = Lookahead(masks, facts.constraints, facts.components, unknown, interior, facts.mines_left, facts.counts, {})
    looked = look.rerank(scored, least, estimate, masks, unknown)
    if looked is None:
        return guess
    cell, p = looked
    return cell, p, popcount(masks[cell] & mines) + sum(neighbour_probs(cell, estimate, masks, unknown))


class Lookahead:
    """Looks from one position: the player's constraints, components and counts."""

    def __init__(self, masks, constraints, components, unknown, interior, mines_left, counts_memo, look_memo):
        self.masks = masks
        self.constraints = constraints
        self.components = components
        self.unknown = unknown
        self.interior = interior
        self.mines_left = mines_left
        self.counts_memo = counts_memo  # the player's: read only
        self.look_memo = look_memo  # the looks' own counts (counting.COUNTED keeps them for the run)

    def _count(self, component, budget=None):
        """Counts of a component: the player's if it has them, else counted once with
        LOOK_NODES_PER_COMPONENT (the counter estimate() is given; its budget does not apply here)."""
        key = component.key
        if key in self.counts_memo:
            return self.counts_memo[key]
        if key not in self.look_memo:
            self.look_memo[key] = count_solutions(component, LOOK_NODES_PER_COMPONENT)
        return self.look_memo[key]

    def rerank(self, scored, least, estimate, masks, unknown):
        """(cell, p) of the best of the LOOK_CELLS guesses of least cost by the safe
        clicks expected in two steps (this one, and the best one after it whatever this
        one shows, mine included); None when there is nothing to compare or a look has
        no exact answer.  scored, least -- policy.rank_guesses': (cost, cell, p) of the
        guesses weighed, and the least cost up to its float tolerance."""
        ranked = sorted(scored, key=lambda entry: (max(entry[0], least), entry[1]))  # the same ties: cell first
        candidates = [(p, c) for _, c, p in ranked[:LOOK_CELLS]]
        if len(candidates) < 2:
            return None
        best = None
        for p, c in candidates:
            if_safe = self.second_safety(c, neighbour_probs(c, estimate, masks, unknown))
            if_mine = self.safety_after_mine(c) if p > 0.0 else 0.0
            if if_safe is None or if_mine is None:
                return None
            merit = (1.0 - p) * (1.0 + if_safe) + p * max(if_mine, 0.0)  # a mine that cannot be: 0
            key = (round(merit, 9), -c)  # equal merits (up to float noise) go to the lowest cell
            if best is None or key > best[0]:
                best = (key, c, p)
        return best[1], best[2]

    def second_safety(self, cell, neighbour_probs):
        """Chance, given `cell` is safe, that the best next click is safe too; or None.

        neighbour_probs -- mine probabilities of the cell's undecided neighbours, in
                           cell order: they weigh the digits it may show.
        """
        setting = self._setting(cell)
        total = weight_sum = 0.0
        for mines_around, weight in enumerate(mine_count_odds(neighbour_probs)):
            if weight < LOOK_MIN_WEIGHT:
                continue
            safety = self._safety(setting, mines_around)
            if safety is None:
                return None
            if safety == CANNOT_SHOW:
                continue
            weight_sum += weight
            total += weight * safety
        if weight_sum <= 0.0:
            return None
        return total / weight_sum

    def safety_after_mine(self, cell):
        """The safety of the best click once `cell` has turned out a mine (1.0 when some
        cell is then certain); CANNOT_SHOW when no layout allows it; None when a
        component is too big to count."""
        bit = 1 << cell
        kept, kept_counts, zone = self._split(bit)
        changed = self._without(bit, zone, 1)
        return self._safety_of(kept, kept_counts, changed, self.interior & ~bit, self.mines_left - 1, self.unknown & ~bit)

    def _setting(self, cell):
        """What does not depend on the digit: the cell's undecided neighbours, the
        components it does not touch, the constraints it changes, the interior left."""
        bit = 1 << cell
        around = self.masks[cell] & self.unknown & ~bit
        touched = around | bit
        kept, kept_counts, zone = self._split(touched)
        return around, kept, kept_counts, self._without(bit, zone, 0), self.interior & ~touched, self.unknown & ~bit

    def _safety(self, setting, mines_around):
        around, kept, kept_counts, changed, interior, rest = setting
        if changed is not None and around:
            changed = changed + [(around, mines_around)]
        return self._safety_of(kept, kept_counts, changed, interior, self.mines_left, rest)

    def _split(self, touched):
        """(the components that do not touch `touched`, their Counts or None if one has
        none, the cells of those that do and `touched`)."""
        kept, zone = [], touched
        for comp in self.components:
            if comp.area & touched:
                zone |= comp.area
            else:
                kept.append(comp)
        kept_counts = [self._count(comp) for comp in kept]
        return kept, (None if any(counts is None for counts in kept_counts) else kept_counts), zone

    def _without(self, bit, zone, is_mine):
        """The constraints over `zone` once the cell `bit` is decided (a mine if is_mine),
        or None when that contradicts one of them."""
        changed = []
        for cells, need in self.constraints:
            if cells & zone:
                if cells & bit:
                    cells, need = cells & ~bit, need - is_mine
                    if not cells:
                        if need:
                            return None
                        continue
                changed.append((cells, need))
        return changed

    def _safety_of(self, kept, kept_counts, changed, interior, mines_left, rest):
        """The best click's safety when the touched part of the board reads `changed`
        (None there: a contradiction) and the rest is as it was."""
        if changed is None:
            return CANNOT_SHOW
        if kept_counts is None:
            return None  # part of the board is only swept: no exact look
        parts = components_of(changed)
        counted = [self._count(comp) for comp in parts]
        if any(counts is None for counts in counted):
            return None
        if not all(counts.support for counts in counted):
            return CANNOT_SHOW
        if any(counts.safe for counts in counted):  # a cell certain at once, if the digit can show
            return 1.0 if fits_mine_count(kept_counts + counted, popcount(interior), mines_left) else CANNOT_SHOW
        after = estimate(kept + parts, interior, popcount(interior), mines_left, counter=self._count)
        if not after.exact:
            return CANNOT_SHOW  # no layout fits the mine count
        return self._best(after, interior, rest)

    @staticmethod
    def _best(after, interior, rest):
        if after.safe & rest:
            return 1.0
        lowest = 1.0
        for cells, p in zip(after.class_masks, after.class_probs):
            if p < lowest and cells & rest:
                lowest = p
        if interior and after.interior_prob is not None and after.interior_prob < lowest:
            lowest = after.interior_prob
        return 1.0 - lowest
