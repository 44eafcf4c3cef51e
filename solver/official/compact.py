"""The compact form of a pack: the same boards in a tenth of the bytes, read without parsing.

A pack's text spends a character and more on every cell, though what a board holds
is its size, its name and where its mines are: every digit follows from the mines
(the pack reader refuses a board whose digits do not).  The compact form keeps just
that, so a pack too big for paiza.IO's input fits (the official ADC2026 pack: 1.9 MB
of text, about 180 KB compact), and a run reads each board's mines as one integer
instead of parsing and checking its rows.

The form is ASCII text, pasteable into an input box (official/compacting.py writes it):

    %adc-compact-pack 1 boards 10000 chunks 10 codec lzma layout crlf 1 0 exact 1 crc 6c0f2a51
    chunk 0 boards 1000 bytes 15480 packed 14032 crc 0d7a33e1
    <the packed bytes in base 85, at most LINE_CHARACTERS to a line>
    chunk 1 ...

The first line (MAGIC, the version, the boards, the chunks, the codec, the layout of
the text it was made from and whether that text comes back byte for byte, and a CRC
of the line itself) makes every reader of packs take the file as compact.  Boards
go into chunks of at most CHUNK_MOST_BOARDS, each compressed on its own (`codec`: lzma, or
zlib where lzma is missing) and checked by the CRC-32 of its bytes, so a damaged file
loses only the chunks it damages: `read_compact` plays what is proven intact and says
what was lost.  A chunk's bytes are columns (official/columns.py): each board's kind
(header form, whether its name is the official one, the name's mode), widths,
heights, mine counts, the seeds of official names as what they add to the previous
seed past its mine count (the official generator's draws: a handful of values),
other names as they are, then each board's mines, one bit a cell.

>>> from .board import make_board
>>> from .compacting import compact_boards
>>> board = make_board(3, 1, "board_3x1_1_1_none", [9, 1, 0], mines=1, form=2026)
>>> packed = compact_boards([board])
>>> packed.startswith(MAGIC)
True
>>> read = read_compact(packed)
>>> read.board(0).digits, read.name(0), read.lost, read.messages
('910', 'board_3x1_1_1_none', 0, [])

Only the judge and the writers of packs read a board's mines: the player gets what
the judge reveals (official/judge.py), as from a text pack.
"""

import re
import zlib
from collections import namedtuple
from itertools import accumulate, compress, repeat
from operator import is_

from ..grid.geometry import geometry
from ..grid.planes import digits_of, planes_of_mines
from .board import Board, board_header, name_facts
from .columns import read_columns

MAGIC = "%adc-compact-pack"
VERSION = 1
CHUNK_MOST_BOARDS = 2000  # boards a chunk at most...
CHUNK_MOST_CELLS = 1 << 21  # ...and cells (a chunk's bytes stay under a megabyte)
LINE_CHARACTERS = 1000  # of base 85 to a line
FIRST_LINE_MOST = 300  # characters of the first line read (a longer one is damaged)
CODECS = ("lzma", "zlib")
# What a chunk may unpack to, per board: its columns and its mines (a 100 x 100 board at most)
MOST_BYTES_A_BOARD = 16 + 100 * 100 // 8

# Base 85 on little-endian groups of four bytes: five characters a group, first the
# highest digit.  The alphabet leaves out space, quotes, backslash, backquote, <, >, &,
# comma and full stop, so the text survives a shell, a web form and a spreadsheet.
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+-/:;=?@[]^_{|}~"
_VALUES = bytes(ALPHABET.index(c) if c in ALPHABET else 255 for c in map(chr, range(256)))

# lzma on raw LZMA2, literal coding with no context: the mines are near-random bits
# whose density changes board by board (docs/design.md, "The compact form")
LZMA_OPTIONS = {"lc": 0, "lp": 0, "pb": 0, "dict_size": 1 << 22}

# The patterns are strings that `re` compiles on first use and keeps: a run of a text
# pack needs neither, and compiling them at import cost every start half a millisecond.
_FIRST_LINE = (
    r"%s (\d{1,9}) boards (\d{1,9}) chunks (\d{1,9}) codec (\w+) layout (lf|crlf) (\d) (\d) exact ([01]) crc ([0-9a-f]{8})$"
    % re.escape(MAGIC)
)
# a chunk's line, with the line break before it (a literal start: the search skips ahead
# at C speed through megabytes of garbage, where a ^ of MULTILINE tries every character)
_CHUNK_LINE = r"\nchunk (\d{1,9}) boards (\d{1,9}) bytes (\d{1,10}) packed (\d{1,10}) crc ([0-9a-f]{8})[ \t\r]*(?=\n|\Z)"

