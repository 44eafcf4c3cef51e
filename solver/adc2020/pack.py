"""Pieces (`pieces.Piece`: groups solved on their own) fitted together in a box, cell
by cell: a piece may go into the empty cells of another's rectangle, since groups
share no number.

Bottom-left fill with rows as bit masks: each piece, largest first, at the first
position (row by row, or column by column) of the box where none of its cells meets
one already taken.  `best_pack` tries boxes of several shapes and keeps the answer of
least area.
"""

import math

from .formats import Answer, Position

ASPECTS = (1.0, 0.8, 1.25, 0.6, 1.6, 0.45, 2.2, 0.3, 3.3)  # width / height of the boxes tried


def _masks(piece):
    """The piece's rows as bit masks (bit x: its cell x is not empty)."""
    return [sum(1 << x for x, v in enumerate(row) if v) for row in piece.board]


def pack(pieces, width, height, by_columns=False):
    """The corner (x, y) of each piece in a width x height box, or None when one finds
    no room.  Pieces go in the order given."""
    taken = [0] * height
    corners = []
    for piece in pieces:
        if piece.width > width or piece.height > height:
            return None
        masks = _masks(piece)
        spots = ((x, y) for y in range(height - piece.height + 1) for x in range(width - piece.width + 1))
        if by_columns:
            spots = ((x, y) for x in range(width - piece.width + 1) for y in range(height - piece.height + 1))
        for x, y in spots:
            if not any(taken[y + r] & (m << x) for r, m in enumerate(masks)):
                for r, m in enumerate(masks):
                    taken[y + r] |= m << x
                corners.append((x, y))
                break
        else:
            return None
    return corners


def answer_of(problem, pieces, corners):
    """The `Answer` of pieces at their corners: the board cut to what is used."""
    cells = {}
    positions = [None] * len(problem.blocks)
    for piece, (px, py) in zip(pieces, corners):
        for y, row in enumerate(piece.board):
            for x, value in enumerate(row):
                if value:
                    cells[px + x, py + y] = value
        for b, (bx, by) in zip(piece.blocks, piece.positions):
            positions[b] = (px + bx, py + by)
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    width = max(x for x, _ in cells) - x0 + 1
    height = max(y for _, y in cells) - y0 + 1
    board = [[0] * width for _ in range(height)]
    for (x, y), value in cells.items():
        board[y - y0][x - x0] = value
    return Answer(1, width, height, tuple(tuple(r) for r in board),
                  tuple(Position(x - x0, y - y0) for x, y in positions))


def best_pack(problem, pieces, rng=None, stop=None):
    """The `Answer` of least area among packs of the pieces in boxes of several shapes
    (within the problem's board), or None when none fits.  Largest pieces go first;
    `rng` shuffles pieces of equal size."""
    order = sorted(pieces, key=lambda p: (-p.cells, -p.width * p.height, rng.random() if rng else 0))
    total = sum(p.cells for p in pieces)
    widest = max(p.width for p in pieces)
    tallest = max(p.height for p in pieces)
    best = None
    for slack in (1.1, 1.25, 1.45, 1.7, 2.1, 3.0, None):
        for aspect in ASPECTS:
            if stop is not None and stop():
                return best
            if slack is None:
                width, height = problem.width, problem.height
            else:
                width = min(problem.width, max(widest, math.ceil(math.sqrt(total * slack * aspect))))
                height = min(problem.height, max(tallest, math.ceil(total * slack / width)))
            if best is not None and width * height >= best.width * best.height * 1.6:
                continue
            for by_columns in (False, True):
                corners = pack(order, width, height, by_columns)
                if corners is not None:
                    answer = answer_of(problem, order, corners)
                    if best is None or answer.width * answer.height < best.width * best.height:
                        best = answer
            if slack is None:
                break
        if best is not None and slack is not None and best.width * best.height <= total * slack:
            break
    return best
