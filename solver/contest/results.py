"""What the rounds of a run played, gathered in pack order: the select list and the messages.

Workers send records (`records`) in any order; `Results` keeps the select texts of
the boards played, skips a board whose name was already played (the official page
would score both), totals the score per rule, and writes the list and the messages
at the end (`finish`).
"""

import heapq
from operator import itemgetter

from ..official.rules import RULES
from .records import MESSAGE, PLAYED, REPEATED, UNSENT, Repeated, read
from .streams import MESSAGES_SHOWN, write_messages


def format_totals(totals, default_year=2025):
    """The summary's score: one total, or one per rule ("98050 (2025) 12.3456 (2026)")."""
    if not totals:
        return RULES[default_year].format(0)
    if len(totals) == 1:
        year, total = next(iter(totals.items()))
        return RULES[year].format(total)
    return " ".join("%s (%d)" % (RULES[year].format(totals[year]), year) for year in sorted(totals))


class Results:
    """What the rounds of a run played, gathered in pack order for `finish` to write:
    the select texts to `out`, the messages to `err`.  A board whose name was already
    played is skipped, with a message (the official page would score both).

    Only the first MESSAGES_SHOWN messages are ever written, so of the rest only the
    number is kept: a pack of a million refused boards sends that many messages back,
    and formatting and sorting them all came after the deadline."""

    def __init__(self, out):
        self.out = out
        self.messages, self.notes = [], []  # messages without their "error: "
        self.unshown = 0  # messages past MESSAGES_SHOWN: counted, not kept
        self.names, self.totals, self.played = set(), {}, 0
        self.texts = []  # (part, k, select text) of the boards played
        self.part = 0  # the index part being played: boards are ordered by (part, k)
        self.ordered = True  # whether self.texts is in pack order

    def take(self, records, ordered=True):
        """The wire records of one round (records.py), in any order; `ordered`: the
        round's boards all come after those taken before (not so for boards a plan
        passed over)."""
        boards, messages = [], []  # messages: (k, at the board's end?, text)
        for record in records:
            kind = record[0]
            if kind == PLAYED or kind == REPEATED:
                boards.append(read(record))
            elif kind == MESSAGE:
                messages.append((record[1], True, record[2]))
            elif kind == UNSENT:
                self.unshown += record[2]
        boards.sort(key=_board_index)
        for board in boards:
            if isinstance(board, Repeated) or board.name in self.names:
                messages.append((board.index, False, "board %s (line %d): a board of that name was already played; "
                                 "skipped" % (board.name, board.line)))
                continue
            self.names.add(board.name)
            self.texts.append((self.part, board.index, board.text))
            self.played += 1
            self.totals[board.year] = self.totals.get(board.year, 0) + board.score
        room = max(0, MESSAGES_SHOWN - len(self.messages))
        # pack order, arrival order at one board, a skip before what a worker said of that board
        first = heapq.nsmallest(room, messages, key=_MESSAGE_ORDER) if room else []
        self.messages.extend(text for _, _, text in first)
        self.unshown += len(messages) - len(first)
        self.ordered = self.ordered and ordered

    def finish(self, err):
        """Write the select texts on `out`, in pack order; then on `err` the messages
        (past MESSAGES_SHOWN only their count) and the notes."""
        if not self.ordered:
            self.texts.sort(key=_part_and_index)
        self.out.write("".join([text for _, _, text in self.texts]))
        write_messages(self.messages, "error: ", err, self.unshown)
        err.write("".join("note: %s\n" % note for note in self.notes))


_MESSAGE_ORDER = itemgetter(0, 1)


def _board_index(board):
    return board.index


def _part_and_index(text):
    return text[0], text[1]
