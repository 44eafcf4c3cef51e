"""Pairs no click elsewhere can ever tell apart: guessed at once.

Two undecided cells A and B form such a pair when every cell that touches exactly
one of them is a known mine (it will never be opened, so no digit will ever count
one and not the other), and no layout has both of them mines.  Swapping A and B
then maps each layout where exactly one is a mine to another with the same digits
everywhere but on A and B.  Any way of playing meets the two layouts of such a swap
with the same knowledge until it clicks A or B, so it wins at most one of them;
clicking A now wins exactly one (A's digit, if it is safe, only adds knowledge, and
the other swap's play can be replayed with B's digit read off A's), and in layouts
where both are safe it loses nothing.  So clicking A now is as good as the best
play: the guess costs nothing, and its digit helps its neighbours early.

This covers the 50/50 of two cells sharing one mine against a wall of mines or the
board's edge, the pseudo-50/50 (both safe, or one mine), and two cells walled in by
mines that only the mine count ties together.
"""

from ..bitset import cells_of, popcount


LATER_NEAR = tuple((dx, dy) for dy in range(3) for dx in range(-2, 3) if dy or dx > 0)
PAIR_OPEN_MAX = 5  # open neighbours a cell of a pair can have: 4 shared with its partner, and the partner


def unresolvable_pair(masks, width, unknown, mines, look):
    """A cell of such a pair, the lowest first, or None.  `look` (classic_look.Look)
    says, by exact counting, whether both cells can be mines at once."""
    if not look.exact:
        return None
    # open_around[c]: c's neighbours that may still show a digit (not known mines); a cell
    # with more than PAIR_OPEN_MAX has one its partner cannot share
    open_around = {}
    for c in cells_of(unknown):
        around = masks[c] & ~mines
        if popcount(around) <= PAIR_OPEN_MAX:
            open_around[c] = around
    for a in sorted(open_around):
        ax, ay = a % width, a // width
        for dx, dy in LATER_NEAR:  # partners above a within two steps: they share a neighbour
            x, y = ax + dx, ay + dy
            b = y * width + x
            if 0 <= x < width and b in open_around and _pair(a, b, open_around, look):
                return a
    # cells further apart share no neighbour: each must be walled in by known mines
    enclosed = [c for c in sorted(open_around) if not open_around[c]]
    for i, a in enumerate(enclosed):
        for b in enclosed[i + 1 :]:
            if _pair(a, b, open_around, look):
                return a
    return None


def _pair(a, b, open_around, look):
    """Do a and b see the same cells apart from each other, and never hold two mines?"""
    bit_a, bit_b = 1 << a, 1 << b
    return open_around[a] & ~bit_b == open_around[b] & ~bit_a and look.weight_with_mines(bit_a | bit_b) == 0
