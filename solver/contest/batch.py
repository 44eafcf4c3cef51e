"""A whole pack under a time budget, with output that is always a valid select list.

Each board is played through its own Judge, by one of the run's workers
(`workers.share`), and the select list is written in pack order; under a budget, of
a pack text only the boards its Plan picks (those worth most points per second).  A
board is started only while the budget leaves a little room (LAST_BOARD_SECONDS): a
board still in play at the deadline stops at its next stall, so it overruns the
budget by one round of the cheap steps at most.  A board whose name was already
played is skipped and said so (the official page would score the first board of
that name twice).  Every click is in range and on a closed cell by construction.
Totals are kept per rule, so a pack that mixes both header forms is reported rule
by rule.
"""

import heapq
import sys
import time
from functools import lru_cache

from ..engine.player import Task, play
from ..official.board import board_header, name_facts, name_promise_kept, promised_safe
from ..official.judge import Judge
from ..official.packs import index_pack, parse_header, read_board, stray_messages
from ..official.rules import RULES
from .clock import before
from .plan import Plan
from .streams import MESSAGES_SHOWN, write_messages
from .workers import share

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


def format_totals(totals, default_year=2025):
    """The summary's score: one total, or one per rule ("98050 (2025) 12.3456 (2026)")."""
    if not totals:
        return RULES[default_year].format(0)
    if len(totals) == 1:
        year, total = next(iter(totals.items()))
        return RULES[year].format(total)
    return " ".join("%s (%d)" % (RULES[year].format(totals[year]), year) for year in sorted(totals))


INDEX_SHARE = 0.25  # of the time left (at first: of the budget), for finding the boards of a pack
PLAN_SHARE = 0.3  # of the time left, by which the plan stops keying lines and estimating shapes
COLLECT_GRACE_SECONDS = 0.015  # after the budget, for the workers' last boards and records
# Time left worth indexing more of a pack cut short: a round indexes at least one chunk
# (packs.INDEX_CHUNK, 30-60 ms on the development machine) before it plays; with 0.05 s
# a second round ran 50 ms past the deadline (docs/measurements.md, "Hostile packs").
NEXT_ROUND_SECONDS = 0.15
PASSED_OVER_SECONDS = 0.05  # time left worth a plan and workers for the boards passed over

# What the last run built (each round's index, plan and records, its Results), held
# until the next run starts: freed at the end of a run, a million-line pack's objects
# took tens of milliseconds past the deadline, one by one, before the select list
# was written (the entry then ends with os._exit: docs/measurements.md, "Hostile packs").
_LAST_RUN = []


def solve_text(text, budget=None, rule=None, start=None, out=sys.stdout, err=sys.stderr, look=False, workers=1,
               progress=None):
    """Play a pack's text, then write a summary line on `err`: boards played of all
    found, seconds since `start`, the score per rule (and the workers, when more than
    one).  Returns (played, totals).

    Boards are read one by one as play reaches them (so the budget covers reading),
    malformed ones reported on `err`.  Under a budget, a Plan picks the boards worth
    most points per second from their headers and the others are left out unread.
    A huge pack is played in rounds: what INDEX_SHARE of the time left indexes, then,
    while time is left, the next part.  Workers that end before the deadline leave
    time to the boards their plan passed over: a plan for those alone plays them
    (the list stays in pack order).  `workers` processes share the boards
    (workers.share); the select list is the same for any number of them when there
    is no budget.  progress(boards played, boards found), if given, is called as
    results arrive.
    """
    start = time.perf_counter() if start is None else start
    deadline = None if budget is None else start + budget
    del _LAST_RUN[:]
    results = Results(out)
    _LAST_RUN.append(results)
    found, used, index = 0, 1, None
    while True:
        since = start if index is None else time.perf_counter()  # (the first round's share counts reading)
        more = None if deadline is None else before(since + INDEX_SHARE * (deadline - since))
        index = index_pack(text, more, after=index)
        _LAST_RUN.append(index)
        results.part += 1
        if not found:
            first_headers = index.headers[:1]
            results.messages.extend(stray_messages(index))
        found += len(index.headers)
        if deadline is not None and deadline - time.perf_counter() < LAST_BOARD_SECONDS:
            break  # indexing ran late: no board could start, so no plan and no workers
        heard = progress and _counter(progress, results, found)
        played, left = play_round(index, results, deadline, rule, look, workers, heard)
        used = max(used, played)
        while left and deadline - time.perf_counter() >= PASSED_OVER_SECONDS:  # passed over, yet time is left
            played, still = play_round(index, results, deadline, rule, look, workers, heard, only=left)
            left = still if still is not None and len(still) < len(left) else None  # (None: out of time)
        if index.complete or deadline is None or deadline - time.perf_counter() < NEXT_ROUND_SECONDS:
            break
    results.finish(err)
    seconds = time.perf_counter() - start
    summary = format_totals(results.totals, rule or _first_form(first_headers))
    if not index.complete:
        err.write("note: a long pack: its first %d boards were found in the time, the rest left out\n" % found)
    shared = "  workers %d" % used if workers > 1 else ""
    err.write("boards %d/%d  seconds %.3f  score %s%s\n" % (results.played, found, seconds, summary, shared))
    return results.played, results.totals


