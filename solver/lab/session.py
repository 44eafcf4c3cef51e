"""The plan of a paiza.IO session: a pack too big for one run, played in pieces.

The ADC2026 entrants cut the official pack into pieces of about 12,400 lines and
ran the program once per piece; what they report is the sum of the runs' times,
which must stay within paiza.IO's 2 seconds.  Every run pays its own start (the
interpreter, the script, reading and planning its piece) and its own end (the last
board, writing the list, the exit), so the budget a run gets for play is what is
left of its share once those are paid.

`plan_session` finds that budget by rehearsal: it runs the bundle on every piece,
each a fresh process as paiza.IO runs it, measures how long past its budget each
run's process lives (`over`: start, end and exit), gives each run an equal share of
SESSION_SECONDS less those, and runs the session again at that budget: the points
it makes are the prediction.  Then it tries leaving out the piece that makes the
fewest points (its start and end are then spent on the others' play instead) while
that makes more.  A run's budget is baked into the bundle (`build.py --budget`):
paiza.IO gives the program no arguments, and one build serves every piece.
"""

import os
from collections import namedtuple

from ..official.pieces import cut_pack, piece_names
from .bundlerun import BUNDLE, run_bundle

SESSION_SECONDS = 2.0  # paiza.IO's limit, for the runs' times summed
MARGIN_SECONDS = 0.05  # kept of it: the single run's bar is 1.95 s of 2 (docs/measurements/contest.md, "Wall time: the budget of 1.90 s")
LEAST_BUDGET = 0.03  # a budget below this plays next to nothing after the run's start
TRIAL_OVER = 0.03  # a guess of a run's time past its budget, for the first rehearsal
MOST_REHEARSALS = 8  # of the session, in all
FIT_SECONDS = 0.04  # the runs' summed wall time is fitted to the limit less the margin, this much under at most
# (eleven runs' wall times vary by a few hundredths of a second together: the start's
# clock tick, the machine)
# A piece is left out only when the session without it makes this share more points: two
# rehearsals of one session differ by a percent or two on a quiet machine.
LEAVE_OUT_GAIN = 0.02

PieceRun = namedtuple("PieceRun", "name boards played points wall")
PieceRun.__doc__ = """One piece's run in a rehearsal: its file name, boards, boards played,
points, and the process's wall seconds."""

SessionPlan = namedtuple("SessionPlan", "max_lines budget runs left_out points wall rehearsals")
SessionPlan.__doc__ = """A session to run: pieces of at most `max_lines` lines, each run with
`budget` seconds (from its process start); `runs`: the PieceRuns of its rehearsal at that
budget (the pieces played), `left_out`: the names of the pieces better not run; the
points and summed wall seconds of that rehearsal; how many session rehearsals it took."""


def rehearse(pieces, names, budget, python=None, bundle=BUNDLE):
    """The PieceRuns of one session: each piece (bytes) run by the bundle in a fresh
    process with `budget` seconds."""
    out = []
    for name, piece in zip(names, pieces):
        run = run_bundle(piece, budget, bundle, python)
        out.append(PieceRun(name, run.boards, run.played, run.score, run.wall))
    return out


def _budget_for(over, runs, seconds):
    """The equal budget of `runs` runs whose processes live `over` seconds past it, all
    within `seconds` less the margin."""
    return (seconds - MARGIN_SECONDS - over * runs) / runs


