"""The ADC2020 problem (Q) and answer (A) texts, read as the official checker reads
them and written as the rules show them.

A problem: ``SIZE WxH``, ``BLOCK_NUM N``, then for each block ``BLOCK#i WxH`` and its
H rows of W comma-separated cells (a number: a terminal; ``+``: a block cell without a
number; ``0``: outside the block).  An answer: ``A<id>``, ``SIZE WxH``, H rows of W
cells (``+`` or a number), then ``BLOCK#i @(x,y)`` lines.  Keywords are read in any
case; CRLF and LF line ends both.  Whatever the rules do not allow is a `FormatError`
naming the line and, where the official checker has one, its class (``check-Q5``).
"""

import re
from collections import namedtuple

from .shapes import shape_of

MAX_SIDE = 72  # the rules: 1 <= X, Y <= 72
MAX_BLOCKS = MAX_SIDE * MAX_SIDE  # more blocks than the largest board has cells cannot all be placed
MAX_DIGITS = 18  # a number written with more digits (leading zeros aside) is refused, never converted
PLUS = -1  # a '+' cell on an answer's board, as the official checker stores it

Cell = namedtuple("Cell", "dx dy number")  # a cell of a block; number 0: a '+' cell
Block = namedtuple("Block", "index width height cells shape")  # BLOCK#index; cells: tuple of Cell
Problem = namedtuple("Problem", "width height blocks wires")  # blocks[i] is BLOCK#i+1; wires: the largest number
Position = namedtuple("Position", "x y")  # a block's top-left corner on the board
Answer = namedtuple("Answer", "ident width height board positions")  # board: rows of ints (PLUS for '+')

SIZE = re.compile(r"SIZE\s+([0-9]+)X([0-9]+)", re.IGNORECASE)
BLOCK_NUM = re.compile(r"BLOCK_NUM\s+([0-9]+)", re.IGNORECASE)
BLOCK_HEAD = re.compile(r"BLOCK#([0-9]+)\s+([0-9]+)X([0-9]+)", re.IGNORECASE)
ANSWER_ID = re.compile(r"A([0-9]+)", re.IGNORECASE)
PLACED = re.compile(r"BLOCK\s*#\s*([0-9]+)\s+@\s*\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)", re.IGNORECASE)
NUMBER = re.compile(r"[0-9]+")


class FormatError(ValueError):
    """A text the rules do not allow: `tag` is the official checker's class of it
    (``check-Q1`` ... ``check-A11``) or this reader's own, `reason` the one-line why."""

    def __init__(self, tag, reason):
        super().__init__(reason)
        self.tag = tag
        self.reason = reason


