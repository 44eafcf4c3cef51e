"""Tests for the command line map (solver.cli): every written command is listed and documented."""

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
