"""Tests for what the contest entry reads and writes (solver/contest/paiza.py and
streams.py), run as paiza runs it: the bundle in a fresh process.

The select list is written whatever happens to stderr; a reader gone is 141, a full
disk one line and status 1, never a traceback; the pack beside the program is the
one non-empty regular .txt file, anything else there is skipped with a line; a pack
past the size bound is refused in one line.
"""

import io
import os
import pty
import shutil
import subprocess
import sys

import pytest

from solver.contest import paiza
from solver.contest.paiza import NoPack, pack_beside, pack_input

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "dist", "paiza_main.py")
PACK = os.path.join(ROOT, "examples", "board_pack_1000_both_middle.txt")
ENV = dict(os.environ, SOLVER_BUDGET="0", SOLVER_WORKERS="2")


def shell(command, cwd=ROOT):
    """(status, stdout bytes, stderr text) of a bash command line."""
    run = subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, env=ENV, timeout=120)
    return run.returncode, run.stdout, run.stderr.decode("utf-8", "replace")


@pytest.fixture(scope="module")
def expected():
    return shell("python3 %s < %s" % (DIST, PACK))[1]


def test_the_select_list_is_written_when_stderr_cannot_be(expected, tmp_path):
    out = tmp_path / "select.txt"
    for redirect in ("2>/dev/full", "2>&-"):
        status, _, _ = shell("python3 %s < %s %s > %s" % (DIST, PACK, redirect, out))
        assert status == 0 and out.read_bytes() == expected, redirect
    # stderr a pipe whose reader has left (| true): the list still comes out whole
    status, _, _ = shell("set -o pipefail; python3 %s < %s 2>&1 >%s | true" % (DIST, PACK, out))
    assert out.read_bytes() == expected


def test_a_full_disk_is_one_line_and_status_one():
    status, _, err = shell("python3 %s < %s > /dev/full" % (DIST, PACK))
    assert status == 1
    assert err.splitlines()[-1] == "error: cannot write the select list: No space left on device"
    assert "Traceback" not in err
    for command in ("solve %s" % PACK, "gen 30 both low", "board board_9x9_10_1_both"):
        status, _, err = shell("python3 -m solver %s > /dev/full" % command)
        assert status == 1 and "Traceback" not in err, command
        assert err.splitlines()[-1] == "error: cannot write the output: No space left on device"


def test_a_reader_that_leaves_early_is_status_141():
    status, _, err = shell("python3 %s < %s | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}" % (DIST, PACK))
    assert status == 141 and "Traceback" not in err


@pytest.fixture
def folder(tmp_path):
    """A paiza project: the bundle as Main.py and the pack beside it."""
    shutil.copy(DIST, tmp_path / "Main.py")
    shutil.copy(PACK, tmp_path / "pack.txt")
    return tmp_path


def test_saving_the_list_beside_the_pack_works_as_the_readme_says(folder, expected):
    # the shell makes an empty select.txt before the run: it is no second pack
    status, _, err = shell("python3 Main.py < /dev/null > select.txt", cwd=str(folder))
    assert status == 0, err
    assert (folder / "select.txt").read_bytes() == expected


def test_fifos_devices_and_folders_beside_the_program_are_skipped(folder, expected):
    os.mkfifo(str(folder / "pipe.txt"))
    os.symlink("/dev/zero", str(folder / "zero.txt"))
    (folder / "folder.txt").mkdir()
    status, out, err = shell("timeout 60 python3 Main.py < /dev/null", cwd=str(folder))
    assert status == 0 and out == expected
    for name in ("pipe.txt", "zero.txt", "folder.txt"):
        assert "note: %s skipped: not a regular file" % name in err


def test_no_pack_or_two_packs_beside_the_program_is_one_line(tmp_path):
    err = io.StringIO()
    with pytest.raises(NoPack, match="holds no non-empty .txt file"):
        pack_beside(str(tmp_path), err)
    (tmp_path / "a.txt").write_text("3 3 board_a\n000\n000\n000\n")
    (tmp_path / "b.txt").write_text("3 3 board_b\n000\n000\n000\n")
    with pytest.raises(NoPack, match="2 .txt files"):
        pack_beside(str(tmp_path), err)


def test_a_pack_past_the_size_bound_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(paiza, "MAX_PACK_BYTES", 1000)
    (tmp_path / "big.txt").write_bytes(b"0" * 1001)
    with pytest.raises(NoPack, match="holds more than"):
        pack_beside(str(tmp_path), io.StringIO())
    with pytest.raises(NoPack, match="stdin holds more than"):
        pack_input(io.BytesIO(b"1" * 1001), str(tmp_path), io.StringIO())
    (tmp_path / "big.txt").write_bytes(b"3 1 board_a\n000\n")  # at the bound: read
    assert pack_input(io.BytesIO(b"\n"), str(tmp_path), io.StringIO()).startswith("3 1 board_a")


