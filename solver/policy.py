"""Which uncertain cell to click, or whether to stop, for the contest's objective.

ADC2025: a safe cell of digit v is worth 2v (gained now, not charged at the end), a
mine costs 20, and a board below zero counts zero.  ADC2026: each safe cell is worth
1/safe_total, each mine costs 1/total_mines.  A guess is taken when its expected
gain is positive: the cell's own value plus a share of what opening it may unlock,
against the cost of a mine.  Among near-safest cells the one most likely to open
new ground (few undecided neighbours, likely a zero) is preferred.
"""

from .bitset import cells_of, popcount

MINE_COST_2025 = 20
UNLOCK_SHARE = 0.5  # share of the remaining value a successful guess is credited with
NEAR_SAFEST = 0.025  # cells this close to the lowest probability compete on progress
PROGRESS_WEIGHT = 0.25  # how much expected progress (cells settled) adds to a safe reveal
PROGRESS_CAP = 3.0  # progress beyond this many cells earns nothing more
MINE_PROGRESS_WEIGHT = 6.0  # weight of what a mine hit settles, relative to a safe reveal
CASCADE_BONUS = 5.0  # extra progress credited to a cell likely to show a true zero
MERIT_CELLS = 16  # at most this many near-safest cells are looked at closely
LOOK_FROM = 0.1  # with a lookahead, guesses at least this risky are ranked by two-step safety
LOOK_CELLS = 3  # that many safest cells are looked at, and the merit rule's choice
LOOK_WINDOW = 0.05  # ... if they are this close to the lowest probability


def cell_probabilities(estimate, size):
    """A list: mine probability of every undecided closed cell, None elsewhere."""
    probs = [None] * size
    for cells, p in zip(estimate.class_masks, estimate.class_probs):
        for c in cells_of(cells):
            probs[c] = p
    return probs


def mine_count_odds(probs):
    """Distribution of the number of mines among cells with independent probabilities."""
    dist = [1.0] + [0.0] * len(probs)
    for n, p in enumerate(probs, 1):  # add one cell: its mine moves weight one place up
        q = 1.0 - p
        for k in range(n, 0, -1):
            dist[k] = dist[k] * q + dist[k - 1] * p
        dist[0] *= q
    return dist


def expected_progress(cell_unknown, known_mines, dist, touching):
    """Expected number of cells a revealed digit would make certain, over its values.

    A digit d on the guessed cell means `d - known_mines` mines among `cell_unknown`;
    that alone, or against an overlapping constraint (the pair rule), may settle cells.
    """
    size = len(dist) - 1
    expected = 0.0
    for mines, weight in enumerate(dist):
        if weight < 1e-9:
            continue
        if mines == 0 or mines == size:
            expected += weight * size
            continue
        settled = 0
        for cells, need in touching:
            # pair rule both ways between (cell_unknown, mines) and (cells, need)
            only_new = cell_unknown & ~cells
            only_old = cells & ~cell_unknown
            if need - mines == popcount(only_old) or mines - need == popcount(only_new):
                settled |= only_new | only_old
        expected += weight * popcount(settled)
    return expected


def _mine_progress(cell, constraints_here):
    """Cells settled if `cell` turns out to be a mine: its constraints lose one cell and one mine."""
    bit = 1 << cell
    settled = 0
    for cells, need in constraints_here:
        rest = cells & ~bit
        if need - 1 == 0 or need - 1 == popcount(rest):
            settled |= rest
    return popcount(settled)


def _zero_chance(cell, masks, mines, unknown, probs, p_interior, frontier):
    """Chance that a cell shows 0 (independence assumed), 0 beside a known mine."""
    if masks[cell] & mines:
        return 0.0
    around = masks[cell] & unknown
    if not around & frontier:  # only interior neighbours: one probability for all
        return (1.0 - (p_interior or 0.0)) ** popcount(around)
    chance = 1.0
    for n in cells_of(around):
        p = probs[n]
        chance *= 1.0 - (p if p is not None else (p_interior or 0.0))
    return chance


