"""`tally`: the runs of a paiza.IO session summed, as the ADC2026 results sheet asks."""

import os
import re
import sys

from ..contest.tally import MixedForms, RunOutput, SessionError, saved_name, session_csv, sheet_lines, tally
from ..official.lines import TooLarge, read_as_page, read_text
from ..official.rules import RULES
from .options import same_file

PIECE = re.compile(r"^piece(\d+)\.txt$")
MAX_FILE_BYTES = 160 * 1000 * 1000  # as the entry reads a pack


def add_arguments(parser):
    parser.description = (
        "Reads a session folder: the pieces `split` wrote (pieceNN.txt) and, beside each, what its run printed: "
        "stdout saved as pieceNN.out (the select list) and stderr as pieceNN.err (the summary line).  Scores "
        "each list against its piece as the official page does and prints one line per run, then "
        "'session: N runs  boards P/T  seconds S  score X': the sums the results sheet asks for (T counts every "
        "piece's boards, those left out too; S is the runs' own clocks; paiza.IO shows each run's time too).  A "
        "piece not run (and not --left-out), a list holding boards of another piece or a board twice, or a "
        "summary line that disagrees with its piece or its list is an error."
    )
    parser.add_argument("folder", metavar="DIR", help="the session folder")
    parser.add_argument("--left-out", default="", metavar="N,N",
                        help="pieces left out of the session on purpose (their numbers, as advise --session says)")
    parser.add_argument("--csv", metavar="FILE",
                        help="also write every board's score as the official score_summary.csv (the sheet's second tab)")
    parser.add_argument("--rule", type=int, choices=sorted(RULES),
                        help="the rule (default: from the pieces' header form, as score takes it from the list's)")


def _left_out(text):
    """The piece numbers of --left-out, or ValueError."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    if any(not w.isdigit() or not w.isascii() or len(w) > 6 for w in words):
        raise ValueError("--left-out takes piece numbers, as 3,11")
    return {int(w) for w in words}


def _saved(path, page=False):
    """A run's saved output, or None when there is no such file; `page`: a select list,
    read as the official page reads it (as `score` reads it)."""
    if not os.path.exists(path):
        return None
    return read_as_page(path) if page else read_text(path, MAX_FILE_BYTES)


def numbered_pieces(folder):
    """[(number, file name)] of the pieces in a folder, in order; SessionError when two
    files are the same piece (piece2.txt and piece02.txt)."""
    numbered = sorted((int(m.group(1)), name) for name in os.listdir(folder) for m in [PIECE.match(name)] if m)
    if not numbered:
        raise SessionError("%s holds no pieceNN.txt: make them with `split`" % folder)
    for (k, first), (j, second) in zip(numbered, numbered[1:]):
        if k == j:
            raise SessionError("%s: %s and %s are both piece %d: keep the one split wrote" % (folder, first, second, k))
    return numbered


def runs_of(folder, left_out):
    """(the RunOutputs of a session folder in piece order, [(name, text)] of the pieces
    left out)."""
    numbered = numbered_pieces(folder)
    unknown = left_out - {k for k, _ in numbered}
    if unknown:
        raise SessionError("--left-out %d: %s holds no such piece" % (min(unknown), folder))
    runs, others = [], []
    for k, name in numbered:
        text = read_text(os.path.join(folder, name), MAX_FILE_BYTES)
        if k in left_out:
            others.append((name, text))
            continue
        runs.append(RunOutput(name, text, _saved(os.path.join(folder, saved_name(name, ".out")), page=True),
                              _saved(os.path.join(folder, saved_name(name, ".err")))))
    return runs, others


def _inputs(folder):
    """The files of the folder tally reads (an output must not be one of them)."""
    names = os.listdir(folder)
    return [os.path.join(folder, n) for n in names if re.match(r"^piece\d+\.(txt|out|err)$", n)]


def run(args):
    try:
        left_out = _left_out(args.left_out)
    except ValueError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    if not os.path.isdir(args.folder):
        print("error: %s is not a folder" % args.folder, file=sys.stderr)
        return 1
    if args.csv is not None and same_file(args.csv, *_inputs(args.folder)):
        print("error: --csv %s is one of the session's files: give another file" % args.csv, file=sys.stderr)
        return 2
    try:
        runs, others = runs_of(args.folder, left_out)
        session = tally(runs, args.rule, others)
    except MixedForms as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    except SessionError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 1
    except (OSError, TooLarge) as exc:
        print("error: cannot read %s: %s" % (getattr(exc, "filename", None) or args.folder,
                                             getattr(exc, "strerror", None) or exc), file=sys.stderr)
        return 1
    for line in sheet_lines(session):
        print(line)
    if args.csv:
        try:
            with open(args.csv, "w", encoding="utf-8", newline="") as handle:
                handle.writelines(session_csv(session))
        except OSError as exc:
            print("error: cannot write %s: %s" % (args.csv, exc.strerror), file=sys.stderr)
            return 1
    return 0
