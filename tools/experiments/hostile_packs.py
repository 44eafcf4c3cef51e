#!/usr/bin/env python3
"""The contest bundle on the packs that once broke its two seconds (issue 28), at full size.

Makes each pack once in a cache folder, then runs dist/paiza_main.py on it as paiza.IO
does (a fresh process, the pack on stdin, its own budget) with each Python asked for,
and prints one row per run: wall seconds of the whole process, exit status, boards
played of those found, the summary's own seconds, and whether the select list is one
the official page accepts (the project's reader: no error, every board once).

    python3 tools/experiments/hostile_packs.py [--python 3.11.7 --python 3.8.18] [--cache DIR] [--scale S] [PACK...]

PACK names one of PACKS (default: all); --scale makes each pack S times its size (a
test runs them at a tiny share).  A Python is a pyenv version (run as
`PYENV_VERSION=V python3`).  What it measured: docs/measurements/hostile.md, "Hostile packs".
"""

import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from solver.official.generator import generate_board, generate_pack  # noqa: E402
from solver.official.packs import format_board, format_pack  # noqa: E402
from solver.official.selects import read_select  # noqa: E402

SUMMARY = re.compile(r"boards (\d+)/(\d+)\s+seconds ([0-9.]+)")


def distinct_names(count):
    """`count` valid 6x6 ADC2026 boards, each with a name of its own (no official name)."""
    base = [generate_board(6, 6, 3 + seed % 8, seed, "none") for seed in range(1, 200)]
    out = []
    for k in range(count):
        board = base[k % len(base)]
        rows = "\n".join(board.digits[i : i + 6] for i in range(0, 36, 6))
        out.append("6 6 %d name%07d\n%s\n" % (board.digits.count("9"), k, rows))
    return "\n".join(out)


def one_shape(count, side, mines, mode):
    return "\n".join(format_board(generate_board(side, side, mines, seed, mode)) for seed in range(1, count + 1))


def scaled(count, scale):
    return max(1, round(count * scale))


# name -> the pack's text, made at `scale` times its size
PACKS = {
    "distinct-200k": lambda scale: distinct_names(scaled(200000, scale)),
    "distinct-300k": lambda scale: distinct_names(scaled(300000, scale)),
    "low-200k-tabs": lambda scale: format_pack(generate_pack(scaled(200000, scale), "both", "low")).replace(" ", "\t"),
    "refused-1m": lambda scale: "".join("3 3 1abc%d\n" % k for k in range(scaled(1000000, scale))),
    "one-shape-4x4-40k": lambda scale: one_shape(scaled(40000, scale), 4, 3, "both"),
    "one-shape-6x6-20k": lambda scale: one_shape(scaled(20000, scale), 6, 5, "none"),
    "huge-142mb": lambda scale: format_pack(generate_pack(scaled(800000, scale), "both", "low")),
}


def pack_path(name, cache, scale=1):
    path = os.path.join(cache, name + ("" if scale == 1 else "-x%g" % scale) + ".txt")
    if not os.path.exists(path):
        with open(path, "w") as handle:
            handle.write(PACKS[name](scale))
    return path


def run(path, python):
    env = dict(os.environ, PYENV_VERSION=python)
    env.pop("SOLVER_BUDGET", None)
    with open(path, "rb") as pack:
        began = time.perf_counter()
        done = subprocess.run(["python3", os.path.join(ROOT, "dist", "paiza_main.py")], stdin=pack,
                              capture_output=True, env=env)
        wall = time.perf_counter() - began
    err = done.stderr.decode("utf-8", "replace")
    found = SUMMARY.findall(err)
    entries, errors = read_select(done.stdout.decode("utf-8", "replace"))
    names = [entry.name for entry in entries]
    valid = not errors and len(names) == len(set(names)) and bool(entries)
    played, boards, seconds = found[-1] if found else ("?", "?", "?")
    return wall, done.returncode, played, boards, seconds, valid


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", action="append", help="pyenv version (repeatable; default: this one)")
    parser.add_argument("--cache", default="/tmp/hostile-packs", help="folder of the generated packs")
    parser.add_argument("--scale", type=float, default=1.0, help="each pack at this share of its size")
    parser.add_argument("packs", nargs="*", help="which packs, of %s (default: all)" % ", ".join(sorted(PACKS)))
    args = parser.parse_args()
    unknown = [name for name in args.packs if name not in PACKS]
    if unknown:
        parser.error("no pack named %s" % ", ".join(unknown))
    os.makedirs(args.cache, exist_ok=True)
    pythons = args.python or ["%d.%d.%d" % sys.version_info[:3]]
    print("| pack | Python | wall s | status | boards played/found | its seconds | valid list |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- |")
    for name in args.packs or sorted(PACKS):
        path = pack_path(name, args.cache, args.scale)
        for python in pythons:
            wall, status, played, boards, seconds, valid = run(path, python)
            print("| %s | %s | %.3f | %d | %s/%s | %s | %s |" % (name, python, wall, status, played, boards, seconds,
                                                                 "yes" if valid else "NO"), flush=True)


if __name__ == "__main__":
    main()
