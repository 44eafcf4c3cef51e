"""Test helpers that look at a Judge from the outside, the way the official page would."""

from solver.bitset import cells_of


def reveal(judge, cell):
    """Click `cell`: the list of (cell, digit) it newly opens, lowest cell first
    (a mine gives [(cell, 9)], an opened cell [])."""
    return [(c, judge.value(c)) for c in cells_of(judge.open(cell))]


def safe_left(judge):
    """The safe cells still closed."""
    facts = judge.outcome()
    return facts.safe_total - facts.safe_opened
