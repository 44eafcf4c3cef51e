#!/usr/bin/env python3
"""Play a sample of the ADC2026 pack at full strength, one board after another: the
workload of the cost model (docs/design.md, "The cost model").

    python3 sample.py STEP COUNT [SETTINGS]

plays every STEP-th board of ../shared/data's ADC2026 pack (or of $EXPERIMENT_PACK),
COUNT of them (0: none, only the pack read and indexed: run it under callgrind with
COUNT and with 0, and the difference is the boards' play), and prints the points.  SETTINGS, if given, is
Python run first (a module constant set, a prototype patched in).  Run from anywhere:
it plays the package of this checkout.
"""
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, ROOT)

from solver.contest.oneboard import played  # noqa: E402
from solver.official.packindex import index_pack  # noqa: E402
from solver.official.packs import read_board  # noqa: E402

# the official ADC2026 pack; EXPERIMENT_PACK names another (a test gives a tiny one)
PACK = os.environ.get("EXPERIMENT_PACK", os.path.join(ROOT, "..", "shared", "data", "adc2026_board_pack_10000_prog.txt"))


def main(argv):
    step, count = int(argv[1]), int(argv[2])
    with open(PACK) as handle:
        index = index_pack(handle.read())
    boards = [read_board(index, k)[0] for k in range(0, len(index.headers), step)][:count]
    if len(argv) > 3:
        exec(argv[3], {})
    total = 0
    for board in boards:
        task, judge = played(board)
        total += task.rule.counted(task.rule.score(judge.outcome()))
    print("points %.4f" % (total / 10000))


if __name__ == "__main__":
    main(sys.argv)
