"""Reading board packs and select lists, writing select lists.

A pack holds boards, each a header line then Y rows of X digits (9 is a mine):

    X Y NAME          ADC2025 form
    X Y MINES NAME    ADC2026 form

Blank lines are optional, LF or CRLF, trailing spaces and a UTF-8 BOM are fine.
A malformed board is reported as one line naming the board and its line number,
and every other board is still read.  Nothing here raises on bad text.

A board name ``board_{X}x{Y}_{MINES}_{SEED}_{MODE}`` tells the mine count and the
safe-cell mode; `name_fields` splits it the way the official page does.
"""

import re
from collections import namedtuple
from functools import lru_cache

from .bitset import popcount
from .geometry import geometry
from .safezone import safe_cells

MINE = 9
MAX_SIDE = 100  # larger boards are refused rather than risk a hang

Board = namedtuple("Board", "width height name cells mines form line")
Board.__doc__ = """One board as read from a pack.

cells -- tuple of width*height digits, row-major; 9 is a mine (hidden: judge only)
mines -- the mine count the header states (2026 form), else None
form  -- 2025 or 2026, the header form it was read in
line  -- 1-based line number of its header in the source (0 if made in code)
"""

NameFields = namedtuple("NameFields", "width height mines seed mode")

# JavaScript's \d and \w are ASCII only (the official regexes carry no 'u' flag): re.ASCII
_HEADER = re.compile(r"^(\d+) +(\d+)", re.ASCII)  # official boardFile.isHeader
_SELECT_HEADER = re.compile(r"^(\d+) +(\d+) +(\w+)", re.ASCII)  # official cellListFile.isHeader
_INT = re.compile(r"^\d+$", re.ASCII)
_JS_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)", re.ASCII)
_JS_PREFIXED = re.compile(r"0([xXoObB])([0-9a-fA-F]+)", re.ASCII)
_JS_INFINITY = re.compile(r"[+-]?Infinity")


def make_board(width, height, name, cells, mines=None, form=2025, line=0):
    """A Board from code (tests, generator); `cells` is any sequence of digits."""
    return Board(width, height, name, tuple(cells), mines, form, line)


def board_header(board):
    """The header line of a board in its own form."""
    if board.form == 2026:
        return "%d %d %d %s" % (board.width, board.height, mine_count(board), board.name)
    return "%d %d %s" % (board.width, board.height, board.name)


def mine_count(board):
    """The number of mines actually on the board."""
    return board.cells.count(MINE)


def format_board(board):
    """Header and digit rows of one board, newline-terminated."""
    w = board.width
    digits = "".join(map(str, board.cells))
    rows = [digits[i : i + w] for i in range(0, len(digits), w)]
    return board_header(board) + "\n" + "\n".join(rows) + "\n"


def format_pack(boards):
    """A pack text: boards separated by blank lines (as the official download)."""
    return "\n".join(format_board(b) for b in boards)


def name_fields(name):
    """Split `board_{X}x{Y}_{MINES}_{SEED}_{MODE}` as the official boardProperty does.

    Returns NameFields with ints for width, height, mines and seed, or None when the
    name does not have that shape (then it tells nothing about the board).
    """
    parts = name.replace("x", "_").split("_")  # the page splits on /[_x]/
    if len(parts) < 6:
        return None
    _, x, y, mines, seed, mode = parts[:6]
    if not (_INT.match(x) and _INT.match(y) and _INT.match(mines) and _INT.match(seed)):
        return None
    return NameFields(int(x), int(y), int(mines), int(seed), mode)


def name_promise_kept(board):
    """Whether the board is what its name says: the name's mine count, and no mine on a
    cell the official safe-cell rule keeps free.  A name that does not describe this
    board (other shape, no such fields) promises nothing and so keeps its promise.

    Official boards always keep it; the player is told to trust the name only then.
    """
    fields = name_fields(board.name)
    if fields is None or (fields.width, fields.height) != (board.width, board.height):
        return True
    if board.cells.count(MINE) != fields.mines:
        return False
    if board.width < 2 or board.height < 2:
        return True
    return all(board.cells[c] != MINE for c in safe_cells(board.width, board.height, fields.mines, fields.mode))


