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
import time

from ..contest.batch import played, solve_text
from ..engine.player import forget_run
from ..contest.clock import process_start
from ..grid.geometry import geometry
from ..official.judge import Judge
from ..official.packs import format_pack
from ..contest.paiza import BUDGET_SECONDS, STARTUP_ALLOWANCE_SECONDS
from ..grid.planes import digit_planes, mines_of
from ..contest.batch import task_of


def risk_watcher():
    """(watch, risk): a watch for player.play that sums the mine probabilities of the
    risky clicks (guesses and endgame clicks), and a function that reads the sum."""
    total = [0.0]

    def watch(step):
        if step.kind in ("guess", "endgame"):
            total[0] += step.p

    return watch, lambda: total[0]


def bench_pack(boards, rule=None, progress=None, repeat=1, look=False):
    """A dict of figures for one pack played without a deadline.

    Each board is timed as the contest plays it (batch.played: task, judge, play) and
    scored, so the figures include every per-board cost but reading.  With `repeat` > 1
    the pack is played that many times, each as a fresh run (engine.player.forget_run),
    and each board's fastest time counts (as timeit takes the best run): on a shared
    machine the slow runs are other jobs' time.
    """
    total_score = oracle = hits = 0
    seconds = slowest = 0.0
    watch, risk = risk_watcher()
    slowest_name = ""
    times = [None] * len(boards)
    for run in range(max(1, repeat)):  # each run as a fresh process plays the pack
        forget_run()
        for i, board in enumerate(boards):
            began = time.perf_counter()
            task, judge = played(board, rule, look=look, watch=None if run else watch)
            score = task.rule.counted(task.rule.score(judge.outcome()))
            took = time.perf_counter() - began
            times[i] = took if times[i] is None else min(times[i], took)
            if not run:
                hits += judge.hits
                total_score += task.rule.value(score)
                oracle += task.rule.best(board)
            if progress and not run and (i + 1) % 500 == 0:
                progress.write("  %d/%d boards\n" % (i + 1, len(boards)))
    for board, elapsed in zip(boards, times):
        seconds += elapsed
        if elapsed > slowest:
            slowest, slowest_name = elapsed, board.name
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


def table_header(contest=False):
    """The header of `bench`'s table (with the 2-second run's columns when `contest`)."""
    header = "%-40s %6s %7s %6s %6s %8s %9s %9s %8s" % (
        "pack", "boards", "ratio", "hits", "risk", "mean", "boards/s", "floor/s", "slow ms"
    )
    return header + (" %10s %8s" % ("2s-total", "2s-boards") if contest else "")


def table_row(name, figures, contest=None):
    """`bench`'s line of a pack: its bench_pack figures, and contest = (boards played,
    the total as the summary writes it) of its 2-second run when given."""
    f = figures
    line = "%-40s %6d %7.4f %6.3f %6.3f %8.2f %9.0f %9.0f %8.1f" % (
        name[-40:], f["boards"], f["ratio"], f["hits"], f["risk"], f["mean"], f["per_second"], f["floor_per_second"], f["slowest_ms"],
    )
    return line + (" %10s %8d" % (contest[1], contest[0]) if contest is not None else "")
