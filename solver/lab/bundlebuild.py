"""The bundle the lab rehearses, and the commands that make what it advises.

`advise` rehearses the bundle built now from this checkout's sources with the budget
it was told (`build.py --budget B --out TMP`, in a folder of its own that it removes),
never whatever dist/ holds: a script built for a session's 0.177 s would otherwise be
rehearsed for an ADC2025 run without a word.  The commands it prints for the entrant
make their files in a folder of their own, RUNS_FOLDER (git ignores it), so that the
committed dist/paiza_main.py stays the default build and the repository stays clean.
"""

import os
import shlex
import subprocess
import sys
import tempfile
from contextlib import contextmanager

from ..contest.timeplan import DEFAULT_BUDGET_SECONDS
from .bundlerun import ROOT

BUILD_SCRIPT = ROOT / "build.py"
RUNS_FOLDER = "runs"  # where the printed steps write (the project's .gitignore holds /runs/)
SCRIPT_NAME = "paiza_main.py"


def budget_text(budget):
    """A budget as build.py is given it and the steps print it: milliseconds."""
    return "%.3f" % budget


def build_bundle(budget, out, python=None):
    """Build the bundle with `budget` seconds (from process start) into the file `out`;
    RuntimeError saying why when the build refuses or cannot run."""
    if not BUILD_SCRIPT.is_file():
        raise RuntimeError("%s is missing: advise rehearses the bundle built from a checkout of the project" % BUILD_SCRIPT)
    done = subprocess.run([python or sys.executable, str(BUILD_SCRIPT), "--budget", budget_text(budget), "--out", str(out)],
                          cwd=str(ROOT), capture_output=True, text=True, check=False, timeout=600)
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()
        raise RuntimeError("building the bundle failed: %s" % (said[-1] if said else "exit %d" % done.returncode))
    return out


@contextmanager
def rehearsed_bundle(budget):
    """The path of a bundle built with `budget`, in a temporary folder removed after."""
    with tempfile.TemporaryDirectory(prefix="advise-") as folder:
        yield build_bundle(budget, os.path.join(folder, SCRIPT_NAME))


def runs_path(*names):
    """A path in the steps' folder, as the steps print it."""
    return "/".join((RUNS_FOLDER,) + names)


def build_step(budget):
    """The command that builds the script the steps run: into RUNS_FOLDER, the budget
    said when it is not the default."""
    here = os.path.relpath(BUILD_SCRIPT)
    told = "" if abs(budget - DEFAULT_BUDGET_SECONDS) < 5e-4 else " --budget %s" % budget_text(budget)
    return "python3 %s%s --out %s" % (shlex.quote(here), told, runs_path(SCRIPT_NAME))
