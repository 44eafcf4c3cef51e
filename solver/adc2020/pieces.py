"""The problem cut into its wired groups, each solved on its own and kept as a piece.

Blocks joined by wires (directly or through other blocks) form a group; a block of no
wire is a group of one.  Two groups share no number, so the official count (a cell
counts only its neighbours of its own number) never sees one group beside another:
any layout of the groups that does not overlap them is valid when each group's is.
A group is solved as a problem of its own (`subproblem`, its wires numbered 1..k)
and its answer kept as a `Piece`, in the whole problem's numbers, for `pack` to fit
with the others.
"""

from collections import namedtuple

from .formats import PLUS, Problem

# blocks: the indices (0-based) of the problem's blocks in it; board: its rows (numbers
# of the whole problem, PLUS, 0); positions: each block's corner within it; cells:
# how many cells it fills
Piece = namedtuple("Piece", "blocks width height board positions cells")


def groups(problem):
    """The groups of blocks joined by wires (lists of 0-based indices), largest first."""
    parent = list(range(len(problem.blocks)))

    def root(b):
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        return b

    first = {}
    for b, block in enumerate(problem.blocks):
        for cell in block.cells:
            if cell.number:
                other = first.setdefault(cell.number, b)
                parent[root(b)] = root(other)
    members = {}
    for b in range(len(problem.blocks)):
        members.setdefault(root(b), []).append(b)
    return sorted(members.values(), key=lambda group: (-len(group), group[0]))


def subproblem(problem, group):
    """The `Problem` of a group alone (its wires renumbered 1..k in order of first
    appearance) and the whole problem's number of each of its wires (index 1..k)."""
    numbers, renumber, blocks = [0], {}, []
    for index, b in enumerate(group, 1):
        block = problem.blocks[b]
        cells = []
        for cell in block.cells:
            if cell.number and cell.number not in renumber:
                renumber[cell.number] = len(numbers)
                numbers.append(cell.number)
            cells.append(cell._replace(number=renumber.get(cell.number, 0)))
        blocks.append(block._replace(index=index, cells=tuple(cells)))
    side = 4 * len(group) + 4  # room enough for the group's blocks in a row and wires round them
    return Problem(min(problem.width, side), min(problem.height, side), tuple(blocks), len(numbers) - 1), numbers


def piece(group, answer, numbers):
    """The `Piece` of a group from an `Answer` of its `subproblem` (numbers: the whole
    problem's number of each of its wires)."""
    board = tuple(tuple(numbers[v] if v > 0 else v for v in row) for row in answer.board)
    cells = sum(1 for row in board for v in row if v)
    return Piece(tuple(group), answer.width, answer.height, board, tuple(answer.positions), cells)


def lone_piece(problem, b):
    """The `Piece` of a block of no wire: the block alone."""
    block = problem.blocks[b]
    rows = [[0] * block.width for _ in range(block.height)]
    for cell in block.cells:
        rows[cell.dy][cell.dx] = cell.number or PLUS
    return Piece((b,), block.width, block.height, tuple(tuple(r) for r in rows), ((0, 0),), len(block.cells))
