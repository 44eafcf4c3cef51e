"""Tiny classic games played exactly, for tests that check a player's guesses against the best play.

TinyGame enumerates every mine layout of a tiny board: which fit what has opened,
what a click opens (zeros cascading), and the chance to win of the best play from
there.  guessing_positions draws positions of such a game where a guess is due, with
the ClassicPlayer that has seen them.
"""

from solver.grid.bitset import popcount
from solver.grid.geometry import geometry
from solver.variants.classic import ClassicPlayer


class TinyGame:
    """Exact play of a tiny board from what has opened: layouts are mine bitsets."""

    def __init__(self, width, height, mines):
        self.width, self.height, self.mines = width, height, mines
        self.geo = geometry(width, height)
        self.size = self.geo.size
        self.memo = {}
        self.all_layouts = []
        for layout in range(1 << self.size):
            if popcount(layout) == mines:
                self.all_layouts.append(layout)

    def digit(self, layout, cell):
        return popcount(self.geo.masks[cell] & layout)

    def reveal(self, layout, cell):
        """{cell: digit} a click opens (None if it is a mine), zeros cascading."""
        if layout >> cell & 1:
            return None
        out, stack = {}, [cell]
        while stack:
            c = stack.pop()
            if c in out:
                continue
            out[c] = self.digit(layout, c)
            if out[c] == 0:
                stack.extend(self.geo.neighbours[c])
        return out

    def fitting(self, seen):
        """The layouts that show `seen` ({cell: digit})."""
        return frozenset(
            layout for layout in self.all_layouts
            if all(not layout >> c & 1 and self.digit(layout, c) == d for c, d in seen.items())
        )

    def click_value(self, layouts, opened, cell):
        """The chance to win by clicking `cell` now and playing best after."""
        groups = {}
        for layout in layouts:
            shown = self.reveal(layout, cell)
            if shown is not None:
                key = tuple(sorted(shown.items()))
                groups.setdefault(key, []).append(layout)
        total = 0.0
        for key, group in groups.items():
            now_open = opened | frozenset(c for c, _ in key)
            total += len(group) * self.value(frozenset(group), now_open)
        return total / len(layouts)

    def value(self, layouts, opened):
        """The chance to win from `opened` when the mines are one of `layouts`."""
        key = (layouts, opened)
        if key not in self.memo:
            some = next(iter(layouts))
            if len(opened) + popcount(some) == self.size:
                self.memo[key] = 1.0
            else:
                self.memo[key] = max(self.click_value(layouts, opened, c) for c in range(self.size) if c not in opened)
        return self.memo[key]


def player_fed(width, height, mines, seen):
    """A ClassicPlayer told `seen` ({cell: digit}) as one click's cells."""
    player = ClassicPlayer(width, height, mines)
    player.opened({(c % width, c // width): d for c, d in seen.items()})
    return player


def guessing_positions(tiny, rng, tries, clicks):
    """(seen, player, position) of random positions of a tiny game where a guess is due:
    from each of `tries` layouts drawn, clicks(safe cells) safe cells opened."""
    for _ in range(tries):
        layout = rng.choice(tiny.all_layouts)
        safe = [c for c in range(tiny.size) if not layout >> c & 1]
        seen = {}
        for c in rng.sample(safe, clicks(safe)):
            seen.update(tiny.reveal(layout, c))
        if len(seen) + tiny.mines == tiny.size:
            continue
        player = player_fed(tiny.width, tiny.height, tiny.mines, seen)
        position = player._settle()
        if position is not None and not player.safe:
            yield seen, player, position


def cell_of(player, xy):
    return xy[1] * player.width + xy[0]

