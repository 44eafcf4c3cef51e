"""One board: open what is known safe, deduce, click what is certain, guess or stop.

The player knows only its Task (size, mine count, the cells the official rule keeps
safe, the rule it plays for) and what its judge.View shows: the digits of the cells
it opened.  It never sees the Board: that stays with the judge, and a Task is made
from a board's public facts by contest.oneboard.task_of.

A board is a loop of named steps over Knowledge (what the player knows):

  settle  open    click every cell known to be safe: one call for the whole set
          digits  the single-digit step, for every digit of the board at once (bit planes)
  stall   pairs   pairs of overlapping constraints
          count   exact probabilities with the mine count; certainties become clicks
          decide  what policy.next_move makes of the position: the exact endgame's click,
                  a guess, or stop

A step that learns something goes back to `open`: the cheap steps always run before
the counting, which runs only when they are stuck.  What a stall makes of a position
is remembered for the run (STALLS): boards of one shape start alike.  When to guess
and when to stop is the policy's (policy.py): the player hands it the position's
Facts and makes its Move, and asks it before a stall whether a hurried board stops.

Glossary of the bitsets (bit c is cell c):
  opened  cells the judge opened: safe digits, and mines that were hit
  closed  every cell not opened
  mines   known mines, hit or deduced;   safe  known safe, not yet opened
  numbers opened safe cells (their digits are the constraints)
  unknown closed cells neither known safe nor known mines (undecided)
  live    numbers beside an undecided cell: the digits that still constrain something
"""

import time
from collections import namedtuple

from ..grid.bitset import popcount
from ..grid.geometry import geometry, spread
from ..grid.planes import neighbour_counts
from .counting import Remembering
from .endgame import Endgame
from .frontier import components_of, covered
from .memories import run_memory
from .policy import Facts, click_values, endgame_reaches, next_move, running_share, stop_share
from .probability import estimate
from .steps import pairs_step

Task = namedtuple("Task", "width height mines safe_cells rule")
Task.__doc__ = """What the player may know of a board before it clicks.

mines      -- the mine count (from a 2026 header or the board name), or None
safe_cells -- cells the official generator keeps mine-free (from X, Y, MINES, MODE)
rule       -- the scoring rule to play for: an entry of official.rules.RULES (Rule2025,
              Rule2026), which the engine reads but never imports
"""

Step = namedtuple("Step", "cell kind p estimate mines safe")
Step.__doc__ = """What the player is about to do, for a watcher (replays, bench's risk).

cell     -- the cell about to be clicked, or None: a batch (every cell of `safe` is
            clicked next, kind "start" or "certain") or a stop (kind "stop")
kind     -- "start" (the official safe cells), "certain", "endgame"
            (the exact endgame's click, may be risky), "guess", "stop"
p        -- the mine probability of `cell` (0.0 for certain clicks); for a stop, that
            of the guess declined, or None
estimate -- the probability.Estimate computed last on this board (None before any)
mines    -- the known mines;  safe -- the known safe cells not yet opened
"""


class Knowledge:
    """What the player knows of one board (see the glossary above), and its invariants."""

    __slots__ = ("geo", "opened", "planes", "mines", "safe", "hits", "counted_mines", "mine_counts", "shown")

    def __init__(self, geo, safe_cells):
        self.geo = geo
        self.opened = self.mines = self.safe = self.hits = 0
        self.planes = (0, 0, 0, 0)  # digits of the opened cells
        for cell in safe_cells:
            self.safe |= 1 << cell
        # the neighbour counts of the known mines (planes.neighbour_counts), kept while
        # the mines stay the same: they change only when a mine is found
        self.counted_mines, self.mine_counts = 0, (0, 0, 0, 0)
        self.shown = {}  # cell -> the digit it shows, read off the planes once (live_constraints)

    def learn(self, new, planes):
        """Take in the cells a click opened and their digit planes (a mine shows 9)."""
        self.opened |= new
        self.safe &= ~new
        old = self.planes
        self.planes = (old[0] | planes[0], old[1] | planes[1], old[2] | planes[2], old[3] | planes[3])
        hit = planes[0] & planes[3]
        if hit:
            self.mines |= hit
            self.hits += popcount(hit)

    def unknown(self):
        return self.geo.all_mask & ~self.opened & ~self.mines & ~self.safe

    def check(self):
        """Assert the invariants (property tests call this after every step)."""
        full = self.geo.all_mask
        assert not self.safe & self.mines, "a cell both safe and a mine"
        assert not self.safe & self.opened, "a known-safe cell already open"
        assert not (self.opened | self.mines | self.safe) & ~full, "a cell outside the board"
        assert not any(plane & ~self.opened for plane in self.planes), "a digit of a closed cell"
        shown_mines = self.planes[0] & self.planes[3]
        assert shown_mines == self.opened & self.mines, "an opened mine that was not hit, or the reverse"
        assert popcount(shown_mines) == self.hits, "hits and opened mines disagree"


