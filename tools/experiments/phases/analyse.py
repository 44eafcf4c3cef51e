#!/usr/bin/env python3
"""The AFTER per-phase tables from the callgrind files run_all.sh writes (usage: analyse.py OUTDIR),
beside the BEFORE measurement's (BEFORE_OUT, default tools/experiments/phases/out-before).

A marker's cost is the inclusive cost of its C function: the sum of the inclusive
costs of every call arc into it, read straight from the callgrind file (what
callgrind_annotate --inclusive=yes prints; checked against it when its output is
there).  Before anything is used, the call count callgrind saw for each marker
symbol must equal the count the harness kept (nobody else called it), and no marker
may call itself (recursion would count twice).
"""

import json
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

VERSIONS = ("3.8", "3.11")
BEFORE_OUT = os.environ.get("BEFORE_OUT", os.path.join(os.path.dirname(os.path.abspath(__file__)), "out-before"))  # the BEFORE measurement
ROWS = ["read", "index", "open", "digits", "pairs", "count", "decide", "write", "other"]


def parse(path):
    """(total Ir, {function: inclusive Ir}, {function: calls}, {function: calls from itself});
    the self cost of every function is left in parse.self_cost (a dict)."""
    names = {}

    def name(token):
        m = re.match(r"\((\d+)\)(?: (.*))?$", token.strip())
        if not m:
            return token.strip()
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names[m.group(1)]

    inclusive, calls, self_calls = defaultdict(int), defaultdict(int), defaultdict(int)
    own = parse.self_cost = defaultdict(int)
    total = None
    current = target = pending = None
    with open(path) as handle:
        for line in handle:
            c = line[:1]
            if pending is not None and (c.isdigit() or c in "+-*"):
                inclusive[pending] += int(line.split()[1])
                pending = None
            elif c.isdigit() or c in "+-*":
                own[current] += int(line.split()[1])
            elif line.startswith("fn="):
                current = name(line[3:])
            elif line.startswith("cfn="):
                target = name(line[4:])
            elif line.startswith("calls="):
                n = int(line[6:].split()[0])
                calls[target] += n
                if target == current:
                    self_calls[target] += n
                pending = target
            elif line.startswith(("summary:", "totals:")):
                total = int(line.split()[1])
    return total, inclusive, calls, self_calls


def load(out, label):
    cg = os.path.join(out, label + ".cg")
    if not os.path.exists(cg):
        return None
    total, inclusive, calls, self_calls = parse(cg)
    meta = {}
    if os.path.exists(os.path.join(out, label + ".json")):
        with open(os.path.join(out, label + ".json")) as handle:
            meta = json.load(handle)
    run = {"label": label, "total": total, "meta": meta, "cost": {}, "self": dict(parse.self_cost), "calls": dict(calls)}
    symbols = meta.get("symbols", {})
    problems = []
    # calls each symbol should have had: ext one per marker call; builtin, shared by a group
    expected = defaultdict(int)
    per_use = {"accumulate_next": 2}  # accumulate: one next() that yields the seed, one that calls
    for marker, symbol in symbols.items():
        expected[symbol] += meta["counts"].get(marker, 0) * per_use.get(symbol, 1)
    for symbol, n in expected.items():
        if calls.get(symbol, 0) != n:
            problems.append("%s: callgrind saw %d calls, the harness made %d" % (symbol, calls.get(symbol, 0), n))
        if self_calls.get(symbol):
            problems.append("%s calls itself" % symbol)
    for marker, symbol in symbols.items():
        run["cost"][marker] = inclusive.get(symbol, 0)
    run["symbol_cost"] = {s: inclusive.get(s, 0) for s in expected}
    run["problems"] = problems
    annotate = os.path.join(out, label + ".annotate.txt")
    if os.path.exists(annotate):  # the same numbers from callgrind_annotate --inclusive=yes
        with open(annotate) as handle:
            for line in handle:
                m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*:(\S+)", line)
                if m and m.group(2) in run["symbol_cost"]:
                    value = int(m.group(1).replace(",", ""))
                    if value != run["symbol_cost"][m.group(2)]:
                        problems.append("%s: callgrind_annotate says %d, parsed %d" % (m.group(2), value, run["symbol_cost"][m.group(2)]))
    return run



