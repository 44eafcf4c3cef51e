"""One board played: its Task from public facts, its play through a Judge, its select text.

The calls everything else uses to play a single board (the pack run, the lab, the
pages, the tests): `task_of` is the one place a Board becomes the engine's Task,
`played` plays it through its own Judge, `select_text` writes its part of a select
list.
"""

from functools import lru_cache

from ..engine.blind import blind_cells
from ..engine.player import Task, play
from ..official.board import board_header, name_facts, name_promise_kept, promised_safe
from ..official.judge import Judge
from ..official.rules import RULES


def task_of(board, rule=None, trust_name=None):
    """The player's Task for a board: its public facts (size, mine count, the official
    safe cells) and the scoring rule to play for, nothing hidden.

    rule       -- a contest year (2025, 2026) or None for the board's own header form.
    trust_name -- False: the name tells nothing (no mine count from it, no safe cells);
                  True: it is taken at its word; None (default): it is trusted when it
                  keeps its promise (board.name_promise_kept), which is checked only
                  where trusting it changes the Task (safe cells, or a mine count the
                  header does not give): every ADC2026 board skips the check.
    """
    fields = name_facts(board.width, board.height, board.name) if trust_name is not False else None
    mines = board.mines
    if mines is None and fields is not None:
        mines = fields.mines
    safe = ()
    if fields is not None and mines is not None:
        safe = promised_safe(board.width, board.height, mines, fields.mode)
    if trust_name is None and (safe or mines != board.mines) and not name_promise_kept(board):
        mines, safe = board.mines, ()
    return Task(board.width, board.height, mines, safe, RULES[rule or board.form])


def played(board, rule=None, deadline=None, watch=None, hurry=False):
    """(task, judge) after the player has played `board`: the judge holds the clicks.
    `deadline` and the rest are player.play's (the process's policy: set_policy)."""
    task = task_of(board, rule)
    judge = Judge(board)
    play(task, judge.view(), deadline, watch=watch, hurry=hurry)
    return task, judge


def played_blind(board, rule=None):
    """(task, judge) after `board` was played blind (engine/blind.py): the cells its
    size gives clicked through the judge's view, but those an earlier click opened
    (every click of a select list is on a closed cell)."""
    task = task_of(board, rule)
    judge = Judge(board)
    click, opened = judge.view().open, 0
    for cell in blind_cells(board.width, board.height):
        if not opened >> cell & 1:
            opened |= click(cell)
    return task, judge


@lru_cache(maxsize=None)
def click_lines(width, height):
    """The select-list line of every cell of a width x height board ("x y\\n")."""
    return tuple(["%d %d\n" % (c % width, c // width) for c in range(width * height)])


def select_text(board, clicks):
    """One board's select list: its header line, then one line per clicked cell."""
    return board_header(board) + "\n" + "".join(map(click_lines(board.width, board.height).__getitem__, clicks))
