"""The replay and report pages in a real headless browser, as a person would use them.

Each page is written by its command (python -m solver replay / report), opened from
disk, and driven with the keys, buttons and column titles a person would use.  Asserted:
no console or page error, no request leaving the file, the End step's #score is what
`python -m solver score` prints for the board, the probability shown on the first
guessed cell is the one the player guessed at, every board of a select list is listed,
and the report holds SVG plots.
"""

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.judging import play_board

from solver.contest.batch import solve_text
from solver.official.board import board_header
from solver.official.generator import generate_pack, pack_text
from solver.official.selects import format_select
from solver.pages.replay import probability_label
from solver.pages.trace import beliefs, record

PROJECT_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    """A small dense pack, its path and boards: dense boards make guesses and stops."""
    boards = generate_pack(40, "both", "dangerous")
    path = tmp_path_factory.mktemp("pack") / "pack.txt"
    path.write_text(pack_text(boards), encoding="utf-8")
    return path, boards


def solver(*args, cwd=PROJECT_ROOT):
    """Run `python -m solver ARGS`; its stdout (the test fails on a non-zero exit)."""
    done = subprocess.run([sys.executable, "-m", "solver"] + [str(a) for a in args], cwd=str(cwd),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def guessing_board(boards):
    """The first board of at least 150 cells on which the player guesses."""
    for board in boards:
        played = record(board)
        if board.width * board.height >= 150 and any(f.step.kind == "guess" for f in played.frames):
            return board, played
    raise AssertionError("no board with a guess in the pack")


def test_replay_steps_to_the_scorers_score_and_shows_the_players_probabilities(browser, pack, tmp_path):
    path, boards = pack
    board, played = guessing_board(boards)
    page_path = tmp_path / "replay.html"
    solver("replay", path, board.name, "-o", page_path)
    assert page_path.stat().st_size < 400_000
    page = browser.open_page(page_path)

    # End: the score the scorer gives the contest player's clicks for this board
    clicks, _, _ = play_board(board)
    assert [(c % board.width, c // board.width) for c in played.clicks] == clicks  # the contest player's play
    select = tmp_path / "select.txt"
    select.write_text(format_select(board_header(board), clicks), encoding="utf-8")
    line = solver("score", "--boards", select, "--pack", path).splitlines()[0]
    assert line.startswith(board.name + " ")
    page.keyboard.press("End")
    assert page.inner_text("#score") + page.inner_text("#counted") == line[len(board.name) + 1:]
    assert page.inner_text("#kind") == "end"

    # the first guess: the probability shown on the cell is the player's, as are all others
    guesses = []
    play_board(board, watch=lambda step: step.kind == "guess" and guesses.append((step.cell, step.p)))
    first = next(k for k, f in enumerate(played.frames) if f.step.kind == "guess")
    page.keyboard.press("Home")
    for _ in range(first):
        page.keyboard.press("ArrowRight")
    assert page.inner_text("#kind") == "guess"
    cell, p = next(g for g in guesses if g[0] == played.frames[first].step.cell)
    shown = page.get_attribute("#board td[data-i='%d']" % cell, "title")
    assert float(re.search(r"mine probability ([0-9.e-]+)", shown).group(1)) == pytest.approx(p, abs=5e-5)
    frame = played.frames[first]
    expected = beliefs(frame.step, frame.opened, board.width * board.height)
    titles = page.eval_on_selector_all("#board td", "cells => cells.map(c => c.title)")
    for i, title in enumerate(titles):
        if expected[i] is not None:
            assert title.endswith("mine probability " + probability_label(expected[i])) or (
                "mine probability %s (kept" % probability_label(expected[i])) in title, (i, title)
        else:
            assert "mine probability" not in title, (i, title)
    assert "now" in page.get_attribute("#board td[data-i='%d']" % cell, "class")

    # buttons and the slider move the step as the keys do
    before = page.inner_text("#stepno")
    page.click("#next")
    assert page.inner_text("#stepno") != before
    page.click("#first")
    assert page.inner_text("#stepno").startswith("step 1 of")
    page.fill("#slider", str(first))
    assert page.inner_text("#kind") == "guess"
    assert browser.errors == [] and browser.outside == []


def test_report_lists_every_board_with_plots_and_links_its_replays(browser, pack, tmp_path):
    path, boards = pack
    select = tmp_path / "select.txt"
    with open(select, "w", encoding="utf-8") as out:
        solve_text(path.read_text(encoding="utf-8"), out=out, err=open("/dev/null", "w"))
    total = solver("score", select, "--pack", path).splitlines()[-1].split()[1]
    report = tmp_path / "report.html"
    solver("report", select, "--pack", path, "-o", report, "--replays", tmp_path / "replays")
    page = browser.open_page(report)
    names = page.eval_on_selector_all("#boards tr.board td:nth-child(2)", "cells => cells.map(c => c.textContent)")
    assert names == [b.name for b in boards]
    assert page.inner_text("#total") == total
    assert page.locator("svg.plot").count() >= 3
    assert page.locator("svg.plot circle").count() > 0

    # sorting: the score column, highest first
    page.click("#boards th:nth-child(6)")
    scores = page.eval_on_selector_all(  # a board's score as `score` prints it: '-5 (counts 0)' counts 0
        "#boards tr.board td:nth-child(6)",
        "cells => cells.map(c => c.textContent.includes('(counts 0)') ? 0 : Number(c.textContent))")
    assert scores == sorted(scores, reverse=True) and len(scores) == len(boards)

    # a board's name opens its replay
    page.click("#boards tr.board a")
    page.wait_for_selector("#board td")
    assert "replay" in page.title()
    assert browser.errors == [] and browser.outside == []


def test_a_report_of_many_boards_draws_the_first_rows_of_each_order(browser, pack, tmp_path, monkeypatch):
    # a 50,000-board report drew every row and point: 10.7-15.8 s to load, 15 s a sort (issue 38)
    from solver.pages import report as report_module

    path, boards = pack
    select_text = io.StringIO()
    solve_text(path.read_text(encoding="utf-8"), out=select_text, err=io.StringIO())
    rows, totals, _, _ = report_module.report_rows(select_text.getvalue(), path.read_text(encoding="utf-8"))
    assert all(row.clicked.itemsize <= 8 for row in rows)  # a click kept in one machine word, not a tuple
    monkeypatch.setattr(report_module, "TABLE_ROWS_SHOWN", 10)
    monkeypatch.setattr(report_module, "PLOT_POINTS", 15)
    page_path = tmp_path / "report.html"
    page_path.write_text(report_module.report_page(rows, totals[2025], 2025, "many"), encoding="utf-8")
    page = browser.open_page(page_path)
    assert page.locator("#boards tr.board").count() == 10
    assert page.inner_text("#shown") == "The first 10 of 40 boards in this order are shown: click a column title to sort by it."
    assert all(0 < page.locator("svg.plot").nth(k).locator("circle").count() <= 15 for k in (0, 1))  # (one a spot)
    page.click("#boards th:nth-child(6)")  # the score, highest first: of all 40 boards, not of the 10 drawn
    scores = page.eval_on_selector_all("#boards tr.board td:nth-child(6)",
                                       "cells => cells.map(c => c.textContent.includes('(counts 0)') ? 0 : Number(c.textContent))")
    assert scores == sorted((row.counted for row in rows), reverse=True)[:10]
    assert browser.errors == [] and browser.outside == []
