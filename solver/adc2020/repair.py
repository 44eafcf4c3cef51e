"""The wires the greedy placer left to the end: routed last, shortest first, and where
one is blocked, routed through other wires (at a cost) which are then ripped up and
routed again (rip-up and reroute, a few rounds at most)."""

import heapq

from .layout import WIRE
from .router import route, shortcut

THROUGH_WIRE = 12  # the cost of entering a cell another wire holds, against 1 for a free one
ROUNDS = 6  # rip-ups per left wire, at most
NEGOTIATIONS = 30  # rounds of negotiated routing at most
HISTORY = 1.0  # price added, each round, to a cell two wires share
PRESSURE = 1.6  # how much dearer sharing gets each round
MARGIN = 3  # free cells round everything down that negotiated wires may use, at most


def route_left(layout):
    """Route every wire of Layout.left: None when all were (the layout holds them), else
    the wire that could not be routed (the layout is left part-done: the wires not yet
    routed are in Layout.left)."""
    queue = sorted(layout.left, key=lambda w: layout.span(w))
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
            queue.extend(sorted(victims, key=lambda w: layout.span(w)))
        layout.lay(wire, cells)
    return None if layout.within(*layout.bounds) else -1



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


def negotiate(layout):
    """Route every wire whose ends are down again, all at once, sharing cells at a
    rising price until no cell is shared (PathFinder); whether it settled (the layout
    then holds every wire; otherwise the wires are lifted)."""
    puzzle = layout.puzzle
    x0, y0, x1, y1 = layout.bounds
    width, problem = layout.width, puzzle.problem
    mx = max(0, min(MARGIN, (problem.width - (x1 - x0 + 1)) // 2))
    my = max(0, min(MARGIN, (problem.height - (y1 - y0 + 1)) // 2))
    region = bytearray(len(layout.kind))
    for y in range(y0 - my, y1 + my + 1):
        region[y * width + x0 - mx: y * width + x1 + mx + 1] = b"\x01" * (x1 - x0 + 1 + 2 * mx)
    wires = [w for w in range(1, len(puzzle.ends)) if puzzle.ends[w]
             and all(layout.pos[e.block] is not None for e in puzzle.ends[w])]
    for wire in list(layout.paths):
        layout.lift(wire)
    layout.left = []
    usable = bytearray(a & b & c for a, b, c in zip(layout.free, region, _window(layout)))
    present = [0] * len(usable)
    history = [1.0] * len(usable)
    paths = {}
    pressure = 0.5
    for _ in range(NEGOTIATIONS):
        if layout.stopped():
            break
        for wire in wires:
            for cell in paths.get(wire, ()):
                present[cell] -= 1
            first, second = (layout.terminal(e) for e in puzzle.ends[wire])
            path = _cheapest(puzzle.grid.near, usable, first, second, present, history, pressure)
            if path is None:
                return False
            paths[wire] = path
            for cell in path:
                present[cell] += 1
        shared = [c for c, n in enumerate(present) if n > 1]
        if not shared:
            for wire, path in paths.items():
                layout.lay(wire, path)
            return layout.within(*layout.bounds)
        for cell in shared:
            history[cell] += HISTORY
        pressure *= PRESSURE
    return False


def _cheapest(near, usable, start, goal, present, history, pressure):
    """The cheapest path's cells (chords cut) from terminal to terminal through usable
    cells, each priced history * (1 + pressure * wires already on it)."""
    if goal in near[start]:
        return []
    best = {start: 0.0}
    came = {}
    heap = [(0.0, start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best[cell]:
            continue
        for nxt in near[cell]:
            if nxt == goal and cell != start:
                path = []
                while cell != start:
                    path.append(cell)
                    cell = came[cell]
                path.reverse()
                return shortcut(near, path, start, goal)
            if not usable[nxt]:
                continue
            new = cost + history[nxt] * (1.0 + pressure * present[nxt])
            if new < best.get(nxt, 1e18):
                best[nxt] = new
                came[nxt] = cell
                heapq.heappush(heap, (new, nxt))
    return None
