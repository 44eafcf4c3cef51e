"""A reference scorer: the official page's reading and scoring of a select list, ported
from msselect.js (dasadc.github.io, adc2025/ and adc2026/msprog/) statement by
statement, sharing no code with solver/.

The property tests replay every select list the solver emits through it: the
solver's judge, rules and readers are the code the player is built on, so only an
outside port can tell when they drift from the page.  Ported as the page runs,
quirks included:

- lines: split on CRLF or LF only, blank ones dropped, trimmed, every inner run of
  JavaScript whitespace made one space (removeEmptyItems);
- a select-list header is /^(\\d+)[ ]+(\\d+)[ ]+(\\w+)/ (cellListFile.isHeader); lines
  before the first header join the first board's clicks (popData);
- a click line is split on spaces, needs two items, each Number()'d and kept when
  String(value) is all digits and below the header's size (cellList.check_loc);
  anything else aborts the whole file;
- the name is the header's third item (2025 page) or fourth (2026 page); a board is
  looked up among the loaded boards (first of that name), else regenerated;
- a click opens cell SIZE_X*y + x of the board as loaded, whatever size the header
  says; an index past the last cell throws in cellElem and the run stops there;
- a 0 opens its 3x3 through the pivot queue (accessCell, pibotCellList, evalQueue);
  each cell is touched once.  2025: +digit, -20 for a mine, the summary is written
  when no safe cell is left (checkRemains), else at the end after -digit for every
  untouched safe cell; a negative board counts 0 in the total.  2026: after every
  touch open_safe/safe_total - open_bomb/bomb_total clamped to [-1, 1]; the total
  keeps negatives.  The page prints the 2026 score with six decimals; the contest
  truncates it toward zero to four (CONTEST.md), done here on the exact fraction.
"""

import re
from fractions import Fraction

MINES_VALUE = 9
# JavaScript's \s (WhiteSpace and LineTerminator): not Python's idea of a space
JS_SPACE = "\t\n\x0b\x0c\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_JS_SPACES = re.compile("[%s]+" % JS_SPACE)
_BLANK = re.compile("^[%s]*$" % JS_SPACE)
SELECT_HEADER = re.compile(r"^(\d+)[ ]+(\d+)[ ]+(\w+)", re.ASCII)  # JavaScript's \d and \w are ASCII
PACK_HEADER = re.compile(r"^(\d+)[ ]+(\d+)", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|Infinity)")
_RADIX = re.compile(r"0(?:([xX])[0-9a-fA-F]+|([oO])[0-7]+|([bB])[01]+)")


class PageRejects(Exception):
    """The page refuses the file (checkCellListFile returns false) or stops part way."""


def remove_empty_items(text):
    """The lines of an uploaded text as the page keeps them."""
    lines = re.split("\r\n|\n", text)
    return [_JS_SPACES.sub(" ", line.strip(JS_SPACE)) for line in lines if not _BLANK.match(line)]


def js_number(token):
    """Number(token): a float (NaN for what JavaScript cannot read)."""
    token = token.strip(JS_SPACE)
    if token == "":
        return 0.0
    radix = _RADIX.fullmatch(token)
    if radix:
        base = 16 if radix.group(1) else 8 if radix.group(2) else 2
        try:
            return float(int(token[2:], base))
        except OverflowError:
            return float("inf")
    if _DECIMAL.fullmatch(token):
        return float(token.replace("Infinity", "inf"))
    return float("nan")


def all_digits_as_string(value):
    """/^[0-9]+$/.test(String(value)) for a Number."""
    if value != value or value in (float("inf"), float("-inf")):
        return False
    return 0 <= value < 1e21 and value == int(value)  # -0 prints as '0'; 1e21 as '1e+21'


def _board_name(fields, page, counter):
    """boardFile.boardName: the header's third (2025) or fourth (2026) item, else the
    name the page makes up for a header without one."""
    need = 3 if page == 2025 else 4
    if len(fields) >= need:
        return fields[need - 1]
    counter[0] += 1
    return "dummy__0_%d_u" % counter[0]  # cellListFile never sets its size: join gives ''


def load_pack(text, page):
    """{name: (width, height, digits)} of a board file as the page loads it (readBoardFile,
    boardFile.popData, createBoard); the first board of a name wins (Board.idx)."""
    lines = remove_empty_items(text)
    boards, counter = {}, [0]
    while lines:
        header, data = "", []
        while lines:
            if PACK_HEADER.match(lines[0]):
                if data:
                    break
                header = lines.pop(0)
            else:
                data.append(lines.pop(0))
        fields = header.split(" ") if header else [""]
        size_x = js_number(fields[0]) if header else len(data[0])
        digits = _JS_SPACES.sub("", "".join(data))  # cat_and_split
        step = int(size_x) if 0 < size_x < float("inf") else 0
        rows = [digits[i : i + step] for i in range(0, len(digits), step)] if step else []
        # createBoard: every row counts, its non-digit characters are skipped, the width is the first row's
        cells = ["".join(ch for ch in row if ch in "0123456789") for row in rows]
        if cells:
            boards.setdefault(_board_name(fields, page, counter), (len(cells[0]), len(cells), "".join(cells)))
    return boards


