"""The `fit-plan` command: measure the player, and write the tables the plan predicts from.

The plan (contest/plan.py) ranks boards by predicted points per second from their headers
alone.  Its predictions are measured means: this command plays generated official
packs of every difficulty, with the safe cells of mode `both` and blind (mode
`none`), under both rules, times each board as the contest plays it (reading it,
playing it, writing its select list; the fastest of `--repeat` runs) as the plan's
boards are played when it leaves some out (in a hurry, player.play: under the 2026
rule a board stops early; under 2025 nothing changes), and writes,
for each kind of start and rule, the mean seconds and score on a grid of mine
density by board cells into solver/contest/plantables.py.  Only relative times matter: the
plan corrects for the real machine's speed as it plays.
"""

import os
import time
from collections import defaultdict

from ..contest.oneboard import played, select_text
from ..contest.plantables import DENSITY_STEP  # (the step the tables are written with: kept as it is)
from ..engine.memories import forget_run
from ..official.board import mine_count
from ..official.generator import DIFFICULTY_RATIOS, generate_pack
from ..official.packs import format_board, read_pack
from ..official.rules import RULES

DENSITY_POINTS = 9  # densities 0.00 .. 0.40
CELL_POINTS = (16, 36, 64, 100, 144, 196, 256, 324, 400)  # board cells of the grid
KINDS = (("safe", "both"), ("blind", "none"))
TABLES_PATH = "solver/contest/plantables.py"  # as the project's tree names it
TABLES_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "contest", "plantables.py")


def measure(boards, rule, repeat, progress=None):
    """[(density, cells, seconds, score)] of each board: score as a share of its best
    (2025: points / every safe digit; 2026: the board score).  The boards are played in
    order `repeat` times, each time as a fresh run (the run-wide memories emptied: a
    board played again would find its own positions remembered), and each board's
    fastest time counts.  progress(), if given, is called after each board."""
    texts = [format_board(board) for board in boards]
    times, shares = [None] * len(boards), [0.0] * len(boards)
    for _ in range(repeat):
        forget_run()
        for k, (board, text) in enumerate(zip(boards, texts)):
            began = time.perf_counter()
            (read,), _ = read_pack(text)
            task, judge = played(read, rule, hurry=True)
            select_text(read, judge.clicks)
            score = task.rule.score(judge.outcome())
            took = time.perf_counter() - began
            times[k] = took if times[k] is None else min(times[k], took)
            best_score = task.rule.best(board)
            shares[k] = float(task.rule.value(task.rule.counted(score))) / best_score if best_score else 1.0
            if progress is not None:
                progress()
    return [(mine_count(board) / (board.width * board.height), board.width * board.height, seconds, share)
            for board, seconds, share in zip(boards, times, shares)]


def grid_means(samples):
    """{(density index, cell index): (mean seconds, mean score)}, each sample weighed
    into the grid points around it (bilinear weights), so that interpolating the grid
    gives back the local means."""
    sums = defaultdict(lambda: [0.0, 0.0, 0.0])
    for density, cells, seconds, score in samples:
        for (i, j), weight in _corners(density, cells):
            entry = sums[i, j]
            entry[0] += weight
            entry[1] += weight * seconds
            entry[2] += weight * score
    return {key: (s / w, v / w) for key, (w, s, v) in sums.items() if w > 0.05}


def _corners(density, cells):
    """The grid points around (density, cells) with bilinear weights."""
    x = min(DENSITY_POINTS - 1.0, density / DENSITY_STEP)
    i = min(DENSITY_POINTS - 2, int(x))
    fx = x - i
    j = 0
    while j < len(CELL_POINTS) - 2 and cells > CELL_POINTS[j + 1]:
        j += 1
    low, high = CELL_POINTS[j], CELL_POINTS[j + 1]
    fy = min(1.0, max(0.0, (cells - low) / float(high - low)))
    return [((i, j), (1 - fx) * (1 - fy)), ((i + 1, j), fx * (1 - fy)), ((i, j + 1), (1 - fx) * fy), ((i + 1, j + 1), fx * fy)]


def filled(means, index):
    """A full DENSITY_POINTS x len(CELL_POINTS) table of one measure (0: seconds, 1:
    score) in microseconds or shares; points with no boards take the nearest measured one."""
    table = []
    for i in range(DENSITY_POINTS):
        row = []
        for j in range(len(CELL_POINTS)):
            nearest = min(means, key=lambda key: (abs(key[0] - i) * 3 + abs(key[1] - j), key))
            value = means[nearest][index]
            row.append(round(value * 1e6, 1) if index == 0 else round(value, 4))
        table.append(tuple(row))
    return tuple(table)


def fit(count, repeat, progress=None, rules=None):
    """{(kind, rule): (seconds table, score table)} measured on `count` boards of each
    difficulty and kind, for each of `rules` (default: every rule).  progress(done,
    total), if given, is told the board plays done of all."""
    rules = sorted(RULES) if rules is None else rules
    tables = {}
    total = len(KINDS) * len(rules) * count * len(DIFFICULTY_RATIOS) * repeat
    done = [0]

    def played_one():
        done[0] += 1
        if progress is not None:
            progress(done[0], total)

    for kind, mode in KINDS:
        boards = []
        for difficulty in DIFFICULTY_RATIOS:
            boards.extend(generate_pack(count, mode, difficulty))
        for rule in rules:
            means = grid_means(measure(boards, rule, repeat, played_one))
            tables[kind, rule] = (filled(means, 0), filled(means, 1))
    return tables


def module_text(tables, command, note=""):
    """The text of contest/plantables.py."""
    lines = [
        '"""The plan\'s measured tables: mean seconds (in microseconds) and mean score of a',
        "board, by kind of start (safe cells of the mode, or blind) and rule, on a grid of",
        "mine density (rows: 0.00, 0.05, ... 0.40) by board cells (columns: CELLS).",
        "",
        "Written by `%s`%s; do not edit by hand." % (command, note),
        '"""',
        "",
        "CELLS = %r" % (CELL_POINTS,),
        "DENSITY_STEP = %r" % DENSITY_STEP,
        "",
    ]
    for (kind, rule), (seconds, score) in sorted(tables.items()):
        for label, table in (("US", seconds), ("SCORE", score)):
            lines.append("%s_%s_%d = (" % (kind.upper(), label, rule))
            lines.extend("    %r," % (row,) for row in table)
            lines.append(")")
    return "\n".join(lines) + "\n"


def current_tables():
    """{(kind, rule): (seconds table, score table)} as contest/plantables.py holds them now."""
    from ..contest import plantables

    return {
        (kind, rule): (getattr(plantables, "%s_US_%d" % (kind.upper(), rule)), getattr(plantables, "%s_SCORE_%d" % (kind.upper(), rule)))
        for kind, _ in KINDS
        for rule in sorted(RULES)
    }
