"""The session plan (advise --session) fitted on runs the test makes up: a run lives a
fixed time past its budget (or past its own end, when it ends first) and plays points in
proportion to its play, so the plan's arithmetic is checked without the machine's speed
deciding anything."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.contest.timeplan import CONTEST_SECONDS
from solver.lab import sessionplan as session
from solver.lab.bundlerun import Run
from solver.lab.steps import plan_lines
from solver.official.generator import generate_pack
from solver.official.packs import format_pack


class FakeRunner:
    """A runner whose run lives `over` seconds past its budget (or past `finish`, when it
    ends first: every board played) and makes points_per_second for each second of
    play after `start`."""

    def __init__(self, over, points_per_second, start=0.0, finish=None):
        self.over, self.rate, self.start, self.finish, self.calls = over, points_per_second, start, finish, []

    def run(self, piece, budget):
        self.calls.append(budget)
        ends = budget if self.finish is None else min(budget, self.finish)
        played = 20 if self.finish is not None and self.finish <= budget else 10
        return Run(played, 20, ends, max(0.0, ends - self.start) * self.rate, "", "", ends + self.over)


def pack_bytes(count=40):
    return format_pack(generate_pack(count, "none", "high", 2026)).encode("ascii")


def plan_with(runner, **kwargs):
    return session.plan_session(pack_bytes(), max_lines=60, runner=runner, **kwargs)


def test_the_budget_fills_the_two_seconds_less_the_margin():
    runner = FakeRunner(over=0.021, points_per_second=1000.0)
    plan = plan_with(runner)
    count = len(plan.runs)
    assert count > 3 and not plan.left_out
    assert 2.0 - session.MARGIN_SECONDS - session.FIT_SECONDS <= plan.wall <= 2.0 - session.MARGIN_SECONDS
    assert plan.budget == pytest.approx((2.0 - session.MARGIN_SECONDS) / count - 0.021, abs=1e-3)
    # a guess and the fit, then the same for the session without its weakest piece (not kept)
    assert plan.rehearsals == 4 and len(runner.calls) == 2 * count + 2 * (count - 1)
    assert plan.points == pytest.approx(count * plan.budget * 1000.0)


def test_a_piece_is_left_out_when_its_runs_start_is_worth_more_as_play():
    # each run plays nothing for its first 0.1 s: fewer runs waste less of the two seconds
    plan = plan_with(FakeRunner(over=0.02, points_per_second=1000.0, start=0.1))
    assert plan.left_out and len(plan.runs) + len(plan.left_out) > len(plan.runs)
    lines = list(plan_lines(plan, "pack.txt"))
    assert lines[-1].startswith("session: %d runs of at most 60 lines, budget " % len(plan.runs))
    assert any(text.startswith("leave out piece") for text in lines)
    numbers = ",".join(name[5:-4].lstrip("0") for name in plan.left_out)
    assert "tally: python3 -m solver tally runs/session --left-out %s --csv runs/tab2.csv" % numbers in lines


@settings(max_examples=25, deadline=None)
@given(st.floats(0.002, 0.06), st.one_of(st.none(), st.floats(0.01, 1.5)), st.sampled_from([1.0, 2.0, 5.0]))
def test_every_budget_printed_builds_and_the_runs_fit_the_limit(over, finish, seconds):
    # a pack the bundle finishes early made budgets of 5.806 s a run (issue 46, item 8)
    runner = FakeRunner(over=over, points_per_second=1000.0, finish=finish)
    try:
        plan = plan_with(runner, seconds=seconds)
    except ValueError as exc:
        assert "do not fit" in str(exc)
        return
    lines = list(plan_lines(plan, "pack.txt"))
    printed = re.search(r"--budget ([0-9.]+) --out runs/paiza_main\.py$", next(x for x in lines if x.startswith("build: ")))
    budget = float(printed.group(1)) if printed else 1.9  # (the default budget is not said)
    assert budget == plan.budget and 0 < budget < CONTEST_SECONDS  # what build.py accepts
    lives = sum(run.over for run in plan.runs)
    assert len(plan.runs) * budget + lives <= seconds - session.MARGIN_SECONDS + 1e-9


def test_runs_that_cannot_fit_are_refused():
    with pytest.raises(ValueError, match="do not fit"):
        plan_with(FakeRunner(over=0.5, points_per_second=1.0))


def test_the_steps_work_in_a_folder_of_their_own():
    # the documented steps wrote session/ into the repository and overwrote dist/ (issue 46, item 12)
    plan = plan_with(FakeRunner(over=0.021, points_per_second=1000.0))
    lines = list(plan_lines(plan, "board_pack_10000_prog.txt"))
    steps = {line.split(":", 1)[0]: line.split(": ", 1)[1] for line in lines if not line.startswith("piece")}
    assert steps["build"] == "python3 build.py --budget %.3f --out runs/paiza_main.py" % plan.budget
    assert steps["split"] == "python3 -m solver split board_pack_10000_prog.txt --out runs/session"
    assert steps["tally"] == "python3 -m solver tally runs/session --csv runs/tab2.csv"
    assert "python3 runs/paiza_main.py < $p > ${p%.txt}.out 2> ${p%.txt}.err" in steps["run"]
