"""The wires the greedy placer left to the end: routed last, shortest first, and where
one is blocked, routed through other wires (at a cost) which are then ripped up and
routed again (rip-up and reroute, a few rounds at most)."""

from .layout import WIRE
from .router import route

THROUGH_WIRE = 12  # the cost of entering a cell another wire holds, against 1 for a free one
ROUNDS = 6  # rip-ups per left wire, at most


def route_left(layout):
    """Route every wire of Layout.left: None when all were (the layout holds them), else
    the wire that could not be routed (the layout is left part-done: the wires not yet
    routed are in Layout.left)."""
    queue = sorted(layout.left, key=lambda w: _span(layout, w))
    layout.left = []
    budget = ROUNDS * len(queue) + 1
    while queue:
        budget -= 1
        wire = queue.pop(0)
        if budget < 0 or layout.stopped():
            layout.left = [wire] + queue
            return wire
        first, second = (layout.terminal(e) for e in layout.puzzle.ends[wire])
        window = _window(layout)
        cells = route(layout.puzzle.grid, _and(layout.free, window), first, second)
        if cells is None:
            passable = bytearray(layout.free)
            for cell, kind in enumerate(layout.kind):
                if kind == WIRE:
                    passable[cell] = 1
            cost = [THROUGH_WIRE if kind == WIRE else 1 for kind in layout.kind]
            cells = route(layout.puzzle.grid, _and(passable, window), first, second, step_cost=cost.__getitem__)
            if cells is None:
                layout.left = [wire] + queue
                return wire
            victims = {layout.value[c] for c in cells if layout.kind[c] == WIRE}
            for victim in victims:
                layout.lift(victim)
            queue.extend(sorted(victims, key=lambda w: _span(layout, w)))
        layout.lay(wire, cells)
    return None if layout.within(*layout.bounds) else -1


def _span(layout, wire):
    first, second = (layout.terminal(e) for e in layout.puzzle.ends[wire])
    width = layout.width
    return abs(first % width - second % width) + abs(first // width - second // width)


def _window(layout):
    """1 on the cells a wire may use and keep the rectangle around everything within the
    problem's board."""
    problem = layout.puzzle.problem
    x0, y0, x1, y1 = layout.bounds
    lx0, lx1 = max(0, x1 - problem.width + 1), min(layout.width - 1, x0 + problem.width - 1)
    ly0, ly1 = max(0, y1 - problem.height + 1), min(layout.height - 1, y0 + problem.height - 1)
    window = bytearray(layout.width * layout.height)
    for y in range(ly0, ly1 + 1):
        window[y * layout.width + lx0: y * layout.width + lx1 + 1] = b"\x01" * (lx1 - lx0 + 1)
    return window


def _and(first, second):
    """The cell-wise AND of two 0/1 bytearrays."""
    return bytearray(a & b for a, b in zip(first, second))
