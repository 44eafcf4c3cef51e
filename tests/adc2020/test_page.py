"""The page of a problem and its answer, in headless chromium: blocks, numbers and
wires drawn as SVG, the area said, nothing fetched, no script run; a name is data."""

import subprocess
import sys
from pathlib import Path

from test_checker import SAMPLE_A, SAMPLE_Q

from solver.adc2020.formats import read_answer, read_problem
from solver.adc2020.page import render

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_the_sample_is_drawn_with_its_blocks_wires_and_area(browser, tmp_path):
    problem, answer = read_problem(SAMPLE_Q), read_answer(SAMPLE_A)
    path = tmp_path / "sample.html"
    path.write_text(render(problem, answer, "sample"), encoding="utf-8")
    page = browser.open_page(path)
    assert page.inner_text("#caption") == "area 72"
    assert page.locator("rect.block").count() == sum(len(b.cells) for b in problem.blocks)
    wire_steps = sum(1 for y, row in enumerate(answer.board) for x, v in enumerate(row) if v > 0
                     and ((x + 1 < answer.width and answer.board[y][x + 1] == v)
                          or (y + 1 < answer.height and answer.board[y + 1][x] == v)) for _ in [0])
    assert page.locator("line.wire").count() >= wire_steps > 0
    texts = page.locator("svg text").evaluate_all("els => els.map(e => e.textContent)")
    assert sorted(t for t in texts if t != "+") == sorted(str(c.number) for b in problem.blocks for c in b.cells
                                                          if c.number)
    page.screenshot(path=str(tmp_path / "sample.png"))  # looked at by hand: /tmp/adc2020_sample.png
    assert browser.errors == [] and browser.outside == [] and browser.dialogs == []
    page.close()


def test_a_name_is_escaped_and_a_broken_answer_said(browser, tmp_path):
    problem = read_problem(SAMPLE_Q)
    answer = read_answer(SAMPLE_A)
    broken = answer._replace(board=((0, 0) + answer.board[0][2:],) + answer.board[1:])
    name = '<img src=x onerror=alert(1)>"&'
    path = tmp_path / "broken.html"
    path.write_text(render(problem, broken, name), encoding="utf-8")
    page = browser.open_page(path)
    assert page.inner_text("h1") == name
    assert page.inner_text("#caption").startswith("breaks a rule: BLOCK#1")
    assert page.locator("img").count() == 0
    assert browser.dialogs == [] and browser.outside == []
    page.close()


def test_the_command_writes_the_page_of_a_problem_alone(browser, tmp_path):
    (tmp_path / "q.txt").write_text(SAMPLE_Q, encoding="ascii")
    out = tmp_path / "q.html"
    done = subprocess.run([sys.executable, "-m", "solver", "adc2020", "page", str(tmp_path / "q.txt"), "-o", str(out)],
                          cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    page = browser.open_page(out)
    assert page.inner_text("#caption") == "8 blocks, 11 wires"
    assert page.locator("rect.block").count() == 32
    page.close()
