"""The contest entry point: the program paiza.IO runs, bundled by build.py into dist/paiza_main.py.

How to run it (paiza.IO gives a program no arguments; by hand, one argument may name
the pack's file):

    the pack on stdin (paste it into paiza's input box), or, when stdin is empty
    (or a terminal: a run by hand does not wait for typing), the pack baked into the
    program (build.py --pack), or else the pack in the one
    file ending in ".txt" beside the program (add it to the paiza project as a
    file: it sits beside Main.py).  Only a regular file that is
    not empty counts (so `> select.txt` in the same folder is no second pack), and
    of several, a select list (an earlier run's output) is skipped; a
    FIFO, a device or a link to one is skipped with one line.  No such file, or
    several, is a one-line error; so is a pack larger than MAX_PACK_BYTES.

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
SOLVER_WORKERS (a whole number) sets how many processes share the boards (default:
the cores the process may use, `cores.usable_cores`); the select list is the same
for any number of them when there is no deadline.
"""

import gc
import io
import os
import stat
import sys
import time

from ..official.compact import CompactError, is_compact, read_compact
from ..official.kinds import PACK, SELECT_LIST, kind_of, no_board, wrong_kind
from ..official.lines import TooLarge, decode_text, read_text
from ..official.names import printable
from .batch import Settings, solve_text
from .clock import before, process_start
from .cores import workers_from_environment
from .signals import Stopped, signal_name, stop_on_signals, stoppable, stopped
from .streams import closed_streams, quiet_stderr, write_output
from .timeplan import DEFAULT_BUDGET_SECONDS, INDEX_SHARE, STARTUP_ALLOWANCE_SECONDS

# The clock at the first statement the program runs.  build.py moves this assignment
# (with `import time`) to the top of the bundle, before the other modules' set-up.
FIRST_STATEMENT_CLOCK = time.perf_counter()

# Seconds from process start to the whole run's end of play; build.py bakes its
# --budget into the bundle here (the reasoning: contest/timeplan.py).
BUDGET_SECONDS = DEFAULT_BUDGET_SECONDS

BUDGET_VARIABLE = "SOLVER_BUDGET"

# The largest pack read, in bytes: reading holds the bytes and the text at once, and
# paiza.IO gives a run 512 MB; a 142 MB pack peaks at about 300 MB (docs/refusals.md).
MAX_PACK_BYTES = 160 << 20

# Characters of the pack searched for a first board header before play (kinds.no_board):
# a text with none is refused in one line; past this, the run plays what it finds (the
# search costs 10 to 90 ns a character where no header is: 25 ms at most here).
NO_BOARD_LOOKED = 1 << 18

# Worker processes that share the boards; build.py bakes its --workers here (None: the
# cores this process may use, cores.usable_cores; SOLVER_WORKERS overrides either).
WORKERS = None


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


def pack_beside(folder, err, why="stdin is empty"):
    """(text, name) of the one non-empty regular file ending in .txt in `folder`, or
    NoPack (its message starting with `why` the folder was looked in); a .txt that is
    no regular file is skipped with a line on `err`."""
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".txt"))
    except OSError as exc:
        raise NoPack("%s and the folder %s cannot be listed: %s" % (why, folder, exc.strerror)) from None
    packs = []
    for name in names:
        path = os.path.join(folder, name)
        try:
            kind = os.stat(path)  # (through a link: what it points at)
        except OSError as exc:
            err.write("note: %s skipped: %s\n" % (printable(name), exc.strerror))
            continue
        if not stat.S_ISREG(kind.st_mode):
            err.write("note: %s skipped: not a regular file (a FIFO, a device or a folder)\n" % printable(name))
        elif kind.st_size:  # an empty file is no pack (`> select.txt` makes one before the run)
            packs.append(name)
    if len(packs) > 1:  # a select list saved beside the pack by an earlier run is no second pack
        packs = [name for name in packs if not _is_select_list(os.path.join(folder, name), name, err)]
    if len(packs) != 1:
        found = "no non-empty .txt file" if not packs else "%d .txt files (%s)" % (len(packs), ", ".join(packs[:5]))
        raise NoPack(
            "%s and the folder %s holds %s: give the pack on stdin (python3 Main.py < pack.txt), or "
            "leave exactly one .txt file (the pack) beside the program" % (why, folder, found)
        )
    return _read_pack_file(os.path.join(folder, packs[0])), packs[0]


# Bytes of a .txt beside the program read to tell a select list from a pack (kinds.kind_of
# looks for the first header followed by a row or a click: the first lines tell).
KIND_BYTES = 1 << 16


def _is_select_list(path, name, err):
    """Whether the file `path` opens as a select list (said on `err`: it is skipped)."""
    try:
        with open(path, "rb") as handle:
            opening = decode_text(handle.read(KIND_BYTES))
    except OSError:
        return False  # (reading it as the pack will say why)
    kind, evidence = kind_of(opening)
    if kind != SELECT_LIST:
        return False
    err.write("note: %s skipped: a select list, not a board pack (%s)\n" % (printable(name), evidence))
    return True


def _read_pack_file(path):
    """The text of the pack file `path`, or NoPack saying why it cannot be had."""
    try:
        return read_text(path, MAX_PACK_BYTES)
    except OSError as exc:
        raise NoPack("cannot read %s: %s" % (path, exc.strerror)) from None
    except TooLarge as exc:
        raise NoPack("%s holds %s" % (path, exc)) from None


