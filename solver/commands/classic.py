"""`classic`: the classic game's win rate, games played with the project's referee."""

import sys
import time

from ..variants.classic.referee import LEVELS, STARTS, play_games, wilson


def _progress_bar(stream):
    shown = [-1]

    def show(done, games, wins):
        step = done * 40 // games
        if step != shown[0] or done == games:
            shown[0] = step
            stream.write("\r[%-40s] %d/%d games, %.2f%% won" % ("#" * step, done, games, 100.0 * wins / done))
            if done == games:
                stream.write("\n")
            stream.flush()

    return show


def add_arguments(parser):
    parser.description = (
        "Reads nothing: plays N classic Minesweeper games with its own referee (mines placed "
        "uniformly under the start rule) and prints the win rate with a 95% Wilson interval "
        "ms per game and the slowest move; a progress bar on stderr."
    )
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert", help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99")
    parser.add_argument("--rule", choices=sorted(STARTS), default="classic", help="classic: (0,0) never a mine; modern: (3,3) opens a zero")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games to play")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="run seed: game i is made from (S, i)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (the result does not depend on J)")


# games in one run: at about 10 ms an expert game, ten million take more than a day on one core
MAX_GAMES = 10000000


def run(args):
    if not 1 <= args.games <= MAX_GAMES or args.jobs < 1:
        print("error: --games must be from 1 to %d and --jobs at least 1" % MAX_GAMES, file=sys.stderr)
        return 2
    args.jobs = min(args.jobs, args.games)  # a worker with no game to play is not started
    began = time.perf_counter()
    wins, seconds, slowest = play_games(args.level, args.rule, args.games, args.seed, args.jobs, _progress_bar(sys.stderr))
    wall = time.perf_counter() - began
    low, high = wilson(wins, args.games)
    width, height, mines = LEVELS[args.level]
    print(
        "%s %dx%d/%d rule %s seed %d: won %d of %d games = %.3f%% (95%% interval %.3f%%-%.3f%%), %.1f ms per game, slowest move %.0f ms (%.0f s wall, %d jobs)"
        % (args.level, width, height, mines, args.rule, args.seed, wins, args.games, 100.0 * wins / args.games,
           100.0 * low, 100.0 * high, 1000.0 * seconds / args.games, 1000.0 * slowest, wall, args.jobs)
    )
    return 0
