"""A pack made compact: its text to the compact form that official/compact.py reads.

`compact_pack` reads a pack as every reader does (packs.read_pack: a board refused is
left out, with the reader's message), finds the layout its text is in (so `expand`
can give it back byte for byte), and writes the boards chunk by chunk: the columns
of `_chunk_bytes`, packed (lzma, or zlib), in base 85 (`encode85`).  The form itself
is described in official/compact.py.
"""

import re
import zlib
from array import array
from collections import namedtuple
from sys import byteorder

from ..grid.bitset import popcount
from ..grid.planes import digit_planes, mines_of
from .compact import (
    ALPHABET,
    CHUNK_MOST_BOARDS,
    CHUNK_MOST_CELLS,
    CODECS,
    LAYOUTS,
    LINE_CHARACTERS,
    LZMA_OPTIONS,
    MAGIC,
    MODES_KEPT,
    OFFICIAL_DOWNLOAD,
    VERSION,
    layout_text,
    map_order,
)
from .packs import read_pack

_OFFICIAL_NAME = re.compile(r"board_([0-9]+)x([0-9]+)_([0-9]+)_([1-9][0-9]{0,8})_(\S*)\Z")


def layout_of(text, boards):
    """The Layout in which `boards` make `text` byte for byte, or None."""
    crlf = "\r\n" in text
    for layout in LAYOUTS:
        if (layout.eol == "\r\n") == crlf and layout_text(boards, layout) == text:
            return layout
    return None


Compacted = namedtuple("Compacted", "text boards messages exact")
Compacted.__doc__ = """A pack made compact: the compact text, the boards it holds, the reader's
one-line message for each board it refused and each run of lines in no board (those
are left out, as a run leaves them out), and whether `expand` gives the pack's bytes back."""


def compact_pack(text, codec="lzma"):
    """The Compacted of a pack's text (read by packs.read_pack, whose messages it keeps)."""
    boards, messages = read_pack(text)
    layout = layout_of(text, boards) if not messages else None
    return Compacted(compact_boards(boards, layout or OFFICIAL_DOWNLOAD, layout is not None, codec), len(boards),
                     messages, layout is not None)


def compact_boards(boards, layout=OFFICIAL_DOWNLOAD, exact=False, codec="lzma"):
    """The compact text of `boards` (Board, in order); `layout` and `exact` say how
    `expand` writes them back and whether that is the text they came from."""
    if codec not in CODECS:
        raise ValueError("codec %r: give one of %s" % (codec, ", ".join(CODECS)))
    chunks, start = [], 0
    while start < len(boards):
        stop, cells = start, 0
        while stop < len(boards) and stop - start < CHUNK_MOST_BOARDS and (stop == start or cells < CHUNK_MOST_CELLS):
            cells += boards[stop].width * boards[stop].height
            stop += 1
        chunks.append(boards[start:stop])
        start = stop
    first = "%s %d boards %d chunks %d codec %s layout %s %d %d exact %d" % (
        MAGIC, VERSION, len(boards), len(chunks), codec, "crlf" if layout.eol == "\r\n" else "lf", layout.gap,
        layout.tail, int(bool(exact)))
    lines = ["%s crc %08x" % (first, zlib.crc32(first.encode("ascii")))]
    for number, chunk in enumerate(chunks):
        data = _chunk_bytes(chunk)
        packed = _pack(data, codec)
        lines.append("chunk %d boards %d bytes %d packed %d crc %08x" % (
            number, len(chunk), len(data), len(packed), zlib.crc32(data)))
        text = encode85(packed)
        lines.extend(text[i : i + LINE_CHARACTERS] for i in range(0, len(text), LINE_CHARACTERS))
    return "\n".join(lines) + "\n"


def _chunk_bytes(boards):
    """The columns of a chunk of boards (see the module's docstring), as bytes."""
    modes, kinds, widths, heights, counts, steps, names, maps = {}, bytearray(), bytearray(), bytearray(), [], [], [], []
    seed, before = 0, -1  # the previous official name's seed and mine count
    for board in boards:
        mines = mines_of(digit_planes(board.digits))
        count = popcount(mines)
        official = _OFFICIAL_NAME.match(board.name)
        kind = 1 if board.form == 2026 else 0
        if official and _is_official(official, board, count):
            mode = official.group(5)
            if mode in modes or len(modes) < MODES_KEPT:
                number = modes.setdefault(mode, len(modes))
                step = int(official.group(4)) - (seed + before + 1)
                zigzag = step * 2 if step >= 0 else -step * 2 - 1
                if zigzag < 1 << 32:
                    kind |= 2 | number << 2
                    steps.append(zigzag)
                    seed, before = int(official.group(4)), count
        if not kind & 2:
            encoded = board.name.encode("utf-8", "surrogatepass")
            names.append(len(encoded).to_bytes(2, "little") + encoded)
        kinds.append(kind)
        widths.append(board.width)
        heights.append(board.height)
        counts.append(count)
        maps.append(mines.to_bytes((board.width * board.height + 7) // 8, "little"))
    table = b"".join(len(m.encode("utf-8", "surrogatepass")).to_bytes(2, "little") + m.encode("utf-8", "surrogatepass")
                     for m in modes)
    order = map_order(widths, heights, counts)
    return b"".join([bytes([len(modes)]), table, bytes(kinds), bytes(widths), bytes(heights), bytes(map(_byte, counts)),
                     bytes(map(_byte, steps)), _little(array("H", [c for c in counts if c >= 255])),
                     _little(array("I", [s for s in steps if s >= 255])), b"".join(names), b"".join(maps[k] for k in order)])


def _byte(number):
    """A number of a one-byte column: itself below 255, else 255 (it is then in the wide column)."""
    return number if number < 255 else 255


def _is_official(match, board, count):
    """Whether a name the official pattern matched is the official name of this board
    (its size and mine count, no leading zero): then only its seed and mode are kept."""
    width, height, mines = match.group(1, 2, 3)
    return "%d %d %d" % (board.width, board.height, count) == "%s %s %s" % (width, height, mines) and len(board.name) < 200


def _little(numbers):
    """The bytes of an array of numbers, little-endian whatever the machine."""
    if byteorder != "little":
        numbers.byteswap()
    return numbers.tobytes()


def _pack(data, codec):
    if codec == "zlib":
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush()
    import lzma

    filters = [dict(LZMA_OPTIONS, id=lzma.FILTER_LZMA2, preset=9 | lzma.PRESET_EXTREME)]
    return lzma.compress(data, format=lzma.FORMAT_RAW, filters=filters)


def encode85(data):
    """Base 85 of `data` (zero-padded to a whole group), ALPHABET's characters."""
    data += b"\0" * (-len(data) % 4)
    out = []
    for at in range(0, len(data), 4):
        value = int.from_bytes(data[at : at + 4], "little")
        group = []
        for _ in range(5):
            value, digit = divmod(value, 85)
            group.append(ALPHABET[digit])
        out.append("".join(reversed(group)))
    return "".join(out)


