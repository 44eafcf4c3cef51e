"""What a board costs the player, in CPU instructions (valgrind callgrind).

Instructions are what a shared machine cannot blur: the same code on the same boards
counts the same, whatever else runs.  `replay` plays the boards a real run of the
contest entry played (the names in its select list), as the run plays them: read from
the pack, in a hurry, no deadline, the select list written.  `measure` runs that under
callgrind twice, with the boards and with none, so the difference is the boards' own
cost.  On CPython 3.12 and newer, `-X perf` gives every Python function a native frame
of its own, so callgrind can also say which functions the instructions went to
(`by_function`).
"""

import os
import re
import subprocess
import sys
import tempfile

from ..contest.oneboard import played, select_text
from ..official.lines import read_text
from ..official.packindex import index_pack
from ..official.packs import boards_of
from .bundlerun import python_version

_COLLECTED = re.compile(r"Collected : (\d+)")
_ANNOTATED = re.compile(r"^\s*([\d,]+) \([^)]*\)\s+\?\?\?:0x([0-9a-f]+) ")
_SOLVER_CODE = re.compile(r"solver/(grid|official|engine|contest)/")  # not the harness (lab, commands)


def played_names(text):
    """The board names of a select list (its header lines), or of a list of names (one
    a line), in order."""
    names = []
    for line in text.splitlines():
        fields = line.split()
        if (len(fields) >= 3 or len(fields) == 1) and not fields[-1].lstrip("-").isdigit():
            names.append(fields[-1])
    return names


def replay(pack_text, names, count=None):
    """Play the boards of the pack named in `names` (the first `count` of them) as a
    budgeted run plays them; the select list (a str)."""
    wanted_names = set(names)
    index = index_pack(pack_text)
    chosen = [k for k, header in enumerate(index.headers) if header.split()[-1:] and header.split()[-1] in wanted_names]
    wanted = set(chosen[:count] if count is not None else chosen)  # count 0: none, the pack indexed
    out = []
    for board, _ in boards_of(index, wanted.__contains__):
        if board is not None:
            task, judge = played(board, hurry=True)
            out.append(select_text(board, judge.clicks))
    return "".join(out)


def interpreter_problem(python, functions=False):
    """Why `python` cannot be measured (it does not run; --functions needs 3.12+), or None:
    asked in a second, before callgrind runs for minutes."""
    version = python_version(python)
    if isinstance(version, str):
        return version
    if functions and version < (3, 12):
        return "--functions needs CPython 3.12 or newer (-X perf)"
    return None


def _callgrind(python, args, out_file="/dev/null", perf=False):
    """Instructions of `python -m solver cost --inner ARGS` under callgrind."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file, python]
    if perf:
        command += ["-X", "perf"]
    command += ["-m", "solver", "cost", "--inner"] + args
    environment = dict(os.environ, PYTHONHASHSEED="0")  # the same dict and set work every run
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError("callgrind run failed: %s" % done.stderr.strip()[-300:])
    return int(found.group(1))


def measure(python, pack, played, count, progress=None):
    """(instructions per board, boards) of `count` boards of the run (all: None);
    progress(text), if given, is told each callgrind run as it starts."""
    boards = len(played_names(read_text(played)))
    count = boards if count is None else min(count, boards)
    if progress is not None:
        progress("callgrind run 1 of 2: %d boards" % count)
    with_boards = _callgrind(python, [pack, played, "--boards", str(count)])
    if progress is not None:
        progress("callgrind run 2 of 2: no board (start-up and indexing)")
    without = _callgrind(python, [pack, played, "--boards", "0"])
    return (with_boards - without) / max(1, count), count


def by_function(python, pack, played, count, top=40):
    """[(inclusive instructions per board, function)] of the `top` costliest Python
    functions, on CPython 3.12+ (perf trampolines named in /tmp/perf-PID.map)."""
    with tempfile.TemporaryDirectory() as folder:
        out_file = os.path.join(folder, "callgrind.out")
        before = set(os.listdir("/tmp"))
        _callgrind(python, [pack, played, "--boards", str(count)], out_file, perf=True)
        maps = [name for name in set(os.listdir("/tmp")) - before if name.startswith("perf-") and name.endswith(".map")]
        if not maps:
            raise RuntimeError("no perf map was written: -X perf needs CPython 3.12 or newer")
        names = {}
        with open(os.path.join("/tmp", maps[0])) as handle:
            for line in handle:
                address, _, name = line.rstrip("\n").split(" ", 2)
                names[int(address, 16)] = name.replace("py::", "")
        for name in maps:
            os.remove(os.path.join("/tmp", name))
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out_file],
                                   capture_output=True, text=True, check=False).stdout
    rows = []
    for line in annotated.splitlines():
        found = _ANNOTATED.match(line)
        name = found and names.get(int(found.group(2), 16))
        if name and _SOLVER_CODE.search(name):
            rows.append((int(found.group(1).replace(",", "")) / max(1, count), name))
    rows.sort(reverse=True)
    return rows[:top]


def inner(pack, played, count):
    """What runs under callgrind: replay `count` boards of the run (0: none, the pack
    still read and indexed, so that the difference is the boards' own cost)."""
    sys.stdout.write(replay(read_text(pack), played_names(read_text(played)), count))