def test_stdin_that_never_ends_is_refused_in_one_line(folder):
    status, out, err = shell("timeout 60 python3 Main.py < /dev/zero", cwd=str(folder))
    assert status == 1 and out == b""
    assert err.strip().splitlines() == ["error: stdin holds more than %d MB: refused (the bound keeps the run inside its memory)" % (paiza.MAX_PACK_BYTES >> 20)]


def test_a_select_list_given_as_the_pack_is_one_line(expected, tmp_path):
    select = tmp_path / "select.txt"
    select.write_bytes(expected)
    status, out, err = shell("python3 %s < %s" % (DIST, select))
    assert status == 1 and out == b""
    (line,) = err.strip().splitlines()
    assert line.startswith("error: stdin is a select list, not a board pack (line 2 is a click")


def test_a_file_holding_no_board_is_one_line_and_status_one(tmp_path):
    # it printed 'data before any board header', then 'boards 0/0 ... score 0', status 0 (issue 38)
    status, out, err = shell("python3 %s < %s" % (DIST, os.path.join(ROOT, "README.md")))
    assert status == 1 and out == b""
    (line,) = err.strip().splitlines()
    assert line.startswith("error: stdin holds no board: no line is a board header")
    (tmp_path / "notes.txt").write_text("nothing to play\n")  # the file beside, stdin empty
    with pytest.raises(NoPack, match="^notes.txt holds no board"):
        pack_input(io.BytesIO(b""), str(tmp_path), io.StringIO())


def on_a_terminal(folder):
    """(status, stdout bytes, stderr text) of Main.py in `folder` run with stdin a terminal
    (a pseudo-terminal nobody types into), as a run by hand."""
    master, slave = pty.openpty()
    try:
        run = subprocess.run([sys.executable, "Main.py"], cwd=str(folder), stdin=slave, capture_output=True, env=ENV,
                             timeout=60)  # (a guard: before, it waited for typing until killed)
    finally:
        os.close(slave)
        os.close(master)
    return run.returncode, run.stdout, run.stderr.decode("utf-8", "replace")


def test_stdin_a_terminal_reads_the_pack_beside_or_says_what_it_expects(folder, expected):
    # it waited in silence for typing, and after Ctrl-D its budget was gone (issue 38)
    status, out, err = on_a_terminal(folder)
    assert status == 0 and out == expected, err
    (folder / "pack.txt").unlink()
    status, out, err = on_a_terminal(folder)
    assert status == 1 and out == b""
    (line,) = err.strip().splitlines()
    assert line.startswith("error: stdin is a terminal and the folder %s holds no non-empty .txt file: give the pack "
                           "on stdin (python3 Main.py < pack.txt)" % folder)


def test_a_path_argument_names_the_pack(expected, tmp_path):
    # the bundle ignored it without a word and read stdin (issue 38)
    status, out, err = shell("python3 %s %s < /dev/null" % (DIST, PACK))
    assert status == 0 and out == expected, err
    status, out, err = shell("python3 %s %s <&-" % (DIST, PACK))  # stdin closed: not needed
    assert status == 0 and out == expected, err
    for args, said in (("%s %s" % (PACK, PACK), "error: 2 arguments: give at most one, the pack's file"),
                       (str(tmp_path / "missing.txt"), "error: cannot read %s: No such file" % (tmp_path / "missing.txt"))):
        status, out, err = shell("python3 %s %s < %s" % (DIST, args, PACK))
        assert status == 1 and out == b""
        (line,) = err.strip().splitlines()
        assert line.startswith(said), line


def test_a_select_list_beside_the_pack_is_skipped(folder, expected):
    # an earlier run's list saved beside the pack stopped the next run: "holds 2 .txt files" (issue 38)
    (folder / "select.txt").write_bytes(expected)
    status, out, err = shell("python3 Main.py < /dev/null", cwd=str(folder))
    assert status == 0 and out == expected, err
    assert "note: select.txt skipped: a select list, not a board pack (line 2 is a click" in err
    (folder / "other.txt").write_bytes((folder / "pack.txt").read_bytes())  # two packs: still refused
    status, out, err = shell("python3 Main.py < /dev/null", cwd=str(folder))
    assert status == 1 and "holds 2 .txt files (other.txt, pack.txt)" in err


def test_a_pack_saved_as_utf16_plays_as_the_utf8_one(expected, tmp_path):
    wide = tmp_path / "pack16.txt"
    wide.write_bytes(open(PACK, encoding="utf-8").read().encode("utf-16"))  # with its mark, as Notepad saves it
    status, out, err = shell("python3 %s < %s" % (DIST, wide))
    assert status == 0 and out == expected, err
