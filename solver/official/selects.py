"""Select lists as text: reading them as the official page does, writing them.

A select list holds, per board played, its header line (``X Y NAME`` or
``X Y MINES NAME``) and one ``x y`` line per click.  Coordinates are read the way
the page reads them: JavaScript's Number(), accepted only when its string form is
all digits.  Nothing here raises on bad text: every problem is one message naming
its line.
"""

import re
from collections import namedtuple

from .lines import is_count, normal_line, spaced_marks

# JavaScript's \d and \w are ASCII only (the official regexes carry no 'u' flag): re.ASCII
_SELECT_HEADER = r"(?a)^(\d+) +(\d+) +(\w+)"  # official cellListFile.isHeader (compiled on first use)
# Number()'s other forms, for a token that is no plain count: patterns that re compiles on
# first use and keeps, since compiling them at import would cost every start of the
# contest entry, which meets them only on a rare token (docs/measurements/startup.md, "The code compiled ahead").
_JS_DECIMAL = r"(?a)[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)"
_JS_PREFIXED = r"(?a)0([xXoObB])([0-9a-fA-F]+)"
_JS_INFINITY = r"[+-]?Infinity"

SelectEntry = namedtuple("SelectEntry", "width height mines name clicks line")
SelectEntry.__doc__ = """One board of a select list.

clicks -- list of (x, y, line_number) as written (not yet range-checked)
mines  -- the mine count of a four-field header, else None
"""


def js_number(token):
    """JavaScript Number(token) for one whitespace-free token (NaN as None)."""
    try:
        if re.fullmatch(_JS_DECIMAL, token):
            return float(token)
        prefixed = re.fullmatch(_JS_PREFIXED, token)
        if prefixed:
            base = {"x": 16, "o": 8, "b": 2}[prefixed.group(1).lower()]
            value = int(prefixed.group(2), base)
            try:
                return float(value)
            except OverflowError:  # JavaScript rounds it to Infinity
                return float("inf")
        if re.fullmatch(_JS_INFINITY, token):
            return float("-inf") if token[0] == "-" else float("inf")
    except ValueError:  # a digit outside the base, e.g. '0b2' or '0o9'
        return None
    return None


def js_index(token):
    """The coordinate a select-list token names, or None when the official page refuses it.

    The page takes Number(token) and accepts it only when its string form is all
    digits: so '03' and '+3' and '0x3' mean 3, while '-1', '3.5' and 'a' are refused.
    """
    if len(token) < 16 and token.isdigit() and token.isascii():  # a plain count: what Number() gives, faster
        return int(token)
    value = js_number(token)
    if value is None or value != value or value < 0 or value >= 1e21:
        return None
    if value != int(value):
        return None
    return int(value)


def header_is_read(line):
    """Whether the official select-list reader takes a line (as `normal_line` gives it)
    for a board header: two integers and a word (cellListFile.isHeader, the same on
    the 2025 and 2026 pages).  A header the writer emits must pass it, or the page
    reads it as a click and rejects the whole file."""
    return re.compile(_SELECT_HEADER).match(line) is not None


def name_reads_back(name):
    """Whether the header ``X Y NAME`` passes `header_is_read`: NAME starts with an ASCII
    letter, digit or '_' (X and Y, plain integers, always pass).  The pack reader refuses
    a board whose name fails, as the page would read its header line as a click."""
    first = name[:1]  # (\w under re.ASCII, without a pattern compiled at every start)
    return first.isascii() and (first.isalnum() or first == "_")


def js_count(field):
    """Number(field) for a field of ASCII digits: an int, or for more than 15 digits
    the float JavaScript rounds it to (Infinity past 1e308; never int()'s digit limit)."""
    return int(field) if len(field) <= 15 else float(field)


HEADER, CLICK, ERROR = "header", "click", "error"  # the kinds of what iter_select yields


