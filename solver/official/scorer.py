"""The `score` command: a select list scored as the official page scores it.

Boards come from ``--pack`` or, as on the official page, are regenerated from their
names.  The official page never sees the pack: a board the pack reader refuses is
said in a warning and costs the select list nothing (a board the list names but the
pack holds only malformed is regenerated from its name, as the page would).  Any bad
line or out-of-range click of the select list makes the official page reject the
whole file; ``--lenient`` skips them instead.  What the page accepts but may surprise is
said on stderr: a header whose size is not the board's (the page plays the clicks on
the board's own width, so a click can open another cell than it names) and a list
mixing ADC2025 and ADC2026 headers (scored and totalled per rule).  The scoring
itself is `rules`.
"""

from array import array
from collections import namedtuple

from .board import mine_count
from .generator import board_from_name
from .judge import Judge
from .lines import lone_cr_line
from .packindex import index_pack
from .packs import boards_of, header_name
from .rules import RULES
from .selects import CLICK, ERROR, HEADER, header_at, iter_select


def _lookup(name, boards, form):
    """The board a select list names: from the pack, else regenerated from its name."""
    board = boards.get(name)
    if board is not None:
        return board
    return board_from_name(name, form)


Scored = namedtuple("Scored", "rows totals errors warnings plays")
Scored.__doc__ = """A select list scored.

rows     -- (name, score, counted, rule) per board in list order (a Rows: iterate it);
            `counted` is what the summary adds (ADC2025: a negative board counts 0)
totals   -- {rule: total} for the rules the rows use, in order of first use
errors   -- what makes the official page reject the whole file (rows then empty,
            unless lenient); a Messages (its first KEPT, and the count of the rest)
warnings -- what the page accepts but the user should know (a header whose size is
            not the board's, a board of the pack that does not read); a Messages
plays    -- (board, cells, rule, hits) per row (score_text's `plays`): the cells the list's
            clicks open as the page plays them (width * y + x, an array), the mines hit
"""


def _pack_boards(pack_text, warnings):
    """({name: the first board of that name}, names of the pack's headers whose board is
    refused) of a pack text; each problem of the pack is a warning."""
    index = index_pack(pack_text)
    boards = {}
    for board, error in boards_of(index):
        if board is None:
            warnings.add("pack: %s (not loaded: the official page never sees the pack)" % error)
        else:
            boards.setdefault(board.name, board)
    refused = {header_name(header.split()) for header in index.headers} - set(boards)
    return boards, refused


def _size(value):
    """A header size as printed (a 5,000-digit one is Infinity to the page)."""
    return "%d" % value if value < float("inf") else "Infinity"


class Messages(list):
    """Messages of one kind: the first KEPT are kept, the rest only counted (`unshown`),
    so a list of ten million bad lines never holds ten million messages."""

    KEPT = 1000

    def __init__(self):
        super().__init__()
        self.unshown = 0

    def add(self, message):
        if len(self) < self.KEPT:
            self.append(message)
        else:
            self.unshown += 1


class Rows:
    """The boards of a scored list, in list order, kept in ROW_BYTES a board (the offset
    of the header line, the points, the rule); iterating gives (name, score, counted,
    rule), each name read again from its header line."""

    ROW_BYTES = 8 + 8 + 2

    def __init__(self, text):
        self._text = text
        self._starts, self._points, self._rules = array("q"), array("q"), array("H")

    def add(self, start, points, rule):
        self._starts.append(start)
        self._points.append(points)
        self._rules.append(rule)

    def __len__(self):
        return len(self._starts)

    def __iter__(self):
        for start, points, year in zip(self._starts, self._points, self._rules):
            rule = RULES[year]
            yield header_at(self._text, start).name, rule.value(points), rule.value(rule.counted(points)), year


class _Entry:
    """A board of the list being read: its header, board and Judge, the cells its clicks
    open kept (an array, for `plays`; else None), how many open another cell than they
    name."""

    __slots__ = ("entry", "start", "board", "judge", "clicks", "elsewhere")

    def __init__(self, entry, start, board, keep):
        self.entry, self.start, self.board = entry, start, board
        self.judge = Judge(board)
        self.clicks = array("l") if keep else None
        self.elsewhere = 0


