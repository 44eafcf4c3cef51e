"""Where the boards of a pack are, found without parsing any board: the PackIndex.

A header is a line whose normal form (lines.normal_line) starts with two integers
(the official boardFile.isHeader); what lies between two header lines is the first
board's rows and whatever else follows them.  Packs write headers plainly (no
leading blank, single spaces), and then one split on the plain pattern gives every
header and the text between them at once; any other layout takes the general
pattern.  A big pack is indexed chunk by chunk, a chunk ending where a header line
begins, with the caller asked between chunks whether to go on (`more`: the deadline
of a run), so a run under a deadline indexes only what it has time for.

Text that belongs to no board costs bounded time and memory, however long: the next
header is searched SEARCH_WINDOW characters at a time (`more` asked between
windows, so a stretch of hundreds of megabytes with no header ends the round instead
of the run's time), a board keeps only the first ROWS_KEPT characters of the text
after its header (a board's rows are at most 100 rows of 100 digits) and the rest is
counted, not copied (`Tail`), and the text before the first header is read up to its
first line.  A header line with nothing but blank lines under it (the
official reader skips such a header) that is two numbers alone (a select list's click
'x y'), or a header with nothing but such lines under it (a select list's header),
goes with the text of the board before it, so a select list pasted after a pack is
one stretch of stray lines, not half a million nameless boards.
"""

import re
from bisect import bisect_left
from collections import namedtuple
from itertools import repeat

from .lines import spaced_marks
from .strays import LINE_SHOWN, ROWS_KEPT, first_stray, fold_clicks, kept, kept_end, tail_of

INDEX_CHUNK = 1 << 21  # characters of a pack indexed between two calls of `more`
SEARCH_WINDOW = 1 << 21  # characters searched at once for the next header
PLAIN_OPENING = 1 << 16  # characters of a chunk checked before its end is searched

PackIndex = namedtuple("PackIndex", "headers rows strays lines complete rest tails clicks")
PackIndex.__doc__ = """Where the boards of a pack are, found without parsing any board.

headers -- each board's header line as written (its split() is the header's fields)
rows    -- the text after each header line up to the next one: its line break, the
           board's rows and whatever else lies there (the line break before the next
           header is not in it), at most ROWS_KEPT characters and the rest of the
           line they stop in (strays.kept_end)
tails   -- {k: Tail} for the boards whose text was longer than ROWS_KEPT
strays  -- [(line number, normal text, lines after it, kind)] of the first non-blank
           line that starts no board before the first header: kind "before" at the
           pack's start, "between" where an index round began inside such text
lines   -- the LineNumbers of the headers
complete -- False when only the first boards were indexed (index_pack's `more`)
rest    -- where the text not indexed begins, or None
clicks  -- header lines skipped: two numbers alone over blank lines, and headers over them (`strays.fold_clicks`)
"""


class LineNumbers:
    """The 1-based line number of each header of a pack, counted as far as asked.

    Boards are read in order, so each number is counted on from the last one (the
    rows between, plus the line break before the header): counting every line of a
    big pack up front costs more than the boards a run reaches.  The line breaks of
    the tails (texts longer than the index keeps) are added from their prefix sums.
    """

    __slots__ = ("_rows", "_first", "_k", "_line", "_tail_at", "_tail_sums")

    def __init__(self, rows, first, tails=None):
        self._rows, self._first = rows, first
        self._k, self._line = 0, first
        self._tail_at = sorted(tails or ())
        sums = [0]
        for k in self._tail_at:
            sums.append(sums[-1] + tails[k].lines)
        self._tail_sums = sums

    def _tail_lines(self, k):
        """Line breaks in the tails of the boards before board k."""
        return self._tail_sums[bisect_left(self._tail_at, k)]

    def after_last(self):
        """The line number of the line after the last board's text (where a header that
        followed it would be)."""
        if not self._rows:
            return self._first
        last = len(self._rows) - 1
        return self.of(last) + self._rows[-1].count("\n") + self._tail_lines(last + 1) - self._tail_lines(last) + 1

    def of(self, k):
        """The line number of header k."""
        if k < self._k:
            self._k, self._line = 0, self._first
        self._line += (k - self._k) + sum(map(str.count, self._rows[self._k : k], repeat("\n")))
        self._line += self._tail_lines(k) - self._tail_lines(self._k)
        self._k = k
        return self._line


