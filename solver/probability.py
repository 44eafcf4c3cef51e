"""Exact mine probabilities: every consistent assignment counted, with the global mine count.

Each component's assignments are enumerated class by class (a class of s cells
holding m mines stands for C(s, m) assignments) and counted by their number of
mines.  Components are then combined through the mine count: an assignment of the
whole frontier with T mines leaves C(interior, mines_left - T) ways to fill the
closed cells no digit touches.  All counting is in exact integers.

The work is bounded: a component that needs more than `budget` search nodes is
given local estimates instead, and then nothing is called certain unless it holds
whatever that component does.  So the result can be approximate, never wrongly sure.
"""

from collections import namedtuple
from math import comb

Estimate = namedtuple("Estimate", "class_masks class_probs interior_prob safe mines exact")
Estimate.__doc__ = """Mine probabilities of the closed, undecided cells.

class_masks[i], class_probs[i] -- a set of interchangeable frontier cells and the mine
                                  probability of each of them
interior_prob -- probability for each closed cell that no digit touches (None if none)
safe, mines   -- bitsets of cells certain to be safe / mines
exact         -- False when some component was estimated instead of enumerated
"""

DEFAULT_BUDGET = 20000  # search nodes per component before falling back to estimates
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


def count_solutions(component, budget=DEFAULT_BUDGET):
    """(weights, class_mines) of a component, or None if it needs more than `budget` nodes.

    weights[t]        -- number of cell assignments with t mines in the component
    class_mines[k][t] -- total of mines in class k over those assignments
    """
    order = _order(component)
    sizes = [component.sizes[k] for k in order]
    position = {k: i for i, k in enumerate(order)}
    count = len(order)
    need = [mines for _, mines in component.constraints]
    room = [sum(component.sizes[k] for k in members) for members, _ in component.constraints]
    constraints_at = [[] for _ in range(count)]
    for j, (members, _) in enumerate(component.constraints):
        for k in members:
            constraints_at[position[k]].append(j)
    total = sum(sizes)
    weights = [0] * (total + 1)
    class_mines = [[0] * (total + 1) for _ in range(count)]
    chosen = [0] * count
    nodes = [budget]

    def search(i, t, weight):
        if i == count:
            weights[t] += weight
            for p in range(count):
                m = chosen[p]
                if m:
                    class_mines[p][t] += weight * m
            return
        size = sizes[i]
        here = constraints_at[i]
        low, high = 0, size
        for j in here:
            n = need[j]
            if n < high:
                high = n
            if n - room[j] + size > low:
                low = n - room[j] + size
        if low > high:
            return
        nodes[0] -= 1
        if nodes[0] < 0:
            raise _OverBudget
        ways = _COMB[size] if size < len(_COMB) else [comb(size, m) for m in range(size + 1)]
        for j in here:
            room[j] -= size
            need[j] -= low
        for m in range(low, high + 1):
            chosen[i] = m
            search(i + 1, t + m, weight * ways[m])
            for j in here:
                need[j] -= 1
        for j in here:
            room[j] += size
            need[j] += high + 1
        chosen[i] = 0

    try:
        search(0, 0, 1)
    except _OverBudget:
        return None
    by_class = [None] * count
    for i, k in enumerate(order):
        by_class[k] = class_mines[i]
    return weights, by_class


def remembering(memo):
    """A counter for `estimate` that reuses the counts of components met before.

    Components are keyed by their constraints (frontier.Component.key), so a part of
    the board a click did not touch is not counted again.
    """

    def counter(component, budget):
        key = component.key
        if key not in memo:
            memo[key] = count_solutions(component, budget)
        return memo[key]

    return counter


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


def estimate(components, interior, interior_count, mines_left, budget=DEFAULT_BUDGET, counter=None):
    """Mine probabilities for the closed undecided cells.

    components     -- from frontier.components_of
    interior       -- bitset of the closed undecided cells that no digit touches
    interior_count -- popcount(interior)
    mines_left     -- mines not yet known, or None when the mine count is unknown
    counter        -- stands in for count_solutions(component, budget), e.g. a memo
    """
    counted = [(counter or count_solutions)(c, budget) for c in components]
    exact = all(r is not None for r in counted)
    masks, probs = [], []
    safe = mines = 0

    # a class is certain when it is so in every assignment, whatever the mine count
    for comp, result in zip(components, counted):
        if result is None:
            continue
        weights, class_mines = result
        for k, cells in enumerate(comp.classes):
            size = comp.sizes[k]
            total = class_mines[k]
            if not any(total):
                safe |= cells
            elif all(m == size * w for m, w in zip(total, weights)):
                mines |= cells

    if mines_left is None or not exact:
        # components weigh their mine counts by a prior density (no global coupling)
        density = UNKNOWN_DENSITY if mines_left is None else _free_density(components, counted, interior_count, mines_left)
        odds = density / (1.0 - density) if density < 1.0 else 1e9
        for comp, result in zip(components, counted):
            if result is None:
                local = _local_guess(comp)
                masks.extend(comp.classes)
                probs.extend(local)
                continue
            weights, class_mines = result
            scale = [w * odds**t for t, w in enumerate(weights)]
            z = sum(scale)
            for k, cells in enumerate(comp.classes):
                masks.append(cells)
                probs.append(sum(m * odds**t for t, m in enumerate(class_mines[k])) / (z * comp.sizes[k]))
        interior_prob = density if interior_count else None
        return Estimate(masks, probs, interior_prob, safe & ~mines, mines, False)

    # exact: couple the components through the global mine count
    polys = [r[0] for r in counted]
    prefix = [[1]]
    for p in polys:
        prefix.append(_multiply(prefix[-1], p))
    suffix = [[1]]
    for p in reversed(polys):
        suffix.append(_multiply(suffix[-1], p))
    suffix.reverse()

    def fill(t):  # ways to place the rest of the mines in the interior
        rest = mines_left - t
        return comb(interior_count, rest) if 0 <= rest <= interior_count else 0

    everything = prefix[-1]
    fills = [fill(t) for t in range(len(everything))]
    z = sum(w * f for w, f in zip(everything, fills))
    if z == 0:  # inconsistent with the stated mine count: fall back to local counting
        return estimate(components, interior, interior_count, None, budget, counter)
    safe = mines = 0
    for c, (comp, (weights, class_mines)) in enumerate(zip(components, counted)):
        others = _multiply(prefix[c], suffix[c + 1])
        # q[t]: weight of the rest of the board when this component holds t mines
        q = []
        for t in range(len(weights)):
            window = fills[t : t + len(others)]
            q.append(sum(o * f for o, f in zip(others, window) if o and f))
        for k, cells in enumerate(comp.classes):
            num = sum(m * x for m, x in zip(class_mines[k], q))
            masks.append(cells)
            size = comp.sizes[k]
            probs.append(num / (z * size))
            if num == 0:
                safe |= cells
            elif num == z * size:
                mines |= cells
    interior_prob = None
    if interior_count:
        expected = sum(w * f * (mines_left - t) for t, (w, f) in enumerate(zip(everything, fills)))
        interior_prob = expected / (z * interior_count)
        if expected == 0:
            safe |= interior
        elif expected == z * interior_count:
            mines |= interior
    return Estimate(masks, probs, interior_prob, safe, mines, True)


def _free_density(components, counted, interior_count, mines_left):
    """A density for estimates when some component was too big: mines per closed cell."""
    cells = interior_count + sum(sum(c.sizes) for c in components)
    if cells <= 0:
        return 0.0
    return min(0.999, max(0.001, mines_left / cells))
