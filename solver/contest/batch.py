"""A whole pack under a time budget, with output that is always a valid select list.

The run in rounds: index the pack (as much of it as INDEX_SHARE of the time left
allows), make a Plan of the boards worth most points per second, share the chunks
among the workers (`workers.share`, each playing `chunks.play_chunks`), gather what
they send in pack order (`results.Results`), and while time is left play the boards
the plan passed over, then index the next part of a pack cut short.  Every click is
in range and on a closed cell by construction; totals are kept per rule, so a pack
that mixes both header forms is reported rule by rule.
"""

import sys
import time
from collections import namedtuple

from ..engine.memories import forget_also
from ..official.compact import CompactPack
from ..official.packindex import index_pack
from ..official.strays import stray_messages
from .chunks import first_form, play_chunks
from .clock import before
from .plan import Plan, board_shapes
from .records import is_board, passed_boards
from .results import Results, format_totals
from .signals import stop_note, stopped
from .timeplan import (
    COLLECT_GRACE_SECONDS,
    INDEX_SHARE,
    LAST_BOARD_SECONDS,
    NEXT_ROUND_SECONDS,
    PASSED_OVER_SECONDS,
    PLAN_SHARE,
)
from .workers import share

Settings = namedtuple("Settings", "budget rule workers start progress", defaults=(None, None, 1, None, None))
Settings.__doc__ = """How a pack is run (solve_text).

budget   -- seconds from `start` to the end of play, or None for no deadline
rule     -- the contest year to play and score for (2025, 2026), or None: each
            board's own header form
workers  -- processes that share the boards (workers.share)
start    -- a time.perf_counter() value the budget counts from (default: now)
progress -- if given, progress(boards played, boards found) is called as results arrive
"""

PLAIN = Settings()  # no budget, each board's own rule, one worker

Run = namedtuple("Run", "deadline rule workers")
Run.__doc__ = """What each round, worker and board of a run needs of its Settings: the
deadline (a time.perf_counter() value, or None), the rule, the workers."""

# What the last run built (each round's index, plan and records, its Results), held
# until the next run starts: freed at the end of a run, a million-line pack's objects
# took tens of milliseconds past the deadline, one by one, before the select list
# was written (the entry then ends with os._exit: docs/measurements/hostile.md, "Hostile packs, 2026-11-26").
# (A run memory of the contest layer, registered with engine/memories.py.)
_LAST_RUN = []


def forget_last_run():
    """Free what the last run built (see _LAST_RUN)."""
    del _LAST_RUN[:]


forget_also(forget_last_run)


