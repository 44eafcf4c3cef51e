"""Counting a component's mine assignments exactly, by number of mines.

Each component's assignments are enumerated class by class (a class of s cells
holding m mines stands for C(s, m) assignments) and counted by their number of
mines, in exact integers.  The search is bounded: past `budget` nodes it gives up
(None) and the caller sweeps the component instead (sweep.py).

Counts depend only on a component's shape (class sizes, which classes each
constraint covers, the mines it needs), not on where it lies, and small shapes
recur on every board: answers are kept per shape for the whole run.  The memory is
transparent: a shape counted before is answered only under a budget that would
have let the search finish, so every answer is what the search itself would give.
"""

from collections import namedtuple
from math import comb

from ..grid.bitset import popcount
from .memories import run_memory

Counts = namedtuple("Counts", "weights class_mines low support scaled scaled_mines safe mines nodes")
Counts.__doc__ = """A component's assignments, counted exactly, with what estimate() derives from them.

weights[t]        -- number of cell assignments with t mines in the component
class_mines[k][t] -- total of mines in class k over those assignments
low               -- the fewest mines any assignment has: the lists below start there
support           -- bitset of the u with weights[low + u] > 0
scaled, scaled_mines -- weights and class_mines from `low` on, as floats relative to
                     max(weights)
safe, mines       -- bitsets of the CLASS indices (bit k: class k) certain to be safe /
                     mines whatever the component's mine count
nodes             -- search nodes the count took
"""

NODES_PER_COMPONENT = 1500  # search nodes per component before the sweep takes over
HARD_BUDGET_SHARE = 0.05  # of the budget, for a component like one that went over it

# Rows of binomials, [comb(n, k) for k in 0..n], for the class sizes n up to 64 counted so far:
# each is made when a class of its size is first met (all 65 rows at import cost every
# start about 1 ms on CPython 3.8, docs/measurements/startup.md, "The code compiled ahead"; a run meets few sizes).
_COMB = {}
_COMB_SIZES = 65
COUNTED = run_memory("counting.COUNTED", 50000)  # shape -> its Counts (about 4.3 KB each: "Memory of the commands")
UNFINISHED = run_memory("counting.UNFINISHED", 50000)  # shape -> the largest budget its count did not finish within


def binomials(size):
    """[comb(size, m) for m in 0..size]: the ways a class of `size` cells holds m mines
    (remembered for sizes below _COMB_SIZES)."""
    row = _COMB.get(size)
    if row is None:
        row = [comb(size, m) for m in range(size + 1)]
        if size < _COMB_SIZES:
            _COMB[size] = row
    return row


def walk(component):
    """What both the search and the sweep walk a component by: its classes in
    breadth-first order over shared constraints, so that constraints close early.

    order -- class indices in walking order; sizes -- their sizes in that order
    room  -- per constraint, the cells it covers; at[i] -- constraints of the i-th class
    """
    all_sizes, constraints = component.sizes, component.constraints
    count = len(all_sizes)
    touching = [[] for _ in range(count)]  # constraints of each class, in constraint order
    room = []
    for j, (members, _) in enumerate(constraints):
        covered = 0
        for k in members:
            touching[k].append(j)
            covered += all_sizes[k]
        room.append(covered)
    order, placed, scanned = [], [False] * count, [False] * len(constraints)
    for start in range(count):
        if placed[start]:
            continue
        placed[start] = True
        order.append(start)
        head = len(order) - 1
        while head < len(order):  # order doubles as the queue: a class is placed when found
            for j in touching[order[head]]:
                if scanned[j]:  # its classes were all placed when it was first scanned
                    continue
                scanned[j] = True
                for other in constraints[j][0]:
                    if not placed[other]:
                        placed[other] = True
                        order.append(other)
            head += 1
    return order, [all_sizes[k] for k in order], room, [touching[k] for k in order]


