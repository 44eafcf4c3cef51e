"""The contest entry point: the program paiza.IO runs, bundled by build.py into dist/paiza_main.py.

How to run it (paiza.IO gives a program no arguments):

    the pack on stdin (paste it into paiza's input box), or, when stdin is empty,
    the pack in the one file ending in ".txt" beside the program (add it to the
    paiza project as a file: it sits beside Main.py).  No .txt file, or several,
    is a one-line error.

It plays the boards its plan picks within the budget and prints the select list on
stdout, and on stderr the three things the ADC2026 page asks every entry to output:
boards solved, run time and total score (`boards 5120/10000  seconds 1.890  score
4890.1234`); see `solver.contest.batch.solve_text`.

The budget is measured from process start, as paiza.IO counts it: `clock.process_start`
reads it from /proc.  Where that cannot be read, the clock taken by this module's
first statement (build.py moves it to the top of the bundled script) less
`STARTUP_ALLOWANCE_SECONDS` (interpreter start-up and compiling the script) stands in.

Environment: SOLVER_BUDGET (seconds, a float) overrides the budget; 0 or empty
plays every board with no deadline (tests use it for reproducible output).
"""

import gc
import io
import os
import sys
import time

from .batch import solve_text
from .clock import process_start
from .streams import closed_streams, reader_gone
from ..official.lines import read_text

# The clock at the first statement the program runs.  build.py moves this assignment
# (with `import time`) to the top of the bundle, before the other modules' set-up.
FIRST_STATEMENT_CLOCK = time.perf_counter()

# Seconds from process start to the whole run's end of play; build.py bakes its
# --budget into the bundle here (see the reasoning in build.py, DEFAULT_BUDGET_SECONDS).
BUDGET_SECONDS = 1.92

# Time spent before FIRST_STATEMENT_CLOCK where /proc cannot tell it: interpreter
# start-up plus compiling the bundled script, which take a few tens of milliseconds
# (docs/measurements.md, "Decisions"); 0.1 s covers a machine about twice as slow, and
# a slower start-up only eats into the margin build.py leaves.
STARTUP_ALLOWANCE_SECONDS = 0.1

BUDGET_VARIABLE = "SOLVER_BUDGET"


def budget_from_environment(environ, default):
    """The budget in seconds, or None for no deadline (SOLVER_BUDGET set to 0 or empty)."""
    text = environ.get(BUDGET_VARIABLE)
    if text is None:
        return default
    text = text.strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        sys.stderr.write("warning: %s=%r is not a number; using %.3f s\n" % (BUDGET_VARIABLE, text, default))
        return default
    if value != value or value <= 0:
        return None
    return value


class NoPack(Exception):
    """Neither stdin nor the folder of the program holds a pack; the message says why."""


def pack_beside(folder):
    """The text of the one file ending in .txt in `folder`, or NoPack."""
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".txt"))
    except OSError as exc:
        raise NoPack("stdin is empty and the folder %s cannot be listed: %s" % (folder, exc.strerror)) from None
    if len(names) != 1:
        found = "no .txt file" if not names else "%d .txt files (%s)" % (len(names), ", ".join(names[:5]))
        raise NoPack(
            "stdin is empty and the folder %s holds %s: give the pack on stdin, or leave exactly "
            "one .txt file (the pack) beside the program" % (folder, found)
        )
    path = os.path.join(folder, names[0])
    try:
        return read_text(path)
    except OSError as exc:
        raise NoPack("cannot read %s: %s" % (path, exc.strerror)) from None


def pack_input(stdin, folder):
    """The pack's text: stdin's, or when stdin holds nothing but blanks, the .txt file
    beside the program (pack_beside)."""
    text = read_text(stdin)
    return text if text.strip() else pack_beside(folder)


def main():
    """Read the pack (pack_input), play it within the budget, write select list and
    summary; the exit status.  No pack, a closed or unreadable stdin or a closed stdout
    is one line on stderr and status 1; a reader of stdout gone away (| head), 141
    (streams.py: the same as the command line)."""
    # A two-second run leaves no garbage cycles worth collecting, and the collector's
    # passes cost about 1.7% of play (docs/measurements.md, "The player's cost").
    gc.disable()
    closed = closed_streams()  # before any file is opened that could take the number; a closed stderr is a sink
    err = sys.stderr
    start = process_start(FIRST_STATEMENT_CLOCK - STARTUP_ALLOWANCE_SECONDS)
    budget = budget_from_environment(os.environ, BUDGET_SECONDS)
    if "stdin" in closed or "stdout" in closed:  # <&-, >&-
        err.write("error: %s is closed\n" % ("stdin" if "stdin" in closed else "stdout"))
        return 1
    try:
        text = pack_input(sys.stdin, os.path.dirname(os.path.abspath(sys.argv[0] or ".")))
    except NoPack as exc:
        err.write("error: %s\n" % exc)
        return 1
    except OSError as exc:
        err.write("error: cannot read stdin: %s\n" % exc.strerror)
        return 1
    # one write at the end: thousands of small writes through the text layer cost more
    select_list = io.StringIO()
    solve_text(text, budget, None, start, select_list, err)
    try:
        sys.stdout.buffer.write(select_list.getvalue().encode("utf-8"))
        sys.stdout.flush()
    except BrokenPipeError:
        return reader_gone()  # 141, as a shell reports a tool killed by SIGPIPE
    err.flush()
    return 0


def exit_now(status=0):
    """End the process without tearing the interpreter down: freeing thousands of boards
    and caches object by object takes tenths of a second the 2-second limit still counts."""
    os._exit(status)


if __name__ == "__main__":
    exit_now(main())
