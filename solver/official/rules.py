"""The contests' rules: one object per contest owns how a play is scored and what a click is worth.

ADC2025 (adc2025/msprog/msselect.js): each opened safe cell adds its digit once, a
mine click adds -20 and play goes on, a click on an opened cell does nothing, the
board closes after the click that leaves no safe cell closed (later clicks are
ignored), and at the end every unopened safe cell subtracts its digit.  A negative
board counts 0 in the total.  ADC2026: opened_safe/total_safe - opened_mines/total_mines,
clamped to [-1, 1] and truncated to four decimals; every click counts, negatives
are kept.

A score is an int in the rule's unit (2025: points; 2026: ten-thousandths of a
board), so totals are exact sums of ints; `value` gives the number a person reads
and `format` the text `score` prints.  Everything else that depends on the contest
(summaries, oracles, the plan's expected scores, the player's values, the endgame,
the CLI's --rule choices) asks the Rule in RULES.

This module knows nothing of the solver or the judge: it reads an Outcome (judge.py).
"""

from .board import MINE


class Rule2025:
    """ADC2025: points per digit, -20 per mine, unopened safe digits charged."""

    year = 2025
    mine_penalty = 20

    def score(self, outcome):
        """The board's points (may be negative: the summary counts those as 0)."""
        gained = outcome.digits_opened
        return gained - self.mine_penalty * outcome.hits_while_open - (outcome.safe_digits - gained)

    def counted(self, score):
        """What a board's score adds to the summary total."""
        return score if score > 0 else 0

    def gained(self, outcome):
        """What the clicks so far earned before the end-of-board charge: the official
        page's running score (digits opened less 20 a mine)."""
        return outcome.digits_opened - self.mine_penalty * outcome.hits_while_open

    def value(self, score):
        return score

    def format(self, score):
        return str(score)

    def format_value(self, value):
        """A score as `score` prints it."""
        return str(value)

    def shown(self, value):
        """A board's score as the official summary shows it: '(-5) 0' below zero."""
        return "(%d) 0" % value if value < 0 else str(value)

    unit_name = "points"

    def best(self, board):
        """The best score of a board: every safe digit, no mine (the oracle)."""
        return sum(d for d in board.cells if d != MINE)

    def expected_best(self, width, height, mines):
        """The mean best score of a random board of this size and mine count: each mine's
        neighbours that are safe."""
        cells = width * height
        if cells < 2 or width < 2 or height < 2:
            return float(mines)
        mean_neighbours = (8.0 * cells - 6.0 * (width + height) + 4.0) / cells
        return mines * mean_neighbours * (cells - mines) / (cells - 1.0)

    def click_values(self, safe_total, mines):
        """(worth of opening a safe cell showing d, worth of clicking a mine), for the
        player: a safe digit is gained now and not charged at the end (2d)."""
        return _twice, -float(self.mine_penalty)

    floor = 0.0  # a board below this counts this: a guess below it costs nothing
    hurried_share = None  # unopened safe digits are charged: a board is never left early


class Rule2026:
    """ADC2026: the share of safe cells opened less the share of mines hit, in [-1, 1]."""

    year = 2026
    unit = 10000  # scores are truncated to four decimals

    def score(self, outcome):
        """The board's score in ten-thousandths, truncated toward zero, exactly."""
        safe_total, mines = outcome.safe_total or 1, outcome.mines or 1  # a share of nothing is 0
        # opened/safe_total - hits/mines over one denominator, truncated toward zero
        top = outcome.safe_opened * mines - (outcome.hits if outcome.mines else 0) * safe_total
        units = abs(top) * self.unit // (safe_total * mines)
        return max(-self.unit, min(self.unit, units if top >= 0 else -units))

    def counted(self, score):
        return score

    def gained(self, outcome):
        return self.value(self.score(outcome))

    def value(self, score):
        import fractions  # here, not at the top: the contest entry never needs it (start-up: docs/measurements/throughput.md, "Per phase")

        return fractions.Fraction(score, self.unit)

    def format(self, score):
        sign = "-" if score < 0 else ""
        return "%s%d.%04d" % (sign, abs(score) // self.unit, abs(score) % self.unit)

    def format_value(self, value):
        return "%.4f" % value

    def shown(self, value):
        import fractions

        return "%.6f" % fractions.Fraction(value)

    unit_name = "board score"

    def best(self, board):
        return 1

    def expected_best(self, width, height, mines):
        return 1.0

    def click_values(self, safe_total, mines):
        share = 1.0 / max(1, safe_total)
        return (lambda digit: share), (-1.0 / mines if mines else 0.0)  # no mine, no share to lose

    def share(self, safe_opened, safe_total, hits, mines):
        """The board's score as a float, not truncated: what a player watches while playing."""
        return safe_opened / (safe_total or 1) - (hits / mines if mines else 0.0)

    floor = None  # negative boards count as they are
    # In a hurry (the pack holds more boards than the time), a board stops at its next
    # stall once its share reaches this: the time its last guesses take makes more
    # points on a fresh board (measured: docs/measurements/contest.md, "The hurry").
    hurried_share = 0.7


def _twice(digit):
    return 2.0 * digit


RULES = {2025: Rule2025(), 2026: Rule2026()}
