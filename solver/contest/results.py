"""What the rounds of a run played, gathered in pack order: the select list and the messages.

Workers send records (`records`) in any order; `Results` keeps the select texts of
the boards played, skips a board whose name was already played (the official page
would score both), totals the score per rule, and writes the list and the messages
at the end (`finish`), taking them in as they arrive.
"""

import heapq
from operator import itemgetter

from ..official.rules import RULES
from .records import MESSAGE, PLAYED, REPEATED, UNSENT, read
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
    played earlier in the pack is skipped, with a message (the official page would
    score both).

    Records are taken in as they arrive (`feed`), while the workers play: taking in a
    round's records all at once after the deadline took 44 ms for 64,000 boards of a
    pack of tiny boards, past the 1.95 s bar.  Only the first MESSAGES_SHOWN messages
    are ever written, so of the rest only the number is kept: a pack of a million
    refused boards sends that many messages back."""

    def __init__(self, out):
        self.out = out
        self.messages, self.notes = [], []  # messages without their "error: "
        self.unshown = 0  # messages past MESSAGES_SHOWN: counted, not kept
        self.totals, self.played = {}, 0
        self.texts = {}  # (part, k) -> select text of a board played
        self.kept = {}  # name -> (part, k, line, year, score) of the board played under it
        self.part = 0  # the index part being played: boards are ordered by (part, k)
        self._round = []  # this round's first messages: (k, at the board's end?, text)

    def feed(self, records):
        """Take in wire records of the round being played (records.py), in any order."""
        part, messages = self.part, []
        for record in records:
            kind = record[0]
            if kind == PLAYED:
                board = read(record)
                self._played(part, board, messages)
            elif kind == REPEATED:
                board = read(record)
                messages.append((board.index, False, _skip_message(board.name, board.line)))
            elif kind == MESSAGE:
                message = read(record)
                messages.append((message.index, True, message.text))
            elif kind == UNSENT:
                self.unshown += read(record).count
            # (PASSED: the boards a plan passed over, which the rounds, not the list, need)
        if messages:
            room = max(0, MESSAGES_SHOWN - len(self.messages))
            merged = self._round + messages
            self._round = heapq.nsmallest(room, merged, key=_MESSAGE_ORDER) if room else []
            self.unshown += len(merged) - len(self._round)

    def _played(self, part, board, messages):
        """Keep a board played, unless a board of its name came earlier in the pack (the
        later one is skipped, whichever arrived first).  The same board played again (a
        board played blind, then whole by the round for the boards passed over) is
        replaced by its later play."""
        here = (part, board.index, board.line, board.year, board.score)
        before = self.kept.get(board.name)
        if before is not None:
            if before[:2] < here[:2]:
                messages.append((board.index, False, _skip_message(board.name, board.line)))
                return
            del self.texts[before[:2]]  # the one kept is replaced: the same board, or one later in the pack
            self.totals[before[3]] -= before[4]
            self.played -= 1
            if before[:2] != here[:2]:  # (a later board of the name: it is the one skipped)
                messages.append((before[1], False, _skip_message(board.name, before[2])))
        self.kept[board.name] = here
        self.texts[here[:2]] = board.text
        self.played += 1
        self.totals[board.year] = self.totals.get(board.year, 0) + board.score

    def end_round(self):
        """The round's messages, in pack order, after those of the rounds before."""
        self.messages.extend(text for _, _, text in sorted(self._round, key=_MESSAGE_ORDER))
        self._round = []

    def take(self, records):
        """feed() and end_round() for a round's records taken at once."""
        self.feed(records)
        self.end_round()

    def finish(self, err):
        """Write the select texts on `out`, in pack order; then on `err` the messages
        (past MESSAGES_SHOWN only their count) and the notes."""
        self.end_round()
        texts = self.texts
        self.out.write("".join([texts[key] for key in sorted(texts)]))
        write_messages(self.messages, "error: ", err, self.unshown)
        err.write("".join("note: %s\n" % note for note in self.notes))


def _skip_message(name, line):
    return "board %s (line %d): a board of that name was already played; skipped" % (name, line)


_MESSAGE_ORDER = itemgetter(0, 1)
