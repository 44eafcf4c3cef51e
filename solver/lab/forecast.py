"""What the contest bundle will score on a pack in its budget, measured on this machine.

Everything is measured on the bundle itself (a fresh process each run, `bundlerun`),
nothing read from the player's or the plan's code, so a faster bundle is measured as
it is.  A run's time has three parts, each measured:

1. Start: from process start to the first board it could play (start-up allowance,
   reading, indexing, planning).  A budget too small to play anything makes the
   bundle's clock tell it.  A pack's text is timed on packs of official headers and
   official size (`packshape.header_pack`), interpolated in bytes; a compact pack
   (what an entrant gives when the text is too big for paiza.IO's input) on compacted
   stand-ins (below), interpolated in boards: reading it costs by the board (its
   columns, the plan's keys), its packed bytes little.
2. Cold: the first board of each size costs more than the next ones of that size (the
   bundle builds the size's neighbour tables).  Timed as the difference between a pack
   of boards of distinct sizes played once and played twice: KAPPA seconds per cell of
   a size met for the first time.
3. Warm: the rest, proportional to the boards played.

Every pack of a mode and difficulty begins with the same boards and repeats its shapes,
so its first S boards stand for the whole.  The bundle is run on a sample pack (those
S boards, COPIES times under new names, so that the boards it picks share sizes as in a
big pack) with a few play times; each run picks the boards worth most points per second,
as it would in a big pack, and its select list says which.  A pack of COUNT boards
playing the same share takes warm * COUNT/V + cold seconds (V the sample pack's boards)
and scores COUNT/V times as much; the runs give that curve, read where it meets the
pack's play time, budget - s(bytes).  Small packs need more play than the runs had:
their curve is extended along its last chord, never past every board played.

This model misses what short runs do differently from a 1.6-second one (the plan's
first guesses of speed weigh more), so the best packs are then rehearsed on a stand-in
of the whole pack: its own headers and shapes in order (`packshape`), each shape's
digits from the sample's boards of that shape or, for a shape the sample lacks, boards
the generator makes for it (the real pack's boards differ, but not what they cost), run
with the bundle's own budget; their total is the median of three runs, and the other
packs are scaled by the rehearsals' ratio (`advise`).  How close a stand-in comes to
its real pack: docs/measurements/session.md, "The pack advisor".
"""

import re
import statistics
from bisect import bisect_left
from collections import namedtuple

from ..official.board import mine_count
from ..official.generator import generate_board, generate_pack
from ..official.names import seed_of, with_seed
from ..official.packs import format_board
from .bundlerun import DEFAULT_RUNNER
from .packshape import header_pack, pack_headers, shapes

TINY_BUDGET_SECONDS = 1e-6  # a budget that plays no board: the summary then tells when play would start
# Sample packs: the sample repeated, so that a run's boards share sizes as a big pack's do
# (a run of a few hundredths of a second is mostly its first boards' set-up, not play).
COPIES = 5
WINDOW_SECONDS = (0.02, 0.06, 0.18, 0.54)  # seconds of play of the sample runs; beyond, small packs are extrapolated
PER_SHAPE = 3  # distinct boards of a shape in a rehearsal (the pack's own shapes, repeated)
OFFSET_SEED = 10_000_000  # seeds of boards made for a rehearsal: past any a sample holds
MOST_MARGIN_SECONDS = 0.05  # seconds: a run that stopped earlier than this before its deadline was slowed down
_HEADER = re.compile(r"^(\d+) (\d+) (?:\d+ )?(board_\S+)$", re.MULTILINE)


def median(values):
    return statistics.median(values) if values else 0.0


def interpolate(pairs, x):
    """Piecewise-linear y at x over (x, y) pairs sorted by x; past the last pair its
    chord's slope goes on, before the first the first pair's y."""
    xs = [p[0] for p in pairs]
    k = bisect_left(xs, x)
    if k == 0:
        return pairs[0][1]
    if k >= len(pairs):
        k = len(pairs) - 1
    (x0, y0), (x1, y1) = pairs[k - 1], pairs[k]
    return y0 if x1 <= x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)


