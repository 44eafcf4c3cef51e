"""pyproject.toml in the current form (PEP 639), for a backend that installs on 3.8 too."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_license_is_an_spdx_expression_read_by_the_backend_required():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"  # a string: the table form is deprecated (refused after 2027-02-18)
    assert not any("License ::" in c for c in project["project"].get("classifiers", []))  # deprecated beside it
    (requirement,) = project["build-system"]["requires"]
    found = re.fullmatch(r"hatchling>=1\.(\d+)", requirement)
    assert found and int(found.group(1)) >= 27  # the first hatchling to read an SPDX license
    assert project["project"]["requires-python"] == ">=3.8"  # hatchling builds there (setuptools 77+ does not)


def test_the_wheel_holds_the_solver_package_alone():
    # bundler/ (the build of dist/paiza_main.py) sits beside solver/ as dev tooling
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["solver"]
    assert (PYPROJECT.parent / "bundler" / "__init__.py").exists()


def test_the_mit_license_text_is_shipped():
    # pyproject said MIT with no LICENSE file beside it (issue 38)
    text = (PYPROJECT.parent / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 adc-minesweeper-solver contributors\n")
    assert "Permission is hereby granted, free of charge" in text and 'THE SOFTWARE IS PROVIDED "AS IS"' in text


def test_pytest_q_prints_its_summary_line():
    # addopts = "-q" made `python3 -m pytest -q` quiet twice: no "N passed" line (issue 38)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/package/test_pyproject.py::test_the_mit_license_text_is_shipped"],
                         cwd=str(PYPROJECT.parent), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout
    assert re.search(r"^1 passed", run.stdout.splitlines()[-1]), run.stdout
