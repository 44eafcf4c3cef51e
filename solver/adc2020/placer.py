"""The greedy placer: blocks put one at a time, each where it touches what it is wired
to, its wires routed as soon as both ends are down.

Placement and routing in turns, block by block: the next block is the one wired most
to the blocks already down; its candidate positions put one of its terminals on or
next to a free neighbour of its partner's (a wire of no cell or one cell), else near
the blocks already down; each is scored by the area of the rectangle around
everything after it, the wire cells it will need and the contact it makes (with
blocks, wires and the box's walls: a tight fit leaves no holes); the cheapest that
keeps every waiting terminal a free neighbour and routes its wires is taken.
`Weights` are the score's terms and `place` one attempt; the solver repeats attempts
with other seeds, orders and boxes.
"""

from collections import namedtuple

from .layout import Layout
from .liveness import _hold_last_exits, _pockets_alive, _terminals_alive, _touches, _unfit
from .repair import route_left
from .router import route

Weights = namedtuple("Weights", "wire contact noise halo ahead scarce", defaults=(0.0, False))
# ahead: the weight of the wire a block not yet down will need to join this one to the
# others it is wired to (a cycle of wires closes short when its blocks are put near);
# scarce: the next block is the one with the fewest places left (`_scarcest_block`)
# halo: a block touches another only where two terminals of one wire meet, so that
# free cells run round every block and every wire can be routed (looser, surer)
DEFAULT_WEIGHTS = Weights(wire=2.0, contact=1.0, noise=0.5, halo=False)
HALO_WEIGHTS = Weights(wire=2.0, contact=0.0, noise=0.5, halo=True)
RING = ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
MAX_TRIED = 40  # candidates routed before a block gives up on the near ones
SPREAD_SAMPLE = 300  # positions scored when a block touches nothing already down
DETOUR = 8  # a wire may be this much longer than the distance between its terminals
EVERYWHERE_TRIED = 60  # positions routed by the last resort
BLOCK_REACH = 3  # how far from a block put the waiting terminals are checked for pockets
LOOSE_TRIED = 300  # positions a block whose wires are left to the end tries, at most
REPLACES = 2  # blocks moved to free the wires left, per wire left, at most
REPLACE_TRIED = 80  # positions a moved block tries
TROUBLE_WEIGHT = 0.5  # links a failure of a block counts for, when it picks the next block


