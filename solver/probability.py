"""Exact mine probabilities: every consistent assignment counted, with the global mine count.

Each component's assignments are enumerated class by class (a class of s cells
holding m mines stands for C(s, m) assignments) and counted by their number of
mines.  Components are then combined through the mine count: an assignment of the
whole frontier with T mines leaves C(interior, mines_left - T) ways to fill the
closed cells no digit touches.  All counting is in exact integers.

The work is bounded: a component that needs more than `budget` search nodes is
swept instead (a dynamic programme over merged states, `sweep`), which is exact
about certainty but weighs mines by a density rather than the exact count; past
the sweep's own cap, local estimates.  Counts are floats only for weighing:
certainty is always read off exact counts.  So the result can be approximate,
never wrongly sure.  Without a mine count, components weigh their mines by a prior
density (UNKNOWN_DENSITY) and only what holds in every assignment is certain.
"""

from collections import namedtuple
from math import comb, exp, lgamma, log
from operator import mul

from .bitset import cells_of, popcount

Counts = namedtuple("Counts", "weights class_mines low support scaled scaled_mines safe mines")
Counts.__doc__ = """A component's assignments, counted exactly, with what estimate() derives from them.

weights[t]        -- number of cell assignments with t mines in the component
class_mines[k][t] -- total of mines in class k over those assignments
low               -- the fewest mines any assignment has: the lists below start there
support           -- bitset of the u with weights[low + u] > 0
scaled, scaled_mines -- weights and class_mines from `low` on, as floats relative to
                     max(weights)
safe, mines       -- cells certain to be safe / mines whatever the component's mine count

Derived once per component: a memo then saves the coupling this work on every step.
"""

Estimate = namedtuple("Estimate", "class_masks class_probs interior_prob safe mines exact")
Estimate.__doc__ = """Mine probabilities of the closed, undecided cells.

class_masks[i], class_probs[i] -- a set of interchangeable frontier cells and the mine
                                  probability of each of them
interior_prob -- probability for each closed cell that no digit touches (None if none)
safe, mines   -- bitsets of cells certain to be safe / mines
exact         -- True when every probability is exact: the mine count was known and
                 every component was enumerated
"""

DEFAULT_BUDGET = 1500  # search nodes per component before the sweep takes over
HARD_BUDGET_SHARE = 0.05  # of the budget, for a component like one that went over it
SWEEP_STATE_CAP = 3000  # states per step of the sweep before local estimates take over
SWEEP_ODDS_STEP = 0.05  # a sweep is reused while the mine odds stay within about this share
UNKNOWN_DENSITY = 0.2  # prior mine density when the mine count is not known

_COMB = [[comb(n, k) for k in range(n + 1)] for n in range(65)]


class _OverBudget(Exception):
    pass


def _order(component):
    """Classes in breadth-first order over shared constraints, so constraints close early."""
    count = len(component.sizes)
    touching = [[] for _ in range(count)]
    for j, (members, _) in enumerate(component.constraints):
        for k in members:
            touching[k].append(j)
    order, placed = [], [False] * count
    for start in range(count):
        if placed[start]:
            continue
        placed[start] = True
        queue = [start]
        while queue:
            k = queue.pop(0)
            order.append(k)
            for j in touching[k]:
                for other in component.constraints[j][0]:
                    if not placed[other]:
                        placed[other] = True
                        queue.append(other)
    return order


def _walk(component):
    """What both the search and the sweep walk a component by, classes in _order:

    order -- class indices in walking order; sizes -- their sizes in that order
    room  -- per constraint, the cells it covers; at[i] -- constraints of the i-th class
    """
    order = _order(component)
    position = {k: i for i, k in enumerate(order)}
    sizes = [component.sizes[k] for k in order]
    room = [sum(component.sizes[k] for k in members) for members, _ in component.constraints]
    at = [[] for _ in order]
    for j, (members, _) in enumerate(component.constraints):
        for k in members:
            at[position[k]].append(j)
    return order, sizes, room, at


