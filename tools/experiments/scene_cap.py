#!/usr/bin/env python3
"""Expert classic games in one process with the looks' shape memory capped at CAP
(the bound of twostep.SCENE_SHAPES, set in this process only): CPU ms a game, peak RSS.

    PYTHONPATH=. nice -n 10 python3 tools/experiments/scene_cap.py CAP GAMES

Figures: docs/measurements/hostile.md, "Memory of the commands" (issue 38)."""

import resource
import sys
import time

from solver.engine import twostep
from solver.variants.classic import referee

twostep.SCENE_SHAPES.bound = int(sys.argv[1])
games = int(sys.argv[2])
began = time.process_time()
for i in range(games):
    referee._play_indexed(("expert", "classic", 1, i, None))
print("cap %d: %d games, %.1f CPU ms a game, peak %d MB" % (
    twostep.SCENE_SHAPES.bound, games, 1000 * (time.process_time() - began) / games,
    resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024), flush=True)
