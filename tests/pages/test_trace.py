"""Tests for the player's watch hook and solver.pages.trace: what the replay page shows is what
the player believed, recorded during play, and its scores are the scorer's."""

from support.judging import play_board, score_2025

from solver.contest.oneboard import task_of
from solver.engine.player import play
from solver.engine.probability import probability_of
from solver.official.board import MINE, name_promise_kept
from solver.official.generator import generate_pack
from solver.official.judge import Judge, replayed
from solver.pages.replay import encode_beliefs, page_data, probability_label
from solver.pages.trace import beliefs, record


def test_watch_accounts_for_every_click_in_order_and_changes_no_click():
    for board in generate_pack(40, "both", "serious") + generate_pack(20, "none", "high"):
        task = task_of(board, None, name_promise_kept(board))
        judge, plain = Judge(board), Judge(board)
        seen = []
        play(task, judge.view(), watch=lambda step, seen=seen, judge=judge: seen.append((step, len(judge.clicks))))
        play(task, plain.view())
        assert judge.clicks == plain.clicks
        steps = [step for step, _ in seen]
        assert [s.kind for s in steps].count("stop") <= 1 and all(s.kind != "stop" for s in steps[:-1])
        for (step, at), (_, until) in zip(seen, seen[1:] + [(None, len(judge.clicks))]):
            made = judge.clicks[at:until]
            if step.kind in ("guess", "endgame"):  # one click, the one reported
                assert made == [step.cell]
            elif step.kind in ("start", "certain"):  # a batch: every known-safe cell, nothing else
                assert step.cell is None and step.p == 0.0 and made
                assert all(step.safe >> c & 1 for c in made)
                if step.kind == "start":
                    assert set(made) <= set(task.safe_cells)
            else:
                assert step.kind == "stop" and step.cell is None and made == []


def test_a_stop_is_reported_only_while_safe_cells_are_left_closed():
    stopped = 0
    for board in generate_pack(60, "both", "ultra"):
        played = record(board)
        judge = replayed(board, [(c % board.width, c // board.width) for c in played.clicks])
        safe_closed = any(d != MINE and not judge.opened >> i & 1 for i, d in enumerate(board.cells))
        if played.frames and played.frames[-1].step.kind == "stop":
            stopped += 1
            assert played.frames[-1].step.cell is None
        elif safe_closed:  # the player may stop only by the stop step (or a deadline, not set here)
            raise AssertionError("%s left safe cells closed without a stop step" % board.name)
    assert stopped > 0


def test_beliefs_are_the_recorded_estimate_with_known_cells_and_opened_ones_blank():
    checked = 0
    for board in generate_pack(30, "both", "dangerous"):
        played = record(board)
        size = board.width * board.height
        for frame in played.frames:
            step = frame.step
            probs = beliefs(step, frame.opened, size)
            for c in range(size):
                if frame.opened >> c & 1:
                    assert probs[c] is None
                elif c == step.cell:
                    assert probs[c] == step.p
                elif step.mines >> c & 1:
                    assert probs[c] == 1.0
                elif step.safe >> c & 1:
                    assert probs[c] == 0.0
                elif step.estimate is not None and probs[c] is not None:
                    assert probs[c] == probability_of(step.estimate, c)
            if step.kind == "guess":
                assert probs[step.cell] == probability_of(step.estimate, step.cell)  # the guess's own figure
                checked += 1
    assert checked > 10


def test_frames_score_as_the_scorer_and_end_with_the_boards_score():
    for board in generate_pack(25, "auto", "dangerous"):
        played = record(board)
        clicks, score, hits = play_board(board)
        assert [(c % board.width, c // board.width) for c in played.clicks] == clicks
        assert played.final.score == score_2025(board, clicks) and played.final.hits == hits
        assert played.final.score == score  # the raw score, before the summary counts it
        clicked = [f for f in played.frames if f.step.kind != "stop"]
        assert len(clicked) == len(clicks)
        for k, frame in enumerate(clicked):
            assert frame.score == score_2025(board, clicks[:k])


def test_page_data_keeps_every_belief_and_says_why():
    board, played = next((b, p) for b in generate_pack(40, "both", "dangerous") if b.width * b.height >= 200
                         for p in [record(b)] if any(f.step.kind == "guess" for f in p.frames))
    data = page_data(played)
    assert len(data["frames"]) == len(played.frames) + 1 and data["frames"][-1]["kind"] == "end"
    for item, frame in zip(data["frames"], played.frames):
        table, width, codes = item["table"], item["width"], item["codes"]
        expected = beliefs(frame.step, frame.opened, board.width * board.height)
        for c, p in enumerate(expected):
            code = codes[c * width:(c + 1) * width]
            assert (code == "." * width) == (p is None)
            if p is not None:
                alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
                index = alphabet.index(code) if width == 1 else alphabet.index(code[0]) * 64 + alphabet.index(code[1])
                assert table[index] == [p, probability_label(p)]
        assert item["why"]
    guess = next(item for item in data["frames"] if item["kind"] == "guess")
    assert guess["why"].startswith("Guesses (") and "mine probability" in guess["why"]


def test_wide_tables_take_two_characters_a_cell():
    probs = [None] + [k / 1000.0 for k in range(1, 100)]
    table, width, codes = encode_beliefs(probs)
    assert width == 2 and len(codes) == 2 * len(probs) and codes.startswith("..") and len(table) == 99