def _click(playing, x, y, line, errors):
    """One click of the list, played as the official page plays it on the board.

    The page range-checks a click against the header's size but opens cell
    width * y + x of the board it loaded (its own width): with a header of another size a
    click can land on another cell (said in a warning, `_ended`) or past the last cell,
    where the page's script fails and the run stops (an error).  A click on an opened
    cell changes nothing and is not given to the Judge (which keeps every click).
    """
    entry, board = playing.entry, playing.board
    width, height = board.width, board.height
    if not (x < entry.width and y < entry.height):
        errors.add("line %d: (%d, %d) is out of range for %s (%sx%s)" % (line, x, y, entry.name, _size(entry.width), _size(entry.height)))
    elif width * y + x >= width * height:
        errors.add(
            "line %d: (%d, %d) lands past the last cell of %s (%dx%d, the header says %sx%s): "
            "the official page stops with a script error there"
            % (line, x, y, entry.name, width, height, _size(entry.width), _size(entry.height))
        )
    else:
        playing.elsewhere += x >= width or y >= height
        cell = width * y + x
        if playing.clicks is not None:
            playing.clicks.append(cell)
        if not playing.judge.opened >> cell & 1:
            playing.judge.open(cell)


def _ended(playing, warnings):
    """What the page accepts of a board's header but the user should know: a size or a
    mine count that is not the board's."""
    entry, board = playing.entry, playing.board
    width, height = board.width, board.height
    if (entry.width, entry.height) != (width, height):
        warnings.add(
            "line %d: the header says %sx%s but board %s is %dx%d; scored as the official page "
            "does, a click (x, y) opening cell %d*y + x (%d click%s open another cell than named)"
            % (entry.line, _size(entry.width), _size(entry.height), entry.name, width, height, width,
               playing.elsewhere, "s"[: playing.elsewhere != 1])
        )
    if entry.mines is not None and entry.mines != mine_count(board):
        warnings.add(
            "line %d: the header says %s mines but board %s has %d; the official page counts the board's"
            % (entry.line, _size(entry.mines), entry.name, mine_count(board))
        )


def _started(entry, start, boards, refused, errors, warnings, keep):
    """The _Entry of a header, or None (an error) when its board is not found."""
    try:
        board = _lookup(entry.name, boards, 2026 if entry.mines is not None else 2025)
    except ValueError as exc:
        where = " (the pack's board of that name does not read)" if entry.name in refused else ""
        errors.add("line %d: cannot find or regenerate board %s%s: %s" % (entry.line, entry.name, where, exc))
        return None
    if entry.name in refused and entry.name not in boards:
        warnings.add("line %d: board %s does not read in the pack; scored on the board its name "
                     "regenerates, as the official page does" % (entry.line, entry.name[:40]))
    return _Entry(entry, start, board, keep)


def _played(text, boards, refused, errors, warnings, keep):
    """The _Entry of each board of a select list whose board is found, in list order,
    once its clicks are played: one line of the list at a time (selects.iter_select)."""
    playing, first, headers = None, None, 0  # first: the first header, until a click or another header follows it
    for kind, value, start in iter_select(text):
        if kind is CLICK:
            if first is not None and value[2] < first.line:
                warnings.add("line %d: clicks before the first header; the official page adds them to the clicks "
                             "of %s (line %d)" % (value[2], first.name, first.line))
            first = None
            if playing is not None:
                _click(playing, value[0], value[1], value[2], errors)
        elif kind is ERROR:
            errors.add(value)
        else:
            first = None if headers else value
            headers += 1
            if playing is not None:
                _ended(playing, warnings)
                yield playing
            playing = _started(value, start, boards, refused, errors, warnings, keep)
    if playing is not None:
        _ended(playing, warnings)
        yield playing


