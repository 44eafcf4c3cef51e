"""Which kind of file a text is: a board pack or a select list.

Both start with a header line (``X Y NAME`` or ``X Y MINES NAME``); what follows
tells them apart.  Under a pack's header come rows of digits, one field as wide as
the board; under a select list's come clicks, ``x y``, two fields.  A command handed
the other kind (a select list where a pack is expected, or the reverse) would read
every line of it as an error; it says so in one line instead (`wrong_kind`).  Only
the first header followed by a row or a click is looked at, within the first
LINES_LOOKED lines, so the test costs nothing on a big pack.

A text with no header at all (a README handed over as the pack) holds no board:
`no_board` says so in one line, so a run of nothing ends with status 1 instead of
`boards 0/0` and status 0.
"""

import re

from .compact import is_compact
from .lines import is_count, normal_line, spaced_marks
from .packindex import index_pack
from .selects import header_is_read, js_index

PACK = "board pack"
SELECT_LIST = "select list"
LINES_LOOKED = 1000  # a file that shows no row or click under a header by then is not judged

# A line the pack reader takes for a header (packindex._ANY_HEADER: two whole numbers at the
# start of the line as the page's removeEmptyItems leaves it), a byte-order mark being a
# space there too (lines.spaced_marks); found by one search that stops at the first.
_SPACE = r"(?:[^\S\n]|\ufeff)"
_A_HEADER = r"(?m)^%s*[0-9]+%s+[0-9]" % (_SPACE, _SPACE)  # (compiled on first use, as _NEXT_FILLED)


LINE_LOOKED = 4096  # characters of a line looked at: a longer one is judged by its start


def first_lines(text, most=LINES_LOOKED):
    """(1-based number, normal line) of the first `most` lines of a text, read as the
    readers read them (lines.source_lines), without splitting the rest; of a line longer
    than LINE_LOOKED characters only its start (a row or a click is never that long, and
    ten lines of ten megabytes were read whole: a second before any deadline)."""
    start = 0
    for number in range(1, most + 1):
        if start > len(text):
            return
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        yield number, normal_line(spaced_marks(text[start : min(end, start + LINE_LOOKED)]))
        start = end + 1


def kind_of(text):
    """(kind, evidence) of a text: PACK or SELECT_LIST and a phrase saying which line
    shows it; (None, None) when no header is followed by a row or a click.  A compact
    pack (official/compact.py) is a PACK by its first line."""
    if is_compact(text):
        return PACK, "line 1 opens a compact pack"
    header = None  # (line number, width) of the latest header
    for number, line in first_lines(text):
        if not line:
            continue
        fields = line.split()
        if header is not None:
            under = "under the header on line %d" % header[0]
            if len(fields) == 1 and is_count(fields[0]) and len(fields[0]) == header[1]:
                return PACK, "line %d is a row of digits %s" % (number, under)
            if len(fields) == 2 and js_index(fields[0]) is not None and js_index(fields[1]) is not None:
                return SELECT_LIST, "line %d is a click 'x y' %s" % (number, under)
        header = (number, int(fields[0]) if len(fields[0]) < 10 else 0) if header_is_read(line) else None
    return None, None


def wrong_kind(text, expected, name):
    """A one-line message when `text` (the file `name`) is not of the `expected` kind
    but of the other, else None."""
    kind, evidence = kind_of(text)
    if kind is None or kind == expected:
        return None
    if expected == PACK:
        hint = "give the board pack the list was played on"
    else:
        hint = "give the select list the solver printed for it"
    return "%s is a %s, not a %s (%s): %s" % (name, kind, expected, evidence, hint)


def _line_at(text, start):
    """The fields of the line that begins at `start` (of its first LINE_LOOKED characters)."""
    end = text.find("\n", start, start + LINE_LOOKED)
    return spaced_marks(text[start : end if end >= 0 else start + LINE_LOOKED]).split()


def _named_over_no_click(text, start):
    """Whether the header line at `start` has a name and the next non-blank line is no
    line of two numbers alone (then the pack reader keeps it: a board's header)."""
    if len(_line_at(text, start)) < 3:
        return False
    end = text.find("\n", start)
    following = re.compile(_NEXT_FILLED).search(text, end) if end >= 0 else None
    if following is None:
        return True
    fields = _line_at(text, following.start() + 1)
    return not (len(fields) == 2 and re.compile(_A_HEADER).match(" ".join(fields)))


_NEXT_FILLED = r"\n(?=[^\S\n]*[^\s\ufeff])"  # the line break before a non-blank line


def no_board(text, name, looked=None):
    """A one-line message when `text` (the file `name`) holds no line the pack reader
    takes for a board header, so that no board could be played from it; else None.
    `looked`: only the first `looked` characters are searched, and a longer text
    without a header there is given the benefit of the doubt (a run under a deadline
    bounds the search: 10 to 90 ns a character where no header is, docs/refusals.md).
    A compact pack holds its boards in chunks: what it lost is said when it is read."""
    if is_compact(text):
        return None
    found = re.compile(_A_HEADER).search(text, 0, len(text) if looked is None else looked)
    if found is not None:
        if _named_over_no_click(text, found.start()):
            return None  # (the usual answer, at once)
        # two numbers alone may be a click the pack reader skips, and a header over them
        # a select list's: ask the reader
        if index_pack(text if looked is None else text[:looked]).headers:
            return None
    if looked is not None and len(text) > looked:
        return None
    what = "nothing but blank lines" if not text.strip() else "no board"
    return ("%s holds %s: no line is a board header 'X Y NAME' or 'X Y MINES NAME' (two whole numbers, then "
            "the name): give a board pack" % (name, what))
