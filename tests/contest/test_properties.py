"""Property tests of the whole player over generated boards and packs (hypothesis).

Boards: 1x1 to 30x30, mine shares 0% to 100%, every safe-cell mode with the mines
kept off the official safe cells (so a name's promise holds), both header forms,
names with a mode and arbitrary names.  Packs mix in malformed boards.  Checked:

- every select list the package (`solve_text`) or the bundled dist/paiza_main.py
  emits is one the official page accepts and scores: every line a header or a click
  by the page's line rules, clicks in range, never on an opened cell, headers in the
  input's form, each board at most once, scores at or above the floor; replayed
  through the reference port of the page (tests/support/reference_scorer.py), every board
  scores what the project's rules say, and the summary's total is the page's;
- output is deterministic, and the bundle prints what the package prints;
- malformed boards are reported on stderr, one line each naming board and line, and
  every other board is still played; a stray line after a complete board is
  reported on its own and the board is played;
- every click the player makes without calling it a guess is safe;
- fair play: twin boards that differ only inside an undecidable pair get the same
  clicks up to the first click into the pair, also when the difference changes the
  safe total (the header and name tell nothing of it: only the hidden board does).

Example counts scale those of the profile tests/conftest.py loads ('ci' or 'dev').
"""

import io
import os
import random
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import reference_scorer as reference
from support.judging import reveal, safe_left, score_2025, score_2026

from solver.contest.batch import solve_text
from solver.contest.oneboard import task_of
from solver.engine.lookahead import looking
from solver.engine.player import play
from solver.grid.geometry import geometry
from solver.official.board import MINE, board_header, make_board
from solver.official.judge import Judge
from solver.official.names import name_fields
from solver.official.packs import format_board, format_pack
from solver.official.safezone import safe_cells
from solver.official.scorer import score_text
from solver.official.selects import read_select

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "dist", "paiza_main.py")
MODES = ("corner", "center", "both", "none", "auto")
SUMMARY = re.compile(r"^boards (\d+)/(\d+)  seconds (\d+\.\d+)  score (.+?)(?:  workers \d+)?(?:  budget \d+\.\d+)?$", re.M)


def scaled(factor):
    """The loaded profile (tests/conftest.py) with its example count scaled (cheap tests run more examples)."""
    return settings(max_examples=max(5, int(settings.default.max_examples * factor)))


# ---------------------------------------------------------------- building boards


def digits_of(width, height, mine_cells):
    """Row-major digits of a board with mines at `mine_cells`: 9 for a mine, else the count around."""
    neighbours = geometry(width, height).neighbours
    mines = set(mine_cells)
    return [MINE if cell in mines else sum(n in mines for n in neighbours[cell]) for cell in range(width * height)]


def board_with(width, height, name, mine_cells, form):
    cells = digits_of(width, height, mine_cells)
    mines = len(set(mine_cells)) if form == 2026 else None
    return make_board(width, height, name, cells, mines, form)


arbitrary_names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True).filter(lambda n: name_fields(n) is None)
mine_shares = st.one_of(st.sampled_from([0.0, 1.0]), st.floats(0.0, 1.0))


