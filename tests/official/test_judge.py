"""Tests for solver.official.judge: the official flood fill, and that only the judge side reads hidden digits.

The official page (msselect.js accessCell with pibotCellList) opens a clicked safe
cell, and from every opened 0 all its neighbours, each cell once; a mine opens alone.
"""

import ast
from collections import deque
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from support.board_strategies import boards
from support.judging import reveal, safe_left

from solver.official.board import MINE, make_board
from solver.official.judge import Judge

SOLVER_DIR = Path(__file__).resolve().parents[2] / "solver"

# The modules allowed to read Board.cells or Board.digits (the hidden digits): the
# board model, reading and writing packs, the judge, the scoring (rules, scorer,
# batch's scores), the generator that makes boards, the bench harness, and the
# replay page, which draws the whole board after play (its beliefs are the
# player's recorded Steps).
MAY_READ_CELLS = {
    "official.board", "official.packs", "official.compact", "official.compacting", "official.columns", "official.judge", "official.rules",
    "official.generator",
    "official.scorer", "contest.batch", "lab.bench", "pages.replay",
}
# What reads the hidden board whole, by its planes (Board.planes or its digits): the judge,
# and the board's own promise check; nothing else calls it.
MAY_CALL_HIDDEN_PLANES = {"official.board", "official.judge"}
HIDDEN_FIELDS = {"cells", "digits"}
# The player side, every module of the engine folder: it sees a board only through a
# judge.View (and tests/package/test_layers.py checks that the engine imports nothing of official).
PLAYER_LAYER = "engine."
# Private Judge state that holds nothing hidden (the board's geometry).
JUDGE_PUBLIC_STATE = {"_geo"}


def naive_region(board, cell):
    """The cells one click opens on a fresh board: BFS over zeros, border digits included."""
    if board.cells[cell] == MINE:
        return {cell}
    width, height = board.width, board.height
    seen = {cell}
    queue = deque([cell])
    while queue:
        current = queue.popleft()
        if board.cells[current] != 0:
            continue
        x, y = current % width, current // width
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx or dy) and 0 <= nx < width and 0 <= ny < height:
                    neighbour = ny * width + nx
                    if neighbour not in seen:
                        seen.add(neighbour)
                        queue.append(neighbour)
    return seen


@given(st.data())
def test_flood_fill_equals_the_naive_reference(data):
    board = data.draw(boards())
    clicks = data.draw(st.lists(st.integers(0, len(board.cells) - 1), min_size=1, max_size=20))
    judge = Judge(board)
    opened_so_far = set()
    all_opened = []
    hits = 0
    for cell in clicks:
        opened = reveal(judge, cell)
        expected = naive_region(board, cell) - opened_so_far
        assert {c for c, _ in opened} == expected
        assert all(digit == board.cells[c] for c, digit in opened)
        assert len(opened) == len(expected)  # no cell twice in one reveal
        if board.cells[cell] == MINE and cell not in opened_so_far:
            assert opened == [(cell, MINE)]
            hits += 1
        all_opened.extend(c for c, _ in opened)
        opened_so_far |= expected
    assert len(all_opened) == len(set(all_opened))  # each cell opened once
    assert judge.opened == sum(1 << c for c in opened_so_far)
    assert judge.hits == hits
    safe_total = len(board.cells) - board.cells.count(MINE)
    assert safe_left(judge) == safe_total - sum(board.cells[c] != MINE for c in opened_so_far)


@given(boards())
def test_a_flood_never_opens_a_mine(board):
    for cell, digit in enumerate(board.cells):
        if digit == 0:
            opened = reveal(Judge(board), cell)
            assert all(d != MINE for _, d in opened)


def test_mine_click_and_opened_cells():
    # 4x1: 0 1 9 1 -- clicking the 0 opens the 0 and the 1 beside it
    board = make_board(4, 1, "board_line", (0, 1, 9, 1))
    judge = Judge(board)
    assert reveal(judge, 0) == [(0, 0), (1, 1)]
    assert reveal(judge, 1) == []
    assert reveal(judge, 0) == []
    assert reveal(judge, 2) == [(2, MINE)]
    assert judge.hits == 1
    assert reveal(judge, 2) == []
    assert judge.hits == 1
    assert safe_left(judge) == 1
    assert reveal(judge, 3) == [(3, 1)]
    assert safe_left(judge) == 0
    assert judge.clicks == [0, 1, 0, 2, 2, 3]


