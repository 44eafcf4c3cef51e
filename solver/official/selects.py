"""Select lists as text: reading them as the official page does, writing them.

A select list holds, per board played, its header line (``X Y NAME`` or
``X Y MINES NAME``) and one ``x y`` line per click.  Coordinates are read the way
the page reads them: JavaScript's Number(), accepted only when its string form is
all digits.  Nothing here raises on bad text: every problem is one message naming
its line.
"""

import re
from collections import namedtuple

from .lines import is_count, source_lines

# JavaScript's \d and \w are ASCII only (the official regexes carry no 'u' flag): re.ASCII
_SELECT_HEADER = re.compile(r"^(\d+) +(\d+) +(\w+)", re.ASCII)  # official cellListFile.isHeader
_JS_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)", re.ASCII)
_JS_PREFIXED = re.compile(r"0([xXoObB])([0-9a-fA-F]+)", re.ASCII)
_JS_INFINITY = re.compile(r"[+-]?Infinity")

SelectEntry = namedtuple("SelectEntry", "width height mines name clicks line")
SelectEntry.__doc__ = """One board of a select list.

clicks -- list of (x, y, line_number) as written (not yet range-checked)
mines  -- the mine count of a four-field header, else None
"""


def js_number(token):
    """JavaScript Number(token) for one whitespace-free token (NaN as None)."""
    try:
        if _JS_DECIMAL.fullmatch(token):
            return float(token)
        prefixed = _JS_PREFIXED.fullmatch(token)
        if prefixed:
            base = {"x": 16, "o": 8, "b": 2}[prefixed.group(1).lower()]
            value = int(prefixed.group(2), base)
            try:
                return float(value)
            except OverflowError:  # JavaScript rounds it to Infinity
                return float("inf")
        if _JS_INFINITY.fullmatch(token):
            return float("-inf") if token[0] == "-" else float("inf")
    except ValueError:  # a digit outside the base, e.g. '0b2' or '0o9'
        return None
    return None


def js_index(token):
    """The coordinate a select-list token names, or None when the official page refuses it.

    The page takes Number(token) and accepts it only when its string form is all
    digits: so '03' and '+3' and '0x3' mean 3, while '-1', '3.5' and 'a' are refused.
    """
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
    return _SELECT_HEADER.match(line) is not None


_WORD_START = re.compile(r"\w", re.ASCII)


def name_reads_back(name):
    """Whether the header ``X Y NAME`` passes `header_is_read`: NAME starts with an ASCII
    letter, digit or '_' (X and Y, plain integers, always pass).  The pack reader refuses
    a board whose name fails, as the page would read its header line as a click."""
    return _WORD_START.match(name) is not None


def js_count(field):
    """Number(field) for a field of ASCII digits: an int, or for more than 15 digits
    the float JavaScript rounds it to (Infinity past 1e308; never int()'s digit limit)."""
    return int(field) if len(field) <= 15 else float(field)


def read_select(text):
    """Parse a select list.  Returns (entries, errors).

    Headers follow the official rule (`header_is_read`).  The name is the third field,
    or the fourth when the third is a mine count.  Header numbers are read as the page
    reads them (Number(): a size of 5,000 digits is Infinity, not an error).  A click
    line must be two integers (as JavaScript reads them); anything else is an error,
    which makes the official page reject the whole file.  Click lines before the first
    header are the first board's, as the page's popData reads them (they are errors
    only when no header follows).
    """
    entries, errors, early = [], [], []
    for number, line in source_lines(text):
        if not line:
            continue
        fields = line.split()
        if header_is_read(line):
            width, height = js_count(fields[0]), js_count(fields[1])
            if len(fields) >= 4 and is_count(fields[2]):
                mines, name = js_count(fields[2]), fields[3]
            else:
                mines, name = None, fields[2]
            entries.append(SelectEntry(width, height, mines, name, early if not entries else [], number))
            continue
        if len(fields) < 2:
            errors.append("line %d: a click needs two integers <x> <y>: %r" % (number, line[:40]))
            continue
        x, y = js_index(fields[0]), js_index(fields[1])
        if x is None or y is None:
            errors.append("line %d: not a cell location: %r" % (number, line[:40]))
            continue
        (entries[-1].clicks if entries else early).append((x, y, number))
    if early and not entries:
        errors.extend("line %d: click before any board header: '%d %d'" % (n, x, y) for x, y, n in early)
    return entries, errors


def format_select(header, clicks):
    """One board's select list: its header line, then one `x y` line per click."""
    return header + "\n" + "".join("%d %d\n" % xy for xy in clicks)
