"""The help a user reads: every default shown, the program named as it was invoked, a
version, and each command's input said."""

import argparse
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


def every_parser():
    """(the command's words, its parser) of every command and subcommand (adc2020's too)."""
    for name in NAMES:
        pending = [([name], command_parser(name))]
        while pending:
            words, parser = pending.pop()
            yield " ".join(words), parser
            for action in parser._actions:
                if isinstance(action, argparse._SubParsersAction):
                    pending.extend((words + [sub], child) for sub, child in action.choices.items())


def test_every_default_is_written_one_way():
    # "(default 10)" beside "(default: 10.0)" (issue 46, item 15): every help says "default: X"
    for words, parser in every_parser():
        text = " ".join(parser.format_help().split())
        wrong = re.findall(r".{0,30}\bdefault\b(?!: ).{0,20}", text)
        assert wrong == [], (words, wrong)


# An option may name another thing in another command: split writes a folder where
# compact writes a file; classic's rules are other games' than the contests'.
METAVARS_THAT_DIFFER = {"--out", "--rule"}


def test_an_option_of_several_commands_is_written_one_way():
    # `--jobs J` beside `--jobs JOBS`, `--python PATH` beside `--python PYTHON` (issue 46, item 15)
    seen = {}
    for words, parser in every_parser():
        formatter = parser._get_formatter()
        for action in parser._actions:
            if not action.option_strings or action.nargs == 0:
                continue
            shown = formatter._format_args(action, action.dest.upper())
            for option in action.option_strings:
                if option.startswith("--") and option not in METAVARS_THAT_DIFFER:
                    seen.setdefault(option, {}).setdefault(shown, []).append(words)
    differ = {option: forms for option, forms in seen.items() if len(forms) > 1}
    assert differ == {}, differ


def test_advise_help_gives_each_checks_bound():
    # it said --check fails past 25% where the session's check fails past 10% (issue 46, item 15)
    from solver.lab.advise import TOLERANCE
    from solver.lab.sessionplan import SESSION_TOLERANCE

    text = " ".join(command_parser("advise").format_help().split())
    check = text.split("--check [RUNS] ", 1)[1].split(" --session PACK ", 1)[0]
    assert "%d%% off" % round(100 * TOLERANCE) in check and "%d%% off" % round(100 * SESSION_TOLERANCE) in check
