#!/usr/bin/env python3
"""The lanes prototypes against the player, on the first boards of the ADC2026 pack.

    python3 lanes_check.py COUNT check     # the same clicks on every board? (prints the difference)
    python3 lanes_check.py COUNT single    # play them one by one (run under callgrind)
    python3 lanes_check.py COUNT judge     # lanes_judge.py: judge and digits in lanes
    python3 lanes_check.py COUNT digits    # lanes_digits.py: digits in lanes, the judge per board

Boards are grouped by width (a lane holds rows of one width).  Instructions:
`valgrind --tool=callgrind python3 lanes_check.py 2000 single` and the same with
`judge` or `digits` (docs/design.md, "The cost model").
"""
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)

import lanes_digits  # noqa: E402
import lanes_judge  # noqa: E402
from sample import PACK  # noqa: E402

from solver.contest.oneboard import played, task_of  # noqa: E402
from solver.engine.memories import forget_run  # noqa: E402
from solver.official.judge import Judge  # noqa: E402
from solver.official.packindex import index_pack  # noqa: E402
from solver.official.packs import read_board  # noqa: E402


def main(argv):
    count, mode = int(argv[1]), argv[2]
    with open(PACK) as handle:
        index = index_pack(handle.read())
    boards = [read_board(index, k)[0] for k in range(count)]
    groups = collections.defaultdict(list)
    for board in boards:
        groups[board.width].append(board)
    clicks = {}
    if mode in ("check", "single"):
        forget_run()
        clicks["single"] = {b.name: played(b)[1].clicks for b in boards}
    for name in ("judge", "digits"):
        if mode not in ("check", name):
            continue
        forget_run()
        got = clicks[name] = {}
        for group in groups.values():
            tasks = [task_of(b) for b in group]
            if name == "judge":
                lists = lanes_judge.play_group(group, tasks)
            else:
                judges = [Judge(b) for b in group]
                lanes_digits.play_group(tasks, [judge.view() for judge in judges])
                lists = [judge.clicks for judge in judges]
            for board, listed in zip(group, lists):
                got[board.name] = listed
    if mode == "check":
        for name in ("judge", "digits"):
            other = [n for n in clicks["single"] if clicks["single"][n] != clicks[name][n]]
            print("%s: %d boards, %d with other clicks" % (name, len(boards), len(other)))
        print("lanes_judge counts: %s" % lanes_judge.COUNTS)


if __name__ == "__main__":
    main(sys.argv)