# ------------------------------------------------------------------- who reads hidden digits


def judge_private_attributes():
    """The names of the Judge's private state (self._x), where it keeps hidden digits."""
    tree = ast.parse((SOLVER_DIR / "official" / "judge.py").read_text(encoding="utf-8"))
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    }


def attribute_reads(path, names):
    """Line numbers in `path` reading an attribute in `names` (obj.name or getattr(obj, 'name'))."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names:
            lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "attrgetter")
            and any(isinstance(a, ast.Constant) and a.value in names for a in node.args)
        ):
            lines.append(node.lineno)
    return sorted(lines)


# Layers the scan leaves out: the variants (their referees hold their own boards), and the
# ADC2020 puzzle (no Minesweeper board at all: its `cells` are a block's or a board's, all open)
NOT_SCANNED = ("variants", "adc2020")


def solver_modules():
    """{dotted module name under solver: path} of the package's Minesweeper modules."""
    paths = (path for path in SOLVER_DIR.rglob("*.py") if path.relative_to(SOLVER_DIR).parts[0] not in NOT_SCANNED)
    return {".".join(path.relative_to(SOLVER_DIR).with_suffix("").parts): path for path in sorted(paths)}


def modules_reading(names):
    """{module name: [line numbers]} of solver code reading an attribute in `names`."""
    readers = {}
    for name, path in solver_modules().items():
        lines = attribute_reads(path, names)
        if lines:
            readers[name] = lines
    return readers


def calls_of(path, function):
    """Line numbers in `path` calling `function` by its bare name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return sorted(node.lineno for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function)


def test_only_the_judge_and_the_promise_check_take_the_hidden_planes():
    callers = {name: lines for name, path in solver_modules().items() for lines in [calls_of(path, "hidden_planes")] if lines}
    assert "official.judge" in callers  # the scan does find the judge's call
    assert set(callers) <= MAY_CALL_HIDDEN_PLANES, callers


def test_only_the_judge_side_reads_board_cells():
    readers = modules_reading(HIDDEN_FIELDS)
    assert "official.board" in readers and "official.rules" in readers  # the scan does find real reads
    outside = {name: lines for name, lines in readers.items() if name not in MAY_READ_CELLS}
    assert outside == {}, "modules reading Board.cells outside %s" % sorted(MAY_READ_CELLS)


def test_the_player_side_never_reads_hidden_digits():
    player_side = {name for name in solver_modules() if name.startswith(PLAYER_LAYER)}
    assert {"engine.player", "engine.policy", "engine.probability"} <= player_side
    private = judge_private_attributes() - JUDGE_PUBLIC_STATE
    assert private  # the scan does see the judge's hidden state
    readers = modules_reading(HIDDEN_FIELDS | private)
    assert {name: readers[name] for name in player_side & set(readers)} == {}


def test_the_scan_catches_a_read(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(board, judge):\n    return board.cells, getattr(judge, '_secret')\n")
    assert attribute_reads(sample, {"cells", "_secret"}) == [2, 2]


@given(st.data())
def test_open_all_opens_what_clicking_each_cell_opens(data):
    board = data.draw(boards())
    safe = [c for c, d in enumerate(board.cells) if d != MINE]
    first = data.draw(st.lists(st.integers(0, len(board.cells) - 1), max_size=5))  # some clicks before
    chosen = data.draw(st.lists(st.sampled_from(safe), max_size=30)) if safe else []
    one_by_one, at_once = Judge(board), Judge(board)
    for judge in (one_by_one, at_once):
        for cell in first:
            judge.open(cell)
    for cell in chosen:
        one_by_one.open(cell)
    before = at_once.opened
    wanted = 0
    for cell in chosen:
        wanted |= 1 << cell
    new = at_once.open_all(wanted)
    assert at_once.opened == one_by_one.opened and new == at_once.opened & ~before
    assert at_once.outcome() == one_by_one.outcome()
    batch = at_once.clicks[len(first):]
    assert len(batch) == len(set(batch)) and set(batch) <= set(chosen)  # each cell at most once
    replay = Judge(board)  # the clicks it lists open the same cells, one by one
    for cell in first + batch:
        assert replay.open(cell) or cell in first
    assert replay.opened == at_once.opened
