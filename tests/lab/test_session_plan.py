"""The session plan (advise --session) fitted on runs the test makes up: a run lives a
fixed time past its budget and plays points in proportion to its budget, so the plan's
arithmetic is checked without the machine's speed deciding anything."""

import pytest

from solver.lab import sessionplan as session
from solver.lab.bundlerun import Run
from solver.official.generator import generate_pack
from solver.official.packs import format_pack


def fake_runs(monkeypatch, over, points_per_second, start=0.0):
    """run_bundle replaced: a run lives `over` seconds past its budget and makes
    points_per_second for each second of budget after `start`."""
    calls = []

    def run_bundle(piece, budget, bundle=None, python=None):
        calls.append(budget)
        points = max(0.0, budget - start) * points_per_second
        return Run(10, 20, budget, points, "", "", budget + over)

    monkeypatch.setattr(session, "run_bundle", run_bundle)
    return calls


def pack_bytes(count=40):
    return format_pack(generate_pack(count, "none", "high", 2026)).encode("ascii")


def test_the_budget_fills_the_two_seconds_less_the_margin(monkeypatch):
    calls = fake_runs(monkeypatch, over=0.021, points_per_second=1000.0)
    plan = session.plan_session(pack_bytes(), max_lines=60)
    count = len(plan.runs)
    assert count > 3 and not plan.left_out
    assert 2.0 - session.MARGIN_SECONDS - session.FIT_SECONDS <= plan.wall <= 2.0 - session.MARGIN_SECONDS / 2
    assert plan.budget == pytest.approx((2.0 - session.MARGIN_SECONDS) / count - 0.021)
    # a guess and the fit, then the same for the session without its weakest piece (not kept)
    assert plan.rehearsals == 4 and len(calls) == 2 * count + 2 * (count - 1)
    assert plan.points == pytest.approx(count * plan.budget * 1000.0)


def test_a_piece_is_left_out_when_its_runs_start_is_worth_more_as_play(monkeypatch):
    # each run plays nothing for its first 0.1 s: fewer runs waste less of the two seconds
    fake_runs(monkeypatch, over=0.02, points_per_second=1000.0, start=0.1)
    plan = session.plan_session(pack_bytes(), max_lines=60)
    assert plan.left_out and len(plan.runs) + len(plan.left_out) > len(plan.runs)
    line = list(session.plan_lines(plan, "pack.txt"))
    assert line[-1].startswith("session: %d runs of at most 60 lines, budget " % len(plan.runs))
    assert any(text.startswith("leave out piece") for text in line)


def test_runs_that_cannot_fit_are_refused(monkeypatch):
    fake_runs(monkeypatch, over=0.5, points_per_second=1.0)
    with pytest.raises(ValueError, match="do not fit"):
        session.plan_session(pack_bytes(), max_lines=60)
