"""The board model: one board's size, name and hidden digits, and what its name promises.

A board name (names.py) is public: it tells the mine count and the safe-cell mode
of the official generator.  `name_facts` is the one place that decides whether a
name describes a board of a given size; the player's Task, the plan and the
promise check all ask it.
"""

from collections import namedtuple
from functools import lru_cache

from ..grid.bitset import popcount
from ..grid.planes import digit_planes, mines_of
from .names import name_fields
from .safezone import safe_cells

MINE = 9

# bytes.translate table: ASCII digit -> its value
_DIGIT_VALUES = bytes(range(256)).translate(bytes.maketrans(b"0123456789", bytes(range(10))))


class Board(namedtuple("Board", "width height name digits mines form line planes", defaults=(None,))):
    """One board as read from a pack.

    digits -- the width*height digits as one row-major string of '0'-'9'; 9 is a mine
              (hidden: only the judge, the scorer and the readers/writers of packs read it);
              None for a board the compact reader made for play alone (its planes hold them)
    mines  -- the mine count the header states (2026 form), else None
    form   -- 2025 or 2026, the header form it was read in
    line   -- 1-based line number of its header in the source (0 if made in code)
    planes -- the digits as four bit planes (grid/planes.py), when the reader made them
              (the compact reader: from the mines), else None (hidden, like `digits`)
    """

    __slots__ = ()

    @property
    def cells(self):
        """The digits as a tuple of ints, row-major (hidden, like `digits`)."""
        return tuple(self.digits.encode("ascii").translate(_DIGIT_VALUES))


def make_board(width, height, name, cells, mines=None, form=2025, line=0):
    """A Board from code (tests, generator); `cells` is a sequence of digits 0-9."""
    return Board(width, height, name, "".join(map(str, cells)), mines, form, line)


def hidden_planes(board):
    """The digit planes of the board's hidden cells: as its reader made them, or from its digits."""
    return board.planes if board.planes is not None else digit_planes(board.digits)


def mine_count(board):
    """The number of mines actually on the board."""
    if board.digits is None:
        return popcount(mines_of(board.planes))
    return board.digits.count("9")


def board_header(board):
    """The header line of a board in its own form (packs and select lists alike)."""
    if board.form == 2026:
        return "%d %d %d %s" % (board.width, board.height, mine_count(board), board.name)
    return "%d %d %s" % (board.width, board.height, board.name)


def name_facts(width, height, name):
    """What `name` tells about a width x height board: its NameFields, or None when it
    is not an official name of a board of that size (then it tells nothing)."""
    fields = name_fields(name)
    if fields is None or (fields.width, fields.height) != (width, height):
        return None
    return fields


@lru_cache(maxsize=4096)
def promised_safe(width, height, mines, mode):
    """The cells the official generator keeps mine-free on such a board (a tuple)."""
    if width < 2 or height < 2:
        return ()
    return tuple(safe_cells(width, height, mines, mode))


@lru_cache(maxsize=4096)
def _promised_mask(width, height, mines, mode):
    mask = 0
    for cell in promised_safe(width, height, mines, mode):
        mask |= 1 << cell
    return mask


def name_promise_kept(board):
    """Whether the board is what its name says: the name's mine count, and no mine on a
    official safe cell of its mode.  A name that does not describe this
    board promises nothing and so keeps its promise.

    Official boards always keep it; the player is told to trust the name only then.
    """
    fields = name_facts(board.width, board.height, board.name)
    if fields is None:
        return True
    if mine_count(board) != fields.mines:
        return False
    promised = _promised_mask(board.width, board.height, fields.mines, fields.mode)
    return not promised & mines_of(hidden_planes(board))
