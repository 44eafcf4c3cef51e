"""Build dist/paiza_main.py, or check that the committed one is the build of the sources.

    python3 build.py [--budget S] [--workers N] [--freeze 3.8,3.11|none] [--check]

The command line only: the build itself is the bundler package (bundler/__init__.py
lists its steps).  The output is deterministic (its header holds the sha256 of the
bundled sources and settings: no time, no commit id), so ``--check`` rebuilds in
memory and exits 1 if dist/paiza_main.py differs (CI runs it: rebuild whenever a
bundled module changes).  The code frozen into the committed script is kept where
this machine cannot compile it again exactly (bundler/freeze.py says when).  What the
build refuses is one line, ``build.py: error: ...``, and exit status 1; nothing is
written then.
"""

import argparse
import os
import sys

from bundler.errors import BuildError
from bundler.freeze import parse_versions
from bundler.script import DEFAULT_FREEZE, build, time_plan

ROOT = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(ROOT, "dist", "paiza_main.py")


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Bundle solver/contest/paiza.py and its modules into dist/paiza_main.py."
    )
    parser.add_argument(
        "--budget", type=float, default=time_plan(ROOT)["DEFAULT_BUDGET_SECONDS"],
        help="seconds of play from process start (default %(default)s: solver/contest/timeplan.py)"
    )
    parser.add_argument(
        "--workers", type=int, metavar="N",
        help="worker processes sharing the boards (default: the cores the program may use when it runs; "
        "1 for a platform that counts CPU time instead of wall time)",
    )
    parser.add_argument(
        "--freeze", metavar="VERSIONS", default=",".join("%d.%d" % v for v in DEFAULT_FREEZE),
        help="the Python versions whose compiled code the script carries, to start without compiling itself "
        "(each one installed here, or kept from the committed script); 'none': the plain script "
        "(default %(default)s)",
    )
    parser.add_argument("--check", action="store_true", help="rebuild in memory; exit 1 if dist/paiza_main.py differs")
    args = parser.parse_args(argv)
    try:
        with open(OUTPUT, "rb") as handle:
            current = handle.read()
    except OSError:
        current = None
    try:
        script, note = build(ROOT, args.budget, args.workers, freeze=parse_versions(args.freeze), committed=current)
    except BuildError as exc:
        print("build.py: error: %s" % exc, file=sys.stderr)
        return 1
    relative = os.path.relpath(OUTPUT, ROOT)
    if args.check:
        if current != script and sys.version_info < (3, 9) and current is not None and _sources_line(current) == _sources_line(script):
            print("%s is the build of these sources (its sha256 line; under Python 3.8 python-minifier writes one "
                  "subscript another way, so the bytes are compared by 3.9 and newer)" % relative)
            return 0
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


def _sources_line(script):
    """The header line of a script holding the sha256 of its sources and settings."""
    return next((line for line in script.split(b"\n")[:5] if b"sha256" in line), None)


if __name__ == "__main__":
    sys.exit(main())