def count_solutions(component, budget=None):
    """The Counts of a component, or None if it needs more than `budget` nodes."""
    if budget is None:
        budget = DEFAULT_BUDGET
    order, sizes, room, constraints_at = _walk(component)
    count = len(order)
    need = [mines for _, mines in component.constraints]
    total = sum(sizes)
    weights = [0] * (total + 1)
    class_mines = [[0] * (total + 1) for _ in range(count)]
    steps = [
        (sizes[i], constraints_at[i], _COMB[sizes[i]] if sizes[i] < len(_COMB) else [comb(sizes[i], m) for m in range(sizes[i] + 1)])
        for i in range(count)
    ]
    mined = []  # (class_mines list, m) of the classes holding mines on the current path
    nodes = budget

    def search(i, t, weight):
        nonlocal nodes
        nodes -= 1
        if nodes < 0:
            raise _OverBudget
        if i == count:
            weights[t] += weight
            for totals, m in mined:
                totals[t] += weight * m
            return
        size, here, ways = steps[i]
        low, high = 0, size
        for j in here:
            n = need[j]
            if n < high:
                high = n
            if n - room[j] + size > low:
                low = n - room[j] + size
        if low > high:
            return
        for j in here:
            room[j] -= size
            need[j] -= low
        totals = class_mines[i]
        for m in range(low, high + 1):
            if m:
                mined.append((totals, m))
                search(i + 1, t + m, weight * ways[m])
                mined.pop()
            else:
                search(i + 1, t, weight)
            for j in here:
                need[j] -= 1
        for j in here:
            room[j] += size
            need[j] += high + 1

    try:
        search(0, 0, 1)
    except _OverBudget:
        return None
    most = max((t for t, w in enumerate(weights) if w), default=0)  # drop the impossible tail
    by_class = [None] * count
    for i, k in enumerate(order):
        by_class[k] = class_mines[i][: most + 1]
    return _counts(component, weights[: most + 1], by_class)


def _counts(component, weights, class_mines):
    """Counts from the exact weights and class totals of a component."""
    top = max(weights)
    if not top:  # contradictory constraints: no assignment, nothing certain
        return Counts(weights, class_mines, 0, 0, [0.0], [[0.0] for _ in class_mines], 0, 0)
    low = min(t for t, w in enumerate(weights) if w)
    safe = mines = 0
    for cells, size, totals in zip(component.classes, component.sizes, class_mines):
        if not any(totals):
            safe |= cells
        elif all(m == size * w for m, w in zip(totals, weights)):
            mines |= cells
    return Counts(
        weights,
        class_mines,
        low,
        _support(weights) >> low,
        [w / top for w in weights[low:]],
        [[m / top for m in totals[low:]] for totals in class_mines],
        safe,
        mines,
    )


def remembering(memo):
    """A counter for `estimate` that reuses the counts of components met before.

    Components are keyed by their constraints (frontier.Component.key), so a part of
    the board a click did not touch is not counted again.  A click changes a big
    component only a little, so one that mostly covers the cells of a component that
    went over budget gets a small budget (HARD_BUDGET_SHARE): it is swept at once
    instead of being searched to the limit again.
    """
    hard = 0  # cells of components that went over budget, until counted again

    def counter(component, budget):
        nonlocal hard
        key = component.key
        if key in memo:
            return memo[key]
        budget = budget or DEFAULT_BUDGET
        cells = component.area
        if 2 * popcount(cells & hard) > popcount(cells):
            budget = int(budget * HARD_BUDGET_SHARE)
        result = memo[key] = count_solutions(component, budget)
        if result is None:
            hard |= cells
        else:
            hard &= ~cells
        return result

    return counter


