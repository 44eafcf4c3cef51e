"""Build dist/paiza_main.py, or check that the committed one is the build of the sources.

    python3 build.py [--budget S] [--workers N] [--freeze 3.8,3.11|none] [--pack FILE] [--out PATH] [--check]

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
DEFAULT_FREEZE_TEXT = ",".join("%d.%d" % v for v in DEFAULT_FREEZE)


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
        "--freeze", metavar="VERSIONS", default=DEFAULT_FREEZE_TEXT,
        help="the Python versions whose compiled code the script carries, to start without compiling itself "
        "(each one installed here, or kept from the committed script); 'none': the plain script "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--pack", metavar="FILE",
        help="bake this pack (compact: python -m solver compact; or a pack's text) into the script: the entry plays "
        "it when stdin holds nothing, so a paiza.IO project is the one file")
    parser.add_argument("--out", metavar="PATH", help="write the script here (default %s; the committed script "
                        "stays as it is)" % os.path.relpath(OUTPUT, ROOT))
    parser.add_argument("--check", action="store_true", help="rebuild in memory; exit 1 if dist/paiza_main.py differs")
    args = parser.parse_args(argv)
    problem = _refused(args)
    if problem is not None:
        print("build.py: error: %s" % problem, file=sys.stderr)
        return 2
    output = OUTPUT if args.out is None else args.out
    try:
        with open(OUTPUT, "rb") as handle:
            current = handle.read()  # (its frozen code is kept where this machine cannot rebuild it)
    except OSError:
        current = None
    try:
        pack = None if args.pack is None else _read_pack(args.pack)
        script, note = build(ROOT, args.budget, args.workers, freeze=parse_versions(args.freeze), committed=current,
                             pack=pack)
    except BuildError as exc:
        print("build.py: error: %s" % exc, file=sys.stderr)
        return 1
    relative = os.path.relpath(output, ROOT)
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
    try:
        os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
        with open(output, "wb") as handle:
            handle.write(script)
    except OSError as exc:
        print("build.py: error: cannot write %s: %s" % (output, exc.strerror), file=sys.stderr)
        return 1
    print("wrote %s: %d bytes (%s)" % (relative, len(script), note))
    return 0


def _refused(args):
    """Why the arguments cannot be followed, or None."""
    if args.check and (args.out is not None or args.pack is not None):
        return "--check compares the committed %s with a fresh build: give it without --out and --pack" % (
            os.path.relpath(OUTPUT, ROOT))
    if args.out is not None and os.path.isdir(args.out):
        return "--out %s is a folder: give the script's file name" % args.out
    if args.out is not None and args.pack is not None and _same(args.out, args.pack):
        return "--out %s is the pack it would bake: give another file" % args.out
    changed = [flag for flag, value in (("--budget", args.budget != time_plan(ROOT)["DEFAULT_BUDGET_SECONDS"]),
                                        ("--workers", args.workers is not None), ("--pack", args.pack is not None),
                                        ("--freeze", args.freeze != DEFAULT_FREEZE_TEXT)) if value]
    if args.out is None and changed and not args.check:
        return "%s: give --out PATH (say dist/mine.py): %s stays the default build, which CI checks" % (
            " ".join(changed), os.path.relpath(OUTPUT, ROOT))
    return None


def _same(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


# The largest pack baked in (a script of more is no project paiza.IO is known to take).
MAX_BAKED_BYTES = 16 << 20


def _read_pack(path):
    """The text of the pack to bake (read as the entry reads one: solver/official/lines.py),
    or BuildError saying why it cannot be had."""
    from solver.official.lines import TooLarge, read_text

    try:
        text = read_text(path, MAX_BAKED_BYTES)
    except OSError as exc:
        raise BuildError("--pack %s: %s" % (path, exc.strerror)) from None
    except TooLarge:
        raise BuildError("--pack %s: more than %d MB (compact it first: python -m solver compact)" % (
            path, MAX_BAKED_BYTES >> 20)) from None
    if not text.strip():
        raise BuildError("--pack %s is empty" % path)
    return text


def _sources_line(script):
    """The header line of a script holding the sha256 of its sources and settings."""
    return next((line for line in script.split(b"\n")[:5] if b"sha256" in line), None)


if __name__ == "__main__":
    sys.exit(main())
