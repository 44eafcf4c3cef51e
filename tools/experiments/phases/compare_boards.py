#!/usr/bin/env python3
"""Do two select lists of one pack play the same boards to the same end?

Usage: python3 compare_boards.py PACK A.sel B.sel

Every board of A and B (they must name the same boards, in the same order) is replayed
through the official judge of the code under test (judge.replayed: the clicks as the
official page indexes them): per board, the judge's `opened` bitset, its hits and the
board's score under its rule must be equal.  Also reported: how many boards have
the same click list, and the same set of clicks (order aside).  Exit status 1 on any
difference in boards, opened cells or score."""
import os
import sys

sys.path.insert(0, os.environ.get("PHASES_REPO", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")))
from solver.official.judge import replayed  # noqa: E402
from solver.official.lines import read_text  # noqa: E402
from solver.official.packindex import index_pack
from solver.official.packs import board_at  # noqa: E402
from solver.official.rules import RULES  # noqa: E402


def boards(path):
    """[(header line, [(x, y), ...])] of a select list."""
    out = []
    with open(path) as handle:
        for line in handle:
            fields = line.split()
            if len(fields) == 2 and all(f.lstrip("-").isdigit() for f in fields):
                out[-1][1].append((int(fields[0]), int(fields[1])))
            elif fields:
                out.append((line.rstrip("\n"), []))
    return out


def main(pack, a_path, b_path):
    text = read_text(pack)
    index = index_pack(text)
    where = {}
    for k, header in enumerate(index.headers):
        fields = header.split()
        if fields:
            where.setdefault(fields[-1], k)
    a, b = boards(a_path), boards(b_path)
    if [h for h, _ in a] != [h for h, _ in b]:
        print("DIFFERENT boards: %d vs %d headers" % (len(a), len(b)))
        return 1
    same_list = same_set = 0
    bad = []
    total = {"a": 0.0, "b": 0.0}
    for (header, ca), (_, cb) in zip(a, b):
        name = header.split()[-1]
        board, error = board_at(index, where[name])
        ja, jb = replayed(board, ca), replayed(board, cb)
        rule = RULES[board.form]
        sa, sb = rule.score(ja.outcome()), rule.score(jb.outcome())
        total["a"] += rule.counted(sa)
        total["b"] += rule.counted(sb)
        same_list += ca == cb
        same_set += sorted(ca) == sorted(cb)
        if ja.opened != jb.opened or ja.hits != jb.hits or sa != sb:
            bad.append(name)
    print("boards %d; same opened cells, hits and score: %d; different: %d %s" % (len(a), len(a) - len(bad), len(bad), bad[:10]))
    print("same click list (order included): %d; same set of clicks: %d" % (same_list, same_set))
    print("total score: A %s, B %s" % (RULES[2026].format(total["a"]), RULES[2026].format(total["b"])))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