class Memory:
    """What one board's steps keep between them: counts of components met before,
    sweeps, the exact endgame, and the latest estimate."""

    def __init__(self, task, exact_endgame=True):
        self.exact_endgame = exact_endgame  # (off on a board with a policy.stop_share)
        self.counts = {}
        self.counter = Remembering(self.counts)
        self.sweeps = {}
        self.latest = None
        self.components = {}  # the Components met on this board (frontier.components_of's `made`)
        self.values = click_values(task)  # what a safe cell and a mine are worth, for this board
        self._task = task
        self._endgame = None

    def clean(self):
        """Whether this board's counts so far depend on the positions alone: no component
        went over budget (a budget then shrinks for what resembles it) and nothing was
        swept (a sweep is reused at nearby densities)."""
        return not self.counter.hard and not self.sweeps

    def endgame(self):
        if self._endgame is None:
            task = self._task
            self._endgame = Endgame(geometry(task.width, task.height).masks, *self.values)
        return self._endgame


def play(task, view, deadline=None, policy=None, watch=None, hurry=False):
    """Play one board through `view` (a judge.View); the judge records the clicks.

    deadline -- a time.perf_counter() value: past it the player stops when the cheap
                steps are stuck (the clicks so far are still a valid play)
    policy   -- what makes the Move at a stall: policy.next_move, or one with its
                interface (lookahead.looking: stronger on dense boards, and slower);
                None: the process's (set_policy), next_move unless a command set another
    watch    -- if given, called with a Step before every click or batch of certain
                clicks, and at a stop
    hurry    -- the pack has more boards than time: stop when the cheap steps are
                stuck once the score reaches the rule's hurried_share, and leave the
                exact endgame out (2026 only: policy.stop_share)
    """
    if policy is None:
        policy = _POLICY[0]
    enough = stop_share(task, hurry)
    knowledge = Knowledge(geometry(task.width, task.height), task.safe_cells)
    memory = Memory(task, exact_endgame=enough is None)
    announce = None
    if watch is not None:

        def announce(kind):  # before each click of a set of safe cells
            watch(Step(None, kind, 0.0, memory.latest, knowledge.mines, knowledge.safe))

    kind = "start"
    while True:
        if settle(knowledge, view, task.mines, announce, kind):
            return
        kind = "certain"
        if deadline is not None and time.perf_counter() > deadline:
            return  # out of time: stop before the costlier steps (the clicks so far are a valid play)
        if enough is not None and running_share(task, knowledge.opened, knowledge.hits) >= enough:
            if watch is not None:
                watch(Step(None, "stop", None, memory.latest, knowledge.mines, knowledge.safe))
            return  # in a hurry: the rest of this board is worth less than a fresh one
        move = stall(knowledge, task, memory, policy)
        if move is None:
            continue  # certainties found
        cell, kind, p = move
        if watch is not None:
            watch(Step(cell, kind, p, memory.latest, knowledge.mines, knowledge.safe))
        if cell is None:
            return
        new = view.open(cell)
        knowledge.learn(new, view.planes_of(new))
        kind = "certain"


