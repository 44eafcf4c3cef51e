"""`python -m solver adc2020`: check prints the area (0) or the violation in one line
(1); solve prints an answer the checker passes; every refusal is one line `error: ...`
with a non-zero status, never a traceback (docs/refusals.md, "Per command": adc2020)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_checker import SAMPLE_A, SAMPLE_Q

from solver.adc2020.checker import check_texts

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def run(*args, cwd=None):
    done = subprocess.run([sys.executable, "-m", "solver", "adc2020"] + [str(a) for a in args], cwd=str(cwd or PROJECT_ROOT),
                          capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
    return done.returncode, done.stdout, done.stderr


@pytest.fixture
def files(tmp_path):
    (tmp_path / "q.txt").write_text(SAMPLE_Q, encoding="ascii")
    (tmp_path / "a.txt").write_text(SAMPLE_A, encoding="ascii")
    (tmp_path / "bad_a.txt").write_text(SAMPLE_A.replace(" 0, 1, 1, 1, 1", " 0, 1, 1, 0, 1"), encoding="ascii")
    (tmp_path / "bad_q.txt").write_text(SAMPLE_Q.replace("0,+,4", "0,+,12"), encoding="ascii")
    (tmp_path / "utf8.txt").write_text(SAMPLE_Q + "\u00e9\n", encoding="utf-8")
    return tmp_path


def test_check_prints_the_area(files):
    assert run("check", files / "q.txt", files / "a.txt") == (0, "72\n", "")


def test_check_prints_a_violation_in_one_line(files):
    status, out, err = run("check", files / "q.txt", files / "bad_a.txt")
    assert status == 1 and err == ""
    assert out.startswith("violation: wire 1: its terminal (4,0) has 0 neighbours")
    assert out.endswith("[check-A10]\n") and out.count("\n") == 1


def test_check_of_a_broken_problem_is_a_violation(files):
    status, out, _ = run("check", files / "bad_q.txt", files / "a.txt")
    assert status == 1 and out.startswith("violation: Q: number 4 appears 1 times") and "[check-Q1]" in out


def test_solve_prints_an_answer_the_checker_passes(files):
    status, out, err = run("solve", files / "q.txt", "--attempts", "100", "--jobs", "1")
    assert status == 0, err
    area = check_texts(SAMPLE_Q, out).area
    assert area is not None and err.startswith("area %d " % area)


def test_gen_prints_a_problem_and_its_answer(files):
    status, out, err = run("gen", "--blocks", "12", "--wires", "8", "--seed", "3", "--answer", files / "gen_a.txt")
    assert status == 0, err
    assert check_texts(out, (files / "gen_a.txt").read_text()).area is not None


REFUSED = [
    (("check", "missing.txt", "a.txt"), 2, "cannot read missing.txt"),
    (("check", ".", "a.txt"), 2, "cannot read .: Is a directory"),
    (("check", "utf8.txt", "a.txt"), 2, "not ASCII text"),
    (("solve", "bad_q.txt", "--attempts", "1"), 1, "bad_q.txt: number 4 appears 1 times"),
    (("solve", "missing.txt"), 1, "cannot read missing.txt"),
    (("solve", "q.txt", "--seconds", "0"), 2, "--seconds"),
    (("solve", "q.txt", "--seconds", "nan"), 2, "--seconds"),
    (("solve", "q.txt", "--jobs", "0"), 2, "--jobs"),
    (("solve", "q.txt", "--attempts", "0"), 2, "--attempts"),
    (("solve", "q.txt", "--seconds", "x"), 2, "invalid float value"),
    (("gen", "--width", "73"), 2, "cannot generate 73x10"),
    (("gen", "--blocks", "0"), 2, "cannot generate"),
    (("gen", "--answer", "no/such/folder/a.txt"), 1, "cannot write"),
    (("page", "q.txt", "bad_q.txt"), 1, "bad_q.txt: line 2"),
    (("page", "q.txt", "a.txt", "-o", "no/such/folder/p.html"), 1, "cannot write"),
    (("frobnicate",), 2, "invalid choice"),
]


@pytest.mark.parametrize("args, status, words", REFUSED, ids=[" ".join(r[0]) for r in REFUSED])
def test_every_refusal_is_one_line(files, args, status, words):
    code, out, err = run(*args, cwd=files)
    assert code == status, err
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err, err
    assert "Traceback" not in err and out == ""
