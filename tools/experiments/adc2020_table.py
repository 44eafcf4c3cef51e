"""The ADC2020 closing table: every official problem solved by the command, one at a
time, then checked; a Markdown row each (problem, blocks, wires, reference area, ours,
seconds).  Figures: docs/measurements/adc2020.md, "The official problems".

    nice -n 10 python3 tools/experiments/adc2020_table.py --seconds 60 --jobs 2 [NAME ...]
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data" / "adc2020"
sys.path.insert(0, str(ROOT))

from solver.adc2020.checker import check_texts  # noqa: E402
from solver.adc2020.formats import read_problem  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="/tmp/adc2020_answers")
    args = parser.parse_args()
    names = args.names or sorted(p.name[:-6] for p in DATA.glob("*_Q.txt"))
    Path(args.out).mkdir(exist_ok=True)
    print("| problem | blocks | wires | reference | ours | seconds |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in names:
        q = DATA / (name + "_Q.txt")
        problem = read_problem(q.read_text())
        reference = check_texts(q.read_text(), (DATA / (name + "_A.txt")).read_text()).area
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "solver", "adc2020", "solve", str(q), "--seconds", str(args.seconds),
                              "--jobs", str(args.jobs)], cwd=str(ROOT), capture_output=True, text=True)
        seconds = time.monotonic() - start
        (Path(args.out) / (name + "_A.txt")).write_text(run.stdout)
        ours = check_texts(q.read_text(), run.stdout).area if run.returncode == 0 else None
        print("| %s | %d | %d | %d | %s | %.1f |" % (name, len(problem.blocks), problem.wires, reference,
                                                    ours if ours is not None else "none", seconds), flush=True)


if __name__ == "__main__":
    main()
