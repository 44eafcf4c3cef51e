"""Scoring a select list as the official pages do (ADC2025 and ADC2026 rules).

ADC2025 (adc2025/msprog/msselect.js): each opened safe cell adds its digit once, a
mine click adds -20 and play goes on, a click on an opened cell does nothing, the
board closes as soon as no safe cell is left (later clicks are ignored), and at the
end every unopened safe cell subtracts its digit.  A negative board counts 0 in the
total.  ADC2026: opened_safe/total_safe - opened_mines/total_mines, clamped to
[-1, 1] and truncated to four decimals; every click counts, negatives are kept.

This module knows nothing of the solver: it replays clicks through the judge.
Reading select lists and the `score` command live in `scorer`.
"""

from fractions import Fraction

from .board import MINE
from .judge import Judge

MINE_PENALTY = 20


def replay(board, clicks):
    """A judge that has seen the (x, y) clicks, indexed as the official page does."""
    judge = Judge(board)
    width = board.width
    for x, y in clicks:
        judge.open(width * y + x)
    return judge


def score_2025(board, clicks):
    """ADC2025 score of one board for a list of (x, y) clicks (raw: may be negative)."""
    return judged_score(2025, replay(board, clicks))


def score_2026(board, clicks):
    """ADC2026 score of one board as an exact Fraction, truncated to four decimals."""
    return judged_score(2026, replay(board, clicks))


def _score_2026(opened_safe, safe_total, hits, mines):
    """opened_safe/safe_total - hits/mines, clamped to [-1, 1], truncated toward zero
    at the fifth decimal, exactly (no float rounding)."""
    safe_part = Fraction(opened_safe, safe_total) if safe_total else 0
    mine_part = Fraction(hits, mines) if mines else 0
    score = Fraction(max(-1, min(1, safe_part - mine_part)))
    return Fraction(int(score * 10000), 10000)


def judged_score(rule, judge):
    """The score of the clicks a judge has seen.

    ADC2025 counts only the mines hit before the board closed; no safe cell can be
    opened after it closes, so the digits need no such care.
    """
    facts = judge.outcome()
    if rule == 2026:
        return _score_2026(facts.safe_opened, facts.safe_total, facts.hits, facts.mines)
    gained = facts.digits_opened
    return gained - MINE_PENALTY * facts.hits_while_open - (facts.safe_digits - gained)


def oracle_2025(board):
    """The best ADC2025 score: every safe digit, no mine."""
    return sum(d for d in board.cells if d != MINE)


def board_score(rule, board, clicks):
    """Score under `rule` (2025 or 2026) as the summary counts it."""
    if rule == 2026:
        return score_2026(board, clicks)
    return max(0, score_2025(board, clicks))


def format_score(rule, value):
    """A score as printed: an int for 2025, four decimals for 2026."""
    if rule == 2026:
        return "%.4f" % value
    return str(value)
