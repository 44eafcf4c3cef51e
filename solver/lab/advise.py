"""The `advise` command: which official pack to run (ADC2025 lets the entrant pick it).

Every candidate `board_pack_COUNT_MODE_DIFFICULTY` (every mode and difficulty, counts
from 1,000 to 100,000) gets the total the bundle dist/paiza_main.py is predicted to make
on it within its budget on this machine, measured now (`forecast`), and its size in
bytes (`packshape`): paiza.IO limits the size of a program's input, so `--max-bytes`
drops the packs above a limit the user gives.  `--check` then generates the best pack
for real and runs the bundle on it, to see the prediction hold.
"""

import os
import platform
from collections import namedtuple

from ..contest.cores import WORKERS_VARIABLE, usable_cores
from ..contest.timeplan import CONTEST_SECONDS
from ..official.generator import DIFFICULTY_RATIOS, PACK_MODES, generate_pack, pack_text
from ..official.names import pack_name
from ..official.rules import RULES
from .bundlerun import BUNDLE, baked_budget, run_bundle
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
from .packshape import largest_within, pack_sizes

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

Prediction = namedtuple("Prediction", "count mode difficulty points bytes how")
Prediction.__doc__ = """A pack's predicted total; how: 'rehearsed' (a full-size run), 'scaled' (the
sample runs, scaled by the rehearsals' ratio) or 'extrapolated' (beyond the sample runs)."""


def _oracle(rule):
    return RULES[rule].best


def _start_counts(counts):
    """A few pack sizes spread over the counts, the smallest and largest included."""
    ordered = sorted(set(counts))
    if len(ordered) <= START_COUNTS:
        return ordered
    step = (len(ordered) - 1) / (START_COUNTS - 1)
    return sorted(set(ordered[round(k * step)] for k in range(START_COUNTS)))


def smallest_pack_bytes(modes, difficulties, counts, rule=2025):
    """The bytes of the smallest candidate pack: the one --max-bytes must leave (cheap: the
    fewest boards of each mode and difficulty, their headers only)."""
    fewest = min(counts)
    return min(pack_sizes([fewest], mode, difficulty, rule)[fewest] for mode in modes for difficulty in difficulties)


def run_budget(seconds):
    """The bundle's budget for a run limited to `seconds`: None (its own) for the contest's
    2 s, else its own moved by the difference (the margin it keeps stays the same)."""
    if abs(seconds - CONTEST_SECONDS) < 1e-9:
        return None
    return max(0.05, baked_budget() + seconds - CONTEST_SECONDS)


def counts_within(counts, max_bytes, mode, difficulty, rule=2025):
    """The counts to predict for a pack of this mode and difficulty: `counts`, and with a
    byte limit, the largest count at the official step of 10 boards that fits it."""
    if max_bytes is None:
        return tuple(counts)
    fit = largest_within(max_bytes, mode, difficulty, rule, most=max(counts))
    return tuple(sorted(set(counts) | ({fit} if fit else set())))


def predict(modes, difficulties, counts, rule=2025, sample=SAMPLE, seconds=CONTEST_SECONDS, progress=None,
            max_bytes=None):
    """(predictions, samples by (mode, difficulty), figures for the 'measured' line).

    max_bytes -- also predict, for each mode and difficulty, the largest pack at the
                 official step (10 boards) within this many bytes."""
    budget = run_budget(seconds) or baked_budget()
    longest = max(counts)
    start = StartModel.measure(_start_counts(counts), rule, progress=progress)
    kappa = measure_kappa(sample_boards(sample, "both", "middle", rule), progress=progress)
    predictions, samples, runs = [], {}, 0
    pairs = [(m, d) for m in modes for d in difficulties]
    for k, (mode, difficulty) in enumerate(pairs, 1):
        boards = samples[mode, difficulty] = sample_boards(sample, mode, difficulty, rule)
        curve = measure_curve(boards, kappa, _oracle(rule))
        runs += len(curve.runs) + 1
        here = counts_within(counts, max_bytes, mode, difficulty, rule)
        sizes = pack_sizes(here, mode, difficulty, rule, longest)
        for count in here:
            size = sizes[count]
            play = max(0.0, budget - start(size) - curve.margin)
            total, beyond = curve_total(curve, count, play)
            predictions.append(Prediction(count, mode, difficulty, total, size, "extrapolated" if beyond else "scaled"))
        if progress:
            progress("[%d/%d] %s %s: %d runs on its first %d boards, %d times%s" % (
                k, len(pairs), mode, difficulty, len(curve.runs), sample, COPIES, ", all played" if curve.saturated else ""))
    figures = {"load": load_average(), "budget": budget, "seconds": seconds, "kappa": kappa, "start": start, "runs": runs, "sample": sample}
    return predictions, samples, figures


