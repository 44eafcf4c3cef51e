"""The classic two-step guess policy on contest boards: a measurement harness, not part of the package.

Measured: docs/twostep_contest.md (2026-11-25: stronger by a little with no deadline,
about 24 times slower a board, so it does not pay in a 2-second run).

The contest player (solver.engine.player) plays every board as it does; only when its
policy (solver.engine.policy.next_move) decides to guess (not the exact endgame, not a
stop: its stop test is kept, judged on its own pick) the cell is chosen instead by the
classic player's guess logic
(solver.variants.classic.ClassicPlayer._guess, rule "regions" by default: unresolvable
pairs, perfect play from 750 layouts down, walled-in regions, the two-step guess).
The classic player is fed only the policy's Facts (what the judge opened, its
digits, the mines known or hit, and the engine's own position of that stall:
constraints, components, interior, estimate): fair play is the engine's.  The
wrapper is the process's policy (player.set_policy).

    python3 tools/experiments/twostep_contest.py play PACK --guess default|twostep
            [--rule 2025|2026] [--boards N] --select OUT.txt --times OUT.csv
    python3 tools/experiments/twostep_contest.py budget PACK --guess default|twostep
            [--rule 2026] [--budget 1.92]     (a 2-second run as `solve --budget`)
    python3 tools/experiments/twostep_contest.py compare A.scores B.scores A.csv B.csv

`play` plays the first N boards with no deadline and writes the select list (score it
with `python3 -m solver score --boards OUT.txt --pack PACK`) and per-board CPU times, wall
times, guesses and the guesses the classic rule changed.  `compare` pairs two runs.

The package is imported from this checkout, wherever the harness is run from.
"""

import argparse
import csv
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from solver.contest.batch import Settings, solve_text  # noqa: E402
from solver.contest.clock import process_start  # noqa: E402
from solver.contest.oneboard import played, select_text  # noqa: E402
from solver.engine.memories import forget_run  # noqa: E402
from solver.engine.player import set_policy  # noqa: E402
from solver.engine.policy import next_move  # noqa: E402
from solver.engine.probability import probability_of  # noqa: E402
from solver.engine.steps import Position  # noqa: E402
from solver.grid.bitset import cells_of  # noqa: E402
from solver.official.lines import read_text  # noqa: E402
from solver.official.packs import read_pack  # noqa: E402
from solver.variants.classic.player import ClassicPlayer  # noqa: E402

STATS = {"guesses": 0, "changed": 0, "refused": 0}


