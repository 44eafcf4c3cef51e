"""Prototype of the cost model: a component's exact counts by dynamic programming.

counting.search_counts walks the classes depth first, one assignment at a time.
Here the classes are taken in the same walking order and the states are the mines
still needed by the open constraints (as sweep.py's), merged when equal; a state's
weight is a polynomial in the number of mines, packed in one int (a slot of B bits a
coefficient, wide enough for any count), so a transition is one big-int
multiplication.  A backward pass gives each class's mines by mine count.  The Counts
are the search's own, equal field by field except `nodes` (here: transitions).

Measured with search_check.py (docs/design.md, "The cost model").
"""
from solver.engine.counting import _counts, binomials, walk


def dp_search(component, budget):
    order, sizes, room, at = walk(component)
    n = len(sizes)
    cons = component.constraints
    last = [0] * len(cons)
    for i, here in enumerate(at):
        for j in here:
            last[j] = i
    total = sum(sizes)
    B = total + (total + 1).bit_length() + 8  # slot width: any coefficient fits
    bits = max(1, max(m for _, m in cons).bit_length()) + 1
    field = (1 << bits) - 1
    slot_of = {}
    free = []
    slots = 0
    states = {0: 1}
    steps = []  # per class: list of (state, m, key, coef)
    transitions = 0
    for i in range(n):
        size = sizes[i]
        start = 0
        for j in at[i]:
            room[j] -= size
            if j not in slot_of:
                if not free:
                    free.append(slots * bits)
                    slots += 1
                slot_of[j] = free.pop()
                start += cons[j][1] << slot_of[j]
        checks = [(slot_of[j], room[j]) for j in at[i]]
        step = 0
        for j in at[i]:
            step += 1 << slot_of[j]
        ways = binomials(size)
        prog = []
        nxt = {}
        for state, poly in states.items():
            full = state + start
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
                shifted = ways[m] << (m * B)
                prog.append((state, m, key, shifted))
                nxt[key] = nxt.get(key, 0) + poly * shifted
                key -= step
            transitions += high - low + 1
        for j in at[i]:
            if last[j] == i:
                free.append(slot_of.pop(j))
        if transitions > budget or not nxt:
            return None if transitions > budget else _empty(component)
        steps.append((states, prog))
        states = nxt
    final = states.get(0, 0)
    # backward: after[i][key] = completions from state key before class i+1
    after = {0: 1}
    mask = (1 << B) - 1
    class_polys = [0] * n
    for i in range(n - 1, -1, -1):
        before_states, prog = steps[i]
        back = {}
        acc = 0
        for state, m, key, shifted in prog:
            g = after.get(key)
            if g is None:
                continue
            sub = shifted * g
            back[state] = back.get(state, 0) + sub
            if m:
                acc += m * before_states[state] * sub
        class_polys[i] = acc
        after = back
    most = (final.bit_length() - 1) // B if final else 0
    weights = [(final >> (t * B)) & mask for t in range(most + 1)]
    by_class = [None] * n
    for i, k in enumerate(order):
        p = class_polys[i]
        by_class[k] = [(p >> (t * B)) & mask for t in range(most + 1)]
    return _counts(component, weights, by_class, transitions)


def _empty(component):
    return _counts(component, [0], [[0] for _ in component.sizes], 0)