def settle(knowledge, view, mine_total, announce=None, kind="certain"):
    """Steps open and digits, until the digits find nothing more: click every cell known
    to be safe (one judge call for the set), then the single-digit step for every digit
    of the board at once, and again while it finds something.  True when the board is
    done: nothing left undecided, or every closed cell a mine (what is closed plus what
    was hit makes `mine_total`).

    The single-digit step: a digit whose mines are all known makes its other closed
    neighbours safe; a digit that needs every closed neighbour makes them mines.  It
    compares the digit planes with the planes counting the known mines around each
    cell, and those counting the mines and closed cells.  (That second set is all the
    mines and undecided cells: no known-safe cell is closed when the rule runs.)  The
    second comparison needs a fresh count of the closed cells, so it runs only when
    the first finds nothing: the cells it frees are opened first.  The rule's closure
    is the same in any order, so every stall sees the same position.

    announce(kind) -- called before each click of a set of safe cells (kind "start"
                      for the first, then "certain"), for a watcher.

    The hot loop of a board: everything is held in local variables, and the counts
    of the known mines are kept while the mines stay the same.
    """
    geo = knowledge.geo
    width, full, not_left, not_right = geo.width, geo.all_mask, geo.not_left, geo.not_right
    opened, mines, safe, hits = knowledge.opened, knowledge.mines, knowledge.safe, knowledge.hits
    p0, p1, p2, p3 = knowledge.planes
    counted_mines, mine_counts = knowledge.counted_mines, knowledge.mine_counts
    done = False
    while True:
        if safe:
            if announce is not None:
                knowledge.opened, knowledge.mines, knowledge.safe = opened, mines, safe
                announce(kind)
            kind = "certain"
            new = view.open_all(safe)
            n0, n1, n2, n3 = view.planes_of(new)
            opened |= new
            safe = 0
            p0, p1, p2, p3 = p0 | n0, p1 | n1, p2 | n2, p3 | n3
            hit = n0 & n3  # a mine shows 9 (binary 1001)
            if hit:
                mines |= hit
                hits += popcount(hit)
        closed = full & ~opened
        unknown = closed & ~mines
        if not unknown or (mine_total is not None and popcount(closed) + hits == mine_total):
            done = True
            break
        numbers = opened & ~mines
        learnt = False
        full_up = None  # counted at most once a pass: the closed cells stay the same in it
        while True:
            if mines != counted_mines:
                counted_mines, mine_counts = mines, neighbour_counts(geo, mines)
            m0, m1, m2, m3 = mine_counts
            satisfied = numbers & ~((p0 ^ m0) | (p1 ^ m1) | (p2 ^ m2) | (p3 ^ m3))
            row = satisfied | ((satisfied << 1) & not_left) | ((satisfied >> 1) & not_right)
            found = (row | (row << width) | (row >> width)) & unknown
            if found:  # open these first: the costlier test waits for their digits
                safe |= found
                learnt = True
                break
            # the digits that need every mine-or-closed neighbour (mines found here move
            # from the undecided cells to the mines: the set stays the same)
            if full_up is None:
                c0, c1, c2, c3 = neighbour_counts(geo, closed | mines)
                full_up = numbers & ~((p0 ^ c0) | (p1 ^ c1) | (p2 ^ c2) | (p3 ^ c3))
            row = full_up | ((full_up << 1) & not_left) | ((full_up >> 1) & not_right)
            found = (row | (row << width) | (row >> width)) & unknown
            if not found:
                break
            mines |= found
            unknown &= ~found
            learnt = True
        if not learnt:
            break
    knowledge.opened, knowledge.mines, knowledge.safe, knowledge.hits = opened, mines, safe, hits
    knowledge.planes = (p0, p1, p2, p3)
    knowledge.counted_mines, knowledge.mine_counts = counted_mines, mine_counts
    return done


# The policy of the boards play() is given none for (set_policy).
_POLICY = [next_move]


def set_policy(policy):
    """Make `policy` (None: policy.next_move) the one every board of this process plays
    with when play() is given none, and return the one it replaces.  For a command that
    plays a whole pack with another policy (`solve --look`): the contest run knows
    nothing of it, and its workers, forked from this process, keep it."""
    replaced = _POLICY[0]
    _POLICY[0] = next_move if policy is None else policy
    return replaced


# What the stall steps made of a position, for the whole run: (rule, size, mine count,
# opened, digits, known mines) -> (safe found, mines found, the move or None, the
# estimate).  Boards of one shape and mine count start alike, and on the official
# ADC2026 pack about two stalls in five are a position an earlier board met (the blind
# first move, the first digit shown...).  Kept only where the steps' answer depends on
# the position alone: while a board's counts do (Memory.clean), with the contest's
# policy (policy.next_move), and not where the exact endgame may run (stall); so an
# answer is exactly what the steps would give.  (A run memory: engine/memories.py.)
STALLS = run_memory("player.STALLS", 100000)


