"""Pairs no click elsewhere can ever tell apart: guessed at once, and weighed when they may become so.

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

A pair whose wings are all known mines but one undecided cell may become such a
pair: `doomed_shares` counts, exactly, the layouts in which it is doomed, and the
player takes a mine met there as no loss (JSMinesweeper's "50/50 influence", here
as a share of layouts).
"""

from ...grid.bitset import cells_of, popcount


WING_GAP = 1  # undecided wing cells a pair may have and still be counted as likely doomed
LATER_NEAR = tuple((dx, dy) for dy in range(3) for dx in range(-2, 3) if dy or dx > 0)
PAIR_OPEN_MAX = 5  # open neighbours a cell of a pair can have: 4 shared with its partner, and the partner


def unresolvable_pair(masks, width, unknown, mines, layouts):
    """A cell of such a pair, the lowest first, or None.  `layouts` (classic_layouts.Layouts)
    says, by exact counting, whether both cells can be mines at once."""
    if not layouts.exact:
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
            if 0 <= x < width and b in open_around and _pair(a, b, open_around, layouts):
                return a
    # cells further apart share no neighbour: each must be walled in by known mines
    enclosed = [c for c in sorted(open_around) if not open_around[c]]
    for i, a in enumerate(enclosed):
        for b in enclosed[i + 1 :]:
            if _pair(a, b, open_around, layouts):
                return a
    return None


def _pair(a, b, open_around, layouts):
    """Do a and b see the same cells apart from each other, and never hold two mines?"""
    bit_a, bit_b = 1 << a, 1 << b
    return open_around[a] & ~bit_b == open_around[b] & ~bit_a and layouts.weight_with(bit_a | bit_b) == 0


def doomed_shares(masks, width, height, unknown, mines, numbers, layouts):
    """{cell: share of the layouts in which the cell is a mine but would have been lost
    anyway}: pairs {A, B} of neighbours (side by side or one above the other) whose
    wings (the cells that touch exactly one of them) are known mines but for at most
    WING_GAP undecided cells.  In the layouts where those are mines too and exactly one
    of A, B is, the pair can never be told apart (see above): no play wins more than
    half of them, so a mine met there on A costs nothing against the best play."""
    if not layouts.exact or not layouts.weight:
        return {}
    shares = {}
    for a in cells_of(unknown):
        ax = a % width
        for b in (a + 1 if ax + 1 < width else -1, a + width if a + width < width * height else -1):
            if b < 0 or not unknown >> b & 1:
                continue
            bit_a, bit_b = 1 << a, 1 << b
            wings = (masks[a] ^ masks[b]) & ~(bit_a | bit_b)
            if wings & numbers or popcount(wings & unknown) > WING_GAP:
                continue
            gap = wings & unknown
            doomed = layouts.weight_with(bit_a | gap, bit_b)
            if doomed:
                share = doomed / layouts.weight
                shares[a] = shares.get(a, 0.0) + share
                shares[b] = shares.get(b, 0.0) + share  # the swap: B a mine, A safe, as often
    return shares
