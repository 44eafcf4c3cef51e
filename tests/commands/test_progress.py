"""Long work shows a progress line on stderr, only on a terminal, and the line never
mixes with the messages or the output."""

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from solver.commands.progress import Progress
from solver.official.generator import generate_pack
from solver.official.packs import format_pack

PROJECT_ROOT = Path(__file__).resolve().parents[2]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_line_updates_in_place_and_clears_before_a_message():
    screen = Terminal()
    line = Progress("work", "boards", stream=screen, interval=0.0)
    line(1, 10)
    line(2, 10)
    line.write("error: something\n")
    line(3, 10)
    line.close()
    text = screen.getvalue()
    assert text.count("\rwork: ") == 3 and "2/10 boards" in text
    before, after = text.split("error: something\n")
    assert before.endswith("\r") and before.rstrip("\r").endswith(" " * len("work: 2/10 boards, 0 s"))
    assert after.endswith("\r") and after.strip() == "work: 3/10 boards, 0 s"


def test_off_a_terminal_nothing_is_drawn_and_messages_pass():
    log = io.StringIO()
    line = Progress("work", stream=log, interval=0.0)
    line(1, 2)
    line.say("half way")
    line.write("warning: x\n")
    line.close()
    assert log.getvalue() == "warning: x\n"


def test_the_line_is_redrawn_at_most_every_interval():
    screen = Terminal()
    line = Progress("work", stream=screen, interval=3600)
    for k in range(1, 100):
        line(k, 100)
    line(100, 100)  # the last step is always shown
    assert screen.getvalue().count("\r") == 2


def on_a_terminal(args, cwd, stdout_tty=False):
    """Run `python -m solver ARGS` with stderr on a pseudo-terminal (and stdout too when
    stdout_tty, else a file): (status, what the terminal showed, stdout's text)."""
    master, slave = pty.openpty()
    out_path = Path(cwd) / "stdout.txt"
    with open(out_path, "w") as out:
        process = subprocess.Popen([sys.executable, "-m", "solver"] + args, cwd=str(cwd), stdin=subprocess.DEVNULL,
                                   stdout=slave if stdout_tty else out, stderr=slave,
                                   env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
        os.close(slave)
        shown = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal's last writer is gone
                break
            if not chunk:
                break
            shown += chunk
        status = process.wait(timeout=600)
    os.close(master)
    return status, shown.decode("utf-8", "replace"), out_path.read_text()


@pytest.fixture
def folder(tmp_path):
    pack = format_pack(generate_pack(300, "both", "middle"))
    (tmp_path / "pack.txt").write_text(pack, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "solver", "solve", "pack.txt"], cwd=str(tmp_path), check=True,
                   stdout=open(tmp_path / "select.txt", "w"), stderr=subprocess.DEVNULL,
                   env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
    return tmp_path


LONG_WORK = {
    "solve": (["solve", "pack.txt"], "solve: "),
    "report --replays": (["report", "select.txt", "--pack", "pack.txt", "--replays", "replays"], "report --replays: "),
    "fit-plan": (["fit-plan", "--count", "1", "--repeat", "1", "--rule", "2026"], "fit-plan: "),
    "bench": (["bench", "pack.txt"], "bench pack.txt: "),
    "gen": (["gen", "3000", "both", "low"], "gen: "),
    "icpc --bench": (["icpc", "--bench", "5000"], "icpc --bench: "),
    "topcoder-test": (["topcoder-test", "--seeds", "1-2", "--inprocess", "--quiet", "--time-limit", "1"], "topcoder-test: "),
    "classic": (["classic", "--level", "beginner", "--games", "30"], "classic: "),
    "classic --compare": (["classic", "--level", "beginner", "--games", "10", "--compare", "risk,full"], "classic --compare: "),
}


@pytest.mark.parametrize("name", sorted(LONG_WORK))
def test_long_work_shows_a_progress_line_on_a_terminal_only(folder, name):
    args, label = LONG_WORK[name]
    status, shown, _ = on_a_terminal(args, folder)
    assert status == 0, shown
    assert "\r" + label in shown, shown[:200]
    # the line is cleared before anything else is written: every message starts a clean line
    for message in ("boards 300/300", "error:", "warning:"):
        at = shown.find(message)
        while at >= 0:
            assert at == 0 or shown[at - 1] in "\r\n", shown[max(0, at - 80): at + 20]
            at = shown.find(message, at + 1)
    # and taken off the screen at the end: what the terminal shows last is no progress line
    assert label not in shown.replace("\r\n", "\n").rstrip("\n").split("\n")[-1].split("\r")[-1]
    done = subprocess.run([sys.executable, "-m", "solver"] + args, cwd=str(folder), capture_output=True, text=True,
                          timeout=600, env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
    assert done.returncode == 0 and label not in done.stderr and "\r" not in done.stderr


def test_no_progress_when_the_output_goes_to_the_terminal_too(folder):
    status, shown, _ = on_a_terminal(["solve", "pack.txt"], folder, stdout_tty=True)
    assert status == 0 and "solve: " not in shown and "boards 300/300" in shown
