#!/bin/bash
# Instructions of play on a sample of the ADC2026 pack (callgrind), for the cost model.
#
#   bash instructions.sh STEP COUNT [PYTHON] [SETTINGS]
#
# runs sample.py under callgrind with COUNT boards and with none, and prints the points
# and the difference per board.  PYTHON: the interpreter's real binary (not pyenv's shim:
# callgrind would measure the shell), default 3.11.7 under pyenv.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
STEP=$1; COUNT=$2; PY=${3:-$(PYENV_VERSION=3.11.7 pyenv which python3)}; SET=${4:-}
run() { PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PY" "$HERE/sample.py" "$STEP" "$1" "$SET" 2>&1; }
with=$(run "$COUNT"); without=$(run 0)
a=$(echo "$with" | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
b=$(echo "$without" | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
echo "$(echo "$with" | grep points)  instructions of play $((a - b))  a board $(((a - b) / COUNT))"