def count_solutions(component, budget=None):
    """The Counts of a component, or None if the search needs more than `budget` nodes.

    Cells 0 and 1 hold one mine, cells 1 and 2 one too: cell 1 alone, or cells 0 and 2.

    >>> from solver.engine.frontier import components_of
    >>> counts = count_solutions(components_of([(0b011, 1), (0b110, 1)])[0])
    >>> counts.weights  # assignments by number of mines: one with 1 mine, one with 2
    (0, 1, 1)
    >>> counts.class_mines  # the classes (cell 0, cell 1, cell 2): mines by assignment size
    ((0, 0, 1), (0, 1, 0), (0, 0, 1))
    """
    budget = budget or NODES_PER_COMPONENT
    shape = component.shape
    known = COUNTED.get(shape)
    if known is not None:
        return known if known.nodes <= budget else None
    if budget <= UNFINISHED.get(shape, 0):
        return None
    result = search_counts(component, budget)
    if result is None:
        UNFINISHED.keep(shape, budget)
    else:
        COUNTED.keep(shape, result)
        UNFINISHED.pop(shape, None)
    return result


def search_counts(component, budget):
    """count_solutions without the shape memory: the bounded enumeration itself (for
    callers that keep their own memory, as the classic player's looks do).

    Depth-first over the classes in walking order, each class taking every mine count
    its constraints allow; a constraint is closed at its last class, which must then
    hold exactly what it still needs (_enumerate).  A visit of a class and each
    completed assignment (a leaf) is one node; past `budget` nodes the search gives
    up (None)."""
    order, sizes, room, constraints_at = walk(component)
    total = sum(sizes)
    # the cells each constraint still covers after class i, fixed by the walking order:
    # a class's count is at least what a constraint needs beyond them
    beyond = []
    for size, here in zip(sizes, constraints_at):
        after = []
        for j in here:
            left = room[j] = room[j] - size
            after.append((j, left))
        beyond.append(after)
    weights = [0] * (total + 1)
    class_mines = [[0] * (total + 1) for _ in order]
    need = [mines for _, mines in component.constraints]
    nodes = _enumerate(sizes, beyond, need, weights, class_mines, budget)
    if nodes < 0:
        return None
    cut = total + 1  # drop the impossible tail
    while cut > 1 and not weights[cut - 1]:
        cut -= 1
    by_class = [None] * len(order)
    for i, k in enumerate(order):
        by_class[k] = class_mines[i][:cut]
    return _counts(component, weights[:cut], by_class, budget - nodes)


def _enumerate(sizes, beyond, need, weights, class_mines, nodes):
    """search_counts' walk: add every assignment's weight to `weights` and its mines,
    class by class, to `class_mines` (both by the assignment's number of mines); the
    nodes left of the budget `nodes`, negative when it ran out.

    Iterative, in one frame (the hot loop of the count: no call per node): depth i
    holds class i's range of counts (m from low to high) and the weight and mines of
    the path above it (the lists _frame makes); `need` holds what each constraint
    still needs on the current path; beyond[i] holds (constraint, the cells it still
    covers after class i) for each constraint of class i.  The stages: _frame, then
    the walk, each visit of a class bounding its count by its constraints, the last
    class adding its counts' weights."""
    ways_of, mined, at_m, at_high, at_weight, at_t = _frame(sizes)
    last = len(sizes) - 1
    i = 0
    entering = True
    while i >= 0:
        if entering:  # visit class i: the counts its constraints allow
            nodes -= 1
            if nodes < 0:
                return nodes
            low, high = 0, sizes[i]
            here = beyond[i]
            for j, after in here:
                n = need[j]
                if n < high:
                    high = n
                n -= after
                if n > low:
                    low = n
            if low > high:
                i -= 1
                entering = False
                continue
            if i == last:  # each count completes an assignment
                nodes -= high - low + 1
                if nodes < 0:
                    return nodes
                ways, weight, t = ways_of[i], at_weight[i], at_t[i]
                totals = class_mines[i]
                for m in range(low, high + 1):
                    w = weight * ways[m]
                    u = t + m
                    weights[u] += w
                    for earlier, k in mined:
                        earlier[u] += w * k
                    if m:
                        totals[u] += w * m
                i -= 1
                entering = False
                continue
            if low:
                for j, _ in here:
                    need[j] -= low
            m = low
            at_high[i] = high
        else:  # back at class i from below: its next count, or back up
            m = at_m[i]
            if m:
                mined.pop()
            if m == at_high[i]:  # its last count: give the constraints back what it took
                if m:
                    for j, _ in beyond[i]:
                        need[j] += m
                i -= 1
                continue
            for j, _ in beyond[i]:
                need[j] -= 1
            m += 1
        at_m[i] = m
        if m:
            mined.append((class_mines[i], m))
        at_weight[i + 1] = at_weight[i] * ways_of[i][m]
        at_t[i + 1] = at_t[i] + m
        i += 1
        entering = True
    return nodes