def choose_guess(estimate, interior, unknown, masks, mines, constraints=(), look=None):
    """(cell, p_mine, expected digit) of the best guess among the undecided cells.

    The safest cells compete on progress: how many cells the digit they show is
    expected to settle at once (a zero settles all its neighbours).  When even the
    safest is risky and `look` is given (a lookahead.Lookahead), the best few are
    ranked again by the safe clicks expected in two steps.
    """
    probs = cell_probabilities(estimate, len(masks))
    p_interior = estimate.interior_prob
    interior &= unknown
    frontier = 0
    levels = []  # (probability, cells)
    for cells, p in zip(estimate.class_masks, estimate.class_probs):
        frontier |= cells
        if cells & unknown:
            levels.append((p, cells & unknown))
    if interior and p_interior is not None:
        levels.append((p_interior, interior))
    if not levels:
        return None
    lowest = min(p for p, _ in levels)
    near_cells = 0
    for p, cells in levels:
        if p <= lowest + NEAR_SAFEST:
            near_cells |= cells
    near = [(probs[c] if probs[c] is not None else p_interior, c) for c in cells_of(near_cells)]
    if len(near) > MERIT_CELLS:  # e.g. a wide interior: keep those likeliest to be zeros
        near.sort(key=lambda pc: (round(pc[0], 3), -_zero_chance(pc[1], masks, mines, unknown, probs, p_interior, frontier)))
        near = near[: int(MERIT_CELLS)]
    ranked = []  # (key, cell, p, expected digit, neighbour probabilities)
    odds_of = {}  # neighbour probabilities -> mine_count_odds: interior cells share them
    for p, c in near:
        around = masks[c] & unknown
        known = popcount(masks[c] & mines)
        neighbour_probs = tuple([probs[n] if probs[n] is not None else (p_interior or 0.0) for n in cells_of(around)])
        expected_digit = known + sum(neighbour_probs)
        dist = odds_of.get(neighbour_probs)
        if dist is None:
            dist = odds_of[neighbour_probs] = mine_count_odds(neighbour_probs)
        touching = [(cells, need) for cells, need in constraints if cells & around]
        progress = expected_progress(around, known, dist, touching)
        if not known:  # a true zero opens its neighbours and goes on: worth more than it settles
            progress += CASCADE_BONUS * dist[0]
        merit = (1.0 - p) * (1.0 + PROGRESS_WEIGHT * min(progress, PROGRESS_CAP))
        if MINE_PROGRESS_WEIGHT:  # a mine hit is not the end: what it settles counts too
            mine_progress = _mine_progress(c, [(cells, need) for cells, need in constraints if cells >> c & 1])
            merit += p * PROGRESS_WEIGHT * MINE_PROGRESS_WEIGHT * min(mine_progress, PROGRESS_CAP)
        key = (round(merit, 9), -c)  # equal merits (up to float noise) go to the lowest cell
        ranked.append((key, c, p, expected_digit, neighbour_probs))
    ranked.sort(reverse=True)
    if look is not None and lowest >= LOOK_FROM:
        ranked = _looked_again(ranked, levels, lowest, probs, p_interior, masks, unknown, mines, look) or ranked
    _, cell, p, expected_digit, _ = ranked[0]
    return cell, p, expected_digit


def _looked_again(ranked, levels, lowest, probs, p_interior, masks, unknown, mines, look):
    """The candidates ranked by the safe clicks expected in two steps (this one, and
    the best one after it, whatever this one shows, mine included); None when there
    is nothing to compare or a look has no exact answer.

    Mines do not end a board here, so the click after a mine counts too.  Looked at:
    the LOOK_CELLS safest cells within LOOK_WINDOW of the lowest probability (lowest
    cell first among equals: measured better than the merit order) and the merit
    rule's own choice.
    """
    window = sorted((p, c) for p, cells in levels if p <= lowest + LOOK_WINDOW for c in cells_of(cells))
    candidates = []
    for p, c in window[: int(LOOK_CELLS)]:
        around = masks[c] & unknown
        neighbour_probs = tuple([probs[n] if probs[n] is not None else (p_interior or 0.0) for n in cells_of(around)])
        candidates.append((None, c, p, popcount(masks[c] & mines) + sum(neighbour_probs), neighbour_probs))
    if all(c != ranked[0][1] for _, c, _, _, _ in candidates):
        candidates.append(ranked[0])
    if len(candidates) < 2:
        return None
    looked = []
    for _, c, p, expected_digit, neighbour_probs in candidates:
        if_safe = look.second_safety(c, neighbour_probs)
        if_mine = look.safety_after_mine(c) if p > 0.0 else 0.0
        if if_safe is None or if_mine is None:
            return None
        merit = (1.0 - p) * (1.0 + if_safe) + p * max(if_mine, 0.0)  # a mine that cannot be: 0
        looked.append(((round(merit, 9), -c), c, p, expected_digit, neighbour_probs))
    looked.sort(reverse=True)
    return looked


def worth_guessing_2025(p, expected_digit, remaining_value, score_if_stop):
    """Take an ADC2025 guess?  remaining_value: estimated 2v total of closed safe cells."""
    if score_if_stop < 0:
        return True  # a board below zero counts zero: guessing costs nothing
    gain = (1.0 - p) * (2.0 * expected_digit + UNLOCK_SHARE * remaining_value)
    return gain > MINE_COST_2025 * p


def worth_guessing_2026(p, safe_left, safe_total, mine_total):
    """Take an ADC2026 guess?  Each safe cell is worth 1/safe_total, a mine -1/mine_total."""
    if not mine_total:
        return True
    gain = (1.0 - p) * (1.0 + UNLOCK_SHARE * safe_left) / safe_total
    return gain > p / mine_total
