"""`topcoder-test`: the Topcoder player over seeds with a local tester."""

import sys
from concurrent.futures import ThreadPoolExecutor

from ..variants.topcoder.harness import parse_seeds, play_inprocess, play_subprocess, result_line, summary_line
from ..variants.topcoder.player import DEFAULT_POLICY, POLICIES, TIME_LIMIT_SECONDS, parse_guess
from .progress import Progress


def add_arguments(parser):
    parser.description = (
        "Reads nothing: plays the given seeds' games (the official tester's boards) through the Topcoder player "
        "and prints one line a seed (score, board, opened cells, hits, time), then the mean."
    )
    parser.add_argument("--seeds", default="1-10", help="seeds, e.g. 1-100 or 1,3,5-7 (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default: %(default)s)")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT_SECONDS, help="think time per test, seconds (default: %(default)g)")
    parser.add_argument("--inprocess", action="store_true", help="run the player in this process (fast, no protocol)")
    parser.add_argument("--guess", default=DEFAULT_POLICY, metavar="POLICY", help="the player's guess policy: %s (default: %%(default)s)" % ", ".join(POLICIES))
    parser.add_argument("--quiet", action="store_true", help="only the mean")


def run(args):
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError as exc:
        print("error: --seeds: %s" % exc, file=sys.stderr)
        return 2
    if not seeds:
        print("error: --seeds names no seed", file=sys.stderr)
        return 2
    if args.jobs < 1 or not 0 < args.time_limit < float("inf"):
        print("error: --jobs must be at least 1 and --time-limit a positive number of seconds", file=sys.stderr)
        return 2
    try:
        parse_guess(args.guess)
    except ValueError as exc:
        print("error: --guess: %s" % exc, file=sys.stderr)
        return 2

    def one(seed):
        if args.inprocess:
            return play_inprocess(seed, args.time_limit, guess=args.guess)[0]
        return play_subprocess(seed, args.time_limit, guess=args.guess)

    results = []
    line = Progress("topcoder-test", "seeds", beside=None if args.quiet else sys.stdout)
    with ThreadPoolExecutor(max_workers=min(args.jobs, len(seeds))) as pool:  # no idle workers
        for result in pool.map(one, seeds):
            results.append(result)
            if not args.quiet:
                line.clear()
                print(result_line(result), flush=True)
            line(len(results), len(seeds))
    line.close()
    print(summary_line(results))
    return 1 if any(r.error for r in results) else 0