def _counter(progress, results, found):
    """heard() for workers.share: progress(boards played so far, boards found)."""
    done = [results.played]

    def heard(record):
        if len(record) > 2:
            done[0] += 1
            progress(done[0], found)

    return heard


def play_round(index, results, deadline, rule, look, workers, heard=None, only=None):
    """Play the boards of one PackIndex (under a deadline, those its Plan picks) with
    `workers` processes into `results`.  Returns (processes that played, the boards
    the plan passed over: their positions in the index; None without a deadline or
    without the time to play them).

    only  -- the positions to play, in order (default: every board of the index): a
             plan is made for them alone, so the boards a first plan passed over are
             played when its workers end before the deadline
    heard -- as workers.share's."""
    positions = range(len(index.headers)) if only is None else only
    headers = index.headers if only is None else [index.headers[k] for k in only]
    plan, count = None, len(headers)
    if deadline is not None:
        now = time.perf_counter()
        plan = Plan(headers, rule, workers, now + PLAN_SHARE * (deadline - now))
        count = plan.planned
        if count < len(headers) and only is None:
            results.notes.append("a pack of many boards: of %d boards found, the first %d were planned in the time, "
                                 "the rest left out" % (len(headers), count))

    def work(chunks, emit):
        play_chunks(index, chunks, plan, deadline, rule, look, emit, only)

    records, notes, used = share(count, workers, work, None if deadline is None else deadline + COLLECT_GRACE_SECONDS, heard)
    _LAST_RUN.append((plan, records))
    left = None  # (made only while time is left: at the deadline it would be work for nothing)
    if deadline is not None and deadline - time.perf_counter() >= PASSED_OVER_SECONDS:
        seen = {record[0] for record in records if len(record) > 2 or isinstance(record[1], str)}  # (k, count): no board
        left = [k for k in positions[:count] if k not in seen]
    results.take(records, ordered=only is None)
    results.notes.extend(notes)
    return used, left


