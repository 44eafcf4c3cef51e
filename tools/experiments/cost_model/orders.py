#!/usr/bin/env python3
"""Does the order the boards are played in, or memory warmed before, make play cheaper?

    python3 orders.py chunks|sorted-chunks|sorted PART [STEP]    # PART 0 or 1: one of two processes' halves
    python3 orders.py warm TWINS [STEP]

chunks: the boards of chunks of 64 taken in turn (what two workers take);
sorted-chunks: the same over the pack sorted by size and mine count; sorted: the
sorted pack cut in two halves; STEP (default 1) keeps every STEP-th board of the
pack first.  Run both parts at once, as two
workers run: the CPU seconds of both summed is the cost of the pack.  warm: TWINS
passes over twin packs (the same headers, other seeds) before every STEP-th board of
the pack: its CPU seconds and searches.  (Docs: docs/measurements/throughput.md, "The cost model".)
"""
import gc
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, ROOT)

from solver.contest.oneboard import played  # noqa: E402
from solver.engine import counting  # noqa: E402
from solver.official.generator import generate_board  # noqa: E402
from solver.official.packs import read_pack  # noqa: E402

PACK = os.environ.get("EXPERIMENT_PACK", os.path.join(ROOT, "..", "shared", "data", "adc2026_board_pack_10000_prog.txt"))


def play(boards):
    began = time.process_time()
    for board in boards:
        played(board)
    return time.process_time() - began


def main(argv):
    gc.disable()
    with open(PACK) as handle:
        boards = read_pack(handle.read())[0]
    if argv[1] == "warm":
        twins, step = int(argv[2]), int(argv[3]) if len(argv) > 3 else 5
        boards = boards[::step]
        for r in range(twins):
            play([generate_board(b.width, b.height, b.mines, 1000003 * (r + 1) + k, "none", 2026)
                  for k, b in enumerate(boards)])
        searches = [0]
        search = counting.search_counts

        def counted(component, budget):
            searches[0] += 1
            return search(component, budget)

        counting.search_counts = counted
        print("warm %d: %.2f s, %d searches" % (twins, play(boards), searches[0]))
        return
    part = int(argv[2])
    boards = boards[:: int(argv[3]) if len(argv) > 3 else 1]
    if argv[1] in ("chunks", "sorted-chunks"):
        if argv[1] == "sorted-chunks":
            boards = sorted(boards, key=lambda b: (b.width, b.height, b.mines))
        chosen = [b for i, b in enumerate(boards) if (i // 64) % 2 == part]
    else:
        ordered = sorted(boards, key=lambda b: (b.width, b.height, b.mines))
        chosen = ordered[: len(ordered) // 2] if part == 0 else ordered[len(ordered) // 2 :]
    print("%s %d: %.2f s" % (argv[1], part, play(chosen)))


if __name__ == "__main__":
    main(sys.argv)