def read_select_list(text, page):
    """[(name, header size (x, y), [(x, y) Numbers], header line text)] of a select list as
    checkCellListFile reads it; raises PageRejects where the page aborts."""
    lines = remove_empty_items(text)
    entries, counter = [], [0]
    while lines:
        header, data = "", []
        while lines:
            if SELECT_HEADER.match(lines[0]):
                if header:
                    break
                header = lines.pop(0)
            else:
                data.append(lines.pop(0))
        fields = header.split(" ") if header else [""]
        size = [js_number(f) for f in fields[:2]] if header else [len(data[0]), len(data)]
        clicks = []
        for line in data:
            items = line.split(" ")
            if len(items) < 2:
                raise PageRejects("cell list format error: %r" % line)
            loc = (js_number(items[0]), js_number(items[1]))
            if not all(all_digits_as_string(v) and v < limit for v, limit in zip(loc, size)):
                raise PageRejects("location range error: %r under %r" % (line, header))
            clicks.append((int(loc[0]), int(loc[1])))
        entries.append((_board_name(fields, page, counter), size, clicks, header))
    return entries


class _Play:
    """One board loaded on the page: the cells touched and the running score."""

    def __init__(self, board, page):
        self.width, self.height, digits = board
        self.values = [int(d) for d in digits]
        self.size = len(self.values)
        self.touched = [False] * self.size
        self.page = page
        self.score = 0 if page == 2025 else Fraction(0)
        self.bombs = sum(v >= MINES_VALUE for v in self.values)
        self.open_safe = self.open_bomb = 0
        self.summary = None  # the score the summary table got, once written

    def access(self, index, source):
        """accessCell: touch a closed cell, queue a 0's 3x3, count the score; the queue."""
        if index < 0 or index > self.size - 1 or self.touched[index]:
            return []
        self.touched[index] = True
        value = self.values[index]
        queue = []
        if value == 0:
            queue = self._pivot_index(index, source + [index])
        if self.page == 2026:
            if value >= MINES_VALUE:
                self.open_bomb += 1
            else:
                self.open_safe += 1
            self.score = self._score_2026()
        else:
            self.score += -20 if value >= MINES_VALUE else value
        return queue

    def _pivot_index(self, index, source):
        """pibotCellList(...).region().regionShrink().pivotLocation().pivotIndex()."""
        x, y = index % self.width, index // self.width
        xs = [i for i in (x - 1, x, x + 1) if 0 <= i <= self.width - 1]
        ys = [j for j in (y - 1, y, y + 1) if 0 <= j <= self.height - 1]
        traced = source[1:][-1:]  # the cell itself: the shrink below never removes anything
        if traced:
            tx, ty = traced[0] % self.width, traced[0] // self.width
            if tx != x and tx in xs:
                xs.remove(tx)
            if ty != y and ty in ys:
                ys.remove(ty)
        return [(self.width * j + i, source) for i in xs for j in ys if (i, j) != (x, y)]

    def _score_2026(self):
        safe_total = self.size - self.bombs
        safe_part = Fraction(self.open_safe, safe_total) if safe_total > 0 else 0
        bomb_part = Fraction(self.open_bomb, self.bombs) if self.bombs > 0 else 0
        return max(Fraction(-1), min(Fraction(1), Fraction(safe_part - bomb_part)))

    def click(self, index):
        """wrapaccess(['primary'], cell): the click, its whole flood, then checkRemains."""
        if index > self.size - 1:
            raise PageRejects("cellElem of index %d: TypeError, the run stops" % index)
        queue = self.access(index, ["primary"])
        while queue:  # evalQueue, round by round
            new = []
            for adjacent, source in queue:
                del source[1:-1]  # splice(1, len - 2): shared by the reserves, as on the page
                new.extend(self.access(adjacent, source))
            queue = new
        if self.page == 2025 and self.summary is None:
            if not any(not t and v < MINES_VALUE for t, v in zip(self.touched, self.values)):
                self.finish()

    def finish(self):
        """finishSelection: the penalty of untouched safe cells (2025), the summary."""
        if self.summary is not None:
            return
        if self.page == 2025:
            self.score -= sum(v for t, v in zip(self.touched, self.values) if not t and v < MINES_VALUE)
        self.summary = self.score


def truncated(score):
    """A 2026 score truncated toward zero to four decimals (CONTEST.md)."""
    return Fraction(int(score * 10000), 10000)


def score_select_list(text, boards, page, regenerate=None):
    """([(name, score, counted)], total) of a select list as the page's summary shows it.

    boards     -- {name: (width, height, digits)} loaded on the page (load_pack)
    regenerate -- name -> (width, height, digits) for a board not loaded, raising
                  ValueError when the page cannot make it; None: no board is made
    Raises PageRejects where the page refuses the file or stops.
    """
    entries = read_select_list(text, page)
    known = dict(boards)
    for name, _, _, _ in entries:
        if name not in known:
            try:
                if regenerate is None:
                    raise ValueError("no generator")
                known[name] = regenerate(name)
            except ValueError as exc:
                raise PageRejects("failed to generate %s board data: %s" % (name, exc)) from None
    rows, total = [], 0
    for name, _, clicks, _ in entries:
        play = _Play(known[name], page)
        for x, y in clicks:
            play.click(play.width * y + x)
        play.finish()
        if page == 2025:
            rows.append((name, play.summary, max(play.summary, 0)))
            total += max(play.summary, 0)
        else:
            rows.append((name, truncated(play.summary), truncated(play.summary)))
            total += truncated(play.summary)
    return rows, total


def score_clicks(width, height, digits, clicks, page):
    """The page's score of one board (digits as a row-major string) for (x, y) clicks."""
    play = _Play((width, height, digits), page)
    for x, y in clicks:
        play.click(width * y + x)
    play.finish()
    return play.summary if page == 2025 else truncated(play.summary)
