"""The `advise` command: which official pack to run (ADC2025 lets the entrant pick it).

Every candidate `board_pack_COUNT_MODE_DIFFICULTY` (every mode and difficulty, counts
from 1,000 to 100,000) gets the total the bundle is predicted to make on it within its
budget on this machine, measured now (`forecast`) on the bundle built now from these
sources with the budget asked (`bundlebuild`), and its size in bytes in the form the
entrant gives it: compact (official/compacting.py: about a tenth of the text, what the
entry reads on stdin), or its text (`packshape`, `compactsize`).  paiza.IO limits the
size of a program's input, so `--max-bytes` drops the packs above a limit the user
gives and ranks, for each mode and difficulty, the largest pack within it; the pick is
then generated and its count fitted to the limit on its exact size.  `--check` runs the
bundle on the pick for real, as the entrant would (the pack on stdin, one run), to see
the prediction hold.
"""

import os
import platform
from collections import namedtuple

from ..contest.cores import WORKERS_VARIABLE, usable_cores
from ..contest.timeplan import CONTEST_SECONDS, DEFAULT_BUDGET_SECONDS
from ..official.generator import DIFFICULTY_RATIOS, PACK_MODES
from ..official.names import pack_name
from ..official.rules import RULES
from .bundlerun import DEFAULT_RUNNER
from .compactsize import compact_ratio, fit_exactly, generated
from .forecast import (
    COPIES,
    StartModel,
    curve_total,
    measure_curve,
    measure_kappa,
    median,
    rehearsal_text,
    rehearse,
    sample_boards,
)
from .packshape import OFFICIAL_STEP, largest_within, pack_sizes

MODES = PACK_MODES
DIFFICULTIES = tuple(DIFFICULTY_RATIOS)
COUNTS = (1000, 2000, 5000, 10000, 15000, 20000, 30000, 40000, 50000, 60000, 80000, 100000)
SAMPLE = 1000  # boards of each mode and difficulty the bundle is measured on
START_COUNTS = 4  # pack sizes the start of play is timed at
REHEARSED = 2  # best packs rehearsed at full size (more if the order then changes)
MOST_REHEARSED = 5
# What the command takes (checked before anything is measured):
# - a pack of at most MAX_COUNT boards: paiza.IO runs a program in 512 MB, and the bundle
#   holds a pack's bytes and its text (twice its size) and the index it has time for.
#   Measured: on a 1,000,000-board stand-in pack (179 MB; packshape gives 178-181 MB for
#   every mode and difficulty) the bundle peaked at 371 MB; from about 1,400,000 boards the
#   bytes and text alone pass 512 MB.  (The official page makes packs of any count, in
#   steps of 10.)
# - SAMPLE_RANGE boards of each mode and difficulty measured (each is generated and
#   played COPIES times over), at most SECONDS_CAP seconds of budget (paiza.IO's is 2),
#   at most CHECK_CAP real runs in the check.
MAX_COUNT = 1000000
SAMPLE_RANGE = (10, 20000)
SECONDS_CAP = 60.0
CHECK_CAP = 100
TOLERANCE = 0.25  # the check's bound on |real - predicted| / predicted

Prediction = namedtuple("Prediction", "count mode difficulty points bytes how text_bytes")
Prediction.__doc__ = """A pack's predicted total; bytes: its size in the form counted (compact:
estimated from its sample's ratio, exact for the pick; or its text), text_bytes: its
text's; how: 'rehearsed' (a full-size run), 'scaled' (the sample runs, scaled by the
rehearsals' ratio) or 'extrapolated' (beyond the sample runs)."""

Advice = namedtuple("Advice", "order figures ratio rehearsed pick samples")
Advice.__doc__ = """What `advise` found: the Predictions best first (none over the byte
limit), the figures of the 'measured' line, the rehearsals' ratio and count, the pick
generated for real (a compactsize.Fitted, or None without a byte limit) and the samples
by (mode, difficulty)."""


def _oracle(rule):
    return RULES[rule].best


def _start_counts(counts):
    """A few pack sizes spread over the counts, the smallest and largest included."""
    ordered = sorted(set(counts))
    if len(ordered) <= START_COUNTS:
        return ordered
    step = (len(ordered) - 1) / (START_COUNTS - 1)
    return sorted(set(ordered[round(k * step)] for k in range(START_COUNTS)))


def smallest_pack_bytes(modes, difficulties, rule=2025, form="compact"):
    """The bytes of the smallest pack --max-bytes must leave: the official step of 10
    boards, of the mode and difficulty whose 10 boards are the smallest in `form`."""
    if form == "compact":
        return min(generated(OFFICIAL_STEP, m, d, rule, form).size for m in modes for d in difficulties)
    return min(pack_sizes([OFFICIAL_STEP], m, d, rule)[OFFICIAL_STEP] for m in modes for d in difficulties)