Layout = namedtuple("Layout", "eol gap tail")
Layout.__doc__ = """How a pack's text is laid out: its line break ("\\n" or "\\r\\n"), the blank
lines between two boards, and the line breaks after the last row."""

OFFICIAL_DOWNLOAD = Layout("\n", 1, 2)  # the page's pack download (generator.pack_text)
LAYOUTS = (OFFICIAL_DOWNLOAD, Layout("\r\n", 1, 0), Layout("\n", 1, 1), Layout("\r\n", 1, 2), Layout("\r\n", 1, 1),
           Layout("\n", 0, 1), Layout("\r\n", 0, 1), Layout("\n", 1, 0), Layout("\n", 0, 0), Layout("\r\n", 0, 0))


class CompactError(ValueError):
    """A text that starts as a compact pack but cannot be read as one at all (another
    version's, an unknown codec): the message says why, in one line."""


def layout_text(boards, layout):
    """The text of `boards` laid out as `layout` says."""
    eol = layout.eol
    parts = []
    for board in boards:
        w = board.width
        rows = [board.digits[i : i + w] for i in range(0, len(board.digits), w)]
        parts.append(eol.join([board_header(board)] + rows))
    return (eol * (layout.gap + 1)).join(parts) + eol * layout.tail if parts else ""


def decode85(text):
    """The bytes of base-85 `text` (a multiple of five characters), or ValueError: the
    five digits of every group are added up at once, each group in a 32-bit lane of one
    integer (a group of a valid text is below 2**32, so no lane carries into the next)."""
    digits = text.encode("ascii", "replace").translate(_VALUES)
    groups = len(digits) // 5
    if groups * 5 != len(digits) or b"\xff" in digits:
        raise ValueError("not base 85")
    total = 0
    lane = bytearray(4 * groups)
    for place in range(5):
        lane[::4] = digits[place::5]
        total = total * 85 + int.from_bytes(lane, "little")
    try:
        return total.to_bytes(4 * groups, "little")
    except OverflowError:
        raise ValueError("a group past 32 bits") from None


def is_compact(text):
    """Whether a text is in the compact form (its first line says so)."""
    return text.startswith(MAGIC) or text.startswith("\ufeff" + MAGIC)