def _lines(text):
    """Source lines with their 1-based numbers, as the official removeEmptyItems sees them.

    A BOM, the CR of CRLF and surrounding space are removed, and every run of inner
    whitespace becomes one space (so a tab-separated header is still a header).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    for number, raw in enumerate(text.split("\n"), 1):
        yield number, _normal(raw)


def parse_header(fields):
    """(width, height, mines, name, form) from header fields, or raise ValueError."""
    if len(fields) < 2:
        raise ValueError("header has no board size")
    width, height = int(fields[0]), int(fields[1])
    if len(fields) >= 4 and _INT.match(fields[2]):
        mines, name, form = int(fields[2]), fields[3], 2026
    elif len(fields) >= 3:
        mines, name, form = None, fields[2], 2025
    else:
        raise ValueError("header has no board name")
    if name[0].isdigit():
        raise ValueError("board name %r starts with a digit" % name)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ValueError("board size %dx%d is outside 1..%d" % (width, height, MAX_SIDE))
    return width, height, mines, name, form


# bytes.translate tables: ASCII digit -> its value, and digit string -> bit string of one digit
_DIGIT_VALUES = bytes(range(256)).translate(bytes.maketrans(b"0123456789", bytes(range(10))))
_ONE_DIGIT = [{ord(str(k)): ord("1" if k == d else "0") for k in range(10)} for d in range(10)]


@lru_cache(maxsize=4)  # the reader and then the judge of a board ask for the same digits
def digit_layers(digits):
    """layers[d]: bitset of the cells showing digit d, for a row-major digit string."""
    backwards = digits[::-1]  # bit 0 is the first cell
    return tuple([int(backwards.translate(_ONE_DIGIT[d]), 2) if str(d) in digits else 0 for d in range(10)])


def _miscounted(layers, geo):
    """Bitset of the cells whose digit is not the number of mines around them.

    The eight neighbour directions of the mine set are added as bitsets into four
    bit planes (a bit-sliced counter), so the check costs a few dozen big-int
    operations per board instead of a loop over cells.
    """
    mines = layers[MINE]
    full, width = geo.all_mask, geo.width
    left = (mines << 1) & geo.not_left  # cells whose left neighbour is a mine
    right = (mines >> 1) & geo.not_right
    planes = [0, 0, 0, 0]
    for row in (mines, left, right):
        for seen in ((row << width) & full, row >> width) if row is mines else (row, (row << width) & full, row >> width):
            carry = seen
            for k in range(4):
                planes[k], carry = planes[k] ^ carry, planes[k] & carry
                if not carry:
                    break
    wrong = 0
    for d in range(MINE):
        if layers[d]:
            equal = full
            for k in range(4):
                equal &= planes[k] if d >> k & 1 else ~planes[k]
            wrong |= layers[d] & ~equal
    return wrong


def _check_board(width, height, name, rows, mines):
    """The cells of a board from its rows, or raise ValueError saying what is wrong."""
    if len(rows) != height:
        raise ValueError("%d rows, header says %d" % (len(rows), height))
    for number, row in rows:
        if not row.isdigit() or not row.isascii():
            raise ValueError("line %d: row is not all digits: %r" % (number, row[:40]))
        if len(row) != width:
            raise ValueError("line %d: %d digits, header says %d" % (number, len(row), width))
    digits = "".join(row for _, row in rows)
    cells = tuple(digits.encode("ascii").translate(_DIGIT_VALUES))
    layers = digit_layers(digits)
    found = popcount(layers[MINE])
    if mines is not None and found != mines:
        raise ValueError("header says %d mines, the board has %d" % (mines, found))
    geo = geometry(width, height)
    wrong = _miscounted(layers, geo)
    if wrong:
        cell = (wrong & -wrong).bit_length() - 1
        actual = sum(cells[n] == MINE for n in geo.neighbours[cell])
        x, y = cell % width, cell // width
        raise ValueError(
            "line %d: cell (%d,%d) says %d but has %d neighbouring mines" % (rows[y][0], x, y, cells[cell], actual)
        )
    return cells


PackIndex = namedtuple("PackIndex", "text starts headers strays counted")
PackIndex.__doc__ = """Where the boards of a pack are, found without parsing any board.