class Results:
    """What the rounds of a run played, gathered in pack order for `finish` to write:
    the select texts to `out`, the messages to `err`.  A board whose name was already
    played is skipped, with a message (the official page would score both).

    Only the first MESSAGES_SHOWN messages are ever written, so of the rest only the
    number is kept: a pack of a million refused boards sends that many messages back,
    and formatting and sorting them all came after the deadline."""

    def __init__(self, out):
        self.out = out
        self.messages, self.notes = [], []  # messages without their "error: "
        self.unshown = 0  # messages past MESSAGES_SHOWN: counted, not kept
        self.names, self.totals, self.played = set(), {}, 0
        self.texts = []  # (part, k, select text) of the boards played
        self.part = 0  # the index part being played: boards are ordered by (part, k)
        self.ordered = True  # whether self.texts is in pack order

    def take(self, records, ordered=True):
        """The records of one round (workers.share), in any order; `ordered`: the
        round's boards all come after those taken before (not so for boards a plan
        passed over)."""
        played, errors = [], []  # (k, message); (k, count) is a number of messages not sent
        for record in records:
            if len(record) > 2:
                played.append(record)
            elif isinstance(record[1], str):
                errors.append(record)
            else:
                self.unshown += record[1]
        played.sort(key=_board_index)
        for record in played:
            _, text, name, line, year, score = record
            if name in self.names:
                errors.append((record[0], "board %s (line %d): a board of that name was already played; skipped" % (name, line), _SKIP))
                continue
            self.names.add(name)
            self.texts.append((self.part, record[0], text))
            self.played += 1
            self.totals[year] = self.totals.get(year, 0) + score
        room = max(0, MESSAGES_SHOWN - len(self.messages))
        first = heapq.nsmallest(room, errors, key=_message_order) if room else []
        self.messages.extend(error[1] for error in first)
        self.unshown += len(errors) - len(first)
        self.ordered = self.ordered and ordered

    def finish(self, err):
        """Write the select texts on `out`, in pack order; then on `err` the messages
        (past MESSAGES_SHOWN only their count) and the notes."""
        if not self.ordered:
            self.texts.sort(key=_part_and_index)
        self.out.write("".join([text for _, _, text in self.texts]))
        write_messages(self.messages, "error: ", err, self.unshown)
        err.write("".join("note: %s\n" % note for note in self.notes))


def _board_index(record):
    return record[0]


def _part_and_index(text):
    return text[0], text[1]


_SKIP = "skip"  # marks Results' own message that a board was skipped


def _message_order(error):
    """Pack order; at one board, a skip before the lines found after the board."""
    return error[0], len(error) == 2


def play_chunks(index, chunks, plan, deadline, rule, look, emit, only=None):
    """One worker's part of a pack: the boards of each (start, stop) chunk, in order
    (the chunks count positions in `only`, the index's positions to play, when given).

    A board is read only when the plan (if any) wants it, and started only while the
    deadline leaves LAST_BOARD_SECONDS.  emit() gets, in pack order, (k, message) for a
    board refused or stray lines after it, and (k, select text, name, line, year,
    counted score) for a board played.  Past its first MESSAGES_SHOWN messages a
    worker sends only their number, (k, count), at the end of each chunk: no more
    than that are shown, and a million refused boards cost a million records.  A
    name this worker played before is not played again (Results skips it: the
    official page would score both)."""
    names = set()
    said = [0, 0]  # messages sent in full, messages counted and not yet sent

    def tell(k, message):
        if said[0] < MESSAGES_SHOWN:
            said[0] += 1
            emit((k, message))
        else:
            said[1] += 1

    def count_told(k):
        if said[1]:
            emit((k, said[1]))
            said[1] = 0

    for first, stop in chunks:
        for j in range(first, stop):
            k = j if only is None else only[j]
            began = time.perf_counter()
            if deadline is not None and began + LAST_BOARD_SECONDS > deadline:
                count_told(k)
                return
            if plan is not None and not plan.wanted(j, deadline, began):
                continue
            board, error, stray = read_board(index, k)
            if board is None:
                tell(k, error)
            elif board.name in names:
                emit((k, "", board.name, board.line, 0, 0))
            else:
                names.add(board.name)
                task, judge = played(board, rule, deadline, look, hurry=plan is not None and plan.pressed())
                score = task.rule.counted(task.rule.score(judge.outcome()))
                emit((k, select_text(board, judge.clicks), board.name, board.line, task.rule.year, score))
            if stray is not None:
                tell(k, stray)
        count_told(stop)


def _first_form(headers):
    """The header form of a pack's first board (2025 if it has none or it is unreadable)."""
    try:
        return parse_header(headers[0].split())[4]
    except (ValueError, IndexError):
        return 2025


# ---------------------------------------------------------------- command line