def rehearse_best(predictions, samples, max_bytes=None, budget=None, rule=2025, progress=None):
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
            real[key] = rehearse(p.count, p.mode, p.difficulty, samples[p.mode, p.difficulty], rule, budget)
            if base[key].points > 0:
                ratios.append(real[key] / base[key].points)
            if progress:
                progress("rehearsed %s: %s (the sample runs said %s)" % (
                    pack_name(*key), points_text(real[key]), points_text(base[key].points)))
        order, ratio = ranked()
    return order, ratio, len(real)


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


def measured_line(figures, ratio, rehearsed, predictions, seconds):
    start = figures["start"]
    return (
        "measured on this machine in %.0f s (load average %s): %s (budget %.2f s, %s) run by Python %s on %s; start of play "
        "%.2f-%.2f s (%.1f-%.1f MB); the first board of a size %.1f us a cell; %d runs on the first %d boards "
        "of each mode and difficulty (repeated %d times), scaled to each pack; %d best packs rehearsed at full size (the others "
        "times %.2f, the rehearsals' ratio); %d small packs extrapolated past the sample runs"
        % (seconds, figures["load"], BUNDLE.name, figures["budget"], workers_text(), platform.python_version(), platform.machine(),
           start.pairs[0][1], start.pairs[-1][1], start.pairs[0][0] / 1e6, start.pairs[-1][0] / 1e6,
           figures["kappa"] * 1e6, figures["runs"], figures["sample"], COPIES, rehearsed, ratio,
           sum(1 for p in predictions if p.how == "extrapolated"))
    )


def check_line(best, real, rehearsed, ok):
    """The line `advise --check` ends with: the prediction, the real totals and their
    median, the stand-in's totals now, and whether the median is within TOLERANCE."""
    middle = median(real)
    return "check %s: predicted %s, real %s (median %s, %+.1f%%), its stand-in now %s (median %s; load average %s): %s" % (
        pack_name(best.count, best.mode, best.difficulty), points_text(best.points), " ".join(points_text(t) for t in real),
        points_text(middle), 100.0 * (middle - best.points) / best.points if best.points else 0.0,
        " ".join(points_text(t) for t in rehearsed), points_text(median(rehearsed)), load_average(),
        "within %d%%" % round(100 * TOLERANCE) if ok else "MORE THAN %d%% OFF" % round(100 * TOLERANCE))


def check(best, sample, rule=2025, runs=3, budget=None, progress=None):
    """Generate the pack for real and run the bundle on it `runs` times, each run followed by
    one on its stand-in (the rehearsal), so that a machine that changed speed since the
    prediction shows as both moving.  (real totals, stand-in totals, ok: the real median
    within TOLERANCE of the prediction)."""
    if progress:
        progress("check: generating %s" % pack_name(best.count, best.mode, best.difficulty))
    boards = generate_pack(best.count, best.mode, best.difficulty, rule)
    text = pack_text(boards)
    stand_in = rehearsal_text(best.count, best.mode, best.difficulty, sample, rule)
    real, rehearsed = [], []
    for k in range(runs):
        real.append(run_bundle(text, budget).score)
        rehearsed.append(run_bundle(stand_in, budget).score)
        if progress:
            progress("check run %d/%d: real %s, stand-in %s" % (k + 1, runs, points_text(real[-1]), points_text(rehearsed[-1])))
    return real, rehearsed, abs(median(real) - best.points) <= TOLERANCE * best.points
