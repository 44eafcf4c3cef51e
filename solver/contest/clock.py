"""When this process started, on the time.perf_counter() scale.

paiza.IO stops a program two seconds after the process starts, which includes the
interpreter's own start-up and the compiling of the script: time Python cannot see
from inside.  Linux tells a process's start in /proc/self/stat (field 22, in clock
ticks since boot), so the age of the process is the boot clock now less that.  The
tick is 10 ms, and the start is rounded down to it: the age read is never too short.
Where /proc or the boot clock is missing, or the reading is implausible, the caller's
fallback is used.

The run's deadlines are read here too: `before(deadline)` is the test the pack's
indexing asks between chunks.
"""

import os
import time

MAX_PLAUSIBLE_AGE_SECONDS = 5.0  # seconds: an older "start" means the reading cannot be trusted


def process_start(fallback):
    """The perf_counter() value at which this process started, or `fallback`."""
    try:
        with open("/proc/self/stat", "rb") as handle:
            stat = handle.read()
        # fields after the command name (which may hold spaces): state is field 3, starttime field 22
        ticks = int(stat[stat.rindex(b")") + 2 :].split()[19])
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return fallback
    if not 0.0 <= age <= MAX_PLAUSIBLE_AGE_SECONDS:
        return fallback
    return time.perf_counter() - age


def before(deadline):
    """A test with no argument: whether the clock (time.perf_counter) is still before `deadline`."""

    def still_before():
        return time.perf_counter() < deadline

    return still_before
