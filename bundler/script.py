"""The build end to end: the entry's sources to the bytes of dist/paiza_main.py.

`build` runs the steps in order (bundler/__init__.py lists them) and writes the
header: what generated the script, its settings and the interpreters its code is
frozen for, the sha256 of the bundled sources and settings (`source_digest`: no time,
no commit id, so two builds give the same bytes and build.py --check can compare) and
the modules bundled.
"""

import ast
import hashlib
import json
import os
from collections import namedtuple

from .checks import TARGET_VERSION, check_python38, check_stdlib_only
from .errors import BuildError
from .flatten import bundle
from .freeze import loader_script, source_literal
from .minify import MINIFIER_VERSION, MINIFY_OPTIONS, minify
from .modules import PACKAGE, dependency_order
from .names import check_names

ENTRY_MODULE = "contest.paiza"  # dotted, under PACKAGE
BAKED_NAME = "BAKED_PACK"  # the global a baked pack is bound to (the entry's baked_pack reads it)
# The entry's time plan: the default budget and paiza.IO's limit are read from it (the
# reasoning is there), not imported, so the build never runs the package's code.
TIME_PLAN = ("contest", "timeplan.py")


# The interpreters whose code is frozen into the script by default (build.py --freeze):
# the two this project measures on (docs/design.md, "The paiza script", its start: what each costs
# in bytes and saves in a start).
DEFAULT_FREEZE = ((3, 8), (3, 11))

HEADER_LINES = 3  # the comment lines before the script

Built = namedtuple("Built", "script note")
Built.__doc__ = """A build: the script's bytes, and a note on the 3.8 check, what was left out and what was frozen."""


def source_digest(modules, budget, workers=None, freeze=(), pack=None):
    """sha256 of the bundled sources and every setting that shapes the output."""
    record = {
        "pack": None if pack is None else hashlib.sha256(pack.encode("utf-8")).hexdigest(),
        "modules": [[m.label, m.text] for m in modules],
        "budget": float(budget),
        "workers": workers,
        "minifier": MINIFIER_VERSION,
        "options": MINIFY_OPTIONS,
        "target": list(TARGET_VERSION),
        "freeze": ["%d.%d" % version for version in freeze],
    }
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode("utf-8")).hexdigest()


def time_plan(root):
    """{name: value} of the numbers the entry's time plan (TIME_PLAN under PACKAGE in the
    folder `root`) assigns at top level: DEFAULT_BUDGET_SECONDS, CONTEST_SECONDS..."""
    path = os.path.join(root, PACKAGE, *TIME_PLAN)
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    return {node.targets[0].id: node.value.value for node in tree.body
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, (int, float))}


def build(root, budget=None, workers=None, entry=ENTRY_MODULE, freeze=DEFAULT_FREEZE, committed=b"", pack=None):
    """Built: the script of `entry` (dotted, under PACKAGE in the folder `root`) with
    `budget` (None: the time plan's default) and `workers` baked in, its code frozen for
    the minor versions `freeze` ((3, 8), ...; none: the plain minified script), keeping
    what it can of the `committed` script's frozen code (bundler/freeze.py), and the
    text `pack` (a compact pack, or a pack's text) baked in as BAKED_PACK, the pack the
    entry plays when stdin holds none.  BuildError if anything is wrong."""
    plan = time_plan(root)
    limit = plan["CONTEST_SECONDS"]
    budget = plan["DEFAULT_BUDGET_SECONDS"] if budget is None else budget
    if not (0 < budget < limit):
        raise BuildError("--budget %r: paiza.IO stops the run at %g s; give 0 < budget < %g" % (budget, limit, limit))
    if workers is not None and not 1 <= workers <= 64:
        raise BuildError("--workers %r: give a whole number from 1 to 64 (leave it out for the machine's cores)" % workers)
    modules = dependency_order(entry, root)
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
    if not small.endswith("\n"):
        small += "\n"
    note = "3.8 check: %s; %d definitions the entry never reaches left out" % (check_python38(small), len(dropped))
    frozen = ""
    if freeze:
        small, entries, notes = loader_script(small, freeze, committed, lines_before=HEADER_LINES, pack=pack)
        frozen = "; frozen for CPython %s" % (", ".join(e.version for e in entries) or "none here")
        note += "; " + "; ".join(notes)
        ast.parse(small, "paiza_main.py", feature_version=TARGET_VERSION)  # the loader too
    elif pack is not None:  # the plain script: the pack first (its lines move the source's)
        small = "%s = %s\n%s" % (BAKED_NAME, source_literal(pack), small)
    if pack is not None:
        frozen += "; a pack of %d bytes baked in" % len(pack.encode("utf-8"))
    header = (
        "# paiza_main.py: ADC Minesweeper player generated by build.py - do not edit; budget %.3f s; workers %s%s\n"
        "# sources+settings sha256 %s\n"
        "# bundled from %s/: %s\n"
    ) % (budget, workers or "auto", frozen, source_digest(modules, budget, workers, freeze, pack), PACKAGE,
         " ".join(m.name for m in modules))
    assert header.count("\n") == HEADER_LINES
    return Built((header + small).encode("utf-8"), note)