def plan_session(data, max_lines, python=None, bundle=BUNDLE, seconds=SESSION_SECONDS, progress=None):
    """The SessionPlan of a pack's bytes cut into pieces of at most `max_lines` lines.
    ValueError when even the least budget does not fit the runs in `seconds`."""
    pieces = [piece.data for piece in cut_pack(data, max_lines)]
    names = piece_names(len(pieces))
    rehearsals = 0

    def fitted(chosen):
        """(budget, PieceRuns) of the pieces at `chosen`: rehearsed until their summed wall
        time is within FIT_SECONDS under the limit less the margin."""
        nonlocal rehearsals
        count, target = len(chosen), seconds - MARGIN_SECONDS
        budget = _budget_for(TRIAL_OVER, count, seconds)
        within = None  # the last (budget, runs) whose time fitted the limit, if the fit does not settle
        while rehearsals < MOST_REHEARSALS:
            if budget < LEAST_BUDGET:
                raise ValueError("%d runs do not fit in %.2f s: each would get %.3f s after its start; cut the pack "
                                 "into fewer pieces (--max-lines)" % (count, seconds, budget))
            runs = rehearse([pieces[k] for k in chosen], [names[k] for k in chosen], budget, python, bundle)
            rehearsals += 1
            wall = sum(run.wall for run in runs)
            if progress:
                progress("rehearsal %d: %d runs at %.3f s: %.1f points in %.3f s" % (
                    rehearsals, count, budget, sum(run.points for run in runs), wall))
            if target - FIT_SECONDS <= wall <= target + MARGIN_SECONDS / 4:
                return budget, runs
            if wall <= target:
                within = budget, runs
            over = (wall - budget * count) / count  # how long each run lived past its budget, on average
            budget = _budget_for(over, count, seconds)
        if within is not None:
            return within
        raise ValueError("the runs' time did not settle within %d rehearsals: the machine may be busy" % MOST_REHEARSALS)

    chosen = list(range(len(pieces)))
    budget, runs = fitted(chosen)
    best = SessionPlan(max_lines, budget, runs, [], sum(r.points for r in runs), sum(r.wall for r in runs), 0)
    while len(chosen) > 1 and rehearsals < MOST_REHEARSALS:
        weakest = min(range(len(chosen)), key=lambda k: runs[k].points)
        trial = chosen[:weakest] + chosen[weakest + 1 :]
        try:
            trial_budget, trial_runs = fitted(trial)
        except ValueError:
            break
        points = sum(r.points for r in trial_runs)
        if points <= best.points * (1 + LEAVE_OUT_GAIN):  # (within the rehearsals' noise: keep every piece)
            break
        chosen, budget, runs = trial, trial_budget, trial_runs
        left = sorted(set(names) - {names[k] for k in chosen})
        best = SessionPlan(max_lines, budget, runs, left, points, sum(r.wall for r in runs), 0)
    return best._replace(rehearsals=rehearsals)


def plan_lines(plan, pack_name):
    """The lines `advise --session` prints of a SessionPlan: one per piece, what to leave
    out, how to build, and last the session line."""
    for run in plan.runs:
        yield "%s  %d boards: %d played, %.4f points, %.3f s" % (run.name, run.boards, run.played, run.points, run.wall)
    if plan.left_out:
        yield "leave out %s: their runs' start and end are worth more as play on the other pieces" % ", ".join(
            plan.left_out)
    yield "build: python3 build.py --budget %.3f   (then run dist/paiza_main.py on each piece of %s)" % (
        plan.budget, os.path.basename(pack_name))
    yield "session: %d runs of at most %d lines, budget %.3f s a run, predicted %d points" % (
        len(plan.runs), plan.max_lines, plan.budget, round(plan.points))


SESSION_TOLERANCE = 0.10  # the check's bound on |real - predicted| / predicted


def check_session(data, plan, sessions=3, python=None, bundle=BUNDLE):
    """The points of `sessions` real sessions run as the plan says (its pieces, left-out
    ones skipped, each run a fresh process at the plan's budget)."""
    pieces = cut_pack(data, plan.max_lines)
    names = piece_names(len(pieces))
    chosen = [(name, piece.data) for name, piece in zip(names, pieces) if name not in plan.left_out]
    totals = []
    for _ in range(sessions):
        runs = rehearse([piece for _, piece in chosen], [name for name, _ in chosen], plan.budget, python, bundle)
        totals.append(sum(run.points for run in runs))
    return totals


def session_check_line(plan, real):
    """The line `advise --session --check` ends with: the prediction against the real sessions."""
    middle = sorted(real)[len(real) // 2]
    off = (middle - plan.points) / plan.points if plan.points else 0.0
    return "check: predicted %d points, real sessions %s (median %d, %+.1f%%): %s" % (
        round(plan.points), " ".join("%d" % round(t) for t in real), round(middle), 100 * off,
        "within %d%%" % round(100 * SESSION_TOLERANCE) if abs(off) <= SESSION_TOLERANCE else "MORE THAN %d%% OFF" % round(
            100 * SESSION_TOLERANCE))
