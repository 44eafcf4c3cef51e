"""Step 1 of the build: read the package modules the entry reaches, in dependency order.

Follows the intra-package imports (``from .module import a, b``, ``from ..layer.module
import a``) from the entry recursively (`dependency_order`) and orders the modules so
each follows what it imports.  A form of import the flat script cannot keep (``import
solver.x``, ``from . import x``, ``from .x import *``, an ``as`` rename of a package
name, a relative import below module top level, above the package or from a package's
``__init__``) or an import cycle is a BuildError naming the place.
"""

import ast
import os

from .errors import BuildError

PACKAGE = "solver"


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


def is_main_guard(node):
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
