"""Flatten the package modules the contest entry reaches into one script (for build.py).

1. follow the intra-package imports (``from .module import a, b``,
   ``from ..layer.module import a``) from the entry recursively and order the
   modules so each follows what it imports (`dependency_order`);
2. check that their top-level names can share one namespace (`check_names`);
3. concatenate their top-level statements in that order, dropping the intra-package
   imports, hoisting ``from __future__`` and standard-library imports to the top
   (once each), dropping ``if __name__ == "__main__"`` blocks of all but the entry,
   then every top-level definition, assignment and import the program never reaches
   from the statements that run (`bundle`, `reachable`).

What it cannot flatten faithfully is a BuildError naming the place (build.py lists
the forms).  Minifying, checking and writing the script are build.py's.
"""

import ast
import builtins
import os

PACKAGE = "solver"
BUDGET_NAME = "BUDGET_SECONDS"
WORKERS_NAME = "WORKERS"  # worker processes baked in (None: the cores the process may use)
CLOCK_NAME = "FIRST_STATEMENT_CLOCK"
MODULE_DUNDERS = {"__file__", "__name__", "__package__", "__spec__", "__loader__", "__path__"}


class BuildError(Exception):
    """The sources cannot be bundled faithfully; the message says why and where."""



# ---------------------------------------------------------------- reading modules


class Module:
    """One package module: its text, syntax tree and intra-package imports.

    name -- dotted, under PACKAGE ("engine.player" is solver/engine/player.py)
    root -- the folder holding PACKAGE
    """

    def __init__(self, name, root):
        self.name = name
        self.root = root
        self.path = os.path.join(root, PACKAGE, *name.split(".")) + ".py"
        self.label = "%s/%s.py" % (PACKAGE, name.replace(".", "/"))
        try:
            with open(self.path, encoding="utf-8") as handle:
                self.text = handle.read()
        except OSError as exc:
            raise BuildError("cannot read %s: %s" % (self.label, exc.strerror)) from None
        try:
            self.tree = ast.parse(self.text, self.label)
        except SyntaxError as exc:
            raise BuildError("%s:%s: syntax error: %s" % (self.label, exc.lineno, exc.msg)) from None
        self.lines = self.text.splitlines(True)
        self.imports = package_imports(self)  # [(module name, [names], node)]


def where(module, node):
    return "%s:%d" % (module.label, node.lineno)


def is_package_name(dotted):
    return dotted == PACKAGE or dotted.startswith(PACKAGE + ".")


def imported_module(module, node, text):
    """The dotted name (under PACKAGE) of the module a relative import names."""
    package = module.name.split(".")[:-1]
    up = node.level - 1
    if up > len(package):
        raise BuildError("%s: '%s' reaches above the package" % (where(module, node), text))
    target = package[: len(package) - up] + node.module.split(".")
    if os.path.isdir(os.path.join(module.root, PACKAGE, *target)):
        raise BuildError(
            "%s: '%s' imports from a package's __init__; import from the module that defines the name"
            % (where(module, node), text)
        )
    return ".".join(target)


def package_imports(module):
    """The module's ``from .x import a, b`` statements; BuildError on any form the build cannot flatten."""
    top_level = set(map(id, module.tree.body))
    found = []
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if is_package_name(alias.name):
                    raise BuildError(
                        "%s: 'import %s' cannot be flattened; use 'from .module import name'"
                        % (where(module, node), alias.name)
                    )
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if node.module and is_package_name(node.module):
                    raise BuildError(
                        "%s: 'from %s import ...' cannot be flattened; use 'from .module import name'"
                        % (where(module, node), node.module)
                    )
                continue
            text = "from %s%s import ..." % ("." * node.level, node.module or "")
            if node.module is None:
                raise BuildError(
                    "%s: '%s' cannot be flattened; only 'from .module import name' can" % (where(module, node), text)
                )
            if id(node) not in top_level:
                raise BuildError(
                    "%s: '%s' is not at module top level; the bundle cannot import lazily" % (where(module, node), text)
                )
            for alias in node.names:
                if alias.name == "*":
                    raise BuildError(
                        "%s: '%s*' cannot be flattened; name what is imported" % (where(module, node), text[:-3])
                    )
                if alias.asname is not None and alias.asname != alias.name:
                    raise BuildError(
                        "%s: 'import %s as %s' renames a package name; the flat bundle has one name per object"
                        % (where(module, node), alias.name, alias.asname)
                    )
            found.append((imported_module(module, node, text), [alias.name for alias in node.names], node))
    return found


