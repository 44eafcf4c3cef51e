"""Tests for the command line map (solver.cli): every written command is listed and documented."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import COMMANDS, build_parser

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def module_exists(name):
    """True when the module a command lives in has been written."""
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # its parent package is missing
        return False


WRITTEN = [(name, module) for name, module, _ in COMMANDS if module_exists(module)]
UNWRITTEN = [name for name, module, _ in COMMANDS if not module_exists(module)]


def test_the_core_commands_are_written():
    assert {"solve", "score", "gen", "board"} <= {name for name, _ in WRITTEN}


def test_help_lists_every_written_command():
    result = subprocess.run(
        [sys.executable, "-m", "solver", "--help"],
        cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    listed = set(re.findall(r"^    (\S+)", result.stdout, re.MULTILINE))
    assert listed == {name for name, _ in WRITTEN}
    assert listed.isdisjoint(UNWRITTEN)
    for name, _, help_text in COMMANDS:
        if name in listed:
            assert " ".join(help_text.split()[:3]) in " ".join(result.stdout.split())


def test_no_arguments_is_a_usage_error():
    result = subprocess.run(
        [sys.executable, "-m", "solver"], cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "usage:" in result.stderr


@pytest.mark.parametrize("name", [name for name, _ in WRITTEN])
def test_each_command_help_says_what_it_reads_and_prints(name, capsys):
    with pytest.raises(SystemExit) as exit_info:
        build_parser([name, "--help"]).parse_args([name, "--help"])
    assert exit_info.value.code == 0
    text = " ".join(capsys.readouterr().out.split()).lower()
    assert text.startswith("usage: python -m solver %s" % name)
    description = text.split("options:")[0]
    assert re.search(r"\b(reads?|stdin|input)\b", description), description
    assert re.search(r"\b(prints?|stdout|writes?|output)\b", description), description


@pytest.mark.parametrize("name", [name for name, _ in WRITTEN])
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
