"""Which boards to play when the time budget cannot cover the whole pack.

A select list may leave boards out, and a 2-second run reaches only part of a big
pack, so the time is best spent on the boards worth most points per second.  Only a
board's header is read to decide: its size and mine count, public facts like the
player's Task.  Score and playing time are predicted from the mine density and the
board's size with tables measured on official packs (plantables.py), and the
boards are ranked by predicted points per second.  Boards are still played in pack order: each is played when its
rank is above a cut, and the cut is the lowest rank at which every remaining board at
least as good still fits in the time left.  Predicted times are scaled by how long the
accepted boards really took, so a slower or faster machine moves the cut, not the
ranking.
"""

import time
from bisect import bisect
from collections import Counter
from math import log

from ..engine.blind import blind_score
from ..engine.probability import UNKNOWN_DENSITY
from ..official.board import name_facts
from ..official.compact import CompactPack
from ..official.names import shape_keys
from ..official.packs import parse_header
from ..official.rules import RULES
from .clock import before
from .plantables import (
    BLIND_SCORE_2025,
    BLIND_SCORE_2026,
    BLIND_US_2025,
    BLIND_US_2026,
    CELLS,
    DENSITY_STEP,
    SAFE_SCORE_2025,
    SAFE_SCORE_2026,
    SAFE_US_2025,
    SAFE_US_2026,
)
from .timeplan import PRIOR_SHARE, REPLAN_EVERY

# Playing time and score are predicted from measured tables (plantables.py, written by
# `python -m solver fit-plan`): by kind of start (the safe cells of a mode, or blind),
# rule, mine density and board cells.
TABLES = {  # (safe start, rule) -> (microseconds table, score table)
    (True, 2025): (SAFE_US_2025, SAFE_SCORE_2025),
    (True, 2026): (SAFE_US_2026, SAFE_SCORE_2026),
    (False, 2025): (BLIND_US_2025, BLIND_SCORE_2025),
    (False, 2026): (BLIND_US_2026, BLIND_SCORE_2026),
}
SAFE_MODES = ("both", "corner", "center", "auto")


BUCKETS = 200  # ranks: points per second on a log scale, best last
BEST, WORST = 1e7, 10.0  # points per second covered by the ranks (2026 scores are ~1 per board)
_RANKS_PER_LOG = (BUCKETS - 1) / log(BEST / WORST)
INFINITY = float("inf")


def _grid(table, density, cells, beyond=False):
    """Bilinear interpolation in a plantables table over (density, cells), clamped at
    the edges; past the largest board measured, extrapolated along its last step when
    `beyond` (playing time grows with the board, a share does not)."""
    x = min(len(table) - 1.0, max(0.0, density / DENSITY_STEP))
    i = min(len(table) - 2, int(x))
    j = max(0, min(len(CELLS) - 2, bisect(CELLS, cells) - 1))
    fy = (cells - CELLS[j]) / float(CELLS[j + 1] - CELLS[j])
    fy = max(0.0, fy if beyond else min(1.0, fy))
    near, far = table[i], table[i + 1]
    low = near[j] + fy * (near[j + 1] - near[j])
    high = far[j] + fy * (far[j + 1] - far[j])
    return low + (x - i) * (high - low)


def expected_score(width, height, mines, rule, safe_start=True):
    """Predicted score of a board under the rule (2025 or 2026)."""
    cells = width * height
    density = mines / cells if mines is not None else UNKNOWN_DENSITY
    share = max(0.0, _grid(TABLES[safe_start, rule][1], density, cells))  # of the board's best score
    if mines is None:
        mines = round(UNKNOWN_DENSITY * cells)
    return RULES[rule].expected_best(width, height, mines) * share


def expected_seconds(width, height, mines, rule=2025, safe_start=True):
    """Predicted seconds to read, play and write a board."""
    cells = width * height
    density = mines / cells if mines is not None else UNKNOWN_DENSITY
    return 1e-6 * max(1.0, _grid(TABLES[safe_start, rule][0], density, cells, beyond=True))


def header_facts(fields):
    """(width, height, mines or None, form, safe start) from a header's fields, or None
    if the reader would refuse the header.  The name tells what it tells the player
    (oneboard.task_of): mine count and mode, if it describes a board of this size."""
    try:
        width, height, mines, name, form = parse_header(fields)
    except ValueError:
        return None
    named = name_facts(width, height, name)
    if named is None:
        return width, height, mines, form, False
    return width, height, named.mines if mines is None else mines, form, named.mode in SAFE_MODES


def board_shapes(index, until=None, only=None):
    """(keys, facts): a key for each board of an index (a PackIndex or a CompactPack;
    with `only`, of the boards at those positions), equal for boards of one shape, and
    facts(key), what header_facts says of that shape.  Keys are made until `until` (a
    time.perf_counter() value; None: all): the keys then cover the first boards only."""
    if isinstance(index, CompactPack):
        keys = index.shape_keys()
        if only is not None:
            keys = [keys[k] for k in only]
        return keys, _compact_facts
    return header_shapes(index.headers if only is None else [index.headers[k] for k in only], until)


