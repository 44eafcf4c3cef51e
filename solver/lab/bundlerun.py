"""Running the contest bundle (dist/paiza_main.py) as paiza.IO does: a fresh process, the
pack on stdin, the select list on stdout and the summary line on stderr.  `run_entry`
runs the entry's source (solver/contest/paiza.py) the same way: a cold run of the code
in this tree, with no memory of boards played before (what bench --contest reports).

The bundle is a black box here: what is read back is only its documented output
(`boards PLAYED/TOTAL  seconds S  score X`, S counted from process start by its own
clock) and its budget, set through SOLVER_BUDGET (seconds from process start; 0
means no deadline) or left to the value build.py baked in.  A `Runner` says which
bundle, which interpreter, and in which form the pack is given (its text, or its
compact form as an entrant gives a pack too big for paiza.IO's input).
"""

import os
import re
import subprocess
import sys
import time
from collections import namedtuple
from pathlib import Path

from ..official.compact import is_compact
from ..official.compacting import compact_pack

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "dist" / "paiza_main.py"
ENTRY_MODULE = "solver.contest.paiza"
# the score: one total, or one per rule ("98050 (2025) 12.3456 (2026)"), up to two spaces
_SUMMARY = re.compile(r"boards (\d+)/(\d+)\s+seconds ([0-9.]+)\s+score (\S+(?: \S+)*)")
_BAKED_BUDGET = re.compile(r"\bBUDGET_SECONDS\s*=\s*([0-9.]+)")

Run = namedtuple("Run", "played boards seconds score select shown wall")
Run.__doc__ = """One run of the bundle: boards played of the pack's, seconds from process
start to the end of play (its own clock), the total it printed (the first, for a pack of
both header forms), its select list, the score as its summary wrote it, and the wall
seconds of the whole process as this one saw it (started to reaped)."""


def run_bundle(text, budget=None, bundle=BUNDLE, python=None, timeout=120):
    """Run the bundle on a pack (its text, or its bytes as a file holds them).  budget:
    None for the baked one, 0 for no deadline, else seconds from process start."""
    return _run([python or sys.executable, str(bundle)], text, budget, timeout, "the bundle")


def run_entry(text, budget=None, python=None, timeout=120):
    """Run the entry's source (python -m solver.contest.paiza, this tree's package) on a
    pack text as run_bundle runs the bundle: a fresh process, its budget (None: the
    source's BUDGET_SECONDS) counted from that process's start."""
    return _run([python or sys.executable, "-m", ENTRY_MODULE], text, budget, timeout, "the entry",
                {"PYTHONPATH": str(ROOT)})


def _run(command, text, budget, timeout, what, extra=None):
    """The Run of `command` with the pack text on stdin; RuntimeError when it fails."""
    env = dict(os.environ, **(extra or {}))
    env.pop("SOLVER_BUDGET", None)
    if budget is not None:
        env["SOLVER_BUDGET"] = repr(float(budget))
    data = text.encode("utf-8") if isinstance(text, str) else text
    began = time.perf_counter()
    done = subprocess.run(command, input=data, capture_output=True, env=env, timeout=timeout, check=False)
    wall = time.perf_counter() - began
    err = done.stderr.decode("utf-8", "replace")
    found = _SUMMARY.findall(err)
    if done.returncode != 0 or not found:
        raise RuntimeError("%s failed (exit %d): %s" % (what, done.returncode, err.strip()[-400:]))
    played, boards, seconds, shown = found[-1]
    score = shown.split()[0]
    value = float(score) if "." in score else int(score)
    return Run(int(played), int(boards), float(seconds), value, done.stdout.decode("utf-8", "replace"), shown, wall)


FORMS = ("compact", "text")  # what a Runner gives the bundle on stdin
LEAST_PYTHON = (3, 8)  # the bundle's oldest interpreter (bundler/checks.py compiles it as 3.8)


class Runner(namedtuple("Runner", "bundle form python")):
    """How the lab runs the bundle: the script, the form of the pack on its stdin
    ('text', or 'compact': what official.compacting makes of the text, as the entrant
    gives it), and the interpreter (None: this one)."""

    def given(self, text):
        """What the bundle is given for a pack's text."""
        return compact_pack(text).text if self.form == "compact" and not is_compact(text) else text

    def run(self, text, budget=None):
        """The Run of the bundle on a pack's text, in this Runner's form (see run_bundle)."""
        return run_bundle(self.given(text), budget, self.bundle, self.python)


DEFAULT_RUNNER = Runner(BUNDLE, "text", None)


def python_problem(python, least=LEAST_PYTHON):
    """Why `python` cannot run the bundle (it does not run, or it is older than `least`),
    or None: asked in a second, before any rehearsal."""
    version = python_version(python)
    if isinstance(version, str):
        return version
    if version < least:
        return "it is Python %d.%d; the bundle needs %d.%d or newer" % (version + least)
    return None


def python_version(python):
    """(major, minor) of an interpreter, or a string saying why it does not run."""
    try:
        done = subprocess.run([python, "-c", "import sys; print('%d %d' % sys.version_info[:2])"],
                              capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return "it does not run (%s)" % (getattr(exc, "strerror", None) or exc)
    words = done.stdout.split()
    if done.returncode != 0 or len(words) != 2 or not all(w.isdigit() for w in words):
        return "it does not run (exit %d)" % done.returncode
    return int(words[0]), int(words[1])


def baked_budget(bundle=BUNDLE):
    """The budget (seconds from process start) build.py baked into the bundle."""
    found = _BAKED_BUDGET.search(Path(bundle).read_text(encoding="utf-8"))
    if found is None:
        from ..contest.paiza import BUDGET_SECONDS  # the source the bundle is built from

        return BUDGET_SECONDS
    return float(found.group(1))
