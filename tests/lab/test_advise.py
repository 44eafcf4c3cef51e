"""Tests for the pack advisor: packshape (a pack's shape and size without generating it),
bundlerun (the contest bundle as a black box), forecast (the model) and advise (ranking,
rehearsals, the command).  Timing is not asserted (it is measured, not tested); what is
asserted is that sizes are the official downloads', that the model's arithmetic is what
it says, and that the command prints what its help promises."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from solver.contest.paiza import BUDGET_SECONDS
from solver.contest.timeplan import DEFAULT_BUDGET_SECONDS
from solver.lab import advise
from solver.lab.bundlebuild import rehearsed_bundle
from solver.lab.bundlerun import baked_budget, run_bundle
from solver.lab.compactsize import Fitted, fit_exactly, generated
from solver.lab.forecast import Curve, StartModel, curve_total, interpolate, pack_of, rehearsal_text
from solver.lab.packshape import header_pack, largest_within, pack_bytes, pack_headers, pack_sizes, shapes
from solver.official.compacting import compact_pack
from solver.official.generator import generate_pack, pack_text
from solver.official.names import name_fields
from solver.official.packindex import index_pack
from solver.official.packs import read_pack

PROJECT_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("mode, difficulty, count, form", [
    ("both", "low", 1500, 2025), ("none", "ultra", 1200, 2025), ("center", "middle", 800, 2026), ("auto", "serious", 1000, 2025),
])
def test_shapes_and_sizes_are_the_official_packs(mode, difficulty, count, form):
    boards = generate_pack(count, mode, difficulty, form)
    assert [(w, h) for w, h, _ in shapes(count, difficulty)] == [(b.width, b.height) for b in boards]
    headers = pack_headers(count, mode, difficulty, form)
    for header, board in zip(headers, boards):
        named, official = name_fields(header.split()[-1]), name_fields(board.name)
        assert named._replace(seed=0) == official._replace(seed=0)
        assert abs(named.seed - official.seed) <= 0.03 * official.seed + 20  # expected draws, not the drawn ones
    real = len(pack_text(boards).encode("utf-8"))
    assert abs(pack_bytes(count, mode, difficulty, form) - real) <= 0.0002 * real
    assert pack_sizes((count // 2, count), mode, difficulty, form) == {
        count // 2: pack_bytes(count // 2, mode, difficulty, form), count: pack_bytes(count, mode, difficulty, form)}


def test_header_pack_is_the_packs_headers_and_size():
    text = header_pack(700, "corner", "high")
    assert index_pack(text).headers == pack_headers(700, "corner", "high")
    assert len(text.encode("utf-8")) == pack_bytes(700, "corner", "high")


def test_pack_of_repeats_the_boards_under_new_official_names():
    boards = generate_pack(30, "both", "middle")
    text, named = pack_of(boards, 3)
    read, errors = read_pack(text)
    assert errors == [] and len(read) == 90 and len({b.name for b in read}) == 90
    for k, board in enumerate(read):
        original = boards[k % 30]
        assert board.cells == original.cells and named[board.name] is original
        assert name_fields(board.name)._replace(seed=0) == name_fields(original.name)._replace(seed=0)
    assert len(read_pack(pack_of(boards, count=45)[0])[0]) == 45


def test_a_rehearsal_is_the_packs_headers_over_boards_of_their_shapes():
    sample = generate_pack(150, "both", "high")
    text = rehearsal_text(2500, "both", "high", sample)
    boards, errors = read_pack(text)
    assert errors == [] and len({b.name for b in boards}) == 2500  # every board well formed, names unique
    assert index_pack(text).headers == pack_headers(2500, "both", "high")
    assert len(text.encode("utf-8")) == pack_bytes(2500, "both", "high")
    rows = {b.cells for b in sample}
    assert sum(b.cells in rows for b in boards[:150]) >= 50  # the sample's own boards where they fit
    assert all(b.cells.count(9) == name_fields(b.name).mines for b in boards)


def test_interpolate_and_start_model():
    pairs = [(0.0, 0.0), (1.0, 10.0), (3.0, 20.0)]
    assert interpolate(pairs, 2.0) == 15.0 and interpolate(pairs, -1.0) == 0.0
    assert interpolate(pairs, 5.0) == 30.0  # the last chord goes on
    model = StartModel([(1e6, 0.2), (1e5, 0.1)])
    assert model.at(7, 5.5e5) == pytest.approx(0.15) and model.at(7, 1.9e6) == pytest.approx(0.3)
    by_boards = StartModel([(1000, 0.05), (11000, 0.15)], by="boards")  # a compact pack's start goes by its boards
    assert by_boards.at(6000, 1e9) == pytest.approx(0.1)


def test_curve_total_scales_warm_time_and_score_but_not_cold_time():
    curve = Curve([(0.0, 0.0, 0.0), (0.01, 0.005, 100.0), (0.02, 0.005, 150.0)], False, 0.0, 400.0, 100)
    # 1,000 boards: (0.01 * 10 + 0.005, 1,000) and (0.205, 1,500)
    total, beyond = curve_total(curve, 1000, 0.155)
    assert total == pytest.approx(1250.0) and not beyond
    total, beyond = curve_total(curve, 1000, 10.0)
    assert beyond and total == pytest.approx(4000.0)  # the ceiling: 400 a sample, times 10
    saturated = curve._replace(saturated=True)
    assert curve_total(saturated, 1000, 10.0) == (1500.0, False)


def test_the_bundle_runs_as_a_black_box():
    boards = generate_pack(20, "both", "low")
    run = run_bundle(pack_text(boards), 0)
    assert (run.played, run.boards) == (20, 20) and run.score > 0 and run.seconds > 0
    assert len(read_pack(run.select.replace("\n\n", "\n"))[1]) >= 0 and boards[0].name in run.select
    assert baked_budget() == BUDGET_SECONDS


def test_rehearse_best_rehearses_until_the_best_is_rehearsed(monkeypatch):
    made = []

    def fake_rehearse(count, mode, difficulty, boards, form=2025, budget=None, runner=None):
        made.append(count)
        return {4000: 50.0, 3000: 90.0, 2000: 80.0}.get(count, 1.0)

    monkeypatch.setattr(advise, "rehearse", fake_rehearse)
    P = advise.Prediction
    predictions = [P(1000, "both", "low", 60.0, 100, "scaled", 1000), P(2000, "both", "low", 100.0, 200, "scaled", 2000),
                   P(3000, "both", "low", 90.0, 300, "scaled", 3000), P(4000, "both", "low", 200.0, 400, "scaled", 4000)]
    order, ratio, rehearsed = advise.rehearse_best(predictions, {("both", "low"): []}, max_bytes=350)
    assert [p.count for p in order] == [3000, 2000, 1000]  # 4000 is over the byte limit
    assert made == [2000, 3000] and rehearsed == 2
    assert ratio == pytest.approx((0.8 + 1.0) / 2)
    assert order[2].points == pytest.approx(60.0 * ratio) and order[2].how == "scaled"
    assert [p.how for p in order[:2]] == ["rehearsed", "rehearsed"]


def test_the_pick_is_fitted_on_its_exact_size_and_rehearsed_at_its_count(monkeypatch):
    # the estimate said 3000 boards; generated, 3100 fit: that count is rehearsed and ranked
    monkeypatch.setattr(advise, "fit_exactly", lambda count, mode, difficulty, rule, form, max_bytes, progress: Fitted(
        3100, "x" * 400, "y" * 299, 299))
    monkeypatch.setattr(advise, "rehearse", lambda count, *args, **kwargs: 95.0 if count == 3100 else 1.0)
    P = advise.Prediction
    order = [P(3000, "both", "low", 90.0, 300, "rehearsed", 3000), P(2000, "both", "high", 80.0, 200, "rehearsed", 2000)]
    ranked, pick = advise.exact_pick(order, {("both", "low"): []}, max_bytes=300)
    assert pick.count == 3100 and ranked[0] == P(3100, "both", "low", 95.0, 299, "rehearsed", 400)
    assert advise.exact_pick(order, {}, max_bytes=None) == (order, None)


def test_fit_exactly_finds_the_largest_pack_within_the_limit_in_either_form():
    for form, limit in (("compact", 12000), ("text", 60000)):
        fitted = fit_exactly(500, "both", "middle", form=form, max_bytes=limit)
        assert fitted.count % 10 == 0 and fitted.size <= limit < generated(fitted.count + 10, "both", "middle", 2025, form).size
        assert fitted.text == pack_text(generate_pack(fitted.count, "both", "middle"))
        assert fitted.given == (compact_pack(fitted.text).text if form == "compact" else fitted.text)


def test_advise_rehearses_the_budget_it_is_told_whatever_dist_holds(tmp_path):
    # after `build.py --budget 0.177` an ADC2025 advice rehearsed that bundle without a word (issue 46, item 11)
    assert advise.run_budget(2.0) == DEFAULT_BUDGET_SECONDS and advise.run_budget(1.5) == pytest.approx(1.4)
    with rehearsed_bundle(1.4) as bundle:
        assert baked_budget(bundle) == 1.4 and Path(bundle).parent != PROJECT_ROOT / "dist"
        folder = Path(bundle).parent
    assert not folder.exists()


def test_advise_prints_a_header_then_a_pack_a_line_best_first_how_it_was_measured_and_the_steps():
    done = subprocess.run(
        [sys.executable, "-m", "solver", "advise", "--modes", "both", "--difficulties", "low", "--counts", "1000,3000",
         "--sample", "60", "--seconds", "0.7", "--top", "5", "--max-bytes", "30000", "--check", "1"],
        cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=300,
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "count mode difficulty predicted compact_bytes", done.stderr  # (no header before: issue 46, item 15)
    packs = [line.split() for line in lines[1:] if line[:1].isdigit()]
    rest = lines[1 + len(packs):]
    assert [line.split(":")[0] for line in rest[1:5]] == ["pick", "make", "build", "run"]
    assert rest[0].startswith("measured on this machine") and "bytes counted: the compact form" in rest[0]
    # the check: exit status 0 when the real run lands within 25%, 1 when not (timing is not tested)
    assert len(rest) == 6 and re.match(r"check board_pack_\d+_both_low \(compact, one run each\): predicted \S+, real \S+ "
                                       r"\(median", rest[5])
    assert done.returncode == (0 if rest[5].endswith("within 25%") else 1)
    assert int(packs[0][0]) % 10 == 0 and all(p[1:3] == ["both", "low"] for p in packs)
    assert all(int(p[4]) <= 30000 for p in packs) and float(packs[0][3]) >= float(packs[-1][3]) > 0
    pick = generated(int(packs[0][0]), "both", "low", 2025, "compact")
    assert int(packs[0][4]) == pick.size and "%d bytes compact, exact" % pick.size in rest[1]
    assert rest[3] == "build: python3 build.py --budget 0.600 --out runs/paiza_main.py"
    # off a terminal no progress is drawn: stderr holds at most the busy machine's warning
    assert all(line.startswith("warning: other jobs") for line in done.stderr.splitlines()), done.stderr


@pytest.mark.parametrize("mode,difficulty,limit", [("both", "middle", 1_500_000), ("corner", "low", 200_000), ("none", "ultra", 31_000)])
def test_the_largest_pack_within_a_byte_limit_is_at_the_official_step(mode, difficulty, limit):
    count = largest_within(limit, mode, difficulty)
    assert count % 10 == 0 and count > 0
    assert pack_bytes(count, mode, difficulty) <= limit < pack_bytes(count + 10, mode, difficulty)


def test_a_byte_limit_keeps_the_counts_within_and_adds_the_largest_pack_that_fits():
    assert advise.counts_within((1000, 20000), None, "both", "middle") == (1000, 20000)
    fit = largest_within(1_500_000, "both", "middle", most=20000)
    assert 1000 < fit < 20000  # about 8,500 boards: between the grid's counts
    assert advise.counts_within((1000, 20000), 1_500_000, "both", "middle") == (1000, fit)
    assert largest_within(10, "both", "middle") == 0  # not even ten boards fit
    # counted compact (a tenth of the text): the limit holds about ten times the boards
    compact = advise.counts_within((1000, 20000), 150_000, "both", "middle", ratio=0.1)
    assert compact == (1000, fit)
