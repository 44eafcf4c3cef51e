"""Wires: the shortest free path between two terminals, and the cut of a path's chords.

The board is flat (cell = y * width + x) and `Grid.near` lists each cell's
4-neighbours.  A wire's cells must form an induced path: no two cells of one wire
touch unless they follow each other on it, or the official checker's count (every
cell of a wire has at most two neighbours of its number, a terminal exactly one)
fails.  A shortest path has no chord; a path found under a cost that is not its
length may, and `shortcut` cuts them.
"""

import heapq
from collections import namedtuple
from functools import lru_cache

Grid = namedtuple("Grid", "width height near")  # near[cell]: tuple of its 4-neighbours


@lru_cache(maxsize=16)
def make_grid(width, height):
    """The `Grid` of a width x height board (made once a size: grids are not changed)."""
    near = []
    for y in range(height):
        for x in range(width):
            cells = []
            if x > 0:
                cells.append(y * width + x - 1)
            if x + 1 < width:
                cells.append(y * width + x + 1)
            if y > 0:
                cells.append((y - 1) * width + x)
            if y + 1 < height:
                cells.append((y + 1) * width + x)
            near.append(tuple(cells))
    return Grid(width, height, tuple(near))


def route(grid, free, start, goal, step_cost=None, limit=None):
    """The wire cells (in order from `start`) of a cheapest path from terminal `start`
    to terminal `goal` through cells where free[cell] is true, or None when there is
    none.  step_cost(cell) is the cost of entering a free cell (default 1); `limit`
    caps the cost searched.  An empty list: the terminals touch."""
    near = grid.near
    if goal in near[start]:
        return []
    if step_cost is None:
        return _bfs(near, free, start, goal, limit)
    best = {start: 0}
    came = {}
    heap = [(0, start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best.get(cell, cost):
            continue
        if limit is not None and cost > limit:
            return None
        for nxt in near[cell]:
            if nxt == goal and cell != start:
                return shortcut(near, _back(came, cell, start), start, goal)
            if not free[nxt]:
                continue
            new = cost + step_cost(nxt)
            if new < best.get(nxt, new + 1):
                best[nxt] = new
                came[nxt] = cell
                heapq.heappush(heap, (new, nxt))
    return None


def _bfs(near, free, start, goal, limit):
    """`route` by length alone: breadth-first, so the path found has no chord."""
    came = {start: None}
    frontier = [start]
    depth = 0
    while frontier:
        depth += 1
        if limit is not None and depth > limit:
            return None
        following = []
        for cell in frontier:
            for nxt in near[cell]:
                if nxt == goal and cell != start:
                    return _back(came, cell, start)
                if free[nxt] and nxt not in came:
                    came[nxt] = cell
                    following.append(nxt)
        frontier = following
    return None


def _back(came, cell, start):
    path = []
    while cell != start:
        path.append(cell)
        cell = came[cell]
    path.reverse()
    return path


def shortcut(near, path, start, goal):
    """`path` (wire cells from `start` to `goal`) with every chord cut: where two cells
    of the whole line (terminals included) touch but do not follow each other, the
    cells between them are dropped.  The result is an induced path."""
    line = [start] + list(path) + [goal]
    where = {cell: k for k, cell in enumerate(line)}
    out = []
    i = 0
    while i < len(line):
        out.append(line[i])
        far = max((where[n] for n in near[line[i]] if n in where and where[n] > i + 1), default=None)
        i = far if far is not None else i + 1
    return out[1:-1]
