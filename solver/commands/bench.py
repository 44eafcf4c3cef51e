"""`bench`: strength (score over the oracle, mines hit) and speed of the player on packs."""

import sys

from ..contest.batch import format_totals
from .options import LOOK_HELP
from ..lab.bench import bench_pack, contest_total, table_header, table_row
from ..official.generator import generate_pack
from ..official.lines import is_count, read_text
from ..official.names import pack_name
from ..official.packs import read_pack
from ..official.rules import RULES


def add_arguments(parser):
    parser.description = (
        "Reads board packs (files, or generated with --gen) and prints, per pack: "
        "boards, oracle ratio, mine hits per board, the hits expected (risk: the sum of the "
        "guesses' mine probabilities), mean score, boards per second, the floor (boards per "
        "second of a replay that opens every safe cell with no reasoning), "
        "slowest board in ms; with --contest also the total the paiza entry scores in its 2 s run."
    )
    parser.add_argument("packs", nargs="*", help="board pack files")
    parser.add_argument(
        "--gen", nargs=3, action="append", default=[], metavar=("COUNT", "MODE", "DIFFICULTY"),
        help="also bench the official pack board_pack_COUNT_MODE_DIFFICULTY (repeatable)",
    )
    parser.add_argument("--rule", type=int, choices=sorted(RULES), help="objective and score (default: header form)")
    parser.add_argument(
        "--repeat", type=int, default=1, metavar="N",
        help="play each board N times and time its fastest run (steadier speeds on a busy machine)",
    )
    parser.add_argument("--contest", action="store_true", help="also print the total the paiza entry scores on the pack in its 2 s run")
    parser.add_argument("--look", action="store_true", help=LOOK_HELP + " (the --contest total is the entry's, without it)")


# a generated pack is held whole: at most as many boards as advise ranks (lab.advise.MAX_COUNT)
MAX_GEN = 1000000
MAX_REPEAT = 100


def run(args):
    if not 1 <= args.repeat <= MAX_REPEAT:
        print("error: --repeat must be from 1 to %d" % MAX_REPEAT, file=sys.stderr)
        return 2
    for count, _, _ in args.gen:
        if not (is_count(count) and len(count) <= 9 and 1 <= int(count) <= MAX_GEN):
            print("error: --gen %s: COUNT must be a whole number from 1 to %d" % (count[:20], MAX_GEN), file=sys.stderr)
            return 2
    packs = []
    for path in args.packs:
        try:
            boards, errors = read_pack(read_text(sys.stdin if path == "-" else path))
        except OSError as exc:
            print("error: cannot read %s: %s" % (path, exc.strerror), file=sys.stderr)
            return 1
        for error in errors:
            print("error: %s" % error, file=sys.stderr)
        packs.append((path, boards))
    for count, mode, difficulty in args.gen:
        try:
            packs.append((pack_name(int(count), mode, difficulty), generate_pack(int(count), mode, difficulty)))
        except ValueError as exc:
            print("error: --gen %s %s %s: %s" % (count, mode, difficulty, exc), file=sys.stderr)
            return 2
    if not packs:
        print("error: give a pack file or --gen COUNT MODE DIFFICULTY", file=sys.stderr)
        return 2
    print(table_header(args.contest))
    for name, boards in packs:
        print("%s: playing %d boards" % (name, len(boards)), file=sys.stderr)
        figures = bench_pack(boards, args.rule, sys.stderr, args.repeat, args.look)
        contest = None
        if args.contest:
            count, totals = contest_total(boards, args.rule)
            contest = (count, format_totals(totals))
        print(table_row(name, figures, contest))
        sys.stdout.flush()
    return 0