@st.composite
def boards(draw, max_side=30, index=0):
    """A well-formed board; a name with a mode keeps its promise (no mine on a safe cell)."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    size = width * height
    mines = min(size, int(round(draw(mine_shares) * size)))
    form = draw(st.sampled_from((2025, 2026)))
    if draw(st.booleans()):
        mode = draw(st.sampled_from(MODES))
        name = "board_%dx%d_%d_%d_%s" % (width, height, mines, index + 1, mode)
        safe = set(safe_cells(width, height, mines, mode))
    else:
        name = "%s_%d" % (draw(arbitrary_names), index)
        assume(name_fields(name) is None)
        safe = set()
    free = [cell for cell in range(size) if cell not in safe]
    assert len(free) >= mines, "the official rule leaves room for every mine"
    placement = random.Random(draw(st.integers(0, 2**32 - 1)))
    return board_with(width, height, name, placement.sample(free, mines), form)


# ---------------------------------------------------------------- malformed boards


def broken_board_lines(board, defect, garbage):
    """The lines of `board` with one defect that makes the reader refuse it."""
    lines = format_board(board).rstrip("\n").split("\n")
    rows = lines[1:]
    if defect == "extra_digit":
        rows[-1] += "0"
    elif defect == "missing_digit":
        rows[0] = rows[0][:-1]
    elif defect == "non_digit":
        rows[0] = "x" + rows[0][1:]
    elif defect == "missing_row":
        rows.pop()
    elif defect == "wrong_mines":
        if board.form == 2026:
            fields = lines[0].split()
            fields[2] = str(int(fields[2]) + 1)
            lines[0] = " ".join(fields)
        else:
            rows[-1] = rows[-1][:-1] + garbage[0]  # a 2025 header has no count; break it another way
    elif defect == "bad_digit":
        cells = list(board.cells)
        safe = [c for c, d in enumerate(cells) if d != MINE]
        if safe:
            cells[safe[0]] = (cells[safe[0]] + 1) % 9
            text = "".join(map(str, cells))
            rows = [text[i : i + board.width] for i in range(0, len(text), board.width)]
        else:
            rows.pop()
    return [lines[0]] + rows


DEFECTS = ("extra_digit", "missing_digit", "non_digit", "missing_row", "wrong_mines", "bad_digit")
garbage_lines = st.text(alphabet="abcxyz!?#-.: ", min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def packs(draw, max_boards=5, max_side=16):
    """(pack text, good boards in order, {name: header line} of broken boards,
    {line: board name} of stray lines after a complete board, leading garbage line or None)."""
    count = draw(st.integers(1, max_boards))
    good, broken, blocks = [], {}, []
    for index in range(count):
        board = draw(boards(max_side=max_side, index=index))
        if draw(st.integers(0, 3)) == 0:
            defect = draw(st.sampled_from(DEFECTS))
            blocks.append((board, broken_board_lines(board, defect, draw(garbage_lines)), None))
            broken[board.name] = None
        else:  # sometimes a stray line after it: reported on its own, the board still played
            stray = draw(st.one_of(st.none(), garbage_lines))
            blocks.append((board, format_board(board).rstrip("\n").split("\n"), stray))
            good.append(board)
    leading = draw(st.one_of(st.none(), garbage_lines))
    separator = draw(st.sampled_from(["", "\n"]))  # blank lines between boards are optional
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    lines = [] if leading is None else [leading]
    strays = {}
    for board, block, stray in blocks:
        if lines and separator:
            lines.append("")
        if board.name in broken:
            broken[board.name] = len(lines) + 1
        lines.extend(block)
        if stray is not None:
            lines.append(stray)
            strays[len(lines)] = board.name
    return newline.join(lines) + newline, good, broken, strays, leading


# ---------------------------------------------------------------- checking output


def load_bundle():
    """dist/paiza_main.py's functions, run in-process (its main() is not called)."""
    namespace = {"__name__": "paiza_bundle"}
    with open(DIST, encoding="utf-8") as handle:
        exec(compile(handle.read(), DIST, "exec"), namespace)
    return namespace


BUNDLE = load_bundle()


def run(solve, pack_text):
    """(select list, stderr with the timing masked: only the seconds may differ between runs)."""
    out, err = io.StringIO(), io.StringIO()
    solve(pack_text, out, err)
    return out.getvalue(), re.sub(r"seconds \d+\.\d+", "seconds 0.000", err.getvalue())


def check_line_rules(select_text):
    """Every line is one the official reader takes as meant: a header (two integers and a
    word, three or four fields) or a click of two plain integers that no reader could
    take for a header; LF line ends, no blank line, no space to trim."""
    assert select_text == "" or select_text.endswith("\n")
    for line in select_text.split("\n")[:-1]:
        fields = line.split(" ")
        assert line and "" not in fields and line == " ".join(line.split()), repr(line)
        if reference.SELECT_HEADER.match(line):
            assert len(fields) in (3, 4), repr(line)
        else:
            assert len(fields) == 2 and all(f.isdigit() and f.isascii() and f == str(int(f)) for f in fields), repr(line)


