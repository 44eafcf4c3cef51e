"""Build dist/paiza_main.py: the contest program as one flat, minified, stdlib-only script.

paiza.IO runs a single source file, so the modules `solver/contest/paiza.py`
needs are bundled into one script (steps 1-2 are flatten.py's):

1. follow the intra-package imports (``from .module import a, b``,
   ``from ..layer.module import a``) from solver/contest/paiza.py recursively and
   order the modules so each follows what it imports;
2. concatenate their top-level statements in that order, dropping the
   intra-package imports (every top-level name now lives in one namespace),
   hoisting ``from __future__`` and standard-library imports to the top (once
   each), and dropping ``if __name__ == "__main__"`` blocks of all but the entry;
   then drop every top-level definition, assignment and import the program never
   reaches from the statements that run (the modules keep helpers for tests and
   other commands: the bundle carries only what the entry uses);
3. put the entry's FIRST_STATEMENT_CLOCK assignment first, so the run's clock
   starts before any other set-up, and bake ``--budget`` into BUDGET_SECONDS and
   ``--workers`` into WORKERS;
4. minify with python-minifier (docstrings and annotations removed, locals
   renamed; globals keep their names, since nothing here proves renaming them safe);
5. check the result: valid Python 3.8 (grammar check, plus a real 3.8 compile when
   one is installed), imports only the standard library.

The build refuses (message, exit 1) what it cannot flatten faithfully: a top-level
name bound by two modules, a top-level name that shadows a builtin, ``import
solver.x``, ``from . import x``, ``from .x import *``, ``as`` renames of package
names, relative imports below module top level or above the package, an import
from a package's ``__init__``, a name imported from a module that does not define
it, import cycles.

The output is deterministic: its header holds the sha256 of the bundled sources
and the build settings (no time, no commit id), so two builds give the same bytes.
``python build.py --check`` rebuilds in memory and exits 1 if dist/paiza_main.py
differs (CI runs it: rebuild whenever a bundled module changes).
"""

import argparse
import ast
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys

from flatten import PACKAGE, BuildError, bundle, check_names, dependency_order

ROOT = os.path.dirname(os.path.abspath(__file__))
ENTRY_MODULE = "contest.paiza"  # dotted, under PACKAGE
OUTPUT = os.path.join(ROOT, "dist", "paiza_main.py")

# The budget baked into the bundle, in seconds from process start (solver/contest/clock.py
# reads it from /proc, so interpreter start-up counts) to the last board started.
# paiza.IO stops the whole run at 2.0 s.  Outside the budget: the board in progress at
# the deadline (a board is started only while batch.LAST_BOARD_SECONDS are left, and it
# stops at its next stall past the deadline), the last writes and the exit.  The whole
# process's wall time with it is in every table of ../shared/tools/versus.py (docs/measurements.md).
# Reading and indexing the pack count against the budget, so a bigger pack leaves less
# time to play (the plan in solver/contest/plan.py then picks fewer).  After the
# budget come batch.COLLECT_GRACE_SECONDS for the workers' last records, the list's
# write (2.3 MB on a 20,000-board ADC2025 pack) and the exit: 1.92 s let the whole
# process reach 1.96 s there, past the 1.95 s bar (docs/measurements.md, "Wall time").
DEFAULT_BUDGET_SECONDS = 1.90

MINIFIER_VERSION = "2.11.3"
MINIFY_OPTIONS = {
    "remove_literal_statements": True,  # docstrings
    "remove_annotations": True,
    "rename_locals": True,
    "rename_globals": False,  # not proven safe: a global may be read by name (namedtuple fields, getattr)
    "hoist_literals": False,  # it would add new module-level names
    "remove_asserts": False,  # asserts may guard behaviour; keep the program as tested
    "remove_debug": False,
}
TARGET_VERSION = (3, 8)

# Used when sys.stdlib_module_names (3.10+) is missing: the standard modules a
# solver module may reasonably import.  A module outside it fails the build on old
# interpreters only, never silently passes.
STDLIB_FALLBACK = frozenset(
    "__future__ abc argparse array bisect builtins collections contextlib copy dataclasses decimal "
    "enum fractions functools gc heapq io itertools math operator os random re statistics string "
    "struct sys textwrap time types typing warnings".split()
)


# ---------------------------------------------------------------- minifying and checking


def minify(source):
    try:
        import python_minifier
    except ImportError:
        raise BuildError(
            "python-minifier is not installed: pip install python-minifier==%s" % MINIFIER_VERSION
        ) from None
    version = getattr(python_minifier, "__version__", None)
    if version is None:
        try:
            from importlib.metadata import version as dist_version

            version = dist_version("python-minifier")
        except Exception:  # pragma: no cover - metadata missing
            version = "unknown"
    if version != MINIFIER_VERSION:
        raise BuildError(
            "python-minifier %s is installed; the build is pinned to %s (its output differs between versions)"
            % (version, MINIFIER_VERSION)
        )
    return python_minifier.minify(source, **MINIFY_OPTIONS)


def stdlib_names():
    return getattr(sys, "stdlib_module_names", STDLIB_FALLBACK)


def check_stdlib_only(tree, label="the bundle", relative_ok=False):
    """BuildError if the script imports anything but the standard library (a module's
    own source: `relative_ok`, its intra-package imports are allowed)."""
    allowed = stdlib_names()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                if relative_ok:
                    continue
                raise BuildError("%s line %d: relative import left in the bundle" % (label, node.lineno))
            tops = [node.module.split(".")[0]]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
            raise BuildError("%s line %d: __import__ call; the bundle must import statically" % (label, node.lineno))
        else:
            continue
        for top in tops:
            if top not in allowed:
                raise BuildError(
                    "%s line %d: imports %r, which is not in the standard library" % (label, node.lineno, top)
                )


