"""Topcoder Marathon Match 122 "SuperMinesweeper": the interactive player.

The board is N x N (10..50) with M mines (10% to 30% of the cells).  A cell's value
counts the mines within squared Euclidean distance D (one of 1, 2, 4, 5, 8, 9, 10),
so a value sees up to 36 cells.  There is no flood fill: every cell is opened by
its own move.

Protocol (one item a line, the player flushes after every line):

    tester -> player   N, M, D, then "r c": a cell known to hold 0, already opened
    player -> tester   "G r c"  open a cell; the answer is "<value> <ms>" or
                                "BOOM! <ms>" (<ms>: the player's think time so far)
                       "F r c"  flag a cell; the answer is an empty line
                       "STOP"   end the game; no answer
    A move on an opened or flagged cell, or outside the board, is an error.
    The game also ends, with no further reading, once every safe cell is open.

Score: opened safe cells (the start cell included) / safe cells (N*N - M), divided
by (mines hit + 1).  Hitting a mine does not end the game.  Flags score nothing, so
this player never flags.  A STOP as the very first move scores 0.  The limit is 10 s
of think time per test.

The player opens every cell the engine proves safe (single digits, pairs, then exact
enumeration with the global mine count, `probability.estimate`).  A component too
big for the node budget is left out of the count (its cells join the free interior,
which keeps every certainty sound) and its safest-looking cells get windowed
estimates: the constraints nearest the cell, counted exactly.  At a dead end it
either guesses or stops, whichever has the larger expected final score
(`keep_guessing`).  The guess (`guess`, POLICIES): "progress" takes low mine
probability, then the digit's expected progress; "twostep", the default, looks two
steps deep among the near-safest cells with the engine's two-step look
(engine/twostep.py, on this board's neighbourhoods): the cell whose value best keeps
the next guess safe, its work counted and bounded per move and per game
(docs/twostep_topcoder.md).  Budgets shrink as
the think time, as reported by the tester, runs out.

It shares the engine with the contest player (constraints, the deduction steps, counting
with its memory of component shapes, probability.estimate) but keeps its own loop and
guess policy, because the game differs: no flood fill, neighbourhoods of up to 36 cells,
a score divided by the hits.  The contest policy's cost (mine probability less 0.03 per
opened neighbour) scored less here than expected progress (docs/measurements/topcoder.md,
"Expected progress against the contest's guess cost").  The line protocol with the tester is stdio.py.
"""

from collections import namedtuple

from ...engine.counting import count_solutions
from ...engine.frontier import components_of, constraints_of, covered
from ...engine.layouts import layouts_weight
from ...engine.probability import cell_probabilities, estimate, mine_count_odds
from ...engine.steps import Position, pairs_step, single_digits
from ...engine.twostep import Look, OutOfWork, Scene, choose, parse_settings
from ...grid.bitset import cells_of, popcount
from ...grid.geometry import geometry

Counted = namedtuple("Counted", "position rough refined counts")
Counted.__doc__ = """What the Player's budgeted count learnt beyond certainties: the
engine's steps.Position (its components: those counted; its interior: the undecided
cells no constraint touches), and what only this count has:

rough   -- cells of components too big to count (their probabilities are local guesses)
refined -- {cell: probability} from the windows over those components ({} if none)
counts  -- the exact Counts of the position's components (None under the "progress"
           guess policy, which does not read them)
"""

TIME_LIMIT_SECONDS = 10.0  # seconds of think time per test

# The statement's bounds (Topcoder MM 122 "SuperMinesweeper", its constraints and its
# tester): N from 10 to 50; M = int(U[0.1, 0.3) * N * N); D one of these.  The
# protocol reader refuses a game outside them rather than play it.
MIN_SIDE, MAX_SIDE = 10, 50
MIN_MINE_SHARE, MAX_MINE_SHARE = 0.1, 0.3
DISTANCES = (1, 2, 4, 5, 8, 9, 10)