def score_text(text, pack_text=None, rule=None, lenient=False, plays=True):
    """Score a select list: a Scored.  Each board is scored under `rule`, or without it
    under the rule of its header's form (three fields: ADC2025, four: ADC2026), and
    totalled per rule.  Without `lenient`, any error rejects the whole file (rows
    empty), as the official page does; with it, bad lines and clicks are skipped.

    The list is read and played one line at a time: memory holds the text, ROW_BYTES
    a board (Rows) and the clicks of one board; `plays` (for pages) adds every board
    and its cells, 4 or 8 bytes a click (Scored.plays; with plays=False it is empty)."""
    errors, warnings = Messages(), Messages()
    lone = lone_cr_line(text)
    if lone is not None:
        warnings.add("line %d: a lone CR (an old Mac line end): the official page ends lines only at LF and CRLF "
                     "and reads it as a space, as here (a file of such line ends is one line to it: convert it "
                     "with tr '\\r' '\\n')" % lone)
    boards, refused = _pack_boards(pack_text, warnings) if pack_text is not None else ({}, set())
    rows, totals, kept = Rows(text), {}, []
    for playing in _played(text, boards, refused, errors, warnings, plays):
        board_rule = rule or (2026 if playing.entry.mines is not None else 2025)
        rule_object = RULES[board_rule]
        points = rule_object.score(playing.judge.outcome())
        totals[board_rule] = totals.get(board_rule, 0) + rule_object.value(rule_object.counted(points))
        rows.add(playing.start, points, board_rule)
        if plays:
            kept.append((playing.board, playing.clicks, board_rule, playing.judge.hits))
    if errors and not lenient:
        return Scored([], {}, errors, warnings, [])
    return Scored(rows, totals, errors, warnings, kept)


def score_select(text, pack_text=None, rule=None, lenient=False):
    """score_text for a list in one form: (rows as (name, score, counted), total, errors,
    rule).  A list mixing both forms (and no `rule`) gives total and rule None."""
    scored = score_text(text, pack_text, rule, lenient)
    rows = [row[:3] for row in scored.rows]
    if len(scored.totals) > 1:
        return rows, None, scored.errors, None
    if scored.totals:
        (used, total), = scored.totals.items()
        return rows, total, scored.errors, used
    return rows, 0, scored.errors, rule or select_form(text)


MIXED_NOTE = (
    "note: the list mixes ADC2025 headers (X Y NAME) and ADC2026 ones (X Y MINES NAME); each "
    "official page reads only its own form, so each board is scored under its own rule and "
    "totalled per rule"
)


def score_lines(scored, rule, select_text, boards=True):
    """The lines `score` prints of a Scored, one at a time: with `boards`, 'NAME SCORE'
    per board (' (counts 0)' where the board counts 0); then 'total VALUE', or 'total
    RULE VALUE' per rule of a list mixing both forms.  rule: the --rule given, or None."""
    for name, score, counted, board_rule in scored.rows if boards else ():
        note = "" if score == counted else " (counts 0)"
        yield "%s %s%s" % (name, RULES[board_rule].format_value(score), note)
    if len(scored.totals) > 1:
        for year, total in scored.totals.items():
            yield "total %d %s" % (year, RULES[year].format_value(total))
    else:
        rule = rule or (next(iter(scored.totals)) if scored.totals else select_form(select_text))
        yield "total %s" % RULES[rule].format_value(scored.totals.get(rule, 0))


def summary_csv(rows):
    """The lines of the official score_summary.csv of scored rows (one rule), one at a
    time: trial, board name, score, running total.  The page strips spaces and '(...)'
    from every cell."""
    yield "trial,boardname,score,total\n"
    running = 0
    for trial, (name, _, counted, rule) in enumerate(rows, 1):
        running += counted
        yield "%d,%s,%s,%s\n" % (trial, name, RULES[rule].format_value(counted), RULES[rule].format_value(running))


def select_form(text):
    """The rule a list without boards to score would have: that of its first header."""
    first = next((value for kind, value, _ in iter_select(text) if kind is HEADER), None)
    return 2026 if first is not None and first.mines is not None else 2025
