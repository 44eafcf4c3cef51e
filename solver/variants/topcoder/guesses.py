"""The Topcoder player's guess at a dead end: the cell, and its mine probability for the stop test.

`Guessing` is the base class of the player (player.py): its methods read the
position the budgeted count left (player.Counted) and keep the two-step look's work
and memories for the game.  Cells within NEAR_SAFEST of the least mine probability
compete on their safety times a bonus for progress (`expected_progress`: how many
cells their digit is expected to settle), the "progress" guess policy; under
"twostep", the default, the engine's two-step look (engine/twostep.py, on this
board's neighbourhoods) then picks among the near-safest living cells the one whose
value best keeps the next guess safe, its work bounded per move (MOVE_LOOK_NODES)
and per game (GAME_LOOK_NODES; docs/twostep_topcoder.md).
"""

from ...engine.layouts import layouts_weight
from ...engine.probability import cell_probabilities, mine_count_odds
from ...engine.twostep import Look, OutOfWork, Scene, choose
from ...grid.bitset import cells_of, popcount
from .windows import local_density

# guess choice (see Guessing._choose); measured on seeds 1-300 with the stop test:
# a wider near-safest band and a larger progress weight both paid
NEAR_SAFEST = 0.12
PROGRESS_WEIGHT = 0.2
PROGRESS_CAP = 3.0
LOOKAHEAD_CELLS = 8

# the two-step guess (see Guessing._two_step)
TWO_STEP_CANDIDATES = 10  # cells looked at two steps deep, safest first
MOVE_LOOK_NODES = 200000  # work of one two-step guess (engine/twostep.py units, nodes)
GAME_LOOK_NODES = 2000000  # work of all the two-step guesses of a game


def expected_progress(cell_unknown, dist, touching):
    """Expected number of cells a revealed digit would make certain, over its values.

    dist[m]: the odds that m of the cell's undecided neighbours `cell_unknown` are mines
    (what its digit would then say, less its known mines); that alone, or against an
    overlapping constraint (the pairs step), may settle cells.
    """
    size = len(dist) - 1
    expected = 0.0
    for mines, weight in enumerate(dist):
        if weight < 1e-9:
            continue
        if mines == 0 or mines == size:
            expected += weight * size
            continue
        settled = 0
        for cells, need in touching:
            # the pairs step both ways between (cell_unknown, mines) and (cells, need)
            only_new = cell_unknown & ~cells
            only_old = cells & ~cell_unknown
            if need - mines == popcount(only_old) or mines - need == popcount(only_new):
                settled |= only_new | only_old
        expected += weight * popcount(settled)
    return expected


class Guessing:
    """The guessing half of Player, its subclass: a cell and its mine probability
    from the Counted position of a dead end (`Player._deduce`)."""

    def _choose(self, counted, unknown):
        """(cell, p) of the guess in a Counted position.

        Cells within NEAR_SAFEST of the least mine probability compete on (1 - p)
        times a bonus for progress: how many cells the digit they would show is
        expected to settle at once (expected_progress; a zero settles all its
        neighbours).  Only the LOOKAHEAD_CELLS with the fewest closed neighbours are
        looked at closely.
        """
        position, refined, rough = counted.position, counted.refined, counted.rough
        result, constraints = position.estimate, position.constraints
        masks = self.geo.masks
        probs = cell_probabilities(result, self.geo.size, position.interior)
        p_interior = result.interior_prob
        # crude estimates of uncounted components only ranked the windows: use the windows
        usable = unknown & ~rough
        for c, p in refined.items():
            probs[c] = p
            usable |= 1 << c
        candidates = [(p, c) for c, p in enumerate(probs) if p is not None and usable >> c & 1]
        if not candidates and rough:  # no window could be counted: rank by local density
            crude = local_density(constraints, rough)
            candidates = [(p, c) for c, p in crude.items() if unknown >> c & 1]
        if not candidates:
            return None
        lowest = min(p for p, _ in candidates)
        near = [(popcount(masks[c] & unknown), p, c) for p, c in candidates if p <= lowest + NEAR_SAFEST]
        if len(near) > LOOKAHEAD_CELLS:
            near.sort()
            near = near[:LOOKAHEAD_CELLS]
        by_cell = {}
        for cells, need in constraints:
            for c in cells_of(cells):
                by_cell.setdefault(c, []).append((cells, need))
        best = None
        for _, p, c in near:
            around = masks[c] & unknown
            neighbour = [probs[n] if probs[n] is not None else p_interior or 0.0 for n in cells_of(around)]
            touching = {}
            for n in cells_of(around):
                for cells, need in by_cell.get(n, ()):
                    touching[cells] = need
            progress = expected_progress(around, mine_count_odds(neighbour), list(touching.items()))
            merit = (1.0 - p) * (1.0 + PROGRESS_WEIGHT * min(progress, PROGRESS_CAP))
            key = (merit, -c)
            if best is None or key > best[0]:
                best = (key, c, p)
        cell, p = best[1], best[2]
        if self.look_settings is not None and not rough and not refined and result.exact and self.look_left > 0:
            safety = {c: 1.0 - q for q, c in candidates}
            chosen = self._two_step(counted, unknown, safety, cell)
            if chosen is not None:
                cell, p = chosen, 1.0 - safety[chosen]
        return cell, p

    def _two_step(self, counted, unknown, safety, pick):
        """The two-step guess (engine/twostep.py, with this board's neighbourhoods):
        among `pick` (the "progress" policy's) and the TWO_STEP_CANDIDATES safest living
        cells whose safety is within the policy's window of the best living safety,
        the one of most expected next safety: the sum over the values v it may show
        of P(safe and shows v) times the safety of the best living cells after v
        (blended with the second best, certain cells at 1).  None when the look
        cannot run; its work is counted against MOVE_LOOK_NODES and the game's
        GAME_LOOK_NODES, so the same position gives the same click."""
        masks = self.geo.masks
        position = counted.position
        weight = layouts_weight(counted.counts, popcount(position.interior), position.mines_left)
        if not weight:
            return None
        scene = Scene(position.constraints, position.components, counted.counts, unknown, position.interior, position.mines_left,
                      weight, position.estimate)
        budget = min(MOVE_LOOK_NODES, self.look_left)
        look = Look(masks, {}, self.look_memo, budget, self.dead_memo, self.look_settings)
        try:
            try:
                top, _ = look.best_two(scene)
                if not top:
                    return None
                floor = self.look_settings.window * top[0] - 1e-9
                ranked = sorted((c for c, s in safety.items() if s >= floor), key=lambda c: (-round(safety[c], 9), popcount(masks[c] & unknown), c))
                candidates = [pick]
                for c in ranked:
                    if len(candidates) > TWO_STEP_CANDIDATES:
                        break
                    if c != pick and look.living(scene, c):
                        candidates.append(c)
            except OutOfWork:
                return None
            if len(candidates) == 1:
                return None
            candidates.sort(key=lambda c: (-round(safety[c], 9), popcount(masks[c] & unknown), c))
            chosen = choose(look, scene, candidates, safety, {})
            if chosen is not None:
                self.looks += 1
            return chosen
        finally:
            self.look_left -= budget - look.left
