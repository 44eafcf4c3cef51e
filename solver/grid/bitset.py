"""Sets of cells as Python ints: bit i is cell i.  The few helpers every hot loop shares."""

from functools import lru_cache

# Masks whose counts a run keeps before 3.10 (see popcount): a few megabytes.
POPCOUNT_MEMORY = 1 << 14

try:
    popcount = int.bit_count  # Python 3.10+
except AttributeError:  # pragma: no cover - exercised under 3.8/3.9
    # Before 3.10 a count is a Python call; the same masks recur (neighbourhoods, a
    # board's constraints: nine calls in ten on the ADC2026 pack), and a hit in the
    # C-level cache makes no Python frame (docs/measurements/throughput.md, "CPython 3.8: the count of set bits").
    @lru_cache(maxsize=POPCOUNT_MEMORY)
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
