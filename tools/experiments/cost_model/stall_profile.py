#!/usr/bin/env python3
"""What a dense board's play is made of: steps per board, and what one stall costs.

    python3 stall_profile.py [STEP] [BOARDS]

Plays every STEP-th board of the ADC2026 pack (default 5) with at least 20% mines at
full strength, counting the steps each board takes (settle, stall, pairs, count,
decide, and what each stall ended in), the size of the positions counted
(constraints, components, classes), then replays the first BOARDS (default 300)
boards' stall positions once more, with the shape memory warm, timing each step of a
stall: the cost of a stall when no new shape has to be searched.  (Docs:
docs/measurements/throughput.md, "The cost model", "A stall at its floor".)
"""
import collections
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, ROOT)

from solver.contest.oneboard import played  # noqa: E402
from solver.engine import player  # noqa: E402
from solver.engine.frontier import components_of, covered  # noqa: E402
from solver.engine.policy import Facts, next_move  # noqa: E402
from solver.engine.probability import estimate  # noqa: E402
from solver.grid.bitset import popcount  # noqa: E402
from solver.official.packs import read_pack  # noqa: E402

PACK = os.environ.get("EXPERIMENT_PACK", os.path.join(ROOT, "..", "shared", "data", "adc2026_board_pack_10000_prog.txt"))


def counted_play(boards):
    """Steps per board, and histograms of the positions the count met."""
    stats, sizes = collections.Counter(), collections.defaultdict(collections.Counter)
    real = {name: getattr(player, name) for name in ("count", "learn_pairs", "stall", "settle")}

    def count(knowledge, constraints, task, memory, unknown):
        result = real["count"](knowledge, constraints, task, memory, unknown)
        components = player.components_of(constraints, memory.components)
        sizes["constraints"][min(len(constraints), 25) // 5 * 5] += 1
        sizes["components"][min(len(components), 5)] += 1
        sizes["classes"][min(sum(len(c.classes) for c in components), 30) // 5 * 5] += 1
        stats["count"] += 1
        stats["count learnt"] += result is None
        return result

    def learn_pairs(*args):
        learnt = real["learn_pairs"](*args)
        stats["pairs"] += 1
        stats["pairs learnt"] += learnt
        return learnt

    def stall(*args):  # (the decision a stall ended in: policy.next_move's, or the stall memory's)
        stats["stall"] += 1
        move = real["stall"](*args)
        if move is not None:
            stats["decide: " + move.kind] += 1
        return move

    def settle(*args, **kwargs):
        stats["settle"] += 1
        return real["settle"](*args, **kwargs)

    player.count, player.learn_pairs, player.stall, player.settle = count, learn_pairs, stall, settle
    try:
        for board in boards:
            played(board)
    finally:
        for name, step in real.items():
            setattr(player, name, step)
    return stats, sizes


def stall_positions(boards):
    """(Knowledge copy, Task) at every stall of the boards' play."""
    caught = []
    real = player.stall

    def stall(knowledge, task, memory, policy):
        copy = player.Knowledge(knowledge.geo, ())
        for name in player.Knowledge.__slots__:
            setattr(copy, name, getattr(knowledge, name))
        copy.shown = {}
        caught.append((copy, task))
        return real(knowledge, task, memory, policy)

    player.stall = stall
    try:
        for board in boards:
            played(board)
    finally:
        player.stall = real
    return caught


def timed_steps(knowledge, task):
    """Seconds of each step of one stall from its position: live constraints, pairs,
    components, estimate, decide (the last three only where pairs learnt nothing)."""
    memory = player.Memory(task)
    unknown = knowledge.geo.all_mask & ~knowledge.opened & ~knowledge.mines
    marks = [time.perf_counter()]
    constraints = player.live_constraints(knowledge, unknown)
    marks.append(time.perf_counter())
    learnt = player.learn_pairs(knowledge, constraints, unknown) if constraints else False
    marks.append(time.perf_counter())
    if not learnt:
        interior = unknown & ~covered(constraints)
        components = components_of(constraints, memory.components)
        marks.append(time.perf_counter())
        mines_left = task.mines - popcount(knowledge.mines)
        result = estimate(components, interior, popcount(interior), mines_left, player.COUNT_NODES, memory.counter,
                          sweeps=memory.sweeps)
        marks.append(time.perf_counter())
        if not (result.safe & unknown or result.mines & unknown):
            facts = Facts(task, memory.values, knowledge.geo.masks, knowledge.opened, knowledge.planes, knowledge.mines,
                          knowledge.hits, unknown, interior, mines_left, constraints, result, components, memory.counts)
            next_move(facts, memory.endgame)
    marks += [time.perf_counter()] * (6 - len(marks))
    return [b - a for a, b in zip(marks, marks[1:])]


def main(argv):
    step = int(argv[1]) if len(argv) > 1 else 5
    timed = int(argv[2]) if len(argv) > 2 else 300
    with open(PACK) as handle:
        boards = read_pack(handle.read())[0][::step]
    dense = [b for b in boards if b.mines / (b.width * b.height) >= 0.2]
    began = time.process_time()
    stats, sizes = counted_play(dense)
    print("%d dense boards of every %d-th: %.3f s of CPU" % (len(dense), step, time.process_time() - began))
    for name, value in sorted(stats.items()):
        print("  %-16s %7d  %6.2f a board" % (name, value, value / len(dense)))
    for name, histogram in sizes.items():
        print("  counts by %s: %s" % (name, ", ".join("%s: %d" % item for item in sorted(histogram.items()))))
    positions = stall_positions(dense[:timed])
    for _ in range(2):  # the second pass finds every shape remembered: no search
        total = [0.0] * 5
        for knowledge, task in positions:
            fresh = player.Knowledge(knowledge.geo, ())
            for name in player.Knowledge.__slots__:
                setattr(fresh, name, getattr(knowledge, name))
            fresh.shown = {}
            total = [t + x for t, x in zip(total, timed_steps(fresh, task))]
    names = ("live constraints", "pairs", "components", "estimate", "decide")
    print("%d stalls, microseconds a stall (no search): %s; all %.1f" % (
        len(positions), ", ".join("%s %.1f" % (n, t / len(positions) * 1e6) for n, t in zip(names, total)),
        sum(total) / len(positions) * 1e6))


if __name__ == "__main__":
    main(sys.argv)
