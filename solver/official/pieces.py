"""A pack cut into pieces of whole boards, each small enough for one paiza.IO run.

paiza.IO limits what one run may be given (the limit is not published; an ADC2025
entrant ran 213 KB and was refused 1.5 MB), so the ADC2026 entrants cut the 1.9 MB
official pack into files of about 12,400 lines and ran each on its own.  A piece
here is a stretch of the pack's own bytes that begins where a board's header line
begins (the first piece at the pack's first byte, so text before the first board
stays with it): the pieces, joined in order, are the pack byte for byte, with its
line endings, blank lines and byte-order mark as they were.

>>> pack = b"4 4 2 a\\n0000\\n1100\\n9100\\n1100\\n\\n4 4 2 b\\n0000\\n0000\\n0000\\n0000\\n"
>>> [(piece.boards, piece.lines, len(piece.data)) for piece in cut_pack(pack, max_lines=6)]
[(1, 6, 29), (1, 5, 28)]
>>> b"".join(piece.data for piece in cut_pack(pack, max_lines=6)) == pack
True
"""

import re
from collections import namedtuple

# A header line: what the official reader takes for one (two integers first), as
# packs.index_pack finds them, over bytes (any ASCII-compatible encoding).
_HEADER = re.compile(rb"^[ \t\x0b\x0c\r]*[0-9]+[ \t\x0b\x0c\r]+[0-9][^\n]*", re.MULTILINE)
_WIDE_MARKS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")  # UTF-16 and UTF-32: not cut here
_LONE_CR = re.compile(rb"\r(?!\n)")

DEFAULT_MAX_LINES = 12400  # the ADC2026 entrants' pieces (team bomer: 11 files of about 12,400 lines)

Piece = namedtuple("Piece", "data boards lines")
Piece.__doc__ = """One piece of a pack: its bytes, the boards (header lines) in it and its lines."""

Oversized = namedtuple("Oversized", "line lines size")
Oversized.__doc__ = """A board that alone passes a piece's bounds: its header's line number in
the pack, its lines (header and rows, with the blank lines after it) and its bytes."""


class CannotCut(ValueError):
    """The pack cannot be cut as asked; the message says why in one line."""


def board_starts(data):
    """The offsets at which the header lines of a pack's bytes begin, in order."""
    if data.startswith(_WIDE_MARKS):
        raise CannotCut("the pack is saved as UTF-16 or UTF-32: save it as UTF-8 or ASCII to cut it")
    lone = _LONE_CR.search(data)
    if lone is not None and len(_LONE_CR.findall(data)) > data.count(b"\n"):
        raise CannotCut("line %d: the pack's lines end with lone CRs (old Mac line ends), which its readers and the "
                        "official page take for spaces: one line, no board; convert it with tr '\\r' '\\n'" % (
                            data.count(b"\n", 0, lone.start()) + 1))
    return [match.start() for match in _HEADER.finditer(data)]


def content_end(data):
    """Where the blank lines at the end of a pack begin (its length when there are
    none): they hold no board, so they count against no piece."""
    stripped = data.rstrip(b" \t\r\n\x0b\x0c")
    if len(stripped) == len(data):
        return len(data)
    newline = data.find(b"\n", len(stripped))
    return len(data) if newline < 0 else newline + 1


def cut_pack(data, max_lines=DEFAULT_MAX_LINES, max_bytes=None):
    """The Pieces of a pack's bytes: as many whole boards each as fit in
    `max_lines` lines and `max_bytes` bytes (None: no byte bound), in pack order.

    CannotCut when the pack holds no board, or when a single board passes the bounds
    (it could not be given to a run whole)."""
    headers = board_starts(data)
    if not headers:
        raise CannotCut("the file holds no board header (a line starting with two whole numbers)")
    starts = [0] + headers[1:]  # the text before the first board goes with it
    ends = headers[1:] + [content_end(data)]  # (the last piece holds the blank lines after: uncounted)
    pieces, first, lines, size = [], 0, 0, 0
    for k, (start, end) in enumerate(zip(starts, ends)):
        board_lines = data.count(b"\n", start, end) + (end == len(data) and not data.endswith(b"\n"))
        board_size = end - start
        if board_lines > max_lines or (max_bytes is not None and board_size > max_bytes):
            line = data.count(b"\n", 0, headers[k]) + 1
            raise CannotCut(_oversized_message(Oversized(line, board_lines, board_size), max_lines, max_bytes))
        if k > first and (lines + board_lines > max_lines or (max_bytes is not None and size + board_size > max_bytes)):
            pieces.append(Piece(data[starts[first] : start], k - first, lines))
            first, lines, size = k, 0, 0
        lines += board_lines
        size += board_size
    pieces.append(Piece(data[starts[first] :], len(starts) - first, lines))
    return pieces


def _oversized_message(board, max_lines, max_bytes):
    bound = "%d lines" % max_lines if board.lines > max_lines else "%d bytes" % max_bytes
    return "the board at line %d takes %d lines (%d bytes), more than a piece may hold (%s)" % (
        board.line, board.lines, board.size, bound)


def piece_names(count):
    """The file names of `count` pieces, numbered from 1 with zeros in front so that they
    sort in order: piece01.txt ... piece11.txt (three digits from 100 pieces on)."""
    width = max(2, len(str(count)))
    return ["piece%0*d.txt" % (width, k) for k in range(1, count + 1)]