text    -- the pack text (a leading BOM removed)
starts  -- offset in text of each board's header line, in input order
headers -- each board's header line as written (its split() is the header's fields)
strays  -- (line number, text) of the non-blank lines before the first header
counted -- [offset, line number there]: where line numbers were last counted to
           (they are counted only for the boards read, in order)
"""


# Header lines found in the raw text.  A header is a line whose normal form (_normal)
# matches _HEADER.  Packs write headers plainly (no leading blank, single spaces), and
# the plain pattern is five times faster; any other layout takes the general one.
_PLAIN_HEADER = re.compile(r"[0-9]+ [0-9][^\n]*")
_NEXT_PLAIN_HEADER = re.compile(r"\n([0-9]+ [0-9][^\n]*)")
_ANY_HEADER = re.compile(r"^[^\S\n]*[0-9]+[^\S\n]+[0-9][^\n]*", re.MULTILINE)  # [^\S\n]: what split() removes
_NOT_PLAIN = ("\t", "  ", "\n ", "\n\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")


def _header_spans(text):
    """(start, end) of every header line of a pack text, in order."""
    plain = text.isascii() and not text.startswith((" ", "\r")) and not any(s in text for s in _NOT_PLAIN)
    if plain and text.count("\r") == text.count("\r\n"):  # a CR only in line endings
        first = _PLAIN_HEADER.match(text)
        if first:
            yield first.span()
        for match in _NEXT_PLAIN_HEADER.finditer(text):
            yield match.span(1)
    else:
        for match in _ANY_HEADER.finditer(text):
            yield match.span()


def _normal(raw):
    """A source line as the official removeEmptyItems sees it: CR and surrounding
    space removed, every inner run of whitespace one space."""
    return " ".join(raw.split())


def index_pack(text):
    """The PackIndex of a pack text: a regular-expression pass, no board parsed."""
    if text.startswith("\ufeff"):
        text = text[1:]
    starts, headers = [], []
    for start, end in _header_spans(text):
        starts.append(start)
        headers.append(text[start:end])
    before = text[: starts[0]] if starts else text
    strays = [(n, _normal(raw)) for n, raw in enumerate(before.split("\n"), 1) if _normal(raw)]
    return PackIndex(text, starts, headers, strays, [0, 1])


def _line_number(index, offset):
    """1-based line number of a text offset, counted on from the last one asked for."""
    counted = index.counted
    if offset < counted[0]:
        counted[:] = [0, 1]
    counted[1] += index.text.count("\n", counted[0], offset)
    counted[0] = offset
    return counted[1]


def board_at(index, k):
    """(board, None) for the k-th board of a PackIndex, or (None, one-line message)."""
    start = index.starts[k]
    number = _line_number(index, start)
    rows_from = index.text.find("\n", start) + 1 or len(index.text)
    rows_to = index.starts[k + 1] if k + 1 < len(index.starts) else len(index.text)
    rows = []
    for n, raw in enumerate(index.text[rows_from:rows_to].split("\n"), number + 1):
        row = raw.rstrip("\r")
        if not row.isdigit():
            row = _normal(raw)
            if not row:
                continue
        rows.append((n, row))
    return _finish_board(number, index.headers[k].split(), rows)


def iter_pack(text):
    """The boards of a pack in input order, parsed one at a time.

    Yields (board, None) for a well-formed board and (None, message) for a malformed
    one; the message is a single line naming the board and its line.  Lazy, so a
    player under a deadline pays only for the boards it reaches.
    """
    return boards_of(index_pack(text))


def boards_of(index, wanted=None):
    """iter_pack over a PackIndex: first the stray lines' errors, then the k-th board
    for every k with wanted(k) true (every board without `wanted`), parsed when reached."""
    for number, line in index.strays:
        yield None, "line %d: data before any board header: %r" % (number, line[:40])
    for k in range(len(index.starts)):
        if wanted is None or wanted(k):
            yield board_at(index, k)


def _finish_board(number, fields, rows):
    label = fields[3] if len(fields) >= 4 and _INT.match(fields[2]) else (fields[2] if len(fields) >= 3 else "?")
    try:
        width, height, mines, name, form = parse_header(fields)
        cells = _check_board(width, height, name, rows, mines)
    except ValueError as exc:
        return None, "board %s (line %d): %s" % (label, number, exc)
    return Board(width, height, name, cells, mines, form, number), None


def read_pack(text):
    """Every well-formed board of a pack, and one message per malformed one.

    Returns (boards, errors); each error is a single line naming board and line.
    """
    boards, errors = [], []
    for board, error in iter_pack(text):
        if board is None:
            errors.append(error)
        else:
            boards.append(board)
    return boards, errors


# ---------------------------------------------------------------- select lists

SelectEntry = namedtuple("SelectEntry", "width height mines name clicks line")
SelectEntry.__doc__ = """One board of a select list.