def rows_after(run):
    """{row: Ir} of the table, and its breakdown, for the code of 2026-11-25 14:24 (settle, stall)."""
    t = defaultdict(int, run["cost"])
    opened = t["open.all"] + t["open.planes"]
    r = {
        "read": t["read"],
        "index": t["index.input"] + t["index.pack"] + t["index.plan"],
        "open": opened,
        "digits": t["settle"] - opened,
        "pairs": t["pairs.constraints"] + t["pairs.rule"],
        "count": t["count"],
        "decide": t["decide"] + t["decide.click"],
        "write": t["write.select"] + t["write.output"],
    }
    in_play = t["settle"] + r["pairs"] + r["count"] + r["decide"]
    r["other"] = t["loop"] - (r["read"] + in_play + t["write.select"])
    stall_own = t["stall"] - r["pairs"] - r["count"] - t["decide"]
    play_own = t["play"] - t["settle"] - t["stall"] - t["decide.click"]
    parts = [
        ("index", "read stdin (paiza.pack_input)", t["index.input"]),
        ("index", "packs.index_pack", t["index.pack"]),
        ("index", "Plan(...)", t["index.plan"]),
        ("open", "judge open_all", t["open.all"]),
        ("open", "judge planes_of", t["open.planes"]),
        ("pairs", "live_constraints", t["pairs.constraints"]),
        ("pairs", "learn_pairs", t["pairs.rule"]),
        ("decide", "decide", t["decide"]),
        ("decide", "guess click (view.open, planes_of, learn)", t["decide.click"]),
        ("write", "select_text", t["write.select"]),
        ("write", "final encode + write", t["write.output"]),
        ("other", "Judge(board)", t["other.judge"]),
        ("other", "task_of", t["other.task"]),
        ("other", "Plan.wanted", t["other.wanted"]),
        ("other", "judge.outcome (score)", t["other.score"]),
        ("other", "stall's own (memo key, look-up, store)", stall_own),
        ("other", "play() itself (Knowledge, Memory, running_share, loop)", play_own),
        ("other", "played/play_chunks loop (incl. marker overhead)",
         r["other"] - t["other.judge"] - t["other.task"] - t["other.wanted"] - t["other.score"] - stall_own - play_own),
    ]
    for row, label, value in parts:
        r["%s: %s" % (row, label)] = value
    return r


def rows_before(run):
    """{row: Ir} of the table for the code of 2026-11-24 05:03 (open_safe, every_single_digit):
    the rows of ../phases/analyse.py:rows_of from a top-marker run."""
    t = defaultdict(int, run["cost"])
    r = {
        "read": t["read"],
        "index": t["index.input"] + t["index.pack"] + t["index.plan"],
        "open": t["open"],
        "digits": t["digits"],
        "pairs": t["pairs.constraints"] + t["pairs.rule"],
        "count": t["count"],
        "decide": t["decide"] + t["decide.click"],
        "write": t["write.select"] + t["write.output"],
    }
    in_play = r["open"] + r["digits"] + r["pairs"] + r["count"] + r["decide"]
    r["other"] = t["loop"] - (r["read"] + in_play + t["write.select"])
    return r


def fmt(n):
    return "{:,.0f}".format(n)


def table_of(top, plain, rows):
    """(boards, rows less the marker overhead, overhead): the whole marker overhead (the
    marked run less the unmarked one, same boards) is taken off "other", as BEFORE did."""
    r = rows(top)
    overhead = top["total"] - plain["total"]
    r["other, as measured"] = r["other"]
    r["other"] -= overhead
    return top["meta"]["boards"], r, overhead


def per(t, row):
    return t[1][row] / t[0]


def total_of(t):
    return sum(t[1][r] for r in ROWS) / t[0]


def wrapper_in_settle(run):
    """Instructions of the open.all/open.planes wrappers that land in settle, i.e. in the
    digits row: their functools.partial call (the marker C function itself is inside
    the open row).  Estimated as the calls times the self cost per call of partial_vectorcall (3.8: partial_call)."""
    calls = run["meta"]["counts"].get("open.all", 0) + run["meta"]["counts"].get("open.planes", 0)
    symbol = "partial_vectorcall" if "partial_vectorcall" in run["calls"] else "partial_call"  # 3.8: partial_call
    own, n = run["self"].get(symbol, 0), run["calls"].get(symbol, 0)
    return calls * own / n if n else 0.0