class StartModel:
    """Seconds from process start to the first board the bundle could play: s(bytes of a
    pack's text), or s(boards) of a compact pack (`by`)."""

    def __init__(self, pairs, by="bytes"):
        self.pairs, self.by = sorted(pairs), by

    @classmethod
    def measure(cls, counts, form=2025, repeat=2, progress=None, runner=DEFAULT_RUNNER, sample=()):
        """Time the bundle with nothing to play on packs of `counts` boards: header packs,
        or for a compact runner the compacted stand-ins of packs of `sample`'s mode and
        difficulty (both middle)."""
        pairs, by = [], "boards" if runner.form == "compact" else "bytes"
        for count in counts:
            if by == "boards":
                given = runner.given(rehearsal_text(count, "both", "middle", sample, form, max(counts)))
            else:
                given = header_pack(count, "both", "middle", form, max(counts))
            seconds = median([runner.run(given, TINY_BUDGET_SECONDS).seconds for _ in range(repeat)])
            pairs.append((count if by == "boards" else len(given.encode("utf-8")), seconds))
            if progress:
                progress("start of play, %d boards (%.2f MB): %.3f s" % (count, len(given) / 1e6, seconds))
        return cls(pairs, by)

    def at(self, count, size):
        """The start of a pack of `count` boards and `size` bytes of text."""
        return interpolate(self.pairs, count if self.by == "boards" else size)


def pack_of(boards, copies=1, count=None):
    """(text, boards by name) of a pack of `boards` repeated `copies` times (or up to `count`
    boards), each copy under new names: the seed in each name moved on, so that names stay
    unique and official (the player reads only size, mines and mode from a name)."""
    count = len(boards) * copies if count is None else count
    texts = [format_board(b) for b in boards]
    shift = 1 + max([seed_of(b.name) or 0 for b in boards] + [0])
    out, named = [], {}
    for k in range(count):
        board, text = boards[k % len(boards)], texts[k % len(boards)]
        copy, name = k // len(boards), board.name
        seed = seed_of(name)
        if copy and seed is not None:
            name = with_seed(name, seed + copy * shift)
            text = text.replace(board.name, name, 1)
        out.append(text)
        named[name] = board
    return "\n".join(out) + "\n", named


def sizes_played(select):
    """The (width, height) of every board in a select list, in order."""
    return [(int(w), int(h)) for w, h, _ in _HEADER.findall(select)]


def measure_kappa(boards, repeat=3, progress=None, runner=DEFAULT_RUNNER):
    """Seconds per cell of a board size the bundle meets for the first time (see the module's
    docstring): boards of distinct sizes, played once and played twice, no deadline."""
    seen, distinct = set(), []
    for b in boards:
        if (b.width, b.height) not in seen:
            seen.add((b.width, b.height))
            distinct.append(b)
    once, twice = runner.given(pack_of(distinct)[0]), runner.given(pack_of(distinct, 2)[0])
    # the fastest of a few runs: other jobs on the machine only ever add time
    start = min(runner.run(once, TINY_BUDGET_SECONDS).seconds for _ in range(repeat))
    first = min(runner.run(once, 0).seconds for _ in range(repeat)) - start
    second = min(runner.run(twice, 0).seconds for _ in range(repeat)) - start
    cold = max(0.0, first - (second - first))
    kappa = cold / sum(b.width * b.height for b in distinct)
    if progress:
        progress("first board of a size: %.1f us a cell (%d sizes: %.3f s once, %.3f s twice)"
                 % (kappa * 1e6, len(distinct), first, second))
    return kappa


Curve = namedtuple("Curve", "runs saturated margin ceiling boards")
Curve.__doc__ = """Sample runs: runs is [(warm seconds, cold seconds, score)] from (0, 0, 0) on;
saturated when the last run played every board; margin the play time the bundle left
unused before its deadline (the median over runs that did not finish); ceiling the
sample pack's score were every board played as well as the last run's were (their score
over their oracle, times the pack's oracle): no extrapolation passes it; boards the
sample pack's size."""


