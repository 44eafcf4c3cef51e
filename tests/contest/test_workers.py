"""Tests for solver.contest.workers and cores: boards shared by worker processes.

The select list must not depend on how many workers played it (no deadline), a
worker that dies must leave a valid list with the boards it sent, and the count of
workers comes from the environment or the machine as documented.
"""

import io
import os
import re
import signal
import subprocess
import sys

import pytest
from support import reference_scorer as reference

from solver.contest import chunks, cores, workers
from solver.contest.batch import Settings, solve_text
from solver.contest.streams import MESSAGES_SHOWN
from solver.official.generator import generate_pack
from solver.official.packs import format_pack
from solver.official.selects import read_select

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "dist", "paiza_main.py")
SUMMARY = re.compile(r"^boards (\d+)/(\d+)  seconds \S+  score (\S+)(  workers (\d+))?(?:  budget \S+)?$", re.M)


def mixed_pack():
    """Boards of both forms and several densities, with what the reader refuses, stray
    lines and a name used twice: every kind of record a worker sends."""
    dense = generate_pack(30, "none", "serious")
    sparse = generate_pack(30, "both", "middle")
    text = format_pack(dense[:15] + sparse[:15])
    text += "\n9 9 broken_board\n123\n"  # refused: too few rows
    text += "\n" + format_pack(dense[15:] + [dense[3]])  # dense[3] again: skipped, said so
    text += "stray line\n\n" + format_pack(sparse[15:])
    return "junk before\n" + text


def solved(text, count, budget=None):
    out, err = io.StringIO(), io.StringIO()
    played, totals = solve_text(text, out, err, Settings(budget=budget, workers=count))
    return out.getvalue(), err.getvalue(), played, totals


def test_the_select_list_is_the_same_for_one_two_and_three_workers():
    text = mixed_pack()
    alone = solved(text, 1)
    assert alone[2] == 60  # 61 headers: one refused, one name twice
    assert "already played; skipped" in alone[1] and "broken_board" in alone[1] and "stray line" in alone[1]
    for count in (2, 3):
        out, err, played, totals = solved(text, count)
        assert out == alone[0]
        assert played == alone[2] and totals == alone[3]
        # the same messages in the same order; only the summary says how many workers
        assert SUMMARY.sub("", err) == SUMMARY.sub("", alone[1])
        assert SUMMARY.search(err).group(5) == str(count)


