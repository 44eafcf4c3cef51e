"""When to guess and when to stop: the player's every decision that is not a deduction.

The player (player.py) deduces what is certain; where that is stuck, it asks this
module, which reads no clock and whose answers depend on what it is given alone (it
remembers only each shape's opening guess):

  stop_share(task, hurry)   the running share (running_share) at which a board stops
                            at its next stall, before it pays for the stall; None: never
  next_move(facts, endgame) at a stall that learnt nothing, the Move: the exact
                            endgame's click, a guess, or a stop

A Facts record is one position (what the player knows, the estimate, the rule's
values); a Move is a click or a stop.  The order of next_move: the exact endgame
when at most ENDGAME_CELLS cells are undecided and the mine count is known (given
`endgame`); else the opening guess when nothing is open yet, the same for every
board of a shape (opening_guess); else the least-cost guess (choose_guess, or the
`choose` given: the lookahead's, lookahead.looking_guess); and the guess is taken only if
it is worth its risk under the rule (the stop test, worth_guessing).  The clock is
the player's: past the run's deadline it stops before asking.

A 2x2 board of one mine under the ADC2026 rule: cell 0 is open and shows 1, so each
of cells 1, 2 and 3 is a mine one time in three.  The lowest of the three is worth
guessing:

>>> from solver.engine.player import Task
>>> from solver.engine.probability import Estimate
>>> from solver.grid.geometry import geometry
>>> from solver.official.rules import RULES
>>> task = Task(2, 2, 1, (), RULES[2026])
>>> facts = Facts(task, click_values(task), geometry(2, 2).masks, opened=0b0001, planes=(1, 0, 0, 0), mines=0,
...               hits=0, unknown=0b1110, interior=0, mines_left=1, constraints=[(0b1110, 1)],
...               estimate=Estimate([0b1110], [1 / 3], None, 0, 0, True), components=[], counts={})
>>> next_move(facts)
Move(cell=1, kind='guess', p=0.333...)

With two mines (cell 0 shows 2) each is a mine two times in three: a mine costs more
than the safe cell and what it may unlock are worth, so the board stops there:

>>> task = Task(2, 2, 2, (), RULES[2026])
>>> next_move(facts._replace(task=task, values=click_values(task), planes=(0, 1, 0, 0), mines_left=2,
...                          constraints=[(0b1110, 2)], estimate=Estimate([0b1110], [2 / 3], None, 0, 0, True)))
Move(cell=None, kind='stop', p=0.666...)

What a safe cell and a mine are worth comes from the scoring rule (Rule2025.click_values,
Rule2026.click_values in official/rules.py, through click_values):
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

from collections import namedtuple
from functools import lru_cache

from ..grid.bitset import lowest_cells, popcount
from ..grid.geometry import geometry
from ..grid.planes import digit_total
from .endgame import ENDGAME_CELLS
from .probability import UNKNOWN_DENSITY, Estimate, probability_of

Facts = namedtuple("Facts", "task values masks opened planes mines hits unknown interior mines_left constraints estimate "
                            "components counts")
Facts.__doc__ = """One position of one board, as the policy decides from it: the player's
stall made it, once no deduction step learns anything (the bitsets: player.py's glossary).

task        -- the board's player.Task (size, mine count or None, the rule)
values      -- click_values(task): (value of a safe cell showing d, value of a mine)
masks       -- each cell's neighbours (grid.geometry(width, height).masks)
opened, planes, mines, hits -- what the player knows: the cells opened, their digit
               planes, the known mines, the mines hit
unknown     -- the undecided cells;  interior -- those no digit touches
mines_left  -- the mines among `unknown`, or None when the mine count is not known
constraints -- the live constraints, (cells, mines) pairs (frontier.constraints_of)
estimate    -- the probability.Estimate of the undecided cells
components  -- the frontier's components (frontier.components_of)
counts      -- the board's exact Counts by Component.key, None where a component was
               too big to count: read only (a lookahead reuses them)
"""

Move = namedtuple("Move", "cell kind p")
Move.__doc__ = """What next_move chose: click `cell` (kind "endgame" or "guess", p its mine
probability), or stop (cell None, kind "stop", p that of the guess declined or None)."""

UNLOCK_VALUE_SHARE = 0.5  # share of the remaining value a successful guess is credited with
OPENED_BONUS = 0.03  # a guess's cost is its mine probability less this per opened neighbour
# Interior cells all cost the same, so only the lowest can win; the lowest few are
# scored so that a re-ranking of the guesses of least cost (lookahead.LOOK_CELLS) sees them.
INTERIOR_SCORED = 3

# The stop test values what is left to open by the digit a closed safe cell is expected
# to show: NEIGHBOURS cells around it, each a mine with the undecided cells' density,
# times EDGE_SHARE for the board's edge (a cell of a 10x10 board has 6.84 neighbours on
# average: 0.855 of eight), plus BESIDE_MINES because the safe cells still closed are
# those next to the mines.  Set by hand with the first stop test, never fitted.
NEIGHBOURS = 8.0
EDGE_SHARE = 0.85
BESIDE_MINES = 0.5


def stop(p=None):
    """The Move that ends a board's play (p: the mine probability of the guess declined)."""
    return Move(None, "stop", p)


def stop_share(task, hurry):
    """The running share at which the board stops at its next stall, or None: play it out.

    hurry -- the pack has more boards than time: under a rule with a hurried_share
             (ADC2026) and a known mine count, the board's last guesses are worth less
             than a fresh board's start (docs/measurements/contest.md, "The hurry").

    A board with a stop share leaves the exact endgame out too (next_move's `endgame`
    None): its last few cells are guessed, whose points differ by a few
    ten-thousandths on the ADC2026 pack for 3% less work
    (docs/measurements/throughput.md, "The player's cost")."""
    return task.rule.hurried_share if hurry and task.mines else None


def running_share(task, opened, hits):
    """The rule's running share of the board (ADC2026: safe cells opened over safe cells,
    less mines hit over mines) when `opened` is open and `hits` of it are mines; the mine
    count must be known."""
    safe_opened = popcount(opened) - hits
    return task.rule.share(safe_opened, task.width * task.height - task.mines, hits, task.mines)


def endgame_reaches(unknown, mines_left):
    """Whether next_move, given an endgame, asks it at a position of the undecided cells
    `unknown`: the mine count is known (mines_left not None) and at most ENDGAME_CELLS
    cells are undecided."""
    return mines_left is not None and popcount(unknown) <= ENDGAME_CELLS


def next_move(facts, endgame=None, choose=None):
    """The Move at the position `facts` (a Facts): a click or a stop.

    endgame -- None, or a function giving the board's endgame.Endgame (it remembers the
               positions it valued on the board): where it reaches (endgame_reaches),
               its click or stop, when it answers.  None leaves it out (a board with a
               stop_share).
    choose  -- None for the least-cost guess (choose_guess), or choose(facts): (cell,
               mine probability, expected digit) of the guess, or None when no cell is
               undecided; once something is open (the opening guess is opening_guess's)
    """
    estimate, unknown, mines_left = facts.estimate, facts.unknown, facts.mines_left
    if endgame is not None and endgame_reaches(unknown, mines_left):
        move = endgame().best_move(unknown, facts.mines, mines_left, facts.constraints)
        if move is not None:
            cell = move[0]
            return stop() if cell is None else Move(cell, "endgame", probability_of(estimate, cell))
    if not facts.opened:  # nothing known yet: every board of this shape and mine count starts alike
        guess = opening_guess(facts.task.width, facts.task.height, estimate.interior_prob)
    elif choose is None:
        guess = choose_guess(estimate, facts.interior, unknown, facts.masks, facts.mines)
    else:
        guess = choose(facts)
    if guess is None:
        return stop()
    cell, p, expected_digit = guess
    if not worth_it(facts, p, expected_digit):
        return stop(p)
    return Move(cell, "guess", p)


@lru_cache(maxsize=None)
def opening_guess(width, height, p_mine):
    """choose_guess on a board where nothing is known (every cell closed, each a mine
    with probability p_mine): one computation per shape, not one per board."""
    geo = geometry(width, height)
    nothing = Estimate([], [], p_mine, 0, 0, True)
    return choose_guess(nothing, geo.all_mask, geo.all_mask, geo.masks, 0)


def choose_guess(estimate, interior, unknown, masks, mines):
    """(cell, p_mine, expected digit) of the best guess among the undecided cells `unknown`,
    or None when there is none.

    interior -- the undecided cells no digit touches (the Estimate's interior).

    The cost of a guess is its mine probability less OPENED_BONUS per opened
    neighbour; the lowest cost wins, the lowest cell among equals.
    """
    ranked = rank_guesses(estimate, interior, unknown, masks, mines)
    if ranked is None:
        return None
    scored, least, _ = ranked
    cell = None
    for cost, c, q in scored:  # the lowest cell among the least costs
        if cost <= least and (cell is None or c < cell):
            cell, p = c, q
    return cell, p, popcount(masks[cell] & mines) + sum(neighbour_probs(cell, estimate, masks, unknown))


def rank_guesses(estimate, interior, unknown, masks, mines):
    """The guesses among the undecided cells that may win choose_guess, or None when no
    cell is undecided: (scored, least, lowest).

    scored -- (cost, cell, p) of every cell that may win
    least  -- the least cost, up to float noise (costs up to it tie)
    lowest -- the least mine probability of an undecided cell
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
        for c in lowest_cells(interior, INTERIOR_SCORED):
            scored.append((p_interior, c, p_interior))
    least = min(scored)[0] + 1e-9  # costs equal up to float noise tie (0.07 - 0.03 is not 0.04)
    return scored, least, lowest


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


def mine_total(task):
    """The board's mine count, or the count UNKNOWN_DENSITY gives when it is not known."""
    if task.mines is not None:
        return task.mines
    return max(1, round(UNKNOWN_DENSITY * task.width * task.height))


def click_values(task):
    """(value of a safe cell showing d, value of a mine) in the units of the task's rule."""
    mines = mine_total(task)
    return task.rule.click_values(task.width * task.height - mines, mines)


def worth_it(facts, p, expected_digit):
    """The stop test (worth_guessing) at the position of `facts`, for a guess of mine
    probability p whose digit, if safe, is expected to be `expected_digit`."""
    unknown_count = popcount(facts.unknown)
    mines_left = facts.mines_left
    known_count = mines_left is not None
    safe_left = unknown_count - (mines_left if known_count else UNKNOWN_DENSITY * unknown_count)
    density = (mines_left / unknown_count) if (known_count and unknown_count) else UNKNOWN_DENSITY
    average_digit = NEIGHBOURS * density * EDGE_SHARE + BESIDE_MINES
    floor = facts.task.rule.floor
    score_if_stop = None
    if floor is not None:  # the score if it stopped now, with the closed safe digits charged
        opened = digit_total(facts.planes, facts.opened & ~facts.mines)
        score_if_stop = opened + facts.values[1] * facts.hits - safe_left * average_digit
    return worth_guessing(p, facts.values, expected_digit, safe_left, average_digit, score_if_stop, floor)


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