def sweep(component, odds, state_cap=SWEEP_STATE_CAP):
    """Per-class mine probabilities of a big component, by dynamic programming.

    Classes are taken in breadth-first order; a state is the mines still needed by
    the constraints that are open (touched but not finished), and equal
    states merge, so a long frontier costs states x length instead of the number of
    its assignments.  Each mine weighs `odds` (the rest of the board seen as a
    reservoir of that density), which makes the weights scalars.  A class whose
    probability is exactly 0 or 1 is so in every assignment: that part is exact.

    Returns (probabilities, certain_safe, certain_mine), lists by class, or None past
    `state_cap` states.
    """
    order, sizes, room, at = _walk(component)
    count = len(order)
    last = [0] * len(component.constraints)  # the step where each constraint closes
    for i, here in enumerate(at):
        for j in here:
            last[j] = i

    # forward: layers[i] maps the state before class i to its weight.  A state packs the
    # mines still needed by the open constraints into one int, `bits` bits per
    # constraint at the slot it holds while open; a finished constraint needs 0, so its
    # slot is free for the next one.
    bits = max(1, max(mines for _, mines in component.constraints).bit_length())
    field = (1 << bits) - 1
    slot_of = {}  # open constraint -> bit offset of its slot
    free = []  # bit offsets of slots no constraint holds
    slots = 0
    layers, programs, ways_at = [], [], []
    states = {0: 1.0}
    for i in range(count):
        size = sizes[i]
        start = 0
        for j in at[i]:
            room[j] -= size
            if j not in slot_of:
                if not free:
                    free.append(slots * bits)
                    slots += 1
                slot_of[j] = free.pop()
                start += component.constraints[j][1] << slot_of[j]
        checks = [(slot_of[j], room[j]) for j in at[i]]  # a constraint closing here has room 0
        step = sum(1 << slot_of[j] for j in at[i])  # one mine in this class, in every touched slot
        ways = [comb(size, m) * odds**m for m in range(size + 1)]
        ways_at.append(ways)
        program = []
        nxt = {}
        for state, weight in states.items():
            full = state + start
            # m mines in this class must leave every touched constraint within 0..room
            low, high = 0, size
            for shift, limit in checks:
                r = full >> shift & field
                if r < high:
                    high = r
                if r - limit > low:
                    low = r - limit
            if low > high:
                continue
            key = full - low * step
            for m in range(low, high + 1):
                program.append((state, m, key))
                nxt[key] = nxt.get(key, 0.0) + weight * ways[m]
                key -= step
        for j in at[i]:
            if last[j] == i:
                free.append(slot_of.pop(j))
        if len(nxt) > state_cap or not nxt:
            return None
        layers.append(states)
        programs.append(program)
        states = _rescaled(nxt)

    # backward: after[i] maps the state after class i to the weight of its completions
    after_weights = {0: 1.0}
    class_probs = [0.0] * count
    certain_safe = [False] * count
    certain_mine = [False] * count
    for i in range(count - 1, -1, -1):
        size, ways, layer = sizes[i], ways_at[i], layers[i]
        before = {}
        mined = 0.0
        fewest, most = size, 0  # mines of this class over the assignments that complete
        for state, m, key in programs[i]:
            w = ways[m] * after_weights.get(key, 0.0)
            if w:
                before[state] = before.get(state, 0.0) + w
                mined += m * w * layer[state]
                if m < fewest:
                    fewest = m
                if m > most:
                    most = m
        total = sum(layer[state] * w for state, w in before.items())
        if not total:
            return None
        class_probs[i] = mined / (total * size)
        certain_safe[i] = most == 0
        certain_mine[i] = fewest == size
        after_weights = _rescaled(before)
    by_class = [None] * count
    for i, k in enumerate(order):
        by_class[k] = (class_probs[i], certain_safe[i], certain_mine[i])
    return [b[0] for b in by_class], [b[1] for b in by_class], [b[2] for b in by_class]


def mine_count_odds(probs):
    """Distribution of the number of mines among cells with independent probabilities."""
    dist = [1.0] + [0.0] * len(probs)
    for n, p in enumerate(probs, 1):  # add one cell: its mine moves weight one place up
        q = 1.0 - p
        for k in range(n, 0, -1):
            dist[k] = dist[k] * q + dist[k - 1] * p
        dist[0] *= q
    return dist


def _rescaled(weights):
    """A dict of positive float weights, divided by the largest when that strays far from
    1 (weights only compare within a step, so a common factor changes nothing)."""
    top = max(weights.values())
    if 1e-100 < top < 1e100:
        return weights
    return {key: w / top for key, w in weights.items()}


def _local_guess(component):
    """Per-class estimates for a component too big to enumerate: mean local density."""
    sums = [0.0] * len(component.sizes)
    seen = [0] * len(component.sizes)
    for members, mines in component.constraints:
        room = sum(component.sizes[k] for k in members)
        density = mines / room if room else 0.0
        for k in members:
            sums[k] += density
            seen[k] += 1
    return [min(1.0, max(0.0, s / n)) if n else 0.5 for s, n in zip(sums, seen)]