class Brain(ClassicPlayer):
    """A ClassicPlayer whose state is the engine's, synced from the policy's Facts at each guess."""

    def __init__(self, task, guess):
        super().__init__(task.width, task.height, task.mines, guess)
        self.hits_seen = 0

    def pick(self, facts):
        width = self.width
        numbers = facts.opened & ~facts.mines
        new = numbers & ~self.numbers
        if self.perfect is not None:
            if facts.hits != self.hits_seen:
                self.perfect = None  # a mine was hit: the classic game is over, list again
            elif new:
                p0, p1, p2, p3 = facts.planes
                self._narrow({(c % width, c // width): (p0 >> c & 1) | (p1 >> c & 1) << 1 | (p2 >> c & 1) << 2 | (p3 >> c & 1) << 3
                              for c in cells_of(new)})
        self.hits_seen = facts.hits
        self.numbers = numbers
        self.hidden = ((1 << (width * self.height)) - 1) & ~numbers
        self.mines = facts.mines
        self.safe = 0
        unknown = facts.unknown  # (no known-safe cell is closed at a stall)
        position = Position(facts.constraints, facts.components, unknown, facts.interior & unknown, facts.mines,
                            facts.mines_left, facts.estimate)
        return self._guess(position)


def twostep_policy(guess_rule):
    board = [None, None]  # the board being played (its Facts.counts, made anew for each board) and its Brain

    def policy(facts, endgame=None):
        move = next_move(facts, endgame)
        cell, kind, _ = move
        if kind != "guess" or not facts.opened or facts.mines_left is None:
            return move
        if board[0] is not facts.counts:
            board[:] = facts.counts, Brain(facts.task, guess_rule)
        chosen = board[1].pick(facts)
        STATS["guesses"] += 1
        if not facts.unknown >> chosen & 1:  # never seen; kept so a bad pick cannot loop
            STATS["refused"] += 1
            return move
        if chosen != cell:
            STATS["changed"] += 1
        return chosen, "guess", probability_of(facts.estimate, chosen)

    return policy


def install(guess):
    if guess != "default":
        set_policy(twostep_policy("regions" if guess == "twostep" else guess))


def play_pack(args):
    install(args.guess)
    boards, errors = read_pack(read_text(args.pack))
    if args.boards:
        boards = boards[: args.boards]
    forget_run()
    rows = []
    with open(args.select, "w") as out:
        for board in boards:
            before = dict(STATS)
            wall, cpu = time.perf_counter(), time.process_time()
            task, judge = played(board, args.rule)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            score = task.rule.score(judge.outcome())
            out.write(select_text(board, judge.clicks))
            rows.append((board.name, "%.6f" % cpu, "%.6f" % wall, task.rule.counted(score), task.rule.best(board), judge.hits,
                         STATS["guesses"] - before["guesses"], STATS["changed"] - before["changed"]))
    with open(args.times, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(("name", "cpu", "wall", "score", "best", "hits", "guesses", "changed"))
        w.writerows(rows)
    cpu = sum(float(r[1]) for r in rows)
    print("%s %s: %d boards, cpu %.2f s (%.2f ms/board), score %d, guesses %d, changed %d, refused %d"
          % (os.path.basename(args.pack), args.guess, len(rows), cpu, 1000 * cpu / max(1, len(rows)),
             sum(r[3] for r in rows), STATS["guesses"], STATS["changed"], STATS["refused"]), file=sys.stderr)


def budget_run(args):
    start = process_start(time.perf_counter())
    install(args.guess)
    text = read_text(args.pack)
    with open(os.devnull, "w") as out:
        solve_text(text, out, sys.stderr, Settings(budget=args.budget, rule=args.rule, start=start))


def read_scores(path):
    """{name: score} and total from `python3 -m solver score --boards` output."""
    scores, total = {}, None
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0] == "total":
                total = float(parts[1])
            elif len(parts) >= 2:  # "NAME SCORE", or "NAME -9 (counts 0)": what the total counts
                scores[parts[0]] = float(parts[-1].rstrip(")"))
    return scores, total


def read_times(path):
    with open(path) as f:
        return {row["name"]: row for row in csv.DictReader(f)}


def compare(args):
    a, total_a = read_scores(args.a_scores)
    b, total_b = read_scores(args.b_scores)
    ta, tb = read_times(args.a_times), read_times(args.b_times)
    names = [n for n in a if n in b]
    wins = sum(1 for n in names if b[n] > a[n])
    losses = sum(1 for n in names if b[n] < a[n])
    best = sum(float(ta[n]["best"]) for n in names)
    cpu_a = sum(float(ta[n]["cpu"]) for n in names)
    cpu_b = sum(float(tb[n]["cpu"]) for n in names)
    diffs = [b[n] - a[n] for n in names]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    half = 1.96 * (var / len(diffs)) ** 0.5
    print("boards %d" % len(names))
    print("total A %.4f  B %.4f  (the score command's totals %s / %s)" % (sum(a[n] for n in names), sum(b[n] for n in names), total_a, total_b))
    print("mean A %.5f  B %.5f  diff B-A %.5f +- %.5f (95%%, paired)" % (sum(a[n] for n in names) / len(names),
                                                                       sum(b[n] for n in names) / len(names), mean, half))
    print("ratio over oracle A %.4f  B %.4f" % (sum(a[n] for n in names) / best, sum(b[n] for n in names) / best))
    print("boards differing %d: B better %d, B worse %d" % (wins + losses, wins, losses))
    print("hits A %d  B %d" % (sum(int(ta[n]["hits"]) for n in names), sum(int(tb[n]["hits"]) for n in names)))
    print("guesses B %d, changed %d" % (sum(int(tb[n]["guesses"]) for n in names), sum(int(tb[n]["changed"]) for n in names)))
    print("cpu ms/board A %.2f  B %.2f  (x%.2f)" % (1000 * cpu_a / len(names), 1000 * cpu_b / len(names), cpu_b / cpu_a))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("play")
    p.add_argument("pack")
    p.add_argument("--guess", default="default", help="default, twostep (= regions) or a classic guess policy name")
    p.add_argument("--rule", type=int, choices=(2025, 2026))
    p.add_argument("--boards", type=int, default=0)
    p.add_argument("--select", required=True)
    p.add_argument("--times", required=True)
    p = sub.add_parser("budget")
    p.add_argument("pack")
    p.add_argument("--guess", default="default")
    p.add_argument("--rule", type=int, choices=(2025, 2026))
    p.add_argument("--budget", type=float, default=1.92)
    p = sub.add_parser("compare")
    p.add_argument("a_scores")
    p.add_argument("b_scores")
    p.add_argument("a_times")
    p.add_argument("b_times")
    args = ap.parse_args()
    {"play": play_pack, "budget": budget_run, "compare": compare}[args.what](args)


if __name__ == "__main__":
    main()