def mine_bounds(side):
    """(least, most) mines of an N x N game, as the tester computes them."""
    return int(MIN_MINE_SHARE * side * side), int(MAX_MINE_SHARE * side * side)

# the clock: enumeration budgets by share of the time limit spent, then a hard stop
NODES_BY_TIME_SHARE = ((0.35, 30000), (0.6, 6000), (0.8, 1000), (0.9, 150))
STOP_SHARE = 0.88  # past this share of the limit no more guesses (known safe cells still open)

# components too big to count: windows of nearby constraints around the cells that
# look safest (by local density), each counted exactly within WINDOW_NODES nodes
WINDOW_CANDIDATES = 30
WINDOW_CONSTRAINTS = 12
WINDOW_NODES = 3000

# guess choice (see Player._choose); measured on seeds 1-300 with the stop test:
# a wider near-safest band and a larger progress weight both paid
NEAR_SAFEST = 0.12
PROGRESS_WEIGHT = 0.2
PROGRESS_CAP = 3.0
LOOKAHEAD_CELLS = 8

# the guess policies (Player's `guess`): "progress", the choice above; "twostep", the
# engine's two-step look (engine/twostep.py) over the Topcoder neighbourhoods
# among the near-safest cells (see Player._two_step), the "progress" pick when the
# position is not counted exactly or the look's work is spent
POLICIES = ("progress", "twostep")
DEFAULT_POLICY = "twostep"  # the stronger on seeds 1-100 (docs/measurements/topcoder.md, "The two-step guess")
TWO_STEP_CANDIDATES = 10  # cells looked at two steps deep, safest first
MOVE_LOOK_NODES = 200000  # work of one two-step guess (engine/twostep.py units, nodes)
GAME_LOOK_NODES = 2000000  # work of all the two-step guesses of a game

# the stop test (see keep_guessing): the share of the closed safe cells a successful
# guess is worth, fitted on always-guess games of seeds 1-300 (stopping where this
# test says, against the best stopping point in hindsight)
UNLOCK_CELL_SHARE = 0.1

# How a Player plays (the `topcoder` command's options): the seconds of think time a
# test (the count's budgets shrink as they run out), the stop test's share
# (keep_guessing) and the guess policy (POLICIES; parse_guess reads 'twostep:KEY=VALUE')
Settings = namedtuple("Settings", "time_limit share guess")
SETTINGS = Settings(TIME_LIMIT_SECONDS, UNLOCK_CELL_SHARE, DEFAULT_POLICY)


def score_of(safe_opened, safe_total, hits):
    """The tester's score: opened safe cells over all safe cells, over (hits + 1)."""
    if safe_total <= 0:
        return 0.0
    return safe_opened / safe_total / (hits + 1)


def keep_guessing(p, safe_opened, safe_total, hits, share=UNLOCK_CELL_SHARE):
    """Is a guess of mine probability p worth more than stopping now?

    Stopping scores f / (h + 1) (f: the opened share of the safe cells, h: the hits).
    A guess that succeeds is credited with a share of what is still closed,
    g = share * (1 - f), after which the player may stop: (f + g) / (h + 1); one that
    fails scores f / (h + 2).  So guess when (1 - p) * g * (h + 2) > p * f.
    """
    f = safe_opened / safe_total
    gain = share * (1.0 - f)
    return (1.0 - p) * gain * (hits + 2) > p * f


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


def parse_guess(text):
    """The look's settings (engine.twostep.LookSettings) of a guess policy
    'twostep[:KEY=VALUE...]' (progress, blend, window; offedge is read and unused),
    None for 'progress'; ValueError if it is neither."""
    name, sep, settings = text.strip().partition(":")
    if name == "progress" and not sep:
        return None
    if name != "twostep":
        raise ValueError("no guess policy %r (one of %s)" % (text, ", ".join(POLICIES)))
    return parse_settings(settings.split(":") if sep else [], text)


