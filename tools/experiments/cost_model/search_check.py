#!/usr/bin/env python3
"""The search by dynamic programming (search_dp.py) against counting.search_counts, on
the component shapes the first boards of the ADC2026 pack make the player search.

    python3 search_check.py BOARDS

collects the shapes searched while playing the first BOARDS boards, checks that both
give the same Counts (every field but the nodes spent), and prints the time of each
by number of classes (best of 3, both in this process, so the ratio is what counts).
"""
import collections
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)

import search_dp  # noqa: E402
from sample import PACK  # noqa: E402

from solver.contest.oneboard import played  # noqa: E402
from solver.engine import counting  # noqa: E402
from solver.official.packindex import index_pack  # noqa: E402
from solver.official.packs import read_board  # noqa: E402


def shapes_searched(count):
    with open(PACK) as handle:
        index = index_pack(handle.read())
    found = []
    search = counting.search_counts

    def keeping(component, budget):
        found.append((component, budget))
        return search(component, budget)

    counting.search_counts = keeping
    try:
        for k in range(count):
            played(read_board(index, k)[0])
    finally:
        counting.search_counts = search
    return found


def best_of(function, items, rounds=3):
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        for component, budget in items:
            function(component, budget)
        spent = time.perf_counter() - start
        best = spent if best is None else min(best, spent)
    return best


def main(argv):
    shapes = shapes_searched(int(argv[1]))
    differ = 0
    for component, budget in shapes:
        a, b = counting.search_counts(component, budget), search_dp.dp_search(component, budget)
        if a is not None and b is not None and a[:8] != b[:8]:
            differ += 1
    print("%d shapes searched, %d with other counts" % (len(shapes), differ))
    by_classes = collections.defaultdict(list)
    for component, budget in shapes:
        by_classes[min(len(component.sizes) // 4 * 4, 28)].append((component, budget))
    for low in sorted(by_classes):
        items = by_classes[low]
        search, dp = best_of(counting.search_counts, items), best_of(search_dp.dp_search, items)
        print("classes %2d-%2d: %5d shapes, search %7.1f us, programme %7.1f us a shape"
              % (low, low + 3, len(items), 1e6 * search / len(items), 1e6 * dp / len(items)))


if __name__ == "__main__":
    main(sys.argv)
