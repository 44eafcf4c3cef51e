#!/usr/bin/env python3
"""Run a command; sample its process tree every 0.5 s: the peak of the tree's summed RSS
and each process's own peak (VmHWM).  Prints them when the command ends.

    nice -n 10 python3 tools/experiments/treepeak.py python3 -m solver classic --games 20000 --level expert

Figures: docs/measurements/hostile.md, "Memory of the commands" (issue 38)."""

import os
import subprocess
import sys
import time


def kids(pid):
    out = []
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                out += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return out


def status(pid):
    values = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(("VmRSS", "VmHWM")):
                    values[line.split(":")[0]] = int(line.split()[1])
    except OSError:
        pass
    return values


proc = subprocess.Popen(sys.argv[1:])
tree_peak, own = 0, {}
began = time.time()
while proc.poll() is None:
    pids, stack = [], [proc.pid]
    while stack:
        p = stack.pop()
        pids.append(p)
        stack += kids(p)
    total = 0
    for p in pids:
        v = status(p)
        total += v.get("VmRSS", 0)
        own[p] = max(own.get(p, 0), v.get("VmHWM", 0))
    tree_peak = max(tree_peak, total)
    time.sleep(0.5)
print("status %d, %.0f s, tree peak %d MB (summed RSS, sampled), own peaks (VmHWM): %s" % (
    proc.returncode, time.time() - began, tree_peak // 1024, ", ".join("%d MB" % (v // 1024) for v in sorted(own.values(), reverse=True))), flush=True)
