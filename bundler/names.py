"""Step 2 of the build: the modules' top-level names can share one namespace (`check_names`).

The flat script is one module, so no top-level name may be bound by two bundled
modules (unless both bind it to the same standard import), none may shadow a builtin,
a name imported from a module must be one it defines, and no module but the entry may
read a module dunder (``__file__``, ``__name__``...), which is the script's.
"""

import ast
import builtins

from .errors import BuildError
from .modules import is_main_guard, where

MODULE_DUNDERS = {"__file__", "__name__", "__package__", "__spec__", "__loader__", "__path__"}


def assigned_names(target):
    """Names a target expression binds (a, (a, b), [a, *b]); attributes and subscripts bind none."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in assigned_names(element)]
    if isinstance(target, ast.Starred):
        return assigned_names(target.value)
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
                    bindings.extend((name, own, line) for name in assigned_names(target))
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
                bindings.extend((name, own, line) for name in assigned_names(node.target))
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
                bindings.extend((name, own, line) for name in assigned_names(node.target))
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        bindings.extend((name, own, line) for name in assigned_names(item.optional_vars))
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
                ast.Module(body=[s for s in module.tree.body if not is_main_guard(s)], type_ignores=[])
            ):
                if isinstance(node, ast.Name) and node.id in MODULE_DUNDERS:
                    problems.append(
                        "%s: %s differs in the bundle (it is the script's)" % (where(module, node), node.id)
                    )
    if problems:
        raise BuildError("the modules cannot share one namespace:\n  " + "\n  ".join(problems))