def iter_select(text):
    """read_select as a stream, one line at a time: a list of ten million clicks is never
    held as lines or clicks.  Yields (HEADER, SelectEntry with no clicks, the offset of
    its line in `text`), (CLICK, (x, y, line number), None) and (ERROR, message, None),
    in line order, except that the clicks before the first header come right after
    it, as the page's popData gives them to the first board (with no header, each is
    an error)."""
    text = spaced_marks(text)  # (one character for one: offsets hold in the text given)
    first = _first_header(text)
    if first is None:
        for number, _, line in _lines(text, 0, len(text), 1):
            kind, value = _read_line(line, number)
            if kind is CLICK:
                kind, value = ERROR, "line %d: click before any board header: '%d %d'" % (number, value[0], value[1])
            if kind is not None:
                yield kind, value, None
        return
    number, start = first
    head = text.find("\n", start)
    yield HEADER, _read_line(normal_line(text[start : len(text) if head < 0 else head]), number)[1], start
    for part in ((0, start, 1), (start, len(text), number)):
        for number, at, line in _lines(text, *part):
            if at != start:
                kind, value = _read_line(line, number)
                if kind is not None:
                    yield kind, value, at if kind is HEADER else None


# A raw line that may be a header as `header_is_read` takes it (two counts and a word's
# first character, [^\S\n] being what split() takes away), searched for on the whole text
# at once: each match is then checked line by line.
_MAY_BE_HEADER = re.compile(r"^[^\S\n]*[0-9]+[^\S\n]+[0-9]+[^\S\n]+[0-9A-Za-z_]", re.MULTILINE)


def _first_header(text):
    """(line number, offset) of the first header line of a select list's text, or None."""
    at = 0
    while True:
        match = _MAY_BE_HEADER.search(text, at)
        if match is None:
            return None
        start = match.start()
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if header_is_read(normal_line(text[start:end])):
            return text.count("\n", 0, start) + 1, start
        at = end + 1


def _lines(text, start, stop, number):
    """(line number, offset, normal line) of each line of text[start:stop], `number` the
    first's, without splitting the whole text."""
    while start < stop:
        end = text.find("\n", start, stop)
        end = stop if end < 0 else end
        yield number, start, normal_line(text[start:end])
        number += 1
        start = end + 1


def _read_line(line, number):
    """(kind, value) of one normal line of a select list (iter_select's kinds); (None,
    None) for a blank one."""
    if not line:
        return None, None
    fields = line.split()
    if header_is_read(line):
        width, height = js_count(fields[0]), js_count(fields[1])
        if len(fields) >= 4 and is_count(fields[2]):
            mines, name = js_count(fields[2]), fields[3]
        else:
            mines, name = None, fields[2]
        return HEADER, SelectEntry(width, height, mines, name, [], number)
    if len(fields) < 2:
        return ERROR, "line %d: a click needs two integers <x> <y>: %r" % (number, line[:40])
    x, y = js_index(fields[0]), js_index(fields[1])
    if x is None or y is None:
        return ERROR, "line %d: not a cell location: %r" % (number, line[:40])
    return CLICK, (x, y, number)


def header_at(text, start):
    """The SelectEntry (no clicks, line 0) of the header line at offset `start` of a
    select list's text (an offset iter_select gave)."""
    end = text.find("\n", start)
    return _read_line(normal_line(spaced_marks(text[start : len(text) if end < 0 else end])), 0)[1]


def read_select(text):
    """Parse a select list.  Returns (entries, errors).

    Headers follow the official rule (`header_is_read`).  The name is the third field,
    or the fourth when the third is a mine count.  Header numbers are read as the page
    reads them (Number(): a size of 5,000 digits is Infinity, not an error).  A click
    line must be two integers (as JavaScript reads them); anything else is an error,
    which makes the official page reject the whole file.  Click lines before the first
    header are the first board's, as the page's popData reads them (they are errors
    only when no header follows).  The whole list is held: `iter_select` streams it.
    """
    entries, errors = [], []
    for kind, value, _ in iter_select(text):
        if kind is HEADER:
            entries.append(value)
        elif kind is CLICK:
            entries[-1].clicks.append(value)
        else:
            errors.append(value)
    return entries, errors


def format_select(header, clicks):
    """One board's select list: its header line, then one `x y` line per click."""
    return header + "\n" + "".join("%d %d\n" % xy for xy in clicks)
