"""Components and the interior, coupled through the global mine count.

An assignment of the whole frontier with T mines leaves C(interior, mines_left - T)
ways to fill the closed cells no digit touches, so each component's counts are
weighed by what the others and the interior can hold.  Counts stay exact integers
for deciding certainty (which counts are non-zero); they are turned into floats,
each list scaled by its largest entry, only to weigh.
"""

from functools import lru_cache
from math import exp, lgamma
from operator import mul

from ..grid.bitset import cells_of, sum_support


def couple(parts, interior, interior_count, mines_left):
    """Exact probabilities of enumerated components and the interior, through the mine count.

    Returns (class probabilities per part, interior probability, safe, mines) or None
    when no assignment fits the mine count.  Counts are exact integers; they are
    turned into floats (each list scaled by its largest entry) only to weigh, and
    certainty is decided on which counts are non-zero, never on a float.
    """
    if not parts:
        return _interior_only(interior, interior_count, mines_left)
    if len(parts) == 1:
        return _couple_one(parts[0][0], parts[0][1], interior, interior_count, mines_left)
    # every list below is indexed by the frontier's mines above the fewest it can hold
    mines_left -= sum(counts.low for _, counts in parts)
    fill_f = _fills(interior_count, mines_left, 1 + sum(len(counts.scaled) - 1 for _, counts in parts))
    if fill_f is None:
        return None
    fill_support = _fill_support(interior_count, mines_left)
    prefix_support, suffix_support = [1], [1]
    for _, counts in parts:
        prefix_support.append(sum_support(prefix_support[-1], counts.support))
    for _, counts in reversed(parts):
        suffix_support.append(sum_support(suffix_support[-1], counts.support))
    suffix_support.reverse()
    if not prefix_support[-1] & fill_support:
        return None
    after, z = _afters(parts, fill_f)
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
        class_probs.append([sum(map(mul, totals, q)) / (z_here * size) for totals, size in zip(counts.scaled_mines, comp.sizes)])
        # live: the mine counts this component can hold with the rest of the board consistent
        live = 0
        others_support = sum_support(prefix_support[c], suffix_support[c + 1])
        for t in cells_of(counts.support):
            if (others_support << t) & fill_support:
                live |= 1 << t
        if live != counts.support:  # the mine count rules some of its counts out
            found_safe, found_mines = _certain_classes(comp, counts, live)
            safe |= found_safe
            mines |= found_mines
    interior_prob, found_safe, found_mines = _interior_part(
        interior, interior_count, mines_left, prefix, fill_f, z, prefix_support[-1] & fill_support
    )
    return class_probs, interior_prob, safe | found_safe, mines | found_mines


def _couple_one(comp, counts, interior, interior_count, mines_left):
    """couple() for one component: the same sums without the products over the others
    (the most common position: faster, and the same floats)."""
    mines_left -= counts.low
    poly = counts.scaled
    fill_f = _fills(interior_count, mines_left, len(poly))
    if fill_f is None:
        return None
    live = counts.support & _fill_support(interior_count, mines_left)
    if not live:
        return None
    z = sum(map(mul, poly, fill_f))
    by_class = [sum(map(mul, totals, fill_f)) / (z * size) for totals, size in zip(counts.scaled_mines, comp.sizes)]
    safe = mines = 0
    if live != counts.support:
        safe, mines = _certain_classes(comp, counts, live)
    interior_prob, found_safe, found_mines = _interior_part(interior, interior_count, mines_left, poly, fill_f, z, live)
    return [by_class], interior_prob, safe | found_safe, mines | found_mines


def _interior_only(interior, interior_count, mines_left):
    """couple() with no component: every set of mines_left interior cells is as likely."""
    if not 0 <= mines_left <= interior_count:
        return None
    if not interior_count:
        return [], None, 0, 0
    certain = interior if mines_left in (0, interior_count) else 0
    return [], mines_left / interior_count, certain if not mines_left else 0, certain if mines_left else 0


@lru_cache(maxsize=65536)
def _fills(interior_count, mines_left, length):
    """fill_f[t]: the ways to place the other mines in the interior when the frontier
    holds t, t < length, relative to the largest (log-binomials: exact counts are not
    needed to weigh); None when there is no way at all.  A tuple, remembered: the same
    few sizes and counts recur at every stall of a run."""
    logs = [_log_comb(interior_count, mines_left - t) for t in range(length)]
    top = max(logs)
    if top == _NO_WAYS:
        return None
    return tuple([exp(x - top) if x != _NO_WAYS else 0.0 for x in logs])


def _afters(parts, fill_f):
    """(after, z): after[c][u] weighs the components after c spread over u + their mines
    with the fills, built backwards one component at a time, so no product of all the
    others is ever formed (linear, not quadratic, in the number of mines); z is the
    weight of every layout."""
    after = [None] * len(parts)
    h = fill_f
    for c in range(len(parts) - 1, -1, -1):
        after[c] = h
        w = parts[c][1].scaled
        h = [sum(map(mul, w, h[u : u + len(w)])) for u in range(len(h) - len(w) + 1)]
    return after, h[0]


def _certain_classes(comp, counts, live):
    """(safe, mines): the component's classes certain when its mine count is one of
    `live` (bits over low + t)."""
    live_t = [counts.low + t for t in cells_of(live)]
    weights = counts.weights
    safe = mines = 0
    for cells, size, totals in zip(comp.classes, comp.sizes, counts.class_mines):
        if all(totals[t] == 0 for t in live_t):
            safe |= cells
        elif all(totals[t] == size * weights[t] for t in live_t):
            mines |= cells
    return safe, mines


def _interior_part(interior, interior_count, mines_left, everything, fill_f, z, live):
    """(probability, safe, mines) of the interior, from the frontier's weights by its
    number of mines (`everything`), the fills, their total z and the frontier mine
    counts that fit (`live`)."""
    if not interior_count:
        return None, 0, 0
    # the sum over t of w * f * (mines_left - t), in that order
    expected = sum(map(mul, map(mul, everything, fill_f), range(mines_left, mines_left - len(fill_f), -1)))
    prob = expected / (z * interior_count)
    # `live` is never empty here, and t <= mines_left for each of its bits t
    if live == 1 << mines_left:  # the frontier holds every mine left: the interior none
        return prob, interior, 0
    if mines_left >= interior_count and live == 1 << (mines_left - interior_count):
        return prob, 0, interior  # the interior holds a mine in every cell
    return prob, 0, 0


_NO_WAYS = float("-inf")


def _log_comb(n, k):
    """log C(n, k), or -inf when there is no way (k outside 0..n)."""
    if not 0 <= k <= n:
        return _NO_WAYS
    return lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1)


def fits_mine_count(counted, interior_count, mines_left):
    """Can components with these Counts and `interior_count` free cells hold exactly
    `mines_left` mines together?  (What estimate's coupling asks, from supports alone.)"""
    support, fewest = 1, 0
    for counts in counted:
        support = sum_support(support, counts.support)
        fewest += counts.low
    return bool(support & _fill_support(interior_count, mines_left - fewest))


def _fill_support(interior_count, need):
    """Bitset of the t for which the interior can take the other need - t mines."""
    low, high = max(0, need - interior_count), need
    if high < low:
        return 0
    return ((1 << (high - low + 1)) - 1) << low


def _multiply(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out
