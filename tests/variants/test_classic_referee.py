"""Tests for the classic game's referee (solver.variants.classic.referee) and the runs
of many games (runs.py, the `classic` command): the player sees only what a click
opened, the first clicks keep their cells free, mines are uniform, game seeds do not
depend on the workers, and the paired comparison's figures are right.
"""

import random

import pytest

from solver.grid.bitset import cells_of, popcount
from solver.grid.geometry import geometry
from solver.variants.classic import ClassicPlayer
from solver.variants.classic import referee as classic_referee
from solver.variants.classic.referee import LEVELS, Referee, mcnemar, paired, play_game, play_paired, wilson


class Spy(ClassicPlayer):
    """A ClassicPlayer that keeps every call the referee makes."""

    calls = []

    def opened(self, cells):
        Spy.calls.append(dict(cells))
        super().opened(dict(cells))
        cells.clear()  # the player may spoil its argument: it is a copy, not the referee's board


@pytest.mark.parametrize("first_click", ["classic", "modern"])
def test_the_referee_shows_only_opened_safe_cells(first_click):
    width, height, mines = LEVELS["intermediate"]
    for seed in range(8):
        Spy.calls = []
        referee_seen = []
        original = Referee.open

        def recording_open(self, cell, original=original, referee_seen=referee_seen):
            shown = original(self, cell)
            referee_seen.append((self._mines, shown))
            return shown

        Referee.open = recording_open
        try:
            play_game(width, height, mines, first_click, "spy:%d" % seed, Spy)
        finally:
            Referee.open = original
        told = [cell for call in Spy.calls for cell in call]
        assert len(told) == len(set(told))  # each cell once
        shown_calls = [(layout, shown) for layout, shown in referee_seen if shown is not None]
        assert len(shown_calls) == len(Spy.calls)
        for (layout, shown), call in zip(shown_calls, Spy.calls):
            assert call == {(c % width, c // width): d for c, d in shown.items()}
            for (x, y), digit in call.items():
                cell = y * width + x
                assert not layout >> cell & 1  # never a mine
                assert digit == popcount(geometry(width, height).masks[cell] & layout)


def test_the_first_clicks_keep_their_cells_free():
    width, height, mines = LEVELS["expert"]
    masks = geometry(width, height).masks
    for seed in range(30):
        classic = Referee(width, height, mines, "classic", random.Random(seed))
        assert not classic._mines & 1 and popcount(classic._mines) == mines
        modern = Referee(width, height, mines, "modern", random.Random(seed))
        start = 3 * width + 3
        assert not modern._mines & (masks[start] | 1 << start) and popcount(modern._mines) == mines
        assert modern.open(start)[start] == 0


def test_the_referee_places_mines_uniformly_enough():
    counts = [0] * 9
    for seed in range(3000):
        referee = Referee(3, 3, 2, "classic", random.Random(seed))
        for c in cells_of(referee._mines):
            counts[c] += 1
    assert counts[0] == 0
    assert all(abs(n - 750) < 120 for n in counts[1:])  # 3000 x 2 mines over 8 cells


def test_wilson_interval():
    low, high = wilson(410, 1000)
    assert low < 0.41 < high
    assert high - low == pytest.approx(2 * 1.96 * (0.41 * 0.59 / 1000) ** 0.5, rel=0.02)
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)


def test_game_seeds_do_not_depend_on_the_number_of_jobs():
    one = classic_referee.play_games("beginner", "modern", 6, 5, jobs=1)
    two = classic_referee.play_games("beginner", "modern", 6, 5, jobs=2)
    assert one[0] == two[0]


def test_paired_counts_and_interval():
    a = [1, 1, 0, 0, 1, 0, 1, 0, 0, 0]
    b = [1, 0, 1, 1, 1, 1, 1, 0, 0, 1]
    r = paired(a, b)
    assert (r.games, r.wins_a, r.wins_b, r.only_a, r.only_b) == (10, 4, 7, 1, 4)
    assert r.difference == pytest.approx(0.3)
    assert r.low < 0.3 < r.high
    assert mcnemar(0, 5) == pytest.approx(2 / 32)  # all five discordant one way: 2 x (1/2)^5
    assert mcnemar(3, 3) == 1.0
    assert paired(a, a).only_a == paired(a, a).only_b == 0


def test_paired_play_is_each_policy_played_alone():
    """Each policy's outcomes in a paired run are those of its own run on the same games."""
    outcomes, _, _ = play_paired("beginner", "classic", 12, 3, ["risk", "window"])
    for guess, won in zip(["risk", "window"], outcomes):
        alone = [play_game(*LEVELS["beginner"], "classic", classic_referee.game_seed(3, i), guess=guess)[0] for i in range(12)]
        assert list(won) == [int(w) for w in alone]


def test_the_classic_command_compares_policies_on_the_same_games(tmp_path, capsys):
    from solver.cli import main

    record = tmp_path / "outcomes.txt"
    assert main(["classic", "--level", "beginner", "--games", "6", "--seed", "3", "--compare", "risk,window", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "| window vs risk |" in out and "McNemar" in out
    lines = record.read_text().splitlines()
    assert lines[0] == "# classic beginner classic 3 6"
    assert [line.split("\t")[0] for line in lines[1:]] == ["risk", "window"]
    alone = [play_game(*LEVELS["beginner"], "classic", classic_referee.game_seed(3, i), guess="window")[0] for i in range(6)]
    assert lines[2].split("\t")[1] == "".join("1" if won else "0" for won in alone)
    # recorded policies are not played again, and the comparison is the same
    assert main(["classic", "--level", "beginner", "--games", "5", "--seed", "3", "--compare", "window,risk", "--reuse", str(record)]) == 0
    again = capsys.readouterr().out
    assert "| window | %d |" % sum(alone[:5]) in again and "recorded" in again
    assert main(["classic", "--level", "beginner", "--games", "6", "--seed", "4", "--compare", "window,risk", "--reuse", str(record)]) == 1  # not these games: the file is refused
    assert main(["classic", "--games", "2", "--compare", "risk"]) == 2  # one policy is no comparison



def test_the_first_click_is_chosen_by_its_option_and_by_its_old_name(capsys):
    from solver.cli import main

    wins = {}
    for option in ("--first-click", "--rule"):  # --rule: the name recorded commands use
        assert main(["classic", "--level", "beginner", "--games", "4", "--seed", "2", option, "modern"]) == 0
        line = capsys.readouterr().out
        assert "first click modern seed 2" in line
        wins[option] = line.split(": won ")[1].split(" of ")[0]
    alone = sum(play_game(*LEVELS["beginner"], "modern", classic_referee.game_seed(2, i))[0] for i in range(4))
    assert wins == {"--first-click": str(alone), "--rule": str(alone)}
