"""The problem and answer texts: read as the official checker reads them (CRLF or LF,
keywords in any case), written back the same, and anything the rules do not allow
refused in one line naming the line and the official class."""

import pytest
from test_checker import SAMPLE_A, SAMPLE_Q

from solver.adc2020.formats import FormatError, read_answer, read_problem, write_answer, write_problem


def test_the_sample_reads_and_writes_back():
    problem = read_problem(SAMPLE_Q)
    assert (problem.width, problem.height, len(problem.blocks), problem.wires) == (10, 10, 8, 11)
    assert [b.shape for b in problem.blocks[:3]] == ["a0", "c0", "d0"]
    assert read_problem(write_problem(problem)) == problem
    assert read_problem(write_problem(problem, "\r\n")) == problem
    answer = read_answer(SAMPLE_A)
    assert read_answer(write_answer(answer)) == answer
    assert read_answer(SAMPLE_A.lower().replace("block#", "Block # ").replace("\n", "\r\n")) == answer


def test_a_block_defined_twice_alike_is_kept_once_and_differently_refused():
    twice = SAMPLE_Q.replace("BLOCK#2 3X2", "BLOCK#1 1X4\n1\n+\n8\n7\n\nBLOCK#2 3X2")
    assert read_problem(twice) == read_problem(SAMPLE_Q)  # as the official hiromoto_8 does
    with pytest.raises(FormatError, match="BLOCK#1 is defined a second time"):
        read_problem(SAMPLE_Q.replace("BLOCK#2 3X2", "BLOCK#1 1X4\n1\n8\n+\n7\n\nBLOCK#2 3X2"))


Q_BROKEN = [
    ("size past 72", ("SIZE 10X10", "SIZE 5X100"), "check-Q4", "line 1"),
    ("size 0", ("SIZE 10X10", "SIZE 0X10"), "check-Q4", "line 1"),
    ("a block number past BLOCK_NUM", ("BLOCK#8 3X2", "BLOCK#9 3X2"), "check-Q5", "line"),
    ("a row wider than the block", ("0,8,0\n7,6,+", "0,8,0,0\n7,6,+"), "check-Q3", "line"),
    ("a row short of the block", ("1\n+\n8\n7", "1\n+\n8"), "check-Q3", "BLOCK#1"),
    ("not a cell", ("0,8,0\n7,6,+", "0,x,0\n7,6,+"), "syntax", "'x'"),
    ("a negative number", ("0,8,0\n7,6,+", "0,-8,0\n7,6,+"), "syntax", "'-8'"),
    ("an unknown line", ("BLOCK_NUM 8", "BLOCK_NUM 8\nHELLO"), "check-Q7", "line 3"),
    ("a shape of the rules' none", ("+,+,0\n0,+,4", "+,+,+\n0,+,4"), "check-Q2", "BLOCK#8"),
    ("a cell of a shape left out", ("+,+,0\n0,+,4", "+,0,0\n0,+,4"), "check-Q2", "BLOCK#8"),
    ("a number once", ("0,+,4", "0,+,12"), "check-Q1", "number 4"),
    ("a block missing", ("BLOCK_NUM 8", "BLOCK_NUM 9"), "check-Q6", "BLOCK#9"),
    ("no BLOCK_NUM", ("BLOCK_NUM 8\n", ""), "check-Q5", "line"),
    ("no SIZE", ("SIZE 10X10\n", ""), "size", "SIZE"),
    ("SIZE twice", ("SIZE 10X10", "SIZE 10X10\nSIZE 10X10"), "duplicate", "line 2"),
]


@pytest.mark.parametrize("what, edit, tag, words", Q_BROKEN, ids=[b[0] for b in Q_BROKEN])
def test_a_broken_problem_is_refused_naming_the_line(what, edit, tag, words):
    text = SAMPLE_Q.replace(edit[0], edit[1], 1)
    assert text != SAMPLE_Q
    with pytest.raises(FormatError) as caught:
        read_problem(text)
    assert caught.value.tag == tag and words in caught.value.reason and "\n" not in caught.value.reason


A_BROKEN = [
    ("size past 72", ("SIZE 9X8", "SIZE 9X80"), "check-A2", "line 2"),
    ("SIZE twice", ("SIZE 9X8", "SIZE 9X8\nSIZE 9X8"), "check-A1", "line 3"),
    ("a block placed twice", ("BLOCK#8 @(5,3)", "BLOCK#8 @(5,3)\nBLOCK#8 @(5,3)"), "check-A3", "line 19"),
    ("a block placed before SIZE", ("A1\nSIZE 9X8", "A1\nBLOCK#1 @(1,0)\nSIZE 9X8"), "check-A4", "line 2"),
    ("a block placed off the board", ("BLOCK#8 @(5,3)", "BLOCK#8 @(9,3)"), "check-A5", "(9,3)"),
    ("a row that is not cells", (" 3, 9, 0, 0,11", " 3, 9, 0, x,11"), "syntax", "'x'"),
    ("a row too wide", (" 3, 9, 0, 0,11, 0, 0, 0, 0", " 3, 9, 0, 0,11, 0, 0, 0, 0, 0"), "check-A9", "line 9"),
    ("a row missing", (" 3, 3, 3, 3, 3, 3, 3, 0, 0\n", ""), "check-A9", "has 7 rows"),
    ("an unknown line", ("BLOCK#1 @(1,0)", "\nHELLO"), "check-A6", "line 12"),
    ("a block number left out", ("BLOCK#3 @(0,4)\n", ""), "check-A8", "BLOCK#3"),
    ("no answer id", ("A1\n", ""), "check-A10", "A<id>"),
    ("answer id 0", ("A1\n", "A0\n"), "check-A11", "0"),
]


@pytest.mark.parametrize("what, edit, tag, words", A_BROKEN, ids=[b[0] for b in A_BROKEN])
def test_a_broken_answer_is_refused_naming_the_line(what, edit, tag, words):
    text = SAMPLE_A.replace(edit[0], edit[1], 1)
    assert text != SAMPLE_A
    with pytest.raises(FormatError) as caught:
        read_answer(text)
    assert caught.value.tag == tag and words in caught.value.reason and "\n" not in caught.value.reason


def test_no_block_placed_at_all():
    with pytest.raises(FormatError) as caught:
        read_answer("A1\nSIZE 1X1\n0\n")
    assert caught.value.tag == "check-A7"
