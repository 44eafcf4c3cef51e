"""Step 4 of the build: the flat script minified by python-minifier, at the pinned version.

Docstrings and annotations are removed and locals renamed; globals keep their names,
since nothing here proves renaming them safe.  Another version of python-minifier is
refused: its output differs between versions, and the build must give the same bytes.
"""

import builtins

from .errors import BuildError

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
    # python-minifier names no local `_` while `_` is a builtin, which it is in any
    # process that ran an interactive line or a doctest (sys.displayhook sets it): the
    # same sources would give other bytes after the test suite's doctests.
    shown = builtins.__dict__.pop("_", None)
    try:
        return python_minifier.minify(source, **MINIFY_OPTIONS)
    finally:
        if shown is not None:
            builtins._ = shown
