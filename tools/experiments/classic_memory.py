#!/usr/bin/env python3
"""Memory of the classic referee, game after game, in one process: the resident size and
the sizes of the run-wide memories (counting's shapes, the looks' shapes), every EVERY
games of GAMES expert games (seed 1), played as `classic` plays them (referee._play_indexed).

    PYTHONPATH=. nice -n 10 python3 tools/experiments/classic_memory.py GAMES EVERY

Figures: docs/measurements/hostile.md, "Memory of the commands" (issue 38)."""

import gc
import sys
import time

from solver.engine import counting, twostep
from solver.variants.classic import referee


def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024


games, every = int(sys.argv[1]), int(sys.argv[2])
began = time.time()
for i in range(games):
    referee._play_indexed(("expert", "classic", 1, i, None))
    if (i + 1) % every == 0:
        print("%6d games %5.0f s rss %4d MB counted %6d unfinished %5d scenes %6d frozen %d" % (
            i + 1, time.time() - began, rss(), len(counting.COUNTED), len(counting.UNFINISHED), len(twostep.SCENE_SHAPES),
            gc.get_freeze_count()), flush=True)
