"""Tests for solver.contest.plan: which boards a budgeted run plays.

The plan reads headers only; it must keep every board when time allows, prefer the
boards worth most points per second when it does not, and leave the select list in
pack order.  Its predictions are checked against boards the generator makes.
"""

import io
import re
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.judging import oracle_2025
from support.passing import passing_over
from support.virtual_clock import VirtualClock

from solver.contest import batch
from solver.contest.batch import INDEX_SHARE, Run, Settings, solve_text
from solver.contest.chunks import play_chunks
from solver.contest.plan import Plan, expected_seconds, header_facts, header_shapes
from solver.official import packindex
from solver.official.generator import generate_board, generate_pack
from solver.official.names import KEY_BLOCK, shape_keys
from solver.official.packindex import index_pack
from solver.official.packs import format_pack, read_pack
from solver.official.rules import RULES
from solver.official.selects import read_select


@pytest.mark.parametrize("width, height, mines", [(9, 9, 10), (16, 16, 40), (19, 7, 25), (5, 12, 9)])
def test_expected_digit_sum_is_the_mean_of_generated_boards(width, height, mines):
    boards = [generate_board(width, height, mines, seed, "none") for seed in range(1, 201)]
    mean = sum(oracle_2025(board) for board in boards) / len(boards)
    assert RULES[2025].expected_best(width, height, mines) == pytest.approx(mean, rel=0.03)


def test_header_facts_of_both_forms():
    assert header_facts(["9", "9", "board_9x9_10_123_both"]) == (9, 9, 10, 2025, True)
    assert header_facts(["9", "9", "board_9x9_10_123_none"]) == (9, 9, 10, 2025, False)
    assert header_facts(["9", "9", "my_board"]) == (9, 9, None, 2025, False)
    assert header_facts(["9", "9", "12", "board_9x9_12_5_none"]) == (9, 9, 12, 2026, False)
    assert header_facts(["9", "9"]) is None
    assert header_facts(["9x", "9", "name"]) is None


official_lines = st.builds(
    lambda w, h, m, seed, mode, form: ("%d %d %s" % (w, h, "%d " % m if form == 2026 else "")) + "board_%dx%d_%d_%d_%s" % (w, h, m, seed, mode),
    st.integers(0, 40), st.integers(0, 40), st.integers(0, 900), st.integers(0, 10**12),
    st.sampled_from(["both", "none", "auto", "corner", "center", "x", ""]), st.sampled_from([2025, 2026]),
)
other_lines = st.text(alphabet="0123456789 _xboard\t\r\x1c\x85\u3000Zé", max_size=40)
spacing = st.text(alphabet=" \t\x0b\x0c\x1c\u3000", min_size=1, max_size=3)
respaced_lines = st.builds(
    lambda line, gaps, lead, tail: lead + "".join(f + g for f, g in zip(line.split(), gaps)).rstrip() + tail,
    official_lines, st.lists(spacing, min_size=5, max_size=5), st.sampled_from(["", " ", "\t"]),
    st.sampled_from(["", " ", " extra field", "\t\t"]),
)
named_lines = st.builds(
    lambda w, h, m, name: "%d %d %s%s" % (w, h, "" if m is None else "%d " % m, name),
    st.integers(0, 40), st.integers(0, 40), st.one_of(st.none(), st.integers(0, 900)),
    st.text(alphabet="abcxyz_0123456789XÅ-+.", min_size=1, max_size=16),
)


@given(st.lists(st.one_of(official_lines, other_lines, respaced_lines, named_lines), max_size=30))
def test_a_shape_key_has_the_facts_of_its_header_line(lines):
    # the plan computes once per key: a key must tell exactly what its line tells
    keys = shape_keys(lines)
    assert len(keys) == len(lines)
    facts = {}
    for line, key in zip(lines, keys):
        assert facts.setdefault(key, header_facts(line.split())) == header_facts(line.split())


def test_headers_of_one_shape_share_a_key_whatever_their_seed_spacing_or_name():
    seeds = ["9 9 board_9x9_10_%d_both" % seed for seed in range(5)]
    spaced = ["9\t9  board_9x9_10_77_both", " 9 9 board_9x9_10_8_both  ", "9 9 board_9x9_10_1_both x"]
    assert len(set(shape_keys(seeds + spaced))) == 1
    named = ["6 6 7 board_%d" % k for k in range(50)] + ["6\t6 7 my_own_name", "6 6 7 Zed"]
    assert len(set(shape_keys(named))) == 1
    # what differs in its facts keeps its own key: the mode, the size in the name
    assert len(set(shape_keys(["9 9 board_9x9_10_1_both", "9 9 board_9x9_10_1_none", "9 9 board_8x9_10_1_both"]))) == 3


