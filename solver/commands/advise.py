"""`advise`: rank the official ADC2025 packs by the points the bundle is predicted to make,
or plan a paiza.IO session of a pack (--session)."""

import os
import sys
import time

from ..contest.cores import MAX_WORKERS, WORKERS_VARIABLE
from ..contest.timeplan import CONTEST_SECONDS
from ..lab.advicelines import advice_lines, check_line
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
    advise,
    busy,
    check,
    load_average,
    run_budget,
    smallest_pack_bytes,
)
from ..lab.bundlebuild import rehearsed_bundle
from ..lab.bundlerun import Runner, python_problem
from ..lab.forecast import median
from ..lab.sessionplan import SESSION_TOLERANCE, check_session, plan_session, read_session_pack, session_check_line
from ..lab.steps import plan_lines
from ..official.lines import is_count
from ..official.pieces import DEFAULT_MAX_LINES, CannotCut
from ..official.rules import RULES
from .progress import Progress


def _words(text, allowed, what):
    words = [w for w in text.split(",") if w]
    wrong = [w for w in words if w not in allowed]
    if wrong or not words:
        raise ValueError("%s: %s is not one of %s" % (what, ",".join(wrong) or "(none)", ", ".join(allowed)))
    return tuple(words)


def add_arguments(parser):
    parser.description = (
        "Reads no input: builds the contest bundle from these sources with the budget of --seconds (whatever "
        "dist/ holds) and measures how it plays on this machine (a few minutes for all the candidates; more with "
        "--check; progress on stderr on a terminal), then prints a header row and one line per candidate pack "
        "board_pack_COUNT_MODE_DIFFICULTY, best first: COUNT MODE DIFFICULTY PREDICTED_POINTS BYTES, the bytes "
        "of the pack as the entrant gives it (its compact form, or with --text its text); a line saying how it was "
        "measured; then the pick and the commands that make it ('make:', 'build:', 'run:').  With --check, runs "
        "the bundle on the pick for real, as the entrant would (the pack on stdin, one run), and prints how far "
        "the real total lands from the prediction."
    )
    parser.add_argument("--seconds", type=float, default=CONTEST_SECONDS, help="the run's time limit (default: paiza.IO's 2.0)")
    parser.add_argument("--rule", type=int, choices=sorted(RULES), default=2025, help="objective, score and header form (default: %(default)s)")
    parser.add_argument("--top", type=int, default=20, metavar="N", help="print the N best packs, 0: all (default: %(default)s)")
    parser.add_argument(
        "--max-bytes", type=int, metavar="B",
        help="drop packs larger than B bytes as given (compact, or with --text their text), and rank for each mode "
             "and difficulty the largest pack within B at the official page's step of 10 boards; the pick is "
             "generated and fitted to B on its exact size (paiza.IO limits the size of a program's input; 213653 "
             "ran, the limit is not published)",
    )
    parser.add_argument("--text", action="store_true",
                        help="count and give the bundle the packs' text, not their compact form")
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
             "rehearses the bundle built from these sources on every piece, each a fresh process, and prints one "
             "line per piece, what to leave out, the steps ('build:', 'split:', 'run:', 'tally:', in a folder runs/) "
             "and last 'session: N runs of at most L lines, budget S s a run, predicted P points' (the runs' "
             "budgets and what each lives past it summed within --seconds)")
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
        smallest = smallest_pack_bytes(modes, difficulties, args.rule, "text" if args.text else "compact")
        if args.max_bytes < smallest:
            raise ValueError("--max-bytes %d leaves no pack: 10 boards take %d bytes at least" % (args.max_bytes, smallest))
    return modes, difficulties, counts


def run(args):
    try:
        chosen = _session_arguments(args) if args.session is not None else _arguments(args)
    except ValueError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    problem = args.python and python_problem(args.python)
    if problem:
        print("error: --python %s: %s" % (args.python, problem), file=sys.stderr)
        return 1
    if args.session is not None:
        try:
            chosen = (read_session_pack(args.session),)
        except ValueError as exc:
            print("error: %s" % exc, file=sys.stderr)
            return 1
    if args.workers is not None:  # the bundle's runs (lab.bundlerun) inherit the environment
        os.environ[WORKERS_VARIABLE] = str(args.workers)
    line = Progress("advise")
    line.say("building the bundle, then measuring it on this machine (load average %s)" % load_average())
    if busy():
        print("warning: other jobs are loading the machine: the bundle runs slower and less evenly now", file=line)
    try:
        return (_run_session if args.session is not None else _run_ranking)(args, line, *chosen)
    except (CannotCut, ValueError, RuntimeError) as exc:
        line.close()
        print("error: %s" % exc, file=sys.stderr)
        return 1


def _run_ranking(args, line, modes, difficulties, counts):
    """advise: the ranking and the pick, and with --check its real runs."""
    began = time.perf_counter()
    with rehearsed_bundle(run_budget(args.seconds)) as bundle:
        runner = Runner(bundle, "text" if args.text else "compact", None)
        advice = advise(modes, difficulties, counts, args.rule, args.sample, args.seconds, args.max_bytes, runner, line.say)
        line.close()
        if not advice.order:
            print("error: no pack is within --max-bytes %d" % args.max_bytes, file=sys.stderr)
            return 1
        for text in advice_lines(advice, time.perf_counter() - began, args.top, args.rule):
            print(text)
        sys.stdout.flush()
        if not args.check:
            return 0
        real, rehearsed, ok = check(advice, args.rule, args.check, line.say, runner)
        line.close()
    print(check_line(advice.order[0], real, rehearsed, ok, runner.form))
    return 0 if ok else 1


def _session_arguments(args):
    """Why the arguments of a session plan cannot be followed (said before any work), as ValueError."""
    if args.max_lines < 1 or not 0 < args.seconds <= SECONDS_CAP:
        raise ValueError("--max-lines must be 1 or more and --seconds above 0 and at most %d" % SECONDS_CAP)
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise ValueError("--workers must be a whole number from 1 to %d" % MAX_WORKERS)
    if args.check is not None and not 1 <= args.check <= CHECK_CAP:
        raise ValueError("--check must be from 1 to %d sessions" % CHECK_CAP)
    return ()


def _run_session(args, line, data):
    """advise --session: the session plan of the pack's bytes, and with --check the real sessions."""
    plan = plan_session(data, args.max_lines, args.python, args.seconds, line.say)
    line.close()
    for text in plan_lines(plan, args.session):
        print(text)
    sys.stdout.flush()
    if not args.check:
        return 0
    real = check_session(data, plan, args.check, args.python)
    print(session_check_line(plan, real))
    return 0 if abs(median(real) - plan.points) <= SESSION_TOLERANCE * plan.points else 1
