"""A pack made compact: its text to the compact form that official/compact.py reads.

`compact_pack` reads a pack as every reader does (packs.read_pack: a board refused is
left out, with the reader's message), finds the layout its text is in (so `expand`
can give it back byte for byte), and writes the boards chunk by chunk: the columns
of `columns.chunk_bytes`, packed (lzma, or zlib), in base 85 (`encode85`).  The form itself
is described in official/compact.py.
"""

import zlib
from collections import namedtuple

from .columns import chunk_bytes
from .compact import (
    ALPHABET,
    CHUNK_MOST_BOARDS,
    CHUNK_MOST_CELLS,
    CODECS,
    LAYOUTS,
    LINE_CHARACTERS,
    LZMA_OPTIONS,
    MAGIC,
    OFFICIAL_DOWNLOAD,
    VERSION,
    layout_text,
)
from .packs import read_pack


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
        data = chunk_bytes(chunk)
        packed = _pack(data, codec)
        lines.append("chunk %d boards %d bytes %d packed %d crc %08x" % (
            number, len(chunk), len(data), len(packed), zlib.crc32(data)))
        text = encode85(packed)
        lines.extend(text[i : i + LINE_CHARACTERS] for i in range(0, len(text), LINE_CHARACTERS))
    return "\n".join(lines) + "\n"


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


