"""The lines `advise` prints of an Advice (lab/advise.py): a header row, one row a pack
best first, the line saying how it was measured, the steps that make the pick, and the
check's line."""

from ..official.names import pack_name
from .advise import TOLERANCE, load_average, points_text, python_text, workers_text
from .bundlebuild import budget_text
from .forecast import COPIES, median
from .steps import pick_steps


def header_row(form):
    """The ranking's first line: the columns, the bytes named by the form counted."""
    return "count mode difficulty predicted %s_bytes" % form


def pack_rows(order, top=None):
    """One line a pack: COUNT MODE DIFFICULTY PREDICTED BYTES (in the form counted)."""
    for p in order[: top or None]:
        yield "%d %s %s %s %d" % (p.count, p.mode, p.difficulty, points_text(p.points), p.bytes)


def measured_line(advice, seconds):
    """How the ranking was measured, and which size it counted."""
    figures, start = advice.figures, advice.figures["start"]
    span = ("%d-%d boards" % (start.pairs[0][0], start.pairs[-1][0]) if start.by == "boards" else
            "%.1f-%.1f MB" % (start.pairs[0][0] / 1e6, start.pairs[-1][0] / 1e6))
    if figures["form"] == "compact":
        counted = "bytes counted: the compact form given on stdin (python3 -m solver compact; estimated from each " \
                  "sample's compact/text ratio%s)" % (", the pick's exact" if advice.pick else "")
    else:
        counted = "bytes counted: the pack's text given on stdin"
    return (
        "measured on this machine in %.0f s (load average %s): the bundle built from these sources (budget %s s, %s) run "
        "by %s; %s; start of play %.2f-%.2f s (%s); the first board of a size %.1f us a cell; %d runs on the first %d "
        "boards of each mode and difficulty (repeated %d times), scaled to each pack; %d best packs rehearsed at full size "
        "(the others times %.2f, the rehearsals' ratio); %d small packs extrapolated past the sample runs"
        % (seconds, figures["load"], budget_text(figures["budget"]), workers_text(), python_text(), counted,
           start.pairs[0][1], start.pairs[-1][1], span, figures["kappa"] * 1e6, figures["runs"], figures["sample"], COPIES,
           advice.rehearsed, advice.ratio, sum(1 for p in advice.order if p.how == "extrapolated"))
    )


def advice_lines(advice, seconds, top=None, rule=2025):
    """Every line `advise` prints before its check."""
    yield header_row(advice.figures["form"])
    yield from pack_rows(advice.order, top)
    yield measured_line(advice, seconds)
    best = advice.order[0]
    exact = "" if advice.pick is None else ", exact"
    text = " (its text %d bytes)" % best.text_bytes if advice.figures["form"] == "compact" else ""
    yield "pick: %s, %d bytes %s%s%s, predicted %s" % (
        pack_name(best.count, best.mode, best.difficulty), best.bytes, advice.figures["form"], exact, text,
        points_text(best.points))
    yield from pick_steps(best, advice.figures["budget"], advice.figures["form"], rule)


def check_line(best, real, rehearsed, ok, form):
    """The line `advise --check` ends with: the prediction, the real totals and their
    median, the stand-in's totals now, and whether the median is within TOLERANCE."""
    middle = median(real)
    return "check %s (%s, one run each): predicted %s, real %s (median %s, %+.1f%%), its stand-in now %s (median %s; " \
           "load average %s): %s" % (
               pack_name(best.count, best.mode, best.difficulty), form, points_text(best.points),
               " ".join(points_text(t) for t in real), points_text(middle),
               100.0 * (middle - best.points) / best.points if best.points else 0.0,
               " ".join(points_text(t) for t in rehearsed), points_text(median(rehearsed)), load_average(),
               "within %d%%" % round(100 * TOLERANCE) if ok else "MORE THAN %d%% OFF" % round(100 * TOLERANCE))