def _multiply(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def estimate(components, interior, interior_count, mines_left, budget=None, counter=None, sweep_cap=SWEEP_STATE_CAP, sweeps=None):
    """Mine probabilities for the closed undecided cells.

    components     -- from frontier.components_of
    interior       -- bitset of the closed undecided cells that no digit touches
    interior_count -- popcount(interior)
    mines_left     -- mines not yet known, or None when the mine count is unknown
    counter        -- stands in for count_solutions(component, budget), e.g. a memo
    sweep_cap      -- states per step allowed to the sweep of a too-big component
    sweeps         -- optional dict kept across calls: sweeps of unchanged components
                      (at nearly the same density) are reused
    """
    counted = [(counter or count_solutions)(c, budget) for c in components]
    masks, probs = [], []
    safe = mines = 0

    # a class is certain when it is so in every assignment, whatever the mine count
    for result in counted:
        if result is not None:
            safe |= result.safe
            mines |= result.mines

    if mines_left is None:
        density = UNKNOWN_DENSITY
    else:
        density = _free_density(components, interior_count, mines_left)
    odds = density / (1.0 - density) if density < 1.0 else 1e9

    # components too big to enumerate: swept with the density as the weight of a mine
    exact_parts = []
    mines_elsewhere = 0.0  # expected mines of the swept components
    for comp, result in zip(components, counted):
        if result is not None and result.support:
            exact_parts.append((comp, result))
            continue
        masks.extend(comp.classes)
        swept = None
        if result is None:
            key = (comp.key, round(log(odds) / SWEEP_ODDS_STEP))
            if sweeps is not None and key in sweeps:
                swept = sweeps[key]
            else:
                swept = sweep(comp, odds, sweep_cap)
                if sweeps is not None:
                    sweeps[key] = swept
        if swept is None:
            local = _local_guess(comp)
            probs.extend(local)
            mines_elsewhere += sum(p * n for p, n in zip(local, comp.sizes))
            continue
        probs.extend(swept[0])
        mines_elsewhere += sum(p * n for p, n in zip(swept[0], comp.sizes))
        for cells, is_safe, is_mine in zip(comp.classes, swept[1], swept[2]):
            if is_safe:
                safe |= cells
            elif is_mine:
                mines |= cells
    exact = len(exact_parts) == len(components) and mines_left is not None

    coupled = None
    if mines_left is not None:
        # the swept components are taken to hold their expected number of mines
        coupled = _couple(exact_parts, interior, interior_count, mines_left - int(round(mines_elsewhere)))
    if coupled is None:  # no mine count (or none consistent): weigh mines by the density
        for comp, counts in exact_parts:  # (odds ** counts.low cancels out)
            z = sum(w * odds**t for t, w in enumerate(counts.scaled))
            for cells, size, totals in zip(comp.classes, comp.sizes, counts.scaled_mines):
                masks.append(cells)
                probs.append(sum(m * odds**t for t, m in enumerate(totals)) / (z * size))
        interior_prob = density if interior_count else None
        return Estimate(masks, probs, interior_prob, safe & ~mines, mines, False)

    class_probs, interior_prob, coupled_safe, coupled_mines = coupled
    for (comp, _), by_class in zip(exact_parts, class_probs):
        masks.extend(comp.classes)
        probs.extend(by_class)
    if exact:  # certainties that need the mine count hold only when every count is exact
        safe |= coupled_safe
        mines |= coupled_mines
    return Estimate(masks, probs, interior_prob, safe & ~mines, mines, exact)


def cell_probabilities(estimate, size):
    """A list: mine probability of every undecided closed cell, None elsewhere."""
    probs = [None] * size
    for cells, p in zip(estimate.class_masks, estimate.class_probs):
        for c in cells_of(cells):
            probs[c] = p
    return probs


def probability_of(estimate, cell):
    """The mine probability an Estimate gives a closed undecided cell: its class's, else
    the interior's (0.0 if it has none)."""
    for cells, p in zip(estimate.class_masks, estimate.class_probs):
        if cells >> cell & 1:
            return p
    return estimate.interior_prob or 0.0


def _couple(parts, interior, interior_count, mines_left):
    """Exact probabilities of enumerated components and the interior, through the mine count.

    Returns (class probabilities per part, interior probability, safe, mines) or None
    when no assignment fits the mine count.  Counts are exact integers; they are
    turned into floats (each list scaled by its largest entry) only to weigh, and
    certainty is decided on which counts are non-zero, never on a float.
    """
    # every list below is indexed by the frontier's mines above the fewest it can hold
    fewest = sum(counts.low for _, counts in parts)
    mines_left -= fewest
    # fill_f[t]: ways to place the other mines in the interior when the frontier holds t,
    # relative to the largest; from log-binomials (exact counts are not needed to weigh)
    longest = 1 + sum(len(counts.scaled) - 1 for _, counts in parts)
    logs = [_log_comb(interior_count, mines_left - t) for t in range(longest)]
    top = max(logs)
    if top == _NO_WAYS:
        return None
    fill_f = [exp(x - top) if x != _NO_WAYS else 0.0 for x in logs]
    fill_support = _fill_support(interior_count, mines_left)
    prefix_support, suffix_support = [1], [1]
    for _, counts in parts:
        prefix_support.append(_support_product(prefix_support[-1], counts.support))
    for _, counts in reversed(parts):
        suffix_support.append(_support_product(suffix_support[-1], counts.support))
    suffix_support.reverse()
    if not prefix_support[-1] & fill_support:
        return None
    # after[c][u]: the components after c, spread over u + their mines, weighed by the
    # fills -- built backwards one component at a time, so no product of all the
    # others is ever formed (linear, not quadratic, in the number of mines)
    after = [None] * len(parts)
    h = fill_f
    for c in range(len(parts) - 1, -1, -1):
        after[c] = h
        w = parts[c][1].scaled
        h = [sum(map(mul, w, h[u : u + len(w)])) for u in range(len(h) - len(w) + 1)]
    z = h[0]
    safe = mines = 0
    class_probs = []
    prefix = [1.0]  # the components before c, by their number of mines
    for c, (comp, counts) in enumerate(parts):
        poly = counts.scaled
        # q[t]: weight of the rest of the board when this component holds low + t mines
        tail = after[c]
        q = [sum(map(mul, prefix, tail[t : t + len(prefix)])) for t in range(len(poly))]
        prefix = _multiply(prefix, poly)
        z_here = sum(map(mul, poly, q))
        by_class = [sum(map(mul, totals, q)) / (z_here * size) for totals, size in zip(counts.scaled_mines, comp.sizes)]
        class_probs.append(by_class)
        # live: the mine counts this component can hold with the rest of the board consistent
        live = 0
        others_support = _support_product(prefix_support[c], suffix_support[c + 1])
        for t in cells_of(counts.support):
            if (others_support << t) & fill_support:
                live |= 1 << t
        if live == counts.support:
            continue  # the mine count rules nothing out: certainty as the component alone
        live_t = [counts.low + t for t in cells_of(live)]
        weights = counts.weights
        for cells, size, totals in zip(comp.classes, comp.sizes, counts.class_mines):
            if all(totals[t] == 0 for t in live_t):
                safe |= cells
            elif all(totals[t] == size * weights[t] for t in live_t):
                mines |= cells
    everything = prefix
    interior_prob = None
    if interior_count:
        expected = sum(w * f * (mines_left - t) for t, (w, f) in enumerate(zip(everything, fill_f)))
        interior_prob = expected / (z * interior_count)
        live_t = [t for t in range(len(everything)) if (prefix_support[-1] & fill_support) >> t & 1]
        if all(mines_left - t == 0 for t in live_t):
            safe |= interior
        elif all(mines_left - t == interior_count for t in live_t):
            mines |= interior
    return class_probs, interior_prob, safe, mines


_NO_WAYS = float("-inf")


def _log_comb(n, k):
    """log C(n, k), or -inf when there is no way (k outside 0..n)."""
    if not 0 <= k <= n:
        return _NO_WAYS
    return lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1)