class CompactPack:
    """A compact pack read: its boards (`count`, `board(k)`, `headers`), the Layout and
    exactness it was made with, and what was lost (`lost` boards, one message each in
    `messages`; `lost` is None when the first line cannot tell how many there were)."""

    def __init__(self, chunks, layout, exact, total, messages, unread=0):
        self.layout, self.exact, self.total, self.messages = layout, exact, total, messages
        self.kinds = [kind for chunk in chunks for kind in chunk.kinds]
        self.widths = [w for chunk in chunks for w in chunk.widths]
        self.heights = [h for chunk in chunks for h in chunk.heights]
        self.counts = [c for chunk in chunks for c in chunk.counts]
        self.modes = [mode for chunk in chunks for mode in chunk.modes]
        self.seeds = [seed for chunk in chunks for seed in chunk.seeds]
        self._names = [name for chunk in chunks for name in chunk.names]
        self._maps = [(chunk.maps, offset) for chunk in chunks for offset in chunk.offsets]
        self.count = len(self.kinds)
        self.unread = unread  # boards of the chunks left unread when more() said stop
        self.lost = None if total is None else total - self.count - unread
        between = 1 + (layout.gap if layout is not None else 1)
        self.lines = list(accumulate([1] + [h + between for h in self.heights[:-1]])) if self.count else []
        self._headers = None
        self.strays, self.complete, self.clicks, self.rest = [], True, 0, None  # (as a whole PackIndex has them)

    @property
    def headers(self):
        """Each board's header line, as a text pack would hold it."""
        if self._headers is None:
            self._headers = [_header(self.kinds[k], self.widths[k], self.heights[k], self.counts[k], self.name(k))
                             for k in range(self.count)]
        return self._headers

    def name(self, k):
        """The name of board k."""
        mode = self.modes[k]
        if mode is None:
            return self._names[k]
        return "board_%dx%d_%d_%d_%s" % (self.widths[k], self.heights[k], self.counts[k], self.seeds[k], mode)

    def shape_keys(self):
        """A key for each board: what its header and name tell the player (contest.plan's
        header_facts): (width, height, mine count or None, form, the mode of its name or
        None when the name is no official name of a board of its size)."""
        forms = [2026 if kind & 1 else 2025 for kind in self.kinds]
        keys = list(zip(self.widths, self.heights, self.counts, forms, self.modes))
        for k in compress(range(self.count), map(is_, self.modes, repeat(None))):  # a name written out
            named = name_facts(self.widths[k], self.heights[k], self._names[k])
            mines = self.counts[k] if forms[k] == 2026 else named.mines if named is not None else None
            keys[k] = (self.widths[k], self.heights[k], mines, forms[k], named.mode if named is not None else None)
        return keys

    def mines(self, k):
        """The mines of board k, as a bitset (hidden: the judge's and the writers')."""
        maps, start = self._maps[k]
        return int.from_bytes(maps[start : start + (self.widths[k] * self.heights[k] + 7) // 8], "little")

    def board(self, k, digits=True):
        """Board k, as the text reader would make it.  Without `digits` it carries its
        planes instead (Board.planes), all the judge needs: a run skips writing its
        digits out."""
        width, height, kind = self.widths[k], self.heights[k], self.kinds[k]
        planes = planes_of_mines(geometry(width, height), self.mines(k))
        form = 2026 if kind & 1 else 2025
        mines = self.counts[k] if form == 2026 else None
        if digits:  # (as the text reader makes it: the digits alone)
            return Board(width, height, self.name(k), digits_of(planes, width * height), mines, form, self.lines[k])
        return Board(width, height, self.name(k), None, mines, form, self.lines[k], planes)

    def read_for_play(self, k):
        """(board, error, stray) as packs.read_board gives them, of board k made for play
        (no digits: board(k, digits=False)); a compact pack holds no refused board and
        no stray line."""
        return self.board(k, digits=False), None, None

    def form(self, k):
        """The header form of board k (2025 or 2026)."""
        return 2026 if self.kinds[k] & 1 else 2025

    def boards(self):
        """Every board, in order."""
        return [self.board(k) for k in range(self.count)]

    def expand(self):
        """The text of the boards as the Layout says: byte for byte the pack compacted,
        when `exact` and nothing was lost."""
        return layout_text(self.boards(), self.layout or OFFICIAL_DOWNLOAD)


def _header(kind, width, height, count, name):
    if kind & 1:
        return "%d %d %d %s" % (width, height, count, name)
    return "%d %d %s" % (width, height, name)


def read_compact(text, more=None):
    """The CompactPack of a compact text (is_compact), or CompactError when it cannot
    be read at all (another version's, an unknown codec).  Damage costs the chunks it
    touches: a chunk whose line, length, packing or CRC is wrong is left out, with one
    message naming it and its line; text after a second first line (two packs joined)
    is left out with one message.  more(), if given, is asked between chunks (the first
    is always read: a run whose deadline passed while it started still has boards to
    play): once it is false the chunks not yet read are left out, with one message (a
    run's deadline: a file of garbage costs its time, not the run's).  Time and memory grow with the
    text once, whatever it holds: no line is copied longer than a chunk's data."""
    at = 1 if text.startswith("\ufeff") else 0
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    first = text[at : min(end, at + FIRST_LINE_MOST)].rstrip()
    joined = text.find("\n" + MAGIC, end)
    body_end = len(text) if joined < 0 else joined
    messages = []
    fields = re.compile(_FIRST_LINE).match(first)
    total = layout = None
    exact, codec = False, "lzma"
    if fields is None or "%08x" % zlib.crc32(first[: first.rfind(" crc ")].encode("ascii", "replace")) != fields.group(9):
        version = first[len(MAGIC) :].split()[:1]
        if version and version[0] != str(VERSION) and version[0].isdigit():
            raise CompactError("a compact pack of version %s: this reader reads version %d (make it again with "
                               "`python -m solver compact`)" % (version[0][:9], VERSION))
        messages.append("line 1: the compact pack's first line is damaged: its layout and board count are unknown")
        codec = "lzma" if "codec lzma" in first else "zlib" if "codec zlib" in first else "lzma"
    else:
        if int(fields.group(1)) != VERSION:
            raise CompactError("a compact pack of version %s: this reader reads version %d" % (fields.group(1), VERSION))
        total, codec = int(fields.group(2)), fields.group(4)
        if codec not in CODECS:
            raise CompactError("a compact pack packed by %r: this reader knows %s" % (codec[:20], ", ".join(CODECS)))
        layout = Layout("\r\n" if fields.group(5) == "crlf" else "\n", int(fields.group(6)), int(fields.group(7)))
        exact = fields.group(8) == "1"
    unpack = _unpacker(codec)
    chunks, unread = _read_chunks(text, end, body_end, unpack, messages, more)
    if joined >= 0:
        messages.append("line %d: a second compact pack starts here (two files joined?): it is left out"
                        % (text.count("\n", 0, joined) + 2))
    return CompactPack(chunks, layout, exact and not messages and not unread, total, messages, unread)


def _unpacker(codec):
    """unpack(data, size) -> the bytes, at most size + 1 of them (a bomb stops there)."""
    if codec == "zlib":
        return lambda data, size: zlib.decompressobj(-15).decompress(data, size + 1)
    try:
        import lzma
    except ImportError:  # a Python built without it
        raise CompactError("this Python has no lzma module: make the compact pack with --codec zlib") from None
    filters = [dict(LZMA_OPTIONS, id=lzma.FILTER_LZMA2)]
    return lambda data, size: lzma.LZMADecompressor(lzma.FORMAT_RAW, None, filters).decompress(data, size + 1)


def _read_chunks(text, start, end, unpack, messages, more=None):
    """(the Chunks proven intact between `start` and `end`, in order; the boards of the
    chunks left unread once more() said stop, as their lines count them); a message for
    each chunk that is not intact."""
    chunks, expected, line, counted = [], 0, 1, 0
    matches = re.compile(_CHUNK_LINE).finditer(text, start, end)
    match = next(matches, None)
    if match is None and re.compile(r"\S").search(text, start, end):
        messages.append("line 2: no chunk line: the compact pack holds no board")
    first = match
    while match is not None:
        following = next(matches, None)
        line += text.count("\n", counted, match.start() + 1)  # (counted on from the chunk before: once in all)
        counted = match.start() + 1
        index, boards, size, packed = (int(match.group(g)) for g in (1, 2, 3, 4))
        where = "line %d: chunk %d (%d boards)" % (line, index, boards)
        if more is not None and match is not first and not more():  # (a long pack, not a damaged one: its rest is counted)
            return chunks, boards + sum(int(rest.group(2)) for rest in ([following] if following else [])) + sum(
                int(rest.group(2)) for rest in matches)
        if index != expected:
            messages.append("%s: chunk %d was expected here: %s" % (where, expected, "lost" if index > expected else "out of order"))
        expected = index + 1
        stop = following.start() if following is not None else end
        chunk = _chunk(text, match.end(), stop, boards, size, packed, match.group(5), unpack)
        if isinstance(chunk, str):
            messages.append("%s: %s: its boards are lost" % (where, chunk))
        else:
            chunks.append(chunk)
        match = following
    return chunks, 0


def _chunk(text, start, stop, boards, size, packed, crc, unpack):
    """The Chunk of one chunk's base-85 text text[start:stop], or a phrase saying what
    is wrong with it.  Its characters are copied only when as many are there as the
    line says were written (lines of LINE_CHARACTERS and their line breaks)."""
    written = -(-packed // 4) * 5
    if boards < 1 or size > boards * MOST_BYTES_A_BOARD or packed > size + size // 8 + 1024:
        return "its line is damaged"
    if not written <= stop - start <= written + 3 * (written // LINE_CHARACTERS + 2) + 64:
        return "%d characters of data where %d were written" % (stop - start, written)
    data = "".join(text[start:stop].split())
    if len(data) != written:
        return "%d characters of data where %d were written" % (len(data), written)
    try:
        raw = unpack(decode85(data)[:packed], size)
    except (ValueError, EOFError, OSError, MemoryError) + _lzma_errors():
        return "its data does not unpack"
    if len(raw) != size or "%08x" % zlib.crc32(raw) != crc:
        return "its data fails its checksum"
    try:
        return read_columns(raw, boards)
    except (ValueError, IndexError, UnicodeDecodeError):
        return "its columns do not read"


def _lzma_errors():
    try:
        import lzma
    except ImportError:
        return ()
    return (lzma.LZMAError,)


