"""The examples in the package's docstrings run as written (doctest), and the steps
that teach by example keep theirs: counting, the pairs step, the estimate, the records
and the run memories."""

import doctest
import importlib
from pathlib import Path

import pytest

SOLVER_DIR = Path(__file__).resolve().parents[2] / "solver"
MODULES = sorted(
    ".".join(("solver",) + path.relative_to(SOLVER_DIR).with_suffix("").parts)
    for path in SOLVER_DIR.rglob("*.py")
    if path.name not in ("__main__.py",)
)
TEACHING = ("solver.engine.counting", "solver.engine.deduce", "solver.engine.probability",
            "solver.contest.records", "solver.engine.memories", "solver.official.compact", "solver.engine.policy")


@pytest.mark.parametrize("name", MODULES)
def test_every_docstring_example_runs(name):
    module = importlib.import_module(name.replace(".__init__", ""))
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, "%s: %d of %d examples failed" % (name, failed, attempted)
    if name in TEACHING:
        assert attempted, "%s teaches by example and has none" % name