def _support(counts):
    """Bitset of the indices whose count is non-zero."""
    out = 0
    for t, c in enumerate(counts):
        if c:
            out |= 1 << t
    return out


def fits_mine_count(counted, interior_count, mines_left):
    """Can components with these Counts and `interior_count` free cells hold exactly
    `mines_left` mines together?  (What estimate's coupling asks, from supports alone.)"""
    support, fewest = 1, 0
    for counts in counted:
        support = _support_product(support, counts.support)
        fewest += counts.low
    return bool(support & _fill_support(interior_count, mines_left - fewest))


def _fill_support(interior_count, need):
    """Bitset of the t for which the interior can take the other need - t mines."""
    low, high = max(0, need - interior_count), need
    if high < low:
        return 0
    return ((1 << (high - low + 1)) - 1) << low


def _support_product(a, b):
    """Support of the product of two polynomials with non-negative counts."""
    out = 0
    while b:
        low = b & -b
        out |= a * low  # a shifted by the index of b's lowest term
        b ^= low
    return out


def _free_density(components, interior_count, mines_left):
    """A density for estimates when some component was too big: mines per closed cell."""
    cells = interior_count + sum(sum(c.sizes) for c in components)
    if cells <= 0:
        return 0.0
    return min(0.999, max(0.001, mines_left / cells))
