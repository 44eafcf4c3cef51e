"""Exact mine probabilities of the closed cells, with the global mine count: the front door.

`estimate` takes the frontier's components and the interior (closed cells no digit
touches) and answers an Estimate: a probability per class of interchangeable cells,
one for the interior, and the cells that are certain.  It is built from three jobs,
each in its own module:

  counting.py  every assignment of a component counted exactly, by number of mines
  sweep.py     a component too big to count: a dynamic programme at a mine density
  coupling.py  components and interior weighed together through the mine count

Counts are floats only for weighing: certainty is always read off exact counts.  So
the result can be approximate (a swept component), never wrongly sure.  Without a
mine count, components weigh their mines by a prior density (UNKNOWN_DENSITY) and
only what holds in every assignment is certain.
"""

from collections import namedtuple
from math import log

from ..grid.bitset import cells_of
from .counting import classes_in, count_solutions
from .coupling import couple
from .sweep import SWEEP_STATE_CAP, local_guess, sweep

Estimate = namedtuple("Estimate", "class_masks class_probs interior_prob safe mines exact")
Estimate.__doc__ = """Mine probabilities of the closed, undecided cells.

class_masks[i], class_probs[i] -- a set of interchangeable frontier cells and the mine
                                  probability of each of them
interior_prob -- probability for each closed cell that no digit touches (None if none)
safe, mines   -- bitsets of cells certain to be safe / mines
exact         -- True when every probability is exact: the mine count was known and
                 every component was enumerated
"""

SWEEP_ODDS_STEP = 0.05  # a sweep is reused while the mine odds stay within about this share
UNKNOWN_DENSITY = 0.2  # prior mine density when the mine count is not known


def estimate(components, interior, interior_count, mines_left, budget=None, counter=None, sweep_cap=SWEEP_STATE_CAP, sweeps=None):
    """Mine probabilities for the closed undecided cells: an Estimate.

    components     -- from frontier.components_of
    interior       -- bitset of the closed undecided cells that no digit touches
    interior_count -- popcount(interior)
    mines_left     -- mines not yet known, or None when the mine count is unknown
    counter        -- stands in for count_solutions(component, budget), e.g. a memo
    sweep_cap      -- states per step allowed to the sweep of a too-big component
    sweeps         -- optional dict kept across calls: sweeps of unchanged components
                      (at nearly the same density) are reused

    The stages, in order: count every component (counting; None past the budget);
    the classes certain in every assignment, whatever the mine count; the components
    too big to count, swept at a density (`_swept`); the counted ones and the interior
    weighed together through the mine count (coupling), or, with no mine count or
    none consistent, each counted one by the density alone (`_by_density`).

    >>> from solver.engine.frontier import components_of
    >>> cells_0_1 = 0b11  # exactly one mine among cells 0 and 1; 4 more cells, 2 mines in all
    >>> result = estimate(components_of([(cells_0_1, 1)]), 0b111100, 4, 2)
    >>> result.class_probs, result.interior_prob
    ([0.5], 0.25)
    """
    counted = [(counter or count_solutions)(c, budget) for c in components]
    safe = mines = 0
    for comp, result in zip(components, counted):  # certain in every assignment
        if result is not None and (result.safe or result.mines):
            safe |= classes_in(comp, result.safe)
            mines |= classes_in(comp, result.mines)
    exact_parts = [(comp, result) for comp, result in zip(components, counted) if result is not None and result.support]
    if len(exact_parts) < len(components):
        masks, probs, swept_safe, swept_mines, mines_elsewhere = _swept(components, counted, interior_count, mines_left, sweep_cap, sweeps)
        safe |= swept_safe
        mines |= swept_mines
    else:
        masks, probs, mines_elsewhere = [], [], 0.0
    coupled = None
    if mines_left is not None:
        # the swept components are taken to hold their expected number of mines
        coupled = couple(exact_parts, interior, interior_count, mines_left - int(round(mines_elsewhere)))
    if coupled is None:  # no mine count (or none consistent): weigh mines by the density
        density = _by_density(exact_parts, components, interior_count, mines_left, masks, probs)
        return Estimate(masks, probs, density if interior_count else None, safe & ~mines, mines, False)
    class_probs, interior_prob, coupled_safe, coupled_mines = coupled
    for (comp, _), by_class in zip(exact_parts, class_probs):
        masks.extend(comp.classes)
        probs.extend(by_class)
    exact = len(exact_parts) == len(components)
    if exact:  # certainties that need the mine count hold only when every count is exact
        safe |= coupled_safe
        mines |= coupled_mines
    return Estimate(masks, probs, interior_prob, safe & ~mines, mines, exact)


def _swept(components, counted, interior_count, mines_left, sweep_cap, sweeps):
    """(class masks, their probabilities, safe, mines, the mines expected in them) of
    the components that could not be counted, swept with the density as the weight of
    a mine (reused from `sweeps` near the same density), or given local densities when
    even the sweep gives up."""
    density, odds = _density(components, interior_count, mines_left)
    masks, probs = [], []
    safe = mines = 0
    mines_elsewhere = 0.0
    for comp, result in zip(components, counted):
        if result is not None and result.support:
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
            local = local_guess(comp)
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
    return masks, probs, safe, mines, mines_elsewhere


def _by_density(exact_parts, components, interior_count, mines_left, masks, probs):
    """Append to masks and probs each counted component's class probabilities with
    every mine weighed by the density's odds (no mine count to couple through); the
    density."""
    density, odds = _density(components, interior_count, mines_left)
    for comp, counts in exact_parts:  # (odds ** counts.low cancels out)
        z = sum(w * odds**t for t, w in enumerate(counts.scaled))
        for cells, size, totals in zip(comp.classes, comp.sizes, counts.scaled_mines):
            masks.append(cells)
            probs.append(sum(m * odds**t for t, m in enumerate(totals)) / (z * size))
    return density


def cell_probabilities(estimate, size, interior=0):
    """A list: the mine probability of every frontier cell and every cell of `interior`
    (the closed undecided cells no digit touches), None elsewhere."""
    probs = [None] * size
    if estimate.interior_prob is not None:
        for c in cells_of(interior):
            probs[c] = estimate.interior_prob
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


def mine_count_odds(probs):
    """Distribution of the number of mines among cells with independent probabilities."""
    dist = [1.0] + [0.0] * len(probs)
    for n, p in enumerate(probs, 1):  # add one cell: its mine moves weight one place up
        q = 1.0 - p
        for k in range(n, 0, -1):
            dist[k] = dist[k] * q + dist[k - 1] * p
        dist[0] *= q
    return dist


def _density(components, interior_count, mines_left):
    """(density, odds) a mine is weighed by where counts cannot say: the free density
    with a mine count, else UNKNOWN_DENSITY."""
    density = UNKNOWN_DENSITY if mines_left is None else _free_density(components, interior_count, mines_left)
    return density, (density / (1.0 - density) if density < 1.0 else 1e9)


def _free_density(components, interior_count, mines_left):
    """A density for estimates when some component was too big: mines per closed cell."""
    cells = interior_count + sum(sum(c.sizes) for c in components)
    if cells <= 0:
        return 0.0
    return min(0.999, max(0.001, mines_left / cells))