def stall(knowledge, task, memory, policy):
    """Steps pairs, count and decide, when the cheap steps are stuck: None when they
    made some cell certain (learnt), else the policy's Move.  A position met before in
    this run (on any board) is answered from STALLS."""
    unknown = knowledge.geo.all_mask & ~knowledge.opened & ~knowledge.mines  # (no safe cell is closed at a stall)
    # (not where the policy may ask the exact endgame: it remembers the positions it
    # valued on this board and bounds only new work, so whether it answers depends on the
    # board's earlier stalls)
    clean = (memory.clean() and policy is next_move
             and not (memory.exact_endgame and endgame_reaches(unknown, task.mines)))
    if clean:
        key = (task.rule.year, task.width, task.height, task.mines, knowledge.opened, knowledge.planes, knowledge.mines)
        known = STALLS.get(key)
        if known is not None:
            safe, mines, move, memory.latest = known
            knowledge.safe |= safe
            knowledge.mines |= mines
            return move
    safe, mines = knowledge.safe, knowledge.mines
    constraints = live_constraints(knowledge, unknown)
    move = None
    if not learn_pairs(knowledge, constraints, unknown):
        facts = count(knowledge, constraints, task, memory, unknown)
        if facts is not None:  # step decide
            move = policy(facts, memory.endgame if memory.exact_endgame else None)
    if clean and memory.clean():  # (the endgame is off here: its memory does not count)
        STALLS.keep(key, (knowledge.safe & ~safe, knowledge.mines & ~mines, move, memory.latest))
    return move


def live_constraints(knowledge, unknown):
    """The constraints (frontier.constraints_of) of the digits beside an undecided cell
    (`unknown`: the undecided cells), lowest cell first, duplicates merged: a loop of its
    own over the bit planes (this runs at every stall).  A digit is read off the planes
    once a board."""
    geo, mines = knowledge.geo, knowledge.mines
    masks, shown = geo.masks, knowledge.shown
    live = knowledge.opened & ~mines & spread(geo, unknown)
    seen = {}
    while live:
        low = live & -live
        live ^= low
        c = low.bit_length() - 1
        digit = shown.get(c)
        if digit is None:
            p0, p1, p2, p3 = knowledge.planes
            digit = shown[c] = (p0 >> c & 1) | (p1 >> c & 1) << 1 | (p2 >> c & 1) << 2 | (p3 >> c & 1) << 3
        around = masks[c]
        seen[around & unknown] = digit - popcount(around & mines)
    return list(seen.items())


def learn_pairs(knowledge, constraints, unknown):
    """Step pairs (steps.pairs_step) on the live constraints.  True if anything was learnt."""
    if not constraints:
        return False
    safe, mines = pairs_step(constraints, unknown)
    knowledge.safe |= safe
    knowledge.mines |= mines
    return bool(safe or mines)


# Search nodes a component may take in the count before it is swept instead: a sweep's
# probabilities are close enough here, and past 400 nodes it is cheaper than the search
# (docs/design.md, "The cost model", the count's budget: the ADC2026 pack makes as many points).
COUNT_NODES = 400


def count(knowledge, constraints, task, memory, unknown):
    """Step count: exact probabilities (probability.estimate) of the undecided cells
    `unknown`.  None when it made some cell certain (learnt), else the position's
    policy.Facts for the decision."""
    interior = unknown & ~covered(constraints)
    mines_left = None if task.mines is None else task.mines - popcount(knowledge.mines)
    components = components_of(constraints, memory.components)
    result = estimate(components, interior, popcount(interior), mines_left, COUNT_NODES, memory.counter, sweeps=memory.sweeps)
    memory.latest = result
    safe = result.safe & unknown
    mines = result.mines & unknown & ~result.safe
    if safe or mines:
        knowledge.safe |= safe
        knowledge.mines |= mines
        return None
    return Facts(task, memory.values, knowledge.geo.masks, knowledge.opened, knowledge.planes, knowledge.mines,
                 knowledge.hits, unknown, interior, mines_left, constraints, result, components, memory.counts)

