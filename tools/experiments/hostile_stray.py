#!/usr/bin/env python3
"""The contest bundle on the packs of issue 38's fourth round: text that belongs to no
board, a select list pasted after its pack, a pack of tiny boards.

Makes each pack once in a cache folder, then runs dist/paiza_main.py on it as paiza.IO
does (a fresh process, the pack on stdin, its own budget) under tools/peak_memory.py
with each interpreter asked for, and prints one row per pack and interpreter: the wall
seconds of the whole process (a run of its own, timed here), then of a second run under
the sampler the peak PSS of its process tree, the summary line's boards and own seconds,
and whether the select list reads with no error.

    python3 tools/experiments/hostile_stray.py [--python PATH ...] [--cache DIR] [--scale S] [PACK ...]

The packs (the 1,000-board example pack is `examples/board_pack_1000_both_middle.txt`):
stray-before (50 MB of '0000000000' rows, then the pack), stray-between (the pack cut
at its middle board's header, 33 MB of such rows in between), stray-after (the pack, a
header and 40 MB of rows), long-lines (fourteen 10 MiB lines of '0' before the pack),
pack-select (the official ADC2026 pack with its own select list after it),
tiny-distinct (87 MB of distinct 2x2 boards), tiny-same (159 MB of one 2x2 board).
--scale makes each S times its size (the stray text, the lines, the official pack's
boards, the tiny boards; a test runs them at a tiny share).
What it measured: docs/measurements/hostile.md, "Text that belongs to no board".
"""

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "board_pack_1000_both_middle.txt")
OFFICIAL = os.path.join(ROOT, "..", "shared", "data", "adc2026_board_pack_10000_prog.txt")
BUNDLE = os.path.join(ROOT, "dist", "paiza_main.py")


def _example():
    with open(EXAMPLE) as handle:
        return handle.read()


def scaled(count, scale):
    return max(1, round(count * scale))


def _between(scale):
    lines = _example().split("\n")
    middle = next(k for k in range(len(lines) // 2, len(lines)) if lines[k][:1].isdigit() and " " in lines[k])
    return "\n".join(lines[:middle]) + "\n" + "0000000000\n" * scaled(3000000, scale) + "\n".join(lines[middle:])


def _pack_select(scale):
    with open(OFFICIAL) as handle:
        pack = handle.read()
    if scale != 1:  # the pack's first boards
        sys.path.insert(0, ROOT)
        from solver.official.packs import format_pack, read_pack

        boards = read_pack(pack)[0]
        pack = format_pack(boards[: scaled(len(boards), scale)])
    played = subprocess.run([sys.executable, BUNDLE], input=pack.encode(), capture_output=True,
                            env=dict(os.environ, SOLVER_BUDGET="0"), check=True).stdout.decode()
    return pack.rstrip("\r\n") + "\r\n\r\n" + played


# name -> the pack's text, made at `scale` times its size
PACKS = {
    "stray-before": lambda scale: "0000000000\n" * scaled(5000000, scale) + _example(),
    "stray-between": _between,
    "stray-after": lambda scale: _example() + "\n9 9 board_9x9_10_1_both\n" + "000000000\n" * scaled(4000000, scale),
    "long-lines": lambda scale: ("0" * scaled(10 << 20, scale) + "\n") * 14 + _example(),
    "pack-select": _pack_select,
    "tiny-distinct": lambda scale: "".join("2 2 0 b%08d\n00\n00\n" % k for k in range(scaled(159000000 // 40, scale))),
    "tiny-same": lambda scale: "2 2 0 board_2x2_0_1_none\n00\n00\n" * scaled(159000000 // 30, scale),
}


def run(python, path):
    """(wall seconds, peak line, summary line, list check) of two runs: one timed on its
    own, one under the memory sampler (whose own start would count in the wall time)."""
    with open(path, "rb") as pack:
        began = time.perf_counter()
        subprocess.run([python, BUNDLE], stdin=pack, capture_output=True)
        wall = time.perf_counter() - began
    sampler = [sys.executable, os.path.join(ROOT, "tools", "peak_memory.py"), "--", python, BUNDLE]
    with open(path, "rb") as pack:
        done = subprocess.run(sampler, stdin=pack, capture_output=True)
    err = done.stderr.decode("utf-8", "replace").splitlines()
    peak = next((line for line in err if line.startswith("peak PSS")), "?")
    summary = next((line for line in reversed(err) if line.startswith("boards ")), "no summary (status %d)" % done.returncode)
    sys.path.insert(0, ROOT)
    from solver.official.selects import read_select

    entries, errors = read_select(done.stdout.decode("utf-8", "replace"))
    return wall, peak, summary, "valid, %d boards" % len(entries) if not errors else "INVALID"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", action="append", help="interpreter(s) to run the bundle (default: this one)")
    parser.add_argument("--cache", default="/tmp/hostile_stray", help="folder for the packs (default %(default)s)")
    parser.add_argument("--scale", type=float, default=1.0, help="each pack at this share of its size")
    parser.add_argument("packs", nargs="*", default=list(PACKS))
    args = parser.parse_args(argv)
    os.makedirs(args.cache, exist_ok=True)
    for name in args.packs:
        path = os.path.join(args.cache, name + ("" if args.scale == 1 else "-x%g" % args.scale) + ".txt")
        if not os.path.exists(path):
            with open(path, "w") as handle:
                handle.write(PACKS[name](args.scale))
        for python in args.python or [sys.executable]:
            wall, peak, summary, check = run(python, path)
            print("%-14s %-28s wall %.3f s | %s | %s | %s" % (name, python[-28:], wall, peak, summary, check))


if __name__ == "__main__":
    main()
