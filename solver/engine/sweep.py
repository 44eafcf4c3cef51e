"""Per-class mine probabilities of a component too big to count, by dynamic programming.

A state is the mines still needed by the constraints that are open (touched but
not finished); equal states merge, so a long frontier costs states x length instead
of the number of its assignments.  Each mine weighs `odds` (the rest of the board
seen as a reservoir of that density), which makes the weights scalars: so the
probabilities are approximate, but a class whose probability is exactly 0 or 1 is
so in every assignment (that part is exact).  Past its own cap on states, a sweep
gives up and `local_guess` gives rough local densities.
"""

from math import comb

from .counting import walk

SWEEP_STATE_CAP = 3000  # states per step of the sweep before local estimates take over


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
    order, sizes, room, at = walk(component)
    forward = _forward(component, sizes, room, at, odds, state_cap)
    if forward is None:
        return None
    backward = _backward(sizes, *forward)
    if backward is None:
        return None
    by_class = [None] * len(order)
    for i, k in enumerate(order):
        by_class[k] = backward[i]
    return [b[0] for b in by_class], [b[1] for b in by_class], [b[2] for b in by_class]


def _forward(component, sizes, room, at, odds, state_cap):
    """(layers, programs, ways_at) of the forward pass, or None past `state_cap` states.

    layers[i] maps the state before class i to its weight; programs[i] lists each
    (state before, mines in class i, state after); ways_at[i][m] weighs m mines in
    class i.  A state packs the mines still needed by the open constraints into one
    int, `bits` bits per constraint at the slot it holds while open; a finished
    constraint needs 0, so its slot is free for the next one.
    """
    count = len(sizes)
    last = [0] * len(component.constraints)  # the step where each constraint closes
    for i, here in enumerate(at):
        for j in here:
            last[j] = i
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
    return layers, programs, ways_at


def _backward(sizes, layers, programs, ways_at):
    """[(probability, certain safe, certain mine)] per class in walking order, or None
    when nothing completes: after_weights maps the state after class i to the weight of
    its completions."""
    count = len(sizes)
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
    return list(zip(class_probs, certain_safe, certain_mine))


def _rescaled(weights):
    """A dict of positive float weights, divided by the largest when that strays far from
    1 (weights only compare within a step, so a common factor changes nothing)."""
    top = max(weights.values())
    if 1e-100 < top < 1e100:
        return weights
    return {key: w / top for key, w in weights.items()}


def local_guess(component):
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


