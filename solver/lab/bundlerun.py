"""Running the contest bundle (dist/paiza_main.py) as paiza.IO does: a fresh process, the
pack on stdin, the select list on stdout and the summary line on stderr.

The bundle is a black box here: what is read back is only its documented output
(`boards PLAYED/TOTAL  seconds S  score X`, S counted from process start by its own
clock) and its budget, set through SOLVER_BUDGET (seconds from process start; 0
means no deadline) or left to the value build.py baked in.
"""

import os
import re
import subprocess
import sys
from collections import namedtuple
from pathlib import Path

BUNDLE = Path(__file__).resolve().parents[2] / "dist" / "paiza_main.py"
_SUMMARY = re.compile(r"boards (\d+)/(\d+)\s+seconds ([0-9.]+)\s+score (\S+)")
_BAKED_BUDGET = re.compile(r"\bBUDGET_SECONDS\s*=\s*([0-9.]+)")

Run = namedtuple("Run", "played boards seconds score select")
Run.__doc__ = """One run of the bundle: boards played of the pack's, seconds from process
start to the end of play (its own clock), the total it printed, its select list."""


def run_bundle(text, budget=None, bundle=BUNDLE, python=None, timeout=120):
    """Run the bundle on a pack text.  budget: None for the baked one, 0 for no deadline,
    else seconds from process start."""
    env = dict(os.environ)
    env.pop("SOLVER_BUDGET", None)
    if budget is not None:
        env["SOLVER_BUDGET"] = repr(float(budget))
    done = subprocess.run(
        [python or sys.executable, str(bundle)], input=text.encode("utf-8"), capture_output=True, env=env,
        timeout=timeout, check=False,
    )
    err = done.stderr.decode("utf-8", "replace")
    found = _SUMMARY.findall(err)
    if done.returncode != 0 or not found:
        raise RuntimeError("the bundle failed (exit %d): %s" % (done.returncode, err.strip()[-400:]))
    played, boards, seconds, score = found[-1]
    value = float(score) if "." in score else int(score)
    return Run(int(played), int(boards), float(seconds), value, done.stdout.decode("utf-8", "replace"))


def baked_budget(bundle=BUNDLE):
    """The budget (seconds from process start) build.py baked into the bundle."""
    found = _BAKED_BUDGET.search(Path(bundle).read_text(encoding="utf-8"))
    if found is None:
        from ..contest.paiza import BUDGET_SECONDS  # the source the bundle is built from

        return BUDGET_SECONDS
    return float(found.group(1))