def text_lines(text):
    """The lines of a text with their ends (CRLF, LF, CR) and surrounding blanks removed."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return [line.strip() for line in text.splitlines()]


def _int(text, number):
    """The value of a run of digits; a `FormatError` past MAX_DIGITS digits (CPython
    refuses to convert more than 4,300, and no number of the rules needs 19)."""
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise FormatError("syntax", "line %d: a number of %d digits: at most %d are read"
                          % (number, len(text.lstrip("0")), MAX_DIGITS))
    return int(text)


def _ints(match, number):
    """The groups of a match, each a number (`_int`)."""
    return tuple(_int(group, number) for group in match.groups())


def _size(match, number, what):
    width, height = _ints(match, number)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise FormatError("check-%s" % what, "line %d: size %dx%d is outside 1x1..%dx%d"
                          % (number, width, height, MAX_SIDE, MAX_SIDE))
    return width, height


def _cells(line, number, plus):
    """The cells of one comma-separated row: ints, `plus` for '+'."""
    out = []
    for token in line.split(","):
        token = token.strip()
        if token == "+":
            out.append(plus)
        elif NUMBER.fullmatch(token):
            out.append(_int(token, number))
        else:
            raise FormatError("syntax", "line %d: %r is not a cell (a number or +)" % (number, token[:20]))
    return out


class _BlockText:
    """A block being read: its header line, size and rows so far."""

    def __init__(self, index, width, height, line):
        self.index, self.width, self.height, self.line, self.rows = index, width, height, line, []

    def finish(self):
        if len(self.rows) != self.height:
            raise FormatError("check-Q3", "line %d: BLOCK#%d is %dx%d but has %d rows"
                              % (self.line, self.index, self.width, self.height, len(self.rows)))
        cells = tuple(Cell(x, y, max(value, 0)) for y, row in enumerate(self.rows)
                      for x, value in enumerate(row) if value)
        shape = shape_of(self.width, self.height, [(c.dx, c.dy) for c in cells])
        return Block(self.index, self.width, self.height, cells, shape)


def _keep(blocks, current, seen):
    """Keep the block just read (None: nothing was being read); returns None.  A block
    defined twice alike is kept once (the official hiromoto_8 defines BLOCK#1 twice, and
    the official checker keeps the last); defined twice differently, it is refused.
    `seen` maps a block number to the text of its rows read before (a definition read
    again alike is not built again)."""
    if current is None:
        return None
    text = (current.width, current.height, tuple(tuple(row) for row in current.rows))
    if seen.get(current.index) == text:
        return None
    block = current.finish()
    if blocks.get(block.index, block) != block:
        raise FormatError("duplicate", "line %d: BLOCK#%d is defined a second time, differently"
                          % (current.line, block.index))
    blocks[block.index] = block
    seen[block.index] = text
    return None


def read_problem(text):
    """The `Problem` of a Q text; a `FormatError` for anything the rules do not allow."""
    size = block_num = None
    blocks, current, seen = {}, None, {}
    for number, line in enumerate(text_lines(text) + [""], 1):
        if not line:
            current = _keep(blocks, current, seen)
            continue
        head = BLOCK_HEAD.fullmatch(line)
        if head:
            current = _keep(blocks, current, seen)
            index, width, height = _ints(head, number)
            if block_num is None or not 1 <= index <= block_num:
                raise FormatError("check-Q5", "line %d: BLOCK#%d is not a block number 1..%d of BLOCK_NUM"
                                  % (number, index, block_num or 0))
            if not (1 <= width <= 4 and 1 <= height <= 4):
                raise FormatError("check-Q2", "line %d: BLOCK#%d is %dx%d, no block shape is" % (number, index, width, height))
            current = _BlockText(index, width, height, number)
        elif current:
            row = _cells(line, number, PLUS) if line.count(",") < current.width else ()  # a long row is not split
            if len(row) != current.width or len(current.rows) == current.height:
                raise FormatError("check-Q3", "line %d: BLOCK#%d is %dx%d, this row does not fit it"
                                  % (number, current.index, current.width, current.height))
            current.rows.append(row)
        elif SIZE.fullmatch(line):
            if size:
                raise FormatError("duplicate", "line %d: a second SIZE line" % number)
            size = _size(SIZE.fullmatch(line), number, "Q4")
        elif BLOCK_NUM.fullmatch(line):
            if block_num is not None:
                raise FormatError("duplicate", "line %d: a second BLOCK_NUM line" % number)
            block_num = _int(BLOCK_NUM.fullmatch(line).group(1), number)
            if block_num > MAX_BLOCKS:
                raise FormatError("size", "line %d: BLOCK_NUM %d: more blocks than a %dx%d board has cells (%d)"
                                  % (number, block_num, MAX_SIDE, MAX_SIDE, MAX_BLOCKS))
        else:
            raise FormatError("check-Q7", "line %d: unknown line %r" % (number, line[:40]))
    return _problem(size, block_num, blocks)


def _problem(size, block_num, blocks):
    """The problem's whole-text checks, in the official checker's order."""
    if size is None:
        raise FormatError("size", "no SIZE line")
    if not block_num:
        raise FormatError("check-Q6", "no BLOCK_NUM line, or BLOCK_NUM 0")
    if len(blocks) != block_num:
        missing = next(i for i in range(1, len(blocks) + 2) if i not in blocks)
        raise FormatError("check-Q6", "BLOCK_NUM is %d but %d blocks are defined (BLOCK#%d is missing)"
                          % (block_num, len(blocks), missing))
    ordered = tuple(blocks[i] for i in range(1, block_num + 1))
    counts = {}
    for block in ordered:
        if block.shape is None:
            raise FormatError("check-Q2", "BLOCK#%d is not a monomino or a tetromino of the rules" % block.index)
        for cell in block.cells:
            if cell.number:
                counts[cell.number] = counts.get(cell.number, 0) + 1
    wires = max(counts, default=0)
    for value in range(1, wires + 1):
        if counts.get(value, 0) != 2:
            raise FormatError("check-Q1", "number %d appears %d times, every number 1..%d must appear twice"
                              % (value, counts.get(value, 0), wires))
    return Problem(size[0], size[1], ordered, wires)


def read_answer(text):
    """The `Answer` of an A text; a `FormatError` for anything the rules do not allow."""
    ident = size = None
    rows, positions = [], {}
    in_board = False
    for number, line in enumerate(text_lines(text), 1):
        if not line:
            in_board = in_board and not rows
            continue
        placed = PLACED.fullmatch(line)
        if ANSWER_ID.fullmatch(line):
            if ident is not None:
                raise FormatError("duplicate", "line %d: a second answer id" % number)
            ident, in_board = _int(ANSWER_ID.fullmatch(line).group(1), number), False
        elif SIZE.fullmatch(line):
            if size:
                raise FormatError("check-A1", "line %d: a second SIZE line" % number)
            size, in_board = _size(SIZE.fullmatch(line), number, "A2"), True
        elif placed:
            in_board = False
            index, x, y = _ints(placed, number)
            if index in positions:
                raise FormatError("check-A3", "line %d: BLOCK#%d is placed twice" % (number, index))
            if size is None:
                raise FormatError("check-A4", "line %d: a block placed before the SIZE line" % number)
            if not (x < size[0] and y < size[1]):
                raise FormatError("check-A5", "line %d: BLOCK#%d at (%d,%d) is off the %dx%d board"
                                  % (number, index, x, y, size[0], size[1]))
            positions[index] = Position(x, y)
        elif in_board:
            row = _cells(line, number, PLUS) if line.count(",") < size[0] else ()  # a long row is not split
            if len(row) != size[0] or len(rows) == size[1]:
                raise FormatError("check-A9", "line %d: the board is %dx%d, this row does not fit it"
                                  % (number, size[0], size[1]))
            rows.append(tuple(row))
        else:
            raise FormatError("check-A6", "line %d: unknown line %r" % (number, line[:40]))
    return _answer(ident, size, rows, positions)


def _answer(ident, size, rows, positions):
    """The answer's whole-text checks, in the official checker's order."""
    if not positions:
        raise FormatError("check-A7", "no BLOCK#i @(x,y) line")
    for index in range(1, len(positions) + 1):
        if index not in positions:
            raise FormatError("check-A8", "BLOCK#%d is not placed (blocks 1..%d are)" % (index, len(positions)))
    if len(rows) != size[1]:
        raise FormatError("check-A9", "the board is %dx%d but has %d rows" % (size[0], size[1], len(rows)))
    if ident is None:
        raise FormatError("check-A10", "no answer id line A<id>")
    if ident <= 0:
        raise FormatError("check-A11", "answer id %d: it must be 1 or more" % ident)
    return Answer(ident, size[0], size[1], tuple(rows), tuple(positions[i] for i in range(1, len(positions) + 1)))


def write_answer(answer, newline="\n"):
    """The A text of an `Answer` (rows with '+' for PLUS)."""
    lines = ["A%d" % answer.ident, "SIZE %dX%d" % (answer.width, answer.height)]
    lines += [",".join("+" if v == PLUS else str(v) for v in row) for row in answer.board]
    lines += ["BLOCK#%d @(%d,%d)" % (i, p.x, p.y) for i, p in enumerate(answer.positions, 1)]
    return newline.join(lines) + newline


def block_rows(block):
    """A block's rows as the Q text writes them ('+', numbers, 0 outside the block)."""
    grid = [["0"] * block.width for _ in range(block.height)]
    for cell in block.cells:
        grid[cell.dy][cell.dx] = str(cell.number) if cell.number else "+"
    return [",".join(row) for row in grid]


def write_problem(problem, newline="\n"):
    """The Q text of a `Problem`."""
    lines = ["SIZE %dX%d" % (problem.width, problem.height), "BLOCK_NUM %d" % len(problem.blocks)]
    for block in problem.blocks:
        lines += ["", "BLOCK#%d %dX%d" % (block.index, block.width, block.height)] + block_rows(block)
    return newline.join(lines) + newline