def headers_of(shapes, mode="both"):
    return ["%d %d board_%dx%d_%d_%d_%s" % (w, h, w, h, m, k, mode) for k, (w, h, m) in enumerate(shapes)]


def decisions(plan, shapes, seconds_left, rule=2025, safe_start=True):
    """The plan's answers for every board with `seconds_left` of virtual time, each board
    taking the time predicted for it under the rule."""
    deadline = now = plan.start + 0.0
    deadline += seconds_left
    wanted = []
    for k, shape in enumerate(shapes):
        wanted.append(plan.wanted(k, deadline, now=now))
        if wanted[-1]:
            now += expected_seconds(*shape, rule=rule, safe_start=safe_start)
    return wanted


def test_every_board_is_wanted_when_time_allows():
    shapes = [(4, 4, 2), (19, 19, 30), (9, 9, 10)] * 20
    plan = Plan(header_shapes(headers_of(shapes)))
    total = sum(expected_seconds(w, h, m) for w, h, m in shapes)
    assert all(decisions(plan, shapes, 2 * total))


def test_short_time_goes_to_the_boards_worth_most_per_second():
    # under the 2025 rule a big board of low density pays far more per second than a
    # 4x4 one: with time for the big ones only, the small ones are left out
    small, big = (4, 4, 2), (19, 19, 30)
    shapes = [small, big] * 30
    plan = Plan(header_shapes(headers_of(shapes)))
    fits = 30 * expected_seconds(*big) * 1.02
    wanted = decisions(plan, shapes, fits)
    assert all(w for w, shape in zip(wanted, shapes) if shape == big)
    # the small ones get at most the time left over
    small_taken = sum(expected_seconds(*small) for w, shape in zip(wanted, shapes) if w and shape == small)
    assert small_taken <= 0.021 * 30 * expected_seconds(*big)
    assert sum(wanted) < len(shapes)


def test_under_the_2026_rule_small_boards_come_first():
    # every board scores at most 1 in 2026: the quick ones pay most per second
    small, big = (4, 4, 2), (19, 19, 30)
    shapes = [big, small] * 30
    plan = Plan(header_shapes(headers_of(shapes)), rule=2026)
    wanted = decisions(plan, shapes, 30 * expected_seconds(*small, rule=2026) * 1.02, rule=2026)
    assert all(w for w, shape in zip(wanted, shapes) if shape == small)
    big_taken = sum(expected_seconds(*big, rule=2026) for w, shape in zip(wanted, shapes) if w and shape == big)
    assert big_taken <= 0.021 * 30 * expected_seconds(*small, rule=2026)


def test_the_cut_follows_the_real_speed():
    # boards taking twice the predicted time: the plan takes fewer of them
    shapes = [(19, 19, 30), (12, 12, 12), (8, 8, 5)] * 40
    seconds = [expected_seconds(*shape) for shape in shapes]
    room = 0.5 * sum(seconds)

    def run(slowness):
        plan = Plan(header_shapes(headers_of(shapes)))
        now, played = plan.start, 0.0
        for k in range(len(shapes)):
            if plan.wanted(k, plan.start + room, now=now):
                now += slowness * seconds[k]
                played += seconds[k]
        return played, now - plan.start

    played_fast, spent_fast = run(1.0)
    played_slow, spent_slow = run(2.0)
    assert played_slow < played_fast
    assert spent_slow <= room * 1.1 and spent_fast <= room * 1.1


def test_budgeted_solve_plays_a_subsequence_in_pack_order():
    boards = generate_pack(400, "both", "middle")
    text = format_pack(boards)
    out, err = io.StringIO(), io.StringIO()
    played, _ = solve_text(text, out, err, Settings(budget=0.05))
    entries, errors = read_select(out.getvalue())
    assert not errors and len(entries) == played
    names = [board.name for board in read_pack(text)[0]]
    positions = [names.index(entry.name) for entry in entries]
    assert positions == sorted(positions)
    assert "boards %d/400" % played in err.getvalue()


