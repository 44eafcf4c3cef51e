"""pyproject.toml in the form current setuptools reads without a deprecation warning."""

import re
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_license_is_an_spdx_expression_read_by_the_setuptools_required():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"  # a string: the table form is deprecated (refused after 2027-02-18)
    assert not any("License ::" in c for c in project["project"].get("classifiers", []))  # deprecated beside it
    (requirement,) = project["build-system"]["requires"]
    found = re.fullmatch(r"setuptools>=(\d+)", requirement)
    assert found and int(found.group(1)) >= 77  # the first setuptools to read an SPDX license
