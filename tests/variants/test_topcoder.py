"""Tests for the Topcoder SuperMinesweeper player and its local tester.

The player is driven in-process through a fake tester (the harness's Game behind a
pair of text streams), so the protocol, the move validity and the soundness of its
certain moves are checked without subprocesses; one test runs the harness command
end to end on seeds 1-3.  No timing is asserted.
"""

import io
import os
import subprocess
import sys

import pytest

from solver.variants.topcoder.guesses import MOVE_LOOK_NODES
from solver.variants.topcoder.harness import Case, Game, JavaSha1Prng, make_case, parse_seeds, play_inprocess, values_of
from solver.variants.topcoder.player import SETTINGS, Player, keep_guessing, parse_guess, score_of
from solver.variants.topcoder.stdio import parse_answer, play_stdio

PROJECT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class FakeTester:
    """The tester's side of the pipes: the player reads `readline`, writes `write`."""

    def __init__(self, board):
        self.board = board
        self.game = Game(board)
        side = board.side
        self.pending = [str(side), str(board.mines), str(board.reach), "%d %d" % divmod(board.start, side)]
        self.buffer = ""
        self.moves = []
        self.answers = []

    # player's stdin
    def readline(self):
        if not self.pending:
            return ""  # the tester has closed the game
        return self.pending.pop(0) + "\n"

    # player's stdout
    def write(self, text):
        self.buffer += text
        while "\n" in self.buffer:
            line, self.buffer = self.buffer.split("\n", 1)
            assert not self.pending, "the player wrote before reading the answer"
            assert not self.game.over, "the player wrote after the game ended: %r" % line
            self.moves.append(line)
            answer = self.game.move(line)  # raises ValueError on an invalid move
            if answer is not None:
                self.answers.append(answer)
                self.pending.append(answer + " 7" if answer else "")

    def flush(self):
        pass


