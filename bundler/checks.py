"""Step 5 of the build: the script imports only the standard library and is Python 3.8.

`check_stdlib_only` walks a syntax tree (each module's source, the flat script, the
minified one); `check_python38` parses the minified script with Python 3.8's grammar
and compiles it with a real CPython 3.8 where one is installed (`find_python`).
"""

import ast
import glob
import os
import shutil
import subprocess
import sys

from .errors import BuildError

TARGET_VERSION = (3, 8)

def stdlib_names():
    """The standard library's top-level module names: sys.stdlib_module_names (3.10+),
    else (3.8, 3.9) every module this interpreter's own installation holds, built in or
    in its library folder, outside site-packages (a fixed list once lacked errno, select,
    signal, stat and marshal, and the build failed on 3.8 and 3.9)."""
    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return names
    import pkgutil
    import sysconfig

    library = os.path.realpath(sysconfig.get_paths()["stdlib"])
    found = set(sys.builtin_module_names)
    for folder in (library, os.path.join(library, "lib-dynload")):
        found.update(module.name for module in pkgutil.iter_modules([folder]))
    return frozenset(found)


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
