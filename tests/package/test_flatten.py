"""Tests for the bundler's steps (bundler/modules.py, names.py, flatten.py) through the
whole build, on small fake packages: what the flat bundle keeps and leaves out, and
the forms of import and the name clashes the build refuses (one message naming the
place).
"""

import os
import re
import subprocess
import sys
import textwrap
from functools import partial

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from test_build import baked_budget  # noqa: E402

import build  # noqa: E402  (build.py lives at the repository root)
from bundler.errors import BuildError  # noqa: E402
from bundler.modules import PACKAGE  # noqa: E402
from bundler.script import build as build_script  # noqa: E402

GOOD_ENTRY = """
    '''Entry.'''
    import time
    from .helper import greet
    FIRST_STATEMENT_CLOCK = time.perf_counter()
    BUDGET_SECONDS = 1.6
    WORKERS = None
    def main():
        print(greet("paiza"))
    if __name__ == "__main__":
        main()
"""
GOOD_HELPER = """
    '''Helper.'''
    import sys
    def greet(name):
        '''Say hello.'''
        local_variable_with_a_long_name = "hello " + name
        return local_variable_with_a_long_name
    if __name__ == "__main__":
        sys.exit("helper run directly")
"""


def fake_package(tmp_path, entry="paiza", **modules):
    """A package of the given modules (a name "layer__module" is layer/module.py) at
    tmp_path; the build of its entry, to call with the build's other settings."""
    package = tmp_path / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text("")
    modules.setdefault("contest__timeplan", "CONTEST_SECONDS = 2.0\nDEFAULT_BUDGET_SECONDS = 1.9\n")  # (read by the build)
    for name, text in modules.items():
        path = package.joinpath(*name.split("__")).with_suffix(".py")
        path.parent.mkdir(exist_ok=True)
        (path.parent / "__init__.py").touch()
        path.write_text(textwrap.dedent(text))
    return partial(build_script, str(tmp_path), entry=entry)



def test_definitions_the_entry_never_reaches_are_left_out(tmp_path):
    helper = GOOD_HELPER + "    def only_for_tests():\n        return greet('tests')\n    UNUSED = [1, 2]\n"
    make = fake_package(tmp_path, paiza=GOOD_ENTRY, helper=helper)
    script, _ = make(budget=1.0)
    text = script.decode()
    assert "only_for_tests" not in text and "UNUSED" not in text
    assert "greet" in text  # what main reaches stays
    result = subprocess.run([sys.executable, "-c", text], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.stdout == b"hello paiza\n", result.stderr


def test_a_name_bound_in_two_modules_is_reported_with_both_places(tmp_path):
    make = fake_package(tmp_path, paiza=GOOD_ENTRY, helper=GOOD_HELPER + "    def main():\n        pass\n")
    with pytest.raises(BuildError) as error:
        make()
    places = re.findall(r"solver/\w+\.py:\d+", str(error.value))
    assert sorted(place.split(":")[0] for place in places) == ["solver/helper.py", "solver/paiza.py"], str(error.value)


def test_fake_package_bundles_and_runs(tmp_path):
    make = fake_package(tmp_path, paiza=GOOD_ENTRY, helper=GOOD_HELPER)
    script, _ = make(budget=1.0)
    text = script.decode()
    assert "local_variable_with_a_long_name" not in text  # locals renamed
    assert "Say hello" not in text  # docstrings gone
    assert "helper run directly" not in text  # the helper's main block dropped
    assert baked_budget(script) == 1.0
    result = subprocess.run([sys.executable, "-c", text], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.stdout == b"hello paiza\n", result.stderr


@pytest.mark.parametrize(
    "helper_text,message",
    [
        (GOOD_HELPER + "    def main():\n        pass\n", "'main' is bound in"),
        (GOOD_HELPER + "    import solver.other\n", "cannot be flattened"),
        (GOOD_HELPER + "    from . import other\n", "cannot be flattened"),
        (GOOD_HELPER + "    from .other import *\n", "cannot be flattened"),
        (GOOD_HELPER + "    def lazy():\n        from .other import thing\n", "not at module top level"),
        (GOOD_HELPER + "    from .other import thing as renamed\n", "renames a package name"),
        (GOOD_HELPER + "    from .other import missing\n", "has no top-level name 'missing'"),
        (GOOD_HELPER + "    from .paiza import main\n", "import cycle"),
        (GOOD_HELPER + "    import numpy\n", "not in the standard library"),
        (GOOD_HELPER + "    def len(x):\n        return 0\n", "shadows a builtin"),
        (GOOD_HELPER + "    HERE = __file__\n", "__file__"),
        (GOOD_HELPER + "    from collections import OrderedDict as main\n", "'main' is bound in"),
    ],
)
def test_build_refuses_what_it_cannot_flatten(tmp_path, helper_text, message):
    other = "'''Other.'''\nthing = 1\n"
    make = fake_package(tmp_path, paiza=GOOD_ENTRY, helper=helper_text, other=other)
    with pytest.raises(BuildError, match=re.escape(message)):
        make()


def test_modules_in_subpackages_bundle_and_run(tmp_path):
    entry = GOOD_ENTRY.replace("from .helper import greet", "from ..grid.helper import greet")
    assert entry != GOOD_ENTRY
    make = fake_package(tmp_path, entry="contest.paiza", contest__paiza=entry, grid__helper=GOOD_HELPER)
    script, _ = make(budget=1.0)
    assert b"# ---- solver/grid/helper.py" not in script  # labels are gone after minifying
    result = subprocess.run([sys.executable, "-c", script.decode()], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.stdout == b"hello paiza\n", result.stderr


@pytest.mark.parametrize(
    "import_line,message",
    [
        ("from ...helper import greet", "reaches above the package"),
        ("from ..grid import helper", "package's __init__"),
        ("from ..grid import greet", "package's __init__"),
    ],
)
def test_subpackage_imports_the_build_cannot_follow(tmp_path, import_line, message):
    entry = GOOD_ENTRY.replace("from .helper import greet", import_line)
    make = fake_package(tmp_path, entry="contest.paiza", contest__paiza=entry, grid__helper=GOOD_HELPER)
    with pytest.raises(BuildError, match=re.escape(message)):
        make()


def test_build_exits_1_with_a_message(tmp_path, monkeypatch, capsys):
    entry = GOOD_ENTRY.replace("from .helper import greet", "from ..grid.helper import greet")
    fake_package(tmp_path, entry="contest.paiza", contest__paiza=entry, grid__helper=GOOD_HELPER + "    import solver.other\n")
    monkeypatch.setattr(build, "ROOT", str(tmp_path))
    monkeypatch.setattr(build, "OUTPUT", str(tmp_path / "out.py"))
    assert build.main([]) == 1
    assert "error" in capsys.readouterr().err
    assert not (tmp_path / "out.py").exists()


def test_entry_without_clock_is_refused(tmp_path):
    entry = GOOD_ENTRY.replace("FIRST_STATEMENT_CLOCK = time.perf_counter()", "")
    make = fake_package(tmp_path, paiza=entry, helper=GOOD_HELPER)
    with pytest.raises(BuildError, match="FIRST_STATEMENT_CLOCK"):
        make()


def test_budget_outside_the_limit_is_refused():
    for budget in (0, -1, 2.0, 5):
        with pytest.raises(BuildError, match="budget"):
            build_script(ROOT, budget=budget)
