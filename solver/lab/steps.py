"""What `advise` prints for the entrant to do: the commands that make the files it
advises (in RUNS_FOLDER: `bundlebuild`), for an ADC2025 pack it picked and for an
ADC2026 session it planned, each a line 'WHAT: COMMAND'."""

import shlex

from ..official.names import pack_name
from .bundlebuild import SCRIPT_NAME, build_step, runs_path

SESSION_FOLDER = "session"  # the pieces' folder, in RUNS_FOLDER


def pick_steps(pick, budget, form, rule=2025):
    """The lines that make the picked pack (a Prediction) and the script, and say how to run
    them: one paiza.IO run, the pack (compact, or its text) on the input box."""
    name = pack_name(pick.count, pick.mode, pick.difficulty)
    text = runs_path(name + ".txt")
    given = runs_path(name + ".compact.txt") if form == "compact" else text
    make = "mkdir -p %s && python3 -m solver gen %d %s %s%s > %s" % (
        runs_path(), pick.count, pick.mode, pick.difficulty, "" if rule == 2025 else " --format %d" % rule, text)
    if form == "compact":
        make += " && python3 -m solver compact %s --out %s" % (text, given)
    yield "make: %s" % make
    yield "build: %s" % build_step(budget)
    yield "run: paste %s into paiza.IO's Main.py and %s (%d bytes) into its input box; one run; stdout is the " \
          "select list, stderr's last line the boards, seconds and score" % (runs_path(SCRIPT_NAME), given, pick.bytes)


def session_steps(plan, pack):
    """The lines that build the script with the plan's budget, cut the pack and sum the
    session's runs (the pieces `plan` leaves out left out)."""
    folder = runs_path(SESSION_FOLDER)
    script = runs_path(SCRIPT_NAME)
    yield "build: %s" % build_step(plan.budget)
    yield "split: python3 -m solver split %s --out %s" % (shlex.quote(pack), folder)
    skipped = " (not %s)" % ", ".join(plan.left_out) if plan.left_out else ""
    yield "run: each piece%s as its own paiza.IO run of %s; save stdout as %s/pieceNN.out and stderr as " \
          "%s/pieceNN.err (here: for p in %s/piece*.txt; do python3 %s < $p > ${p%%.txt}.out 2> ${p%%.txt}.err; done)" % (
              skipped, script, folder, folder, folder, script)
    numbers = ",".join(name[len("piece") : -len(".txt")].lstrip("0") for name in plan.left_out)
    yield "tally: python3 -m solver tally %s%s --csv %s" % (folder, " --left-out " + numbers if numbers else "",
                                                             runs_path("tab2.csv"))


def plan_lines(plan, pack):
    """The lines `advise --session` prints of a SessionPlan: one per piece, what to leave
    out, the steps, and last the session line."""
    for run in plan.runs:
        yield "%s  %d boards: %d played, %.4f points, %.3f s" % (run.name, run.boards, run.played, run.points, run.wall)
    if plan.left_out:
        yield "leave out %s: their runs' start and end are worth more as play on the other pieces" % ", ".join(
            plan.left_out)
    yield from session_steps(plan, pack)
    yield "session: %d runs of at most %d lines, budget %.3f s a run, predicted %d points" % (
        len(plan.runs), plan.max_lines, plan.budget, round(plan.points))
