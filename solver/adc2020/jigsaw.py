"""Dense groups laid out as a jigsaw is done: the block with the fewest places left
goes next, beside its partners, its wires routed at once; when a block finds no
place, the search goes back to the block most recently put near its partners, takes
it and every block put after it off the board, and tries that block's next place
(backjumping), within a budget of places tried.

The greedy placer (`placer.place`) never goes back: on the official random problems
of 100 blocks and more it leaves 20-40 wires that cannot be routed; this search
keeps every wire routed as it goes or gives up.
"""

from .layout import Layout
from .placer import _candidates, _everywhere, _scarcest_block, _score, _try

NEAR = 3  # a block is a culprit of a failure when it lies this close to the failed block's partners
BRANCH = 10  # places tried per block, best scored first
BUDGET_PER_BLOCK = 60  # places tried in all, per block of the group, before giving up
WIDEN_AFTER = 2  # failures of a block after which it may go anywhere near what is down


def lay_out(puzzle, rng, weights, stop=None):
    """A `Layout` of the puzzle, every wire between blocks down routed, and whether
    every block is down (not when the budget ran out).  None when stop() is true."""
    layout = Layout(puzzle)
    layout.stop = stop
    count = len(puzzle.cells)
    degree = [len(w) for w in puzzle.links]
    links = [0] * count
    first = max(range(count), key=lambda b: (degree[b], rng.random()))
    x0, y0, x1, y1 = layout.box
    block = puzzle.problem.blocks[first]
    layout.put(first, (x0 + x1 + 1 - block.width) // 2, (y0 + y1 + 1 - block.height) // 2)
    _count_links(puzzle, links, first, 1)
    stack = [[first, [], 0]]  # [block, its places (best first), how many tried]
    budget = BUDGET_PER_BLOCK * count
    failures = [0] * count
    while len(stack) < count:
        if layout.stopped():
            return None
        if budget <= 0:
            return layout, False
        b = _scarcest_block(layout, links, degree, rng)
        spots = set(_candidates(layout, b, rng))
        if failures[b] >= WIDEN_AFTER:  # a block that failed often may go farther, its wires longer
            spots.update(_everywhere(layout, b))
        places = sorted((_score(layout, b, x, y, rng, weights), x, y) for x, y in spots)
        stack.append([b, [(x, y) for _, x, y in places[:BRANCH]], 0])
        while True:
            entry = stack[-1]
            b, places, tried = entry
            put = False
            while tried < len(places) and not put:
                budget -= 1
                put = _try(layout, b, *places[tried], weights.halo)
                tried += 1
            entry[2] = tried
            if put:
                _count_links(puzzle, links, b, 1)
                break
            if len(stack) == 1:
                return None
            if budget <= 0:
                stack.pop()
                break
            failures[b] += 1
            stack.pop()
            _back_to(layout, stack, links, _culprit(layout, stack, b))
    return layout, True


def _count_links(puzzle, links, b, step):
    """Add `step` to the count of wires to blocks down of every block wired to b."""
    for wire in puzzle.links[b]:
        for end in puzzle.ends[wire]:
            if end.block != b:
                links[end.block] += step


def _culprit(layout, stack, failed):
    """The index in `stack` of the block most recently put near the partners of the
    block that found no place (the first block when none is)."""
    puzzle, width = layout.puzzle, layout.width
    spots = []
    for wire in puzzle.links[failed]:
        for end in puzzle.ends[wire]:
            if end.block != failed and layout.pos[end.block] is not None:
                cell = layout.terminal(end)
                spots.append((cell % width, cell // width))
    partners = {end.block for wire in puzzle.links[failed] for end in puzzle.ends[wire]}
    for k in range(len(stack) - 1, 0, -1):
        b = stack[k][0]
        if b in partners:
            return k
        x, y = layout.pos[b]
        for dx, dy, _ in puzzle.cells[b]:
            if any(abs(x + dx - sx) + abs(y + dy - sy) <= NEAR for sx, sy in spots):
                return k
    return 0


def _back_to(layout, stack, links, k):
    """Take off every block from stack[k] on (the top first) with its wires; the blocks
    above k are dropped from the stack, stack[k] stays to try its next place."""
    puzzle = layout.puzzle
    while len(stack) > k:
        b = stack[-1][0]
        for wire in puzzle.links[b]:
            if wire in layout.paths:
                layout.lift(wire)
        layout.take(b)
        _count_links(puzzle, links, b, -1)
        if len(stack) - 1 == k:
            break
        stack.pop()
    layout.recompute_bounds()
