"""What several commands' arguments share: the header form, the lookahead switch, reading
input (a pack, a select list: each refused in one line when it is the other kind),
and writing a page."""

import os
import sys

from ..official.compact import CompactError, is_compact, read_compact
from ..official.kinds import PACK, wrong_kind
from ..official.lines import read_as_page, read_text
from ..pages.pagekit import write_page

LOOK_HELP = (
    "rank risky guesses by two-step safety (one exact lookahead): fewer mines hit on "
    "dense boards, several times slower on them (docs/measurements/strength.md, \"Decisions\")"
)


def add_format(parser):
    """--format: the header form of the boards a command prints."""
    parser.add_argument(
        "--format",
        default="2025",
        metavar="2025|2026",
        help="header form: 'X Y NAME' (2025) or 'X Y MINES NAME' (2026) (default: %(default)s)",
    )


def parse_format(text):
    """The year of a --format value, or ValueError."""
    if text not in ("2025", "2026"):
        raise ValueError("--format must be 2025 or 2026, got %r" % (text,))
    return int(text)


def read_input(path):
    """The text of a file, or of stdin for '-': bytes decoded by lines.read_text."""
    return read_text(sys.stdin if path == "-" else path)


def read_pack_input(path, expand=True):
    """(text, damaged) of the pack `path` names (a file, or '-': stdin), or None when it
    cannot be had: the file cannot be read, it is a select list, or a compact pack of
    another version (each said in one line on stderr).  A compact pack
    (official/compact.py) comes back as the text it was made from (with `expand`; else
    as a CompactPack), and what a damage cost it is said on stderr, one line each, the
    rest still given (`damaged` is then true: the command ends with status 1)."""
    name = "stdin" if path == "-" else path
    try:
        text = read_input(path)
    except OSError as exc:
        print("error: cannot read %s: %s" % (name, exc.strerror), file=sys.stderr)
        return None
    if kind_refused(text, PACK, path):
        return None
    if not is_compact(text):
        return text, False
    try:
        pack = read_compact(text)
    except CompactError as exc:
        print("error: %s: %s" % (name, exc), file=sys.stderr)
        return None
    for message in pack.messages:
        print("error: %s: %s" % (name, message), file=sys.stderr)
    return (pack.expand() if expand else pack), bool(pack.messages)


def read_select_input(path):
    """A select list's text, from a file or stdin ('-'), as the official page reads it
    (lines.read_as_page: a lone CR stays a space)."""
    return read_as_page(sys.stdin if path == "-" else path)


def kind_refused(text, expected, path):
    """When the text of `path` is the other kind of file than `expected` (kinds.PACK or
    kinds.SELECT_LIST), say so in one line on stderr and return True."""
    problem = wrong_kind(text, expected, "stdin" if path == "-" else path)
    if problem is not None:
        print("error: %s" % problem, file=sys.stderr)
    return problem is not None


def same_file(output, *inputs):
    """Whether the file `output` is one of `inputs` (the same file, by any path; '-' is
    stdin or stdout, never a file): writing it would destroy what is read."""
    if output == "-":
        return False
    for path in inputs:
        if path is None or path == "-":
            continue
        try:
            if os.path.samefile(output, path):
                return True
        except OSError:  # (one of them does not exist yet: then their paths tell)
            if os.path.realpath(output) == os.path.realpath(path):
                return True
    return False


def output_problem(path):
    """Why a page cannot be written at `path` ('-': stdout), said before any work is
    done, or None.  Whatever this misses (no permission) is met when writing."""
    if path == "-":
        return None
    if os.path.isdir(path):
        return "it is a folder"
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        return "folder %s does not exist" % folder
    return None


def write_output(path, text):
    """Write a page to `path`, or to stdout for '-'; OSError when the file cannot be written."""
    if path == "-":
        sys.stdout.write(text)
    else:
        write_page(path, text)
