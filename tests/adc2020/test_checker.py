"""The ADC2020 checker: every official answer passes with the official checker's area,
and each rule it checks (and each gap of the official checker closed) has a failing
answer with its reason."""

from pathlib import Path

import pytest

from solver.adc2020.checker import check, check_texts
from solver.adc2020.formats import PLUS, read_answer, read_problem, write_answer

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "adc2020"
# the official checker's area on each official answer (issue 36)
REFERENCE = {
    "101": 625, "hiromoto_1": 72, "hiromoto_2": 32, "hiromoto_3": 16, "hiromoto_4": 40, "hiromoto_5": 40,
    "hiromoto_6": 108, "hiromoto_7": 256, "hiromoto_8": 616,
    "hiromoto_rand_20x10_40_40": 200, "hiromoto_rand_20x10_40_60": 200,
    "hiromoto_rand_20x20_80_100": 400, "hiromoto_rand_20x20_80_40": 400, "hiromoto_rand_20x20_80_80": 400,
    "hiromoto_rand_40x20_160_160": 800, "hiromoto_rand_40x20_160_200": 800, "hiromoto_rand_40x20_160_240": 800,
    "hiromoto_rand_40x40_320_320": 1600, "hiromoto_rand_40x40_320_560": 1600, "hiromoto_rand_72x72_1000_1200": 5184,
    "hoge31": 2450, "hoge32": 2450, "hoge33": 2450, "hoge47": 5112, "hoge51": 5184, "hoge54": 81, "hoge60": 900,
    "manual1": 152, "manual2": 162, "today1": 30, "today2": 42, "today3": 42,
}

# the rules' own example (adc2020/rule.md): a 10x10 problem and its 9x8 answer, area 72
SAMPLE_Q = """SIZE 10X10
BLOCK_NUM 8

BLOCK#1 1X4
1
+
8
7

BLOCK#2 3X2
0,8,0
7,6,+

BLOCK#3 2X3
10,0
 +,0
 3,9

BLOCK#4 2X2
1,2
4,+

BLOCK#5 3X2
11,+,+
 0,0,3

BLOCK#6 3X2
0, +,2
5,11,0

BLOCK#7 3X2
0,10,6
9, 5,0

BLOCK#8 3X2
+,+,0
0,+,4
"""
SAMPLE_A = """A1
SIZE 9X8
 0, 1, 1, 1, 1, 2, 2, 2, 2
 0, 0, 0, 0, 4, 0, 0, 0, 2
 0, 8, 8, 8, 4, 4, 4, 4, 2
 0, 7, 7, 6, 0, 0, 0, 4, 2
10,10,10, 6, 0, 2, 0, 4, 2
 0, 9, 5, 5,11, 2, 2, 2, 2
 3, 9, 0, 0,11, 0, 0, 0, 0
 3, 3, 3, 3, 3, 3, 3, 0, 0
BLOCK#1 @(1,0)
BLOCK#2 @(2,2)
BLOCK#3 @(0,4)
BLOCK#4 @(4,0)
BLOCK#5 @(4,6)
BLOCK#6 @(3,4)
BLOCK#7 @(1,4)
BLOCK#8 @(5,3)
"""


def official():
    if not DATA.is_dir():
        pytest.skip("../shared/data/adc2020 is not here")
    return sorted(path.name[:-6] for path in DATA.glob("*_Q.txt"))


def test_the_set_is_the_one_the_issue_lists():
    assert official() == sorted(REFERENCE)


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_every_official_answer_passes_with_the_official_area(name):
    if not DATA.is_dir():
        pytest.skip("../shared/data/adc2020 is not here")
    q, a = ((DATA / (name + part)).read_text(encoding="ascii") for part in ("_Q.txt", "_A.txt"))
    assert check_texts(q, a).area == REFERENCE[name]
    # and again with CRLF line ends, and rewritten by our writer
    assert check_texts(q.replace("\n", "\r\n"), a.replace("\n", "\r\n")).area == REFERENCE[name]
    assert check(read_problem(q), read_answer(write_answer(read_answer(a)))).area == REFERENCE[name]


def test_the_rules_example_has_area_72():
    assert check_texts(SAMPLE_Q, SAMPLE_A).area == 72


