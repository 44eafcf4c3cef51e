"""One board: open the guaranteed cells, deduce, click what is certain, guess or stop.

The player knows only its Task (size, mine count, the cells the official rule keeps
safe, the scoring rule) and what `reveal` tells it.  It never sees the Board: that
stays with the judge.  `task_of` is the one place a Board's public facts are read.
"""

import time
from collections import namedtuple
from functools import lru_cache

from .bitset import cells_of, popcount
from .deduce import pairs

from .endgame import ENDGAME_CELLS, Endgame
from .formats import MINE, name_fields
from .frontier import components_of, constraints_of, covered
from .geometry import geometry, spread
from .lookahead import Lookahead
from .policy import choose_guess, worth_guessing_2025, worth_guessing_2026
from .probability import Estimate, estimate, probability_of, remembering
from .safezone import safe_cells

Task = namedtuple("Task", "width height mines safe_cells rule")
Step = namedtuple("Step", "cell kind p estimate mines safe")
Step.__doc__ = """What the player believed just before a click (or a stop), for `play`'s watch.

cell     -- the cell about to be clicked, or None when the player stops
kind     -- "start" (kept safe by the official rule), "certain", "endgame", "guess" or "stop"
p        -- the mine probability the player gave that cell (0.0 for start and certain;
            for a stop, the declined guess's, or None)
estimate -- the probability.Estimate computed most recently on this board (None before any)
mines    -- bitset of the cells known to be mines (deduced or hit)
safe     -- bitset of the cells known to be safe and not yet clicked
"""

Task.__doc__ = """What the player may know of a board before it clicks.

mines      -- the mine count (from a 2026 header or the board name), or None
safe_cells -- cells the official generator keeps mine-free (from X, Y, MINES, MODE)
rule       -- 2025 or 2026, the objective to play for
"""


def task_of(board, rule=None, trust_name=True):
    """The public facts of a board: size, mine count and safe-cell rule, nothing hidden.

    With `trust_name` False (the harness found the name misdescribes the board), the
    name tells nothing: no mine count from it, no safe cells.
    """
    fields = name_fields(board.name) if trust_name else None
    if fields is not None and (fields.width, fields.height) != (board.width, board.height):
        fields = None  # a name that does not describe this board tells nothing
    mines = board.mines
    if mines is None and fields is not None:
        mines = fields.mines
    safe = ()
    if fields is not None and mines is not None and board.width > 1 and board.height > 1:
        safe = safe_cells(board.width, board.height, mines, fields.mode)
    return Task(board.width, board.height, mines, tuple(safe), rule or board.form)


