"""Board packs as text: finding the boards of a pack, reading one, writing packs.

A pack holds boards, each a header line then Y rows of X digits (9 is a mine):

    X Y NAME          ADC2025 form
    X Y MINES NAME    ADC2026 form

Blank lines are optional, LF or CRLF, trailing spaces and a UTF-8 BOM are fine (a BOM
anywhere is a space, as the official page reads it: packs joined with a BOM between
them lose no board).
A malformed board is reported as one line naming the board and its line number,
and every other board is still read.  A board is complete after its Y rows: lines
after them that start no board (a stray row, '-3 3 name', 'a 6 name') are reported
on their own, one line per run of them, and never cost the board before.  Nothing
here raises on bad text.  A big pack is indexed first (one regular-expression pass
over its headers) and a board is parsed only when it is asked for, so a player
under a deadline pays only for the boards it reaches.  No clock is read here: a
caller that must stop indexing a huge pack says when (`index_pack`'s `more`).
"""

from ..grid.bitset import popcount
from ..grid.geometry import geometry
from ..grid.planes import digit_planes, mines_of, miscounted
from .board import Board, board_header
from .lines import find_odd_space, is_count, normal_line
from .packindex import index_pack
from .selects import name_reads_back
from .strays import skipped_lines, stray_messages

MAX_SIDE = 100  # larger boards are refused rather than risk a hang



def format_board(board):
    """Header and digit rows of one board, newline-terminated."""
    w, digits = board.width, board.digits
    rows = [digits[i : i + w] for i in range(0, len(digits), w)]
    return board_header(board) + "\n" + "\n".join(rows) + "\n"


def format_pack(boards):
    """A pack text: boards separated by blank lines (as the official download)."""
    return "\n".join(format_board(b) for b in boards)


def _plain_count(field, what):
    """The value of a header field of ASCII digits, or raise ValueError saying what is wrong
    (never int()'s own words, such as its limit of 4,300 digits)."""
    if len(field) < 10 and field.isdigit() and field.isascii():
        return int(field)
    if not is_count(field):
        raise ValueError("%s %r is not a whole number" % (what, field[:20]))
    if len(field.lstrip("0")) > 9:  # no board comes near: refuse before int() sees it
        raise ValueError("%s %s... (%d digits) is too large" % (what, field[:9], len(field)))
    return int(field)


def parse_header(fields):
    """(width, height, mines, name, form) from header fields, or raise ValueError.

    The name must be one the official select-list reader reads back: under an ADC2025
    header ``X Y NAME`` it has to start with an ASCII letter, digit or '_' (a name such
    as '+plus' or '(x)' makes the page read the header line as a click and reject the
    whole select list); a name starting with a digit is refused in both forms, since
    ``X Y 12 abc`` would then read as an ADC2026 header.
    """
    if len(fields) < 2:
        raise ValueError("header has no board size")
    width, height = _plain_count(fields[0], "width"), _plain_count(fields[1], "height")
    if len(fields) >= 4 and is_count(fields[2]):
        mines, name, form = _plain_count(fields[2], "mine count"), fields[3], 2026
    elif len(fields) >= 3:
        mines, name, form = None, fields[2], 2025
    else:
        raise ValueError("header has no board name")
    if name[0].isdigit():
        raise ValueError("board name %r starts with a digit" % name[:40])
    if form == 2025 and not name_reads_back(name):
        raise ValueError(
            "board name %r does not start with an ASCII letter or '_': the official page "
            "would read its select-list header as a click and reject the file" % name[:40]
        )
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ValueError("board size %dx%d is outside 1..%d" % (width, height, MAX_SIDE))
    return width, height, mines, name, form


def _header_height(fields):
    """The row count a header states when its size is usable, else None: a board is
    complete after that many rows even when its name or mine count is refused."""
    try:
        width, height = _plain_count(fields[0], "width"), _plain_count(fields[1], "height")
    except (ValueError, IndexError):
        return None
    return height if 1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE else None


def _check_spaces(header):
    """Raise ValueError when the header holds a character that Python's split() and the
    official page's \\s disagree on: the page would read another name than ours (it
    keeps '\\x85' inside a name), so our select-list header would
    name a board the page does not have."""
    odd = find_odd_space(header)
    if odd is not None:
        raise ValueError("header holds %r, which the official page and this reader split differently" % odd.group())


def _check_board(width, height, rows, mines):
    """The digit string of a board from its rows, or raise ValueError saying what is wrong."""
    if len(rows) != height:
        raise ValueError("%d rows, header says %d" % (len(rows), height))
    for number, row in rows:
        if not row.isdigit() or not row.isascii():
            raise ValueError("line %d: row is not all digits: %r" % (number, row[:40]))
        if len(row) != width:
            raise ValueError("line %d: %d digits, header says %d" % (number, len(row), width))
    return _check_digits(width, height, "".join(row for _, row in rows), mines, lambda y: rows[y][0])