def test_many_refused_boards_show_the_first_few_and_their_exact_count():
    """Past its first few messages a worker sends only their number: whatever the
    workers, the first MESSAGES_SHOWN in pack order are shown and the rest counted."""
    good = generate_pack(40, "both", "middle")
    parts = []
    for k, board in enumerate(good):
        parts.append(format_pack([board]))
        parts.append("3 3 bad%03d\n12\n\n3 3 worse%03d\n\n" % (k, k))  # refused: too few rows
    text = "".join(parts)
    alone = solved(text, 1)
    lines = alone[1].splitlines()
    shown = [line for line in lines if line.startswith("error: board")]
    assert [line.split()[2] for line in shown] == ["bad000", "worse000", "bad001", "worse001"] + [
        "%s%03d" % (kind, k) for k in range(2, MESSAGES_SHOWN // 2) for kind in ("bad", "worse")]
    assert "error: %d more like these not shown" % (80 - MESSAGES_SHOWN) in lines
    for count in (2, 3):
        out, err, played, totals = solved(text, count)
        assert out == alone[0] and played == alone[2] == 40
        assert SUMMARY.sub("", err) == SUMMARY.sub("", alone[1])


def test_a_worker_that_dies_costs_only_the_boards_it_had_not_sent(monkeypatch):
    text = format_pack(generate_pack(120, "both", "middle"))
    real_played = chunks.played
    parent = os.getpid()
    victim = 60

    def played(board, *args, **kwargs):  # in a worker: dies on one board
        if os.getpid() != parent and board.line == _line_of(text, victim):
            os.kill(os.getpid(), signal.SIGKILL)
        return real_played(board, *args, **kwargs)

    monkeypatch.setattr(chunks, "played", played)
    monkeypatch.setattr(workers, "FLUSH_RECORDS", 1)  # every board sent at once
    out, err, count, _ = solved(text, 2)
    assert 60 <= count < 120  # the other worker goes on with the rest of the queue
    assert re.search(r"note: worker \d stopped early \(signal 9\)", err)
    entries, errors = read_select(out)
    assert not errors and len(entries) == count
    # the list is one the official page accepts and scores, every board as the run said
    rows, total = reference.score_select_list(out, reference.load_pack(text, 2025), 2025)
    assert len(rows) == count and total == batch_total(err)


def batch_total(err):
    return int(SUMMARY.search(err).group(3))


def _line_of(text, k):
    """The line number of the k-th header of a pack written by format_pack."""
    headers = [n for n, line in enumerate(text.split("\n"), 1) if line.startswith(("9 ", "1", "2", "3", "4", "5", "6", "7", "8")) and "board_" in line]
    return headers[k]


def test_a_worker_past_the_deadline_is_stopped_and_the_list_stays_valid(monkeypatch):
    text = format_pack(generate_pack(40, "both", "middle"))
    real_played = chunks.played
    parent = os.getpid()

    def played(board, *args, **kwargs):  # in a worker: hangs on its third board
        if os.getpid() != parent and board.line == _line_of(text, 20):
            signal.pause()
        return real_played(board, *args, **kwargs)

    monkeypatch.setattr(chunks, "played", played)
    monkeypatch.setattr(workers, "FLUSH_RECORDS", 1)
    out, err, count, _ = solved(text, 2, budget=1.5)
    assert "still playing at the deadline" in err
    entries, errors = read_select(out)
    assert not errors and 0 < len(entries) == count < 40


def test_one_worker_plays_in_this_process(monkeypatch):
    def no_fork():
        raise AssertionError("forked with one worker")

    monkeypatch.setattr(os, "fork", no_fork)
    out, _, count, _ = solved(format_pack(generate_pack(12, "both", "middle")), 1)
    assert count == 12 and out


def test_a_refused_fork_plays_in_this_process(monkeypatch):
    def refused():
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refused)
    text = format_pack(generate_pack(40, "both", "middle"))
    out, err, count, totals = solved(text, 2)
    alone = solved(text, 1)
    assert (out, count, totals) == (alone[0], alone[2], alone[3])
    assert "note: no worker processes (Resource temporarily unavailable): played in one process" in err
    assert SUMMARY.search(err).group(5) == "1"


@pytest.mark.parametrize("count", [1, 2, 3, 200])
def test_chunks_cover_every_board_once_in_order(count):
    size = workers.chunk_size(count)
    chunks = workers.chunks_of(count, size)
    assert [k for start, stop in chunks for k in range(start, stop)] == list(range(count))
    assert len(chunks) <= workers.MAX_CHUNKS
    big = workers.chunk_size(10 ** 6)
    assert -(-10 ** 6 // big) <= workers.MAX_CHUNKS


def test_the_worker_count_from_the_environment(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr(cores, "usable_cores", lambda: 2)
    assert cores.workers_from_environment({"SOLVER_WORKERS": "3"}, None, err) == 3
    assert cores.workers_from_environment({}, 2, err) == 2
    monkeypatch.setattr(cores, "usable_cores", lambda: 5)
    assert cores.workers_from_environment({}, None, err) == 5
    assert not err.getvalue()
    for bad in ("0", "-1", "two", "1.5", "99999"):
        assert cores.workers_from_environment({"SOLVER_WORKERS": bad}, None, err) == 5
    assert err.getvalue().count("warning: SOLVER_WORKERS") == 5


def test_the_environment_asks_for_at_most_two_workers_a_core(monkeypatch):
    # SOLVER_WORKERS=64 on 2 cores at load 4: 2.02-2.62 s and no board played (issue 38)
    monkeypatch.setattr(cores, "usable_cores", lambda: 2)
    err = io.StringIO()
    assert cores.workers_from_environment({"SOLVER_WORKERS": "64"}, None, err) == 4
    assert err.getvalue() == "warning: SOLVER_WORKERS=64 is more than 2 per usable core; using 4\n"
    assert cores.workers_from_environment({"SOLVER_WORKERS": "4"}, 1, err) == 4
    monkeypatch.setattr(cores, "usable_cores", lambda: 1)  # taskset -c 0
    assert cores.workers_from_environment({"SOLVER_WORKERS": "3"}, None, err) == 2


def test_a_cgroup_quota_bounds_the_cores(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    monkeypatch.setattr(cores, "cgroup_cpu_quota", lambda: 1.5)
    assert cores.usable_cores() == 2
    monkeypatch.setattr(cores, "cgroup_cpu_quota", lambda: None)
    assert cores.usable_cores() == 8
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    assert cores.usable_cores() == cores.MAX_AUTO_WORKERS  # a host's 64 cores: memory bounds the count
    monkeypatch.setattr(cores, "cgroup_cpu_quota", lambda: 0.2)
    assert cores.usable_cores() == 1


@pytest.mark.parametrize("files, quota", [
    ({"cpu.max": "150000 100000\n"}, 1.5),
    ({"cpu.max": "max 100000\n"}, None),
    ({"cpu/cpu.cfs_quota_us": "200000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 2.0),
    ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),
    ({}, None),
])
def test_cgroup_quota_files_v1_and_v2(tmp_path, monkeypatch, files, quota):
    for name, content in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
    monkeypatch.setattr(cores, "_V2_MOUNT", str(tmp_path))
    monkeypatch.setattr(cores, "_V1_MOUNTS", (str(tmp_path / "cpu"),))
    monkeypatch.setattr(cores, "_own_cgroup_paths", lambda: {})
    assert cores.cgroup_cpu_quota() == quota


def test_the_bundle_gives_the_same_list_for_one_two_and_three_workers(tmp_path):
    text = mixed_pack()
    outputs = []
    for count in (1, 2, 3):
        env = dict(os.environ, SOLVER_BUDGET="0", SOLVER_WORKERS=str(count))
        run = subprocess.run([sys.executable, DIST], input=text.encode(), capture_output=True, env=env, timeout=120)
        assert run.returncode == 0
        outputs.append(run.stdout)
        summary = SUMMARY.search(run.stderr.decode())
        assert summary.group(1) == "60"
    assert outputs[0] == outputs[1] == outputs[2]


@pytest.mark.parametrize("budget", [1e10, 1e308, float("inf")])
def test_a_far_or_endless_budget_with_two_workers_plays_every_board(budget):
    # select() refuses a timeout past about 9.2e9 s: the parent waited for such a
    # deadline in one call and died with OverflowError (issue 38)
    text = format_pack(generate_pack(20, "both", "middle"))
    out, err, played, _ = solved(text, 2, budget)
    assert played == 20, err
    assert SUMMARY.search(err).group(1) == "20" and "Traceback" not in err
    assert len(read_select(out)[0]) == 20
