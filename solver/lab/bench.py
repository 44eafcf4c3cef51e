"""The `bench` command: how well and how fast the player plays whole packs.

Per pack it prints boards, oracle ratio (2025: score / sum of every safe digit;
2026: mean board score), mine hits per board and the hits expected (the sum of
the guesses' mine probabilities: more hits than risk is an unlucky pack), mean board
score, boards per second beside the floor (a replay that opens every safe cell with
no reasoning: what the reasoning costs is the gap), and the slowest board in
milliseconds.  ``--contest`` adds the total that a
2-second paiza run of the entry scores on the pack (its own budget, see solver.paiza).
Speed is measured here, never in unit tests.
"""

import io
import sys
import time

from ..contest.batch import LOOK_HELP, format_totals, played, risk_watcher, solve_text
from ..contest.clock import process_start
from ..official.generator import generate_pack, pack_name
from ..grid.geometry import geometry
from ..official.judge import Judge
from ..official.packs import format_pack, read_pack
from ..contest.paiza import BUDGET_SECONDS, STARTUP_ALLOWANCE_SECONDS
from ..grid.planes import digit_planes, mines_of
from ..engine.player import task_of
from ..official.rules import RULES


def bench_pack(boards, rule=None, progress=None, repeat=1, look=False):
    """A dict of figures for one pack played without a deadline.

    Each board is timed as the contest plays it (batch.played: task, judge, play) and
    scored, so the figures include every per-board cost but reading.  With `repeat` > 1
    each board is played that many times and its fastest time counts (as timeit
    takes the best run): on a shared machine the slow runs are other jobs' time.
    """
    total_score = oracle = hits = 0
    seconds = slowest = 0.0
    watch, risk = risk_watcher()
    slowest_name = ""
    for i, board in enumerate(boards):
        elapsed = None
        for run in range(max(1, repeat)):
            began = time.perf_counter()
            task, judge = played(board, rule, look=look, watch=None if run else watch)
            score = task.rule.counted(task.rule.score(judge.outcome()))
            took = time.perf_counter() - began
            elapsed = took if elapsed is None else min(elapsed, took)
        seconds += elapsed
        if elapsed > slowest:
            slowest, slowest_name = elapsed, board.name
        hits += judge.hits
        total_score += task.rule.value(score)
        oracle += task.rule.best(board)
        if progress and (i + 1) % 500 == 0:
            progress.write("  %d/%d boards\n" % (i + 1, len(boards)))
    count = max(1, len(boards))
    return {
        "boards": len(boards),
        "ratio": float(total_score) / oracle if oracle else 0.0,
        "hits": hits / count,
        "risk": risk() / count,
        "mean": float(total_score) / count,
        "per_second": len(boards) / seconds if seconds else 0.0,
        "floor_per_second": floor_speed(boards, rule, repeat),
        "slowest_ms": slowest * 1000.0,
        "slowest_name": slowest_name,
    }


def floor_speed(boards, rule=None, repeat=1):
    """Boards per second of a replay with no reasoning at all: the same judge opens
    every safe cell of each board at once (knowing where they are) and the play is
    scored.  No player can be faster through this judge: the gap to the player's
    speed is what its reasoning costs."""
    seconds = 0.0
    for board in boards:
        elapsed = None
        for _ in range(max(1, repeat)):
            began = time.perf_counter()
            task = task_of(board, rule)
            judge = Judge(board)
            judge.open_all(geometry(board.width, board.height).all_mask & ~mines_of(digit_planes(board.digits)))
            task.rule.score(judge.outcome())
            took = time.perf_counter() - began
            elapsed = took if elapsed is None else min(elapsed, took)
        seconds += elapsed
    return len(boards) / seconds if seconds else 0.0


def contest_total(boards, rule=None):
    """(boards played, totals by rule) of the paiza entry's run over the pack: its text
    read and planned as the entry does, within the entry's budget (BUDGET_SECONDS from
    this process's start)."""
    text = format_pack(boards)
    start = process_start(time.perf_counter() - STARTUP_ALLOWANCE_SECONDS)
    return solve_text(text, BUDGET_SECONDS, rule, start, io.StringIO(), io.StringIO())


def add_arguments(parser):
    parser.description = (
        "Reads board packs (files, or generated with --gen) and prints, per pack: "
        "boards, oracle ratio, mine hits per board, the hits expected (risk: the sum of the "
        "guesses' mine probabilities), mean score, boards per second, the floor (boards per "
        "second of a replay that opens every safe cell with no reasoning), "
        "slowest board in ms; with --contest also the total the paiza entry scores in its 2 s run."
    )
    parser.add_argument("packs", nargs="*", help="board pack files")
    parser.add_argument(
        "--gen", nargs=3, action="append", default=[], metavar=("COUNT", "MODE", "DIFFICULTY"),
        help="also bench the official pack board_pack_COUNT_MODE_DIFFICULTY (repeatable)",
    )
    parser.add_argument("--rule", type=int, choices=sorted(RULES), help="objective and score (default: header form)")
    parser.add_argument(
        "--repeat", type=int, default=1, metavar="N",
        help="play each board N times and time its fastest run (steadier speeds on a busy machine)",
    )
    parser.add_argument("--contest", action="store_true", help="also print the total the paiza entry scores on the pack in its 2 s run")
    parser.add_argument("--look", action="store_true", help=LOOK_HELP + " (the --contest total is the entry's, without it)")


def run(args):
    packs = []
    for path in args.packs:
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                boards, errors = read_pack(handle.read())
        except OSError as exc:
            print("error: cannot read %s: %s" % (path, exc.strerror), file=sys.stderr)
            return 1
        for error in errors:
            print("error: %s" % error, file=sys.stderr)
        packs.append((path, boards))
    for count, mode, difficulty in args.gen:
        try:
            packs.append((pack_name(int(count), mode, difficulty), generate_pack(int(count), mode, difficulty)))
        except ValueError as exc:
            print("error: --gen %s %s %s: %s" % (count, mode, difficulty, exc), file=sys.stderr)
            return 2
    if not packs:
        print("error: give a pack file or --gen COUNT MODE DIFFICULTY", file=sys.stderr)
        return 2
    header = "%-40s %6s %7s %6s %6s %8s %9s %9s %8s" % (
        "pack", "boards", "ratio", "hits", "risk", "mean", "boards/s", "floor/s", "slow ms"
    )
    if args.contest:
        header += " %10s %8s" % ("2s-total", "2s-boards")
    print(header)
    for name, boards in packs:
        print("%s: playing %d boards" % (name, len(boards)), file=sys.stderr)
        f = bench_pack(boards, args.rule, sys.stderr, args.repeat, args.look)
        line = "%-40s %6d %7.4f %6.3f %6.3f %8.2f %9.0f %9.0f %8.1f" % (
            name[-40:], f["boards"], f["ratio"], f["hits"], f["risk"], f["mean"], f["per_second"],
            f["floor_per_second"], f["slowest_ms"],
        )
        if args.contest:
            count, totals = contest_total(boards, args.rule)
            line += " %10s %8d" % (format_totals(totals), count)
        print(line)
        sys.stdout.flush()
    return 0
