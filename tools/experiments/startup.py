#!/usr/bin/env python3
"""The contest bundle's start-up beside the bare interpreter's, side by side.

For each Python asked for, runs `python3 -c pass` and each bundle given on an empty
input (stdin /dev/null, the bundle copied alone into an empty folder, so it stops at
"stdin is empty ... no non-empty .txt file" after compiling, importing and setting
up everything, status 1), in alternation, ROUNDS times, and prints the median wall
time of each (time.perf_counter around subprocess.run, so fork and exec of the child
count alike for all), and the bundle's excess over the bare interpreter.

    python3 tools/experiments/startup.py [--python 3.8.18 --python 3.11.7] [--rounds 31] BUNDLE...

A Python is a pyenv version (/root/.pyenv/versions/V/bin/python3) or a path.  The
machine is shared: the commands alternate so a burst of load hits them alike, and the
figures are medians.  What it measured: docs/measurements/startup.md, "The code compiled ahead".
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def interpreter(version):
    if os.path.sep in version:
        return version
    return os.path.expanduser("~/.pyenv/versions/%s/bin/python3" % version)


def wall(command, cwd):
    """Seconds of one run of `command` with an empty stdin."""
    with open(os.devnull, "rb") as empty:
        start = time.perf_counter()
        subprocess.run(command, stdin=empty, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
        return time.perf_counter() - start


def measure(python, bundles, rounds):
    """{label: [seconds]} of the bare interpreter and each bundle, run in alternation."""
    folders = []
    commands = [("python3 -c pass", [python, "-c", "pass"], None)]
    for path in bundles:
        folder = tempfile.mkdtemp(prefix="startup-")
        shutil.copy(path, os.path.join(folder, "Main.py"))
        folders.append(folder)
        commands.append((path, [python, "Main.py"], folder))
    times = {label: [] for label, _, _ in commands}
    try:
        for _ in range(2):  # warm the page cache
            for _label, command, cwd in commands:
                wall(command, cwd)
        for _ in range(rounds):
            for label, command, cwd in commands:
                times[label].append(wall(command, cwd))
    finally:
        for folder in folders:
            shutil.rmtree(folder)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundles", nargs="+", metavar="BUNDLE")
    parser.add_argument("--python", action="append", help="pyenv version or path (default: 3.8.18 and 3.11.7)")
    parser.add_argument("--rounds", type=int, default=31)
    args = parser.parse_args()
    print("python | command | bytes | median ms | over bare ms | min ms")
    for version in args.python or ["3.8.18", "3.11.7"]:
        python = interpreter(version)
        times = measure(python, args.bundles, args.rounds)
        bare = statistics.median(times["python3 -c pass"])
        for label, runs in times.items():
            size = os.path.getsize(label) if os.path.exists(label) else 0
            middle = statistics.median(runs)
            print("%s | %s | %s | %.1f | %+.1f | %.1f" % (version, label, size or "-", middle * 1e3,
                                                          (middle - bare) * 1e3, min(runs) * 1e3))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