def by_page(select_text, boards):
    """{form: (the select list's boards of that header form, as their own list; the pack of those boards)}:
    each official page reads only its own form."""
    parts = {}
    form = None
    for line in select_text.split("\n")[:-1]:
        if reference.SELECT_HEADER.match(line):
            form = 2026 if len(line.split(" ")) == 4 else 2025
        parts[form] = parts.get(form, "") + line + "\n"
    return {form: (text, format_pack([b for b in boards if b.form == form])) for form, text in parts.items()}


def check_select_list(select_text, summary_text, good_boards):
    """Everything the official page demands of a select list: judged by the reference port
    of the page (tests/support/reference_scorer.py, no solver code) and by the project's reader."""
    check_line_rules(select_text)
    by_name = {b.name: b for b in good_boards}
    entries, errors = read_select(select_text)
    assert errors == []
    names = [e.name for e in entries]
    assert len(names) == len(set(names)), "a board is listed twice"
    expected_names = []
    for board in good_boards:
        if board.name not in expected_names:
            expected_names.append(board.name)
    assert names == expected_names, "with no budget every well-formed board is played, in order"
    scores = {}
    for entry in entries:
        board = by_name[entry.name]
        assert (entry.width, entry.height) == (board.width, board.height)
        if board.form == 2026:
            assert entry.mines == board.cells.count(MINE), "2026 header must carry the mine count"
        else:
            assert entry.mines is None, "2025 header has three fields"
        judge = Judge(board)
        clicks = []
        for x, y, _ in entry.clicks:
            assert 0 <= x < board.width and 0 <= y < board.height
            assert reveal(judge, y * board.width + x), "click on an already opened cell"
            clicks.append((x, y))
        scores[entry.name] = score_2026(board, clicks) if board.form == 2026 else score_2025(board, clicks)
    totals = {}
    for form, (text, pack_text) in by_page(select_text, good_boards).items():
        page_rows, totals[form] = reference.score_select_list(text, reference.load_pack(pack_text, form), form)
        assert [(name, score) for name, score, _ in page_rows] == [(name, scores[name]) for name, _, _ in page_rows]
        assert all(counted >= (-1 if form == 2026 else 0) for _, _, counted in page_rows)
    scored = score_text(select_text, format_pack(good_boards)) if entries else None
    if scored is not None:
        assert scored.errors == [] and scored.warnings == []
        assert scored.totals == totals, "the score command totals what the official pages total"
    played, boards_read, _, reported = SUMMARY.search(summary_text).groups()
    assert int(played) == len(entries)
    shown = {2025: str, 2026: lambda total: "%.4f" % total}
    if len(totals) == 1:  # one rule: one total
        (form, total), = totals.items()
        assert reported == shown[form](total)
    elif totals:  # both rules: each total with its year
        assert reported == " ".join("%s (%d)" % (shown[form](totals[form]), form) for form in sorted(totals))
    else:  # nothing played: zero, written as the pack's first header's rule writes it
        assert reported in ("0", "0.0000")
    return int(boards_read)


# ---------------------------------------------------------------- the properties


@given(packs())
@scaled(1.0)
def test_select_lists_are_valid_and_malformed_boards_reported(pack):
    text, good, broken, strays, leading = pack
    first = run(solve_text, text)
    assert run(solve_text, text) == first, "two runs differ"
    assert run(BUNDLE["solve_text"], text) == first, "the bundle differs from the package"
    select_text, summary = first
    boards_read = check_select_list(select_text, summary, good)
    # the summary's total counts board headers: every good board, and the broken ones
    # whose header still reads as one
    assert len(good) <= boards_read <= len(good) + len(broken)
    errors = [line for line in summary.splitlines() if line.startswith("error:")]
    assert len(errors) == len(broken) + len(strays) + (leading is not None)
    for name, line in broken.items():
        assert any(name in e and "(line %d)" % line in e for e in errors), (name, line, errors)
    for line, name in strays.items():
        assert any(e.startswith("error: line %d: not part of board %s (line " % (line, name)) for e in errors), (line, errors)
    if leading is not None:
        assert any("line 1:" in e for e in errors)
    assert len(summary.splitlines()) == len(errors) + 1, "one line per error, then the summary"


@given(boards())
@scaled(1.5)
def test_single_board_lists_are_valid(board):
    select_text, summary = run(solve_text, format_board(board))
    check_select_list(select_text, summary, [board])