def pack_input(stdin, folder, err=None, args=()):
    """The pack's text: stdin's, or when stdin holds nothing but blanks or is a terminal
    (a run by hand: waiting for typing would spend the budget), the pack baked into
    the program (baked_pack), else the .txt file beside the program (pack_beside; its
    notes on `err`, default stderr).  The text may be a compact pack (official/compact.py).  paiza.IO gives no
    arguments; run by hand, one argument names the pack's file ('-': stdin).  NoPack
    when that text is a select list, not a pack, or holds no board header
    (kinds.no_board), or when more than one argument is given."""
    err = sys.stderr if err is None else err
    if len(args) > 1:
        raise NoPack("%d arguments: give at most one, the pack's file (paiza.IO gives none: the pack is then read "
                     "from stdin, or from the one .txt file beside the program)" % len(args))
    text, name = "", "stdin"
    if args and args[0] != "-":
        text, name = _read_pack_file(args[0]), args[0]
    elif not _is_terminal(stdin):
        try:
            text = read_text(stdin, MAX_PACK_BYTES)
        except TooLarge as exc:
            raise NoPack("stdin holds %s" % exc) from None
    if not text.strip() and name == "stdin":
        baked = baked_pack()
        if baked is not None:
            text, name = baked, "the pack baked into the program"
        else:
            text, name = pack_beside(folder, err, "stdin is a terminal" if _is_terminal(stdin) else "stdin is empty")
    problem = wrong_kind(text, PACK, name) or no_board(text, name, NO_BOARD_LOOKED)  # (a compact pack: None)
    if problem is not None:
        raise NoPack(problem)
    return text


def baked_pack():
    """The pack build.py --pack baked into the script (the global BAKED_PACK its loader
    binds: bundler/script.py, BAKED_NAME), or None.  (Not globals(): with it in the
    program, python-minifier renames no local, and the script grows by a quarter.)"""
    try:
        return BAKED_PACK  # noqa: F821 (bound by the script's loader, or not at all)
    except NameError:
        return None


def _is_terminal(stream):
    """Whether a stream is a terminal (False for what cannot tell: a closed stdin)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def main():
    """Read the pack (pack_input), play it within the budget, write select list and
    summary; the exit status.  No pack, a closed or unreadable stdin or a closed stdout
    is one line on stderr and status 1; a reader of stdout gone away (| head), 141; a
    select list that cannot be written (a full disk), one line and 1; a stderr that
    cannot be written loses its lines, never the select list (streams.py: the same
    as the command line).  SIGINT, SIGTERM or SIGHUP ends the play: the list of the
    boards played before it is written, a note, the summary, status 128 + the signal."""
    # A two-second run leaves no garbage cycles worth collecting, and the collector's
    # passes cost about 1.7% of play (docs/measurements/throughput.md, "Per phase").
    gc.disable()
    stop_on_signals()  # SIGINT, SIGTERM, SIGHUP: the list of the boards played so far (workers.py)
    closed = closed_streams()  # before any file is opened that could take the number; a closed stderr is a sink
    err = quiet_stderr()  # a stderr that cannot be written never costs the select list
    start = process_start(FIRST_STATEMENT_CLOCK - STARTUP_ALLOWANCE_SECONDS)
    budget = budget_from_environment(os.environ, BUDGET_SECONDS)
    if ("stdin" in closed and sys.argv[1:] in ([], ["-"])) or "stdout" in closed:  # <&-, >&-
        err.write("error: %s is closed\n" % ("stdin" if "stdin" in closed else "stdout"))
        return 1
    try:
        with stoppable():
            text = pack_input(sys.stdin, os.path.dirname(os.path.abspath(sys.argv[0] or ".")), err, sys.argv[1:])
    except Stopped as exc:
        err.write("error: stopped by %s while reading the pack: no board played\n" % signal_name(exc.signum))
        return 128 + exc.signum
    except NoPack as exc:
        err.write("error: %s\n" % printable(str(exc)))  # (a file's name is data)
        return 1
    except OSError as exc:
        err.write("error: cannot read stdin: %s\n" % exc.strerror)
        return 1
    pack, status = text, 0
    if is_compact(text):  # (read whole at once, within the budget: its columns and packed mines)
        try:
            pack = read_compact(text, None if budget is None else before(start + INDEX_SHARE * budget))
        except CompactError as exc:
            err.write("error: %s\n" % exc)
            return 1
        status = 1 if pack.messages else 0  # a damaged compact pack: what is intact is played
    # one write at the end: thousands of small writes through the text layer cost more
    select_list = io.StringIO()
    workers = workers_from_environment(os.environ, WORKERS, err)
    err.flush()  # nothing written before the workers are made is written twice
    solve_text(pack, select_list, err, Settings(budget=budget, workers=workers, start=start))
    status = write_output(select_list.getvalue().encode("utf-8"), err, "the select list") or status
    signum = stopped()
    if signum is not None:  # (its note precedes the summary: solve_text)
        status = status or 128 + signum
    err.flush()
    return status


def exit_now(status=0):
    """End the process without tearing the interpreter down: freeing thousands of boards
    and caches object by object takes tenths of a second the 2-second limit still counts."""
    os._exit(status)


if __name__ == "__main__":
    exit_now(main())
