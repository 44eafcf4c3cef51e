"""`advise`: rank the official ADC2025 packs by the points the bundle is predicted to make."""

import sys
import time

from ..lab.advise import CONTEST_SECONDS, COUNTS, DIFFICULTIES, MODES, SAMPLE, points_text, busy, check, load_average, measured_line, predict, rehearse_best, run_budget
from ..lab.bundlerun import BUNDLE
from ..lab.forecast import median
from ..official.names import pack_name
from ..official.rules import RULES


def _words(text, allowed, what):
    words = [w for w in text.split(",") if w]
    wrong = [w for w in words if w not in allowed]
    if wrong or not words:
        raise ValueError("%s: %s is not one of %s" % (what, ",".join(wrong) or "(none)", ", ".join(allowed)))
    return tuple(words)


def add_arguments(parser):
    parser.description = (
        "Reads no input: measures how the contest bundle dist/paiza_main.py plays on this machine "
        "(briefly, about a minute for every candidate, progress on stderr), then prints one line per "
        "candidate pack board_pack_COUNT_MODE_DIFFICULTY, best first: COUNT MODE DIFFICULTY "
        "PREDICTED_POINTS PACK_BYTES, and a last line saying how it was measured.  With --check, "
        "generates the best pack and runs the bundle on it for real, and prints how far the real "
        "total lands from the prediction (exit status 1 when it is more than 25% off)."
    )
    parser.add_argument("--seconds", type=float, default=CONTEST_SECONDS, help="the run's time limit (default: paiza.IO's 2.0)")
    parser.add_argument("--rule", type=int, choices=sorted(RULES), default=2025, help="objective, score and header form (default 2025)")
    parser.add_argument("--top", type=int, default=20, metavar="N", help="print the N best packs (default 20; 0: all)")
    parser.add_argument(
        "--max-bytes", type=int, metavar="B",
        help="drop packs larger than B bytes, and rank for each mode and difficulty the largest pack within B at "
             "the official page's step of 10 boards (paiza.IO limits the size of a program's input; the limit is "
             "not published)",
    )
    parser.add_argument("--modes", default=",".join(MODES), help="comma list (default: all of %s)" % ", ".join(MODES))
    parser.add_argument("--difficulties", default=",".join(DIFFICULTIES), help="comma list (default: all)")
    parser.add_argument("--counts", default=",".join(str(c) for c in COUNTS), help="comma list of pack sizes (default: 1,000 to 100,000)")
    parser.add_argument("--sample", type=int, default=SAMPLE, help="boards of each mode and difficulty measured (default %d)" % SAMPLE)
    parser.add_argument("--check", nargs="?", type=int, const=3, metavar="RUNS",
                        help="then run the bundle RUNS times (default 3) on the best pack, generated for real")


def run(args):
    try:
        modes = _words(args.modes, MODES, "--modes")
        difficulties = _words(args.difficulties, DIFFICULTIES, "--difficulties")
        counts = tuple(sorted(set(int(c) for c in args.counts.split(",") if c)))
        if not counts or counts[0] < 1 or args.sample < 10 or args.seconds <= 0:
            raise ValueError("counts, --sample (10 or more) and --seconds must be positive")
    except ValueError as exc:
        print("advise: %s" % exc, file=sys.stderr)
        return 2

    def progress(text):
        print("  " + text, file=sys.stderr, flush=True)

    began = time.perf_counter()
    budget = run_budget(args.seconds)
    progress("measuring %s on this machine (load average %s)" % (BUNDLE, load_average()))
    if busy():
        progress("warning: other jobs are loading the machine: the bundle runs slower and less evenly now")
    predictions, samples, figures = predict(modes, difficulties, counts, args.rule, args.sample, args.seconds, progress,
                                            args.max_bytes)
    order, ratio, rehearsed = rehearse_best(predictions, samples, args.max_bytes, budget, args.rule, progress)
    if not order:
        print("advise: no pack is within --max-bytes %d" % args.max_bytes, file=sys.stderr)
        return 1
    for p in order[: args.top or None]:
        print("%d %s %s %s %d" % (p.count, p.mode, p.difficulty, points_text(p.points), p.bytes))
    print(measured_line(figures, ratio, rehearsed, order, time.perf_counter() - began))
    sys.stdout.flush()
    if args.check:
        best = order[0]
        real, rehearsed, ok = check(best, samples[best.mode, best.difficulty], args.rule, args.check, budget, progress)
        middle = median(real)
        print("check %s: predicted %s, real %s (median %s, %+.1f%%), its stand-in now %s (median %s; load average %s): %s" % (
            pack_name(best.count, best.mode, best.difficulty), points_text(best.points), " ".join(points_text(t) for t in real),
            points_text(middle), 100.0 * (middle - best.points) / best.points if best.points else 0.0,
            " ".join(points_text(t) for t in rehearsed), points_text(median(rehearsed)), load_average(),
            "within 25%" if ok else "MORE THAN 25% OFF"))
        return 0 if ok else 1
    return 0
