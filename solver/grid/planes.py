"""Numbers over a whole board as bit planes: one Python int per bit of the number.

A digit per cell (0-9) is held as four bitsets: plane k has bit c set when bit k of
cell c's digit is set.  Counting every cell's neighbours in a set, comparing two
such numbers cell by cell, or summing digits then costs a few dozen big-int
operations for the whole board instead of a loop over its cells.  The reader's
board check, the judge and the player's single-digit step all work this way.

Only the classic eight-cell neighbourhood is counted here (geometry.CLASSIC).
"""

from functools import lru_cache

from .bitset import popcount

# str.translate tables: a digit character -> "1" or "0", the k-th bit of its value
_BIT_OF_DIGIT = [{ord(str(d)): ord("1" if d >> k & 1 else "0") for d in range(10)} for k in range(4)]


@lru_cache(maxsize=8)  # the reader's check and then the judge of a board ask for the same digits
def digit_planes(digits):
    """The four planes (bit 0 first) of a row-major string of digits 0-9."""
    backwards = digits[::-1]  # bit 0 is the first cell
    return tuple([int(backwards.translate(table), 2) for table in _BIT_OF_DIGIT])


def mines_of(planes):
    """The cells showing 9 (binary 1001: the only digit with bits 0 and 3)."""
    return planes[0] & planes[3]


def digit_total(planes, cells):
    """The sum of the digits of the cells in the bitset `cells`."""
    return popcount(planes[0] & cells) + 2 * popcount(planes[1] & cells) + 4 * popcount(planes[2] & cells) + 8 * popcount(planes[3] & cells)


def neighbour_counts(geo, cells):
    """Four planes: for every cell, how many of its eight neighbours are in `cells`.

    Each row is summed first (left + self + right, and left + right for the cell's
    own row), then the rows above and below are added: full adders on whole bitsets.
    """
    width, full = geo.width, geo.all_mask
    left = (cells << 1) & geo.not_left  # bit c: the cell left of c is in `cells`
    right = (cells >> 1) & geo.not_right
    three0 = left ^ cells ^ right  # left + self + right, two bits
    three1 = (left & cells) | (right & (left | cells))
    two0 = left ^ right  # left + right, two bits
    two1 = left & right
    up0, up1 = (three0 << width) & full, (three1 << width) & full  # the row above
    down0, down1 = three0 >> width, three1 >> width  # the row below
    bit0 = up0 ^ down0 ^ two0
    carry = (up0 & down0) | (two0 & (up0 | down0))
    # bit 1 and up: up1 + down1 + two1 + carry, each 0 or 1
    pair0, pair1 = up1 ^ down1, up1 & down1
    other0, other1 = two1 ^ carry, two1 & carry
    bit1 = pair0 ^ other0
    carry = pair0 & other0
    return bit0, bit1, pair1 ^ other1 ^ carry, pair1 & other1


def planes_of_mines(geo, mines):
    """The digit planes of the board whose mines are the bitset `mines`: every safe
    cell shows its neighbouring mines, a mine 9 (binary 1001).

    >>> from .geometry import geometry
    >>> planes = planes_of_mines(geometry(3, 1), 0b001)
    >>> digits_of(planes, 3)
    '910'
    """
    bit0, bit1, bit2, bit3 = neighbour_counts(geo, mines)
    safe = ~mines
    return bit0 | mines, bit1 & safe, bit2 & safe, bit3 | mines


_ZERO_BYTES = {}  # cells -> the int of that many b"0" bytes, little-endian


def digits_of(planes, cells):
    """The row-major digit string ('0'-'9') of `cells` cells held as four planes: each
    plane's bits spread one to a byte by formatting it in binary, the four added as
    whole ints (a digit is at most 9, so no byte carries into the next)."""
    zeros = _ZERO_BYTES.get(cells)
    if zeros is None:
        zeros = _ZERO_BYTES[cells] = int.from_bytes(b"0" * cells, "little")
    total = zeros
    for k, plane in enumerate(planes):  # (big-endian: the binary text starts with the last cell)
        total += (int.from_bytes(format(plane, "0%db" % cells).encode("ascii"), "big") - zeros) << k
    return total.to_bytes(cells, "little").decode("ascii")


def differ(a, b):
    """The cells where the numbers of planes `a` and `b` differ."""
    return (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])


def miscounted(geo, planes):
    """The cells that are not mines and whose digit is not the number of mines around them."""
    mines = mines_of(planes)
    return differ(planes, neighbour_counts(geo, mines)) & geo.all_mask & ~mines
