"""Text that belongs to no board: counted, not kept (the index's Tail), and named once.

A pack may hold text in no board: before the first header, after a board's rows,
or a select list pasted after the pack.  However long, it costs bounded memory: of
the text after a header only the first ROWS_KEPT characters are kept, up to the end of
the line they stop in (`kept_end`), and the rest is counted in place (`tail_of`: a
Tail); its first non-blank line is what a message names (`first_stray`,
`stray_messages`).  Header lines of two numbers alone over blank lines (a select
list's clicks) are folded into the text before them (`fold_clicks`).  packindex.py
finds the boards; this module owns what lies between them.
"""

import operator
import re
from bisect import bisect_left
from collections import namedtuple
from itertools import compress, repeat

from .lines import normal_line, spaced_marks

ROWS_KEPT = 1 << 16  # of the text after a header, what the index keeps (the rest is counted)
LINE_SHOWN = 200  # characters of a stray line kept for its message
_NOT_BLANK = r"[^\s\ufeff]"


Tail = namedtuple("Tail", "lines filled first first_line after")
Tail.__doc__ = """What lies beyond the characters kept of a board's text (or of the text
before the first header), counted instead of kept: its line breaks (`lines`), the
lines that begin in it up to its last non-blank one (`filled`), the normal form of its
first non-blank line (`first`, None when it has none), the line breaks before that line
within the tail (`first_line`), and the lines that begin after it up to the last
non-blank one (`after`).  Lines are counted blank ones included: only what is kept is
read line by line."""


def last_line(text, start, end):
    """Where the last line of text[start:end] holding a non-blank character begins, or
    None (read backwards a few thousand characters at a time: a blank stretch costs its
    length once, and nothing is copied whole)."""
    at = end
    while at > start:
        low = max(start, at - 4096)
        kept = text[low:at].rstrip().rstrip("\ufeff")
        if kept:
            return max(start, text.rfind("\n", start, low + len(kept)) + 1)
        at = low
    return None


def tail_of(text, start, end, before=None):
    """The Tail of text[start:end], counted in place (`before`: the Tail of the text just
    before it, which this one continues)."""
    lines = text.count("\n", start, end)
    last = last_line(text, start, end)
    ahead = before.lines if before is not None else 0
    filled = ahead + text.count("\n", start, last) if last is not None else (before.filled if before else 0)
    if before is not None and before.first is not None:
        return Tail(ahead + lines, filled, before.first, before.first_line, before.after + filled - before.filled)
    first = re.compile(_NOT_BLANK).search(text, start, end)
    if first is None:
        return Tail(ahead + lines, filled, None, None, 0)
    line_start = max(start, text.rfind("\n", start, first.start()) + 1)
    line_end = text.find("\n", first.start(), min(end, first.start() + LINE_SHOWN))
    shown = normal_line(spaced_marks(text[line_start : line_end if line_end >= 0 else min(end, first.start() + LINE_SHOWN)]))
    first_line = ahead + text.count("\n", start, line_start)
    return Tail(ahead + lines, filled, shown, first_line, filled - first_line)


def _blank_free(lines):
    """How many of the lines are not blank."""
    return sum(1 for raw in lines if raw.strip())


def first_stray(before, tail, first_line, kind):
    """[(line number, normal text, lines after it, kind)] of the first non-blank line of
    the text before the first header (`before`: behind one more line break, at most
    ROWS_KEPT characters kept; `tail`: the Tail of what was not kept), or []."""
    found = re.compile(_NOT_BLANK).search(before)
    if found is not None:
        line_start = before.rfind("\n", 0, found.start()) + 1
        line_end = before.find("\n", found.start())
        line_end = len(before) if line_end < 0 else line_end
        number = first_line + before.count("\n", 0, line_start) - 1
        after = _blank_free(before[line_end + 1 :].split("\n")) + (tail.filled if tail is not None else 0)
        shown = normal_line(spaced_marks(before[line_start : min(line_end, line_start + LINE_SHOWN)]))
        return [(number, shown, after, kind)]
    if tail is not None and tail.first is not None:
        return [(first_line + before.count("\n") - 1 + tail.first_line, tail.first, tail.after, kind)]
    return []


