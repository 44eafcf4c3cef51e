"""The ADC2020 closing table: every official problem solved by the command, one at a
time, then checked; a Markdown row each (problem, blocks, wires, valid, reference area,
ours, seconds) and a summary line; each answer kept in --out with its page
(`adc2020 page`).  Figures: docs/measurements/adc2020.md, "The official problems".

    python3 tools/experiments/adc2020_table.py --seconds 120 --jobs 2 --lock /work/.machine.lock [NAME ...]

--lock FILE runs each problem under `flock FILE nice -n 10` (one problem a lock, so that
others sharing the machine slip in between); the seconds are then the command's own
(`/usr/bin/time`), the wait for the lock left out.
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
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--attempts", type=int, help="the solver's deterministic --attempts N instead of --seconds")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="/tmp/adc2020_answers")
    parser.add_argument("--lock", help="run each problem under flock LOCK nice -n 10")
    args = parser.parse_args()
    names = args.names or sorted(p.name[:-6] for p in DATA.glob("*_Q.txt"))
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    print("| problem | blocks | wires | valid | reference | ours | seconds |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: |")
    answered = within = smaller = 0
    for name in names:
        q = DATA / (name + "_Q.txt")
        problem = read_problem(q.read_text())
        reference = check_texts(q.read_text(), (DATA / (name + "_A.txt")).read_text()).area
        budget = ["--attempts", str(args.attempts)] if args.attempts else ["--seconds", str(args.seconds)]
        command = [sys.executable, "-m", "solver", "adc2020", "solve", str(q)] + budget + ["--jobs", str(args.jobs)]
        if args.lock:  # the command's own wall time, the wait for the lock left out
            command = ["flock", args.lock, "nice", "-n", "10", "/usr/bin/time", "-f", "%e"] + command
        start = time.monotonic()
        run = subprocess.run(command, cwd=str(ROOT), capture_output=True, text=True)
        seconds = float(run.stderr.split()[-1]) if args.lock else time.monotonic() - start
        (out / (name + "_A.txt")).write_text(run.stdout)
        ours = check_texts(q.read_text(), run.stdout).area if run.returncode == 0 else None
        if ours is not None:
            subprocess.run([sys.executable, "-m", "solver", "adc2020", "page", str(q), str(out / (name + "_A.txt")),
                            "-o", str(out / (name + ".html"))], cwd=str(ROOT), capture_output=True)
            answered += 1
            within += ours <= reference
            smaller += ours < reference
        print("| %s | %d | %d | %s | %d | %s | %.1f |" % (name, len(problem.blocks), problem.wires,
                                                         "yes" if ours is not None else "no", reference,
                                                         ours if ours is not None else "none", seconds), flush=True)
    print("\nanswered %d of %d; at most the reference's area %d; smaller %d" % (answered, len(names), within, smaller))


if __name__ == "__main__":
    main()
