"""Random problems like the official random ones (hiromoto_rand_*): blocks of random
shapes placed on a board, wired, then cut out.

Blocks are dropped at random free spots of a width x height board; then wires are
drawn, each between two '+' cells of different blocks: two that touch (a wire of no
cell) or two joined by a shortest path through free cells (a shortest path never
touches itself, so it keeps the official count).  The placed and wired board is the
answer; the blocks with their numbers are the problem, on a 72x72 board.  Seeded,
so a problem is made again from its seed.
"""

import random
from collections import namedtuple

from .formats import MAX_SIDE, PLUS, Answer, Block, Cell, Position, Problem
from .router import make_grid, route
from .shapes import MASKS, SHAPE_CELLS

Generated = namedtuple("Generated", "problem answer")
LIMITS = "width and height 1..72, blocks 1..1000, wires 0..2000"
TOUCHING = 0.6  # the share of wires drawn between touching cells, as the official ones are mostly


def generate(width, height, blocks, wires, seed=0):
    """A `Generated` problem and the answer it was cut from; ValueError past LIMITS.
    Fewer blocks or wires than asked are made when the board has no room for them."""
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE and 1 <= blocks <= 1000 and 0 <= wires <= 2000):
        raise ValueError("cannot generate %dx%d with %d blocks and %d wires" % (width, height, blocks, wires))
    rng = random.Random(seed)
    board = [0] * (width * height)
    owner = [None] * (width * height)
    placed = []  # (shape name, x, y)
    names = sorted(MASKS)
    for _ in range(blocks * 20):
        if len(placed) == blocks:
            break
        name = rng.choice(names)
        rows = MASKS[name]
        x, y = rng.randrange(width - len(rows[0]) + 1) if len(rows[0]) <= width else -1, rng.randrange(
            height - len(rows) + 1) if len(rows) <= height else -1
        cells = [(y + dy) * width + x + dx for dx, dy in SHAPE_CELLS[name]]
        if x < 0 or y < 0 or any(board[c] for c in cells):
            continue
        for c in cells:
            board[c], owner[c] = PLUS, len(placed)
        placed.append((name, x, y))
    if not placed:
        cells = [0]
        board[0], owner[0] = PLUS, 0
        placed.append(("z0", 0, 0))
    _wire(rng, board, owner, make_grid(width, height), wires)
    return _cut(placed, board, width, height)


def _wire(rng, board, owner, grid, wires):
    """Draw up to `wires` wires on the board (numbers 1, 2, ... in the order drawn)."""
    number = 0
    for _ in range(wires * 10):
        if number == wires:
            return
        plus = [c for c, v in enumerate(board) if v == PLUS]
        if len(plus) < 2:
            return
        first = rng.choice(plus)
        touching = [n for n in grid.near[first] if board[n] == PLUS and owner[n] != owner[first]]
        if touching and rng.random() < TOUCHING:
            second, cells = rng.choice(touching), []
        else:
            second = rng.choice(plus)
            if owner[second] == owner[first]:
                continue
            free = bytearray(v == 0 for v in board)
            cells = route(grid, free, first, second)
            if cells is None:
                continue
        number += 1
        for c in [first, second] + cells:
            board[c] = number


def _cut(placed, board, width, height):
    """The problem and answer of a placed and wired board."""
    blocks, positions = [], []
    for index, (name, x, y) in enumerate(placed, 1):
        rows = MASKS[name]
        cells = tuple(Cell(dx, dy, max(board[(y + dy) * width + x + dx], 0)) for dy in range(len(rows))
                      for dx in range(len(rows[0])) if (dx, dy) in SHAPE_CELLS[name])
        blocks.append(Block(index, len(rows[0]), len(rows), cells, name))
        positions.append(Position(x, y))
    wires = max(board + [0])
    problem = Problem(MAX_SIDE, MAX_SIDE, tuple(blocks), wires)
    rows = tuple(tuple(board[y * width:(y + 1) * width]) for y in range(height))
    return Generated(problem, Answer(1, width, height, rows, tuple(positions)))


def jigsaw(width, height, wires, seed=0):
    """A `Generated` problem cut from a filled rectangle: tetrominoes dropped at random,
    every cell left a monomino, then up to `wires` wires each joining two touching cells
    of different blocks (wires of no cell): the answer fills its width x height box."""
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE and width * height <= 1000 and 0 <= wires <= 2000):
        raise ValueError("cannot cut a %dx%d jigsaw with %d wires" % (width, height, wires))
    rng = random.Random(seed)
    board = [0] * (width * height)
    owner = [None] * (width * height)
    placed = []
    names = sorted(name for name in MASKS if name != "z0")
    for _ in range(width * height):
        name = rng.choice(names)
        rows = MASKS[name]
        if len(rows[0]) > width or len(rows) > height:
            continue
        x, y = rng.randrange(width - len(rows[0]) + 1), rng.randrange(height - len(rows) + 1)
        cells = [(y + dy) * width + x + dx for dx, dy in SHAPE_CELLS[name]]
        if not any(board[c] for c in cells):
            for c in cells:
                board[c], owner[c] = PLUS, len(placed)
            placed.append((name, x, y))
    for c in range(width * height):
        if not board[c]:
            board[c], owner[c] = PLUS, len(placed)
            placed.append(("z0", c % width, c // width))
    grid = make_grid(width, height)
    pairs = [(c, n) for c in range(width * height) for n in grid.near[c] if c < n and owner[c] != owner[n]]
    rng.shuffle(pairs)
    number = 0
    for first, second in pairs:
        if number == wires:
            break
        if board[first] == PLUS and board[second] == PLUS:
            number += 1
            board[first] = board[second] = number
    return _cut(placed, board, width, height)
