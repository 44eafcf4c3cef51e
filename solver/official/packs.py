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

import re
from collections import namedtuple
from itertools import repeat

from ..grid.bitset import popcount
from ..grid.geometry import geometry
from ..grid.planes import digit_planes, mines_of, miscounted
from .board import Board, board_header
from .lines import find_odd_space, is_count, normal_line, spaced_marks
from .selects import name_reads_back

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


class LineNumbers:
    """The 1-based line number of each header of a pack, counted as far as asked.

    Boards are read in order, so each number is counted on from the last one (the
    rows between, plus the line break before the header): counting every line of a
    big pack up front costs more than the boards a run reaches.
    """

    __slots__ = ("_rows", "_first", "_k", "_line")

    def __init__(self, rows, first):
        self._rows, self._first = rows, first
        self._k, self._line = 0, first

    def after_last(self):
        """The line number of the line after the last board's rows (where a header that
        followed them would be)."""
        if not self._rows:
            return self._first
        return self.of(len(self._rows) - 1) + self._rows[-1].count("\n") + 1

    def of(self, k):
        """The line number of header k."""
        if k < self._k:
            self._k, self._line = 0, self._first
        self._line += (k - self._k) + sum(map(str.count, self._rows[self._k : k], repeat("\n")))
        self._k = k
        return self._line


PackIndex = namedtuple("PackIndex", "headers rows strays lines complete rest")
PackIndex.__doc__ = """Where the boards of a pack are, found without parsing any board.

headers -- each board's header line as written (its split() is the header's fields)
rows    -- the text after each header line up to the next one: its line break, the
           board's rows and whatever else lies there (the line break before the next
           header is not in it)
strays  -- [(line number, normal text, count of the non-blank lines after it)] of the
           first non-blank line before the first header ([] when there is none)
lines   -- the LineNumbers of the headers
complete -- False when only the first boards were indexed (index_pack's `more`)
rest    -- where the text not indexed begins (the line break before a header), or None
"""


