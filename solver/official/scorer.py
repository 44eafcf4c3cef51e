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

from collections import namedtuple

from .board import mine_count
from .generator import board_from_name
from .judge import replayed
from .lines import lone_cr_line
from .packs import boards_of, header_name, index_pack
from .rules import RULES
from .selects import read_select


def _lookup(name, boards, form):
    """The board a select list names: from the pack, else regenerated from its name."""
    board = boards.get(name)
    if board is not None:
        return board
    return board_from_name(name, form)


Scored = namedtuple("Scored", "rows totals errors warnings plays")
Scored.__doc__ = """A select list scored.

rows     -- (name, score, counted, rule) per board in list order; `counted` is what the
            summary adds (ADC2025: a negative board counts 0)
totals   -- {rule: total} for the rules the rows use, in order of first use
errors   -- what makes the official page reject the whole file (rows then empty,
            unless lenient)
warnings -- what the page accepts but the user should know (a header whose size is
            not the board's, a board of the pack that does not read)
plays    -- (board, clicks as the page plays them, rule) per row
"""


def _pack_boards(pack_text, warnings):
    """({name: the first board of that name}, names of the pack's headers whose board is
    refused) of a pack text; each problem of the pack is a warning."""
    index = index_pack(pack_text)
    boards = {}
    for board, error in boards_of(index):
        if board is None:
            warnings.append("pack: %s (not loaded: the official page never sees the pack)" % error)
        else:
            boards.setdefault(board.name, board)
    refused = {header_name(header.split()) for header in index.headers} - set(boards)
    return boards, refused


def _size(value):
    """A header size as printed (a 5,000-digit one is Infinity to the page)."""
    return "%d" % value if value < float("inf") else "Infinity"


def _clicks_on_board(entry, board, errors, warnings):
    """The (x, y) clicks of an entry as the official page plays them on `board`.

    The page range-checks a click against the header's size but opens cell
    width * y + x of the board it loaded (its own width): with a header of another size a
    click can land on another cell (said in a warning) or past the last cell, where
    the page's script fails and the run stops (an error).
    """
    width, height = board.width, board.height
    clicks, elsewhere = [], 0
    for x, y, line in entry.clicks:
        if not (x < entry.width and y < entry.height):
            errors.append("line %d: (%d, %d) is out of range for %s (%sx%s)" % (line, x, y, entry.name, _size(entry.width), _size(entry.height)))
        elif width * y + x >= width * height:
            errors.append(
                "line %d: (%d, %d) lands past the last cell of %s (%dx%d, the header says %sx%s): "
                "the official page stops with a script error there"
                % (line, x, y, entry.name, width, height, _size(entry.width), _size(entry.height))
            )
        else:
            elsewhere += x >= width or y >= height
            clicks.append((x, y))
    if (entry.width, entry.height) != (width, height):
        warnings.append(
            "line %d: the header says %sx%s but board %s is %dx%d; scored as the official page "
            "does, a click (x, y) opening cell %d*y + x (%d click%s open another cell than named)"
            % (entry.line, _size(entry.width), _size(entry.height), entry.name, width, height, width,
               elsewhere, "s"[: elsewhere != 1])
        )
    if entry.mines is not None and entry.mines != mine_count(board):
        warnings.append(
            "line %d: the header says %s mines but board %s has %d; the official page counts the board's"
            % (entry.line, _size(entry.mines), entry.name, mine_count(board))
        )
    return clicks


def score_text(text, pack_text=None, rule=None, lenient=False):
    """Score a select list: a Scored.  Each board is scored under `rule`, or without it
    under the rule of its header's form (three fields: ADC2025, four: ADC2026), and
    totalled per rule.  Without `lenient`, any error rejects the whole file (rows
    empty), as the official page does; with it, bad lines and clicks are skipped."""
    entries, errors = read_select(text)
    warnings = []
    lone = lone_cr_line(text)
    if lone is not None:
        warnings.append("line %d: a lone CR (an old Mac line end): the official page ends lines only at LF and CRLF "
                        "and reads it as a space, as here (a file of such line ends is one line to it: convert it "
                        "with tr '\\r' '\\n')" % lone)
    if entries and entries[0].clicks and entries[0].clicks[0][2] < entries[0].line:
        warnings.append(
            "line %d: clicks before the first header; the official page adds them to the clicks of %s (line %d)"
            % (entries[0].clicks[0][2], entries[0].name, entries[0].line)
        )
    boards, refused = _pack_boards(pack_text, warnings) if pack_text is not None else ({}, set())
    plays = []
    for entry in entries:
        form = 2026 if entry.mines is not None else 2025
        try:
            board = _lookup(entry.name, boards, form)
        except ValueError as exc:
            where = " (the pack's board of that name does not read)" if entry.name in refused else ""
            errors.append("line %d: cannot find or regenerate board %s%s: %s" % (entry.line, entry.name, where, exc))
            continue
        if entry.name in refused and entry.name not in boards:
            warnings.append("line %d: board %s does not read in the pack; scored on the board its name "
                            "regenerates, as the official page does" % (entry.line, entry.name[:40]))
        plays.append((board, _clicks_on_board(entry, board, errors, warnings), rule or form))
    if errors and not lenient:
        return Scored([], {}, errors, warnings, [])
    rows, totals = [], {}
    for board, clicks, board_rule in plays:
        rule_object = RULES[board_rule]
        points = rule_object.score(replayed(board, clicks).outcome())
        score, counted = rule_object.value(points), rule_object.value(rule_object.counted(points))
        totals[board_rule] = totals.get(board_rule, 0) + counted
        rows.append((board.name, score, counted, board_rule))
    return Scored(rows, totals, errors, warnings, plays)


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


def score_lines(scored, rule, select_text):
    """The lines `score` prints of a Scored: 'NAME SCORE' per board (' (counts 0)' where
    the board counts 0), then 'total VALUE', or 'total RULE VALUE' per rule of a list
    mixing both forms.  rule: the --rule given, or None."""
    lines = []
    for name, score, counted, board_rule in scored.rows:
        note = "" if score == counted else " (counts 0)"
        lines.append("%s %s%s" % (name, RULES[board_rule].format_value(score), note))
    if len(scored.totals) > 1:
        lines.extend("total %d %s" % (year, RULES[year].format_value(total)) for year, total in scored.totals.items())
    else:
        rule = rule or (next(iter(scored.totals)) if scored.totals else select_form(select_text))
        lines.append("total %s" % RULES[rule].format_value(scored.totals.get(rule, 0)))
    return lines


def summary_csv(rows):
    """The official score_summary.csv of scored rows (one rule): trial, board name, score,
    running total.  The page strips spaces and '(...)' from every cell."""
    out = ["trial,boardname,score,total\n"]
    running = 0
    for trial, (name, _, counted, rule) in enumerate(rows, 1):
        running += counted
        out.append("%d,%s,%s,%s\n" % (trial, name, RULES[rule].format_value(counted), RULES[rule].format_value(running)))
    return "".join(out)


def select_form(text):
    """The rule a list without boards to score would have: that of its first header."""
    entries = read_select(text)[0]
    return 2026 if entries and entries[0].mines is not None else 2025