def edited(cells=None, positions=None, size=None):
    """The sample answer with some cells ((x, y) -> value), positions or size changed."""
    answer = read_answer(SAMPLE_A)
    board = [list(row) for row in answer.board]
    for (x, y), value in (cells or {}).items():
        board[y][x] = value
    placed = list(answer.positions)
    for index, xy in (positions or {}).items():
        placed[index - 1] = type(placed[0])(*xy)
    width, height = size or (answer.width, answer.height)
    board = [row[:width] + [0] * (width - len(row)) for row in board[:height]] + [[0] * width] * (height - len(board))
    return answer._replace(board=tuple(tuple(r) for r in board), positions=tuple(placed), width=width, height=height)


# (what is broken, the edit, the official class or our gap, words of the reason)
BROKEN = [
    ("a block missing", dict(positions=None), "check-QA1", "places 7 blocks"),
    ("a block's number not on its cell", dict(cells={(1, 0): 2}), "check-QA2", "BLOCK#1"),
    ("a wire over a '+' cell", dict(cells={(1, 1): 5}), "check-QA2", "a '+' cell"),
    ("a block off the board", dict(positions={5: (7, 6)}), "check-QA2", "runs off"),
    ("a terminal with two neighbours of its number", dict(cells={(0, 0): 1}), "check-A10", "terminal"),
    ("a wire that branches", dict(cells={(6, 1): 2}), "check-A11", "branches"),
    ("a wire cut in two", dict(cells={(8, 2): 0}), "check-A12", "cut"),
    ("a stray cell of a wire", dict(cells={(0, 1): 5}), "gap-cell", "stray"),
    ("a number of no wire", dict(cells={(0, 0): 12}), "gap-number", "no wire"),
    ("a '+' outside the blocks", dict(cells={(0, 0): PLUS}), "gap-plus", "outside every block"),
    ("a board larger than the problem's", dict(size=(11, 8)), "gap-size", "larger"),
]


@pytest.mark.parametrize("what, edit, tag, words", BROKEN, ids=[b[0] for b in BROKEN])
def test_each_broken_rule_fails_with_its_reason(what, edit, tag, words):
    problem = read_problem(SAMPLE_Q)
    if edit.get("positions", 1) is None:
        answer = read_answer(SAMPLE_A)
        answer = answer._replace(positions=answer.positions[:-1])
    else:
        answer = edited(**edit)
    verdict = check(problem._replace(width=10, height=8) if tag == "gap-size" else problem, answer)
    assert verdict.area is None and verdict.tag == tag, verdict
    assert words in verdict.reason and "\n" not in verdict.reason


def test_a_closed_loop_apart_from_the_wire_is_refused():
    # wire 2 of the sample, plus a ring of 2s in the free corner: each ring cell has two
    # neighbours of 2, so the official count passes it
    problem = read_problem(SAMPLE_Q)
    answer = edited(size=(9, 8))
    board = [list(row) for row in answer.board] + [[0] * 9 for _ in range(3)]
    board = [row + [0] * 3 for row in board]
    for x, y in ((9, 8), (10, 8), (9, 9), (10, 9)):
        board[y][x] = 2
    answer = answer._replace(board=tuple(tuple(r) for r in board), width=12, height=11)
    verdict = check(problem._replace(width=12, height=11), answer)
    assert verdict.tag == "gap-loop" and "closed loop" in verdict.reason


def test_a_stray_cell_passes_the_official_count_but_not_ours():
    verdict = check(read_problem(SAMPLE_Q), edited(cells={(0, 1): 5}))
    assert verdict.tag == "gap-cell" and "(0,1)" in verdict.reason


def test_two_blocks_on_one_cell_overlap():
    problem = "SIZE 3X3\nBLOCK_NUM 2\n\nBLOCK#1 1X1\n+\n\nBLOCK#2 1X1\n+\n"
    verdict = check_texts(problem, "A1\nSIZE 1X1\n+\nBLOCK#1 @(0,0)\nBLOCK#2 @(0,0)\n")
    assert verdict.tag == "check-QA3" and "overlap on cell (0,0)" in verdict.reason
    assert check_texts(problem, "A1\nSIZE 2X1\n+,+\nBLOCK#1 @(0,0)\nBLOCK#2 @(1,0)\n").area == 2