def long_pack_run(monkeypatch, **settings):
    """solve_text of a 200-board pack indexed a tenth at a time, its index share of the
    budget already over when it starts."""
    text = format_pack(generate_pack(200, "both", "low"))
    monkeypatch.setattr(packindex, "INDEX_CHUNK", len(text) // 10)
    for name, value in settings.items():
        monkeypatch.setattr(batch, name, value)
    VirtualClock().install(monkeypatch)  # the test's own clock: the same run on any machine
    out, err = io.StringIO(), io.StringIO()
    budget = 1.0
    late = time.perf_counter() - INDEX_SHARE * budget  # the index's time is already over
    played, _ = solve_text(text, out, err, Settings(budget=budget, start=late))
    found = int(re.search(r"boards \d+/(\d+)", err.getvalue()).group(1))
    entries, errors = read_select(out.getvalue())
    assert not errors and len(entries) == played > 0
    names = [board.name for board in read_pack(text)[0]]
    positions = [names.index(entry.name) for entry in entries]
    assert positions == sorted(positions)  # rounds keep pack order
    return found, played, err.getvalue()


def test_a_pack_too_long_to_index_in_its_share_of_the_budget_is_played_in_rounds(monkeypatch):
    # a 200,000-board pack once took 0.75 s to index and plan, and some runs played
    # nothing; then a 142 MB pack left 0.6 s unused: indexing stops at INDEX_SHARE of
    # the time left, play starts, and while time is left the next part is indexed
    found, played, err = long_pack_run(monkeypatch)
    assert found == played == 200 and "note: a long pack" not in err


@pytest.mark.parametrize("workers", [1, 2])
def test_boards_a_plan_passed_over_are_played_while_time_is_left(monkeypatch, workers):
    """A first plan that passes every other board over ends its round early: a second
    plan, for those boards alone, plays them, and the select list is the whole pack's
    in pack order (the same as with no deadline: nothing here is hurried)."""
    made = []
    monkeypatch.setattr(batch, "Plan", passing_over(made))
    text = format_pack(generate_pack(40, "both", "middle"))
    whole = io.StringIO()
    solve_text(text, whole, io.StringIO(), Settings(workers=workers))
    out = io.StringIO()
    played, _ = solve_text(text, out, io.StringIO(), Settings(budget=60.0, workers=workers))
    assert made == [40, 20] and played == 40
    assert out.getvalue() == whole.getvalue()


def test_a_round_for_the_boards_passed_over_may_end_at_the_deadline(monkeypatch):
    """The second plan's round ends with less time left than a next round needs: the run
    ends there, with the boards played so far, in pack order and each once."""
    made = []
    budget = 1.0

    def late(deadline):  # the round reaches the deadline
        time.sleep(max(0.0, deadline - 0.01 - time.perf_counter()))

    monkeypatch.setattr(batch, "Plan", passing_over(made, late))
    VirtualClock().install(monkeypatch)  # the test's own clock: the same run on any machine
    boards = generate_pack(40, "both", "middle")
    out, err = io.StringIO(), io.StringIO()
    played, _ = solve_text(format_pack(boards), out, err, Settings(budget=budget))
    assert made == [40, 20] and 20 < played <= 40
    entries, errors = read_select(out.getvalue())
    names = [board.name for board in boards]
    assert not errors and [entry.name for entry in entries] == sorted({e.name for e in entries}, key=names.index)


def test_a_pack_cut_short_says_so(monkeypatch):
    found, played, err = long_pack_run(monkeypatch, NEXT_ROUND_SECONDS=1e9)  # no second round
    assert 0 < played <= found < 200
    assert "note: a long pack: its first %d boards were found in the time, the rest left out" % found in err


def test_boards_are_played_in_a_hurry_only_while_the_plan_leaves_some_out():
    boards = generate_pack(30, "none", "serious")

    index = index_pack(format_pack(boards))

    class Always:  # a plan that wants every board, pressed as told
        def __init__(self, pressed):
            self.pressed = pressed

        def wanted(self, k, deadline, now):
            return True

    def select(rule, pressed):
        records = []
        plan = None if pressed is None else Always(pressed)
        play_chunks(index, [(0, len(boards))], plan, Run(None, rule, 1), records.append)
        return "".join(record[2] for record in records)

    calm = select(2026, lambda: False)
    assert select(2026, None) == calm
    hurried = select(2026, lambda: True)
    assert len(hurried.splitlines()) < len(calm.splitlines())  # some boards left early
    assert select(2025, lambda: True) == select(2025, lambda: False)  # 2025 charges what is left closed


def test_fit_plan_for_one_rule_keeps_the_other_rules_tables(capsys):
    from solver.cli import main
    from solver.contest import plantables
    from solver.lab.planfit import DENSITY_POINTS, TABLES_FILE

    with open(TABLES_FILE, "rb") as handle:
        tracked = handle.read()
    assert main(["fit-plan", "--rule", "2026", "--count", "1", "--repeat", "1"]) == 0  # prints, writes nothing
    with open(TABLES_FILE, "rb") as handle:
        assert handle.read() == tracked  # the tracked tables are written only with --write
    written = {}
    exec(capsys.readouterr().out, written)  # the module text it would write
    for kind in ("SAFE", "BLIND"):
        for measure in ("US", "SCORE"):
            kept = "%s_%s_2025" % (kind, measure)
            assert written[kept] == getattr(plantables, kept)
            fresh = written["%s_%s_2026" % (kind, measure)]  # measured again: a full grid
            assert len(fresh) == DENSITY_POINTS and all(len(row) == len(plantables.CELLS) for row in fresh)
    assert "--rule 2026" in written["__doc__"]


def test_boards_of_one_rank_are_played_in_pack_order_until_the_time_runs_out():
    # all boards alike share one rank: the cut is never all or nothing
    shapes = [(6, 6, 5)] * 200
    plan = Plan(header_shapes(headers_of(shapes, "none")), rule=2026)
    half = 100 * expected_seconds(6, 6, 5, rule=2026, safe_start=False)
    wanted = decisions(plan, shapes, half, rule=2026, safe_start=False)
    assert 80 <= sum(wanted) <= 100
    first_left_out = wanted.index(False)
    assert not any(wanted[first_left_out + 32 :])  # a prefix, give or take one replanning
    assert plan.pressed()


def test_two_workers_share_the_time_of_two():
    # each worker's copy of the plan sees every other chunk; together they have twice the time
    shapes = [(9, 9, 10), (16, 16, 40)] * 64
    total = sum(expected_seconds(*shape) for shape in shapes)
    copies = [Plan(header_shapes(headers_of(shapes)), workers=2) for _ in range(2)]
    copies[1].start = copies[0].start  # forked from one plan: one start (virtual time below)
    now = [copies[0].start, copies[1].start]
    deadline = copies[0].start + 0.55 * total  # each has a little more than half the work's time
    wanted = []
    for chunk in range(0, len(shapes), 8):
        worker = (chunk // 8) % 2
        for k in range(chunk, chunk + 8):
            wanted.append(copies[worker].wanted(k, deadline, now=now[worker]))
            if wanted[-1]:
                now[worker] += expected_seconds(*shapes[k])
    assert all(wanted) and not any(copy.pressed() for copy in copies)
    alone = Plan(header_shapes(headers_of(shapes)))  # one worker with the same time: boards left out
    assert not all(decisions(alone, shapes, 0.55 * total))


def test_the_plan_stops_estimating_shapes_at_its_time_limit():
    shapes = [(w, h, 3) for w in range(4, 30) for h in range(4, 30)] * 50  # more lines than a block
    past = time.perf_counter() - 1
    late = Plan(header_shapes(headers_of(shapes), past), until=past)  # no time at all
    assert set(late.rank) == {0}
    assert late.planned == KEY_BLOCK < len(shapes)  # one block keyed: the boards after it are left out
    assert len(shape_keys(headers_of(shapes), more=lambda: False)) == KEY_BLOCK
    on_time = Plan(header_shapes(headers_of(shapes)))
    assert len(set(on_time.rank)) > 1
    # every board it planned is still wanted when the time is there
    total = sum(expected_seconds(*shape) for shape in shapes)
    assert all(decisions(late, shapes[: late.planned], 3 * total))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_refused_board_is_counted_once_however_many_rounds_play(monkeypatch, workers):
    """Past its first messages a worker only counts refused boards; the round for the
    boards a plan passed over played them again (100 refused boards were said to be
    160-280), so it plays what the plan passed over and nothing else."""
    made = []
    monkeypatch.setattr(batch, "Plan", passing_over(made))
    bad = "".join("\n5 5 bad_%d\n123\n" % k for k in range(100))
    text = format_pack(generate_pack(40, "both", "middle")) + bad
    err = io.StringIO()
    played, _ = solve_text(text, io.StringIO(), err, Settings(budget=60.0, workers=workers))
    assert made == [140, 70] and played == 40
    lines = err.getvalue().splitlines()
    assert sum(1 for line in lines if line.startswith("error: board bad_")) == 20
    assert "error: 80 more like these not shown" in lines
