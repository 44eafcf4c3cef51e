"""`adc2020`: the ADC2020 placement-routing puzzle: check an answer, solve a problem,
generate a problem, draw a problem and its answer."""

import os
import sys
import time

from ..adc2020 import formats

MAX_BYTES = 10 * 1024 * 1024  # a problem or answer file past this is refused (72x72 answers are ~20 KB)
MAX_SECONDS = 24 * 3600.0
STARTED = time.monotonic()  # when this module was imported: the budget of --seconds counts from about here
EXIT_SECONDS = 0.3  # kept back from --seconds for writing the answer and ending the process


def add_arguments(parser):
    """The `adc2020` command's subcommands and their arguments."""
    parser.description = (
        "ADC2020 placement-routing puzzle.  'check Q A' reads a problem and an answer and prints the "
        "answer's area (status 0) or the rule it breaks in one line (status 1); 'solve Q' reads a problem "
        "and prints an answer on stdout (its area on stderr); 'gen' prints a random problem like the "
        "official ones; 'page Q [A]' writes an HTML page drawing them."
    )
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    formatter = parser.formatter_class
    check = sub.add_parser("check", help="print an answer's area, or the rule it breaks", formatter_class=formatter)
    check.add_argument("problem", metavar="Q", help="problem file (SIZE, BLOCK_NUM, BLOCK#i ...)")
    check.add_argument("answer", metavar="A", help="answer file (A<id>, SIZE, rows, BLOCK#i @(x,y))")
    solve = sub.add_parser("solve", help="print an answer of a problem: the smallest found in the time",
                           formatter_class=formatter)
    solve.add_argument("problem", metavar="Q", help="problem file")
    solve.add_argument("--seconds", type=float, default=60.0, help="wall time to search (default: 60)")
    solve.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core, %(default)s here)")
    solve.add_argument("--attempts", type=int, help="a number of greedy attempts instead of --seconds (deterministic: "
                       "the same answer every run, the CP-SAT frames left out)")
    solve.add_argument("--seed", type=int, default=0, help="seed of the attempts (default: 0)")
    solve.add_argument("--no-cpsat", action="store_true", help="do not try the CP-SAT model even when OR-tools is installed")
    gen = sub.add_parser("gen", help="print a random problem (and its answer with --answer)", formatter_class=formatter)
    gen.add_argument("--width", type=int, default=20, help="board width the blocks are placed on (default: 20)")
    gen.add_argument("--height", type=int, default=10, help="board height (default: 10)")
    gen.add_argument("--blocks", type=int, default=40, help="blocks (default: 40)")
    gen.add_argument("--wires", type=int, default=40, help="wires, at most (default: 40)")
    gen.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    gen.add_argument("--answer", metavar="FILE", help="also write the answer it was cut from to FILE")
    page = sub.add_parser("page", help="write an HTML page drawing a problem and its answer", formatter_class=formatter)
    page.add_argument("problem", metavar="Q", help="problem file")
    page.add_argument("answer", metavar="A", nargs="?", help="answer file (without it, the blocks alone)")
    page.add_argument("-o", "--output", default="adc2020.html", help="page file to write (default: adc2020.html)")


def run(args):
    """Run the subcommand; its exit status."""
    return {"check": _check, "solve": _solve, "gen": _gen, "page": _page}[args.action](args)


def _read(path):
    """The text of a file, or None after a one-line refusal."""
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(21, "Is a directory", path)
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        print("error: cannot read %s: %s" % (path, exc.strerror), file=sys.stderr)
        return None
    if len(data) > MAX_BYTES:
        print("error: %s is larger than %d bytes: no problem or answer is" % (path, MAX_BYTES), file=sys.stderr)
        return None
    try:
        return data.decode("ascii")
    except UnicodeDecodeError as exc:
        print("error: %s is not ASCII text (byte %d): the rules' files are" % (path, exc.start), file=sys.stderr)
        return None


def _problem(path):
    """The problem of a file, or None after a one-line refusal."""
    text = _read(path)
    if text is None:
        return None
    try:
        return formats.read_problem(text)
    except formats.FormatError as exc:
        print("error: %s: %s" % (path, exc.reason), file=sys.stderr)
        return None


def _check(args):
    from ..adc2020.checker import check_texts

    texts = [_read(args.problem), _read(args.answer)]
    if None in texts:
        return 2
    verdict = check_texts(*texts)
    if verdict.area is None:
        print("violation: %s [%s]" % (verdict.reason, verdict.tag))
        return 1
    print(verdict.area)
    return 0


def _solve(args):
    from ..adc2020 import cpsat
    from ..adc2020.anytime import solve, unsolvable

    if not (0 < args.seconds <= MAX_SECONDS):
        print("error: --seconds must be more than 0 and at most %d, got %g" % (MAX_SECONDS, args.seconds), file=sys.stderr)
        return 2
    if not 1 <= args.jobs <= 64:
        print("error: --jobs must be 1 to 64, got %d" % args.jobs, file=sys.stderr)
        return 2
    if args.attempts is not None and not 1 <= args.attempts <= 10**6:
        print("error: --attempts must be 1 to 1000000, got %d" % args.attempts, file=sys.stderr)
        return 2
    problem = _problem(args.problem)
    if problem is None:
        return 1
    if not cpsat.available() and not args.no_cpsat and not args.attempts:
        print("note: OR-tools is not installed (pip install '.[adc2020]'): the greedy search runs alone", file=sys.stderr)
    unfit = unsolvable(problem)
    if unfit:
        print("error: %s: %s: no answer can exist" % (args.problem, unfit), file=sys.stderr)
        return 1
    seconds = None if args.attempts else args.seconds - (time.monotonic() - STARTED) - EXIT_SECONDS
    result = solve(problem, seconds=seconds, attempts=args.attempts, jobs=args.jobs, seed=args.seed,
                   use_cpsat=not args.no_cpsat)
    if result.answer is None:
        print("error: no valid answer found in %d attempts%s" % (
            result.attempts, "" if args.attempts else " (%g s)" % args.seconds), file=sys.stderr)
        return 1
    sys.stdout.write(formats.write_answer(result.answer))
    print("area %d  attempts %d  valid %d" % (result.area, result.attempts, result.found), file=sys.stderr)
    return 0


def _gen(args):
    from ..adc2020.generator import LIMITS, generate

    try:
        made = generate(args.width, args.height, args.blocks, args.wires, args.seed)
    except ValueError as exc:
        print("error: %s (%s)" % (exc, LIMITS), file=sys.stderr)
        return 2
    if args.answer:
        try:
            with open(args.answer, "w", encoding="ascii") as handle:
                handle.write(formats.write_answer(made.answer))
        except OSError as exc:
            print("error: cannot write %s: %s" % (args.answer, exc.strerror), file=sys.stderr)
            return 1
    sys.stdout.write(formats.write_problem(made.problem))
    return 0


def _page(args):
    from ..adc2020.page import render

    problem = _problem(args.problem)
    if problem is None:
        return 1
    answer = None
    if args.answer:
        text = _read(args.answer)
        if text is None:
            return 1
        try:
            answer = formats.read_answer(text)
        except formats.FormatError as exc:
            print("error: %s: %s" % (args.answer, exc.reason), file=sys.stderr)
            return 1
    html = render(problem, answer, os.path.basename(args.problem))
    try:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(html)
    except OSError as exc:
        print("error: cannot write %s: %s" % (args.output, exc.strerror), file=sys.stderr)
        return 1
    print(args.output)
    return 0
