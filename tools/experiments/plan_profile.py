#!/usr/bin/env python3
"""Every board of a pack played one by one, in pack order, one process: what the plan
predicted of it from its header, and what it really cost and scored, calm and hurried,
with the score and CPU time at each of its stalls (the trajectories a plan that adapts
as the run goes would see).

    python3 tools/experiments/plan_profile.py [--rule 2026] [--every 1] > profile.tsv

Reads the official ADC2026 pack (../shared/data; EXPERIMENT_PACK names another).  One
line a board, tab-separated: k, width, height, mines, predicted seconds, predicted
score, rank, then for each of calm and hurried: CPU seconds, score, stalls, and the
trajectory at every stall as "seconds:score:share:closed:mines left:p" (CPU seconds and
score so far, the share of safe cells opened, closed cells, mines not yet known, the
mine chance of the move about to be played, -1 for a stop), joined by commas.  The run-wide memories
warm as they do in a run (pack order).  `plan_simulate.py` reads the file.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from solver.contest.oneboard import task_of  # noqa: E402
from solver.contest.plan import _estimate, expected_score, expected_seconds, header_facts  # noqa: E402
from solver.engine.memories import forget_run  # noqa: E402
from solver.engine.player import play  # noqa: E402
from solver.grid.bitset import popcount  # noqa: E402
from solver.official.judge import Judge  # noqa: E402
from solver.official.lines import read_text  # noqa: E402
from solver.official.packs import read_pack  # noqa: E402
from solver.official.rules import RULES  # noqa: E402

PACK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data",
                    "adc2026_board_pack_10000_prog.txt")


def played(board, rule, hurry):
    """(CPU seconds, score, trajectory [(seconds, score) at each stall]) of one board."""
    task = task_of(board, rule)
    judge = Judge(board)
    marks = []
    start = time.process_time()

    def watch(step):
        if step.kind not in ("start", "certain"):  # a stall: its decision is about to be played
            outcome = judge.outcome()
            closed = judge.size - popcount(judge.opened)
            unknown_mines = task.mines - popcount(step.mines)
            marks.append((time.process_time() - start, task.rule.score(outcome), outcome.safe_opened / outcome.safe_total,
                          closed, unknown_mines, -1.0 if step.p is None else step.p))

    play(task, judge.view(), None, None, watch, hurry)
    seconds = time.process_time() - start
    return seconds, task.rule.counted(task.rule.score(judge.outcome())), marks


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule", type=int, default=2026)
    parser.add_argument("--every", type=int, default=1, help="every STEP-th board")
    parser.add_argument("--share", type=float, help="the hurried share to play with (default: the rule's)")
    args = parser.parse_args(argv)
    if args.share is not None:
        RULES[args.rule].hurried_share = args.share
    boards, errors = read_pack(read_text(os.environ.get("EXPERIMENT_PACK", PACK)))
    boards = boards[:: args.every]
    runs = {}
    for hurry in (False, True):  # each pass from cold memories, as a run starts
        forget_run()
        runs[hurry] = [played(board, args.rule, hurry) for board in boards]
    for k, board in enumerate(boards):
        fields = header_facts(("%d %d %d %s" % (board.width, board.height, board.digits.count("9"), board.name)).split())
        seconds, rank = _estimate(fields, args.rule)
        line = [k, board.width, board.height, board.digits.count("9"), "%.7f" % expected_seconds(*fields[:3], args.rule, fields[4]),
                "%.5f" % expected_score(*fields[:3], args.rule, fields[4]), rank]
        for hurry in (False, True):
            cpu, score, marks = runs[hurry][k]
            line += ["%.7f" % cpu, "%.5f" % score, len(marks), ",".join("%.7f:%.5f:%.4f:%d:%d:%.4f" % mark for mark in marks)]
        print("\t".join(map(str, line)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