def find_python(minor):
    """A CPython 3.<minor> interpreter path, or None: python3.X on PATH or under pyenv's versions."""
    roots = []
    if os.environ.get("PYENV_ROOT"):
        roots.append(os.environ["PYENV_ROOT"])
    roots.append(os.path.expanduser("~/.pyenv"))
    for root in roots:
        candidates = sorted(glob.glob(os.path.join(root, "versions", "3.%d.*" % minor, "bin", "python3")))
        candidates = [
            c
            for c in candidates
            if os.path.basename(os.path.dirname(os.path.dirname(c)))[len("3.%d." % minor) :].isdigit()
        ]
        if candidates:
            return candidates[-1]
    found = shutil.which("python3.%d" % minor)
    if found and "shims" not in found:  # a pyenv shim may refuse a version that is not selected
        return found
    return None


def check_python38(source):
    """BuildError unless `source` is valid Python 3.8 (grammar; a real 3.8 compile when installed)."""
    try:
        ast.parse(source, "paiza_main.py", feature_version=TARGET_VERSION)
    except SyntaxError as exc:
        raise BuildError(
            "the minified script is not Python %d.%d: line %s: %s" % (TARGET_VERSION + (exc.lineno, exc.msg))
        ) from None
    python38 = find_python(TARGET_VERSION[1])
    if python38 is None:
        return "grammar only (no Python 3.%d installed)" % TARGET_VERSION[1]
    result = subprocess.run(
        [python38, "-I", "-c", "import sys; compile(sys.stdin.buffer.read(), 'paiza_main.py', 'exec')"],
        input=source.encode("utf-8"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    if result.returncode != 0:
        raise BuildError(
            "Python 3.%d cannot compile the minified script:\n%s"
            % (TARGET_VERSION[1], result.stderr.decode("utf-8", "replace"))
        )
    return "compiled by " + python38


def source_digest(modules, budget, workers=None):
    """sha256 of the bundled sources and every setting that shapes the output."""
    record = {
        "modules": [[m.label, m.text] for m in modules],
        "budget": float(budget),
        "workers": workers,
        "minifier": MINIFIER_VERSION,
        "options": MINIFY_OPTIONS,
        "target": list(TARGET_VERSION),
    }
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode("utf-8")).hexdigest()


def build(budget=DEFAULT_BUDGET_SECONDS, workers=None):
    """(script bytes, a note on the 3.8 check and what was left out).  BuildError if anything is wrong."""
    if not (0 < budget < 2.0):
        raise BuildError("--budget %r: paiza.IO stops the run at 2.0 s; give 0 < budget < 2" % budget)
    if workers is not None and not 1 <= workers <= 64:
        raise BuildError("--workers %r: give a whole number from 1 to 64 (leave it out for the machine's cores)" % workers)
    modules = dependency_order(ENTRY_MODULE, ROOT)
    for module in modules:  # every source, also where the bundle drops the import as unused
        check_stdlib_only(module.tree, module.label, relative_ok=True)
    check_names(modules)
    flat, dropped = bundle(modules, budget, workers)
    try:
        flat_tree = ast.parse(flat, "bundle")
    except SyntaxError as exc:  # pragma: no cover - a bug in bundle()
        raise BuildError("the flat bundle does not parse: line %s: %s" % (exc.lineno, exc.msg)) from None
    check_stdlib_only(flat_tree, "the flat bundle")
    small = minify(flat)
    check_stdlib_only(ast.parse(small, "paiza_main.py"))
    note = "3.8 check: %s; %d definitions the entry never reaches left out" % (check_python38(small), len(dropped))
    header = (
        "# paiza_main.py: ADC Minesweeper player generated by build.py - do not edit; budget %.3f s; workers %s\n"
        "# sources+settings sha256 %s\n"
        "# bundled from %s/: %s\n"
    ) % (budget, workers or "auto", source_digest(modules, budget, workers), PACKAGE, " ".join(m.name for m in modules))
    if not small.endswith("\n"):
        small += "\n"
    return (header + small).encode("utf-8"), note


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Bundle solver/contest/paiza.py and its modules into dist/paiza_main.py."
    )
    parser.add_argument(
        "--budget", type=float, default=DEFAULT_BUDGET_SECONDS, help="seconds of play from process start (default %(default)s)"
    )
    parser.add_argument(
        "--workers", type=int, metavar="N",
        help="worker processes sharing the boards (default: the cores the program may use when it runs; "
        "1 for a platform that counts CPU time instead of wall time)",
    )
    parser.add_argument("--check", action="store_true", help="rebuild in memory; exit 1 if dist/paiza_main.py differs")
    args = parser.parse_args(argv)
    try:
        script, note = build(args.budget, args.workers)
    except BuildError as exc:
        print("build.py: error: %s" % exc, file=sys.stderr)
        return 1
    relative = os.path.relpath(OUTPUT, ROOT)
    if args.check:
        try:
            with open(OUTPUT, "rb") as handle:
                current = handle.read()
        except OSError:
            current = None
        if current != script:
            print(
                "build.py: %s is %s; run 'python build.py' and commit it"
                % (relative, "missing" if current is None else "stale"),
                file=sys.stderr,
            )
            return 1
        print("%s is up to date (%d bytes; %s)" % (relative, len(script), note))
        return 0
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "wb") as handle:
        handle.write(script)
    print("wrote %s: %d bytes (%s)" % (relative, len(script), note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
