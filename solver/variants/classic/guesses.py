"""The classic player's guess when nothing is certain, for the chance of winning (not the contest's score).

`Guessing` is the base class of the player (player.py): its methods read what the
player knows (the digits, the known mines, its policy) and keep the memories of its
guesses (the exact game and its living layouts, the walled-in regions, the two-step
look's counts and dead tests).  The guess, in order:

1. one cell of a pair no click can ever tell apart, at once (pairs.py: provably
   as good as the best play, and its digit helps early);
2. perfect play when at most PERFECT_LAYOUTS layouts remain (perfect.py), within
   PERFECT_WORK;
3. perfect play in a walled-in region whose mine count is fixed (`Guessing._region_move`);
4. else the two-step guess (engine/twostep.py): among the living cells near the
   best safety (and an interior shortlist), the one whose digit best keeps the next
   informative guess safe, times a 50/50 factor; dead cells (engine/dead.py) only
   when nothing living is left.

The player's `guess` names the guess policy (policies.POLICIES, optionally with
settings): "risk" is the single-step policy the player had before (the cell of least
risk: the mine chance less the layouts where that mine is lost anyway, ties by living
before dead cells, then fewest undecided neighbours); the policies between add one
technique each, so each can be measured on the same games (`classic --compare`).
The default, player.DEFAULT_POLICY, is all of them.
"""

from ...engine.dead import is_dead
from ...engine.layouts import Layouts
from ...engine.twostep import Look, OutOfWork, choose, interior_shortlist, safeties, scene_of
from ...grid.bitset import cells_of, popcount
from ...grid.geometry import spread
from .pairs import FIFTY_SCALE, doomed_shares, fifty_influence, fifty_scan, unresolvable_pair
from .perfect import Perfect, component_layouts, list_layouts
from .policies import FIFTY, FULL, INTERIOR, LIVING, REGIONS, WINDOWED

PERFECT_LAYOUTS = 750  # perfect play from this many layouts down (JSMinesweeper's figure; 5,000 won nothing more)
REGION_LAYOUTS = 400  # perfect play in a walled-in region of this many layouts or fewer (JSMinesweeper's figure)
REGION_WORK = 50000  # work of one region's search (perfect.py's units): a move keeps well under a second
PERFECT_WORK = 200000  # work of one perfect-play search (perfect.py's units, the looks over the cells counted): a move stays well under a second here


