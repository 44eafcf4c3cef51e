"""Sets of cells as Python ints: bit i is cell i.  The few helpers every hot loop shares."""

try:
    popcount = int.bit_count  # Python 3.10+
except AttributeError:  # pragma: no cover - exercised under 3.8/3.9

    def popcount(mask):
        return bin(mask).count("1")


def cells_of(mask):
    """The cell indices in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest_cells(mask, count):
    """The `count` lowest cell indices in `mask` (all of them if it has fewer)."""
    out = []
    while mask and len(out) < count:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sum_support(a, b):
    """Bit i + j set for every bit i of `a` and bit j of `b`: the mine totals two
    independent parts can reach together, when bit t of each says it can hold t."""
    out = 0
    while b:
        low = b & -b
        out |= a * low  # a shifted by the index of b's lowest bit
        b ^= low
    return out
