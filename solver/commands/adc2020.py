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
    check = sub.add_parser("check", help="print an answer's area, or the rule it breaks", formatter_class=formatter,
                           description=CHECK_TEXT)
    check.add_argument("problem", metavar="Q", help="problem file (SIZE, BLOCK_NUM, BLOCK#i ...)")
    check.add_argument("answer", metavar="A", help="answer file (A<id>, SIZE, rows, BLOCK#i @(x,y))")
    solve = sub.add_parser("solve", help="print an answer of a problem: the smallest found in the time",
                           formatter_class=formatter, description=SOLVE_TEXT)
    solve.add_argument("problem", metavar="Q", help="problem file")
    solve.add_argument("--seconds", metavar="SECONDS", type=float, default=60.0,
                       help="wall time of the whole run, start to end (default: 60)")
    solve.add_argument("--jobs", metavar="JOBS", type=int, default=os.cpu_count() or 1,
                       help="worker processes (default: every core, %(default)s here)")
    solve.add_argument("--attempts", metavar="N", type=int, help="a number of attempts instead of --seconds, in one "
                       "process (deterministic: the same answer every run, the CP-SAT models left out)")
    solve.add_argument("--seed", metavar="SEED", type=int, default=0, help="seed of the attempts (default: 0)")
    solve.add_argument("--no-cpsat", action="store_true", help="do not try the CP-SAT models even when OR-tools is installed")
    gen = sub.add_parser("gen", help="print a random problem (and its answer with --answer)", formatter_class=formatter,
                         description=GEN_TEXT)
    gen.add_argument("--width", metavar="N", type=int, default=20, help="board width the blocks are placed on (default: 20)")
    gen.add_argument("--height", metavar="N", type=int, default=10, help="board height (default: 10)")
    gen.add_argument("--blocks", metavar="N", type=int, default=40, help="blocks, at most (default: 40)")
    gen.add_argument("--wires", metavar="N", type=int, default=40, help="wires, at most (default: 40)")
    gen.add_argument("--seed", metavar="SEED", type=int, default=0, help="random seed (default: 0)")
    gen.add_argument("--answer", metavar="FILE", help="also write the answer it was cut from to FILE")
    page = sub.add_parser("page", help="write an HTML page drawing a problem and its answer", formatter_class=formatter,
                          description=PAGE_TEXT)
    page.add_argument("problem", metavar="Q", help="problem file")
    page.add_argument("answer", metavar="A", nargs="?", help="answer file (without it, the blocks alone)")
    page.add_argument("-o", "--output", metavar="FILE", default="adc2020.html",
                      help="page file to write, not one of the files read (default: adc2020.html)")


CHECK_TEXT = (
    "Read a problem Q and an answer A (ASCII text, CRLF or LF, at most 10 MB each) and judge the answer as the "
    "official checker does, its gaps closed.  Prints the answer's area (the rectangle around every block and "
    "wire), status 0; or 'violation: WHY [CLASS]' in one line, status 1 (CLASS: the official checker's check-... "
    "or ours, gap-...).  A file that cannot be read: status 2.")
SOLVE_TEXT = (
    "Read a problem Q and print on stdout the smallest valid answer found (every answer is checked first), its "
    "area on stderr, status 0.  The run ends by --seconds (worker processes are ended when the time is up); "
    "no answer found: one line on stderr, status 1.  A problem that cannot be read, or whose blocks cannot fit "
    "its board, is refused at once, status 1; a bad option, status 2.")
GEN_TEXT = (
    "Print on stdout a random problem like the official random ones: blocks dropped on a WIDTH x HEIGHT board, "
    "wired, cut out (a 72x72 problem).  Fewer blocks or wires than asked are made when the board has no room for "
    "them (a warning on stderr says so).  A bad option, status 2.")
PAGE_TEXT = (
    "Write an HTML page (inline SVG, no script) drawing a problem and, when given, its answer, with the area or the "
    "rule it breaks; prints the page's name.  Status 0; 1 when the answer breaks a rule (the page is written and "
    "says which) or a file cannot be read or written; 2 when the output is one of the files read.")


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
    from ..adc2020 import cpsat  # after the reading: OR-tools' import alone takes 0.4 s and 100 MB
    from ..adc2020.anytime import solve, unsolvable

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
    if len(made.problem.blocks) < args.blocks or made.problem.wires < args.wires:
        print("warning: made %d blocks and %d wires of the %d and %d asked: the %dx%d board has no room for more"
              % (len(made.problem.blocks), made.problem.wires, args.blocks, args.wires, args.width, args.height),
              file=sys.stderr)
    return 0


def _page(args):
    from ..adc2020.page import render

    for read in (args.problem, args.answer):
        if read and os.path.exists(args.output) and os.path.exists(read) and os.path.samefile(read, args.output):
            print("error: -o %s is the file %s: the page would overwrite what it reads" % (args.output, read),
                  file=sys.stderr)
            return 2
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
    html, verdict = render(problem, answer, os.path.basename(args.problem)), None
    if answer is not None:
        from ..adc2020.checker import check

        verdict = check(problem, answer)
    try:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(html)
    except OSError as exc:
        print("error: cannot write %s: %s" % (args.output, exc.strerror), file=sys.stderr)
        return 1
    print(args.output)
    if verdict is not None and verdict.area is None:
        print("error: %s breaks a rule: %s" % (args.answer, verdict.reason), file=sys.stderr)
        return 1
    return 0
