#!/usr/bin/env python3
"""What a board played blind makes, by mine density: lattices of every 2nd to 5th cell
(with the last row and column), clicked without looking, scored under the 2026 rule.

    python3 tools/experiments/blind_lattice.py [--every 2] [--steps 2,3,4,5]

Reads the official ADC2026 pack (../shared/data; EXPERIMENT_PACK names another), every
`--every`-th board.  One line a density (rounded to 0.025): the boards, then for each
step the mean score a board, and the microseconds a board took with the step
engine/blind.py uses (read from the pack's text, judged, scored).  The cells skipped
are those an earlier click opened, as contest.oneboard.played_blind does.
"""

import argparse
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from solver.engine import blind  # noqa: E402
from solver.official.judge import Judge  # noqa: E402
from solver.official.packs import read_pack  # noqa: E402
from solver.official.rules import RULES  # noqa: E402

PACK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data",
                    "adc2026_board_pack_10000_prog.txt")


def lattice_score(board, step):
    """The 2026 score of `board` clicked blind on the lattice of `step`."""
    saved, blind.BLIND_STEP = blind.BLIND_STEP, step
    try:
        cells = blind.blind_cells.__wrapped__(board.width, board.height)
    finally:
        blind.BLIND_STEP = saved
    judge, opened = Judge(board), 0
    for cell in cells:
        if not opened >> cell & 1:
            opened |= judge.open(cell)
    rule = RULES[2026]
    return rule.value(rule.score(judge.outcome()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=2, help="every N-th board (default 2)")
    parser.add_argument("--steps", default="2,3,4,5", help="lattice steps (default 2,3,4,5)")
    args = parser.parse_args()
    steps = [int(step) for step in args.steps.split(",")]
    with open(os.environ.get("EXPERIMENT_PACK", PACK), encoding="utf-8") as handle:
        boards = read_pack(handle.read())[0][:: args.every]
    sums, counts, spent = defaultdict(lambda: defaultdict(float)), defaultdict(int), defaultdict(float)
    for board in boards:
        key = round(board.mines / (board.width * board.height) * 40) / 40
        counts[key] += 1
        for step in steps:
            began = time.perf_counter()
            sums[key][step] += float(lattice_score(board, step))
            if step == blind.BLIND_STEP:
                spent[key] += time.perf_counter() - began
    print("| density | boards | " + " | ".join("step %d" % step for step in steps) + " | us a board |")
    print("| ---: | ---: |" + " ---: |" * (len(steps) + 1))
    for key in sorted(counts):
        means = " | ".join("%.3f" % (sums[key][step] / counts[key]) for step in steps)
        print("| %.3f | %d | %s | %.0f |" % (key, counts[key], means, 1e6 * spent[key] / counts[key]))


if __name__ == "__main__":
    main()
