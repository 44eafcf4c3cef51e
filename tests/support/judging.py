"""Test helpers that look at a Judge from the outside, the way the official page would."""

from solver.contest.oneboard import task_of
from solver.engine.lookahead import looking
from solver.engine.player import play
from solver.grid.bitset import cells_of
from solver.official.judge import Judge, replayed
from solver.official.rules import RULES


def reveal(judge, cell):
    """Click `cell`: the list of (cell, digit) it newly opens, lowest cell first
    (a mine gives [(cell, 9)], an opened cell [])."""
    return [(c, judge.value(c)) for c in cells_of(judge.open(cell))]


def safe_left(judge):
    """The safe cells still closed."""
    facts = judge.outcome()
    return facts.safe_total - facts.safe_opened


def score_2025(board, clicks):
    """ADC2025 score of one board for (x, y) clicks, raw (may be negative)."""
    return RULES[2025].score(replayed(board, clicks).outcome())


def score_2026(board, clicks):
    """ADC2026 score of one board for (x, y) clicks, an exact Fraction."""
    rule = RULES[2026]
    return rule.value(rule.score(replayed(board, clicks).outcome()))


def oracle_2025(board):
    """The best ADC2025 score of a board: every safe digit."""
    return RULES[2025].best(board)


def play_board(board, rule=None, deadline=None, look=False, watch=None):
    """(clicks as (x, y), score in the rule's unit, mines hit) for one board, played as
    oneboard.played plays it (with the lookahead's policy when `look`)."""
    task, judge = task_of(board, rule), Judge(board)
    play(task, judge.view(), deadline, looking if look else None, watch)
    width = board.width
    clicks = [(c % width, c // width) for c in judge.clicks]
    return clicks, task.rule.score(judge.outcome()), judge.hits
