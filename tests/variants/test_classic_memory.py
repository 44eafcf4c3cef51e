"""The memory of a long classic run (issue 38): `classic --games 20000 --level expert`
grew past 263 MB and its workers to 1.3 GB.  What a run keeps between games is bounded:
no cycle of a game is frozen for good, counting's shapes are forgotten every
FORGET_GAMES games (which changes no click), and the looks' shapes are capped by the
engine (twostep.SCENE_SHAPES, a bounded run memory).  Checked by counts and arithmetic, not by
measuring a run (docs/measurements/hostile.md, "Memory of the commands": the runs)."""

import os
import subprocess
import sys
from itertools import islice

from solver.engine import counting, twostep
from solver.variants.classic import ClassicPlayer, referee
from solver.variants.classic.referee import LEVELS, game_seed, play_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOUND_BYTES = 300 << 20  # what `classic --games 20000 --level expert` may hold (issue 38)
BASE_BYTES = 60 << 20  # the interpreter, the modules and one game's memories, with room


def test_no_cycle_of_a_game_is_frozen_for_good():
    # gc.freeze() after each game kept that game's cycles: 27,797 unreachable objects after 100 games
    code = ("import gc; from solver.variants.classic import referee\n"
            "for i in range(6): referee._play_indexed(('expert', 'classic', 1, i, None))\n"
            "gc.unfreeze(); print(gc.collect())")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300,
                         env=dict(os.environ, PYTHONPATH=ROOT))
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) == 0


def clicks_of_games(games, forget_every, monkeypatch):
    """Every click of the first expert games, with counting's shapes forgotten every
    `forget_every` games (as the referee runs them: _between_games after each)."""
    monkeypatch.setattr(referee, "FORGET_GAMES", forget_every)
    monkeypatch.setattr(referee, "_GAMES_PLAYED", [0])
    counting.COUNTED.clear()
    counting.UNFINISHED.clear()
    clicks, sizes = [], []

    class Recording(ClassicPlayer):
        def next_click(self):
            x, y = super().next_click()
            clicks.append((x, y))
            return x, y

    for i in range(games):
        play_game(*LEVELS["expert"], "classic", game_seed(1, i), player_class=Recording)
        referee._between_games()
        sizes.append(len(counting.COUNTED))
    return clicks, sizes


def test_forgetting_the_shapes_changes_no_click_and_empties_the_memory(monkeypatch):
    every_game, emptied = clicks_of_games(12, 1, monkeypatch)
    kept, grown = clicks_of_games(12, 10 ** 9, monkeypatch)
    assert every_game == kept
    assert emptied == [0] * 12 and grown[-1] > 0


def deep_size(value):
    """Bytes of a value of a shape memory: tuples, lists and numbers, each counted once."""
    seen, stack, total = set(), [value], 0
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, (tuple, list)):
            stack.extend(item)
    return total


def test_what_a_long_run_keeps_fits_the_bound():
    for i in range(10):  # (after the test above, or alone: the memories hold a few games' shapes)
        play_game(*LEVELS["expert"], "classic", game_seed(2, i))
    scenes = list(islice(twostep.SCENE_SHAPES.items(), 2000))
    counted = list(counting.COUNTED.items())
    assert scenes and counted
    scene_bytes = sum(deep_size(key) + deep_size(value) for key, value in scenes) / len(scenes)
    count_bytes = sum(deep_size(key) + deep_size(value) for key, value in counted) / len(counted)
    # the looks' shapes: at most the memory's bound; counting's: what FORGET_GAMES games add
    # (about 2.4 new shapes a game, measured over 2,000 games: 3 allowed)
    kept = twostep.SCENE_SHAPES.bound * scene_bytes + referee.FORGET_GAMES * 3 * count_bytes
    assert BASE_BYTES + kept < BOUND_BYTES, (scene_bytes, count_bytes, kept)
