"""Which boards to play when the time budget cannot cover the whole pack.

A select list may leave boards out, and a 2-second run reaches only part of a big
pack, so the time is best spent on the boards worth most points per second.  Only a
board's header is read to decide: its size and mine count, public facts like the
player's Task.  Score and playing time are predicted from the mine density with
tables measured on official packs (each board timed as `bench` times it), and the
boards are ranked by predicted points per second.  Boards are still played in pack order: each is played when its
rank is above a cut, and the cut is the lowest rank at which every remaining board at
least as good still fits in the time left.  Predicted times are scaled by how long the
accepted boards really took, so a slower or faster machine moves the cut, not the
ranking.
"""

import re
import time
from collections import Counter
from math import log

from .board import name_facts

# Measured per mine density (CPython 3.11, official packs: both low/middle/high/dangerous/
from .packs import parse_header

# Measured per mine density (CPython 3.11, official packs: both low/middle/high/dangerous/
# serious, auto middle, the ADC2026 pack), apart for boards that start with cells the
# official rule keeps safe ("safe": modes both, corner, center, auto) and boards that do
# not ("blind": mode none, or a name that tells none).  Playing time is a per-board part
# plus a per-cell part; scores are the 2025 oracle ratio and the mean 2026 board score.
DENSITIES = (0.0, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40)
SAFE = {
    "ratio_2025": (1.0, 0.999, 0.997, 0.990, 0.972, 0.935, 0.80, 0.63, 0.55),
    "score_2026": (1.0, 0.999, 0.997, 0.990, 0.975, 0.95, 0.90, 0.85, 0.80),
    "board_us": (50.0, 52.0, 60.0, 80.0, 130.0, 150.0, 150.0, 150.0, 150.0),
    "cell_us": (0.3, 0.34, 0.64, 1.2, 3.1, 12.0, 35.0, 60.0, 80.0),
}
BLIND = {
    "ratio_2025": (0.95, 0.94, 0.935, 0.93, 0.88, 0.78, 0.57, 0.45, 0.35),
    "score_2026": (0.97, 0.97, 0.965, 0.97, 0.946, 0.915, 0.866, 0.80, 0.70),
    "board_us": (300.0, 300.0, 300.0, 550.0, 770.0, 800.0, 970.0, 1000.0, 1000.0),
    "cell_us": (3.0, 4.0, 5.0, 5.5, 9.0, 23.0, 35.0, 60.0, 80.0),
}
SAFE_MODES = ("both", "corner", "center", "auto")
DENSITY_IF_UNKNOWN = 0.15  # for a board whose header tells no mine count

BUCKETS = 200  # ranks: points per second on a log scale, best last
BEST, WORST = 1e7, 10.0  # points per second covered by the ranks (2026 scores are ~1 per board)
_RANKS_PER_LOG = (BUCKETS - 1) / log(BEST / WORST)
REPLAN_EVERY = 32  # boards between two computations of the cut
PRIOR_SHARE = 0.02  # of the time, trusted to the predictions before the real speed counts


def _table(values, density):
    """Linear interpolation in a table over DENSITIES (clamped at both ends)."""
    if density <= DENSITIES[0]:
        return values[0]
    for i in range(1, len(DENSITIES)):
        if density <= DENSITIES[i]:
            share = (density - DENSITIES[i - 1]) / (DENSITIES[i] - DENSITIES[i - 1])
            return values[i - 1] + share * (values[i] - values[i - 1])
    return values[-1]


def expected_digit_sum(width, height, mines):
    """Expected sum of the safe digits of a random board: each mine's neighbours that are safe."""
    cells = width * height
    if cells < 2 or width < 2 or height < 2:
        return float(mines)
    mean_neighbours = (8.0 * cells - 6.0 * (width + height) + 4.0) / cells
    return mines * mean_neighbours * (cells - mines) / (cells - 1.0)


def expected_score(width, height, mines, rule, figures=SAFE):
    """Predicted score of a board under the rule (2025 or 2026)."""
    cells = width * height
    density = mines / cells if mines is not None else DENSITY_IF_UNKNOWN
    if rule == 2026:
        return _table(figures["score_2026"], density)
    if mines is None:
        mines = round(DENSITY_IF_UNKNOWN * cells)
    return expected_digit_sum(width, height, mines) * _table(figures["ratio_2025"], density)


