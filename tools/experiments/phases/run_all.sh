#!/bin/bash
# The per-phase instruction table of docs/measurements/throughput.md ("Per phase"): the code of
# PHASES_REPO (default: this checkout), on the boards of its own real runs (played_*.sel
# here, recorded with REAL=1) and on the boards of earlier real runs ($BEFORE/played_*.sel,
# select lists of an earlier commit's runs, if BEFORE is set).  The board names of the runs
# measured for the published tables are in docs/data/adc2026_run_*.names.
#
#   bash run_all.sh            # callgrind runs on the saved played-board lists, then the tables
#   REAL=1 bash run_all.sh     # first record new real runs of the bundle (new played lists)
#
# One heavy process at a time (the machine is shared); about 25 min.
set -euo pipefail
cd "$(dirname "$0")"
HERE=$(pwd)
export PHASES_REPO=${PHASES_REPO:-$(cd ../../.. && pwd)}  # the code under test: this checkout
BEFORE=${BEFORE:-}  # a folder of played_3.8.sel / played_3.11.sel of an earlier run, or empty
PACK=${PACK:-$PHASES_REPO/../shared/data/adc2026_board_pack_10000_prog.txt}
BUNDLE=$PHASES_REPO/dist/paiza_main.py
VERSIONS="3.8.18 3.11.7"
OUT=$HERE/out
mkdir -p "$OUT"
export PYTHONHASHSEED=0  # str hashes fixed: the same dict/set work in every run

py() { PYENV_VERSION=$1 pyenv which python3; }  # the real binary: valgrind must not run pyenv's shim
short() { echo "$1" | cut -d. -f1,2; }           # 3.11.7 -> 3.11

echo "code under test: $(git -C "$PHASES_REPO" rev-parse --short HEAD) $(git -C "$PHASES_REPO" status --short | wc -l) changed files"
(cd "$PHASES_REPO" && PYENV_VERSION=3.11.7 python3 build.py --check) || { echo "bundle out of date"; exit 1; }

for v in $VERSIONS; do
  "$(py $v)" phases.py --build-marks >/dev/null
done

# 1. real runs of the bundle under its budget: the boards a run plays
if [ "${REAL:-0}" = 1 ]; then
  for v in $VERSIONS; do
    s=$(short $v)
    "$(py $v)" "$BUNDLE" < "$PACK" > "played_$s.sel" 2> "played_$s.err"
    cat "played_$s.err"
  done
fi

# one harness run: cg VERSION LABEL PLAYED_LIST REFERENCE [harness args...]
# REFERENCE "same": the output must equal PLAYED_LIST byte for byte (the real run's own
# select list).  REFERENCE "boards": the output must play the same boards to the same
# opened cells, hits and score as PLAYED_LIST (compare_boards.py: a BEFORE run's list,
# whose safe clicks come in another order), and the callgrind run's output must equal
# the native run's byte for byte.
cg() {
  local v=$1 label=$2 played=$3 reference=$4; shift 4
  local s; s=$(short $v)
  local base=$OUT/${s}_$label
  "$(py $v)" phases.py --played "$played" "$@" < "$PACK" > "$base.native.sel" 2> "$base.err"  # warm-up: .pyc files written
  if [ "$reference" = same ]; then
    cmp -s "$base.native.sel" "$played" || { echo "MISMATCH: $label on $v differs from $played"; exit 1; }
  else
    "$(py 3.11.7)" compare_boards.py "$PACK" "$played" "$base.native.sel" > "$base.compare.txt" || { cat "$base.compare.txt"; echo "MISMATCH: $label on $v"; exit 1; }
  fi
  valgrind --tool=callgrind --callgrind-out-file="$base.cg" "$(py $v)" phases.py --played "$played" --counts "$base.json" "$@" \
    < "$PACK" > "$base.sel" 2> "$base.err"
  cmp -s "$base.sel" "$base.native.sel" || { echo "MISMATCH under callgrind: $label on $v"; exit 1; }
  rm "$base.native.sel"
  echo "$s $label: $(grep -o 'Collected : [0-9]*' "$base.err") $(grep harness: "$base.err")"
}

for v in $VERSIONS; do
  s=$(short $v)
  cg $v top played_$s.sel same --marks ext --subs no                           # the table: own boards
  cg $v plain played_$s.sel same --marks none                                  # the same play, nothing patched
  if [ -n "$BEFORE" ]; then
    cg $v top_onbefore "$BEFORE/played_$s.sel" boards --marks ext --subs no    # the BEFORE run's boards
    cg $v plain_onbefore "$BEFORE/played_$s.sel" boards --marks none
  fi
  valgrind --tool=callgrind --callgrind-out-file="$OUT/${s}_imports.cg" "$(py $v)" phases.py --imports-only 2> "$OUT/${s}_imports.err"
  valgrind --tool=callgrind --callgrind-out-file="$OUT/${s}_pass.cg" "$(py $v)" -c pass 2> "$OUT/${s}_pass.err"
  valgrind --tool=callgrind --callgrind-out-file="$OUT/${s}_compile.cg" "$(py $v)" -c "compile(open('$BUNDLE').read(), 'paiza_main.py', 'exec')" 2> "$OUT/${s}_compile.err"
  # the bundle itself on an empty pack: start-up, compiling the 54 KB script, its set-up.
  # Since 2026-11-25 13:00 an empty stdin makes it play the one .txt beside it (none beside
  # dist/paiza_main.py: a one-line error, no solve_text); so a copy of the bundle with an
  # empty pack.txt beside it plays the empty pack ("boards 0/0"), as the BEFORE bundle did.
  mkdir -p "$OUT/empty_pack" && cp "$BUNDLE" "$OUT/empty_pack/paiza_main.py" && : > "$OUT/empty_pack/pack.txt"
  : | SOLVER_BUDGET=0 valgrind --tool=callgrind --callgrind-out-file="$OUT/${s}_bundle_empty.cg" "$(py $v)" "$OUT/empty_pack/paiza_main.py" > /dev/null 2> "$OUT/${s}_bundle_empty.err"
  grep -q "boards 0/0" "$OUT/${s}_bundle_empty.err" || { echo "bundle on the empty pack: no 'boards 0/0'"; exit 1; }
done

for v in $VERSIONS; do
  for label in top top_onbefore; do
    callgrind_annotate --inclusive=yes "$OUT/$(short $v)_$label.cg" > "$OUT/$(short $v)_$label.annotate.txt" 2>/dev/null
  done
done
"$(py 3.11.7)" analyse.py "$OUT" | tee "$OUT/table.md"
