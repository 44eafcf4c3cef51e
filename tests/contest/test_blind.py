"""Boards played blind (engine/blind.py, contest/chunks.py): cells from the size alone,
scored as the official page scores them, for the 2026 boards a plan passes over or the
deadline leaves unplayed; a later whole play of such a board replaces it."""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import reference_scorer as reference
from support.judging import reveal, score_2026
from support.passing import passing_over

from solver.contest import batch, chunks, plan
from solver.contest.batch import Settings, solve_text
from solver.contest.oneboard import played_blind, select_text
from solver.contest.records import played_record
from solver.contest.results import Results
from solver.engine.blind import BLIND_STEP, blind_cells
from solver.official.generator import generate_board, generate_pack
from solver.official.judge import Judge
from solver.official.packs import format_pack
from solver.official.rules import RULES
from solver.official.selects import read_select


@given(st.integers(1, 30), st.integers(1, 30))
def test_blind_cells_are_a_lattice_on_the_board_with_its_corners(width, height):
    cells = blind_cells(width, height)
    assert list(cells) == sorted(set(cells)) and all(0 <= cell < width * height for cell in cells)
    assert {0, width - 1, (height - 1) * width, width * height - 1} <= set(cells)
    columns = sorted({cell % width for cell in cells})
    assert all(0 < b - a <= BLIND_STEP for a, b in zip(columns, columns[1:]))


@settings(max_examples=60, deadline=None)
@given(width=st.integers(2, 19), height=st.integers(2, 19), share=st.floats(0.05, 0.35), seed=st.integers(1, 10**6))
def test_a_board_played_blind_clicks_by_its_size_and_scores_as_the_page_does(width, height, share, seed):
    """Fair play: two boards of one size get clicks from one lattice, each on a closed
    cell when clicked; the score is the reference scorer's of the select text."""
    mines = max(1, min(width * height - 1, int(share * width * height)))
    boards = [generate_board(width, height, mines, seed + k, "none", form=2026) for k in range(2)]
    for board in boards:
        task, judge = played_blind(board)
        assert set(judge.clicks) <= set(blind_cells(width, height)) and judge.clicks == sorted(judge.clicks)
        assert (0 in judge.clicks) and task.rule.year == 2026
        again = Judge(board)
        assert all(reveal(again, cell) for cell in judge.clicks)  # every click on a closed cell
        text = select_text(board, judge.clicks)
        rows, total = reference.score_select_list(text, reference.load_pack(format_pack([board]), 2026), 2026)
        clicks = [(cell % width, cell // width) for cell in judge.clicks]
        assert total == score_2026(board, clicks) == RULES[2026].value(task.rule.counted(task.rule.score(judge.outcome())))


def _passing_run(monkeypatch, form, budget=60.0, second_round=True):
    """solve_text of a 40-board pack whose first plan passes every other board over."""
    made = []
    monkeypatch.setattr(batch, "Plan", passing_over(made))
    if not second_round:
        monkeypatch.setattr(batch, "PASSED_OVER_SECONDS", 1e9)
    text = format_pack(generate_pack(40, "none", "high", form=form))
    out, err = io.StringIO(), io.StringIO()
    played, _ = solve_text(text, out, err, Settings(budget=budget, workers=1))
    entries, errors = read_select(out.getvalue())
    assert not errors
    return text, entries, err.getvalue(), made


def test_2026_boards_a_plan_passes_over_are_played_blind_when_no_round_follows(monkeypatch):
    text, entries, err, made = _passing_run(monkeypatch, 2026, second_round=False)
    boards = {board.name: board for board in generate_pack(40, "none", "high", form=2026)}
    assert made == [40] and len(entries) == 40 and "boards 40/40" in err
    for k, entry in enumerate(entries):
        board = boards[entry.name]
        cells = [y * board.width + x for x, y, _ in entry.clicks]
        if k % 2:  # passed over: blind
            assert set(cells) <= set(blind_cells(board.width, board.height))
        else:
            assert cells == played_whole(board)


def played_whole(board):
    """The clicks of a board played whole with no deadline."""
    out = io.StringIO()
    solve_text(format_pack([board]), out, io.StringIO(), Settings(workers=1))
    entry, = read_select(out.getvalue())[0]
    return [y * board.width + x for x, y, _ in entry.clicks]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_board_played_blind_then_whole_is_listed_once_as_played_whole(monkeypatch, workers):
    """The round for the boards passed over plays them whole: the list is the one with
    no deadline, each board once, and the summary's score is its score."""
    made = []
    monkeypatch.setattr(batch, "Plan", passing_over(made))
    text = format_pack(generate_pack(40, "none", "high", form=2026))
    whole, whole_err = io.StringIO(), io.StringIO()
    solve_text(text, whole, whole_err, Settings(workers=workers))
    out, err = io.StringIO(), io.StringIO()
    played, _ = solve_text(text, out, err, Settings(budget=60.0, workers=workers))
    assert made == [40, 20] and played == 40
    assert out.getvalue() == whole.getvalue() and "error" not in err.getvalue()
    assert err.getvalue().split("score ")[1].split()[0] == whole_err.getvalue().split("score ")[1].split()[0]


def test_2025_boards_a_plan_passes_over_are_not_played_blind(monkeypatch):
    calls = []
    monkeypatch.setattr(chunks, "played_blind", lambda *args: calls.append(args))
    text, entries, err, made = _passing_run(monkeypatch, 2025, second_round=False)
    assert made == [40] and len(entries) == 20 and not calls


def test_a_later_record_of_the_same_board_replaces_the_first_without_a_message():
    results = Results(io.StringIO())
    results.part = 1
    results.feed([played_record(3, "4 4 2 b\n0 0\n", "b", 7, 2026, 0.25)])
    results.feed([played_record(3, "4 4 2 b\n0 0\n1 1\n", "b", 7, 2026, 0.75)])
    err = io.StringIO()
    results.finish(err)
    assert results.played == 1 and results.totals == {2026: 0.75}
    assert results.out.getvalue() == "4 4 2 b\n0 0\n1 1\n" and err.getvalue() == ""


def test_under_the_2026_rule_the_plan_ranks_a_board_by_what_it_adds_to_blind_play(monkeypatch):
    """A board whose full play is predicted to make no more than blind play ranks lowest;
    with blind play worth nothing the rank is that of the whole predicted score."""
    facts = (12, 12, 30, 2026, False)
    predicted = plan.expected_score(12, 12, 30, 2026, False)
    monkeypatch.setattr(plan, "blind_score", lambda width, height, mines: 0.0)
    _, plain = plan._estimate(facts, 2026)
    monkeypatch.setattr(plan, "blind_score", lambda width, height, mines: predicted)
    assert plain > 0 and plan._estimate(facts, 2026)[1] == 0
    assert plan._estimate(facts[:3] + (2025, False), 2025)[1] > 0  # (2025: no blind play)


def test_a_board_past_the_statements_size_is_never_played_blind(monkeypatch):
    """21 x 20 cells (over BLIND_MOST_CELLS): the boards passed over are left out."""
    made = []
    monkeypatch.setattr(batch, "Plan", passing_over(made))
    monkeypatch.setattr(batch, "PASSED_OVER_SECONDS", 1e9)
    text = format_pack([generate_board(21, 20, 80, seed, "none", form=2026) for seed in range(1, 7)])
    out = io.StringIO()
    played, _ = solve_text(text, out, io.StringIO(), Settings(budget=60.0, workers=1))
    assert made == [6] and played == 3 and len(read_select(out.getvalue())[0]) == 3
