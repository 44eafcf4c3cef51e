"""`bench`: strength (score over the oracle, mines hit) and speed of the player on packs."""

import sys

from ..contest.streams import write_messages
from ..engine.lookahead import looking
from ..lab.bench import bench_pack, contest_run, table_header, table_row
from ..official.generator import DIFFICULTY_RATIOS, PACK_MODES, generate_pack
from ..official.lines import is_count
from ..official.names import pack_name
from ..official.packs import read_pack
from ..official.rules import RULES
from .options import LOOK_HELP, read_pack_input
from .progress import Progress


def add_arguments(parser):
    parser.description = (
        "Reads board packs (files, or generated with --gen) and prints, per pack: "
        "boards, oracle ratio, mine hits per board, the hits expected (risk: the sum of the "
        "guesses' mine probabilities), mean score, boards per second, the floor (boards per "
        "second of a replay that opens every safe cell with no reasoning), "
        "slowest board in ms; with --contest also the total and the boards the paiza entry makes in its 2 s run "
        "(the entry run on its own, cold, in a fresh process, as paiza.IO runs it).  Progress on stderr on a terminal."
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
    parser.add_argument("--contest", action="store_true", help="also print the total the paiza entry scores on the pack in its 2 s "
                        "run, and the boards it plays (the entry in a fresh process: python -m solver.contest.paiza)")
    parser.add_argument("--look", action="store_true", help=LOOK_HELP + " (the --contest total is the entry's, without it)")


# a generated pack is held whole: at most as many boards as advise ranks (lab.advise.MAX_COUNT)
MAX_GEN = 1000000
MAX_REPEAT = 100


def run(args):
    if not 1 <= args.repeat <= MAX_REPEAT:
        print("error: --repeat must be from 1 to %d" % MAX_REPEAT, file=sys.stderr)
        return 2
    for count, mode, difficulty in args.gen:
        if not (is_count(count) and len(count) <= 9 and 1 <= int(count) <= MAX_GEN):
            print("error: --gen %s: COUNT must be a whole number from 1 to %d" % (count[:20], MAX_GEN), file=sys.stderr)
            return 2
        if mode not in PACK_MODES or difficulty not in DIFFICULTY_RATIOS:
            print("error: --gen %s %s %s: MODE must be one of %s and DIFFICULTY one of %s" % (
                count, mode[:20], difficulty[:20], ", ".join(PACK_MODES), ", ".join(DIFFICULTY_RATIOS)), file=sys.stderr)
            return 2
    if not args.packs and not args.gen:
        print("error: give a pack file or --gen COUNT MODE DIFFICULTY", file=sys.stderr)
        return 2
    packs = []
    for path in args.packs:
        read = read_pack_input(path)
        if read is None:
            return 1
        boards, errors = read_pack(read[0])
        write_messages(errors, "error: ", sys.stderr)
        if not boards:
            print("error: %s holds no board that reads" % path, file=sys.stderr)
            return 1
        packs.append((path, boards))
    for count, mode, difficulty in args.gen:
        packs.append((pack_name(int(count), mode, difficulty), generate_pack(int(count), mode, difficulty)))
    print(table_header(args.contest))
    for name, boards in packs:
        progress = Progress("bench %s" % name, "boards")
        figures = bench_pack(boards, args.rule, progress, args.repeat, looking if args.look else None)
        contest = None
        if args.contest:
            progress.say("the entry's 2 s run, in a fresh process")
            try:
                contest = contest_run(boards, args.rule)
            except (OSError, RuntimeError) as exc:
                progress.close()
                print("error: %s: %s" % (name, exc), file=sys.stderr)
                return 1
        progress.close()
        print(table_row(name, figures, contest))
        sys.stdout.flush()
    return 0
