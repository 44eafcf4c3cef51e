"""Board and pack names: the one module that reads and writes them.

The official generator names a board ``board_{X}x{Y}_{MINES}_{SEED}_{MODE}`` and a
pack ``board_pack_{COUNT}_{MODE}_{DIFFICULTY}``.  A board name is public: it tells
the mine count and the safe-cell mode (the seed is the generator's, never read by
the player).  The official page splits a name on ``[_x]`` (boardProperty), and so
does `name_fields`.
"""

import re
from collections import namedtuple
from functools import lru_cache

from .lines import is_count

NameFields = namedtuple("NameFields", "width height mines seed mode")

# what comes before the seed in an official name, as a regular expression
_BEFORE_SEED = r"board_[0-9]+x[0-9]+_[0-9]+_"
_AROUND_SEED = re.compile(r"^(%s)([0-9]+)(_.*)$" % _BEFORE_SEED, re.DOTALL)
# a header line (X Y [MINES] NAME) split around the seed of its official name:
# (before the seed, after it, "") or, for any other line, ("", "", the line)
_HEADER_AROUND_SEED = re.compile(
    r"^([0-9]+ [0-9]+ (?:[0-9]+ )?%s)[0-9]+([^\n]*)$|^([^\n]*)$" % _BEFORE_SEED, re.MULTILINE
)


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


def seedless_headers(headers):
    """Each header line with the seed of its official board name made 0, so boards of
    one shape (size, mine count, mode) share one line.  One regular expression over
    the joined lines: string work line by line costs more than a tenth of the two
    seconds on a 40,000-board pack.  A header line holds no line break."""
    if not headers:
        return []  # the empty joined text would still give one (empty) match
    found = _HEADER_AROUND_SEED.findall("\n".join(headers))
    return [before + "0" + after if before else line for before, after, line in found]
