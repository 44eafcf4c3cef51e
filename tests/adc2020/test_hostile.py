"""Issue 46, the ADC2020 part: hostile or odd files and options are refused in one line
(the file and line named, no traceback), and the odd but valid ones are solved."""

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from test_checker import SAMPLE_A, SAMPLE_Q

from solver.adc2020 import anytime
from solver.adc2020.anytime import solve
from solver.adc2020.checker import check
from solver.adc2020.formats import FormatError, read_answer, read_problem

PROJECT_ROOT = Path(__file__).resolve().parents[2]
HUGE = "1" + "0" * 5000  # past CPython's 4,300 digits of int()


def run(*args, cwd):
    done = subprocess.run([sys.executable, "-m", "solver", "adc2020"] + [str(a) for a in args], cwd=str(cwd),
                          capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
    return done.returncode, done.stdout, done.stderr


def assert_one_line(err, *words):
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err, err
    for word in words:
        assert word in err, err


def test_a_huge_block_num_is_refused_without_building_its_numbers():
    tracemalloc.start()
    try:
        for count in ("10000000", "1000000000"):
            with pytest.raises(FormatError, match="BLOCK_NUM"):
                read_problem("SIZE 5X5\nBLOCK_NUM %s\n" % count)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5 * 1024 * 1024, peak
    with pytest.raises(FormatError, match="BLOCK#1 is missing"):
        read_problem("SIZE 5X5\nBLOCK_NUM 5184\n")


NUMBERS = {  # where a number of 5,001 digits can stand
    "SIZE": (SAMPLE_Q.replace("SIZE 10X10", "SIZE %sX10" % HUGE), None),
    "BLOCK_NUM": (SAMPLE_Q.replace("BLOCK_NUM 8", "BLOCK_NUM " + HUGE), None),
    "a cell": (SAMPLE_Q.replace("+,+,0\n0,+,4", "+,+,0\n0,+,%s" % HUGE), None),
    "a BLOCK# header": (SAMPLE_Q.replace("BLOCK#8 3X2", "BLOCK#%s 3X2" % HUGE), None),
    "an answer id": (None, SAMPLE_A.replace("A1", "A" + HUGE)),
    "an answer cell": (None, SAMPLE_A.replace(" 3, 3, 3, 3, 3, 3, 3, 0, 0", " 3, 3, 3, 3, 3, 3, 3, 0, " + HUGE)),
    "@(x,y)": (None, SAMPLE_A.replace("@(1,0)", "@(%s,0)" % HUGE)),
}


@pytest.mark.parametrize("where", sorted(NUMBERS))
def test_a_number_of_thousands_of_digits_is_refused_naming_its_line(where):
    problem_text, answer_text = NUMBERS[where]
    with pytest.raises(FormatError, match=r"line \d+: a number of 5001 digits"):
        if problem_text is not None:
            read_problem(problem_text)
        else:
            read_answer(answer_text)


@pytest.mark.parametrize("rows", [("4X1", "1,+,+,1"), ("2X2", "1,1\n+,+"), ("2X2", "1,+\n+,1")])
def test_a_wire_with_both_ends_on_one_block_is_solved(rows):
    problem = read_problem("SIZE 10X10\nBLOCK_NUM 2\n\nBLOCK#1 %s\n%s\n\nBLOCK#2 1X1\n+\n" % rows)
    result = solve(problem, attempts=20, use_cpsat=False)
    assert result.answer is not None and check(problem, result.answer).area == result.area


def test_solve_refuses_at_once_a_problem_whose_blocks_cannot_fit(tmp_path):
    (tmp_path / "q.txt").write_text("SIZE 2X2\nBLOCK_NUM 2\n\nBLOCK#1 2X2\n+,+\n+,+\n\nBLOCK#2 1X1\n+\n")
    status, out, err = run("solve", "q.txt", "--seconds", "30", cwd=tmp_path)
    assert status == 1 and out == ""
    assert_one_line(err, "q.txt", "5 cells", "2x2", "no answer can exist")
    assert "more --seconds" not in err


def test_a_pack_of_monominoes_past_any_board_is_refused_at_once(tmp_path):
    count = 440000
    blocks = "".join("BLOCK#%d 1X1\n+\n\n" % i for i in range(1, count + 1))
    (tmp_path / "q.txt").write_text("SIZE 72X72\nBLOCK_NUM %d\n\n%s" % (count, blocks))
    status, out, err = run("solve", "q.txt", "--seconds", "2", cwd=tmp_path)
    assert status == 1 and out == ""
    assert_one_line(err, "q.txt: line 2: BLOCK_NUM 440000")


def test_the_workers_are_ended_when_the_time_is_up(monkeypatch):
    problem, answer = read_problem(SAMPLE_Q), read_answer(SAMPLE_A)

    def endless(problem, role, roles, seed, deadline, attempts, use_cpsat, report, counted):
        report(answer, 72)
        while True:  # a search that never looks at the clock
            pass

    monkeypatch.setattr(anytime, "_search", endless)
    result = solve(problem, seconds=1.0, jobs=2)
    assert result.answer == answer and result.area == 72


def test_page_of_an_answer_breaking_a_rule_exits_1(tmp_path):
    (tmp_path / "q.txt").write_text(SAMPLE_Q)
    (tmp_path / "a.txt").write_text(SAMPLE_A.replace(" 0, 1, 1, 1, 1", " 0, 1, 1, 0, 1"))
    status, out, err = run("page", "q.txt", "a.txt", "-o", "p.html", cwd=tmp_path)
    assert status == 1 and out == "p.html\n"
    assert_one_line(err, "a.txt breaks a rule: wire 1")
    assert "breaks a rule" in (tmp_path / "p.html").read_text()


@pytest.mark.parametrize("which", ["q.txt", "a.txt"])
def test_page_refuses_an_output_that_is_one_of_its_inputs(tmp_path, which):
    (tmp_path / "q.txt").write_text(SAMPLE_Q)
    (tmp_path / "a.txt").write_text(SAMPLE_A)
    status, out, err = run("page", "q.txt", "a.txt", "-o", which, cwd=tmp_path)
    assert status == 2 and out == ""
    assert_one_line(err, "-o %s" % which)
    assert (tmp_path / "q.txt").read_text() == SAMPLE_Q and (tmp_path / "a.txt").read_text() == SAMPLE_A


def test_gen_says_when_it_made_fewer_blocks_than_asked(tmp_path):
    status, out, err = run("gen", "--width", "1", "--height", "1", "--blocks", "1000", cwd=tmp_path)
    assert status == 0 and out.count("BLOCK#") == 1
    assert err.startswith("warning: made 1 blocks") and err.count("\n") == 1
    assert run("gen", "--seed", "1", cwd=tmp_path)[2] == ""


def test_every_subcommand_has_a_description_and_one_metavar_style():
    from solver.cli import build_parser

    parser = build_parser(["adc2020"])
    command = next(a for a in parser._actions if a.dest == "command").choices["adc2020"]
    actions = next(a for a in command._actions if a.dest == "action").choices
    assert sorted(actions) == ["check", "gen", "page", "solve"]
    for name, sub in actions.items():
        assert sub.description and len(sub.description) > 80, name
        for action in sub._actions:
            if action.option_strings and action.nargs != 0:
                assert action.metavar in ("N", "FILE", action.dest.upper()), (name, action.option_strings)  # as other commands write it
            if action.help and "default" in action.help:
                assert "(default: " in action.help, (name, action.help)
    assert "status 1" in actions["check"].description and "status 2" in actions["check"].description


@pytest.mark.parametrize("which", ["problem", "answer"])
def test_a_row_of_a_million_cells_is_refused_without_splitting_it(which):
    long_row = ",10" * 1000000
    problem_text = SAMPLE_Q.replace("0,+,4", "0,+,4" + long_row) if which == "problem" else SAMPLE_Q
    answer_text = SAMPLE_A.replace(" 3, 3, 3, 3, 3, 3, 3, 0, 0", " 3, 3, 3, 3, 3, 3, 3, 0, 0" + long_row)
    tracemalloc.start()
    try:
        with pytest.raises(FormatError, match="this row does not fit it"):
            read_problem(problem_text) if which == "problem" else read_answer(answer_text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * 1024 * 1024, peak


def test_a_block_defined_again_alike_is_built_once(monkeypatch):
    from solver.adc2020 import formats

    built = []
    real = formats.shape_of
    monkeypatch.setattr(formats, "shape_of", lambda *args: built.append(args) or real(*args))
    problem = read_problem("SIZE 72X72\nBLOCK_NUM 1\n" + "\nBLOCK#1 1X1\n+\n" * 1000)
    assert len(problem.blocks) == 1 and len(built) == 1