def solve_text(pack, out=sys.stdout, err=sys.stderr, settings=PLAIN):
    """Play a pack, its text or a CompactPack (official/compact.py), as `settings` say,
    writing the select list on `out`, then a summary line on `err`: boards played of
    all found, seconds since the start, the score per rule (and the workers, when more
    than one, the budget, when there is one, and the boards a damaged compact pack
    lost).  Returns (played, totals).

    Boards are read one by one as play reaches them (so the budget covers reading),
    malformed ones reported on `err`.  Under a budget, a Plan picks the boards worth
    most points per second from their headers and the others are left out unread.
    A huge pack is played in rounds: what INDEX_SHARE of the time left indexes, then,
    while time is left, the next part.  Workers that end before the deadline leave
    time to the boards their plan passed over: a plan for those alone plays them
    (the list stays in pack order).  The select list is the same for any number of
    workers when there is no budget.
    """
    start = time.perf_counter() if settings.start is None else settings.start
    deadline = None if settings.budget is None else start + settings.budget
    run = Run(deadline, settings.rule, settings.workers)
    forget_last_run()
    results = Results(out)
    _LAST_RUN.append(results)
    found, used, index, clicks = 0, 1, None, 0
    compact = pack if isinstance(pack, CompactPack) else None
    while True:
        since = start if index is None else time.perf_counter()  # (the first round's share counts reading)
        more = None if deadline is None else before(since + INDEX_SHARE * (deadline - since))
        index = compact or index_pack(pack, more, after=index)  # (a compact pack is one round: read whole)
        _LAST_RUN.append(index)
        results.part += 1
        if not found:
            form = first_form(index)
            results.messages.extend(compact.messages if compact else stray_messages(index))
        clicks += index.clicks
        found += _board_count(index)
        if deadline is not None and deadline - time.perf_counter() < LAST_BOARD_SECONDS:
            break  # indexing ran late: no board could start, so no plan and no workers
        heard = settings.progress and _counter(settings.progress, results, found)
        played, left = play_round(index, results, run, heard)
        used = max(used, played)
        while left and deadline - time.perf_counter() >= PASSED_OVER_SECONDS and stopped() is None:  # passed over, time left
            played, still = play_round(index, results, run, heard, only=left)
            left = still if still is not None and len(still) < len(left) else None  # (None: out of time)
        if index.complete or deadline is None or deadline - time.perf_counter() < NEXT_ROUND_SECONDS or stopped() is not None:
            break  # (a signal ends the run: the boards played so far are written)
    if clicks:
        results.notes.append("%d header lines with nothing under them but lines of two numbers alone start no board: "
                             "a select list inside the pack? They are skipped, as the official page skips a header "
                             "with nothing under it" % clicks)
    if stopped() is not None:  # (said before the summary, which stays stderr's last line)
        results.notes.append(stop_note(stopped()))
    results.finish(err)
    seconds = time.perf_counter() - start
    summary = format_totals(results.totals, settings.rule or form)
    if not index.complete:
        err.write("note: a long pack: its first %d boards were found in the time, the rest left out\n" % found)
    shared = "  workers %d" % used if settings.workers > 1 else ""
    budget = "" if settings.budget is None else "  budget %.3f" % settings.budget  # (what a session's runs were given)
    lost = (compact.lost or 0) if compact else 0  # (None: a damaged first line, which its message says)
    if compact and compact.unread:
        err.write("note: a long compact pack: its first %d boards were read in the time, %d more left out\n"
                  % (compact.count, compact.unread))
    err.write("boards %d/%d  seconds %.3f  score %s%s%s%s\n" % (results.played, found + lost, seconds, summary, shared,
                                                             budget, "  lost %d" % lost if lost else ""))
    return results.played, results.totals


def _counter(progress, results, found):
    """A listener for the records as they arrive: progress(boards played so far, boards found)."""
    done = [results.played]

    def heard(records):
        done[0] += sum(1 for record in records if is_board(record))
        progress(done[0], found)

    return heard


def play_round(index, results, run, heard=None, only=None):
    """Play the boards of one PackIndex (under a deadline, those its Plan picks) with
    the run's workers into `results`.  Returns (processes that played, the boards the
    plan passed over: their positions in the index; None without a deadline or
    without the time to play them).

    only  -- the positions to play, in order (default: every board of the index): a
             plan is made for them alone, so the boards a first plan passed over are
             played when its workers end before the deadline
    heard -- as workers.share's."""
    deadline = run.deadline
    plan, count = None, _board_count(index) if only is None else len(only)
    if deadline is not None:
        now = time.perf_counter()
        until = now + PLAN_SHARE * (deadline - now)
        plan = Plan(board_shapes(index, until, only), run.rule, run.workers, until)
        if plan.planned < count and only is None:
            results.notes.append("a pack of many boards: of %d boards found, the first %d were planned in the time, "
                                 "the rest left out" % (count, plan.planned))
        count = plan.planned

    def work(chunks, emit):
        play_chunks(index, chunks, plan, run, emit, only)

    def taken(records):  # taken in as they arrive, while the workers play
        results.feed(records)
        if heard:
            heard(records)

    records, notes, used = share(count, run.workers, work, None if deadline is None else deadline + COLLECT_GRACE_SECONDS,
                                 taken)
    _LAST_RUN.append((plan, records))
    left = None  # (made only while time is left: at the deadline it would be work for nothing)
    if deadline is not None and deadline - time.perf_counter() >= PASSED_OVER_SECONDS:
        # what the plan passed over, and only that: a refused board past the first messages
        # is only counted (no record of its own), and was played again in every round
        left = passed_boards(records)
    results.end_round()
    results.notes.extend(notes)
    return used, left


def _board_count(index):
    """The boards of a PackIndex or a CompactPack."""
    return index.count if isinstance(index, CompactPack) else len(index.headers)
