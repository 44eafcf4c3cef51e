"""Board and pack names: the one module that reads and writes them.

The official generator names a board ``board_{X}x{Y}_{MINES}_{SEED}_{MODE}`` and a
pack ``board_pack_{COUNT}_{MODE}_{DIFFICULTY}``.  A board name is public: it tells
the mine count and the safe-cell mode (the seed is the generator's, never read by
the player).  The official page splits a name on ``[_x]`` (boardProperty), and so
does `name_fields`.  A name is data: written in a message it goes through `printable`.
"""

import re
from collections import namedtuple
from functools import lru_cache

from .lines import is_count

NameFields = namedtuple("NameFields", "width height mines seed mode")

# what comes before the seed in an official name, as a regular expression
_BEFORE_SEED = r"board_[0-9]+x[0-9]+_[0-9]+_"
_AROUND_SEED = re.compile(r"^(%s)([0-9]+)(_.*)$" % _BEFORE_SEED, re.DOTALL)
# Header lines made into shape keys (shape_keys).  First the layout of the official
# downloads, single spaces and an official name (the key: the line around the seed);
# (the groups: width, height, mines, the name up to its seed, after it, two left empty:
# the key _ANY_KEY gives such a line; compiled on first use, as the patterns below)
_PLAIN_KEY = (
    r"(?m)^([0-9]+) ([0-9]+) (?:([0-9]+) )?(board_[0-9]{1,999}x[0-9]{1,999}_[0-9]{1,999}_)[0-9]{1,999}(\S*)()()[^\n]*$"
    r"|^[^\n]*$"
)
# then any other line: its size and mine count whatever the spacing, and of its name
# either the parts around the seed of a name the page splits into size, mines, seed
# and mode (name_fields: parts of at most 999 digits, which int() always reads), or
# nothing of any other name that starts with a letter or '_' (it tells nothing, and
# the reader takes it), or a name's first digit (the reader refuses it), or else the
# whole line.  (A pattern that re compiles on first use and keeps: the contest entry meets
# such a line seldom, and compiling it at import would cost every start; docs/measurements/startup.md,
# "The code compiled ahead".)
_S = r"[^\S\n]"
_ANY_KEY = (
    r"(?m)^%s*([0-9]+)%s+([0-9]+)%s+(?:([0-9]+)%s+(?=\S))?"
    r"(?:([^_x\s]*[_x][0-9]{1,999}[_x][0-9]{1,999}[_x][0-9]{1,999}[_x])[0-9]{1,999}(\S*)|[A-Za-z_]|([0-9]))[^\n]*$"
    r"|^([^\n]*)$" % (_S, _S, _S, _S)
)
KEY_BLOCK = 1 << 15  # header lines keyed between two calls of `more`


def printable(text):
    """`text` with every character that is not printable (control characters, NUL, an
    escape sequence's ESC, line and paragraph separators) written as its escape (\\x1b,
    \\x00, \\u2028), so a name in a message cannot drive a terminal or break a line;
    printable text, non-ASCII letters included, is returned as it is."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _escape(character):
    code = ord(character)
    return "\\x%02x" % code if code < 0x100 else "\\u%04x" % code if code < 0x10000 else "\\U%08x" % code


def board_name(width, height, mines, seed, mode):
    """The official name of a board."""
    return "board_%dx%d_%d_%d_%s" % (width, height, mines, seed, mode)


def pack_name(count, mode, difficulty):
    """The official name of a pack."""
    return "board_pack_%s_%s_%s" % (count, mode, difficulty)


@lru_cache(maxsize=8)  # a board's name is read twice in a row: for the promise, then for the Task
def name_fields(name):
    """Split `board_{X}x{Y}_{MINES}_{SEED}_{MODE}` as the official boardProperty does.

    Returns NameFields with ints for width, height, mines and seed, or None when the
    name does not have that shape.
    """
    parts = name.replace("x", "_").split("_")  # the page splits on /[_x]/
    if len(parts) < 6:
        return None
    _, x, y, mines, seed, mode = parts[:6]
    if not (is_count(x) and is_count(y) and is_count(mines) and is_count(seed)):
        return None
    try:  # int() refuses more than 4,300 digits on CPython 3.11+
        return NameFields(int(x), int(y), int(mines), int(seed), mode)
    except ValueError:
        return None


def seed_of(name):
    """The seed of an official board name, or None."""
    parts = _AROUND_SEED.match(name)
    return int(parts.group(2)) if parts else None


def with_seed(name, seed):
    """The official board name with another seed (the name itself if it is not official)."""
    parts = _AROUND_SEED.match(name)
    return "%s%d%s" % (parts.group(1), seed, parts.group(3)) if parts else name


def shape_keys(headers, more=None):
    """A key for each header line that tells what the line tells of its board (size,
    mine count, the mode of an official name) and nothing else: spacing, the seed of
    an official name and any other name that reads are left out, so boards of one
    shape share a key and a plan estimates each shape once.  Two lines with one key
    give the same facts (contest.plan.header_facts).

    Regular expressions over the joined lines, in blocks: string work line by line
    costs more than a tenth of the two seconds on a 40,000-board pack.  Once more()
    is false (asked between blocks) no block is started: the keys then cover only the
    first lines.  A header line holds no line break."""
    keys, plain_keys = [], re.compile(_PLAIN_KEY).findall
    for first in range(0, len(headers), KEY_BLOCK):
        if more is not None and first and not more():
            break
        block = plain_keys("\n".join(headers[first : first + KEY_BLOCK]))
        others = [first + k for k, key in enumerate(block) if not key[3]]
        keys.extend(block)
        if others:
            for k, key in zip(others, re.findall(_ANY_KEY, "\n".join([headers[k] for k in others]))):
                keys[k] = key
    return keys
