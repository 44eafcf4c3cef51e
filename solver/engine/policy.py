"""Which uncertain cell to click, or whether to stop, for the contest's objective.

What a safe cell and a mine are worth comes from the scoring rule (Rule2025.click_values,
Rule2026.click_values in official/rules.py):
ADC2025: a safe cell of digit v is worth 2v (gained now, not charged at the end), a
mine costs 20, and a board below zero counts zero.  ADC2026: each safe cell is worth
1/safe_total, each mine costs 1/total_mines.  A guess is taken when its expected
gain is positive: the cell's own value plus a share of what opening it may unlock,
against the cost of a mine.

Which guess: the safest cell, with a bonus for each opened neighbour.  A digit that
lands beside what is already known combines with it and settles more; measured on
dense packs this hits fewer mines than ranking by a computed expected progress
(zeros, the pairs step), which it replaced.  Among equals the lowest cell wins, so blind
guesses in an unexplored region stay together (measured better than spreading them).
"""

from ..grid.bitset import lowest_cells, popcount

UNLOCK_VALUE_SHARE = 0.5  # share of the remaining value a successful guess is credited with
OPENED_BONUS = 0.03  # a guess's cost is its mine probability less this per opened neighbour
LOOK_FROM = 0.1  # with a lookahead, guesses at least this risky are ranked by two-step safety
LOOK_CELLS = 3  # the cells of least cost ranked that way (and the interior cells weighed)


def choose_guess(estimate, interior, unknown, masks, mines, look=None):
    """(cell, p_mine, expected digit) of the best guess among the undecided cells.

    interior -- the undecided cells no digit touches (the Estimate's interior).

    The cost of a guess is its mine probability less OPENED_BONUS per opened
    neighbour; the lowest cost wins, the lowest cell among equals.  When even the
    safest is risky and `look` is given (a lookahead.Lookahead), it ranks the
    LOOK_CELLS of least cost again by the safe clicks expected in two steps.
    """
    p_interior = estimate.interior_prob
    interior = interior & unknown if p_interior is not None else 0
    classes = []  # (p, its undecided cells)
    lowest = p_interior if interior else None
    for cells, p in zip(estimate.class_masks, estimate.class_probs):
        cells &= unknown
        if cells:
            classes.append((p, cells))
            if lowest is None or p < lowest:
                lowest = p
    if lowest is None:
        return None
    decided = ~unknown & ~mines  # opened (no known-safe cell is closed when a guess is due)
    reach = lowest + OPENED_BONUS * 8  # a cell less safe than this cannot win, even with 8 opened neighbours
    scored = []  # (cost, cell, p) of every cell that may win
    for p, cells in classes:
        if p <= reach:
            while cells:
                low = cells & -cells
                cells ^= low
                c = low.bit_length() - 1
                scored.append((p - OPENED_BONUS * popcount(masks[c] & decided), c, p))
    if interior and p_interior <= reach:
        # no opened cell touches the interior (its digit would constrain the cell), so
        # every interior cell costs p_interior and only the lowest few can be chosen
        for c in lowest_cells(interior, LOOK_CELLS):
            scored.append((p_interior, c, p_interior))
    least = min(scored)[0] + 1e-9  # costs equal up to float noise tie (0.07 - 0.03 is not 0.04)
    cell = None
    for cost, c, q in scored:  # the lowest cell among the least costs
        if cost <= least and (cell is None or c < cell):
            cell, p = c, q
    if look is not None and lowest >= LOOK_FROM:
        looked = look.rerank(scored, least, estimate, masks, unknown)
        if looked is not None:
            cell, p = looked
    return cell, p, popcount(masks[cell] & mines) + sum(neighbour_probs(cell, estimate, masks, unknown))


def neighbour_probs(cell, estimate, masks, unknown):
    """Mine probabilities of the cell's undecided neighbours, in cell order (what
    probability_of gives each: its class's, else the interior's), in one pass over the
    classes instead of one per neighbour."""
    around = rest = masks[cell] & unknown
    found = {}
    for cells, p in zip(estimate.class_masks, estimate.class_probs):
        hit = cells & rest
        if hit:
            rest &= ~hit
            while hit:
                low = hit & -hit
                hit ^= low
                found[low] = p
            if not rest:
                break
    other = estimate.interior_prob or 0.0
    probs = []
    while around:
        low = around & -around
        around ^= low
        probs.append(found.get(low, other))
    return tuple(probs)


def worth_guessing(p, values, expected_digit, safe_left, average_digit, score_if_stop, floor):
    """Take a guess of mine probability p?

    values -- (value of opening a safe cell showing d, value of clicking a mine) in the
              scoring rule's units (Rule2025.click_values, Rule2026.click_values)

    If the cell is safe the guess gains its own value and a share (UNLOCK_VALUE_SHARE) of the
    value left to open: `safe_left` cells showing `average_digit`; that is weighed
    against the cost of a mine.  Under a rule with a floor (ADC2025: a board below 0
    counts 0), a board whose score if it stopped now is below it guesses freely.
    """
    if floor is not None and score_if_stop < floor:
        return True
    safe_value, mine_value = values
    gain = (1.0 - p) * (safe_value(expected_digit) + UNLOCK_VALUE_SHARE * safe_left * safe_value(average_digit))
    return gain > -mine_value * p
