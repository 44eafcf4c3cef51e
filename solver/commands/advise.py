"""`advise`: rank the official ADC2025 packs by the points the bundle is predicted to make."""

import os
import sys
import time

from ..contest.cores import MAX_WORKERS, WORKERS_VARIABLE
from ..contest.timeplan import CONTEST_SECONDS
from ..lab.advise import (
    CHECK_CAP,
    COUNTS,
    DIFFICULTIES,
    MAX_COUNT,
    MODES,
    SAMPLE,
    SAMPLE_RANGE,
    SECONDS_CAP,
    TOLERANCE,
    busy,
    check,
    check_line,
    load_average,
    measured_line,
    points_text,
    predict,
    rehearse_best,
    run_budget,
    smallest_pack_bytes,
)
from ..lab.bundlerun import BUNDLE, python_problem
from ..lab.forecast import median
from ..lab.sessionplan import SESSION_TOLERANCE, check_session, plan_session, session_check_line
from ..lab.steps import plan_lines
from ..official.lines import is_count
from ..official.pieces import DEFAULT_MAX_LINES, CannotCut
from ..official.rules import RULES
from .progress import Progress

MAX_SESSION_BYTES = 160 * 1000 * 1000  # as the entry reads a pack


def _words(text, allowed, what):
    words = [w for w in text.split(",") if w]
    wrong = [w for w in words if w not in allowed]
    if wrong or not words:
        raise ValueError("%s: %s is not one of %s" % (what, ",".join(wrong) or "(none)", ", ".join(allowed)))
    return tuple(words)


def add_arguments(parser):
    parser.description = (
        "Reads no input: measures how the contest bundle dist/paiza_main.py plays on this machine "
        "(briefly: a minute or two for all the candidates, 113 s measured on a busy 2-core machine; more with "
        "--check; progress on stderr on a terminal), then prints one line per "
        "candidate pack board_pack_COUNT_MODE_DIFFICULTY, best first: COUNT MODE DIFFICULTY "
        "PREDICTED_POINTS PACK_BYTES, and a last line saying how it was measured.  With --check, "
        "generates the best pack and runs the bundle on it for real, and prints how far the real "
        "total lands from the prediction."
    )
    parser.add_argument("--seconds", type=float, default=CONTEST_SECONDS, help="the run's time limit (default: paiza.IO's 2.0)")
    parser.add_argument("--rule", type=int, choices=sorted(RULES), default=2025, help="objective, score and header form (default: %(default)s)")
    parser.add_argument("--top", type=int, default=20, metavar="N", help="print the N best packs, 0: all (default: %(default)s)")
    parser.add_argument(
        "--max-bytes", type=int, metavar="B",
        help="drop packs larger than B bytes, and rank for each mode and difficulty the largest pack within B at "
             "the official page's step of 10 boards (paiza.IO limits the size of a program's input; the limit is "
             "not published)",
    )
    parser.add_argument("--modes", default=",".join(MODES), help="comma list (default: all, %(default)s)")
    parser.add_argument("--difficulties", default=",".join(DIFFICULTIES), help="comma list (default: all, %(default)s)")
    parser.add_argument("--counts", default=",".join(str(c) for c in COUNTS), help="comma list of pack sizes (default: %(default)s)")
    parser.add_argument("--sample", type=int, default=SAMPLE, help="boards of each mode and difficulty measured (default: %(default)s)")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="worker processes the bundle plays with (default: the cores of this machine it may use, as on "
                             "paiza.IO; 1 for a platform that counts CPU time)")
    parser.add_argument("--check", nargs="?", type=int, const=3, metavar="RUNS",
                        help="then run the bundle RUNS times (3 when RUNS is not given) on the best pack, generated "
                             "for real, and exit 1 when their median is more than %d%%%% off the prediction (with "
                             "--session: the whole session RUNS times at the advised budget, and more than %d%%%% off)"
                             % (round(100 * TOLERANCE), round(100 * SESSION_TOLERANCE)))
    parser.add_argument(
        "--session", metavar="PACK",
        help="instead, plan a paiza.IO session of this pack (ADC2026: the official pack) cut into pieces: "
             "rehearses the bundle on every piece, each a fresh process, and prints one line per piece, what to "
             "leave out, the build command, and last 'session: N runs of at most L lines, budget S s a run, "
             "predicted P points' (the runs' times summed within --seconds)")
    parser.add_argument("--max-lines", type=int, default=DEFAULT_MAX_LINES, metavar="N",
                        help="lines a piece may hold, as `split`, for a session plan (default: %(default)s)")
    parser.add_argument("--python", metavar="PYTHON",
                        help="with --session: the interpreter that runs the bundle (default: this one; paiza.IO's "
                             "version is not published)")


