"""Dead cells, exactly: a closed cell that, if it is safe, can show only one digit.

Opening a dead cell teaches nothing but that it was safe, so it can always wait:
a play that opens it now can be replayed opening it last instead, taking its digit
as known, and wins in the same layouts (where it is a mine both lose).  The
two-step guess never guesses one while a living cell qualifies.

The test, over the layouts in which the cell T is safe: the number of mines among
T's undecided neighbours must be the same in every one of them.  Inside a class of
interchangeable frontier cells the mines lie in every possible way, so a class that
T sees only in part (some cells beside T, some not) makes the count vary unless it
holds no mine or is full; so does the interior (closed cells no digit touches)
unless it is empty or full.  The count is therefore a function of the classes'
mine numbers, and the components that T and its neighbours touch are walked over
every assignment of mine numbers to their classes (T safe), each giving (mines in
the component, T's neighbour count or "varies"); the other components and the
interior join through the mine count (their possible totals only).  T is dead when
every assignment that fits the mine count gives one and the same count.

The walk is bounded (`budget`, nodes); past it the cell is taken as living, which
at worst lets a dead cell be guessed, as before this test.
"""

from ..grid.bitset import cells_of, popcount, sum_support
from .counting import walk

VARIES = -1  # the neighbour count of an assignment that does not fix it
DEAD_NODES = 4000  # nodes of one test's walk before the cell is taken as living


class _OverBudget(Exception):
    pass


def neighbour_sums(component, cell_bit, near, budget):
    """{t: set of neighbour counts} over the assignments of mine numbers to the
    component's classes with the cell `cell_bit` safe: t the component's mines, a
    count the mines among `near` (VARIES when the assignment does not fix it).
    Raises _OverBudget past `budget` nodes; returns (sums, nodes)."""
    order, sizes, room, at = walk(component)
    classes = [component.classes[k] for k in order]
    inside = []
    for i, cells in enumerate(classes):
        if cells & cell_bit:
            sizes[i] -= 1  # the cell is safe: its class's mines lie in the others
            for j in at[i]:
                room[j] -= 1
        inside.append(popcount(cells & near))
    need = [mines for _, mines in component.constraints]
    count = len(order)
    sums = {}
    nodes = [budget]

    def search(i, t, s):
        nodes[0] -= 1
        if nodes[0] < 0:
            raise _OverBudget
        if i == count:
            sums.setdefault(t, set()).add(s)
            return
        size, here, n_in = sizes[i], at[i], inside[i]
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
        for m in range(low, high + 1):
            for j in here:
                need[j] -= m
            if s == VARIES:
                add = s
            elif n_in == 0 or m == 0:
                add = s
            elif n_in == size:
                add = s + m
            elif m == size:
                add = s + n_in
            else:
                add = VARIES  # some of the class's mines may lie beside the cell or not
            search(i + 1, t + m, add)
            for j in here:
                need[j] += m
        for j in here:
            room[j] += size

    search(0, 0, 0)
    return sums, budget - nodes[0]


def _join(a, b):
    """The sums of two independent parts together."""
    out = {}
    for ta, sa in a.items():
        for tb, sb in b.items():
            into = out.setdefault(ta + tb, set())
            for x in sa:
                for y in sb:
                    into.add(VARIES if x == VARIES or y == VARIES else x + y)
    return out


def is_dead(masks, cell, components, counted, interior, mines_left, unknown, budget=DEAD_NODES, memo=None):
    """(dead, nodes): dead is True when `cell` can show one digit only if it is safe,
    False when it can show more, None when no layout has it safe (a mine) or the
    test could not tell (a component not counted, or the walks over `budget` nodes
    in all).

    components, counted -- the position's components and their Counts (exact)
    interior, unknown   -- the undecided cells no digit touches / all undecided cells
    memo                -- a dict kept across calls: the walk of a component for a
                           cell is remembered, with the nodes it took (so the nodes
                           answered are the same whether it was remembered or not)
    """
    bit = 1 << cell
    near = masks[cell] & unknown & ~bit
    touched = near | bit
    sums = {0: {0}}
    nodes = 0
    others_low, others = 0, 1  # the untouched components' totals: bit u is others_low + u
    for comp, counts in zip(components, counted):
        if comp.area & touched:
            key = (comp.key, cell, near & comp.area)
            walked = None if memo is None else memo.get(key)
            if walked is None:
                try:
                    walked = neighbour_sums(comp, bit, near, budget)
                except _OverBudget:
                    walked = (None, budget + 1)
                if memo is not None:
                    memo[key] = walked
            part, spent = walked
            nodes += spent
            if part is None or nodes > budget:
                return None, min(nodes, budget)
            sums = _join(sums, part)
        elif counts is None:
            return None, nodes
        else:
            others_low += counts.low
            others = sum_support(others, counts.support)
    free = interior & ~bit
    free_count = popcount(free)
    free_near = popcount(free & near)
    seen = set()
    for t, counts_here in sums.items():
        rest = mines_left - t - others_low
        for u in cells_of(others):
            k = rest - u  # the interior's mines
            if not 0 <= k <= free_count:
                continue
            if not free_near:
                extra = 0
            elif free_near == free_count:
                extra = k
            elif k == 0:
                extra = 0
            elif k == free_count:
                extra = free_near
            else:
                return False, nodes  # interior mines may lie beside the cell or not
            for s in counts_here:
                if s == VARIES:
                    return False, nodes
                seen.add(s + extra)
            if len(seen) > 1:
                return False, nodes
    if not seen:
        return None, nodes
    return True, nodes
