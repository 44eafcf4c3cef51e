"""`icpc`: the ICPC 2003 analyser; fields on stdin, one answer a line on stdout."""

import sys

from ..variants.icpc import BENCH_FIELDS, MAX_BENCH_FIELDS, FieldFormatError, bench, least_closed, read_fields
from .progress import Progress


def stdin_lines():
    """Input lines as text, whatever bytes arrive: odd bytes become a line-named error.  A
    UTF-8 byte-order mark at the start is left out, as `solve` leaves it (it was refused
    as a line that is not 'r c')."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:  # stdin replaced by a text stream (tests, embedding)
        return _unmarked(sys.stdin, "\ufeff")
    return (line.decode("latin-1") for line in _unmarked(raw, b"\xef\xbb\xbf"))


def _unmarked(lines, mark):
    """The lines, the first without a leading byte-order mark."""
    for number, line in enumerate(lines):
        yield line[len(mark) :] if number == 0 and line.startswith(mark) else line


def add_arguments(parser):
    parser.description = (
        "ICPC Mid-Central USA 2003 'Data Mining?': reads fields on stdin and prints, one line a field, the least "
        "number of safe cells a casual player leaves closed over every start cell.  Input: each field is a line "
        "'r c' (two whole numbers, r, c >= 3, r * c <= 40), then r rows of c characters, 'M' a mine and '.' a "
        "safe cell; a line '0 0' ends the input.  A line that breaks the format is refused in one line naming it "
        "(exit status 1), after the answers before it."
    )
    parser.add_argument(
        "--bench",
        metavar="N",
        type=int,
        nargs="?",
        const=BENCH_FIELDS,
        help=f"instead of reading stdin, time N random fields (1 to {MAX_BENCH_FIELDS:,}; N left out: {BENCH_FIELDS})",
    )


def run(args):
    if getattr(args, "bench", None) is not None:
        if not 1 <= args.bench <= MAX_BENCH_FIELDS:
            print("error: --bench needs a number of fields from 1 to %d" % MAX_BENCH_FIELDS, file=sys.stderr)
            return 1
        progress = Progress("icpc --bench", "fields")
        bench(args.bench, progress=progress)
        progress.close()
        return 0
    try:
        for rows in read_fields(stdin_lines()):
            sys.stdout.write(f"{least_closed(rows)}\n")
    except FieldFormatError as error:
        sys.stdout.flush()  # the answers before the bad line come first
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # stdin closed (<&-) or unreadable (a folder)
        print(f"error: cannot read stdin: {error.strerror}", file=sys.stderr)
        return 1
    return 0