def dependency_order(entry, root):
    """Modules reachable from `entry` (in the package under `root`), each after every module it imports."""
    modules = {}
    order = []
    state = {}  # name -> "visiting" | "done"

    def visit(name, chain):
        if state.get(name) == "done":
            return
        if state.get(name) == "visiting":
            raise BuildError("import cycle: %s" % " -> ".join(chain + [name]))
        state[name] = "visiting"
        if name not in modules:
            modules[name] = Module(name, root)
        for imported, _, _ in modules[name].imports:
            visit(imported, chain + [name])
        state[name] = "done"
        order.append(modules[name])

    visit(entry, [])
    return order


# ---------------------------------------------------------------- names


def _assigned_names(target):
    """Names a target expression binds (a, (a, b), [a, *b]); attributes and subscripts bind none."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _assigned_names(element)]
    if isinstance(target, ast.Starred):
        return _assigned_names(target.value)
    return []


def _function_globals(function):
    """Names a function declares ``global``: they are bound at module level when assigned."""
    return [name for node in ast.walk(function) if isinstance(node, ast.Global) for name in node.names]


def top_level_bindings(module):
    """[(name, identity, line)] for every name the module binds at top level.

    An identity says what the name stands for: two modules may bind a name only to
    the same thing (the same stdlib import), never each their own definition.
    """
    bindings = []
    own = ("defined in", module.label)

    def walk(statements):
        for node in statements:
            line = node.lineno
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bindings.append((node.name, own, line))
                for name in _function_globals(node):
                    bindings.append((name, own, line))
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    bindings.extend((name, own, line) for name in _assigned_names(target))
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
                bindings.extend((name, own, line) for name in _assigned_names(node.target))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        bindings.append((alias.asname, ("import", alias.name), line))
                    else:
                        top = alias.name.split(".")[0]
                        bindings.append((top, ("import", top), line))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    continue  # intra-package: the name is the source module's own binding
                for alias in node.names:
                    bindings.append((alias.asname or alias.name, ("from", node.module, alias.name), line))
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                bindings.extend((name, own, line) for name in _assigned_names(node.target))
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        bindings.extend((name, own, line) for name in _assigned_names(item.optional_vars))
                walk(node.body)
            elif isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.While):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    if handler.name:
                        bindings.append((handler.name, own, handler.lineno))
                    walk(handler.body)
                walk(node.orelse)
                walk(node.finalbody)
            # top-level walrus inside an expression statement
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.NamedExpr) and isinstance(sub.target, ast.Name):
                        if _is_module_scope_walrus(node, sub):
                            bindings.append((sub.target.id, own, sub.lineno))

    walk(module.tree.body)
    return bindings


def _is_module_scope_walrus(statement, walrus):
    """True unless the walrus sits inside a function, lambda or class nested in `statement`."""
    stack = [(statement, False)]
    while stack:
        node, nested = stack.pop()
        if node is walrus:
            return not nested
        inner = nested or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
        if node is statement:
            inner = nested
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))
    return False


def check_names(modules):
    """BuildError listing every clash the flat namespace would create."""
    problems = []
    owner = {}  # name -> (identity, where)
    defined = {}  # module name -> set of names it binds
    builtin_names = set(dir(builtins))
    for module in modules:
        names = set()
        for name, identity, line in top_level_bindings(module):
            names.add(name)
            place = "%s:%d" % (module.label, line)
            if name in builtin_names and identity[0] == "defined in":
                problems.append(
                    "%s: top-level name %r shadows a builtin that other bundled modules may use" % (place, name)
                )
            if name not in owner:
                owner[name] = (identity, place)
            elif owner[name][0] != identity and owner[name][1].split(":")[0] != module.label:
                problems.append("top-level name %r is bound in %s and in %s" % (name, owner[name][1], place))
        defined[module.name] = names
    for module in modules:
        for source, imported, node in module.imports:
            for name in imported:
                if name not in defined[source]:
                    problems.append("%s: %s has no top-level name %r" % (where(module, node), source, name))
                if name in defined[module.name]:
                    problems.append(
                        "%s: %r is imported from %s and also bound here" % (where(module, node), name, source)
                    )
        if module is not modules[-1]:  # the entry (last in dependency order) runs as the script
            for node in ast.walk(
                ast.Module(body=[s for s in module.tree.body if not _is_main_guard(s)], type_ignores=[])
            ):
                if isinstance(node, ast.Name) and node.id in MODULE_DUNDERS:
                    problems.append(
                        "%s: %s differs in the bundle (it is the script's)" % (where(module, node), node.id)
                    )
    if problems:
        raise BuildError("the modules cannot share one namespace:\n  " + "\n  ".join(problems))


# ---------------------------------------------------------------- bundling


def _is_main_guard(node):
    """``if __name__ == "__main__":``"""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    return (
        isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


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
        return {name for target in node.targets for name in _assigned_names(target)}
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
            if _is_main_guard(node) and not is_entry:
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
