"""One board played with the player's beliefs recorded: the material of the replay page.

`record` plays a board with the contest player (as the tests' `play_board` does: same
Task, same judge, same clicks) and keeps, for every click and for a stop, the Step
the player reported through `player.play`'s watch, with what the judge had opened
at that moment.  `beliefs` turns one Step into every cell's mine probability as the
player saw it then: a known mine 1.0, a known-safe closed cell 0.0, an opened cell
nothing, other closed cells their class's probability in the Step's Estimate, else
its interior probability.  Nothing is recomputed, and nothing the judge hides is read
to make a belief: the mines are only used afterwards, to score.
"""

from collections import namedtuple

from ..grid.bitset import cells_of, popcount
from ..official.judge import Judge
from ..engine.player import play
from ..contest.batch import task_of

Frame = namedtuple("Frame", "step opened hits score gained")
Frame.__doc__ = """The board just before one of the player's clicks (or its stop).

step   -- the player's Step (cell None for a stop)
opened -- bitset of the cells open at that moment, mines hit included
hits   -- mines hit so far
score  -- the rule's score of the clicks so far, as `score` would print it for them
gained -- what the clicks so far earned before end-of-board penalties (2025: digits
          opened less 20 a mine, the official page's running SCORE; 2026: the score)
"""

Played = namedtuple("Played", "board task rule clicks frames final")
Played.__doc__ = """A recorded play: the frames before each click, and the end (a Frame with step None)."""


def record(board, rule=None, look=False):
    """Play `board` with the contest player and keep a Frame before every click and stop.

    The player reports a Step before each guess and before each batch of clicks it
    knows are safe (cell None: every cell of step.safe is clicked next); the judge's
    log says which cells those clicks were, so each click gets the Step in force
    before it, with its own cell.
    """
    task = task_of(board, rule)
    judge = Judge(board)
    seen = []  # (Step, clicks made before it)

    def watch(step):
        seen.append((step, len(judge.clicks)))

    play(task, judge.view(), look=look, watch=watch)
    clicks = list(judge.clicks)
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
    if seen and seen[-1][0].kind == "stop":
        frames.append(Frame(seen[-1][0], *running[-1]))
    final = Frame(None, *running[-1])
    return Played(board, task, task.rule.year, clicks, frames, final)


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
