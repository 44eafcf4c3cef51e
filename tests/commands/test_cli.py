"""Tests for the command line map (solver.cli): every written command is listed and documented."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import COMMANDS, build_parser

PROJECT_ROOT = Path(__file__).resolve().parents[2]


NAMES = [name for name, _ in COMMANDS]
COMMANDS_DIR = PROJECT_ROOT / "solver" / "commands"


def test_every_command_module_is_listed_and_every_listed_command_has_one():
    modules = {path.stem for path in COMMANDS_DIR.glob("*.py")} - {"__init__", "options", "progress"}  # helpers
    assert modules == {name.replace("-", "_") for name in NAMES}


def test_help_lists_every_command():
    result = subprocess.run(
        [sys.executable, "-m", "solver", "--help"],
        cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    listed = re.findall(r"^    (\S+)", result.stdout, re.MULTILINE)
    assert listed == NAMES
    for _, help_text in COMMANDS:
        assert " ".join(help_text.split()[:3]) in " ".join(result.stdout.split())


def test_no_arguments_is_a_usage_error():
    result = subprocess.run(
        [sys.executable, "-m", "solver"], cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "usage:" in result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_each_command_help_says_what_it_reads_and_prints(name, capsys):
    with pytest.raises(SystemExit) as exit_info:
        build_parser([name, "--help"]).parse_args([name, "--help"])
    assert exit_info.value.code == 0
    text = " ".join(capsys.readouterr().out.split()).lower()
    assert text.startswith("usage: python -m solver %s" % name)
    description = text.split("options:")[0]
    assert re.search(r"\b(reads?|stdin|input)\b", description), description
    assert re.search(r"\b(prints?|stdout|writes?|output)\b", description), description


@pytest.mark.parametrize("name", NAMES)
def test_each_command_has_a_runner(name):
    parser = build_parser([name])
    subparsers = next(a for a in parser._actions if a.dest == "command")
    defaults = subparsers.choices[name]._defaults
    assert callable(defaults.get("run"))


def test_a_broken_pipe_ends_quietly_with_the_sigpipe_status():
    # as `python -m solver gen 3000 auto low | head -1`: the reader goes away after one
    # line, with far more output to come than a pipe holds
    process = subprocess.Popen(
        [sys.executable, "-m", "solver", "gen", "3000", "auto", "low"], cwd=str(PROJECT_ROOT),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert stderr == b""


# one refusal of each command: each written 'error: ...' (they read 'topcoder: ...',
# 'gen: ...', 'python -m solver solve: error: ...': issue 38)
REFUSALS = [
    (["solve", "--workers", "x"], 2, ""), (["solve", "missing.txt"], 1, ""), (["score", "missing.txt"], 1, ""),
    (["gen", "abc", "both", "low"], 2, ""), (["board", "no_board"], 2, ""), (["bench", "--repeat", "0"], 2, ""),
    (["cost", "pack.txt", "select.txt", "--boards", "0"], 2, ""), (["fit-plan", "--count", "0"], 2, ""),
    (["advise", "--top", "-1"], 2, ""), (["report", "missing.txt", "--pack", "missing.txt"], 1, ""),
    (["replay", "missing.txt", "board_a"], 1, ""), (["icpc"], 1, "2 x\n"), (["topcoder"], 1, "abc\n"),
    (["classic", "--games", "0"], 2, ""), (["topcoder-test", "--seeds", "abc"], 2, ""),
    (["adc2020", "check", "missing.txt", "missing.txt"], 2, ""),
]


@pytest.mark.parametrize("args, status, stdin", REFUSALS, ids=[" ".join(r[0]) for r in REFUSALS])
def test_every_command_refuses_in_one_form(args, status, stdin, tmp_path):
    run = subprocess.run([sys.executable, "-m", "solver"] + args, cwd=str(tmp_path), input=stdin, capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
    assert run.returncode == status, run.stderr
    lines = run.stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), lines


def test_a_closed_stdout_is_refused_in_the_same_form(tmp_path):
    run = subprocess.run("%s -m solver board board_9x9_10_1_both >&-" % sys.executable, shell=True, cwd=str(tmp_path),
                         capture_output=True, text=True, timeout=60, env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
    assert run.returncode == 1 and run.stderr == "error: stdout is closed: there is nowhere to print the output\n"
