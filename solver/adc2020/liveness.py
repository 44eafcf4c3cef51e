"""What a placement must leave alive: a terminal whose wire is not laid keeps a way
out (a free neighbour, more than a small pocket of free cells) and, when its
partner's block is not down, room for that block beside it or one cell away (unless
their shapes need a longer wire); the last free neighbour of a waiting terminal is
held while another wire is routed.  The greedy placer and the jigsaw search refuse a
place that kills one of these.
"""

from functools import lru_cache

from .layout import BLOCK, FREE

POCKET = 24  # free cells a waiting terminal may be shut in with, at most, and still be dead


def _unfit(layout, cells, reach=1):
    """The terminals within `reach` of `cells` whose partner's block is not down and can
    no longer be joined to them by a wire of at most one cell (that block fits with its
    terminal neither beside them nor one free cell away): a placement may make none."""
    out = set()
    if not cells:
        return out
    puzzle, width = layout.puzzle, layout.width
    xs = [c % width for c in cells]
    ys = [c // width for c in cells]
    for y in range(max(0, min(ys) - reach), min(layout.height - 1, max(ys) + reach) + 1):
        for x in range(max(0, min(xs) - reach), min(width - 1, max(xs) + reach) + 1):
            cell = y * width + x
            number = layout.value[cell]
            if layout.kind[cell] != BLOCK or number <= 0:
                continue
            partner = next((e for e in puzzle.ends[number] if layout.pos[e.block] is None), None)
            if partner is None:
                continue
            mine = next(e for e in puzzle.ends[number] if e is not partner)
            if _shortest(puzzle.cells[mine.block], mine.dx, mine.dy, puzzle.cells[partner.block], partner.dx, partner.dy) > 1:
                if not any(layout.free[n] for n in layout.puzzle.grid.near[cell]):
                    out.add(cell)  # its wire needs two cells or more: a free neighbour is all that is checked
            elif not _partner_fits(layout, cell, partner):
                out.add(cell)
    return out


def _partner_fits(layout, cell, partner):
    """Whether the block of `partner` (an `End`, its block not down) fits with its
    terminal beside `cell` or one free cell away."""
    width, near, free = layout.width, layout.puzzle.grid.near, layout.free
    for first in near[cell]:
        if not free[first]:
            continue
        if layout.fits(partner.block, first % width - partner.dx, first // width - partner.dy):
            return True
        free[first] = 0  # the wire's cell
        fits = any(free[second] and layout.fits(partner.block, second % width - partner.dx, second // width - partner.dy)
                   for second in near[first] if second != cell)
        free[first] = 1
        if fits:
            return True
    return False


@lru_cache(maxsize=None)
def _shortest(first, fx, fy, second, sx, sy):
    """The fewest wire cells (0, 1, or 2 for more) that can join terminal (fx, fy) of a
    block of cells `first` to terminal (sx, sy) of a block of cells `second`, by their
    shapes alone (the blocks must not overlap)."""
    one = {(dx, dy) for dx, dy, _ in first}
    other = [(dx, dy) for dx, dy, _ in second]
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
    best = 2
    for ax, ay in steps:
        wx, wy = fx + ax, fy + ay  # beside the first terminal: the second's terminal, or a wire cell
        if (wx, wy) in one:
            continue
        for kind, (tx, ty) in [(0, (wx, wy))] + [(1, (wx + bx, wy + by)) for bx, by in steps if (bx, by) != (-ax, -ay)]:
            if kind >= best:
                continue
            ox, oy = tx - sx, ty - sy  # where the second block goes
            taken = {(x + ox, y + oy) for x, y in other}
            if not taken & one and (kind == 0 or (wx, wy) not in taken):
                best = kind
    return best


def _pockets_alive(layout, cells, reach=1):
    """Whether every waiting terminal within `reach` of new `cells` (a wire's, a
    block's) still opens on more than a small pocket of free cells (a ring closed
    round a terminal whose wire is not laid shuts it in)."""
    if not cells:
        return True
    width, near = layout.width, layout.puzzle.grid.near
    xs = [c % width for c in cells]
    ys = [c // width for c in cells]
    for y in range(min(ys) - reach, max(ys) + reach + 1):
        for x in range(min(xs) - reach, max(xs) + reach + 1):
            cell = y * width + x
            if 0 <= x < width and 0 <= cell < len(layout.kind) and _waiting(layout, cell):
                number = layout.value[cell]
                if any(layout.value[n] == number for n in near[cell]):
                    continue
                if all(_pocket(layout, n) for n in near[cell] if layout.free[n]):
                    return False
    return True


def _pocket(layout, start):
    """Whether the free cells reached from `start` are a pocket: at most POCKET of them,
    none outside the rectangle around everything down."""
    x0, y0, x1, y1 = layout.bounds
    width, near, free = layout.width, layout.puzzle.grid.near, layout.free
    seen, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        x, y = cell % width, cell // width
        if not (x0 < x < x1 and y0 < y < y1) or len(seen) > POCKET:
            return False
        for n in near[cell]:
            if free[n] and n not in seen:
                seen.add(n)
                todo.append(n)
    return True


def _touches(layout, b, x, y):
    """Whether block b at (x, y) would touch another block other than terminal to
    terminal of one wire."""
    width, kind, value, near = layout.width, layout.kind, layout.value, layout.puzzle.grid.near
    for dx, dy, number in layout.puzzle.cells[b]:
        for n in near[(y + dy) * width + x + dx]:
            if kind[n] == BLOCK and (not number or value[n] != number):
                return True
    return False


def _waiting(layout, cell):
    """Whether `cell` is a terminal whose wire is not yet laid (its partner not down,
    or its wire left to the end)."""
    return layout.kind[cell] == BLOCK and layout.value[cell] > 0 and layout.value[cell] not in layout.paths


def _terminals_alive(layout, b):
    """Whether every waiting terminal on or beside block b keeps a free neighbour or
    touches its partner."""
    near, width = layout.puzzle.grid.near, layout.width
    x, y = layout.pos[b]
    seen = set()
    for dx, dy, _ in layout.puzzle.cells[b]:
        cell = (y + dy) * width + x + dx
        for other in (cell,) + near[cell]:
            if other in seen or not _waiting(layout, other):
                continue
            seen.add(other)
            number = layout.value[other]
            if not any(layout.kind[n] == FREE and layout.free[n] or layout.value[n] == number for n in near[other]):
                return False
    return True


def _hold_last_exits(layout, wire):
    """Mark busy, for one routing, the last free neighbour of every other waiting
    terminal (a wire through it would shut that terminal in); the cells marked."""
    held = []
    near, free, value = layout.puzzle.grid.near, layout.free, layout.value
    for number, ends in enumerate(layout.puzzle.ends):
        if not ends or number == wire or number in layout.paths:
            continue
        for end in ends:
            if layout.pos[end.block] is None:
                continue
            cell = layout.terminal(end)
            exits = [n for n in near[cell] if free[n]]
            if len(exits) == 1 and not any(value[n] == number for n in near[cell]):
                free[exits[0]] = 0
                held.append(exits[0])
    return held