def _frame(sizes):
    """The frame _enumerate walks in, for classes of these sizes: (ways_of, mined, at_m,
    at_high, at_weight, at_t).

    ways_of[i]   -- binomials(sizes[i]): the ways class i holds each count
    mined        -- (class_mines list, count) of the classes holding mines on the path
    at_m[i], at_high[i] -- class i's current count, and its last
    at_weight[i], at_t[i] -- the weight and the mines of the path above class i (the
                     empty path above class 0: weight 1, no mine)
    """
    count = len(sizes)
    at_weight = [0] * (count + 1)
    at_weight[0] = 1
    return [binomials(size) for size in sizes], [], [0] * count, [0] * count, at_weight, [0] * (count + 1)


def _counts(component, weights, class_mines, nodes):
    """Counts from the exact weights and class totals of a component.

    Every sequence in it is a tuple of numbers: the shape memory may hold a hundred
    thousand Counts in a long run, and the garbage collector stops scanning such
    tuples, where each full collection would otherwise walk every list (the pauses
    this saves: docs/measurements/strength.md, "Decisions")."""
    weights = tuple(weights)
    class_mines = tuple(map(tuple, class_mines))
    top = max(weights)
    if not top:  # contradictory constraints: no assignment, nothing certain
        return Counts(weights, class_mines, 0, 0, (0.0,), tuple((0.0,) for _ in class_mines), 0, 0, nodes)
    low = 0
    while not weights[low]:
        low += 1
    support = 0  # bit u: weights[low + u] > 0
    for t in range(len(weights) - 1, low - 1, -1):
        support = support << 1 | (weights[t] > 0)
    safe = mines = 0
    assignments = sum(weights)
    bit = 1
    for size, totals in zip(component.sizes, class_mines):
        # a class holds at most `size` mines in each assignment: its total mines make
        # size * assignments only if it is full in every one
        held = sum(totals)
        if not held:
            safe |= bit
        elif held == size * assignments:
            mines |= bit
        bit <<= 1
    scaled = top.__rtruediv__  # scaled(m) is m / top
    return Counts(
        weights,
        class_mines,
        low,
        support,
        tuple(map(scaled, weights[low:])),
        tuple([tuple(map(scaled, totals[low:])) for totals in class_mines]),
        safe,
        mines,
        nodes,
    )


def classes_in(component, class_bits):
    """The cells of the classes whose bits are set in `class_bits`."""
    cells = 0
    for k, atom in enumerate(component.classes):
        if class_bits >> k & 1:
            cells |= atom
    return cells


class Remembering:
    """A counter for `estimate` that keeps the counts of the components it met on one
    board in `memo` (by Component.key: policy.Facts hands them on as its `counts`).

    A click changes a big component only a little, so one that mostly covers the cells
    of a component that went over budget gets a small budget (HARD_BUDGET_SHARE): it is
    swept at once instead of being searched to the limit again.  While `hard` is empty
    the counter's answers depend on the component alone, not on the board's history.
    """

    __slots__ = ("memo", "hard")

    def __init__(self, memo):
        self.memo = memo
        self.hard = 0  # cells of components that went over budget, until counted again

    def __call__(self, component, budget):
        key = component.key
        memo = self.memo
        if key in memo:
            return memo[key]
        budget = budget or NODES_PER_COMPONENT
        cells = component.area
        if 2 * popcount(cells & self.hard) > popcount(cells):
            budget = int(budget * HARD_BUDGET_SHARE)
        result = memo[key] = count_solutions(component, budget)
        if result is None:
            self.hard |= cells
        else:
            self.hard &= ~cells
        return result

