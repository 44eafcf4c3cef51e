"""`compact`: a pack in its compact form, or a compact pack expanded back to its text."""

import sys

from ..official.compact import CODECS, CompactError, is_compact, read_compact
from ..official.compacting import compact_pack
from ..official.lines import TooLarge, read_text
from .options import kind_refused, same_file

# The largest file read (as the entry and `solve`: contest/paiza.py's bound)
MAX_PACK_BYTES = 160 << 20


def add_arguments(parser):
    parser.description = (
        "Reads a board pack (a file, or - for stdin) and writes its compact form: the same boards in about a "
        "tenth of the bytes, ASCII text that every command and the contest entry read as a pack (its first line "
        "says so), for a pack too big for paiza.IO's input.  Boards the reader refuses are left out with the "
        "reader's messages (status 1).  On stderr, one line: boards, the bytes before and after, and whether "
        "--expand gives the file back byte for byte (the official packs do).  With --expand, reads a compact "
        "pack and writes the pack's text; a damaged one is written as far as it is intact, one line for each "
        "chunk lost, status 1."
    )
    parser.add_argument("pack", help="board pack file (with --expand: a compact pack), or - for stdin")
    parser.add_argument("--out", metavar="FILE", help="file to write (default: stdout)")
    parser.add_argument("--expand", action="store_true", help="write a compact pack's text instead")
    parser.add_argument("--codec", choices=CODECS, default=CODECS[0],
                        help="how the chunks are packed: lzma, or zlib (larger) for a Python built without lzma")


def run(args):
    if args.out is not None and same_file(args.out, args.pack):
        print("error: --out %s is the input: give another file" % args.out, file=sys.stderr)
        return 2
    try:
        text = read_text(sys.stdin if args.pack == "-" else args.pack, MAX_PACK_BYTES)
    except OSError as exc:
        print("error: cannot read %s: %s" % (args.pack, exc.strerror), file=sys.stderr)
        return 1
    except TooLarge as exc:
        print("error: %s holds %s" % (args.pack, exc), file=sys.stderr)
        return 1
    if kind_refused(text, "board pack", args.pack):
        return 1
    return _expand(args, text) if args.expand else _compact(args, text)


def _compact(args, text):
    if is_compact(text):
        print("error: %s is a compact pack already (--expand writes its text)" % args.pack, file=sys.stderr)
        return 1
    made = compact_pack(text, args.codec)
    for message in made.messages:
        print("error: %s" % message, file=sys.stderr)
    if not made.boards:
        print("error: %s holds no board that reads: nothing to write" % args.pack, file=sys.stderr)
        return 1
    if not _write(args.out, made.text):
        return 1
    before, after = len(text.encode("utf-8")), len(made.text)
    print("compact: %d boards, %d bytes -> %d (%.1f%%); %s" % (
        made.boards, before, after, 100.0 * after / before,
        "--expand gives the pack back byte for byte" if made.exact else
        "--expand gives the same boards in the official layout, not these bytes"), file=sys.stderr)
    return 1 if made.messages else 0


def _expand(args, text):
    if not is_compact(text):
        print("error: %s is no compact pack: its first line does not open one" % args.pack, file=sys.stderr)
        return 1
    try:
        pack = read_compact(text)
    except CompactError as exc:
        print("error: %s: %s" % (args.pack, exc), file=sys.stderr)
        return 1
    for message in pack.messages:
        print("error: %s: %s" % (args.pack, message), file=sys.stderr)
    if not _write(args.out, pack.expand()):
        return 1
    return 1 if pack.messages else 0


def _write(path, text):
    """Write `text` to `path` (None: stdout); False, said in one line, when it cannot be."""
    if path is None:
        sys.stdout.write(text)
        return True
    try:
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    except OSError as exc:
        print("error: cannot write %s: %s" % (path, exc.strerror or exc), file=sys.stderr)
        return False
    return True
