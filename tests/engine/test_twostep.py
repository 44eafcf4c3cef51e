"""The two-step look (solver.engine.twostep) and the dead-cell test (solver.engine.dead)
against brute force on tiny classic games: a cell is dead exactly when one digit only
can show where it is safe, the scenes after a digit hold the layouts that show it, and
the look's two best living safeties are the brute-force ones.
"""

import random

import pytest
from support.tiny_games import TinyGame, guessing_positions

from solver.engine.dead import is_dead
from solver.engine.layouts import Layouts
from solver.engine.twostep import Look, scene_of
from solver.grid.bitset import cells_of, popcount


def brute_dead(tiny, layouts, cell):
    """Can `cell` show one digit only over `layouts` where it is safe?  (None: a mine in all.)"""
    digits = {tiny.digit(lay, cell) for lay in layouts if not lay >> cell & 1}
    return len(digits) == 1 if digits else None


TINY_BOARDS = [(4, 3, 3), (5, 3, 4), (4, 4, 4), (5, 4, 5)]


@pytest.mark.parametrize("width, height, mines", TINY_BOARDS)
def test_the_dead_test_is_the_brute_force_one(width, height, mines):
    """In random positions and in every position a digit may lead to, a cell is dead
    exactly when brute force finds one digit only where it is safe."""
    tiny = TinyGame(width, height, mines)
    rng = random.Random(width * height + mines)
    masks = tiny.geo.masks
    checked = {True: 0, False: 0}
    for seen, player, position in guessing_positions(tiny, rng, 60, lambda safe: rng.randint(1, max(1, len(safe) // 3))):
        fitting = tiny.fitting(seen)
        layouts = Layouts(masks, position, player.counter)
        scene = scene_of(position, layouts)
        for cell in cells_of(position.unknown):
            dead, _ = is_dead(masks, cell, scene.components, scene.counted, scene.interior, scene.mines_left, scene.unknown)
            assert dead == brute_dead(tiny, fitting, cell)
            checked[dead] = checked.get(dead, 0) + 1
        look = Look(masks, player.counts_memo, {}, 1e12)
        for cell in cells_of(position.unknown)[:3]:
            near = masks[cell] & position.unknown
            for digit in range(popcount(near) + 1):
                after = look.after(scene, cell, digit)
                part = [lay for lay in fitting if not lay >> cell & 1 and popcount(lay & near) == digit]
                assert (after.weight if after else 0) == len(part)
                for other in cells_of(after.unknown if after else 0):
                    dead, _ = is_dead(masks, other, after.components, after.counted, after.interior, after.mines_left, after.unknown)
                    assert dead == brute_dead(tiny, part, other)
    assert checked[True] and checked[False]  # both kinds met


@pytest.mark.parametrize("width, height, mines", TINY_BOARDS)
def test_the_next_safety_is_the_best_two_living_cells_by_brute_force(width, height, mines):
    """After each digit a cell may show, the look's two best living safeties are the
    brute-force ones (the interior, when uncertain, counts as living)."""
    tiny = TinyGame(width, height, mines)
    rng = random.Random(7 * width + mines)
    masks = tiny.geo.masks
    compared = 0
    for seen, player, position in guessing_positions(tiny, rng, 40, lambda safe: rng.randint(1, max(1, len(safe) // 3))):
        fitting = tiny.fitting(seen)
        scene = scene_of(position, Layouts(masks, position, player.counter))
        look = Look(masks, player.counts_memo, {}, 1e12)
        for cell in cells_of(position.unknown):
            near = masks[cell] & position.unknown
            for digit in range(popcount(near) + 1):
                part = [lay for lay in fitting if not lay >> cell & 1 and popcount(lay & near) == digit]
                if not part:
                    continue
                after = look.after(scene, cell, digit)
                top, _ = look.best_two(after)
                living = []
                for other in cells_of(after.unknown):
                    safe = [lay for lay in part if not lay >> other & 1]
                    share = len(safe) / len(part)
                    if safe and (brute_dead(tiny, part, other) is False or (after.interior >> other & 1 and share < 1)):
                        living.append(share)
                assert top == pytest.approx(sorted(living, reverse=True)[:2], abs=1e-9)
                compared += 1
    assert compared > 50