@given(boards(), st.booleans())
@scaled(2.0)
def test_clicks_not_called_guesses_are_safe(board, look):
    judge = Judge(board)
    guesses = []

    def watch(step):
        if step.kind in ("guess", "endgame"):
            guesses.append((step.cell, step.p))

    play(task_of(board), judge.view(), None, looking if look else None, watch=watch)
    clicks = judge.clicks
    guessed = {cell for cell, _ in guesses}
    assert len(guessed) == len(guesses), "a cell guessed twice"
    for cell in clicks:
        if cell not in guessed:
            assert board.cells[cell] != MINE, "cell %d was clicked as certain but is a mine" % cell
    for cell, p in guesses:
        assert cell in clicks and 0 <= p <= 1
    assert len(clicks) == len(set(clicks))
    # the clicks replayed on the reference port of the page score what the judge saw
    xy = [(c % board.width, c // board.width) for c in clicks]
    rule = task_of(board).rule
    assert reference.score_clicks(board.width, board.height, board.digits, xy, rule.year) == rule.value(rule.score(judge.outcome()))


# ---------------------------------------------------------------- fair play


@st.composite
def twins(draw, safe_total_differs=False):
    """Two boards equal but for an undecidable pair (a, b): every other neighbour of the pair is a mine,
    one twin has its mine on a, the other on b.  Same size, name, mine count.

    safe_total_differs: the second twin has mines on both a and b instead, so the twins
    differ in their safe total (and mine count); the header (2025 form) and the name
    (which tells nothing) are the same, so only a player reading the hidden board
    could tell them apart before clicking into the pair."""
    width = draw(st.integers(2, 16))
    height = draw(st.integers(2, 16))
    vertical = draw(st.booleans())
    if vertical:
        width, height = min(width, height), max(width, height)
    dx, dy = (0, 1) if vertical else (1, 0)
    assume(width > dx and height > dy)
    geo = geometry(width, height)
    size = width * height
    extra_wanted = draw(st.integers(0, size))
    named = draw(st.booleans()) and not safe_total_differs
    mode = draw(st.sampled_from(MODES))
    form = 2025 if safe_total_differs else draw(st.sampled_from((2025, 2026)))
    options = []
    for y in range(height - dy):
        for x in range(width - dx):
            a, b = y * width + x, (y + dy) * width + (x + dx)
            ring = (set(geo.neighbours[a]) | set(geo.neighbours[b])) - {a, b}
            others = size - len(ring) - 2
            extra = min(extra_wanted, others)
            mines = len(ring) + 1 + extra
            safe = set(safe_cells(width, height, mines, mode)) if named else set()
            if safe & (ring | {a, b}):
                continue
            free = [c for c in range(size) if c not in ring and c not in (a, b) and c not in safe]
            if len(free) >= extra:
                options.append((a, b, ring, extra, mines, free))
    assume(options)
    a, b, ring, extra, mines, free = draw(st.sampled_from(options))
    placement = random.Random(draw(st.integers(0, 2**32 - 1)))
    rest = set(placement.sample(free, extra))
    if named:
        name = "board_%dx%d_%d_%d_%s" % (width, height, mines, 1, mode)
    else:
        name = draw(arbitrary_names)
    first = board_with(width, height, name, ring | rest | {a}, form)
    second = board_with(width, height, name, ring | rest | ({a, b} if safe_total_differs else {b}), form)
    return first, second, (a, b)


def play_clicks(board, look=False):
    judge = Judge(board)
    play(task_of(board), judge.view(), None, looking if look else None)
    return judge.clicks


def unfair_point(first_clicks, second_clicks, pair):
    """None if the click lists agree up to and including the first click into the pair, else where they part."""
    for index in range(max(len(first_clicks), len(second_clicks))):
        one = first_clicks[index] if index < len(first_clicks) else None
        two = second_clicks[index] if index < len(second_clicks) else None
        if one != two:
            return index
        if one in pair:
            return None
    return None


@pytest.mark.parametrize("safe_total_differs", [False, True], ids=["same-safe-total", "other-safe-total"])
@given(data=st.data(), look=st.booleans())
@scaled(1.25)
def test_twins_get_the_same_clicks_until_the_pair(safe_total_differs, data, look):
    """Twins equal but for an undecidable pair: the mine on one cell of it or the other
    (same safe total), or one mine or two there (one safe cell fewer, which a player
    reading the judge's count would notice)."""
    first, second, pair = data.draw(twins(safe_total_differs=safe_total_differs))
    differing = [c for c in range(len(first.cells)) if first.cells[c] != second.cells[c]]
    if safe_total_differs:
        safe_totals = [sum(d != MINE for d in board.cells) for board in (first, second)]
        assert safe_totals[0] == safe_totals[1] + 1 and board_header(first) == board_header(second)
        assert set(differing) <= set(pair)
    else:
        assert first.cells != second.cells and first.cells.count(MINE) == second.cells.count(MINE)
        assert set(differing) == set(pair)  # outside the pair every digit is the same
    point = unfair_point(play_clicks(first, look), play_clicks(second, look), pair)
    assert point is None, "the player's clicks depend on hidden cells (they part at click %d)" % point


def test_twin_check_catches_a_peeking_player():
    # 4x3, pair (0,0)-(1,0) in the top-left corner, its other neighbours mines
    width, height = 4, 3
    ring = {2, 4, 5, 6}
    first = board_with(width, height, "peek_test", ring | {0}, 2025)
    second = board_with(width, height, "peek_test", ring | {1}, 2025)

    def peeking_clicks(board):  # opens the safe cell of the pair first: it reads the hidden board
        safe_of_pair = 1 if board.cells[0] == MINE else 0
        judge = Judge(board)
        return [safe_of_pair] + [c for c in range(width * height) if reveal(judge, c) and c != safe_of_pair]

    assert unfair_point(peeking_clicks(first), peeking_clicks(second), (0, 1)) == 0
    assert unfair_point(play_clicks(first), play_clicks(second), (0, 1)) is None


def test_safe_total_twins_catch_a_player_that_stops_on_the_judges_count():
    # 5x3, pair (0,0)-(1,0), its other neighbours (2,0), (0,1), (1,1), (2,1) mines; the
    # first twin has one mine in the pair, the second two: one safe cell fewer
    width, height = 5, 3
    ring = {2, 5, 6, 7}
    first = board_with(width, height, "count_test", ring | {0}, 2025)
    second = board_with(width, height, "count_test", ring | {0, 1}, 2025)

    def counting_clicks(board):  # opens all it can, stopping when the judge says no safe cell is left
        judge = Judge(board)
        clicks = []
        for cell in [c for c in range(width * height) if c not in ring | {0, 1}] + [1, 0]:
            if safe_left(judge) == 0:
                break
            clicks.append(cell)
            reveal(judge, cell)
        return clicks

    assert unfair_point(counting_clicks(first), counting_clicks(second), (0, 1)) is not None
    assert unfair_point(play_clicks(first), play_clicks(second), (0, 1)) is None


@pytest.mark.parametrize("form", [2025, 2026])
def test_extremes_all_mines_and_no_mines(form):
    for width, height in ((1, 1), (1, 7), (30, 30)):
        for mine_cells in (range(width * height), ()):
            board = board_with(width, height, "edge_%dx%d" % (width, height), mine_cells, form)
            select_text, summary = run(solve_text, format_board(board))
            check_select_list(select_text, summary, [board])


def test_a_board_the_page_would_misread_is_reported_and_never_written():
    names = ["+plus", "(x)", ".dot", "\u00e9t\u00e9", "ok_1"]
    pack = "".join(format_board(board_with(3, 2, name, {0}, 2025)) + "000\n" for name in names)
    select_text, summary = run(solve_text, pack)
    check_select_list(select_text, summary, [board_with(3, 2, "ok_1", {0}, 2025)])
    errors = [line for line in summary.splitlines() if line.startswith("error: ")]
    for k, name in enumerate(names[:-1]):  # each board: header, two rows, one stray row
        assert any(e.startswith("error: board %s (line %d): board name" % (name, 4 * k + 1)) for e in errors), name
    assert sum("not part of board" in e for e in errors) == len(names)
    assert select_text.startswith("3 2 ok_1\n")
