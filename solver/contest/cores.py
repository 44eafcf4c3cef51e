"""How many workers a run may use: the cores this process may run on.

paiza.IO counts wall time and gives a program at least two cores (CONTEST.md), so
the entry plays boards in parallel processes.  The cores a process may use are its
CPU affinity (os.sched_getaffinity), bounded by a CPU quota of its control group
(cgroup v2 cpu.max, v1 cpu.cfs_quota_us / cpu.cfs_period_us): a container
given 1.5 CPUs of a 64-core machine has two workers' worth of time, not 64.  A
quota is rounded up: two workers held to 1.5 CPUs still do 1.5 CPUs of play.

`SOLVER_WORKERS` overrides the count (a positive integer, at most ASKED_PER_CORE per
usable core); `build.py --workers N`
bakes a default into the bundle in place of the machine's count.
"""

import math
import os

WORKERS_VARIABLE = "SOLVER_WORKERS"
MAX_WORKERS = 64  # more processes than this only add start-up and memory
# The count chosen without being told is at most this: each worker adds memory (the
# ADC2026 pack with no deadline: 1 worker 212 MB, 8 workers 298 MB for the whole tree;
# paiza.IO gives 512 MB), and a container may see a host's cores it cannot use.
MAX_AUTO_WORKERS = 8

# (quota file, period file) of cgroup v1, under a mount point; v2 keeps both in cpu.max
_V1_FILES = ("cpu.cfs_quota_us", "cpu.cfs_period_us")
_V1_MOUNTS = ("/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup/cpuacct,cpu")
_V2_MOUNT = "/sys/fs/cgroup"


def usable_cores():
    """The cores this process may run on: its affinity, bounded by a cgroup CPU quota
    and by MAX_AUTO_WORKERS."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    quota = cgroup_cpu_quota()
    if quota is not None:
        cores = min(cores, max(1, math.ceil(quota - 1e-9)))
    return max(1, min(MAX_AUTO_WORKERS, cores))


def cgroup_cpu_quota():
    """CPUs' worth of time per period the process's control group may use, or None when
    no quota is set or none can be read."""
    own = _own_cgroup_paths()
    for path in _candidates(_V2_MOUNT, own.get("")):
        text = _read(os.path.join(path, "cpu.max"))
        if text is not None:
            fields = text.split()
            if len(fields) == 2 and fields[0] != "max":
                return _ratio(fields[0], fields[1])
            return None
    for mount in _V1_MOUNTS:
        for path in _candidates(mount, own.get("cpu")):
            quota, period = (_read(os.path.join(path, name)) for name in _V1_FILES)
            if quota is not None and period is not None:
                return _ratio(quota, period) if quota.strip() != "-1" else None
    return None


def _own_cgroup_paths():
    """{controller: path} of /proc/self/cgroup ("" for the v2 hierarchy)."""
    paths = {}
    text = _read("/proc/self/cgroup") or ""
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3:
            for controller in parts[1].split(",") if parts[1] else [""]:
                paths[controller.replace("name=", "")] = parts[2]
    return paths


def _candidates(mount, own):
    """The process's own cgroup folder under `mount` first (when it is visible there),
    then the mount's root (a container sees its own group as the root)."""
    out = []
    if own and own != "/":
        out.append(os.path.join(mount, own.lstrip("/")))
    out.append(mount)
    return out


def _ratio(quota, period):
    try:
        quota, period = int(quota), int(period)
    except ValueError:
        return None
    return quota / period if quota > 0 and period > 0 else None


def _read(path):
    try:
        with open(path) as handle:
            return handle.read(4096)
    except (OSError, UnicodeDecodeError):
        return None


# SOLVER_WORKERS may ask for at most this many workers per usable core: more processes
# than cores only share them, and each costs a fork and its start.  Asked for 64 on
# these 2 cores at load 4, a run spent its 2 s starting them and played no board
# (docs/refusals.md); twice the cores leaves room to test more workers than cores.
ASKED_PER_CORE = 2


def workers_from_environment(environ, default, err=None):
    """The worker count: SOLVER_WORKERS when it is a positive integer (a warning on `err`
    otherwise), at most ASKED_PER_CORE per usable core (a warning when cut), else
    `default` (None: the usable cores)."""
    text = environ.get(WORKERS_VARIABLE, "").strip()
    if text:
        if text.isdigit() and text.isascii() and 1 <= int(text) <= MAX_WORKERS:
            most = ASKED_PER_CORE * usable_cores()
            if int(text) > most and err is not None:
                err.write("warning: %s=%s is more than %d per usable core; using %d\n" % (WORKERS_VARIABLE, text, ASKED_PER_CORE, most))
            return min(int(text), most)
        if err is not None:
            err.write("warning: %s=%r is not a whole number from 1 to %d; using the default\n" % (WORKERS_VARIABLE, text[:20], MAX_WORKERS))
    return default if default else usable_cores()
