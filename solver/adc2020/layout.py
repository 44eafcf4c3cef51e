"""The working board of a solution being built: where each block is, each wire's
cells, what every cell holds, and the answer it makes.

`Puzzle` is what the search needs of a problem, computed once: each block's cells,
each wire's two ends (block and offset), the blocks each block is wired to.
`Layout` is mutable (a search puts and takes blocks and wires on it); everything it
hands out (`to_answer`) is a plain `Answer`.
"""

from collections import namedtuple

from .formats import PLUS, Answer, Position
from .router import make_grid

End = namedtuple("End", "block dx dy")  # a wire's terminal: on block `block` at offset (dx, dy)
Puzzle = namedtuple("Puzzle", "problem grid cells ends links")
# cells[b]: ((dx, dy, number), ...) of block b (0-based); ends[wire]: (End, End);
# links[b]: the wires with a terminal on block b, each once

FREE, BLOCK, WIRE = 0, 1, 2


def make_puzzle(problem, width=None, height=None):
    """The `Puzzle` of a `Problem` on a working board width x height (default: twice
    the problem's board and one more, so that what is built from its middle may grow
    either way; what is built must still fit the problem's board: `Layout.fits`)."""
    cells = tuple(tuple((c.dx, c.dy, c.number) for c in block.cells) for block in problem.blocks)
    ends = [()] * (problem.wires + 1)
    links = [[] for _ in problem.blocks]
    for b, block in enumerate(problem.blocks):
        for c in block.cells:
            if c.number:
                ends[c.number] += (End(b, c.dx, c.dy),)
                if c.number not in links[b]:  # a wire with both ends on one block is listed once
                    links[b].append(c.number)
    grid = make_grid(width or 2 * problem.width + 1, height or 2 * problem.height + 1)
    return Puzzle(problem, grid, cells, tuple(ends), tuple(tuple(w) for w in links))


class Layout:
    """Blocks and wires on a board.  kind[cell] is FREE, BLOCK or WIRE, value[cell] what
    the answer writes there (a number, PLUS, 0); free[cell] is 1 where a wire or a
    block may still go (free and inside the box searched)."""

    def __init__(self, puzzle, box=None):
        grid = puzzle.grid
        self.puzzle, self.width, self.height = puzzle, grid.width, grid.height
        size = grid.width * grid.height
        self.kind = bytearray(size)
        self.value = [0] * size
        x0, y0, x1, y1 = box or (0, 0, grid.width - 1, grid.height - 1)
        self.box = (x0, y0, x1, y1)
        self.inbox = bytearray(size)
        for y in range(y0, y1 + 1):
            self.inbox[y * grid.width + x0: y * grid.width + x1 + 1] = b"\x01" * (x1 - x0 + 1)
        self.free = bytearray(self.inbox)
        self.pos = [None] * len(puzzle.cells)
        self.paths = {}  # wire -> its cells (terminals excluded), for wires done
        self.left = []  # wires whose ends are both down, left to be routed at the end
        self.bounds = None  # (x0, y0, x1, y1) around everything put so far
        self.stop = None  # a callable: true when the search must give up

    def stopped(self):
        """Whether the search must give up now (its stop callable says so)."""
        return self.stop is not None and self.stop()

    def fits(self, b, x, y):
        """Whether block b fits at (x, y): inside the box, on free cells, and the
        rectangle around everything still within the problem's board."""
        x0, y0, x1, y1 = self.box
        width, free = self.width, self.free
        for dx, dy, _ in self.puzzle.cells[b]:
            cx, cy = x + dx, y + dy
            if not (x0 <= cx <= x1 and y0 <= cy <= y1) or not free[cy * width + cx]:
                return False
        if self.bounds is None:
            return True
        block = self.puzzle.problem.blocks[b]
        return self.within(min(self.bounds[0], x), min(self.bounds[1], y),
                           max(self.bounds[2], x + block.width - 1), max(self.bounds[3], y + block.height - 1))

    def within(self, x0, y0, x1, y1):
        """Whether a rectangle fits the problem's board."""
        problem = self.puzzle.problem
        return x1 - x0 < problem.width and y1 - y0 < problem.height

    def put(self, b, x, y):
        """Put block b at (x, y) (it must fit)."""
        self.pos[b] = (x, y)
        for dx, dy, number in self.puzzle.cells[b]:
            cell = (y + dy) * self.width + x + dx
            self.kind[cell], self.value[cell], self.free[cell] = BLOCK, number or PLUS, 0
            self._grow(x + dx, y + dy)

    def take(self, b):
        """Take block b off the board (its wires must be taken first)."""
        x, y = self.pos[b]
        for dx, dy, _ in self.puzzle.cells[b]:
            cell = (y + dy) * self.width + x + dx
            self.kind[cell], self.value[cell], self.free[cell] = FREE, 0, self.inbox[cell]
        self.pos[b] = None

    def lay(self, wire, cells):
        """Lay wire `wire` on `cells` (free)."""
        self.paths[wire] = cells
        for cell in cells:
            self.kind[cell], self.value[cell], self.free[cell] = WIRE, wire, 0
            self._grow(cell % self.width, cell // self.width)

    def lift(self, wire):
        """Take wire `wire` off the board."""
        for cell in self.paths.pop(wire):
            self.kind[cell], self.value[cell], self.free[cell] = FREE, 0, self.inbox[cell]

    def _grow(self, x, y):
        if self.bounds is None:
            self.bounds = (x, y, x, y)
        else:
            x0, y0, x1, y1 = self.bounds
            self.bounds = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))

    def recompute_bounds(self):
        """The bounds from scratch (after takes and lifts)."""
        self.bounds = None
        for cell, kind in enumerate(self.kind):
            if kind:
                self._grow(cell % self.width, cell // self.width)

    def terminal(self, end):
        """The cell of a wire's `End` (its block must be placed)."""
        x, y = self.pos[end.block]
        return (y + end.dy) * self.width + x + end.dx

    def span(self, wire):
        """The distance between a wire's terminals (both blocks must be placed)."""
        first, second = (self.terminal(e) for e in self.puzzle.ends[wire])
        width = self.width
        return abs(first % width - second % width) + abs(first // width - second // width)

    def area(self):
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0 + 1) * (y1 - y0 + 1)


def to_answer(layout, ident=1):
    """The `Answer` of a complete layout: the board cut to the bounds."""
    x0, y0, x1, y1 = layout.bounds
    width = layout.width
    board = tuple(tuple(layout.value[y * width + x] for x in range(x0, x1 + 1)) for y in range(y0, y1 + 1))
    positions = tuple(Position(x - x0, y - y0) for x, y in layout.pos)
    return Answer(ident, x1 - x0 + 1, y1 - y0 + 1, board, positions)