def _check_digits(width, height, digits, mines, row_line):
    """The digits of a board if the mine count and every digit agree with its mines, or
    raise ValueError saying what is wrong (row_line(y): the line number of row y)."""
    planes = digit_planes(digits)
    if mines is not None:
        found = popcount(mines_of(planes))
        if found != mines:
            raise ValueError("header says %d mines, the board has %d" % (mines, found))
    geo = geometry(width, height)
    wrong = miscounted(geo, planes)
    if wrong:
        cell = (wrong & -wrong).bit_length() - 1
        actual = sum(digits[n] == "9" for n in geo.neighbours[cell])
        x, y = cell % width, cell // width
        raise ValueError(
            "line %d: cell (%d,%d) says %s but has %d neighbouring mines" % (row_line(y), x, y, digits[cell], actual)
        )
    return digits


def _plain_digits(rows, width, height):
    """The digits of a board whose rows are written plainly under its header (`rows`:
    the text after the header line, PackIndex.rows): exactly `height` rows of `width`
    digits, LF or CRLF, then nothing but line breaks; else None (the line-by-line
    reading then says what is wrong).  String slices, no loop over the rows."""
    body = rows.rstrip("\r\n")[1:]  # the rows begin with the header's line break
    if len(body) == width * height + height - 1:
        if body[width :: width + 1] != "\n" * (height - 1):
            return None
        digits = body.replace("\n", "")
    elif len(body) == width * height + 2 * (height - 1):
        if body[width :: width + 2] != "\r" * (height - 1) or body[width + 1 :: width + 2] != "\n" * (height - 1):
            return None
        digits = body.replace("\r\n", "")
    else:
        return None
    return digits if len(digits) == width * height and digits.isdigit() and digits.isascii() else None


def header_name(fields):
    """The board name a header's fields give (None when there is none), whether or not
    the board under it reads."""
    if len(fields) >= 4 and is_count(fields[2]):
        return fields[3]
    return fields[2] if len(fields) >= 3 else None


def _label(fields):
    """The board name a header's fields give, for messages ('?' when there is none)."""
    name = header_name(fields)
    return "?" if name is None else name[:40]


def read_board(index, k):
    """(board, error, stray) for the k-th board of a PackIndex: the board, or None and
    a one-line message saying why it is refused; and a message for the lines between
    its last row and the next header (None when there are none).

    A header whose size reads is complete after its Y rows: what follows them (a stray
    row, a line such as '-3 3 name' that is no header) is reported on its own and
    costs the board nothing.  Under a header whose size does not read, every line up
    to the next header goes with it.
    """
    number = index.lines.of(k)
    header = index.headers[k]
    fields = header.split()
    try:
        _check_spaces(header)
        width, height, mines, name, form = parse_header(fields)
    except ValueError:
        pass  # the line-by-line reading below says what is wrong
    else:
        tail = index.tails.get(k)
        digits = _plain_digits(index.rows[k], width, height) if tail is None or tail.first is None else None
        if digits is not None:  # the official downloads' layout: no loop over the rows
            try:
                digits = _check_digits(width, height, digits, mines, lambda y: number + 1 + y)
            except ValueError as exc:
                return None, "board %s (line %d): %s" % (_label(fields), number, exc), None
            return Board(width, height, name, digits, mines, form, number), None, None
    rows = []
    for n, raw in enumerate(index.rows[k][1:].split("\n"), number + 1):
        row = raw.rstrip("\r")
        if not row.isdigit():
            row = normal_line(raw)
            if not row:
                continue
        rows.append((n, row))
    try:
        _check_spaces(header)
        width, height, mines, name, form = parse_header(fields)
    except ValueError as exc:
        height, refused = _header_height(fields), exc
    else:
        refused = None
    stray = None
    tail = index.tails.get(k)
    if height is not None and height and len(rows) >= height and (len(rows) > height or tail and tail.first):
        if len(rows) > height:  # the first line past its rows is among the lines kept...
            (line, row), more = rows[height], len(rows) - height - 1 + (tail.filled if tail else 0)
        else:  # ...or beyond them (Tail: counted, not kept)
            line, row, more = number + index.rows[k].count("\n") + tail.first_line, tail.first, tail.after
        before = "the next header" if k + 1 < len(index.headers) else "the end"
        stray = "line %d: not part of board %s (line %d), whose %d rows end at line %d: %r%s" % (
            line, _label(fields), number, height, rows[height - 1][0], row[:40], skipped_lines(more, before))
        del rows[height:]
    if refused is None:
        try:
            return Board(width, height, name, _check_board(width, height, rows, mines), mines, form, number), None, stray
        except ValueError as exc:
            refused = exc
    return None, "board %s (line %d): %s" % (_label(fields), number, refused), stray


def board_at(index, k):
    """(board, error) for the k-th board of a PackIndex: the board, or None and the
    one-line message saying why the reader refuses it."""
    return read_board(index, k)[:2]


def iter_pack(text):
    """The boards of a pack in input order, parsed one at a time.

    Yields (board, None) for a well-formed board and (None, message) for a malformed
    one or for lines that belong to no board; each message is a single line naming
    the board and its line.  Lazy, so a player under a deadline pays only for the
    boards it reaches.
    """
    return boards_of(index_pack(text))


def boards_of(index, wanted=None):
    """iter_pack over a PackIndex: first the error for lines before the first header,
    then the k-th board for every k with wanted(k) true (every board without `wanted`),
    parsed when reached, each followed by the error for stray lines after it if any."""
    for message in stray_messages(index):
        yield None, message
    for k in range(len(index.headers)):
        if wanted is None or wanted(k):
            board, error, stray = read_board(index, k)
            yield board, error
            if stray is not None:
                yield None, stray


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