def header_shapes(headers, until=None):
    """board_shapes of boards known by their header lines alone."""
    keys = shape_keys(headers, None if until is None else before(until))
    example = dict(zip(keys, headers))  # a header line of each key (the last one)
    return keys, lambda key: header_facts(example[key].split())


def _compact_facts(key):
    """header_facts of a CompactPack's shape key (CompactPack.shape_keys)."""
    width, height, mines, form, mode = key
    return width, height, mines, form, mode in SAFE_MODES


def _estimate(facts, rule):
    """(predicted seconds, rank) of a board from its header facts (header_facts)."""
    if facts is None:  # played at once: its one-line error costs nothing
        return 0.0, BUCKETS - 1
    width, height, mines, form, safe_start = facts
    rule = rule or form
    seconds = expected_seconds(width, height, mines, rule, safe_start)
    gain = expected_score(width, height, mines, rule, safe_start)
    if rule == 2026 and mines is not None:  # what a full play adds to the board played blind (chunks.py)
        gain -= blind_score(width, height, mines)
    worth = gain / seconds
    if worth <= 0:
        return seconds, 0
    return seconds, int(_RANKS_PER_LOG * log(max(WORST, min(BEST, worth)) / WORST))


class Plan:
    """The boards of a pack worth playing in the time left, decided board by board in order.

    With several workers (workers.share), each worker holds a copy and asks it about
    the boards of the chunks it takes: the boards it passes over went to the others
    (`pass_to`), and the time left is the workers' time together."""

    def __init__(self, shapes, rule=None, workers=1, until=None):
        """shapes: (keys, facts) of the boards, in order (board_shapes); rule: 2025,
        2026 or None (each board's own form); workers: processes sharing the boards;
        until: a time.perf_counter() value past which no more shapes are estimated
        (the boards of shapes left are ranked lowest: played last, as time allows).
        The keys cover the first `planned` boards (board_shapes stops keying at its
        `until`); the boards after them are left out.  Play is taken to start when the
        plan is made."""
        keys, facts = shapes
        self.planned = len(keys)  # the first boards, those the plan covers
        boards_per_key = Counter(keys)
        known = {}  # key -> (seconds, rank)
        for key in boards_per_key:
            if until is not None and len(known) % 64 == 0 and time.perf_counter() > until:
                break
            known[key] = _estimate(facts(key), rule)
        if len(known) < len(boards_per_key):  # shapes not estimated in time: played last
            guess = (sum(seconds for seconds, _ in known.values()) / len(known) if known else 1e-4, 0)
            for key in boards_per_key:
                known.setdefault(key, guess)
        self.seconds = [known[key][0] for key in keys]
        self.rank = [known[key][1] for key in keys]
        self.left = [0.0] * BUCKETS  # predicted seconds of the boards not yet passed, by rank
        for key, count in boards_per_key.items():
            seconds, rank = known[key]
            self.left[rank] += seconds * count
        self.workers = workers
        self.next = 0  # the first board not yet asked about or passed
        self.start = time.perf_counter()
        self.accepted = 0.0  # predicted seconds of the boards accepted so far
        self.cut = 0  # boards ranked below are left out...
        self.allowance = INFINITY  # ...and those of the cut's rank take at most this (predicted seconds)
        self.countdown = 0
        self.prior = None  # seconds of predictions trusted as they are (PRIOR_SHARE of the time)

    def pass_to(self, k):
        """Boards before k that were not asked about went to other workers: they are no
        longer left to play."""
        left, rank, seconds = self.left, self.rank, self.seconds
        for j in range(self.next, k):
            left[rank[j]] -= seconds[j]
        self.next = max(self.next, k)

    def wanted(self, k, deadline, now=None):
        """Whether to play board k (boards are asked about once each, in order)."""
        if k != self.next:
            self.pass_to(k)
        self.next = k + 1
        rank, seconds = self.rank[k], self.seconds[k]
        self.left[rank] -= seconds
        if self.countdown <= 0:
            self.cut, self.allowance = self._cut(deadline, time.perf_counter() if now is None else now)
            self.countdown = REPLAN_EVERY
        self.countdown -= 1
        if rank < self.cut:
            return False
        if rank == self.cut and self.allowance != INFINITY:  # the rank that fits in part: first come
            if seconds > self.allowance:
                return False
            self.allowance -= seconds
        self.accepted += seconds
        return True

    def pressed(self):
        """Whether boards are being left out for time."""
        return self.allowance != INFINITY

    def _cut(self, deadline, now):
        """(rank, allowance): every board ranked above `rank` fits the time left with the
        others as good, and those of `rank` take at most `allowance` predicted seconds
        (INFINITY when they all fit)."""
        if self.prior is None:
            self.prior = max(1e-6, PRIOR_SHARE * (deadline - now))
        spent = now - self.start
        speed = (spent + self.prior) / (self.accepted + self.prior)  # real / predicted seconds
        room = self.workers * (deadline - now) / speed
        total = 0.0
        for rank in range(BUCKETS - 1, -1, -1):
            here = self.left[rank]
            if total + here > room:
                return rank, max(0.0, room - total)
            total += here
        return 0, INFINITY