def board_from_rows(rows, reach, start):
    """A Case from strings of '*' (mine) and '.', with the start cell given as (r, c)."""
    side = len(rows)
    mines = {r * side + c for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"}
    grid = values_of(side, reach, mines)
    cell = start[0] * side + start[1]
    assert grid[cell] == 0
    return Case(side, len(mines), reach, grid, cell)


def play_fake(board):
    tester = FakeTester(board)
    # the tiny boards here are below the statement's bounds (N from 10, M from 10% of the cells)
    player = play_stdio(tester, tester, io.StringIO(), statement=False)
    return tester, player


# --------------------------------------------------------------------------- scoring


def test_score_of_hand_computed():
    assert score_of(90, 90, 0) == 1.0
    assert score_of(45, 90, 0) == 0.5
    assert score_of(90, 90, 1) == 0.5
    assert score_of(30, 90, 2) == pytest.approx(1.0 / 9.0)
    assert score_of(1, 80, 0) == pytest.approx(0.0125)


def test_game_scores_like_the_tester():
    rows = ["....", "....", "...*", "..*."]
    board = board_from_rows(rows, 2, (0, 0))  # 14 safe cells, start opened
    game = Game(board)
    assert game.move("G 0 1") == "0"
    assert game.score == pytest.approx(2 / 14)
    assert game.move("G 2 3") == "BOOM!"
    assert game.score == pytest.approx(2 / 14 / 2)
    assert game.move("F 3 2") == ""  # a flag: empty answer, no score change
    assert game.score == pytest.approx(2 / 14 / 2)
    assert game.move("STOP") is None
    assert game.over


def test_stop_as_first_move_scores_zero():
    board = board_from_rows(["....", "....", "...*", "..*."], 2, (0, 0))
    game = Game(board)
    game.move("STOP")
    assert game.score == 0.0


@pytest.mark.parametrize("line", ["G 4 0", "G 0 -1", "X 1 1", "G 1", "G 0 0", "G a b"])
def test_game_rejects_invalid_moves(line):
    board = board_from_rows(["....", "....", "...*", "..*."], 2, (0, 0))
    with pytest.raises(ValueError):
        Game(board).move(line)


# --------------------------------------------------------------------------- protocol


def test_parse_answer():
    assert parse_answer("3 120") == (3, 120)
    assert parse_answer("0 0") == (0, 0)
    assert parse_answer("BOOM! 15") == (None, 15)


def test_tiny_board_is_solved_without_stop():
    # D=2: every safe cell follows from the start, so the game ends when all are open
    board = board_from_rows(["....", "....", "...*", "..*."], 2, (0, 0))
    tester, player = play_fake(board)
    assert tester.game.safe_opened == 14 and tester.game.hits == 0
    assert tester.game.score == 1.0
    assert "STOP" not in tester.moves
    assert all(m.startswith("G ") for m in tester.moves)
    assert player.guesses == 0


def test_stuck_board_stops_or_guesses_validly():
    # two 50/50 corners: nothing certain beyond the start area
    rows = ["*.........", "..........", "..........", "..........", "..........",
            "..........", "..........", "..........", "..........", ".........*"]
    board = board_from_rows(rows, 1, (5, 5))
    tester, player = play_fake(board)
    cells = [tuple(map(int, m.split()[1:])) for m in tester.moves if m.startswith("G")]
    assert len(cells) == len(set(cells))
    assert tester.game.over or tester.moves[-1] == "STOP"


def test_keep_guessing_rule():
    # nothing opened yet: any reasonable guess is worth it
    assert keep_guessing(0.3, 1, 1000, 0)
    # one cell short of a perfect board, a coin flip is not
    assert not keep_guessing(0.5, 999, 1000, 0)
    # a certain cell is always worth opening
    assert keep_guessing(0.0, 999, 1000, 3)


# --------------------------------------------------------------------------- the player on real boards


@pytest.mark.parametrize("seed", [1, 3, 7, 14, 28, 39, 86, 99])
def test_player_moves_are_valid_and_certain_moves_sound(seed):
    board = make_case(seed)
    tester, player = play_fake(board)  # an invalid or repeated move raises in Game.move
    side = board.side
    opened = set()
    for move in tester.moves:
        if move == "STOP":
            continue
        kind, r, c = move.split()
        assert kind == "G"
        assert 0 <= int(r) < side and 0 <= int(c) < side
        assert (int(r), int(c)) not in opened
        opened.add((int(r), int(c)))
    assert player.bad_certain == 0  # no proved-safe cell exploded
    assert tester.game.hits == player.hits <= player.guesses
    assert player.safe_opened == tester.game.safe_opened


def test_player_in_process_matches_callbacks():
    board = make_case(11)
    calls = []

    def reveal(cell, guess):
        calls.append((cell, guess))
        v = board.grid[cell]
        return None if v == -1 else v

    player = Player(board.side, board.mines, board.reach, board.start, reveal, lambda: 0.0)
    player.play()
    cells = [c for c, _ in calls]
    assert len(cells) == len(set(cells)) and board.start not in cells
    assert all(board.grid[c] != -1 for c, guess in calls if not guess)


def clicks_of(seed, guess):
    """(clicks, player) of `seed` played with a clock that never moves (no budget shrinks)."""
    board = make_case(seed)
    calls = []

    def reveal(cell, guess):
        calls.append(cell)
        v = board.grid[cell]
        return None if v == -1 else v

    player = Player(board.side, board.mines, board.reach, board.start, reveal, lambda: 0.0, SETTINGS._replace(guess=guess))
    player.play()
    return calls, player


def test_parse_guess():
    assert parse_guess("progress") is None
    rule = parse_guess("twostep:blend=2")
    assert rule.blend == 2.0 and rule.window == parse_guess("twostep").window
    for bad in ("nope", "progress:blend=2", "twostep:size=3", "twostep:blend=x"):
        with pytest.raises(ValueError):
            parse_guess(bad)


def test_two_step_look_is_deterministic_and_bounded():
    # seed 94 (N=47, D=1) has more than a hundred guesses: the look runs at most of
    # them, its work counted, never past the game's budget (plus one step's overshoot)
    first, player = clicks_of(94, "twostep")
    again, _ = clicks_of(94, "twostep")
    assert first == again
    assert player.looks > 50 and player.bad_certain == 0
    assert player.look_left > -MOVE_LOOK_NODES
    assert len(set(first)) == len(first)
    assert first != clicks_of(94, "progress")[0]


@pytest.mark.parametrize("seed", [37, 86])
def test_two_step_guess_misses_the_mine_the_progress_guess_hits(seed):
    # the progress rule's guess on these seeds is a mine; the two-step look's is safe
    # and the board is then played without a hit (no clock effects at a long limit)
    progress = play_inprocess(seed, 1000.0, guess="progress")[0]
    two_step = play_inprocess(seed, 1000.0, guess="twostep")[0]
    assert progress.hits == 1
    assert two_step.hits == 0 and two_step.score > progress.score


# --------------------------------------------------------------------------- the harness


def test_boards_match_the_official_tester():
    # values printed by the official tester (-debug) for these seeds
    b1 = make_case(1)
    assert (b1.side, b1.mines, b1.reach, divmod(b1.start, b1.side)) == (10, 10, 2, (6, 7))
    b2 = make_case(2)
    assert (b2.side, b2.mines, b2.reach, divmod(b2.start, b2.side)) == (50, 750, 4, (24, 48))
    b3 = make_case(3)
    assert (b3.side, b3.mines, b3.reach, divmod(b3.start, b3.side)) == (18, 51, 8, (7, 0))
    b5 = make_case(5)
    assert (b5.side, b5.mines, b5.reach, divmod(b5.start, b5.side)) == (39, 157, 8, (5, 18))
    assert sum(1 for v in b1.grid if v == -1) == 10


def test_prng_is_deterministic_and_in_range():
    a, b = JavaSha1Prng(42), JavaSha1Prng(42)
    draws = [a.randint(0, 6) for _ in range(50)]
    assert draws == [b.randint(0, 6) for _ in range(50)]
    assert set(draws) <= set(range(7))
    assert 0.1 <= JavaSha1Prng(9).uniform(0.1, 0.3) < 0.3


def test_parse_seeds():
    assert parse_seeds("1-3") == [1, 2, 3]
    assert parse_seeds("1,5,7-8") == [1, 5, 7, 8]


def test_harness_runs_seeds_end_to_end():
    out = subprocess.run(
        [sys.executable, "-m", "solver", "topcoder-test", "--seeds", "1-3", "--time-limit", "60"],
        cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.strip().splitlines()
    assert [line.split(",")[0] for line in lines[:3]] == ["Seed = 1", "Seed = 2", "Seed = 3"]
    assert "mean score" in lines[-1] and "failed: 0" in lines[-1]
    assert "Score = 1.000000" in lines[0]  # seed 1 is solved by deduction alone
