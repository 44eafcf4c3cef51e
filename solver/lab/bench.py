"""The `bench` command: how well and how fast the player plays whole packs.

Per pack it prints boards, oracle ratio (2025: score / sum of every safe digit;
2026: mean board score), mine hits per board and the hits expected (the sum of
the guesses' mine probabilities: more hits than risk is an unlucky pack), mean board
score, boards per second beside the floor (a replay that opens every safe cell with
no reasoning: what the reasoning costs is the gap), and the slowest board in
milliseconds.  ``--contest`` adds the total that a
2-second paiza run of the entry scores on the pack: the entry run cold, in a fresh
process (`bundlerun.run_entry`), as paiza.IO runs it.  (Played after the pack in this
process, the run would find the pack's positions in the run-wide memories and play
about half as many boards again as the entry can.)
Speed is measured here, never in unit tests.
"""

import time

from ..contest.oneboard import task_of
from ..engine.memories import forget_run
from ..engine.player import play
from ..grid.geometry import geometry
from ..grid.planes import digit_planes, mines_of
from ..official.board import mine_count
from ..official.judge import Judge
from ..official.packs import format_pack
from .bundlerun import run_entry


def risk_watcher():
    """(watch, risk): a watch for player.play that sums the mine probabilities of the
    risky clicks (guesses and endgame clicks), and a function that reads the sum."""
    total = [0.0]

    def watch(step):
        if step.kind in ("guess", "endgame"):
            total[0] += step.p

    return watch, lambda: total[0]


def bench_pack(boards, rule=None, progress=None, repeat=1, policy=None):
    """A dict of figures for one pack played without a deadline, with player.play's
    `policy` (None: the contest's).

    Each board is timed as the contest plays it (oneboard.played: task, judge, play) and
    scored, so the figures include every per-board cost but reading.  With `repeat` > 1
    the pack is played that many times, each as a fresh run (engine.memories.forget_run),
    and each board's fastest time counts (as timeit takes the best run): on a shared
    machine the slow runs are other jobs' time.  progress(done, total), if given, is
    told the boards played.
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
            task, judge = task_of(board, rule), Judge(board)
            play(task, judge.view(), policy=policy, watch=None if run else watch)
            score = task.rule.counted(task.rule.score(judge.outcome()))
            took = time.perf_counter() - began
            times[i] = took if times[i] is None else min(times[i], took)
            if not run:
                hits += judge.hits
                total_score += task.rule.value(score)
                oracle += task.rule.best(board)
            if progress is not None:
                progress(run * len(boards) + i + 1, len(boards) * max(1, repeat))
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


def in_form(board, rule):
    """The board with the header form of `rule` (the entry plays each board under its
    header's rule): a 2026 header states the mine count, a 2025 one does not."""
    if rule is None or board.form == rule:
        return board
    return board._replace(form=rule, mines=mine_count(board) if rule == 2026 else None)


def contest_run(boards, rule=None):
    """The bundlerun.Run of the paiza entry over the pack (its boards in `rule`'s header
    form when given): a fresh process with its own budget, as paiza.IO runs it."""
    return run_entry(format_pack([in_form(board, rule) for board in boards]))


def table_header(contest=False):
    """The header of `bench`'s table (with the 2-second run's columns when `contest`)."""
    header = "%-40s %6s %7s %6s %6s %8s %9s %9s %8s" % (
        "pack", "boards", "ratio", "hits", "risk", "mean", "boards/s", "floor/s", "slow ms"
    )
    return header + (" %10s %8s" % ("2s-total", "2s-boards") if contest else "")


def table_row(name, figures, contest=None):
    """`bench`'s line of a pack: its bench_pack figures, and its 2-second run (a
    bundlerun.Run: the total as the entry's summary writes it, the boards played) when
    given."""
    f = figures
    line = "%-40s %6d %7.4f %6.3f %6.3f %8.2f %9.0f %9.0f %8.1f" % (
        name[-40:], f["boards"], f["ratio"], f["hits"], f["risk"], f["mean"], f["per_second"], f["floor_per_second"], f["slowest_ms"],
    )
    return line + (" %10s %8d" % (contest.shown, contest.played) if contest is not None else "")
