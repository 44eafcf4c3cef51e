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

This module owns the game's rules and bounds, the player's settings, its moves and
what is certain.  The player opens every cell the engine proves safe (single digits,
pairs, then exact enumeration with the global mine count, `probability.estimate`).
A component too big for the node budget is left out of the count (its cells join
the free interior, which keeps every certainty sound) and its safest-looking cells
get windowed estimates (windows.py).  At a dead end it either guesses or stops,
whichever has the larger expected final score (`keep_guessing`).  The guess
(guesses.py, its base class `Guessing`; `guess`, POLICIES): "progress" takes low
mine probability, then the digit's expected progress; "twostep", the default, looks
two steps deep among the near-safest cells with the engine's two-step look
(docs/twostep_topcoder.md).  Budgets shrink as the think time, as reported by the
tester, runs out.

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
from ...engine.probability import estimate
from ...engine.steps import Position, pairs_step, single_digits
from ...engine.twostep import parse_settings
from ...grid.bitset import cells_of, popcount
from ...grid.geometry import geometry
from .guesses import GAME_LOOK_NODES, Guessing
from .windows import refine

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

# the guess policies (Player's `guess`): "progress", the choice of Guessing._choose;
# "twostep", the engine's two-step look (engine/twostep.py) over the Topcoder
# neighbourhoods among the near-safest cells (see Guessing._two_step), the "progress"
# pick when the position is not counted exactly or the look's work is spent
POLICIES = ("progress", "twostep")
DEFAULT_POLICY = "twostep"  # the stronger on seeds 1-100 (docs/measurements/topcoder.md, "The two-step guess")

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


class Player(Guessing):
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
            safe, refined = refine(constraints, rough, unknown, mines_left, budget, self.clock, STOP_SHARE * self.time_limit)
        counts = None if self.look_settings is None else [count_solutions(component, budget) for component in components]  # remembered: no new search
        position = Position(constraints, components, unknown, interior, self.mines, mines_left, result)
        return safe, found, Counted(position, rough, refined, counts)

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