def main(out):
    runs = {}
    for s in VERSIONS:
        for label in ("top", "plain", "top_onbefore", "plain_onbefore", "imports", "pass", "compile", "bundle_empty"):
            run = load(out, "%s_%s" % (s, label))
            if run is not None:
                runs[s, label] = run
        for label in ("top", "plain", "imports", "pass", "compile", "bundle_empty"):
            run = load(BEFORE_OUT, "%s_%s" % (s, label))
            if run is not None:
                runs[s, "before_" + label] = run
    bad = [(k, p) for k, run in runs.items() for p in run["problems"]]
    for k, p in bad:
        print("PROBLEM %s: %s" % (k, p))
    print("marker checks: %s\n" % ("FAILED" if bad else "every marker symbol called exactly as often as the harness called it, none recursive"))

    own = {s: table_of(runs[s, "top"], runs[s, "plain"], rows_after) for s in VERSIONS if (s, "plain") in runs}
    print("### AFTER (the code of 2026-11-25 14:24): instructions per played board, by phase, on each version's own real-run boards\n")
    print("| phase | 3.8 instr/board | 3.8 share | 3.11 instr/board | 3.11 share | 3.8 / 3.11 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for row in ROWS:
        cells = ["%s | %.1f%%" % (fmt(per(own[s], row)), 100 * per(own[s], row) / total_of(own[s])) for s in VERSIONS]
        print("| %s | %s | %.2f |" % (row, " | ".join(cells), per(own["3.8"], row) / per(own["3.11"], row)))
    print("| **total** | **%s** | 100%% | **%s** | 100%% | %.2f |" % (fmt(total_of(own["3.8"])), fmt(total_of(own["3.11"])), total_of(own["3.8"]) / total_of(own["3.11"])))
    print("\nboards: 3.8 %d, 3.11 %d; other as measured: %s; marker overhead taken off other (top - plain): %s per board"
          % (own["3.8"][0], own["3.11"][0],
             ", ".join("%s %s" % (s, fmt(per(own[s], "other, as measured"))) for s in VERSIONS),
             ", ".join("%s %s" % (s, fmt(own[s][2] / own[s][0])) for s in VERSIONS)))
    print("wrapper cost of open.all/open.planes left in digits (estimate: calls x partial_vectorcall self cost per call): %s per board"
          % ", ".join("%s %s" % (s, fmt(wrapper_in_settle(runs[s, "top"]) / own[s][0])) for s in VERSIONS))

    print("\n### AFTER, parts of the rows (same top-marker runs; overhead not taken off)\n")
    print("| row: part | 3.8 | 3.11 | 3.8 / 3.11 |")
    print("| --- | ---: | ---: | ---: |")
    for key in own["3.11"][1]:
        if ":" in key:
            a, b = per(own["3.8"], key), per(own["3.11"], key)
            print("| %s | %s | %s | %s |" % (key, fmt(a), fmt(b), "%.2f" % (a / b) if b else "-"))

    print("\n### Calls per board (AFTER, own boards)\n")
    names = ["settle", "open.all", "open.planes", "stall", "pairs.constraints", "pairs.rule", "count", "decide", "decide.click", "read", "other.wanted"]
    print("| marker | 3.8 | 3.11 |")
    print("| --- | ---: | ---: |")
    for name in names:
        print("| %s | %s |" % (name, " | ".join("%.2f" % (runs[s, "top"]["meta"]["counts"][name] / own[s][0]) for s in VERSIONS)))
    print("(decide.click counts 3 per guess click: view.open, planes_of, learn)")

    print("\n### Same boards: BEFORE (2026-11-24 05:03) and AFTER (2026-11-25 14:24) on the boards of the BEFORE real runs\n")
    same = {}
    for s in VERSIONS:
        if (s, "before_top") in runs and (s, "top_onbefore") in runs:
            same[s] = (table_of(runs[s, "before_top"], runs[s, "before_plain"], rows_before),
                       table_of(runs[s, "top_onbefore"], runs[s, "plain_onbefore"], rows_after))
    print("| phase | 3.8 before | 3.8 after | after / before | 3.11 before | 3.11 after | after / before |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in ROWS:
        cells = []
        for s in VERSIONS:
            b, a = per(same[s][0], row), per(same[s][1], row)
            cells.append("%s | %s | %.2f" % (fmt(b), fmt(a), a / b if b else 0))
        print("| %s | %s |" % (row, " | ".join(cells)))
    cells = []
    for s in VERSIONS:
        b, a = total_of(same[s][0]), total_of(same[s][1])
        cells.append("**%s** | **%s** | **%.2f**" % (fmt(b), fmt(a), a / b))
    print("| **total** | %s |" % " | ".join(cells))
    for s in VERSIONS:
        bt, at = same[s]
        assert bt[0] == at[0], (bt[0], at[0])
        print("\n%s: %d boards; overhead taken off other: before %s, after %s per board; other as measured: before %s, after %s; "
              "wrapper cost left in after's digits %s per board" % (
                  s, bt[0], fmt(bt[2] / bt[0]), fmt(at[2] / at[0]), fmt(per(bt, "other, as measured")), fmt(per(at, "other, as measured")),
                  fmt(wrapper_in_settle(runs[s, "top_onbefore"]) / at[0])))
    print("\nAFTER on the BEFORE boards, parts (overhead not taken off):")
    for s in VERSIONS:
        at = same[s][1]
        print("%s: %s" % (s, "; ".join("%s %s" % (k, fmt(per(at, k))) for k in at[1] if ":" in k)))
    print("\nCalls per board, AFTER on the BEFORE boards: " + "; ".join(
        "%s: %s" % (s, ", ".join("%s %.2f" % (n, runs[s, "top_onbefore"]["meta"]["counts"][n] / same[s][1][0]) for n in names)) for s in VERSIONS))

    print("\n### Whole process (instructions)\n")
    print("| | 3.8 before | 3.8 after | 3.11 before | 3.11 after |")
    print("| --- | ---: | ---: | ---: | ---: |")

    def get(s, label):
        run = runs.get((s, label))
        return run["total"] if run else None

    def line(label, f):
        cells = []
        for s in VERSIONS:
            for when in ("before_", ""):
                try:
                    v = f(s, when)
                except (TypeError, KeyError):
                    v = None
                cells.append(fmt(v) if v is not None else "-")
        print("| %s | %s |" % (label, " | ".join(cells)))

    line("`python3 -c pass`", lambda s, w: get(s, w + "pass"))
    line("harness --imports-only (start-up + harness and solver imports)", lambda s, w: get(s, w + "imports"))
    line("`compile(bundle text)` process", lambda s, w: get(s, w + "compile"))
    line("compiling the bundle (compile - pass)", lambda s, w: get(s, w + "compile") - get(s, w + "pass"))
    line("**bundle on an empty pack** (start-up + compile + set-up): fixed cost", lambda s, w: get(s, w + "bundle_empty"))
    line("harness, no markers, own boards: whole run", lambda s, w: get(s, w + "plain"))
    line("harness, top markers, own boards: whole run", lambda s, w: get(s, w + "top"))
    line("table phases (sum of rows), own boards", lambda s, w: sum((own[s] if not w else table_of(runs[s, "before_top"], runs[s, "before_plain"], rows_before))[1][r] for r in ROWS))
    line("harness glue (plain - imports - phases)", lambda s, w: get(s, w + "plain") - get(s, w + "imports") - sum(
        (own[s] if not w else table_of(runs[s, "before_top"], runs[s, "before_plain"], rows_before))[1][r] for r in ROWS))

    print("\n### Totals per board\n")
    print("| | 3.8 before | 3.8 after | 3.11 before | 3.11 after |")
    print("| --- | ---: | ---: | ---: | ---: |")

    def both(label, f):
        cells = []
        for s in VERSIONS:
            for when in ("before", "after"):
                v = f(s, when)
                cells.append(fmt(v) if v is not None else "-")
        print("| %s | %s |" % (label, " | ".join(cells)))

    ownt = {(s, "after"): own[s] for s in VERSIONS}
    ownt.update({(s, "before"): table_of(runs[s, "before_top"], runs[s, "before_plain"], rows_before) for s in VERSIONS})
    both("boards played (own real run)", lambda s, w: ownt[s, w][0])
    both("table phases ÷ boards (own boards)", lambda s, w: total_of(ownt[s, w]))
    both("whole harness process, no markers ÷ boards (own boards)",
         lambda s, w: get(s, "plain" if w == "after" else "before_plain") / ownt[s, w][0])
    both("(whole harness, no markers - imports-only) ÷ boards (own boards)",
         lambda s, w: (get(s, "plain" if w == "after" else "before_plain") - get(s, "imports" if w == "after" else "before_imports")) / ownt[s, w][0])
    both("estimated real run: (bundle on empty pack + table phases) ÷ boards (own boards)",
         lambda s, w: (get(s, "bundle_empty" if w == "after" else "before_bundle_empty") + total_of(ownt[s, w]) * ownt[s, w][0]) / ownt[s, w][0])
    both("table phases ÷ boards, on the BEFORE run's boards", lambda s, w: total_of(same[s][0 if w == "before" else 1]))
    both("whole harness, no markers ÷ boards, on the BEFORE run's boards",
         lambda s, w: (get(s, "before_plain") if w == "before" else get(s, "plain_onbefore")) / same[s][0][0])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "out"))
