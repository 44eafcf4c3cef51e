"""One board played with the player's beliefs recorded: the material of the replay page.

`record` plays a board with the contest player (as the tests' `play_board` does: same
Task, same judge, same clicks; `record_listed` finds the play a select list holds) and keeps, for every click and for a stop, the Step
the player reported through `player.play`'s watch, with what the judge had opened
at that moment.  `beliefs` turns one Step into every cell's mine probability as the
player saw it then: a known mine 1.0, a known-safe closed cell 0.0, an opened cell
nothing, other closed cells their class's probability in the Step's Estimate, else
its interior probability.  Nothing is recomputed, and nothing the judge hides is read
to make a belief: the mines are only used afterwards, to score.
"""

from collections import namedtuple

from ..contest.oneboard import task_of
from ..engine.player import Step, play
from ..grid.bitset import cells_of, popcount
from ..official.judge import Judge

Frame = namedtuple("Frame", "step opened hits score gained")
Frame.__doc__ = """The board just before one of the player's clicks (or its stop).

step   -- the player's Step (cell None for a stop)
opened -- bitset of the cells open at that moment, mines hit included
hits   -- mines hit so far
score  -- the rule's score of the clicks so far, as `score` would print it for them
gained -- what the clicks so far earned before end-of-board penalties (2025: digits
          opened less 20 a mine, the official page's running SCORE; 2026: the score)
"""

Played = namedtuple("Played", "board task rule clicks frames final how")
Played.__doc__ = """A recorded play: the frames before each click, and the end (a Frame with step None).

how -- how the clicks came to be (HOWS): the player's play as it is, in a hurry, cut short by
       the run's deadline, or a select list's clicks the player would not make (no beliefs)"""

HOWS = {
    "played": "the player's play",
    "hurried": "the player's play in a hurry (the run had more boards than time: a board stops at a stall "
               "once it scores enough)",
    "cut": "the player's play, cut where the run's time ran out",
    "listed": "the select list's clicks: not what this player plays on the board, so no belief is shown",
}


def record(board, rule=None, policy=None, hurry=False):
    """Play `board` with the contest player and keep a Frame before every click and stop.

    The player reports a Step before each guess and before each batch of clicks it
    knows are safe (cell None: every cell of step.safe is clicked next); the judge's
    log says which cells those clicks were, so each click gets the Step in force
    before it, with its own cell.  policy, hurry: player.play's (None: the contest's
    policy; hurry: play as a run with more boards than time).
    """
    task, clicks, seen = _watched(board, rule, policy, hurry)
    return _frames(board, task, clicks, seen, "hurried" if hurry and _hurry_counts(task) else "played")


def _watched(board, rule, policy, hurry):
    """(task, clicks, [(Step, clicks made before it)]) of one play."""
    task = task_of(board, rule)
    judge = Judge(board)
    seen = []

    def watch(step):
        seen.append((step, len(judge.clicks)))

    play(task, judge.view(), policy=policy, watch=watch, hurry=hurry)
    return task, list(judge.clicks), seen


def _hurry_counts(task):
    """Whether a hurry changes how this task is played (the rule's hurried share, a known mine count)."""
    return task.rule.hurried_share is not None and task.mines is not None


def _frames(board, task, clicks, seen, how, cut=None):
    """The Played of a play's clicks and steps; cut: the clicks the run made before its
    deadline stopped the play (a Step 'cut' then ends it)."""
    if cut is not None:
        clicks = clicks[:cut]
        seen = [(step, before) for step, before in seen if before < cut]
    running = _running(board, task.rule, clicks)
    frames = []
    k = 0
    for i, cell in enumerate(clicks):
        while k + 1 < len(seen) and seen[k + 1][1] <= i:
            k += 1
        step = seen[k][0]
        if step.cell is None:  # one click of a batch of known-safe cells
            step = step._replace(cell=cell)
        frames.append(Frame(step, *running[i]))
    if cut is not None:
        last = seen[-1][0] if seen else None
        frames.append(Frame(Step(None, "cut", None, last and last.estimate, last.mines if last else 0, 0), *running[-1]))
    elif seen and seen[-1][0].kind == "stop":
        frames.append(Frame(seen[-1][0], *running[-1]))
    final = Frame(None, *running[-1])
    return Played(board, task, task.rule.year, clicks, frames, final, how)


def record_listed(board, rule, cells):
    """The Played of a select list's clicks on `board` (cells, in order): the player's
    own play when the list is it (as played, in a hurry, or cut where the run's time ran
    out), its steps and beliefs kept; else the list's clicks as they are, with no belief.
    Whatever it finds, the clicks are the list's.

    A hurried play is the calm one stopped early (until the exact endgame, which a
    hurried board leaves out), so a list is first matched whole, then as the start of
    a play, the hurried one first: a run's time runs out while it is pressed."""
    cells = list(cells)
    task = task_of(board, rule)
    plays = []
    for hurry in (False, True)[: 1 + _hurry_counts(task)]:  # the hurried one only when needed
        plays.append((hurry,) + _watched(board, rule, None, hurry))
        if plays[-1][2] == cells:
            return _frames(board, task, cells, plays[-1][3], "hurried" if hurry else "played")
    for _, task, clicks, seen in reversed(plays):
        if clicks[: len(cells)] == cells:
            return _frames(board, task, clicks, seen, "cut", len(cells))
    seen = [(Step(cell, "listed", None, None, 0, 0), k) for k, cell in enumerate(cells)]
    return _frames(board, task, cells, seen, "listed")


def _running(board, rule, clicks):
    """(opened, hits, score, gained) after 0, 1, ... len(clicks) clicks: the scorer's own
    sums, through a judge that sees the clicks one by one (a prefix is a select list too)."""
    judge = Judge(board)
    out = [_now(rule, judge)]
    for cell in clicks:
        judge.open(cell)
        out.append(_now(rule, judge))
    return out


def _now(rule, judge):
    """(opened, hits, score, gained) of what a judge has seen so far."""
    facts = judge.outcome()
    return judge.opened, judge.hits, rule.value(rule.score(facts)), rule.gained(facts)


def beliefs(step, opened, size):
    """Each cell's mine probability as the player believed just before this Step:
    a list of floats, None for an opened cell or a closed one it had no figure for."""
    probs = [None] * size
    closed = ((1 << size) - 1) & ~opened
    estimate = step.estimate
    if estimate is not None:
        if estimate.interior_prob is not None:
            for c in cells_of(closed):
                probs[c] = estimate.interior_prob
        for cells, p in zip(estimate.class_masks, estimate.class_probs):
            for c in cells_of(cells & closed):
                probs[c] = p
    for c in cells_of(step.safe & closed):
        probs[c] = 0.0
    for c in cells_of(step.mines & closed):
        probs[c] = 1.0
    if step.cell is not None and step.p is not None:
        probs[step.cell] = step.p
    return probs


def undecided(step, opened, size):
    """How many closed cells the player had not decided (neither known safe nor mine)."""
    closed = ((1 << size) - 1) & ~opened
    return popcount(closed & ~step.safe & ~step.mines)
