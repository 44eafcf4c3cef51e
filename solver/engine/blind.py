"""A board played blind: cells clicked from its size alone, for a board with no time to play.

Under the 2026 rule a click is worth nothing less than zero before anything is known:
a cell is safe with chance S/N and then opens at least itself, worth 1/S of the
board; it is a mine with chance M/N and costs 1/M; S/N * 1/S - M/N * 1/M = 0, and a
safe zero opens its neighbours besides.  So a 2026 board the plan passes over (or
that the deadline leaves unplayed) is worth clicking without looking: a lattice of
every third cell of every third row, spread evenly from edge to edge, makes 0.31 of
a board's best score at the official pack's density of 0.25 and 0.58 at 0.15, for
about 40 us (docs/measurements/contest.md, "Boards played blind").  The cells depend
on the size alone (contest.oneboard.played_blind skips those an earlier click
opened): nothing the board hides, nor the digits the clicks show, is looked at.
"""

from functools import lru_cache

BLIND_STEP = 3  # the lattice's spacing at most: of 2, 3, 4 and 5, the best at every density from 0.15 to 0.3
# Boards of more cells are never played blind: the statement's boards have at most
# 20 x 20, where blind play takes at most 50 us, and a 100 x 100 board takes 1-2 ms,
# which a pack of such boards passed over would spend before reaching better ones.
BLIND_MOST_CELLS = 400

# The mean 2026 score of a board played blind, by mine density in steps of
# BLIND_DENSITY_STEP from 0: 4,500 generated boards (`python3 -m solver gen --format
# 2026 1500 none high|dangerous|serious`, measured by tools/experiments/blind_lattice.py);
# the first two are extrapolated, and past the last the last holds.
BLIND_DENSITY_STEP = 0.025
BLIND_SCORES = (0.95, 0.9, 0.85, 0.8, 0.693, 0.635, 0.573, 0.504, 0.428, 0.37, 0.307, 0.27, 0.209, 0.16, 0.13)


@lru_cache(maxsize=None)
def blind_cells(width, height):
    """The cells of a width x height board clicked blind, row by row: the crossings of
    rows and columns spread evenly from edge to edge, at most BLIND_STEP apart.

    >>> blind_cells(4, 4)
    (0, 3, 12, 15)
    >>> blind_cells(8, 2)
    (0, 2, 5, 7, 8, 10, 13, 15)
    """
    columns, rows = _spread(width), _spread(height)
    return tuple(y * width + x for y in rows for x in columns)


def _spread(length):
    """Positions 0 to length - 1, both ends included, evenly apart, at most BLIND_STEP apart.
    (Every third from 0 with the last added leaves gaps of 1 or 2 at the far edge: spread
    evenly, the lattice makes 4-6% more on dense boards, 2% on sparse ones.)"""
    if length < 2:
        return [0]
    gaps = -(-(length - 1) // BLIND_STEP)
    return sorted({round(i * (length - 1) / gaps) for i in range(gaps + 1)})


def blind_score(width, height, mines):
    """The mean 2026 score of a board of this size and mine count played blind
    (BLIND_SCORES at its density, interpolated); 0 for a board never played blind.

    >>> blind_score(20, 20, 100), blind_score(21, 20, 105)
    (0.307, 0.0)
    """
    if width * height > BLIND_MOST_CELLS:
        return 0.0
    x = min(len(BLIND_SCORES) - 1.0, max(0.0, mines / float(width * height) / BLIND_DENSITY_STEP))
    i = min(len(BLIND_SCORES) - 2, int(x))
    return round(BLIND_SCORES[i] + (x - i) * (BLIND_SCORES[i + 1] - BLIND_SCORES[i]), 6)