def place(puzzle, rng, box=None, weights=DEFAULT_WEIGHTS, start=None, stop=None, trouble=None, unrouted=None,
          layout=None):
    """One greedy attempt: a complete `Layout` (every block down, every wire routed), or
    None when a block finds no place (or stop(), asked before each block, is true).
    `box` (x0, y0, x1, y1) bounds everything; `start` is the first block (default: one
    wired most, drawn by `rng`).  `trouble` (a list, a count per block, kept across
    attempts): the blocks that made attempts fail go down earlier in the next ones
    (each failure adds one to the blocks it blames).  `unrouted` (a list): a layout
    with every block down but wires that would not route is appended to it.  `layout`:
    a layout to go on from (the blocks down on it stay, their wires routed)."""
    count = len(puzzle.cells)
    if layout is None:
        layout = Layout(puzzle, box)
        if start is None and box is None:
            start = max(range(count), key=lambda b: (len(puzzle.links[b]), rng.random()))
        if start is not None:
            block = puzzle.problem.blocks[start]
            x0, y0, x1, y1 = layout.box
            layout.put(start, (x0 + x1 + 1 - block.width) // 2, (y0 + y1 + 1 - block.height) // 2)
    layout.stop = stop
    down = [b for b in range(count) if layout.pos[b] is not None and b != start]
    links = [0] * count  # wires from each block to blocks already down
    for b in down:
        for wire in puzzle.links[b]:
            for end in puzzle.ends[wire]:
                if end.block != b:
                    links[end.block] += 1
    degree = [len(w) for w in puzzle.links]
    trouble = trouble if trouble is not None else [0] * count
    placed = len(down)
    if start is not None:
        nxt = start
    elif down:
        nxt = _next_block(layout, links, degree, trouble, rng) if placed < count else None
    else:
        nxt = max(range(count), key=lambda b: (degree[b], rng.random()))
    while nxt is not None:
        if stop is not None and stop():
            return None
        if layout.pos[nxt] is None and not _place_one(layout, nxt, rng, weights):
            trouble[nxt] += 1
            return None
        placed += 1
        for wire in puzzle.links[nxt]:
            for end in puzzle.ends[wire]:
                if end.block != nxt:
                    links[end.block] += 1
        if placed == count:
            nxt = None
        elif weights.scarce:
            nxt = _scarcest_block(layout, links, degree, rng)
        else:
            nxt = _next_block(layout, links, degree, trouble, rng)
    failed = route_left(layout)
    for _ in range(REPLACES * len(layout.left)):
        if failed is None or failed < 0 or layout.stopped() or not _replace(layout, failed, rng, weights):
            break
        failed = route_left(layout)
    if failed is None:
        return layout
    for end in puzzle.ends[failed] if failed > 0 else ():
        trouble[end.block] += 1
    if unrouted is not None:
        unrouted.append(layout)
    return None


def _replace(layout, wire, rng, weights):
    """Move a block of a wire that cannot be routed (the one of fewer wires first),
    its wires lifted, to where all its wires route at once; whether one moved (else
    both are left where they were)."""
    puzzle = layout.puzzle
    ends = sorted({end.block for end in puzzle.ends[wire]}, key=lambda b: (len(puzzle.links[b]), rng.random()))
    return any(_move(layout, b, rng, weights) for b in ends)


def _move(layout, b, rng, weights):
    """Move block b where all its wires route at once; whether it moved."""
    puzzle = layout.puzzle
    was = layout.pos[b]
    laid = [w for w in puzzle.links[b] if w in layout.paths]
    for w in laid:
        layout.lift(w)
    waiting = [w for w in puzzle.links[b] if w in layout.left]
    layout.left = [w for w in layout.left if w not in waiting]
    layout.take(b)
    layout.recompute_bounds()
    spots = _candidates(layout, b, rng) + _everywhere(layout, b)
    scored = sorted((_score(layout, b, x, y, rng, weights), x, y) for x, y in set(spots) if (x, y) != was)
    for _, x, y in scored[:REPLACE_TRIED]:
        if layout.stopped():
            break
        if _try(layout, b, x, y, weights.halo):
            return True
    layout.put(b, *was)
    layout.left.extend(laid + waiting)
    return False


def _next_block(layout, links, degree, trouble, rng):
    """The block to put next: wired most to those down (a block that made attempts fail
    counts as wired more), then most wired, ties drawn."""
    best, best_key = None, None
    for b, pos in enumerate(layout.pos):
        if pos is None:
            key = (links[b] + (TROUBLE_WEIGHT * trouble[b] if links[b] else 0), degree[b], rng.random())
            if best_key is None or key > best_key:
                best, best_key = b, key
    return best


def _scarcest_block(layout, links, degree, rng):
    """The block to put next, as a jigsaw is done: of the blocks wired to those down,
    the one with the fewest places beside its partners (a place taken by another first
    may be its last), then wired most to those down; none wired, the most wired."""
    best, best_key = None, None
    for b, pos in enumerate(layout.pos):
        if pos is None:
            if links[b]:
                key = (1, -len(_candidates(layout, b, rng)), links[b], degree[b], rng.random())
            else:
                key = (0, 0, 0, degree[b], rng.random())
            if best_key is None or key > best_key:
                best, best_key = b, key
    return best


def _place_one(layout, b, rng, weights):
    """Put block b at its best candidate whose wires route; False when none does."""
    scored = sorted((_score(layout, b, x, y, rng, weights), x, y) for x, y in _candidates(layout, b, rng))
    for tried, (_, x, y) in enumerate(scored):
        if tried >= MAX_TRIED and _has_partner_down(layout, b) or layout.stopped():
            break
        if _try(layout, b, x, y, weights.halo):
            return True
    last = sorted((_score(layout, b, x, y, rng, weights), x, y) for x, y in _everywhere(layout, b))
    for _, x, y in last[:EVERYWHERE_TRIED]:
        if layout.stopped():
            return False
        if _try(layout, b, x, y, weights.halo):
            return True
    # its wires left to the end: somewhere near its partners with free cells round it,
    # not touching another block (room to route them), else anywhere it fits
    roomy = sorted((_reach_cost(layout, b, x, y), x, y) for _, x, y in last)[:LOOSE_TRIED]
    for halo in (True, weights.halo):
        for _, x, y in roomy:
            if layout.stopped():
                return False
            if _try(layout, b, x, y, halo, route_now=False):
                return True
    return False


def _reach_cost(layout, b, x, y):
    """How far block b at (x, y) puts its terminals from their partners down (a block
    whose wires are left to the end is best near them)."""
    puzzle, total = layout.puzzle, 0
    for dx, dy, number in puzzle.cells[b]:
        for end in puzzle.ends[number] if number else ():
            if end.block != b and layout.pos[end.block] is not None:
                px, py = layout.pos[end.block]
                total += abs(px + end.dx - x - dx) + abs(py + end.dy - y - dy)
    return total


def _has_partner_down(layout, b):
    puzzle = layout.puzzle
    return any(layout.pos[end.block] is not None for w in puzzle.links[b] for end in puzzle.ends[w] if end.block != b)


def _candidates(layout, b, rng):
    """Positions putting a terminal of b within two steps of its partner's, or, when
    none of its partners is down, near what is down."""
    puzzle = layout.puzzle
    out = set()
    for dx, dy, number in puzzle.cells[b]:
        if not number:
            continue
        for end in puzzle.ends[number]:
            if end.block != b and layout.pos[end.block] is not None:
                px, py = layout.pos[end.block]
                px, py = px + end.dx, py + end.dy
                out.update((px + rx - dx, py + ry - dy) for rx, ry in RING)
    out = [(x, y) for x, y in out if layout.fits(b, x, y)]
    if out:
        return out
    if layout.bounds is None:
        x0, y0, x1, y1 = layout.box
        return [((x0 + x1) // 2, (y0 + y1) // 2)]
    x0, y0, x1, y1 = layout.bounds
    block = puzzle.problem.blocks[b]
    spots = [(x, y) for y in range(y0 - block.height - 1, y1 + 2) for x in range(x0 - block.width - 1, x1 + 2)]
    if len(spots) > SPREAD_SAMPLE:
        spots = rng.sample(spots, SPREAD_SAMPLE)
    return [(x, y) for x, y in spots if layout.fits(b, x, y)]


def _everywhere(layout, b):
    """Every position within reach of what is down where block b fits (the last resort)."""
    X0, Y0, X1, Y1 = layout.box
    if layout.bounds is None:
        return []
    x0, y0, x1, y1 = layout.bounds
    return [(x, y) for y in range(max(Y0, y0 - 4), min(Y1, y1 + 2) + 1)
            for x in range(max(X0, x0 - 4), min(X1, x1 + 2) + 1) if layout.fits(b, x, y)]


def _score(layout, b, x, y, rng, weights):
    """The cost of block b at (x, y): the area around everything after it, plus the
    wire cells its wires to blocks down need at least, less the contact it makes."""
    puzzle, width, kind = layout.puzzle, layout.width, layout.kind
    bx0, by0, bx1, by1 = layout.bounds or (x, y, x, y)
    wire = contact = 0
    X0, Y0, X1, Y1 = layout.box
    for dx, dy, number in puzzle.cells[b]:
        cx, cy = x + dx, y + dy
        bx0, by0, bx1, by1 = min(bx0, cx), min(by0, cy), max(bx1, cx), max(by1, cy)
        for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
            if not (X0 <= nx <= X1 and Y0 <= ny <= Y1) or kind[ny * width + nx]:
                contact += 1
        if number:
            for end in puzzle.ends[number]:
                if end.block == b:
                    continue
                if layout.pos[end.block] is not None:
                    px, py = layout.pos[end.block]
                    wire += abs(px + end.dx - cx) + abs(py + end.dy - cy) - 1
                elif weights.ahead:
                    wire += weights.ahead * _ahead(layout, b, end, cx, cy)
    area = (bx1 - bx0 + 1) * (by1 - by0 + 1)
    return area + weights.wire * wire - weights.contact * contact + weights.noise * rng.random()


def _ahead(layout, b, end, cx, cy):
    """The wire cells block end.block (not down), joined to b's terminal at (cx, cy) at
    `end`, will need at least to reach the blocks down it is wired to besides b."""
    puzzle, extra = layout.puzzle, 0
    for wire in puzzle.links[end.block]:
        mine, theirs = puzzle.ends[wire] if puzzle.ends[wire][0].block == end.block else puzzle.ends[wire][::-1]
        if theirs.block == b or theirs.block == end.block or layout.pos[theirs.block] is None:
            continue
        px, py = layout.pos[theirs.block]
        reach = abs(mine.dx - end.dx) + abs(mine.dy - end.dy) + 2  # from b's terminal through the block
        extra += max(0, abs(px + theirs.dx - cx) + abs(py + theirs.dy - cy) - reach)
    return extra


def _try(layout, b, x, y, halo, route_now=True):
    """Put block b at (x, y) if no waiting terminal dies and its wires route (or, not
    `route_now`, are left to `repair.route_left`: Layout.left); else leave the layout as
    it was.  Whether it was put."""
    puzzle = layout.puzzle
    bounds = layout.bounds
    if halo and _touches(layout, b, x, y):
        return False
    footprint = [(y + dy) * layout.width + x + dx for dx, dy, _ in puzzle.cells[b]]
    unfit = _unfit(layout, footprint, BLOCK_REACH)
    layout.put(b, x, y)
    wires = [w for w in puzzle.links[b] if all(layout.pos[e.block] is not None for e in puzzle.ends[w])]
    if (not _terminals_alive(layout, b) or not _pockets_alive(layout, footprint, BLOCK_REACH)
            or not _unfit(layout, footprint, BLOCK_REACH) <= unfit):
        layout.take(b)
        layout.bounds = bounds
        return False
    if not route_now:
        layout.left.extend(wires)
        return True
    done = []
    for wire in sorted(wires, key=lambda w: layout.span(w)):
        first, second = (layout.terminal(e) for e in puzzle.ends[wire])
        held = _hold_last_exits(layout, wire)
        cells = route(puzzle.grid, layout.free, first, second, limit=layout.span(wire) + DETOUR)
        for cell in held:
            layout.free[cell] = 1
        if cells is not None:
            unfit = _unfit(layout, cells)
            layout.lay(wire, cells)
            if not layout.within(*layout.bounds) or not _pockets_alive(layout, cells) or not _unfit(layout, cells) <= unfit:
                layout.lift(wire)
                cells = None
        if cells is None:
            for w in done:
                layout.lift(w)
            layout.take(b)
            layout.bounds = bounds
            return False
        done.append(wire)
    return True


def fill(puzzle, rng, width, height, stop=None):
    """Another attempt, for problems of few wires packed tight (the official 101 has
    none): blocks grouped by shape (the shapes in an order drawn), each put at the
    first position, row by row or column by column (drawn), of a width x height box
    where it fits (bottom-left fill), its wires routed as both ends go down.  A
    complete `Layout`, or None."""
    problem = puzzle.problem
    layout = Layout(puzzle, (0, 0, width - 1, height - 1))
    layout.stop = stop
    shapes = sorted({block.shape for block in problem.blocks})
    rng.shuffle(shapes)
    by_columns = rng.random() < 0.5
    for b in sorted(range(len(puzzle.cells)), key=lambda b: (shapes.index(problem.blocks[b].shape), rng.random())):
        if stop is not None and stop():
            return None
        block = problem.blocks[b]
        spots = [(x, y) for y in range(height - block.height + 1) for x in range(width - block.width + 1)]
        if by_columns:
            spots.sort()
        if not any(_try(layout, b, x, y, False) for x, y in spots if layout.fits(b, x, y)):
            return None
    return layout if route_left(layout) is None else None


def compact(layout, rng, weights=DEFAULT_WEIGHTS, rounds=100, stop=None):
    """Shrink a complete layout: a block on the edge of the rectangle round everything
    is moved where its wires route and the rectangle is no larger (kept only then);
    `rounds` moves tried.  The layout is changed in place and stays complete."""
    layout.stop = stop
    for _ in range(rounds):
        if layout.stopped():
            return layout
        x0, y0, x1, y1 = layout.bounds
        edge = [b for b, (x, y) in enumerate(layout.pos)
                if any(x + dx in (x0, x1) or y + dy in (y0, y1) for dx, dy, _ in layout.puzzle.cells[b])]
        if not edge:
            return layout
        b = rng.choice(edge)
        area, saved = layout.area(), _save(layout)
        if not (_move(layout, b, rng, weights) and not layout.left and layout.area() <= area):
            _restore(layout, saved)
    return layout


def _save(layout):
    return (bytearray(layout.kind), list(layout.value), bytearray(layout.free), list(layout.pos),
            dict(layout.paths), list(layout.left), layout.bounds)


def _restore(layout, saved):
    (layout.kind, layout.value, layout.free, layout.pos, layout.paths, layout.left, layout.bounds) = saved
