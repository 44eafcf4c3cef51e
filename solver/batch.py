"""A whole pack under a time budget, with output that is always a valid select list.

Boards are played in input order, each through its own Judge; under a budget, of a
pack text only the boards its Plan picks (those worth most points per second).  A
board is started only while the budget leaves room for the slowest board seen so
far; a board whose name was already played is skipped (the official page would score
the first board of that name twice).  Every click is in range and on a closed cell
by construction.
"""

import sys
import time
from functools import partial

from .board import board_header, name_promise_kept
from .packs import boards_of, index_pack
from .selects import format_select
from .judge import Judge
from .plan import Plan
from .player import play, task_of
from .rules import judged_score

MIN_BOARD_SECONDS = 0.004  # room kept for a board before anything has been timed
LOOK_HELP = (
    "rank risky guesses by two-step safety (one exact lookahead): fewer mines hit on "
    "dense boards, 3-5x slower on them"
)


def play_board(board, rule=None, deadline=None, look=False, on_guess=None):
    """(clicks as (x, y), score under the rule, mines hit) for one board; on_guess as
    for player.play."""
    task = task_of(board, rule, name_promise_kept(board))
    judge = Judge(board)
    cells = play(task, judge.view(), deadline, on_guess, look)
    width = board.width
    clicks = [(c % width, c // width) for c in cells]
    return clicks, judged_score(task.rule, judge), judge.hits


def solve_items(items, budget=None, rule=None, start=None, out=None, err=None, look=False):
    """Play (board, error) items in order within `budget` seconds of `start`.

    Errors are written to `err` as they are met; each board's select list goes to
    `out`.  Returns (played, total_score, seconds); `total_score` counts boards as
    the official summary does (2025: negatives count 0).
    """
    start = time.perf_counter() if start is None else start
    deadline = None if budget is None else start + budget
    slowest = MIN_BOARD_SECONDS
    played, total, names = 0, 0, set()
    for board, error in items:
        if board is None:
            if err is not None:
                err.write("error: %s\n" % error)
            continue
        if board.name in names:
            continue
        began = time.perf_counter()
        if deadline is not None and began + slowest > deadline:
            break
        clicks, score, _ = play_board(board, rule, deadline, look)
        names.add(board.name)
        elapsed = time.perf_counter() - began
        if elapsed > slowest:
            slowest = elapsed
        if out is not None:
            out.write(format_select(board_header(board), clicks))
        played += 1
        board_rule = rule or board.form
        total += score if board_rule == 2026 else max(0, score)
    return played, total, time.perf_counter() - start


def format_total(total):
    """A summary total: integer for 2025, four decimals for a 2026 Fraction sum."""
    return str(total) if isinstance(total, int) else "%.4f" % total


def solve_text(text, budget=None, rule=None, start=None, out=sys.stdout, err=sys.stderr, look=False):
    """Play a pack's text, then write a summary line on `err`.

    Boards are read one by one as play reaches them (so the budget covers reading),
    malformed ones reported on `err`.  Under a budget, a Plan picks the boards worth
    most points per second from their headers and the others are left out unread.
    """
    start = time.perf_counter() if start is None else start
    index = index_pack(text)
    wanted = None
    if budget is not None:
        wanted = partial(Plan(index.headers, rule).wanted, deadline=start + budget)
    items = boards_of(index, wanted)
    played, total, seconds = solve_items(items, budget, rule, start, out, err, look)
    err.write("boards %d/%d  seconds %.3f  score %s\n" % (played, len(index.starts), seconds, format_total(total)))
    return played, total


# ---------------------------------------------------------------- command line


def add_arguments(parser):
    parser.description = (
        "Reads a board pack (file or stdin), plays every board as if the mines were "
        "hidden, prints the select list on stdout and a summary on stderr: boards "
        "played of total, seconds, score under the rule.  With --budget, when the "
        "pack does not fit, the boards worth most points per second are played "
        "(chosen from their headers), in pack order."
    )
    parser.add_argument("pack", nargs="?", default="-", help="board pack file, or - for stdin (default)")
    parser.add_argument("--budget", type=float, help="seconds for the whole run (default: no limit, every board played)")
    parser.add_argument(
        "--rule", type=int, choices=(2025, 2026), help="objective and score (default: from each header's form)"
    )
    parser.add_argument("--look", action="store_true", help=LOOK_HELP)


def run(args):
    start = time.perf_counter()
    if args.pack == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(args.pack, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
        except OSError as exc:
            print("error: cannot read %s: %s" % (args.pack, exc.strerror), file=sys.stderr)
            return 1
    solve_text(text, args.budget, args.rule, start, look=args.look)
    return 0
