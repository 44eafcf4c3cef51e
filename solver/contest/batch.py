"""A whole pack under a time budget, with output that is always a valid select list.

Boards are played in input order, each through its own Judge; under a budget, of a
pack text only the boards its Plan picks (those worth most points per second).  A
board is started only while the budget leaves a little room (LAST_BOARD_SECONDS): a
board still in play at the deadline stops at its next stall, so it overruns the
budget by one round of the cheap steps at most.  A board whose name was already played is skipped and said so (the official
page would score the first board of that name twice).  Every click is in range
and on a closed cell by construction.  Totals are kept per rule, so a pack that
mixes both header forms is reported rule by rule.
"""

import sys
import time
from functools import lru_cache, partial

from ..engine.player import Task, play
from ..official.board import board_header, name_facts, name_promise_kept, promised_safe
from ..official.judge import Judge
from ..official.packs import boards_of, index_pack, parse_header
from ..official.rules import RULES
from .clock import before
from .plan import Plan

# Room left when a board is started: it stops at its first stall past the deadline
# (player.play), so only the opening and single-digit steps before that stall run
# late; keeping room for the slowest board so far instead stopped runs early
# (docs/measurements.md, "Per phase": the start guard).
LAST_BOARD_SECONDS = 0.002


def task_of(board, rule=None, trust_name=None):
    """The player's Task for a board: its public facts (size, mine count, the official
    safe cells) and the scoring rule to play for, nothing hidden.  The one place a Board becomes a Task.

    rule       -- a contest year (2025, 2026) or None for the board's own header form.
    trust_name -- False: the name tells nothing (no mine count from it, no safe cells);
                  True: it is taken at its word; None (default): it is trusted when it
                  keeps its promise (board.name_promise_kept), which is checked only
                  where trusting it changes the Task (safe cells, or a mine count the
                  header does not give): every ADC2026 board skips the check.
    """
    fields = name_facts(board.width, board.height, board.name) if trust_name is not False else None
    mines = board.mines
    if mines is None and fields is not None:
        mines = fields.mines
    safe = ()
    if fields is not None and mines is not None:
        safe = promised_safe(board.width, board.height, mines, fields.mode)
    if trust_name is None and (safe or mines != board.mines) and not name_promise_kept(board):
        mines, safe = board.mines, ()
    return Task(board.width, board.height, mines, safe, RULES[rule or board.form])


def played(board, rule=None, deadline=None, look=False, watch=None, hurry=False):
    """(task, judge) after the player has played `board`: the judge holds the clicks."""
    task = task_of(board, rule)
    judge = Judge(board)
    play(task, judge.view(), deadline, look, watch, hurry)
    return task, judge


@lru_cache(maxsize=None)
def click_lines(width, height):
    """The select-list line of every cell of a width x height board ("x y\\n")."""
    return tuple(["%d %d\n" % (c % width, c // width) for c in range(width * height)])


def select_text(board, clicks):
    """One board's select list: its header line, then one line per clicked cell."""
    return board_header(board) + "\n" + "".join(map(click_lines(board.width, board.height).__getitem__, clicks))


def solve_items(items, budget=None, rule=None, start=None, out=None, err=None, look=False, pressed=None):
    """Play (board, error) items in order within `budget` seconds of `start`.

    Errors are written to `err` as they are met; each board's select list goes to
    `out`.  `pressed`, if given, says before each board whether boards are being left
    out for time: then the board is played in a hurry (player.play).  Returns (played, totals, seconds): totals maps a contest year to the
    sum of its boards as the official summary counts them (2025: negatives count 0).
    """
    start = time.perf_counter() if start is None else start
    deadline = None if budget is None else start + budget
    count, totals, names = 0, {}, set()
    for board, error in items:
        if board is None:
            if err is not None:
                err.write("error: %s\n" % error)
            continue
        if board.name in names:
            if err is not None:
                err.write("error: board %s (line %d): a board of that name was already played; skipped\n" % (board.name, board.line))
            continue
        began = time.perf_counter()
        if deadline is not None and began + LAST_BOARD_SECONDS > deadline:
            break
        task, judge = played(board, rule, deadline, look, hurry=pressed is not None and pressed())
        names.add(board.name)
        if out is not None:
            out.write(select_text(board, judge.clicks))
        count += 1
        year = task.rule.year
        totals[year] = totals.get(year, 0) + task.rule.counted(task.rule.score(judge.outcome()))
    return count, totals, time.perf_counter() - start


def format_totals(totals, default_year=2025):
    """The summary's score: one total, or one per rule ("98050 (2025) 12.3456 (2026)")."""
    if not totals:
        return RULES[default_year].format(0)
    if len(totals) == 1:
        year, total = next(iter(totals.items()))
        return RULES[year].format(total)
    return " ".join("%s (%d)" % (RULES[year].format(totals[year]), year) for year in sorted(totals))


INDEX_SHARE = 0.25  # of the budget, counted from `start`, for finding the boards of a pack (see README)


def solve_text(text, budget=None, rule=None, start=None, out=sys.stdout, err=sys.stderr, look=False):
    """Play a pack's text, then write a summary line on `err`: boards played of all,
    seconds since `start`, the score per rule.  Returns (played, totals).

    Boards are read one by one as play reaches them (so the budget covers reading),
    malformed ones reported on `err`.  Under a budget, a Plan picks the boards worth
    most points per second from their headers and the others are left out unread.
    """
    start = time.perf_counter() if start is None else start
    # a huge pack is indexed only as far as INDEX_SHARE of the budget: the rest is play
    index = index_pack(text, None if budget is None else before(start + INDEX_SHARE * budget))
    wanted = pressed = None
    if budget is not None:
        plan = Plan(index.headers, rule)
        wanted, pressed = partial(plan.wanted, deadline=start + budget), plan.pressed
    count, totals, seconds = solve_items(boards_of(index, wanted), budget, rule, start, out, err, look, pressed)
    summary = format_totals(totals, rule or _first_form(index.headers))
    if not index.complete:
        err.write("note: a long pack: its first %d boards were found in %.0f%% of the budget, the rest left out\n"
                  % (len(index.headers), 100 * INDEX_SHARE))
    err.write("boards %d/%d  seconds %.3f  score %s\n" % (count, len(index.headers), seconds, summary))
    return count, totals


def _first_form(headers):
    """The header form of a pack's first board (2025 if it has none or it is unreadable)."""
    try:
        return parse_header(headers[0].split())[4]
    except (ValueError, IndexError):
        return 2025


# ---------------------------------------------------------------- command line
