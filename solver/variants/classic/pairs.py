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


# ------------------------------------------------------------------ the 50/50 factor of the two-step guess

FIFTY_SCALE = 0.9  # how much of the doomed share the two-step guess credits (JSMinesweeper's figure)
SCAN_GAP = 1  # undecided wing cells of the shapes the board scan credits and guesses at once
INFLUENCE_GAP = 3  # undecided wing cells of the shapes a candidate's own factor counts
ENABLER_SHARE = 0.025  # a shape that forms this often credits its undecided wing cell
LAYOUTS_WORK = 500  # the work of one count of layouts with cells fixed, for a caller that counts it


def _free(work):
    """The work counter of a caller that does not count (every scan here calls it
    with LAYOUTS_WORK per count of layouts)."""


def shapes_at(width, height, cell, unknown):
    """The shapes a cell may become half of a 50/50 in: (mines, safe, wings), with
    the cell a mine of `mines` and the cells of `safe` safe: a pair with each of its
    four side neighbours, then the four 2x2 boxes around it (the cell and its
    diagonal partner mines, the other two safe; the wings are the four cells
    diagonal to the box's corners, the only ones that see one diagonal and not the
    other).  Only shapes whose cells are all undecided."""
    x, y = cell % width, cell // width
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= x + dx < width and 0 <= y + dy < height:
            other = cell + dy * width + dx
            if unknown >> other & 1:
                out.append(("h" if dy == 0 else "v", 1 << cell, 1 << other, None))
    for left in (x - 1, x):
        for top in (y - 1, y):
            if 0 <= left and left + 1 < width and 0 <= top and top + 1 < height:
                box = [top * width + left, top * width + left + 1, (top + 1) * width + left, (top + 1) * width + left + 1]
                if all(unknown >> c & 1 for c in box):
                    a, b, c, d = box
                    diagonal, other = ((a, d), (b, c)) if cell in (a, d) else ((b, c), (a, d))
                    corners = 0
                    for cx, cy in ((left - 1, top - 1), (left + 2, top - 1), (left - 1, top + 2), (left + 2, top + 2)):
                        if 0 <= cx < width and 0 <= cy < height:
                            corners |= 1 << (cy * width + cx)
                    out.append(("b", 1 << diagonal[0] | 1 << diagonal[1], 1 << other[0] | 1 << other[1], corners))
    return out


def _formed(masks, shape, unknown, numbers, mines_left, gap, layouts, spend):
    """(layouts in which the shape is a 50/50 with its `mines` the mines, its
    undecided wing cells), or None when a digit sees a wing cell or more than `gap`
    wing cells are undecided."""
    kind, mines, safe, wings = shape
    if wings is None:  # a pair: the cells that see one of the two and not the other
        wings = (masks[(mines & -mines).bit_length() - 1] ^ masks[(safe & -safe).bit_length() - 1]) & ~(mines | safe)
    if wings & numbers:
        return None
    gap_cells = wings & unknown
    if popcount(gap_cells) > gap or popcount(gap_cells | mines) > mines_left:
        return None
    spend(LAYOUTS_WORK)
    return layouts.weight_with(mines | gap_cells, safe), gap_cells


def fifty_scan(masks, width, height, unknown, numbers, mines_left, layouts, spend=_free, mines=None):
    """The board scan: (members, enablers, at_once).  For every pair and 2x2 box with
    at most SCAN_GAP undecided wing cells: members {cell: share}, the share of layouts
    in which it forms a 50/50 with the cell as one of its mines, summed over the
    shapes; enablers {cell: share}, for the undecided wing cell whose mine completes
    it, that share when at least ENABLER_SHARE (a mine met there is, that often, one
    the game would have lost half the time anyway); at_once, the cells a mine would
    only ever be met on as half of such a 50/50 (every layout with the cell a mine
    forms one: clicking it now costs nothing against the best play)."""
    members, enablers, at_once = {}, {}, set()
    if not layouts.exact or not layouts.weight:
        return members, enablers, at_once
    total = layouts.weight
    seen, tallies = set(), {}
    for cell in cells_of(_scanned(masks, width, height, unknown, mines)):
        for shape in shapes_at(width, height, cell, unknown):
            key = shape[1] | shape[2]
            if key in seen:
                continue
            seen.add(key)
            found = _formed(masks, shape, unknown, numbers, mines_left, SCAN_GAP, layouts, spend)
            if found is None or not found[0]:
                continue
            formed, gap_cells = found
            share = formed / total
            for member in cells_of(key):
                members[member] = members.get(member, 0.0) + share
                if member not in tallies:
                    spend(LAYOUTS_WORK)
                    tallies[member] = layouts.weight_with(1 << member)
                if formed == tallies[member]:
                    at_once.add(member)
            if gap_cells and share >= ENABLER_SHARE:
                gap_cell = gap_cells.bit_length() - 1
                enablers[gap_cell] = enablers.get(gap_cell, 0.0) + share
    return members, enablers, at_once


def _scanned(masks, width, height, unknown, mines):
    """The undecided cells that may belong to a shape the scan counts: every wing
    cell of a shape lies within two steps of each of its cells, and a wing of two or
    more cells on the board needs a known mine when at most one is undecided and
    none is open; only a 2x2 box in a corner of the board has a smaller wing (and a
    board two cells wide or high, where all are scanned).  `mines`: the known mines
    (None: scan all)."""
    if mines is None or width <= 2 or height <= 2:
        return unknown
    near = mines
    for _ in range(2):
        grown = near
        for c in cells_of(near):
            grown |= masks[c]
        near = grown
    for x, y in ((0, 0), (width - 2, 0), (0, height - 2), (width - 2, height - 2)):
        top = y * width + x
        near |= 3 << top | 3 << (top + width)
    return unknown & near


def fifty_influence(masks, width, height, cell, unknown, numbers, mines_left, layouts, enabler=0.0, spend=_free):
    """The share of layouts in which `cell` is a mine of a 50/50 it forms: the best
    side-by-side pair, plus the best one-above-the-other pair, plus the best 2x2 box
    (each with at most INFLUENCE_GAP undecided wing cells), plus its `enabler`
    credit from the scan; at most its mine chance and its safety."""
    if not layouts.exact or not layouts.weight:
        return 0.0
    best = {"h": 0, "v": 0, "b": 0}
    for shape in shapes_at(width, height, cell, unknown):
        found = _formed(masks, shape, unknown, numbers, mines_left, INFLUENCE_GAP, layouts, spend)
        if found is not None and found[0] is not None and found[0] > best[shape[0]]:
            best[shape[0]] = found[0]
    share = sum(best.values()) / layouts.weight + enabler
    mine = layouts.weight_with(1 << cell) / layouts.weight
    return min(share, mine, 1.0 - mine)
