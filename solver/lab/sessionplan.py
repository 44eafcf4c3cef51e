"""The plan of a paiza.IO session: a pack too big for one run, played in pieces.

The ADC2026 entrants cut the official pack into pieces of about 12,400 lines and
ran the program once per piece; what they report is the sum of the runs' times,
which must stay within paiza.IO's 2 seconds.  Every run pays its own start (the
interpreter, the script, reading and planning its piece) and its own end (the last
board, writing the list, the exit), so the budget a run gets for play is what is
left of its share once those are paid.

`plan_session` finds that budget by rehearsal: it runs the bundle on every piece,
each a fresh process as paiza.IO runs it, measures how long each run's process lives
past its budget (`over`: the exit, and what comes before the process's clock starts;
a run that ends before its budget lives that long past its own end), and gives each
run an equal share of SESSION_SECONDS less the margin and those: the runs' budgets
and what they live past them always sum within the limit, whether a run plays to its
deadline or ends early, so the budget is one `build.py --budget` accepts.  The
session is run again at that budget until it fills the time; the points it makes are
the prediction.  Then it tries leaving out the piece that makes the fewest points
(its start and end are then spent on the others' play instead) while that makes
more.  A run's budget is baked into the bundle (`build.py --budget`): paiza.IO gives
the program no arguments, and one build serves every piece.
"""

import math
from collections import namedtuple

from ..contest.timeplan import CONTEST_SECONDS, DEFAULT_BUDGET_SECONDS, WALL_BAR_SECONDS
from ..official.pieces import cut_pack, piece_names
from .bundlebuild import rehearsed_bundle
from .bundlerun import DEFAULT_RUNNER, Runner

SESSION_SECONDS = CONTEST_SECONDS  # paiza.IO's limit, for the runs' times summed
MARGIN_SECONDS = CONTEST_SECONDS - WALL_BAR_SECONDS  # kept of it, as of a single run's
LEAST_BUDGET = 0.03  # a budget below this plays next to nothing after the run's start
TRIAL_OVER = 0.03  # a guess of a run's time past its budget, for the first rehearsal
MOST_REHEARSALS = 8  # of the session, in all
FIT_SECONDS = 0.04  # the runs' summed wall time is fitted to the limit less the margin, this much under at most
# (eleven runs' wall times vary by a few hundredths of a second together: the start's
# clock tick, the machine)
# A piece is left out only when the session without it makes this share more points: two
# rehearsals of one session differ by a percent or two on a quiet machine.
LEAVE_OUT_GAIN = 0.02

PieceRun = namedtuple("PieceRun", "name boards played points wall seconds over")
PieceRun.__doc__ = """One piece's run in a rehearsal: its file name, boards, boards played,
points, the process's wall seconds, the run's own seconds (its clock, from process
start) and how long the process lived past its budget (past its own end, when it
ended before the budget)."""

MAX_PACK_BYTES = 160 * 1000 * 1000  # as the entry reads a pack


