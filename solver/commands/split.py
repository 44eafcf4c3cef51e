"""`split`: a pack cut into pieces of whole boards, one file a paiza.IO run."""

import os
import sys

from ..official.compact import CompactError, is_compact, read_compact
from ..official.kinds import PACK
from ..official.lines import TooLarge, decode_text
from ..official.pieces import DEFAULT_MAX_LINES, CannotCut, cut_pack, piece_names
from .options import kind_refused

# The largest pack read (as the entry and `solve`: contest/paiza.py's bound)
MAX_PACK_BYTES = 160 * 1000 * 1000


def add_arguments(parser):
    parser.description = (
        "Reads a board pack (a file, or - for stdin) and writes it cut into pieces of whole boards, "
        "DIR/piece01.txt, piece02.txt, ... (names that sort in order), each at most --max-lines lines and "
        "--max-bytes bytes: one file for each run of a paiza.IO session.  The pieces joined in order are "
        "the pack byte for byte (line endings and blank lines kept).  Prints one line per piece "
        "(file, boards, lines, bytes), then 'pieces: N files of at most L lines'."
    )
    parser.add_argument("pack", help="the board pack, or - for stdin")
    parser.add_argument("--max-lines", type=int, default=DEFAULT_MAX_LINES, metavar="N",
                        help="lines a piece may hold (default: %(default)s, the ADC2026 entrants' pieces)")
    parser.add_argument("--max-bytes", type=int, metavar="B", help="bytes a piece may hold (default: no bound)")
    parser.add_argument("--out", required=True, metavar="DIR", help="the folder to write the pieces in (made if missing)")


def _read(path):
    """The pack's bytes, or OSError / TooLarge."""
    handle = sys.stdin.buffer if path == "-" else open(path, "rb")
    try:
        data = handle.read(MAX_PACK_BYTES + 1)
    finally:
        if path != "-":
            handle.close()
    if len(data) > MAX_PACK_BYTES:
        raise TooLarge("%s is larger than %d MB, more than a run can hold" % (path, MAX_PACK_BYTES // 10**6))
    return data


def _problem(args):
    """Why the arguments cannot be followed, said before anything is read, or None."""
    if args.max_lines < 1:
        return "--max-lines must be 1 or more"
    if args.max_bytes is not None and args.max_bytes < 1:
        return "--max-bytes must be 1 or more"
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        return "--out %s is a file, not a folder" % args.out
    if os.path.isdir(args.out):
        old = sorted(name for name in os.listdir(args.out) if name.startswith("piece") and name.endswith(".txt"))
        if old:
            return "--out %s already holds %s: give an empty folder (older pieces would mix with new ones)" % (
                args.out, old[0])
    return None


def run(args):
    problem = _problem(args)
    if problem is not None:
        print("error: %s" % problem, file=sys.stderr)
        return 2
    damaged = False
    try:
        data = _read(args.pack)
        text = decode_text(data)
        if kind_refused(text, PACK, args.pack):
            return 1
        if is_compact(text):  # pieces of the text it was made from
            pack = read_compact(text)
            for message in pack.messages:
                print("error: %s: %s" % (args.pack, message), file=sys.stderr)
            data, damaged = pack.expand().encode("utf-8"), bool(pack.messages)
        pieces = cut_pack(data, args.max_lines, args.max_bytes)
    except OSError as exc:
        print("error: cannot read %s: %s" % (args.pack, exc.strerror), file=sys.stderr)
        return 1
    except (TooLarge, CannotCut, CompactError) as exc:
        print("error: %s: %s" % (args.pack, exc), file=sys.stderr)
        return 1
    try:
        os.makedirs(args.out, exist_ok=True)
        for name, piece in zip(piece_names(len(pieces)), pieces):
            path = os.path.join(args.out, name)
            with open(path, "wb") as handle:
                handle.write(piece.data)
            print("%s  %d boards  %d lines  %d bytes" % (path, piece.boards, piece.lines, len(piece.data)))
    except OSError as exc:
        print("error: cannot write %s: %s" % (exc.filename or args.out, exc.strerror), file=sys.stderr)
        return 1
    print("pieces: %d files of at most %d lines%s" % (
        len(pieces), max(piece.lines for piece in pieces),
        ", %d bytes" % max(len(piece.data) for piece in pieces) if args.max_bytes else ""))
    return 1 if damaged else 0
