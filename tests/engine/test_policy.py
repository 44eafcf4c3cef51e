"""Hand-made positions for the guess choice and the stop test (solver.engine.policy).

Each position is small enough to work out by hand; the expected answer is written
beside it.  They fail under the mutants of issue 12: 'guess the lowest cell instead
of the least-cost one' and 'always guess' (2025 rule).
"""

import pytest

from solver.engine.policy import OPENED_BONUS, choose_guess, worth_guessing
from solver.engine.probability import Estimate
from solver.grid.geometry import geometry
from solver.official.rules import RULES

GEO = geometry(4, 4)  # cells 0..15, row-major; 0 and 15 are opposite corners


def bits(*cells):
    return sum(1 << c for c in cells)


def estimate_of(classes, interior_prob=None):
    """An exact Estimate with one class per (cells, p)."""
    return Estimate([bits(*cells) for cells, _ in classes], [p for _, p in classes], interior_prob, 0, 0, True)


def guess(classes, unknown, interior=0, interior_prob=None, mines=0):
    return choose_guess(estimate_of(classes, interior_prob), interior, unknown, GEO.masks, mines)


def test_the_safer_cell_wins_over_the_lower_one():
    # corners 0 and 15 undecided, everything else open: three opened neighbours each,
    # so the mine probability decides: 15 (p 0.1) over 0 (p 0.3)
    cell, p, _ = guess([((0,), 0.3), ((15,), 0.1)], bits(0, 15))
    assert (cell, p) == (15, 0.1)


def test_opened_neighbours_break_a_near_tie():
    # 1 (p 0.20) has neighbours 0, 2, 4, 5, 6; with 0, 2, 4 undecided only 5 and 6 are
    # open: cost 0.20 - 2 * 0.03 = 0.14.  14 (p 0.22) has all five neighbours open:
    # cost 0.22 - 5 * 0.03 = 0.07.  The higher, slightly riskier cell wins.
    unknown = bits(0, 1, 2, 4, 14)
    classes = [((1,), 0.20), ((14,), 0.22), ((0, 2, 4), 0.5)]
    assert guess(classes, unknown)[:2] == (14, 0.22)
    assert 0.22 - 5 * OPENED_BONUS < 0.20 - 2 * OPENED_BONUS


def test_equal_costs_go_to_the_lowest_cell():
    cell, p, _ = guess([((5, 10), 0.25)], bits(5, 10))
    assert (cell, p) == (5, 0.25)


def test_a_safer_interior_beats_the_frontier():
    # the frontier cell 0 (p 0.35, three opened neighbours: cost 0.26) against the
    # interior {10, 11, 14, 15} at p 0.2 that no digit touches: the interior wins, its lowest cell
    unknown = bits(0, 10, 11, 14, 15)
    cell, p, _ = guess([((0,), 0.35)], unknown, interior=bits(10, 11, 14, 15), interior_prob=0.2)
    assert (cell, p) == (10, 0.2)


def test_the_expected_digit_counts_known_mines_and_the_odds_around():
    # 5's neighbours: 0 1 2 4 6 8 9 10; known mines 0 and 1, undecided 2 (p 0.5) and 10 (p 0.25)
    unknown = bits(2, 5, 10)
    cell, p, digit = guess([((5,), 0.1), ((2,), 0.5), ((10,), 0.25)], unknown, mines=bits(0, 1))
    assert (cell, p) == (5, 0.1) and digit == pytest.approx(2 + 0.5 + 0.25)


# ------------------------------------------------------------------- the stop test


@pytest.mark.parametrize(
    "p, digit, remaining, if_stop, take",
    [
        (0.5, 1.0, 4.0, 30.0, False),  # a coin flip for 2 + a little: 0.5 * (2 + 2) = 2 < 0.5 * 20
        (0.4, 2.0, 10.0, 50.0, False),  # 0.6 * (4 + 5) = 5.4 < 8
        (0.05, 2.0, 40.0, 30.0, True),  # 0.95 * (4 + 20) = 22.8 > 1
        (0.3, 3.0, 60.0, 10.0, True),  # much left to win: 0.7 * (6 + 30) = 25.2 > 6
        (0.9, 1.0, 0.0, -5.0, True),  # below zero the board counts 0: a mine costs nothing
    ],
)
def test_the_2025_stop_rule_by_hand(p, digit, remaining, if_stop, take):
    # `remaining` is the 2v value of what is left: remaining / 2 cells of digit 1
    values = RULES[2025].click_values(100, 20)
    assert worth_guessing(p, values, digit, remaining / 2.0, 1.0, if_stop, RULES[2025].floor) is take


@pytest.mark.parametrize(
    "p, safe_left, safe_total, mine_total, take",
    [
        (0.9, 1, 50, 10, False),  # 0.1 * 1.5 / 50 = 0.003 < 0.09
        (0.5, 2, 40, 10, False),  # 0.5 * 2 / 40 = 0.025 < 0.05
        (0.1, 1, 50, 10, True),  # 0.9 * 1.5 / 50 = 0.027 > 0.01
        (0.5, 30, 40, 10, True),  # 0.5 * 16 / 40 = 0.2 > 0.05
        (0.99, 1, 50, 0, True),  # no mine to hit
    ],
)
def test_the_2026_stop_rule_by_hand(p, safe_left, safe_total, mine_total, take):
    values = RULES[2026].click_values(safe_total, mine_total)
    assert worth_guessing(p, values, 0.0, safe_left, 0.0, None, RULES[2026].floor) is take