def run_budget(seconds):
    """The bundle's budget for a run limited to `seconds`: the time plan's, moved by the
    difference from the contest's 2 s (the margin it keeps stays the same)."""
    return max(0.05, DEFAULT_BUDGET_SECONDS + seconds - CONTEST_SECONDS)


def counts_within(counts, max_bytes, mode, difficulty, rule=2025, ratio=1.0):
    """The counts to predict for a pack of this mode and difficulty: `counts`, and with a
    byte limit (on text bytes times `ratio`), those within it and the largest count at the
    official step of 10 boards that fits it."""
    if max_bytes is None:
        return tuple(counts)
    fit = largest_within(int(max_bytes / ratio), mode, difficulty, rule, most=max(counts))
    sizes = pack_sizes(counts, mode, difficulty, rule)
    return tuple(sorted({c for c in counts if sizes[c] * ratio <= max_bytes} | ({fit} if fit else set())))


def predict(modes, difficulties, counts, rule=2025, sample=SAMPLE, seconds=CONTEST_SECONDS, progress=None,
            max_bytes=None, runner=DEFAULT_RUNNER):
    """(predictions, samples by (mode, difficulty), figures for the 'measured' line).

    max_bytes -- predict only the packs within this many bytes in the runner's form
                 (compact: estimated, compactsize), and for each mode and difficulty the
                 largest pack at the official step (10 boards) within it."""
    budget = run_budget(seconds)
    pairs = [(m, d) for m in modes for d in difficulties]
    samples = {pair: sample_boards(sample, pair[0], pair[1], rule) for pair in pairs}
    ratios = {pair: compact_ratio(samples[pair]) if runner.form == "compact" else 1.0 for pair in pairs}
    wanted = {pair: counts_within(counts, max_bytes, pair[0], pair[1], rule, ratios[pair]) for pair in pairs}
    every = sorted(set().union(*wanted.values()))
    middle = samples.get(("both", "middle")) or sample_boards(sample, "both", "middle", rule)
    start = StartModel.measure(_start_counts(every), rule, progress=progress, runner=runner, sample=middle)
    kappa = measure_kappa(middle, progress=progress, runner=runner)
    predictions, runs = [], 0
    for k, pair in enumerate(pairs, 1):
        curve = measure_curve(samples[pair], kappa, _oracle(rule), runner=runner)
        runs += len(curve.runs) + 1
        sizes = pack_sizes(wanted[pair], pair[0], pair[1], rule, max(every))
        for count in wanted[pair]:
            play = max(0.0, budget - start.at(count, sizes[count]) - curve.margin)
            total, beyond = curve_total(curve, count, play)
            predictions.append(Prediction(count, pair[0], pair[1], total, round(sizes[count] * ratios[pair]),
                                          "extrapolated" if beyond else "scaled", sizes[count]))
        if progress:
            progress("[%d/%d] %s %s: %d runs on its first %d boards, %d times%s" % (
                k, len(pairs), pair[0], pair[1], len(curve.runs), sample, COPIES, ", all played" if curve.saturated else ""))
    figures = {"load": load_average(), "budget": budget, "seconds": seconds, "kappa": kappa, "start": start, "runs": runs,
               "sample": sample, "form": runner.form, "max_bytes": max_bytes}
    return predictions, samples, figures


def rehearse_best(predictions, samples, max_bytes=None, budget=None, rule=2025, progress=None, runner=DEFAULT_RUNNER):
    """Rehearse the best packs at full size until the REHEARSED best are all rehearsed (at
    most MOST_REHEARSED); the others are scaled by the rehearsals' median ratio (rehearsed
    over sample-scaled).  Returns (predictions best first, packs over max_bytes dropped;
    that ratio; how many were rehearsed)."""
    base = {(p.count, p.mode, p.difficulty): p for p in predictions if max_bytes is None or p.bytes <= max_bytes}
    real, ratios = {}, []

    def ranked():
        ratio = median(ratios) if ratios else 1.0
        out = [p._replace(points=real[key], how="rehearsed") if key in real else p._replace(points=p.points * ratio)
               for key, p in base.items()]
        return sorted(out, key=lambda p: (-p.points, p.count)), ratio

    order, ratio = ranked()
    while len(real) < MOST_REHEARSED:
        todo = [p for p in order[:REHEARSED] if p.how != "rehearsed"][: MOST_REHEARSED - len(real)]
        if not todo:
            break
        for p in todo:
            key = (p.count, p.mode, p.difficulty)
            real[key] = rehearse(p.count, p.mode, p.difficulty, samples[p.mode, p.difficulty], rule, budget,
                                 runner=runner)
            if base[key].points > 0:
                ratios.append(real[key] / base[key].points)
            if progress:
                progress("rehearsed %s: %s (the sample runs said %s)" % (
                    pack_name(*key), points_text(real[key]), points_text(base[key].points)))
        order, ratio = ranked()
    return order, ratio, len(real)