# Header lines found in the raw text: the plain pattern (a header as packs write it,
# with the line break before it) and the general one (any layout: what split() removes
# may lead and separate the fields).  Searching for the next header of any layout, the
# spaces are one character class (an alternation is several times slower).  The patterns
# are strings that `re` compiles on first use and keeps: compiling them at import
# would cost every start, whether it reads a text pack or not.
_NEXT_PLAIN_HEADER = r"\n([0-9]+ [0-9][^\n]*)"
_ANY_HEADER = r"(?m)^[^\S\n]*[0-9]+[^\S\n]+[0-9][^\n]*"  # [^\S\n]: what split() removes
# what str.split() removes but the line break (every c with c.isspace()), and a byte-order mark
BLANKS = "\t\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_BLANK_CLASS = "[%s]" % BLANKS
# (?=([0-9]+))\1 takes the whole run of digits at once and never gives any back: a
# line of ten million digits is read once, not once for each shorter run.
_NEXT_ANY_HEADER = r"\n%s*(?=([0-9]+))\1%s+[0-9]" % (_BLANK_CLASS, _BLANK_CLASS)
_NOT_PLAIN = ("\t", "  ", "\n ", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")


def _plain(text):
    """Whether the text is laid out plainly: headers are then matched by the plain pattern."""
    return (
        text.isascii()
        and not text.startswith((" ", "\r"))
        and not any(s in text for s in _NOT_PLAIN)
        and text.count("\r") == text.count("\r\n")  # a CR only in line endings
        # a line starts with a CR only as a blank CRLF line (the official downloads' layout)
        and text.count("\n\r") == text.count("\n\r\n")
    )


def _opening(text, start):
    """The first PLAIN_OPENING characters of the text from `start`, on to the end of the
    line (a CRLF is never cut in two, so _plain says of it what it says of the whole)
    but never more than twice PLAIN_OPENING (a longer line is cut, not after a CR)."""
    stop = text.find("\n", start + PLAIN_OPENING, start + 2 * PLAIN_OPENING)
    if stop >= 0:
        return text[start : stop + 1]
    stop = start + 2 * PLAIN_OPENING
    if text[stop - 1 : stop] == "\r":
        stop += 1
    return text[start:stop]


def _next_header(text, start, more, pattern):
    """(where, reached): `where` is the line break before the first header line (as
    `pattern`, one of the _NEXT patterns, finds it) at or after `start`, or len(text)
    when there is none, or None when more() said stop before one was found; `reached`
    is where the search got to.  Searched SEARCH_WINDOW characters at a time: a window
    ends where its last line begins (a header is never cut in two), or inside a line
    longer than a window (no header begins inside a line)."""
    at = start
    while True:
        stop = at + SEARCH_WINDOW
        found = pattern.search(text, at, stop)
        if found is not None:
            return found.start(), found.start()
        if stop >= len(text):
            return len(text), len(text)
        last = text.rfind("\n", at + 1, stop)
        at = last if last > at else stop
        if more is not None and not more():
            return None, at


def _whole_boards_end(text, start, reached):
    """Where a chunk whose search for its end was stopped at `reached` may end without
    cutting a board in two: `reached` when the last header before it began ROWS_KEPT
    characters or more before (a board's rows are shorter), or when there is none (what
    lies there starts no board); else the line break before that header, which the next
    round indexes whole."""
    last = 0 if start == 0 and re.compile(_ANY_HEADER).match(spaced_marks(text[:LINE_SHOWN])) else None  # (a header on line 1)
    for found in re.compile(_NEXT_ANY_HEADER).finditer(text, start, min(reached, start + INDEX_CHUNK + SEARCH_WINDOW)):
        last = found.start()
    if last is None or reached - last >= ROWS_KEPT:
        return reached
    return last


def _cut(text, start, end):
    """Where the kept part of text[start:end] ends: `end` when the span is short, else
    the last line break within INDEX_CHUNK + ROWS_KEPT characters of `start` (a header
    line is never cut: one that runs on past that point is kept whole), or that many
    characters when a long line that starts no board holds none."""
    most = start + INDEX_CHUNK + ROWS_KEPT
    if end <= most:
        return end
    cut = text.rfind("\n", start + INDEX_CHUNK, most)
    if cut > start:
        return cut
    line = text.rfind("\n", start, most) + 1 or start  # the line that runs past `most`
    if re.compile(_ANY_HEADER).match(spaced_marks(text[line : line + LINE_SHOWN])):
        stop = text.find("\n", line, end)
        return end if stop < 0 else stop
    return most






def _split_while(text, more, begin=0):
    """(parts, tails, rest): the plain split of `text` from `begin` on, made chunk by
    chunk while more() is true (None: to the end); parts is None if a chunk is not laid
    out plainly.  parts is [before, header, rows, header, rows, ...]; tails: {position
    in parts: Tail} of the texts cut short; rest is where the text not split begins
    (None when the whole text was): the line break before a header, or a place inside
    text that starts no board, when more() said stop in the middle of it.

    A chunk ends where a header line begins, so the pieces are those one split of the
    whole text gives, but for what is cut short.  Each chunk's kept part is checked with
    the character after it: the checks overlap by that one character, so every pair of
    neighbouring characters is seen and together they say what _plain says of the text
    kept; the text not kept holds no header line (of any layout: the search says so)."""
    parts, tails, start = None, {}, begin
    while True:
        if not _plain(_opening(text, start)):  # a text not laid out plainly may hold no plain
            return None, None, None  # header up to its end: the search below would scan it all
        end, reached = _next_header(text, start + INDEX_CHUNK, more, re.compile(_NEXT_ANY_HEADER))
        if end is None:  # stopped inside the search: the round ends where no board is cut
            reached = _whole_boards_end(text, start, reached)
            if reached <= start:
                return parts or ["\n" if begin == 0 and start else ""], tails, start
        stop = reached if end is None else end
        keep = _cut(text, start, stop)
        if not _plain(text[start : keep + 1]):
            return None, None, None
        if parts is None:  # the round's first chunk: its text before a header is `before`
            parts = re.compile(_NEXT_PLAIN_HEADER).split(("\n" + text[:keep]) if begin == 0 else text[start:keep])
        else:  # it begins with a header's line break: its split begins with ""
            parts.extend(re.compile(_NEXT_PLAIN_HEADER).split(text[start:keep])[1:])
        if keep < stop:
            at = len(parts) - 1
            tails[at] = tail_of(text, keep, stop, tails.get(at))
        if end is None or end == len(text):
            return parts, tails, None if end is not None else stop
        if more is not None and not more():
            return parts, tails, end
        start = end


def _header_spans(text, more, begin=0):
    """(spans, ends, tails, rest): the (start, end) of every header line of a text of any
    layout from `begin` on, where the kept text after each ends, {k: Tail} of those cut
    short (k = -1: the text before the first header), and rest as _split_while's; found
    chunk by chunk while more() is true (None: all at once).  A chunk ends where a header
    line begins, so a cut index holds whole boards."""
    spans, start = [], begin
    while True:
        if more is None and not begin:
            end, reached = len(text), len(text)
        else:
            end, reached = _next_header(text, start + max(2, INDEX_CHUNK), more, re.compile(_NEXT_ANY_HEADER))
        if end is None:  # stopped inside the search: the round ends where no board is cut
            reached = _whole_boards_end(text, start, reached)
        stop = reached if end is None else end
        spans.extend(match.span() for match in re.compile(_ANY_HEADER).finditer(text, start, stop))
        if end is None or end == len(text):
            rest = None if end is not None else stop
            break
        if more is not None and not more():
            rest = end
            break
        start = end
    limit = len(text) if rest is None else rest
    starts = [s for s, _ in spans[1:]]
    ends, tails = [], {}
    for k, (_, header_end) in enumerate(spans):
        stop = starts[k] - 1 if k < len(starts) else limit
        keep = kept_end(text, header_end, stop)
        ends.append(keep)
        if keep < stop:
            tails[k] = tail_of(text, keep, stop)
    first = spans[0][0] - 1 if spans else limit
    lead_end = kept_end(text, begin, first)
    if lead_end < first:
        tails[-1] = tail_of(text, lead_end, first)
    return spans, ends, tails, rest












def index_pack(text, more=None, after=None):
    """The PackIndex of a pack text: one regular-expression pass, no board parsed.

    more  -- called with no argument between chunks: the pack is indexed chunk by
             chunk (each cut where a header begins) and no further chunk is started
             once more() is false, so a huge pack leaves time to play (the contest's
             deadline: contest.clock.before); `rest` says where the boards not indexed
             begin.
    after -- a PackIndex of this text that stopped short: the boards after it.
    """
    begin = shift = 0  # shift: a leading byte-order mark left out of `text`
    base = 1  # the line number of the line the text indexed begins with
    if after is not None and after.rest == 0 and not after.headers and not after.strays:
        after = None  # the round before indexed nothing: this is the first
    if after is not None:
        begin, base = after.rest, after.lines.after_last()
    elif text.startswith("\ufeff"):
        text, shift = text[1:], 1
    parts, rest = None, None
    if after is not None or (more is not None and len(text) - begin > INDEX_CHUNK):
        parts, tails, rest = _split_while(text, more, begin)
    elif _plain(text):
        parts, tails = re.compile(_NEXT_PLAIN_HEADER).split("\n" + text), {}  # [before, header, rows, header, rows, ...]
    if parts is not None:
        lead, headers, rows = parts[0], parts[1::2], parts[2::2]
        lead, lead_tail = kept(lead, 0, len(lead), tails.pop(0, None))
        tails = {(at - 2) // 2: tail for at, tail in tails.items()}
        for k, r in enumerate(rows):  # (only a pack read whole, with no `more`, holds longer ones)
            if len(r) > ROWS_KEPT and k not in tails:
                rows[k], tail = kept(r, 0, len(r))
                if tail is not None:
                    tails[k] = tail
    else:  # a plain pack is ASCII: only here can a byte-order mark be found
        marked = spaced_marks(text)  # (one character for one: the offsets hold)
        spans, ends, tails, rest = _header_spans(marked, more, begin)
        headers = [marked[start:end] for start, end in spans]
        rows = [marked[end:stop] for (_, end), stop in zip(spans, ends)]  # each up to the next header's line break
        first = spans[0][0] - 1 if spans else (len(marked) if rest is None else rest)
        lead = marked[begin : kept_end(marked, begin, first)] if first > begin else ""
        if after is None and spans and spans[0][0] > begin or after is None and not spans and lead:
            lead = "\n" + lead  # as the plain split gives it: behind one more line break
        lead_tail = tails.pop(-1, None)
    if after is not None and lead and not lead.startswith("\n"):  # a round begun inside a line
        lead, base = "\n" + lead, base - 1
    headers, rows, tails, lead_tail, clicks = fold_clicks(headers, rows, tails, lead, lead_tail)
    first = base + lead.count("\n") + (lead_tail.lines if lead_tail is not None else 0)
    first_round = after is None or not after.headers and all(kind == "before" for *_, kind in after.strays)
    strays = first_stray(lead, lead_tail, base, "before" if first_round else "between")
    return PackIndex(headers, rows, strays, LineNumbers(rows, first, tails), rest is None,
                     None if rest is None else rest + shift, tails, clicks)
