"""Signals that end the contest entry (issue 38): SIGINT printed a 20-line traceback of
minified code, and SIGINT, SIGTERM or SIGHUP left no select list.  Now the entry ends
with the list of the boards played before the signal (signals.stop_on_signals), a note,
and status 128 + the signal.  Each signal is sent once the entry is known to be
waiting for it (its handler installed, its workers playing), never after a sleep."""

import os
import signal
import subprocess
import sys
import time

import pytest
from support import reference_scorer as reference

from solver.contest import signals, workers
from solver.official.generator import board_from_name
from solver.official.selects import read_select

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "dist", "paiza_main.py")
OFFICIAL = os.path.join(ROOT, "..", "shared", "data", "adc2026_board_pack_10000_prog.txt")


def handles(pid, signum=signal.SIGHUP):
    """Whether process `pid` catches `signum` (its SigCgt mask in /proc).  The entry's
    handlers are installed together, SIGHUP last (Python catches SIGINT from its start)."""
    with open("/proc/%d/status" % pid) as status:
        caught = next(int(line.split()[1], 16) for line in status if line.startswith("SigCgt:"))
    return bool(caught >> (signum - 1) & 1)


def children(pid):
    with open("/proc/%d/task/%d/children" % (pid, pid)) as listed:
        return listed.read().split()


def wait_for(condition, guard=120):
    """Poll until condition() holds (`guard` seconds: a hang guard, no timing decides)."""
    end = time.monotonic() + guard
    while not condition():
        assert time.monotonic() < end, "the entry never reached the state the test waits for"
        time.sleep(0.005)


@pytest.mark.skipif(not os.path.exists(OFFICIAL), reason="needs ../shared/data")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_entry_with_the_list_of_the_boards_played(signum, tmp_path):
    env = dict(os.environ, SOLVER_BUDGET="0", SOLVER_WORKERS="2")  # every board: several seconds of play
    with open(OFFICIAL, "rb") as pack, open(tmp_path / "out", "wb") as out, open(tmp_path / "err", "wb") as err:
        entry = subprocess.Popen([sys.executable, DIST], stdin=pack, stdout=out, stderr=err, env=env)
        try:
            wait_for(lambda: handles(entry.pid) and children(entry.pid))  # the workers are playing
            entry.send_signal(signum)
            status = entry.wait(timeout=120)
        finally:
            entry.kill()
    said = (tmp_path / "err").read_text()
    assert status == 128 + signum, said
    assert "Traceback" not in said
    name = signal.Signals(signum).name
    # the note, then the summary: stderr's last line (the note came after it: issue 46, item 18)
    assert said.splitlines()[-2] == "note: stopped by %s: the select list holds the boards played before it" % name
    assert said.splitlines()[-1].startswith("boards ")
    listed = (tmp_path / "out").read_text()
    entries, errors = read_select(listed)
    summary = next(line for line in said.splitlines() if line.startswith("boards "))
    assert errors == [] and summary.startswith("boards %d/10000 " % len(entries))
    assert len(entries) < 10000
    # a list the official page accepts: every board whole
    reference.score_select_list(listed, {}, 2026, lambda n: (lambda b: (b.width, b.height, b.digits))(board_from_name(n, 2026)))


def test_a_signal_while_the_pack_is_read_ends_in_one_line(tmp_path):
    read, write = os.pipe()  # stdin that never ends: the entry waits on it
    try:
        entry = subprocess.Popen([sys.executable, DIST], stdin=read, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wait_for(lambda: handles(entry.pid))
        entry.send_signal(signal.SIGINT)
        out, err = entry.communicate(timeout=60)
    finally:
        os.close(read)
        os.close(write)
    assert entry.returncode == 130 and out == b""
    assert err.decode().splitlines() == ["error: stopped by SIGINT while reading the pack: no board played"]


@pytest.fixture
def signals_restored(monkeypatch):
    monkeypatch.setattr(signals, "_SIGNALLED", [])
    saved = {name: signal.getsignal(getattr(signal, name)) for name in signals.STOP_SIGNALS}
    yield
    for name, handler in saved.items():
        signal.signal(getattr(signal, name), handler)


def test_the_records_a_worker_sent_before_the_signal_are_kept(signals_restored):
    sent = workers.FLUSH_RECORDS  # a worker sends a frame of this many at once

    def work(chunks, emit):
        for start, _ in chunks:
            if start == 0:
                for k in range(sent):
                    emit((k, "record"))
                time.sleep(600)  # ... and plays on: the parent stops it

    signals.stop_on_signals()
    heard = []

    def hear(record):
        heard.append(record)
        if len(heard) == 1:
            os.kill(os.getpid(), signal.SIGTERM)

    records, notes, used = workers.share(16, 2, work, None, hear)
    assert used == 2 and signals.stopped() == signal.SIGTERM
    assert sorted(records) == [(k, "record") for k in range(sent)]  # the whole frame, read after the signal
    assert any("stopped by signal %d" % signal.SIGTERM in note for note in notes)
    assert workers.share(16, 2, work)[0] == []  # a run a signal ended plays nothing more


def test_one_worker_keeps_the_boards_played_whole(signals_restored):
    def work(chunks, emit):
        for start, stop in chunks:
            for k in range(start, stop):
                if k == 5:
                    os.kill(os.getpid(), signal.SIGINT)
                emit((k, "record"))

    signals.stop_on_signals()
    records, _, used = workers.share(40, 1, work)
    assert used == 1 and records == [(k, "record") for k in range(5)]