def fold_clicks(headers, rows, tails, lead, lead_tail):
    """Fold every header line that is two numbers alone with nothing but blank lines under
    it (a click 'x y' of a select list: the official reader skips a header with no rows,
    and the pack reader refuses one with no name), and a header with nothing under it
    but such clicks (the select list's own header), into what lies after the board
    before it, or before the first header, as counted lines (a Tail): a select list
    pasted after a pack is then one stretch of stray lines, not half a million nameless
    boards.  Returns (headers, rows, tails, lead_tail, the headers folded)."""
    # (C-level loops: half a million of them took a Python loop a fifth of a second)
    blank = list(compress(range(len(rows)), map(operator.not_, map(str.strip, rows))))
    two = map((2).__eq__, map(len, map(str.split, map(headers.__getitem__, blank))))
    clicks = {k for k in compress(blank, two) if k not in tails}
    # and a select list's own header, over its clicks: the official reader skips it too
    empty = sorted(clicks.union(k for k in blank if k + 1 in clicks and k not in tails))
    if not empty:
        return headers, rows, tails, lead_tail, 0
    # runs of consecutive folded headers: where each ends, as positions in `empty`
    ends = list(compress(range(len(empty)), map(operator.ne, map((1).__add__, empty), empty[1:] + [-1])))
    kept_headers, kept_rows, folded, at, after = [], [], {}, 0, 0
    for end in ends:
        first, last = empty[at], empty[end]
        kept_headers += headers[after:first]
        kept_rows += rows[after:first]
        lines = (last + 1 - first) + sum(map(str.count, rows[first : last + 1], repeat("\n")))
        filled = lines - rows[last].count("\n")
        folded[len(kept_headers) - 1] = Tail(lines, filled, normal_line(headers[first]), 1, filled - 1)
        at, after = end + 1, last + 1
    kept_headers += headers[after:]
    kept_rows += rows[after:]
    kept_tails = {k - bisect_left(empty, k): tail for k, tail in tails.items()}
    for owner, tail in folded.items():
        before = lead_tail if owner < 0 else kept_tails.get(owner)
        joined = joined_tails(before, tail)
        if owner < 0:
            lead_tail = joined
        else:
            kept_tails[owner] = joined
    return kept_headers, kept_rows, kept_tails, lead_tail, len(empty)


def joined_tails(before, after):
    """The Tail of two texts, one after the other (either may be None)."""
    if before is None or after is None:
        return before or after
    if before.first is None:
        first_line = None if after.first is None else before.lines + after.first_line
        filled = before.lines + after.filled if after.first is not None else before.filled
        return Tail(before.lines + after.lines, filled, after.first, first_line, after.after)
    filled = before.lines + after.filled if after.first is not None else before.filled
    return Tail(before.lines + after.lines, filled, before.first, before.first_line, filled - before.first_line)


def kept_end(text, start, end):
    """Where the kept part of text[start:end] ends: `end` when it is at most ROWS_KEPT
    characters, else at the line break ending the line that ROWS_KEPT stops in, when
    that comes within LINE_SHOWN more characters (so a line a message may name is never
    cut in two: the tail then begins with that line break), else at ROWS_KEPT plus
    LINE_SHOWN characters (a long line, shown cut anyway)."""
    if end - start <= ROWS_KEPT:
        return end
    most = min(end, start + ROWS_KEPT + LINE_SHOWN)
    at = text.find("\n", start + ROWS_KEPT - 1, most)
    return most if at < 0 else at


def kept(text, start, end, tail=None):
    """(the kept part of text[start:end], the Tail of what follows it): the Tail of the
    rest of text[start:end] joined to `tail`, the Tail of the text after `end` (None
    when there is none)."""
    stop = kept_end(text, start, end)
    if stop >= end:
        return text[start:end], tail
    return text[start:stop], joined_tails(tail_of(text, stop, end), tail)


def skipped_lines(more, before):
    """The tail of a stray-lines message: how many more lines go with the first one."""
    return "; %d more line%s skipped before %s" % (more, "s"[: more != 1], before) if more else ""


def stray_messages(index):
    """The message for lines before the first header of an index, if any ([] or one
    line): at the pack's start, or where a round began inside text that starts no board."""
    messages = []
    for number, line, more, kind in index.strays:
        before = "the first header" if index.headers else "the end" if index.complete else "where the index stopped"
        where = "data before any board header" if kind == "before" else "data between boards, in no board"
        messages.append("line %d: %s: %r%s" % (number, where, line[:40], skipped_lines(more, before)))
    return messages
