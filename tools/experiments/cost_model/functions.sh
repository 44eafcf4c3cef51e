#!/bin/bash
# Instructions per board by Python function (inclusive), on CPython 3.12's -X perf
# frames under callgrind: the shares of the cost model.
#
#   bash functions.sh STEP COUNT [SETTINGS]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PY=$(PYENV_VERSION=3.12.1 pyenv which python3)
OUT=$(mktemp -d)
before=$(ls /tmp/perf-*.map 2>/dev/null || true)
PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file="$OUT/cg" "$PY" -X perf "$HERE/sample.py" "$1" "$2" "${3:-}" 2>&1 | grep -E "points|Collected"
map=$(comm -13 <(echo "$before" | sort) <(ls /tmp/perf-*.map | sort) | head -1)
callgrind_annotate --inclusive=yes --threshold=100 "$OUT/cg" > "$OUT/incl"
python3 - "$map" "$OUT/incl" "$2" <<'PY'
import re, sys
names = {}
for line in open(sys.argv[1]):
    address, _, name = line.rstrip("\n").split(" ", 2)
    if name.startswith("py::"):  # py::FUNCTION:FILE -> FILE:FUNCTION
        function, _, path = name[4:].partition(":")
        names[int(address, 16)] = path + ":" + function
row = re.compile(r"^\s*([\d,]+) \([^)]*\)\s+\?\?\?:0x([0-9a-f]+) ")
cost = {}
for line in open(sys.argv[2]):
    found = row.match(line)
    name = found and names.get(int(found.group(2), 16))
    if name and "/solver/" in name:
        cost[name] = cost.get(name, 0) + int(found.group(1).replace(",", ""))
for name, value in sorted(cost.items(), key=lambda item: -item[1])[:40]:
    print("%12.0f  %s" % (value / int(sys.argv[3]), name.split("/solver/")[-1]))
PY
rm -rf "$OUT" "$map"
