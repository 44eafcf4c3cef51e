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
and `format` the text the official page shows.  Everything else (summaries, the
player's values, the endgame, the CLI's --rule choices) asks the Rule in RULES.

This module knows nothing of the solver: it reads a judge's Outcome.
"""

from fractions import Fraction

from .board import MINE
from .judge import Judge


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

    def value(self, score):
        return score

    def format(self, score):
        return str(score)

    def click_values(self, safe_total, mines):
        """(worth of opening a safe cell showing d, worth of clicking a mine), for the
        player: a safe digit is gained now and not charged at the end (2d)."""
        return _twice, -float(self.mine_penalty)

    floor = 0.0  # a board below this counts this: a guess below it costs nothing


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

    def value(self, score):
        return Fraction(score, self.unit)

    def format(self, score):
        sign = "-" if score < 0 else ""
        return "%s%d.%04d" % (sign, abs(score) // self.unit, abs(score) % self.unit)

    def click_values(self, safe_total, mines):
        share = 1.0 / max(1, safe_total)
        return (lambda digit: share), (-1.0 / mines if mines else 0.0)  # no mine, no share to lose

    floor = None  # negative boards count as they are


def _twice(digit):
    return 2.0 * digit


RULES = {2025: Rule2025(), 2026: Rule2026()}


def rule_of(year):
    """The Rule of a contest year (2025 or 2026)."""
    return RULES[year]


def replay(board, clicks):
    """A judge that has seen the (x, y) clicks, indexed as the official page does."""
    judge = Judge(board)
    width = board.width
    for x, y in clicks:
        judge.open(width * y + x)
    return judge


def score_2025(board, clicks):
    """ADC2025 score of one board for a list of (x, y) clicks (raw: may be negative)."""
    return RULES[2025].score(replay(board, clicks).outcome())


def score_2026(board, clicks):
    """ADC2026 score of one board as an exact Fraction, truncated to four decimals."""
    rule = RULES[2026]
    return rule.value(rule.score(replay(board, clicks).outcome()))


def oracle_2025(board):
    """The best ADC2025 score: every safe digit, no mine."""
    return sum(d for d in board.cells if d != MINE)


def format_score(rule, value):
    """A score as printed: an int for 2025, four decimals for 2026 (`value` a number)."""
    if rule == 2026:
        return "%.4f" % value
    return str(value)