clicks -- list of (x, y, line_number) as written (not yet range-checked)
mines  -- the mine count of a four-field header, else None
"""


def js_number(token):
    """JavaScript Number(token) for one whitespace-free token (NaN as None)."""
    try:
        if _JS_DECIMAL.fullmatch(token):
            return float(token)
        prefixed = _JS_PREFIXED.fullmatch(token)
        if prefixed:
            base = {"x": 16, "o": 8, "b": 2}[prefixed.group(1).lower()]
            value = int(prefixed.group(2), base)
            try:
                return float(value)
            except OverflowError:  # JavaScript rounds it to Infinity
                return float("inf")
        if _JS_INFINITY.fullmatch(token):
            return float("-inf") if token[0] == "-" else float("inf")
    except ValueError:  # a digit outside the base, e.g. '0b2' or '0o9'
        return None
    return None


def js_index(token):
    """The coordinate a select-list token names, or None when the official page refuses it.

    The page takes Number(token) and accepts it only when its string form is all
    digits: so '03' and '+3' and '0x3' mean 3, while '-1', '3.5' and 'a' are refused.
    """
    value = js_number(token)
    if value is None or value != value or value < 0 or value >= 1e21:
        return None
    if value != int(value):
        return None
    return int(value)


def read_select(text):
    """Parse a select list.  Returns (entries, errors).

    Headers follow the official rule: a line starting with two integers and another
    field.  The name is the third field, or the fourth when the third is a mine count.
    A click line must be two integers (as JavaScript reads them); anything else is an
    error, which makes the official page reject the whole file.
    """
    entries, errors = [], []
    refused_header = False  # the clicks under a header that could not be read are skipped
    for number, line in _lines(text):
        if not line:
            continue
        fields = line.split()
        if _SELECT_HEADER.match(line):
            try:  # int() refuses over 4300 digits on CPython 3.11+
                width, height = int(fields[0]), int(fields[1])
                if len(fields) >= 4 and _INT.match(fields[2]):
                    mines, name = int(fields[2]), fields[3]
                else:
                    mines, name = None, fields[2]
            except ValueError:
                errors.append("line %d: board header with an unreadable number: %r" % (number, line[:40]))
                refused_header = True
                continue
            refused_header = False
            entries.append(SelectEntry(width, height, mines, name, [], number))
            continue
        if refused_header:
            continue
        if not entries:
            errors.append("line %d: click before any board header: %r" % (number, line[:40]))
            continue
        if len(fields) < 2:
            errors.append("line %d: a click needs two integers <x> <y>: %r" % (number, line[:40]))
            continue
        x, y = js_index(fields[0]), js_index(fields[1])
        if x is None or y is None:
            errors.append("line %d: not a cell location: %r" % (number, line[:40]))
            continue
        entries[-1].clicks.append((x, y, number))
    return entries, errors


def format_select(header, clicks):
    """One board's select list: its header line, then one `x y` line per click."""
    return header + "\n" + "".join("%d %d\n" % xy for xy in clicks)