def play(task, judge, deadline=None, on_guess=None, look=False, watch=None):
    """Play one board; return the clicked cells in order.

    `judge` is the only window on the board: ``judge.open(cell)`` clicks and returns
    the bitset of newly opened cells, ``judge.value(cell)`` is the digit of an opened
    cell, ``judge.digit_sum(cells)`` the digit total of opened cells.
    `deadline` (a time.perf_counter() value) stops guessing when passed; the clicks so
    far are still a valid play.
    `on_guess(cell, p)`, if given, is told of each guess (a click not known to be safe,
    of mine probability p) before it is made: tests use it to check the certain clicks.
    `look` ranks risky guesses by two-step safety (lookahead.Lookahead): stronger on
    dense boards, and slower.
    `watch(step)`, if given, is told a Step just before every click, and once with
    cell None when the player stops while undecided cells remain (replay pages).
    """
    geo = geometry(task.width, task.height)
    masks = geo.masks
    values = [-1] * geo.size  # digits read so far (read lazily: only border digits matter)
    value = judge.value
    hidden = geo.all_mask  # not opened by the judge
    mines = 0  # known mines, hit or deduced
    safe = 0  # known safe, not yet opened
    numbers = 0  # opened safe cells
    dirty = 0  # opened cells whose constraint may allow a new single-digit deduction
    clicks = []
    touched = 0  # cells opened since the constraints were last brought up to date
    hits = 0
    mine_total = task.mines
    for c in task.safe_cells:
        safe |= 1 << c
    pending = list(task.safe_cells)
    counts_memo = {}
    counter = remembering(counts_memo)  # component counts, reused while a component is unchanged
    look_memo = {}  # counts of the components the lookahead met
    sweeps = {}  # likewise for the sweeps of components too big to count
    endgame = None  # the exact endgame solver, made when first needed
    result = guessed = stop_p = None  # for watch: the latest Estimate, (cell, kind, p) of a guess

    while True:
        # 1. open every cell known to be safe
        while safe:
            if not pending:
                pending = cells_of(safe)
            c = pending.pop()
            bit = 1 << c
            if not safe & bit:
                continue
            safe &= ~bit
            if not hidden & bit:
                continue
            clicks.append(c)
            if watch is not None:
                kind, p = guessed[1:] if guessed and guessed[0] == c else ("start" if c in task.safe_cells else "certain", 0.0)
                watch(Step(c, kind, p, result, mines, safe))
            new = judge.open(c)
            hidden &= ~new
            safe &= ~new
            if new == bit and value(c) == MINE:  # a guess that hit a mine
                mines |= bit
                hits += 1
                dirty |= masks[c] & numbers
                continue
            numbers |= new
            touched |= new
        if touched:
            # constraints that changed: the new cells and the old digits beside them,
            # as far as they still touch a closed cell
            dirty |= (touched | (spread(geo, touched) & numbers)) & spread(geo, hidden & ~mines)
            touched = 0
        unknown = hidden & ~mines & ~safe
        if not unknown:
            break
        if mine_total is not None and popcount(hidden) + hits == mine_total:
            break  # every safe cell is open (what is hidden and what was hit are all the mines)

        # 2. single-digit rule on the constraints that changed
        while dirty:
            work = dirty & numbers & spread(geo, unknown)  # digits with an undecided neighbour
            dirty = 0
            for c in cells_of(work):
                around = masks[c]
                cells = around & unknown
                if not cells:
                    continue
                v = values[c]
                if v < 0:
                    v = values[c] = value(c)
                need = v - popcount(around & mines)
                if need == 0:
                    safe |= cells
                    unknown &= ~cells
                elif need == popcount(cells):
                    mines |= cells
                    unknown &= ~cells
                    dirty |= spread(geo, cells) & numbers
        if safe:
            continue

        # 3. pairs, then exact enumeration with the mine count
        # every digit beside an undecided cell has been read: it was dirty from its opening
        # on, and the single-digit pass reads each dirty digit that has such a neighbour
        live = numbers & spread(geo, unknown)
        constraints = constraints_of(values, live, masks, unknown, mines)
        if constraints:
            found_safe, found_mines = pairs(constraints)
            if found_safe or found_mines:
                safe |= found_safe & unknown
                found_mines &= unknown
                mines |= found_mines
                dirty |= spread(geo, found_mines) & numbers
                if safe or dirty:
                    continue
        interior = unknown & ~covered(constraints)
        interior_count = popcount(interior)
        mines_left = None if mine_total is None else mine_total - popcount(mines)
        components = components_of(constraints)
        result = estimate(components, interior, interior_count, mines_left, counter=counter, sweeps=sweeps)
        if result.safe or result.mines:
            safe |= result.safe & unknown
            new_mines = result.mines & unknown & ~result.safe
            mines |= new_mines
            dirty |= spread(geo, new_mines) & numbers
            if safe or dirty:
                continue

        # 4. guess or stop: exactly in a small endgame, else by the policy
        if deadline is not None and time.perf_counter() > deadline:
            break
        move = None
        if mines_left is not None and popcount(unknown) <= ENDGAME_CELLS:
            if endgame is None:
                endgame = Endgame(masks, *_move_values(task))
            move = endgame.best_move(unknown, mines, mines_left, constraints)
        if move is not None:
            cell = move[0]
            if cell is None:
                break  # stopping is worth more than any click
            p = probability_of(result, cell)
        else:
            if clicks:
                looker = None
                if look and result.exact:
                    looker = Lookahead(masks, constraints, components, unknown, interior, mines_left, counts_memo, look_memo)
                guess = choose_guess(result, interior, unknown, masks, mines, looker)
            else:  # nothing known yet: every board of this shape and mine count starts alike
                guess = _opening_guess(task.width, task.height, result.interior_prob)
            if guess is None:
                break
            cell, p, expected_digit = guess
            opened_sum = judge.digit_sum(numbers) - 20 * hits
            if not _worth_it(task, p, expected_digit, unknown, mines, hidden, opened_sum, hits, mine_total, masks):
                stop_p = p
                break
        if on_guess is not None:
            on_guess(cell, p)
        guessed = (cell, "endgame" if move is not None else "guess", p)
        # the guess is clicked through the same path as a known safe cell
        safe |= 1 << cell
        pending = [cell]
    if watch is not None and hidden & ~mines & ~safe and (mine_total is None or popcount(hidden) + hits != mine_total):
        watch(Step(None, "stop", stop_p, result, mines, safe))
    return clicks


@lru_cache(maxsize=None)
def _opening_guess(width, height, p_mine):
    """choose_guess on a board where nothing is known (every cell closed, each a mine
    with probability p_mine): one computation per shape, not one per board."""
    geo = geometry(width, height)
    nothing = Estimate([], [], p_mine, 0, 0, True)
    return choose_guess(nothing, geo.all_mask, geo.all_mask, geo.masks, 0)


def _move_values(task):
    """(value of a safe cell showing d, value of a mine) in the units of the task's rule."""
    if task.rule == 2026:
        size = task.width * task.height
        safe_total = max(1, size - task.mines)
        return (lambda d: 1.0 / safe_total), -1.0 / max(1, task.mines)
    return (lambda d: 2.0 * d), -20.0


def _worth_it(task, p, expected_digit, unknown, mines, hidden, opened_sum, hits, mine_total, masks):
    """Apply the rule's stop test to a guess of mine probability p."""
    unknown_count = popcount(unknown)
    mines_left = None if mine_total is None else mine_total - popcount(mines)
    safe_left = unknown_count - (mines_left if mines_left is not None else 0.2 * unknown_count)
    if task.rule == 2026:
        size = task.width * task.height
        total = mine_total if mine_total is not None else max(1, round(0.2 * size))
        return worth_guessing_2026(p, safe_left, size - total, total)
    density = (mines_left / unknown_count) if (mines_left is not None and unknown_count) else 0.2
    average_digit = 8.0 * density * 0.85 + 0.5
    remaining_value = 2.0 * safe_left * average_digit
    score_if_stop = opened_sum - remaining_value / 2.0
    return worth_guessing_2025(p, expected_digit, remaining_value, score_if_stop)