class Player:
    """One game's knowledge and moves.

    reveal(cell, guess) -> the cell's value, or None for a mine; `guess` says whether
    the move was a guess (False: the engine proved the cell safe).
    clock() -> seconds of think time spent so far.
    settings -> a Settings: the time limit, the stop test's share, the guess policy.
    """

    def __init__(self, side, mine_total, reach, start, reveal, clock, settings=SETTINGS):
        self.look_settings = parse_guess(settings.guess)  # the two-step look's, None under "progress"; ValueError for no policy
        self.geo = geometry(side, side, reach)
        self.side = side
        self.mine_total = mine_total
        self.safe_total = side * side - mine_total
        self.reveal_cell = reveal
        self.clock = clock
        self.time_limit = settings.time_limit
        self.share = settings.share
        size = self.geo.size
        self.values = [-1] * size
        self.values[start] = 0
        self.numbers = 1 << start  # opened safe cells
        self.closed = self.geo.all_mask & ~(1 << start)  # not opened (a mine hit is opened)
        self.mines = 0  # known mines: hit or proved
        self.safe = self.geo.masks[start] & self.closed  # proved safe, not opened yet
        self.safe_opened = 1
        self.hits = 0
        self.guesses = 0
        self.bad_certain = 0  # proved-safe cells that exploded (must stay 0)
        self.stopped = False
        self.look_left = GAME_LOOK_NODES  # the two-step look's work left for this game
        self.look_memo = {}  # component counts of the look's scenes
        self.dead_memo = {}  # the look's dead tests (engine/dead.py)
        self.looks = 0  # two-step guesses made (the look ran and chose)

    # ------------------------------------------------------------------ moves

    def _open(self, cell, guess):
        bit = 1 << cell
        self.closed &= ~bit
        self.safe &= ~bit
        value = self.reveal_cell(cell, guess)
        if value is None:
            self.mines |= bit
            self.hits += 1
            if not guess:
                self.bad_certain += 1
        else:
            self.values[cell] = value
            self.numbers |= bit
            self.safe_opened += 1

    def finished(self):
        return self.safe_opened >= self.safe_total

    def _budget(self):
        share = self.clock() / self.time_limit
        for limit, budget in NODES_BY_TIME_SHARE:
            if share < limit:
                return budget
        return None

    # ------------------------------------------------------------------ deduction

    def _deduce(self, unknown, deep):
        """(safe, mines, Counted or None) newly proved among `unknown` by the deduction
        steps (engine.steps: single digits, pairs, then this player's budgeted count);
        None when the cheap steps decided without counting."""
        masks, digit, numbers = self.geo.masks, self.values.__getitem__, self.numbers
        learnt = [0, 0]  # the safe cells and mines the single-digit rounds found

        def learn(safe, mines):
            learnt[0] |= safe
            learnt[1] |= mines

        found_any, constraints = single_digits(lambda rest: constraints_of(digit, numbers, masks, rest, self.mines | learnt[1]),
                                               unknown, learn)
        if found_any or not deep:
            return learnt[0], learnt[1], None
        s, m = pairs_step(constraints, unknown)
        if s or m:
            return s, m, None
        budget = self._budget()
        if budget is None:
            return 0, 0, None
        interior = unknown & ~covered(constraints)
        mines_left = self.mine_total - popcount(self.mines)
        components = components_of(constraints)
        # count what fits the budget; a component too big is dropped and its cells join
        # the free interior (fewer constraints: what is certain stays certain), to get
        # windowed estimates below
        rough = 0
        countable = []
        for component in components:
            if count_solutions(component, budget) is None:
                rough |= component.area
            else:
                countable.append(component)
        components = countable
        free = interior | rough
        result = estimate(components, free, popcount(free), mines_left, budget)
        safe, found = result.safe & unknown, result.mines & unknown & ~result.safe
        if rough:
            safe &= ~rough  # cells of a dropped component: not counted, so nothing is certain
            found &= ~rough
        refined = {}
        if rough and not safe and not found:
            safe, refined = self._refine(constraints, rough, unknown, mines_left, budget)
        counts = None if self.look_settings is None else [count_solutions(component, budget) for component in components]  # remembered: no new search
        position = Position(constraints, components, unknown, interior, self.mines, mines_left, result)
        return safe, found, Counted(position, rough, refined, counts)

    @staticmethod
    def _local_density(constraints, cells):
        """{cell: mean of need / room over the constraints on it}, a rough ranking."""
        sums = {}
        for around, need in constraints:
            if around & cells:
                density = need / popcount(around)
                for c in cells_of(around & cells):
                    total, count = sums.get(c, (0.0, 0))
                    sums[c] = (total + density, count + 1)
        return {c: total / count for c, (total, count) in sums.items()}

    def _refine(self, constraints, rough, unknown, mines_left, budget):
        """Windowed probabilities for cells of components too big to count.

        For a few of the cells that look safest, count exactly the constraints near
        the cell (a breadth-first window over shared cells) and treat every other
        undecided cell as free.  Dropping constraints only adds solutions, so a cell
        safe in the window is safe for certain.  Returns (certain safe, {cell: p}).
        """
        by_cell = {}
        for index, (cells, _) in enumerate(constraints):
            for c in cells_of(cells):
                by_cell.setdefault(c, []).append(index)
        crude = self._local_density(constraints, rough)
        order = sorted(cells_of(rough), key=lambda c: (crude.get(c, 1.0), c))
        refined = {}
        done = 0
        tried = 0
        window_budget = min(WINDOW_NODES, budget)
        for x in order:
            if tried >= WINDOW_CANDIDATES or self.clock() > STOP_SHARE * self.time_limit:
                break
            if done >> x & 1:
                continue
            tried += 1
            size = WINDOW_CONSTRAINTS
            while size >= 2:
                window = self._window(constraints, by_cell, x, size)
                parts = components_of([constraints[j] for j in window])
                if all(count_solutions(part, window_budget) is not None for part in parts):
                    break
                size = size * 2 // 3
            else:
                continue
            cells = 0
            for j in window:
                cells |= constraints[j][0]
            rest = unknown & ~cells
            sub = estimate(parts, rest, popcount(rest), mines_left, window_budget)
            if sub.safe & cells:
                return sub.safe & cells, {}
            members = set(window)
            for mask, p in zip(sub.class_masks, sub.class_probs):
                for c in cells_of(mask):
                    if c == x or (c not in refined and all(j in members for j in by_cell.get(c, ()))):
                        refined[c] = p
                        done |= 1 << c
        return 0, refined

    @staticmethod
    def _window(constraints, by_cell, x, size):
        """Indices of up to `size` constraints around cell x, nearest (by overlap) first."""
        chosen = list(by_cell.get(x, ()))[:size]
        seen = set(chosen)
        head = 0
        while head < len(chosen) and len(chosen) < size:
            for c in cells_of(constraints[chosen[head]][0]):
                for j in by_cell[c]:
                    if j not in seen and len(chosen) < size:
                        seen.add(j)
                        chosen.append(j)
            head += 1
        return chosen

    # ------------------------------------------------------------------ guessing

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
            crude = self._local_density(constraints, rough)
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

    # ------------------------------------------------------------------ the game

    def play(self):
        """Play until the board is done or stopping is better; True if it stopped."""
        while not self.finished():
            if self.safe:
                for cell in cells_of(self.safe):
                    self._open(cell, False)
                    if self.finished():
                        return False
                continue
            unknown = self.closed & ~self.mines
            if not unknown:
                break
            deep = self.clock() < STOP_SHARE * self.time_limit
            safe, found, counted = self._deduce(unknown, deep)
            self.mines |= found
            if safe:
                self.safe |= safe
                continue
            if found:
                continue
            if counted is None:
                break  # out of time: stop
            choice = self._choose(counted, unknown)
            if choice is None:
                break
            cell, p = choice
            if not keep_guessing(p, self.safe_opened, self.safe_total, self.hits, self.share):
                break
            self.guesses += 1
            self._open(cell, True)
        self.stopped = not self.finished()
        return self.stopped
