"""What a worker sends back of the boards it took: records with a kind tag.

Records cross a pipe as `marshal` data, which carries plain tuples only, so each is
a tuple whose first item names its kind; this module is the one place that makes
them (`played_record`, ...) and reads them (`read`, into the named records below).

>>> read(played_record(3, "4 4 2 b\\n0 0\\n", "b", 7, 2026, 0.5))
Played(index=3, text='4 4 2 b\\n0 0\\n', name='b', line=7, year=2026, score=0.5)
>>> read(message_record(3, "board b (line 7): ...")).index
3
"""

from collections import namedtuple

PLAYED, MESSAGE, UNSENT, REPEATED, PASSED = range(5)

Played = namedtuple("Played", "index text name line year score")
Played.__doc__ = """A board played: its select text, name, header line, rule year and counted score."""

Message = namedtuple("Message", "index text")
Message.__doc__ = """A line about the board at `index`: why it was refused, or text found after it."""

Unsent = namedtuple("Unsent", "index count")
Unsent.__doc__ = """`count` messages a worker counted and did not send (past streams.MESSAGES_SHOWN)."""

Repeated = namedtuple("Repeated", "index name line")
Repeated.__doc__ = """A board whose name this worker had played before: not played again."""

Passed = namedtuple("Passed", "index boards")
Passed.__doc__ = """The boards of a chunk (positions in the pack's index) its plan passed over:
a later round for the boards passed over plays these, and only these."""

_KINDS = (Played, Message, Unsent, Repeated, Passed)


def played_record(index, text, name, line, year, score):
    return (PLAYED, index, text, name, line, year, score)


def message_record(index, text):
    return (MESSAGE, index, text)


def unsent_record(index, count):
    return (UNSENT, index, count)


def repeated_record(index, name, line):
    return (REPEATED, index, name, line)


def passed_record(boards):
    return (PASSED, boards[0], boards)


def read(record):
    """The named record of a wire record."""
    return _KINDS[record[0]](*record[1:])


def passed_boards(records):
    """The boards the plan passed over, in order, from the Passed records among `records`."""
    return sorted(k for record in records if record[0] == PASSED for k in read(record).boards)


def is_board(record):
    """Whether a wire record accounts for a board (played, or a repeated name)."""
    return record[0] == PLAYED or record[0] == REPEATED


def index_of(record):
    """The board index a wire record is about."""
    return record[1]
