"""The help a user reads: every default shown, the program named as it was invoked, a
version, and each command's input said."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solver import __version__
from solver.cli import COMMANDS, build_parser, program_name, shows_default

PROJECT_ROOT = Path(__file__).resolve().parents[2]
NAMES = [name for name, _ in COMMANDS]


def command_parser(name):
    parser = build_parser([name])
    return next(a for a in parser._actions if a.dest == "command").choices[name]


@pytest.mark.parametrize("name", NAMES)
def test_every_option_with_a_default_shows_it_in_its_help(name):
    parser = command_parser(name)
    options = " ".join(parser.format_help().split()).split(" options: ", 1)[1]
    for action in parser._actions:
        if not action.option_strings or not shows_default(action.default) or action.nargs == 0:
            continue
        entry = options.split(action.option_strings[-1], 1)[1][:600]  # the option's line and its help
        entry = entry.split(" --", 1)[0]  # up to the next option
        shown = {str(action.default)} | ({"%g" % action.default} if isinstance(action.default, float) else set())
        squeezed = "".join(entry.split())  # argparse breaks a long default such as 1000,2000,...
        assert any("".join(text.split()) in squeezed for text in shown), (name, action.option_strings, entry)


def solver_process(*args, executable=None, env=None):
    return subprocess.run([executable or sys.executable] + list(args), cwd=str(PROJECT_ROOT), capture_output=True,
                          text=True, timeout=60, env=env)


def test_version_is_the_packages_and_pyprojects():
    pyproject = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^version = "%s"$' % re.escape(__version__), pyproject, re.MULTILINE)
    done = solver_process("-m", "solver", "--version")
    assert done.returncode == 0 and done.stdout == "%s -m solver %s\n" % (os.path.basename(sys.executable), __version__)


def test_usage_names_the_program_as_it_was_invoked(tmp_path):
    done = solver_process("-m", "solver", "gen", "--help")
    assert done.stdout.startswith("usage: %s -m solver gen " % os.path.basename(sys.executable))
    # the installed script (pyproject's [project.scripts]) is a file of this name calling cli.main
    script = tmp_path / "adc-solver"
    script.write_text("import sys\nfrom solver.cli import main\nsys.exit(main())\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    done = subprocess.run([sys.executable, str(script), "gen", "--help"], capture_output=True, text=True, env=env,
                          timeout=60, cwd=str(tmp_path))
    assert done.returncode == 0 and done.stdout.startswith("usage: adc-solver gen "), done.stdout[:80]
    assert 'adc-solver = "solver.cli:main"' in (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert program_name(["/usr/local/bin/adc-solver"], None) == "adc-solver"
    assert program_name(["/some/test/runner"], ["python3.11", "-m", "pytest"]) == "python -m solver"


def test_icpc_help_gives_the_input_format():
    text = " ".join(command_parser("icpc").format_help().split())
    for said in ("r c", "r * c <= 40", "'M'", "'.'", "0 0"):
        assert said in text, said
