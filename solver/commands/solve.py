"""`solve`: play a pack; the select list on stdout, a summary line on stderr."""

import os
import sys
import time

from ..contest.batch import Settings, solve_text
from ..contest.clock import process_start
from ..contest.cores import MAX_WORKERS, workers_from_environment
from ..engine.lookahead import looking
from ..engine.player import set_policy
from ..official.kinds import no_board
from ..official.rules import RULES
from .options import LOOK_HELP, read_pack_input
from .progress import Progress


def add_arguments(parser):
    parser.description = (
        "Reads a board pack (file or stdin; its text or its compact form), plays every board as if the mines were "
        "hidden, prints the select list on stdout and a summary on stderr: boards "
        "played of total, seconds, score under the rule.  With --budget, when the "
        "pack does not fit, the boards worth most points per second are played "
        "(chosen from their headers), in pack order.  On a terminal (stdout elsewhere), "
        "a progress line on stderr counts the boards played."
    )
    parser.add_argument("pack", nargs="?", default="-", help="board pack file, or - for stdin (default: %(default)s)")
    parser.add_argument(
        "--budget", type=float,
        help="seconds from process start (as paiza.IO counts) to stop starting boards (default: no limit, every board played)",
    )
    parser.add_argument("--rule", type=int, choices=sorted(RULES), help="objective and score (default: from each header's form)")
    parser.add_argument("--look", action="store_true", help=LOOK_HELP)
    parser.add_argument(
        "--workers", type=int, metavar="N",
        help="processes sharing the boards (default: SOLVER_WORKERS, else the cores this process may use, as the entry)",
    )


def run(args):
    start = process_start(time.perf_counter())
    if args.budget is not None and not args.budget > 0:
        print("error: --budget must be a positive number of seconds (leave it out for no limit)", file=sys.stderr)
        return 2
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        print("error: --workers must be a whole number from 1 to %d" % MAX_WORKERS, file=sys.stderr)
        return 2
    workers = args.workers or workers_from_environment(os.environ, None, sys.stderr)
    read = read_pack_input(args.pack, expand=False)  # (a compact pack is played as it is read)
    if read is None:
        return 1
    text, damaged = read
    problem = no_board(text, "stdin" if args.pack == "-" else args.pack) if isinstance(text, str) else None
    if problem is not None:
        print("error: %s" % problem, file=sys.stderr)
        return 1
    progress = Progress("solve", "boards played", beside=sys.stdout)
    err = progress if progress.on else sys.stderr
    settings = Settings(args.budget, args.rule, workers=workers, start=start, progress=progress if progress.on else None)
    # --look: every board of this process (and of the workers it forks) plays with the
    # lookahead's policy; the contest run in between knows nothing of it
    replaced = set_policy(looking if args.look else None)
    try:
        solve_text(text, sys.stdout, err, settings)
    finally:
        set_policy(replaced)
    progress.close()
    return 1 if damaged else 0
