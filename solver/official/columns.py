"""A chunk of a compact pack as columns, both ways: the bytes a chunk of boards is
written as (`chunk_bytes`), and the Chunk those bytes read back as (`read_columns`).

A chunk's bytes, before they are packed: the number of official modes and each mode's
name; then a byte a board for its kind (bit 0: the 2026 header form; bit 1: its name is
the official board_WxH_MINES_SEED_MODE; bits 2-7: the mode's number), its width,
height and mine count (255 and the count in a column of two bytes past it), a byte an
official name for its seed step (the seed past the previous one's, its mines and its
discarded draw, zigzag-coded: 255 and four bytes past it for a larger one), the
names written out (two bytes of length, then UTF-8), and each board's mines, one bit a
cell, the boards by mine density (`map_order`).
"""

import re
from collections import namedtuple
from itertools import accumulate, compress
from operator import add, floordiv, mul, not_
from sys import byteorder

from ..grid.bitset import popcount
from ..grid.planes import digit_planes, mines_of

MODES_KEPT = 63  # official names' modes a chunk tells by number (six bits); others are written out

_OFFICIAL_NAME = r"board_([0-9]+)x([0-9]+)_([0-9]+)_([1-9][0-9]{0,8})_(\S*)\Z"  # (compiled by re on first use)


Chunk = namedtuple("Chunk", "kinds widths heights counts modes seeds names offsets maps")
Chunk.__doc__ = """The columns of one chunk, as read: each board's kind, width, height, mine
count, the mode and seed of its official name (None: its name is in `names`), where its
mines begin in `maps`, and the mines' bytes."""


def chunk_bytes(boards):
    """The columns of a chunk of boards (see the module's docstring), as bytes."""
    from array import array  # here, not at the top: importing it costs the entry's start 0.7 ms
    modes, kinds, widths, heights, counts, steps, names, maps = {}, bytearray(), bytearray(), bytearray(), [], [], [], []
    seed, before = 0, -1  # the previous official name's seed and mine count
    for board in boards:
        mines = mines_of(digit_planes(board.digits))
        count = popcount(mines)
        official = re.match(_OFFICIAL_NAME, board.name)
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


def map_order(widths, heights, counts):
    """The order the chunk's mines are written in: by mine density (then by position):
    lzma codes bits of like density together better (a percent less)."""
    densities = list(map(floordiv, map((4096).__mul__, counts), map(mul, widths, heights)))
    return sorted(range(len(counts)), key=densities.__getitem__)  # (a stable sort: then by position)


def read_columns(raw, n):
    """The Chunk of a chunk's bytes (n boards), or ValueError/IndexError if they do not
    add up.  Column by column, in C-level loops (map, accumulate): this runs before a
    contest run's workers start."""
    modes, at = [], 1
    for _ in range(raw[0]):
        length = int.from_bytes(raw[at : at + 2], "little")
        modes.append(raw[at + 2 : at + 2 + length].decode("utf-8", "surrogatepass"))
        at += 2 + length
    kinds, widths, heights, counts = (list(raw[at + i * n : at + (i + 1) * n]) for i in range(4))
    at += 4 * n
    official = list(compress(range(n), map((2).__and__, kinds)))
    steps = list(raw[at : at + len(official)])
    at += len(official)
    at = _widen(counts, raw, at, "H")
    at = _widen(steps, raw, at, "I")
    names, seeds = [None] * n, [None] * n
    for k in compress(range(n), map(not_, map((2).__and__, kinds))):  # names written out (none in an official pack)
        length = int.from_bytes(raw[at : at + 2], "little")
        names[k] = raw[at + 2 : at + 2 + length].decode("utf-8", "surrogatepass")
        at += 2 + length
    if len(kinds) != n or len(counts) != n or len(steps) != len(official) or not all(widths) or not all(heights):
        raise ValueError("the columns do not add up")
    # an official seed is the one before, past that board's mines and its draw, plus its step
    before = [-1] + [counts[k] for k in official[:-1]]
    for k, seed in zip(official, accumulate(map(add, map(_unzigzag, steps), map((1).__add__, before)))):
        seeds[k] = seed
    order = map_order(widths, heights, counts)
    cells = list(map(mul, widths, heights))
    starts = list(accumulate([at] + [(cells[k] + 7) >> 3 for k in order]))
    if starts[-1] != len(raw):
        raise ValueError("the mines do not add up")
    offsets = list(map(starts.__getitem__, sorted(range(n), key=order.__getitem__)))  # (where each board's mines begin)
    named = [modes[kind >> 2] if kind & 2 else None for kind in kinds]
    return Chunk(kinds, widths, heights, counts, named, seeds, names, offsets, raw)


def _unzigzag(number):
    return number >> 1 if not number & 1 else -((number + 1) >> 1)


def _widen(column, raw, at, code):
    """Put the wide numbers (from `at` in `raw`) where the one-byte column holds 255;
    where the wide numbers end."""
    wide = column.count(255)
    if wide:
        size = 2 if code == "H" else 4
        for k, number in zip([k for k, c in enumerate(column) if c == 255], _numbers(code, raw[at : at + size * wide])):
            column[k] = number
        at += size * wide
    return at


def _numbers(code, data):
    from array import array  # (see chunk_bytes)

    numbers = array(code)
    if numbers.itemsize != {"H": 2, "I": 4}[code]:
        numbers = array("L" if code == "I" else code)
    numbers.frombytes(data)
    if byteorder != "little":
        numbers.byteswap()
    return numbers.tolist()
