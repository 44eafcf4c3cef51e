#!/usr/bin/env python3
"""What a plan could make of a pack in so many CPU seconds, from a per-board profile
(plan_profile.py's output): the bounds a better plan is measured against.

    python3 tools/experiments/plan_profile.py > profile.tsv
    python3 tools/experiments/plan_simulate.py profile.tsv [--seconds 3.5 ...]

For each capacity (CPU seconds of play, both workers together), the points of:
- header plan: boards by the plan's rank from their headers (plantables), hurried, as
  many as fit (the run's plan with a perfect clock);
- shape means: boards by the real mean points per second of their shape (density in
  steps of 0.02 by cells in steps of 40), in-sample: what learning the tables from the
  run itself could reach at most;
- stall rule, held out: the header plan, each board stopped at the first stall where
  the remaining points per second, predicted from the stall's share opened, density of
  the closed cells and mine chance of the move (means over the even boards), fall
  below a price; scored on the odd boards alone (capacity halved), the price and the
  header cut the best of a grid: what an in-board stop priced by time adds to the hurry;
- oracle: boards by their own real points per second, hurried, whole (which needs
  every board's outcome in advance);
- oracle with stops: each board stopped at the stall that is best for a global price.
"""

import argparse
import collections
import sys


def read_profile(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        marks = [tuple(map(float, mark.split(":"))) for mark in f[14].split(",")] if len(f) > 14 and f[14] else []
        rows.append(dict(k=int(f[0]), w=int(f[1]), h=int(f[2]), m=int(f[3]), seconds=float(f[4]), score=float(f[5]),
                         rank=int(f[6]), t=float(f[11]), s=float(f[12]) / 1e4,
                         marks=[(m[0], m[1] / 1e4) + tuple(m[2:]) for m in marks]))
    return rows


def fill(order, capacity):
    used = points = 0.0
    for row in order:
        if used + row["t"] <= capacity:
            used += row["t"]
            points += row["s"]
    return points


def shape(row):
    return round(row["m"] / (row["w"] * row["h"]) / 0.02), row["w"] * row["h"] // 40


def stall_key(mark):
    _, _, share, closed, unknown_mines, p = mark[:6]
    density = unknown_mines / closed if closed else 0.0
    return min(9, int(share * 10)), min(7, int(density * 20)), min(5, int(p * 20)) if p >= 0 else -1


def stall_rule(rows, capacity):
    train = [r for r in rows if r["k"] % 2 == 0]
    test = [r for r in rows if r["k"] % 2 == 1]
    sums = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for row in train:
        for mark in row["marks"]:
            entry = sums[stall_key(mark)]
            entry[0] += row["s"] - mark[1]
            entry[1] += row["t"] - mark[0]
            entry[2] += 1

    def played(row, price):
        for mark in row["marks"]:
            entry = sums.get(stall_key(mark))
            if entry and entry[2] >= 5 and entry[1] > 0 and entry[0] / entry[1] < price:
                return mark[0], mark[1]
        return row["t"], row["s"]

    best = {False: 0.0, True: 0.0}  # without the stops (the header cut alone), with them
    for cut in range(0, 4001, 50):
        for price in (0, 100, 200, 300, 400, 500, 700, 900, 1200, 1600):
            used = points = 0.0
            for row in test:
                if row["score"] / row["seconds"] >= cut:
                    t, s = played(row, price)
                    used, points = used + t, points + s
            if used <= capacity / 2:
                best[price > 0] = max(best[price > 0], points)
    return best[False], max(best.values())


def oracle_with_stops(rows, capacity):
    def given(price):
        used = points = 0.0
        for row in rows:
            t, s = max([(m[0], m[1]) for m in row["marks"]] + [(row["t"], row["s"]), (0.0, 0.0)],
                       key=lambda point: point[1] - price * point[0])
            used, points = used + t, points + s
        return used, points

    low, high = 1.0, 1e7
    for _ in range(60):
        middle = (low * high) ** 0.5
        if given(middle)[0] > capacity:
            low = middle
        else:
            high = middle
    return given(high)[1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profile")
    parser.add_argument("--seconds", type=float, nargs="+", default=[2.5, 3.5, 5.0])
    args = parser.parse_args(argv)
    rows = read_profile(args.profile)
    means = collections.defaultdict(lambda: [0.0, 0.0])
    for row in rows:
        means[shape(row)][0] += row["s"]
        means[shape(row)][1] += row["t"]
    print("boards %d, hurried %.2f CPU-s for %.1f points" % (len(rows), sum(r["t"] for r in rows), sum(r["s"] for r in rows)))
    print("| CPU s | header plan | shape means (in-sample) | held out x2: header cut / with the stall rule | oracle "
          "| oracle with stops |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for capacity in args.seconds:
        header = fill(sorted(rows, key=lambda r: (-r["rank"], r["k"])), capacity)
        shaped = fill(sorted(rows, key=lambda r: -means[shape(r)][0] / max(1e-9, means[shape(r)][1])), capacity)
        oracle = fill(sorted(rows, key=lambda r: -r["s"] / max(1e-9, r["t"])), capacity)
        alone, stopped = stall_rule(rows, capacity)
        print("| %.2f | %.1f | %.1f | %.1f / %.1f | %.1f | %.1f |" % (capacity, header, shaped, 2 * alone, 2 * stopped, oracle,
                                                                     oracle_with_stops(rows, capacity)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