class Guessing:
    """The guessing half of ClassicPlayer, its subclass: a cell from the Position at
    which the deduction steps stopped (`ClassicPlayer._settle`)."""

    def _guess(self, position):
        """The cell to guess when nothing is certain: one of an unresolvable pair at once,
        else perfect play when few layouts remain, else perfect play in a walled-in
        region, else the policy's guess (the two-step look, or the cell of least risk)."""
        masks = self.geo.masks
        layouts = Layouts(masks, position, self.counter)
        cell = unresolvable_pair(masks, self.width, position.unknown, position.mines, layouts)
        searched = self.perfect is not None or (layouts.exact and layouts.weight <= PERFECT_LAYOUTS)
        if cell is None:
            cell = self._perfect_move(position, layouts)
        if cell is None and self.level >= REGIONS and layouts.exact:
            cell = self._region_move(position, layouts)
        if cell is None:
            if self.level >= INTERIOR and layouts.exact:
                # after a perfect-play search that gave up, half the look's work: the move stays under a second
                cell = self._two_step(position, layouts, self.look_budget // 2 if searched else self.look_budget)
            else:
                cell = self._least_risk(position, layouts)
        return cell

    def _perfect_move(self, position, layouts):
        """The exact best click when at most PERFECT_LAYOUTS layouts remain and the search
        fits PERFECT_WORK, else None."""
        if self.perfect is None:
            if not layouts.exact or layouts.weight > PERFECT_LAYOUTS:
                return None
            counted = [layouts.counted[comp.key] for comp in position.components]
            layouts = list_layouts(position.components, counted, position.interior, position.mines_left)
            self.perfect = Perfect(self.geo.masks, position.unknown, position.mines, layouts)
            self.alive = self.perfect.all
        move = self.perfect.best(self.alive, PERFECT_WORK)
        return None if move is None else move[0]

    def _region_move(self, position, layouts):
        """Perfect play in a walled-in region: the smallest component whose undecided
        neighbours are all its own cells (digits, known mines and the board's edge
        wall it in) and whose constraints alone fix its number of mines, when it has
        at most REGION_LAYOUTS layouts.  Its cells then see nothing outside and are
        seen by nothing outside, and the rest holds the other mines whatever it
        holds: the game is won when both are, whatever the order of play, so the
        region's best click is a best click of the game.  None when there is no such
        region or its search exceeds REGION_WORK."""
        chosen = None
        for comp in position.components:
            counts = layouts.counted[comp.key]
            if counts.support != 1 or not 2 <= counts.weights[counts.low] <= REGION_LAYOUTS:
                continue
            if spread(self.geo, comp.area) & position.unknown & ~comp.area:
                continue
            if chosen is None or popcount(comp.area) < popcount(chosen.area):
                chosen = comp
        if chosen is None:
            return None
        region = self.regions.get(chosen.key)
        if region is None:
            mines = layouts.counted[chosen.key].low
            region = self.regions[chosen.key] = Perfect(self.geo.masks, chosen.area, position.mines, component_layouts(chosen, {mines})[mines])
        move = region.best(region.all, REGION_WORK)
        return None if move is None else move[0]

    def _least_risk(self, position, layouts, shares=None, living=None):
        """The undecided cell of least risk: its mine chance, less the share of layouts in
        which a mine there would have lost the game anyway (pairs.doomed_shares).

        Among equals: a cell whose digit may vary before a dead one (one whose digit is
        already known if it is safe: clicking it later never loses, replaying the same
        play as if it had shown that digit), then the fewest undecided neighbours, then
        the lowest cell.  Of the ties measured (docs/measurements/classic.md, "The single-step
        player"), the fewest undecided neighbours won most; the most informative digit
        and the likeliest zero lost.

        From the "living" policy on, a dead cell (the exact test, dead.is_dead; or
        `living(cell)` when given) is guessed only when no living cell is left.
        """
        masks, unknown, result = self.geo.masks, position.unknown, position.estimate
        if shares is None:
            shares = doomed_shares(masks, self.width, self.height, unknown, position.mines, self.numbers, layouts)
        groups = {cells for cells, _ in position.constraints}
        ranked = []
        for cells, p in zip(result.class_masks, result.class_probs):
            ranked.extend((p, c) for c in cells_of(cells & unknown))
        interior = position.interior & unknown
        if interior and result.interior_prob is not None:
            ranked.extend((result.interior_prob, c) for c in cells_of(interior))
        keys = []
        for p, c in ranked:
            around = masks[c] & unknown & ~(1 << c)
            keys.append((round(p - min(shares.get(c, 0.0), p), 9), _plainly_dead(c, around, groups), popcount(around), c))
        keys.sort()
        if self.level >= LIVING and layouts.exact:
            if living is None:
                counted = [layouts.counted[comp.key] for comp in position.components]

                def living(cell):
                    dead, _ = is_dead(masks, cell, position.components, counted, position.interior, position.mines_left, unknown)
                    return dead is not True

            for key in keys:
                if key[0] < 1.0 and living(key[3]):
                    return key[3]
        return keys[0][3]

    def _two_step(self, position, layouts, budget=None):
        """The two-step guess (engine/twostep.py) among the single-step pick, the living
        frontier cells near the best safety and an interior shortlist, within
        `budget` work (default look_budget); the single-step pick when the look
        cannot run."""
        masks, unknown = self.geo.masks, position.unknown
        budget = self.look_budget if budget is None else budget
        shares = doomed_shares(masks, self.width, self.height, unknown, position.mines, self.numbers, layouts)
        scene = scene_of(position, layouts)
        look = Look(masks, self.counts_memo, self.look_memo, budget, self.dead_memo, self.policy)
        try:
            return self._two_step_with(position, layouts, shares, scene, look)
        finally:
            self.look_spent = budget - look.left

    def _two_step_with(self, position, layouts, shares, scene, look):
        """The two-step pick: the candidates, their 50/50 factors, then twostep.choose."""
        masks, unknown = self.geo.masks, position.unknown
        try:
            pick = self._least_risk(position, layouts, shares, lambda cell: look.living(scene, cell))
            safety = safeties(position)
            if shares.get(pick, 0.0) >= safety.get(pick, 1.0) - 1e-12:
                return pick  # a mine there is lost anyway: as good as the best play
            top, _ = look.best_two(scene)
            if not top:
                return pick
            candidates = self._candidates(position, scene, look, pick, top[0])
            if self.level >= FIFTY:
                candidates, factor = self._fifty_factors(position, scene, look, candidates, safety, top[0])
                if len(candidates) == 1:
                    return next(iter(candidates))
            else:  # the doomed share of walled pairs (pairs.doomed_shares) as the 50/50 credit
                factor = {c: (safety[c] + min(shares.get(c, 0.0), 1.0 - safety[c])) / safety[c] if safety[c] > 0 else 1.0
                          for c in candidates}
        except OutOfWork:
            return pick
        if len(candidates) == 1:
            return pick
        ordered = sorted(candidates, key=lambda c: (-round(safety[c], 9), popcount(masks[c] & unknown), c))
        cell = choose(look, scene, ordered, safety, factor, prefer_equivalent=self.level >= FULL)
        return pick if cell is None else cell

    def _candidates(self, position, scene, look, pick, best):
        """The cells the two-step look scores: the single-step pick, the living frontier
        cells within the policy's window of the best living safety `best`, and the
        interior shortlist when the interior is nearly as safe."""
        unknown, result = position.unknown, position.estimate
        candidates = {pick}
        if self.level >= WINDOWED:
            for cells, p in zip(result.class_masks, result.class_probs):
                if 1.0 - p >= self.policy.window * best - 1e-9:
                    for c in cells_of(cells & unknown):
                        if look.living(scene, c):
                            candidates.add(c)
        free = position.interior & unknown
        if free and result.interior_prob is not None and 1.0 - result.interior_prob > self.policy.offedge * best:
            witnesses = self.numbers & spread(self.geo, unknown)
            for c in cells_of(interior_shortlist(self.geo, self.width, self.height, free, witnesses, unknown)):
                if look.living(scene, c):
                    candidates.add(c)
        return candidates

    def _fifty_factors(self, position, scene, look, candidates, safety, best):
        """(candidates, factor): the wider 50/50 credit (pairs.fifty_scan) adds the
        credited living cells to the candidates and gives each its factor
        (S + FIFTY_SCALE x influence) / S; when some cells are played at once (every
        mine there forms a 50/50), they alone are the candidates, with no factor."""
        masks, unknown = self.geo.masks, position.unknown
        layouts = Layouts(masks, position, look.counter)  # what the 50/50 credit counts stays with the look's counts
        members, enablers, at_once = fifty_scan(masks, self.width, self.height, unknown, self.numbers, position.mines_left, layouts, look.spend,
                                                position.mines)
        at_once = {c for c in at_once if look.living(scene, c)}  # a dead one can wait as well
        if at_once:  # as good as the best play: the one whose digit helps most
            return at_once, {}
        for c in set(members) | set(enablers):
            credit = members.get(c, 0.0) + enablers.get(c, 0.0)
            if c in safety and safety[c] + credit > self.policy.window * best and look.living(scene, c):
                candidates.add(c)
        factor = {}
        if len(candidates) > 1:
            for c in candidates:
                s = safety[c]
                if s > 0:
                    influence = fifty_influence(masks, self.width, self.height, c, unknown, self.numbers, position.mines_left, layouts,
                                                enablers.get(c, 0.0), look.spend)
                    factor[c] = (s + FIFTY_SCALE * influence) / s
        return candidates, factor


def _plainly_dead(cell, around, groups):
    """Can the cell show one digit only?  (None of its neighbours undecided, or they are
    exactly the cells of one digit's constraint, the cell itself aside.)"""
    return not around or around in groups or (around | 1 << cell) in groups