def read_session_pack(path):
    """The bytes of the pack to plan a session of; OSError said as ValueError, one line."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_PACK_BYTES + 1)
    except OSError as exc:
        raise ValueError("cannot read %s: %s" % (path, exc.strerror)) from None
    if len(data) > MAX_PACK_BYTES:
        raise ValueError("%s is larger than %d MB" % (path, MAX_PACK_BYTES // 10**6))
    return data


SessionPlan = namedtuple("SessionPlan", "max_lines budget runs left_out points wall rehearsals")
SessionPlan.__doc__ = """A session to run: pieces of at most `max_lines` lines, each run with
`budget` seconds (from its process start; whole milliseconds, as build.py is given it);
`runs`: the PieceRuns of its rehearsal at that budget (the pieces played), `left_out`:
the names of the pieces better not run; the points and summed wall seconds of that
rehearsal; how many session rehearsals it took."""


def rehearse(pieces, names, budget, runner=DEFAULT_RUNNER):
    """The PieceRuns of one session: each piece (bytes) run by the bundle in a fresh
    process with `budget` seconds (None: the bundle's own)."""
    out = []
    for name, piece in zip(names, pieces):
        run = runner.run(piece, budget)
        own = run.seconds if budget is None else min(run.seconds, budget)
        out.append(PieceRun(name, run.boards, run.played, run.score, run.wall, run.seconds, max(0.0, run.wall - own)))
    return out


def floor_ms(seconds):
    """Seconds rounded down to a whole millisecond (the budget build.py is given)."""
    return math.floor(seconds * 1000 + 1e-9) / 1000


def most_budget(runs, seconds=SESSION_SECONDS):
    """The largest budget (whole ms) the runs may each be given: their count times it,
    plus what each lived past its budget, within `seconds` less the margin."""
    return floor_ms((seconds - MARGIN_SECONDS - sum(run.over for run in runs)) / len(runs))


def _fitted(rehearse_at, count, seconds, counter, progress=None):
    """(budget, PieceRuns) of `count` runs (rehearse_at(budget) runs them): rehearsed
    until the budget is the most the runs allow (`most_budget`), FIT_SECONDS in all under
    it at most.  `counter`: [rehearsals made so far in the plan]."""
    budget = floor_ms((seconds - MARGIN_SECONDS) / count - TRIAL_OVER)
    within = None  # the last (budget, runs) that fitted, if the fit does not settle
    while counter[0] < MOST_REHEARSALS:
        if budget < LEAST_BUDGET:
            raise ValueError("%d runs do not fit in %.2f s: each would get %.3f s after its start; cut the pack "
                             "into fewer pieces (--max-lines)" % (count, seconds, budget))
        runs = rehearse_at(budget)
        counter[0] += 1
        most = most_budget(runs, seconds)
        if progress:
            progress("rehearsal %d: %d runs at %.3f s: %.1f points in %.3f s (at most %.3f s a run)" % (
                counter[0], count, budget, sum(run.points for run in runs), sum(run.wall for run in runs), most))
        if budget <= most:
            within = budget, runs
            if most - budget <= FIT_SECONDS / count:
                return within
            budget = most
        else:  # (a little under: the runs' exits vary from one rehearsal to the next)
            budget = floor_ms(most - FIT_SECONDS / (2 * count))
    if within is not None:
        return within
    raise ValueError("the runs' time did not settle within %d rehearsals: the machine may be busy" % MOST_REHEARSALS)


def plan_session(data, max_lines, python=None, seconds=SESSION_SECONDS, progress=None, runner=None):
    """The SessionPlan of a pack's bytes cut into pieces of at most `max_lines` lines,
    rehearsed by `runner` (its bundle given each budget through SOLVER_BUDGET; None: the
    bundle built now from these sources, run by `python`).  ValueError when even the least
    budget does not fit the runs in `seconds`; RuntimeError when the bundle cannot be
    built or run."""
    if runner is None:
        with rehearsed_bundle(DEFAULT_BUDGET_SECONDS) as bundle:
            return plan_session(data, max_lines, python, seconds, progress, Runner(bundle, "text", python))
    pieces = [piece.data for piece in cut_pack(data, max_lines)]
    names = piece_names(len(pieces))
    counter = [0]

    def fitted(chosen):
        def rehearse_at(budget):
            return rehearse([pieces[k] for k in chosen], [names[k] for k in chosen], budget, runner)

        return _fitted(rehearse_at, len(chosen), seconds, counter, progress)

    chosen = list(range(len(pieces)))
    budget, runs = fitted(chosen)
    best = SessionPlan(max_lines, budget, runs, [], sum(r.points for r in runs), sum(r.wall for r in runs), 0)
    while len(chosen) > 1 and counter[0] < MOST_REHEARSALS:
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
    return best._replace(rehearsals=counter[0])


SESSION_TOLERANCE = 0.10  # the check's bound on |real - predicted| / predicted


def check_session(data, plan, sessions=3, python=None, runner=None):
    """The points of `sessions` real sessions run as the plan says (its pieces, left-out
    ones skipped, each run a fresh process of the bundle built now with the plan's budget,
    run by `python`, as the entrant runs it; or of `runner`'s bundle, with its own)."""
    if runner is None:
        with rehearsed_bundle(plan.budget) as bundle:
            return check_session(data, plan, sessions, python, Runner(bundle, "text", python))
    pieces = cut_pack(data, plan.max_lines)
    names = piece_names(len(pieces))
    chosen = [(name, piece.data) for name, piece in zip(names, pieces) if name not in plan.left_out]
    totals = []
    for _ in range(sessions):
        runs = rehearse([piece for _, piece in chosen], [name for name, _ in chosen], None, runner)
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
