"""Strength floors: the player's score on fixed official boards must not fall.

Every group is a fixed set of official boards (solver.official.generator, deterministic), each
played in full with no deadline (tests/support/judging.play_board, deterministic), so a
group's ratio changes only when the player's choices change.  A rewrite for speed
plays the same clicks and passes; a player that guesses worse, or guesses where it
should stop, falls below a floor.  Ratios assert play, not time.

- ADC2025 groups: the score over the oracle (every safe digit, no mine), boards
  below zero counting zero, as the contest sums them.
- ADC2026 group: the mean board score under the 2026 rule.
- Named groups use the official names (mine count and safe cells known: at the end
  the exact endgame decides).  Anonymous groups rename the boards ('anon_K'), so
  the name tells nothing: no mine count, no safe cells, and the stop test
  (policy.worth_guessing under the 2025 rule) decides every end; they guard that rule.

How the floors were set: `python tests/engine/test_strength.py` prints each group's ratio;
measured on the commit that added this file (the player of 2026-11-23 20:29), each
floor is that value less 0.004, rounded down to four decimals.  The margin is the
smallest that lets an equal player pass; the mutants it must catch (issue 12) cost
more on the groups that guard against them:
  'guess the lowest cell, not the least-cost one' (policy.choose_guess): dangerous
  .9666 -> .9577, serious .9002 -> .8753, ultra .8141 -> .7757, ADC2026 (2025 rule)
  .8746 -> .8532, ADC2026 (2026 rule) .9513 -> .9447;
  'under the 2025 rule always guess' (policy.worth_guessing): anonymous serious .7952 -> .7895,
  anonymous ultra .6700 -> .6625 (the named groups barely move: the exact endgame, not
  the stop test, decides their ends).
When the player gets stronger, raise the floors the same way.
"""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve()
sys.path[:0] = [str(HERE.parents[2]), str(HERE.parents[1])]  # run as a script from anywhere

from support.judging import oracle_2025, play_board  # noqa: E402

from solver.official.generator import generate_pack  # noqa: E402
from solver.official.rules import RULES  # noqa: E402

# (label, mode, difficulty, form, boards, rule, anonymous, measured, floor)
GROUPS = [
    ("low", "both", "low", 2025, 400, 2025, False, 0.9970, 0.9930),
    ("middle", "both", "middle", 2025, 400, 2025, False, 0.9959, 0.9919),
    ("high", "both", "high", 2025, 400, 2025, False, 0.9868, 0.9828),
    ("dangerous", "both", "dangerous", 2025, 400, 2025, False, 0.9666, 0.9626),
    ("serious", "both", "serious", 2025, 400, 2025, False, 0.9002, 0.8962),
    ("ultra", "both", "ultra", 2025, 400, 2025, False, 0.8141, 0.8101),
    ("ADC2026 pack, 2025 rule", "none", "dangerous", 2026, 400, 2025, False, 0.8746, 0.8706),
    ("ADC2026 pack, 2026 rule", "none", "dangerous", 2026, 400, 2026, False, 0.9513, 0.9473),
    ("anonymous serious", "both", "serious", 2025, 800, 2025, True, 0.7952, 0.7912),
    ("anonymous ultra", "both", "ultra", 2025, 800, 2025, True, 0.6700, 0.6660),
]


def group_boards(mode, difficulty, form, count, anonymous):
    """The first `count` boards of the official pack (the ADC2026 pack is the 'none
    dangerous' one in the 2026 form); anonymous: renamed so the name tells nothing."""
    boards = generate_pack(count, mode, difficulty, form)
    if anonymous:
        boards = [board._replace(name="anon_%d" % k) for k, board in enumerate(boards)]
    return boards


def ratio(boards, rule):
    """ADC2025: total score (negatives count 0) over the oracle; ADC2026: mean board score."""
    if rule == 2026:
        return float(sum(RULES[2026].value(play_board(board, 2026)[1]) for board in boards) / len(boards))
    scored = sum(max(0, play_board(board, 2025)[1]) for board in boards)
    return scored / sum(oracle_2025(board) for board in boards)


@pytest.mark.parametrize("group", GROUPS, ids=[g[0] for g in GROUPS])
def test_the_player_keeps_its_strength(group):
    label, mode, difficulty, form, count, rule, anonymous, measured, floor = group
    value = ratio(group_boards(mode, difficulty, form, count, anonymous), rule)
    assert value >= floor, "%s: %.4f is below the floor %.4f (measured %.4f when it was set)" % (
        label, value, floor, measured,
    )


if __name__ == "__main__":
    for label, mode, difficulty, form, count, rule, anonymous, measured, floor in GROUPS:
        value = ratio(group_boards(mode, difficulty, form, count, anonymous), rule)
        print("%-26s %.4f  (floor %.4f, measured %.4f)" % (label, value, floor, measured))
