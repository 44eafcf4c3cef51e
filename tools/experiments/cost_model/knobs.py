#!/usr/bin/env python3
"""The whole ADC2026 pack at full strength in one process, with module constants set
first: its points (exact, the same on every run) and the CPU seconds it took.

    python3 knobs.py 'endgame.ENDGAME_CELLS = 8' [STEP]

SETTINGS is Python run with the engine's modules in scope (endgame, player, counting,
policy, coupling, probability); STEP plays every STEP-th board.  The collector is off,
as in the entry.  (Docs: docs/measurements/throughput.md, "The cost model".)
"""
import gc
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, ROOT)

from solver.contest.oneboard import played  # noqa: E402
from solver.engine import counting, coupling, endgame, player, policy, probability  # noqa: E402,F401
from solver.official.packs import read_pack  # noqa: E402

PACK = os.environ.get("EXPERIMENT_PACK", os.path.join(ROOT, "..", "shared", "data", "adc2026_board_pack_10000_prog.txt"))


def main(argv):
    gc.disable()
    exec(argv[1] if len(argv) > 1 else "pass")
    step = int(argv[2]) if len(argv) > 2 else 1
    with open(PACK) as handle:
        boards = read_pack(handle.read())[0][::step]
    began, total = time.process_time(), 0
    for board in boards:
        task, judge = played(board)
        total += task.rule.counted(task.rule.score(judge.outcome()))
    print("%-50s points %.4f  cpu %.2f s" % (argv[1] if len(argv) > 1 else "as shipped", total / 10000,
                                              time.process_time() - began))


if __name__ == "__main__":
    main(sys.argv)