def _counts(text):
    """The pack sizes of --counts, or ValueError: whole numbers (ASCII digits) from 1 to MAX_COUNT."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    wrong = [w for w in words if not is_count(w) or len(w) > 9 or not 1 <= int(w) <= MAX_COUNT]
    if wrong or not words:
        raise ValueError("--counts: %s is not a pack size from 1 to %d (a bigger pack does not fit paiza.IO's "
                         "512 MB)" % ((wrong[0][:20] if wrong else "(none)"), MAX_COUNT))
    return tuple(sorted(set(int(w) for w in words)))


def _arguments(args):
    """(modes, difficulties, counts) of the command line, or ValueError saying what is wrong."""
    modes = _words(args.modes, MODES, "--modes")
    difficulties = _words(args.difficulties, DIFFICULTIES, "--difficulties")
    counts = _counts(args.counts)
    if not SAMPLE_RANGE[0] <= args.sample <= SAMPLE_RANGE[1]:
        raise ValueError("--sample must be from %d to %d boards" % SAMPLE_RANGE)
    if not 0 < args.seconds <= SECONDS_CAP:  # also refuses nan
        raise ValueError("--seconds must be above 0 and at most %d (paiza.IO's limit is 2)" % SECONDS_CAP)
    if args.top < 0:
        raise ValueError("--top must be 0 (all) or more")
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise ValueError("--workers must be a whole number from 1 to %d" % MAX_WORKERS)
    if args.check is not None and not 1 <= args.check <= CHECK_CAP:
        raise ValueError("--check must be from 1 to %d runs" % CHECK_CAP)
    if args.max_bytes is not None:
        smallest = smallest_pack_bytes(modes, difficulties, counts, args.rule)
        if args.max_bytes < smallest:
            raise ValueError("--max-bytes %d leaves no pack: the smallest candidate is %d bytes" % (args.max_bytes, smallest))
    return modes, difficulties, counts


def run(args):
    if args.session is not None:
        return _run_session(args)
    try:
        modes, difficulties, counts = _arguments(args)
    except ValueError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2

    line = Progress("advise")
    progress = line.say
    if args.workers is not None:  # the bundle's runs (lab.bundlerun) inherit the environment
        os.environ[WORKERS_VARIABLE] = str(args.workers)
    began = time.perf_counter()
    budget = run_budget(args.seconds)
    progress("measuring %s on this machine (load average %s)" % (BUNDLE, load_average()))
    if busy():
        print("warning: other jobs are loading the machine: the bundle runs slower and less evenly now", file=line)
    predictions, samples, figures = predict(modes, difficulties, counts, args.rule, args.sample, args.seconds, progress,
                                            args.max_bytes)
    order, ratio, rehearsed = rehearse_best(predictions, samples, args.max_bytes, budget, args.rule, progress)
    line.close()
    if not order:
        print("error: no pack is within --max-bytes %d" % args.max_bytes, file=sys.stderr)
        return 1
    for p in order[: args.top or None]:
        print("%d %s %s %s %d" % (p.count, p.mode, p.difficulty, points_text(p.points), p.bytes))
    print(measured_line(figures, ratio, rehearsed, order, time.perf_counter() - began))
    sys.stdout.flush()
    if args.check:
        best = order[0]
        real, rehearsed, ok = check(best, samples[best.mode, best.difficulty], args.rule, args.check, budget, progress)
        line.close()
        print(check_line(best, real, rehearsed, ok))
        return 0 if ok else 1
    return 0


def _session_problem(args):
    """Why the arguments of a session plan cannot be followed (said before any work), or None."""
    if args.max_lines < 1 or not 0 < args.seconds <= SECONDS_CAP:
        return "--max-lines must be 1 or more and --seconds above 0 and at most %d" % SECONDS_CAP
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        return "--workers must be a whole number from 1 to %d" % MAX_WORKERS
    if args.check is not None and not 1 <= args.check <= CHECK_CAP:
        return "--check must be from 1 to %d sessions" % CHECK_CAP
    return None


def _run_session(args):
    """advise --session: the session plan, and with --check the real sessions."""
    problem = _session_problem(args)
    if problem is not None:
        print("error: %s" % problem, file=sys.stderr)
        return 2
    problem = args.python and python_problem(args.python)
    if problem:
        print("error: --python %s: %s" % (args.python, problem), file=sys.stderr)
        return 1
    try:
        with open(args.session, "rb") as handle:
            data = handle.read(MAX_SESSION_BYTES + 1)
    except OSError as exc:
        print("error: cannot read %s: %s" % (args.session, exc.strerror), file=sys.stderr)
        return 1
    if len(data) > MAX_SESSION_BYTES:
        print("error: %s is larger than %d MB" % (args.session, MAX_SESSION_BYTES // 10**6), file=sys.stderr)
        return 1
    if args.workers is not None:  # the bundle's runs (lab.bundlerun) inherit the environment
        os.environ[WORKERS_VARIABLE] = str(args.workers)
    line = Progress("advise")
    if busy():
        print("warning: other jobs are loading the machine: the runs are slower and less even now", file=line)
    try:
        plan = plan_session(data, args.max_lines, args.python, args.seconds, line.say)
        line.close()
        for text in plan_lines(plan, args.session):
            print(text)
        sys.stdout.flush()
        real = check_session(data, plan, args.check, args.python) if args.check else None
    except (CannotCut, ValueError, RuntimeError) as exc:
        line.close()
        print("error: %s" % exc, file=sys.stderr)
        return 1
    if real is None:
        return 0
    print(session_check_line(plan, real))
    return 0 if abs(median(real) - plan.points) <= SESSION_TOLERANCE * plan.points else 1