def exact_pick(order, samples, rule=2025, max_bytes=None, budget=None, progress=None, runner=DEFAULT_RUNNER):
    """(order, the pick generated for real): with a byte limit, the best pack is generated
    and its count fitted to the limit on its exact size in the runner's form, and
    rehearsed again when that count differs; until the best is such a pick (at most
    REHEARSED tries).  Without a limit, (order, None)."""
    if max_bytes is None or not order:
        return order, None
    picked = {}
    for _ in range(REHEARSED):
        best = order[0]
        fitted = fit_exactly(best.count, best.mode, best.difficulty, rule, runner.form, max_bytes, progress)
        if fitted is None:
            order = order[1:]
            continue
        if fitted.count != best.count:
            points = rehearse(fitted.count, best.mode, best.difficulty, samples[best.mode, best.difficulty], rule, budget,
                              runner=runner)
            best = best._replace(count=fitted.count, points=points, how="rehearsed")
        picked[best.count, best.mode, best.difficulty] = fitted
        best = best._replace(bytes=fitted.size, text_bytes=len(fitted.text.encode("utf-8")))
        order = sorted([best] + [p for p in order[1:] if (p.count, p.mode, p.difficulty) != (best.count, best.mode, best.difficulty)],
                       key=lambda p: (-p.points, p.count))
        if (order[0].count, order[0].mode, order[0].difficulty) in picked:
            break
    key = (order[0].count, order[0].mode, order[0].difficulty) if order else None
    return order, picked.get(key)


def advise(modes, difficulties, counts, rule=2025, sample=SAMPLE, seconds=CONTEST_SECONDS, max_bytes=None,
           runner=DEFAULT_RUNNER, progress=None):
    """The Advice: every candidate predicted, the best rehearsed, the pick generated."""
    budget = None  # (the runner's bundle is built with run_budget(seconds))
    predictions, samples, figures = predict(modes, difficulties, counts, rule, sample, seconds, progress, max_bytes, runner)
    order, ratio, rehearsed = rehearse_best(predictions, samples, max_bytes, budget, rule, progress, runner)
    order, pick = exact_pick(order, samples, rule, max_bytes, budget, progress, runner)
    return Advice(order, figures, ratio, rehearsed, pick, samples)


def load_average():
    """The machine's one-minute load average as text (other jobs slow the bundle down)."""
    try:
        return "%.1f" % os.getloadavg()[0]
    except (AttributeError, OSError):
        return "unknown"


def busy():
    """Whether other jobs keep more than half the machine's cores busy."""
    try:
        return os.getloadavg()[0] > 0.5 * (os.cpu_count() or 1)
    except (AttributeError, OSError):
        return False


def points_text(value):
    return "%.1f" % value if isinstance(value, float) and value < 10000 else "%d" % round(value)


def workers_text():
    """The workers the bundle's runs use: SOLVER_WORKERS (advise --workers), else the
    cores of this machine the bundle may use."""
    told = os.environ.get(WORKERS_VARIABLE)
    return "%s workers%s" % (told or usable_cores(), " as told" if told else " (this machine's cores)")


def python_text():
    return "Python %s on %s" % (platform.python_version(), platform.machine())


def check(advice, rule=2025, runs=3, progress=None, runner=DEFAULT_RUNNER):
    """Run the bundle on the pick (advice.pick, or the best pack generated now) `runs`
    times as the entrant would (the pack in the runner's form on stdin, one run, the
    bundle's own budget), each run followed by one on its stand-in (the rehearsal), so
    that a machine that changed speed since the prediction shows as both moving.
    (real totals, stand-in totals, ok: the real median within TOLERANCE of the prediction)."""
    best = advice.order[0]
    if progress:
        progress("check: %s, %s" % (pack_name(best.count, best.mode, best.difficulty), runner.form))
    pick = advice.pick or generated(best.count, best.mode, best.difficulty, rule, runner.form)
    stand_in = runner.given(rehearsal_text(best.count, best.mode, best.difficulty, advice.samples[best.mode, best.difficulty],
                                           rule))
    real, rehearsed = [], []
    for k in range(runs):
        real.append(runner.run(pick.given).score)
        rehearsed.append(runner.run(stand_in).score)
        if progress:
            progress("check run %d/%d: real %s, stand-in %s" % (k + 1, runs, points_text(real[-1]), points_text(rehearsed[-1])))
    return real, rehearsed, abs(median(real) - best.points) <= TOLERANCE * best.points
