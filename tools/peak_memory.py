#!/usr/bin/env python3
"""Peak memory of a command and every process it starts, as the sum of their PSS.

PSS (proportional set size) shares each page among the processes that map it, so
the sum over a process tree counts pages the workers share with their parent
(the pack's text, the index, the code) once: the figure a memory limit on the
whole tree would see.  Sampled from /proc/PID/smaps_rollup every few milliseconds.

    python3 tools/peak_memory.py [--every SECONDS] -- COMMAND [ARG...] < input > output

Prints one line on stderr: `peak PSS 123.4 MB (sum over N processes), peak RSS of
one process 98.7 MB`; exits with the command's status.  Linux only.
"""

import argparse
import os
import subprocess
import sys
import time


def children_of(pid):
    """Every descendant of `pid` (from /proc/PID/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir("/proc/%d/task" % parent)
        except OSError:
            continue
        for task in tasks:
            try:
                with open("/proc/%d/task/%s/children" % (parent, task)) as handle:
                    kids = [int(k) for k in handle.read().split()]
            except OSError:
                continue
            found.extend(kids)
            todo.extend(kids)
    return found


def memory_of(pid):
    """(PSS, RSS) of one process in kB, or None when it is gone."""
    try:
        with open("/proc/%d/smaps_rollup" % pid) as handle:
            text = handle.read()
    except OSError:
        return None
    values = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[0] in ("Pss:", "Rss:"):
            values[fields[0]] = int(fields[1])
    return values.get("Pss:", 0), values.get("Rss:", 0)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=float, default=0.003, help="seconds between samples (default 0.003)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    process = subprocess.Popen(command)
    peak_pss = peak_rss = processes = 0
    while process.poll() is None:
        pids = [process.pid] + children_of(process.pid)
        pss = rss = 0
        counted = 0
        for pid in pids:
            memory = memory_of(pid)
            if memory is not None:
                pss += memory[0]
                rss = max(rss, memory[1])
                counted += 1
        if pss > peak_pss:
            peak_pss, processes = pss, counted
        peak_rss = max(peak_rss, rss)
        time.sleep(args.every)
    sys.stderr.write("peak PSS %.1f MB (sum over %d processes), peak RSS of one process %.1f MB\n"
                     % (peak_pss / 1024.0, processes, peak_rss / 1024.0))
    return process.returncode


if __name__ == "__main__":
    sys.exit(main())