# Header lines found in the raw text.  A header is a line whose normal form (normal_line)
# starts with two integers (the official boardFile.isHeader).  Packs write headers
# plainly (no leading blank, single spaces): then one split on the plain pattern gives
# every header and the text between them at once, in about half the time of a loop
# over the matches.  Any other layout takes the general pattern (compiled on first use, by
# re, which keeps it: most runs never need it, and compiling it at import costs every start).
_NEXT_PLAIN_HEADER = re.compile(r"\n([0-9]+ [0-9][^\n]*)")
_ANY_HEADER = r"(?m)^[^\S\n]*[0-9]+[^\S\n]+[0-9][^\n]*"  # [^\S\n]: what split() removes
_NOT_PLAIN = ("\t", "  ", "\n ", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")


def _plain(text):
    """Whether the text is laid out plainly: headers are then matched by the plain pattern."""
    return (
        text.isascii()
        and not text.startswith((" ", "\r"))
        and not any(s in text for s in _NOT_PLAIN)
        and text.count("\r") == text.count("\r\n")  # a CR only in line endings
        # a line starts with a CR only as a blank CRLF line (the official downloads' layout)
        and text.count("\n\r") == text.count("\n\r\n")
    )


INDEX_CHUNK = 1 << 21  # characters of a pack indexed between two calls of `more`


def index_pack(text, more=None, after=None):
    """The PackIndex of a pack text: one regular-expression pass, no board parsed.

    more  -- called with no argument between chunks: the pack is indexed chunk by
             chunk (each cut where a header begins) and no further chunk is started
             once more() is false, so a huge pack leaves time to play (the contest's
             deadline: contest.clock.before); `rest` says where the boards not indexed
             begin.
    after -- a PackIndex of this text that stopped short: the boards after it.
    """
    begin = first_line = shift = 0  # shift: a leading byte-order mark left out of `text`
    if after is not None:
        begin, first_line = after.rest, after.lines.after_last()
    elif text.startswith("\ufeff"):
        text, shift = text[1:], 1
    parts, rest = None, None
    if after is not None or (more is not None and len(text) - begin > INDEX_CHUNK):
        parts, rest = _split_while(text, more, begin)
    elif _plain(text):
        parts = _NEXT_PLAIN_HEADER.split("\n" + text)  # [before, header, rows, header, rows, ...]
    if parts is not None:
        before, headers, rows = parts[0], parts[1::2], parts[2::2]
    else:  # a plain pack is ASCII: only here can a byte-order mark be found
        marked = spaced_marks(text)  # (one character for one: the offsets hold)
        spans, rest = _header_spans(marked, more, begin)
        headers = [marked[start:end] for start, end in spans]
        ends = [start - 1 for start, _ in spans[1:]] + [len(marked) if rest is None else rest]
        rows = [marked[end:stop] for (_, end), stop in zip(spans, ends)]  # each up to the next header's line break
        if after is not None:  # begins with the line break before a header
            before = ""
        elif not spans:  # (up to where the index stopped)
            before = "\n" + marked[begin : len(marked) if rest is None else rest]
        else:  # as the split gives it: "" for a header on the first line
            before = "\n" + marked[begin : spans[0][0] - 1] if spans[0][0] > begin else ""
    # before: the text ahead of the first header's line break, behind one more line break
    strays = []
    if before.strip():
        lines = before.split("\n")[1:]
        first = next(n for n, raw in enumerate(lines) if raw.strip())
        strays.append((first + 1, normal_line(lines[first]), _blank_free(lines[first + 1 :])))
    first = first_line or before.count("\n") + 1
    return PackIndex(headers, rows, strays, LineNumbers(rows, first), rest is None, None if rest is None else rest + shift)


def _header_spans(text, more, begin=0):
    """(spans, rest): the (start, end) of every header line of a text of any layout from
    `begin` on, found chunk by chunk while more() is true (None: all at once); rest is
    where the line break before the first header not found is (None when every one
    was).  A chunk ends where a header line begins, so a cut index holds whole boards."""
    any_header = re.compile(_ANY_HEADER)
    if more is None and not begin:
        return [match.span() for match in any_header.finditer(text)], None
    spans, start = [], begin
    while True:
        cut = any_header.search(text, start + max(2, INDEX_CHUNK))  # past a header at start + 1
        end = cut.start() if cut else len(text)
        spans.extend(match.span() for match in any_header.finditer(text, start, end))
        if cut is None:
            return spans, None
        if more is not None and not more():
            return spans, end - 1
        start = end


def _split_while(text, more, begin=0):
    """(parts, rest): the plain split of `text` from `begin` on, made chunk by chunk while
    more() is true (None: to the end); parts is None if a chunk is not laid out plainly; rest
    is where the line break before the first header not reached is (None when the
    whole text was split).  `begin` is 0 or such a line break.

    A chunk ends where a header line begins, so the pieces are those one split of the
    whole text gives and the last board of a cut index is whole.  Each chunk is checked
    with the line break that follows it: the checks overlap by that one character, so
    every pair of neighbouring characters is seen and together they say what _plain
    says of the whole text (docs/measurements.md, "A huge pack")."""
    parts, start = [], begin
    while True:
        if not _plain(_opening(text, start)):  # a text not laid out plainly may hold no plain
            return None, None  # header up to its end: the search below would scan it all
        cut = _NEXT_PLAIN_HEADER.search(text, start + INDEX_CHUNK)
        end = cut.start() if cut else len(text)  # the line break before a header
        if not _plain(text[start : end + 1]):
            return None, None
        if parts or start:  # the chunk begins with a header's line break: its split begins with ""
            pieces = _NEXT_PLAIN_HEADER.split(text[start:end])
            parts.extend(pieces[1:] if parts else [""] + pieces[1:])
        else:
            parts = _NEXT_PLAIN_HEADER.split("\n" + text[:end])
        if cut is None:
            return parts, None
        if more is not None and not more():
            return parts, end
        start = end


PLAIN_OPENING = 1 << 16  # characters of a chunk checked before its end is searched


def _opening(text, start):
    """The first PLAIN_OPENING characters of the text from `start`, on to the end of the
    line (a CRLF is never cut in two, so _plain says of it what it says of the whole)."""
    stop = text.find("\n", start + PLAIN_OPENING)
    return text[start:] if stop < 0 else text[start : stop + 1]


def _blank_free(lines):
    """How many of the lines are not blank."""
    return sum(1 for raw in lines if raw.strip())


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


def _skipped(more, before):
    """The tail of a stray-lines message: how many more lines go with the first one."""
    return "; %d more line%s skipped before %s" % (more, "s"[: more != 1], before) if more else ""


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
        digits = _plain_digits(index.rows[k], width, height)
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
    if height is not None and len(rows) > height:
        line, row = rows[height]
        before = "the next header" if k + 1 < len(index.headers) else "the end"
        stray = "line %d: not part of board %s (line %d), whose %d rows end at line %d: %r%s" % (
            line, _label(fields), number, height, rows[height - 1][0], row[:40],
            _skipped(len(rows) - height - 1, before),
        )
        del rows[height:]
    if refused is None:
        try:
            return Board(width, height, name, _check_board(width, height, rows, mines), mines, form, number), None, stray
        except ValueError as exc:
            refused = exc
    return None, "board %s (line %d): %s" % (_label(fields), number, refused), stray


def stray_messages(index):
    """The message for lines before the first header, if any ([] or one line)."""
    messages = []
    for number, line, more in index.strays:
        before = "the first header" if index.headers else "the end"
        messages.append("line %d: data before any board header: %r%s" % (number, line[:40], _skipped(more, before)))
    return messages


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


