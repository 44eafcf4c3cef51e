"""`icpc`: the ICPC 2003 analyser; fields on stdin, one answer a line on stdout."""

import sys

from ..variants.icpc import BENCH_FIELDS, FieldFormatError, bench, least_closed, read_fields


def stdin_lines():
    """Input lines as text, whatever bytes arrive: odd bytes become a line-named error."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:  # stdin replaced by a text stream (tests, embedding)
        return sys.stdin
    return (line.decode("latin-1") for line in raw)


def add_arguments(parser):
    parser.add_argument(
        "--bench",
        metavar="N",
        type=int,
        nargs="?",
        const=BENCH_FIELDS,
        help=f"instead of reading stdin, time N random fields (default {BENCH_FIELDS})",
    )


def run(args):
    if getattr(args, "bench", None) is not None:
        if args.bench < 1:
            print("icpc: --bench needs a positive number of fields", file=sys.stderr)
            return 1
        bench(args.bench)
        return 0
    try:
        for rows in read_fields(stdin_lines()):
            sys.stdout.write(f"{least_closed(rows)}\n")
    except FieldFormatError as error:
        sys.stdout.flush()  # the answers before the bad line come first
        print(f"icpc: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # stdin closed (<&-) or unreadable (a folder)
        print(f"icpc: cannot read stdin: {error.strerror}", file=sys.stderr)
        return 1
    return 0