def measure_curve(boards, kappa, oracle, copies=COPIES, windows=WINDOW_SECONDS, runner=DEFAULT_RUNNER):
    """The bundle on the sample pack (`boards` repeated `copies` times, in the runner's
    form) with the given play times, until a run plays every board.  oracle(board): the
    most a board can score."""
    text, named = pack_of(boards, copies)
    text = runner.given(text)
    # the earliest start of a few: a start timed while other jobs slowed the machine would
    # make a run seem to have played for less time than it had
    start = min(runner.run(text, TINY_BUDGET_SECONDS).seconds for _ in range(2))
    runs, margins = [(0.0, 0.0, 0.0)], []
    for window in windows:
        run = runner.run(text, start + window)
        played = max(0.5 * window, run.seconds - start)
        cold = kappa * sum(w * h for w, h in set(sizes_played(run.select)))
        runs.append((max(0.1 * played, played - cold), min(cold, 0.9 * played), float(run.score)))
        if run.played >= len(named):
            return Curve(runs, True, median(margins), float(run.score), len(named))
        margins.append(min(MOST_MARGIN_SECONDS, max(0.0, window - played)))
    reached = sum(oracle(named[name]) for _, _, name in _HEADER.findall(run.select))
    ceiling = float(run.score) * sum(oracle(b) for b in named.values()) / reached if reached else float("inf")
    return Curve(runs, False, median(margins), ceiling, len(named))


def curve_total(curve, count, play):
    """(predicted total, extrapolated?) of a pack of `count` boards with `play` seconds: the
    sample runs scaled to the pack (warm time and score by count/boards, cold time as is)."""
    scale = count / curve.boards
    pairs = sorted((warm * scale + cold, score * scale) for warm, cold, score in curve.runs)
    if curve.saturated and play >= pairs[-1][0]:
        return pairs[-1][1], False
    return max(0.0, min(curve.ceiling * scale, interpolate(pairs, play))), play > pairs[-1][0]


def sample_boards(count, mode, difficulty, form=2025):
    """The first `count` boards of the pack (every pack of this mode and difficulty starts so)."""
    return generate_pack(count, mode, difficulty, form)


def rehearsal_text(count, mode, difficulty, boards, form=2025, longest=None, per_shape=PER_SHAPE):
    """A stand-in for the pack: its headers (official shapes, in order; seeds as expected) over
    the rows of `boards` of the same shape, up to `per_shape` of them in turn, and for a shape
    they lack, of boards made for it by the official generator.  Every shape of the pack is
    there, as often as in the pack, so each costs the bundle what it costs in the real one."""
    rows = {}  # shape -> the digit rows of its boards
    for board in boards:
        rows.setdefault((board.width, board.height, mine_count(board)), []).append(format_board(board).split("\n", 1)[1])
    met = {}  # shape -> how often it has come so far
    out = []
    for header, (width, height, mines) in zip(pack_headers(count, mode, difficulty, form, longest),
                                              shapes(count, difficulty, longest)):
        key = (width, height, min(mines, width * height - 1))
        pool = rows.setdefault(key, [])
        if len(pool) < per_shape:
            made = generate_board(width, height, mines, OFFSET_SEED + len(met) * per_shape + len(pool), mode, form)
            pool.append(format_board(made).split("\n", 1)[1])
        met[key] = met.get(key, -1) + 1
        out.append(header + "\n" + pool[met[key] % len(pool)])
    return "\n".join(out) + "\n"


def rehearse(count, mode, difficulty, boards, form=2025, budget=None, repeat=3, longest=None, runner=DEFAULT_RUNNER):
    """Median total of the bundle (its own budget, or `budget`) on the pack's stand-in, in
    the runner's form."""
    text = runner.given(rehearsal_text(count, mode, difficulty, boards, form, longest))
    return median([runner.run(text, budget).score for _ in range(repeat)])
