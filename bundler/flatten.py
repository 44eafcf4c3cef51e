"""Step 3 of the build: the modules flattened into one script, and what it never reaches left out.

`bundle` concatenates the modules' top-level statements in dependency order, dropping
the intra-package imports, hoisting ``from __future__`` and standard-library imports
to the top (once each), dropping ``if __name__ == "__main__"`` blocks of all but the
entry and the modules' documentation; it puts the entry's FIRST_STATEMENT_CLOCK
assignment first (the run's clock starts before any other set-up) and bakes the
budget and the workers into the entry's BUDGET_SECONDS and WORKERS.  Then every
top-level definition, assignment and import the program never reaches from the
statements that run is left out (`reachable`: the modules keep helpers for tests and
other commands; the bundle carries only what the entry uses).
"""

import ast

from .errors import BuildError
from .modules import is_main_guard, where
from .names import assigned_names

BUDGET_NAME = "BUDGET_SECONDS"
WORKERS_NAME = "WORKERS"  # worker processes baked in (None: the cores the process may use)
CLOCK_NAME = "FIRST_STATEMENT_CLOCK"


def _is_docstring(node):
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _sets_doc(node):
    """``Name.__doc__ = "..."`` (how namedtuples get documented)."""
    return (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Attribute)
        and node.targets[0].attr == "__doc__"
        and isinstance(node.value, ast.Constant)
    )


def _assigns(node, name):
    return isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)


def _statement_text(module, node):
    """The source lines of one top-level statement (its decorators included)."""
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return "".join(module.lines[first - 1 : node.end_lineno])


def _check_own_lines(module, statements):
    """Each top-level statement must own its lines, or cutting by lines would tear it."""
    seen = {}
    for node in statements:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        for line in range(first, node.end_lineno + 1):
            if line in seen:
                raise BuildError(
                    "%s:%d: two top-level statements share a line; put them on separate lines" % (module.label, line)
                )
            seen[line] = node


def _defined_names(node):
    """The names a top-level definition binds, or None when the statement is not one that
    may be dropped (code that runs for its effect: expressions, if, for, try...)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.Assign) and all(isinstance(t, (ast.Name, ast.Tuple)) for t in node.targets):
        return {name for target in node.targets for name in assigned_names(target)}
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
        return {node.target.id}
    if isinstance(node, ast.Import):
        return {alias.asname or alias.name.split(".")[0] for alias in node.names}
    if isinstance(node, ast.ImportFrom) and not node.level:
        return {alias.asname or alias.name for alias in node.names}
    return None


def _used_names(node):
    return {sub.id for sub in ast.walk(node) if isinstance(sub, ast.Name)}


def reachable(statements, roots=()):
    """The statements the program needs: every statement that runs for its effect, and
    each definition (or import) whose name such a statement uses, directly or through
    other definitions.  A top-level assignment is taken to have no effect but its name.

    statements -- [(node, ...)] in order; roots -- indices kept whatever they are.
    Returns the set of the indices kept.
    """
    definers = {}  # name -> indices of the statements that bind it
    for index, (node, *_) in enumerate(statements):
        for name in _defined_names(node) or ():
            definers.setdefault(name, []).append(index)
    kept = {index for index, (node, *_) in enumerate(statements) if _defined_names(node) is None}
    kept.update(roots)
    todo = list(kept)
    while todo:
        for name in _used_names(statements[todo.pop()][0]):
            for index in definers.get(name, ()):
                if index not in kept:
                    kept.add(index)
                    todo.append(index)
    return kept


def bundle(modules, budget, workers=None):
    """(the unminified flat script as a str, the dotted names of the top-level definitions
    left out because the entry never reaches them) from modules in dependency order."""
    statements = []  # (node, module, text) of every statement that may go into the bundle
    prologue = []
    settings = {BUDGET_NAME: float(budget), WORKERS_NAME: workers}  # baked into the entry's assignments
    baked = []  # indices of those assignments
    for module in modules:
        _check_own_lines(module, module.tree.body)
        is_entry = module is modules[-1]
        for index, node in enumerate(module.tree.body):
            if index == 0 and _is_docstring(node):
                continue
            if isinstance(node, ast.ImportFrom) and node.level:
                continue  # intra-package: the names are already in the flat namespace
            if is_main_guard(node) and not is_entry:
                continue
            if _sets_doc(node):
                continue  # documentation only; and any __doc__ use makes the minifier keep every docstring
            text = _statement_text(module, node)
            if is_entry and _assigns(node, CLOCK_NAME):
                prologue.append((node, module, text))
                continue
            for name, value in settings.items():
                if is_entry and _assigns(node, name):
                    if node.lineno != node.end_lineno:
                        raise BuildError("%s: %s must be a one-line assignment" % (where(module, node), name))
                    text = "%s = %r\n" % (name, value)
                    node = ast.parse(text).body[0]  # (what it read before baking is no longer reached)
                    baked.append(len(prologue) + len(statements))
            statements.append((node, module, text))
    # kept whether used or not: the clock runs first, and the settings are read back from the script
    kept = reachable(prologue + statements, list(range(len(prologue))) + baked)
    futures, imports, import_keys, dropped = [], [], set(), []
    bodies = {module.label: [] for module in modules}
    for index, (node, module, text) in enumerate(statements, len(prologue)):
        if index not in kept:
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                dropped.extend("%s.%s" % (module.name, name) for name in sorted(_defined_names(node)))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            key = ast.dump(node)
            if key not in import_keys:
                import_keys.add(key)
                if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                    futures.append(text)
                else:
                    imports.append((key, text))
        else:
            bodies[module.label].append(text)
    entry = modules[-1]
    if not prologue:
        raise BuildError("%s: no top-level '%s = time.perf_counter()' to start the clock" % (entry.label, CLOCK_NAME))
    for name in settings:
        if not any(_assigns(node, name) for node in entry.tree.body):
            raise BuildError("%s: no top-level '%s = ...' to bake the setting into" % (entry.label, name))
    import_time = ast.dump(ast.parse("import time").body[0])
    if import_time not in import_keys:
        raise BuildError("%s: the clock needs a plain 'import time' at top level" % entry.label)
    # the clock first: the time module is built into the interpreter, importing it costs nothing
    others = [text for key, text in imports if key != import_time]
    head = futures + ["import time\n"] + [text for _, _, text in prologue] + others
    body = "\n".join("# ---- %s\n%s" % (label, "".join(texts)) for label, texts in bodies.items() if texts)
    return "".join(head) + "\n" + body, dropped