def expected_seconds(width, height, mines, figures=SAFE):
    """Predicted seconds to read and play a board."""
    cells = width * height
    density = mines / cells if mines is not None else DENSITY_IF_UNKNOWN
    return 1e-6 * (_table(figures["board_us"], density) + cells * _table(figures["cell_us"], density))


def header_facts(fields):
    """(width, height, mines or None, form, safe start) from a header's fields, or None
    if the reader would refuse the header.  The name tells what it tells the player
    (player.task_of): mine count and mode, if it describes a board of this size."""
    try:
        width, height, mines, name, form = parse_header(fields)
    except ValueError:
        return None
    named = name_facts(width, height, name)
    if named is None:
        return width, height, mines, form, False
    return width, height, named.mines if mines is None else mines, form, named.mode in SAFE_MODES


# A header line split around the seed of an official name (board_XxY_MINES_SEED_MODE):
# (before the seed, after it, "") or, for any other line, ("", "", the line)
_AROUND_SEED = re.compile(
    r"^([0-9]+ [0-9]+ (?:[0-9]+ )?board_[0-9]+x[0-9]+_[0-9]+_)[0-9]+([^\n]*)$|^([^\n]*)$", re.MULTILINE
)


def shapes_of(headers):
    """Each header line with the seed of an official board name made 0.  The seed is
    the one part of a header the plan does not read, so boards of one shape (size,
    mine count, mode) get one key: a 40,000-board pack has about 800.  One regular
    expression over the joined lines: Python string work line by line costs more
    than a tenth of the two seconds on such a pack.  A header line holds no line break
    (index_pack ends it there), so there is one key per line."""
    if not headers:
        return []  # the empty joined text would still give one (empty) match
    found = _AROUND_SEED.findall("\n".join(headers))
    return [before + "0" + after if before else line for before, after, line in found]


def _estimate(fields, rule):
    """(predicted seconds, rank) of a board from its header fields."""
    facts = header_facts(fields)
    if facts is None:  # played at once: its one-line error costs nothing
        return 0.0, BUCKETS - 1
    width, height, mines, form, safe_start = facts
    rule = rule or form
    figures = SAFE if safe_start else BLIND
    seconds = expected_seconds(width, height, mines, figures)
    worth = expected_score(width, height, mines, rule, figures) / seconds
    if worth <= 0:
        return seconds, 0
    return seconds, int(_RANKS_PER_LOG * log(max(WORST, min(BEST, worth)) / WORST))


class Plan:
    """The boards of a pack worth playing in the time left, decided board by board in order."""

    def __init__(self, headers, rule=None):
        """headers: the header line of every board, in order; rule: 2025, 2026 or None
        (each board's own form).  Play is taken to start when the plan is made."""
        keys = shapes_of(headers)
        boards_per_key = Counter(keys)
        known = {key: _estimate(key.split(), rule) for key in boards_per_key}  # key -> (seconds, rank)
        self.seconds = [known[key][0] for key in keys]
        self.rank = [known[key][1] for key in keys]
        self.left = [0.0] * BUCKETS  # predicted seconds of the boards not yet passed, by rank
        for key, count in boards_per_key.items():
            seconds, rank = known[key]
            self.left[rank] += seconds * count
        self.start = time.perf_counter()
        self.accepted = 0.0  # predicted seconds of the boards accepted so far
        self.cut = 0
        self.countdown = 0
        self.prior = None  # seconds of predictions trusted as they are (PRIOR_SHARE of the time)

    def wanted(self, k, deadline, now=None):
        """Whether to play board k (boards are asked about once each, in order)."""
        rank, seconds = self.rank[k], self.seconds[k]
        self.left[rank] -= seconds
        if self.countdown <= 0:
            self.cut = self._cut(deadline, time.perf_counter() if now is None else now)
            self.countdown = REPLAN_EVERY
        self.countdown -= 1
        if rank < self.cut:
            return False
        self.accepted += seconds
        return True

    def _cut(self, deadline, now):
        """The lowest rank whose boards, with all better ones left, fit the time left."""
        if self.prior is None:
            self.prior = max(1e-6, PRIOR_SHARE * (deadline - now))
        spent = now - self.start
        speed = (spent + self.prior) / (self.accepted + self.prior)  # real / predicted seconds
        room = (deadline - now) / speed
        total = 0.0
        for rank in range(BUCKETS - 1, -1, -1):
            total += self.left[rank]
            if total > room:
                return rank + 1
        return 0
