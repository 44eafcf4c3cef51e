"""`classic`: the classic game's win rate, games played with the project's referee."""

import sys
import time

from ..variants.classic.referee import LEVELS, STARTS, paired, play_games, play_paired, wilson
from ..variants.classic.policies import RULES, parse_rule


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
        "uniformly under the start rule) and prints the win rate with a 95% Wilson interval, "
        "ms per game and the slowest move in CPU time with its game; a progress bar on stderr."
    )
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert", help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99")
    parser.add_argument("--rule", choices=sorted(STARTS), default="classic", help="classic: (0,0) never a mine; modern: (3,3) opens a zero")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games to play")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="run seed: game i is made from (S, i)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (the result does not depend on J)")
    parser.add_argument("--guess", default=None, metavar="RULE",
                        help="the player's guess rule, one of %s, optionally with settings, e.g. full:progress=0.052:blend=3 "
                        "(default: the player's own)" % ", ".join(RULES))
    parser.add_argument(
        "--compare", metavar="RULES", default=None,
        # argparse %-expands help text, so the per cent sign is written twice after joining
        help="comma-separated guess rules (" + ", ".join(RULES) + ") played on the same games: wins of each, and each "
        "rule against the one before it: the discordant games (won by one rule only), the paired difference with "
        "its 95%% interval and McNemar's exact p",
    )
    parser.add_argument("--record", metavar="FILE", default=None, help="with --compare: write each rule's outcomes: a line naming "
                        "level, start rule, seed and games, then one line per rule: the rule, a tab, a 0/1 per game")
    parser.add_argument("--reuse", metavar="FILE", default=None, help="with --compare: take the outcomes of the rules recorded in FILE "
                        "(--record of the same level, start rule and seed) instead of playing them again")


# games in one run: at about 10 ms an expert game, ten million take more than a day on one core
MAX_GAMES = 10000000


def run(args):
    if not 1 <= args.games <= MAX_GAMES or args.jobs < 1:
        print("error: --games must be from 1 to %d and --jobs at least 1" % MAX_GAMES, file=sys.stderr)
        return 2
    args.jobs = min(args.jobs, args.games)  # a worker with no game to play is not started
    if args.compare is not None:
        return _compare(args)
    if args.guess is not None and not _is_rule(args.guess):
        print("error: no guess rule %r (one of %s, optionally :progress=X:blend=X:window=X:offedge=X)" % (args.guess, ", ".join(RULES)), file=sys.stderr)
        return 2
    began = time.perf_counter()
    wins, seconds, slowest, slowest_game = play_games(args.level, args.rule, args.games, args.seed, args.jobs, _progress_bar(sys.stderr), args.guess)
    wall = time.perf_counter() - began
    low, high = wilson(wins, args.games)
    width, height, mines = LEVELS[args.level]
    print(
        "%s %dx%d/%d rule %s seed %d: won %d of %d games = %.3f%% (95%% interval %.3f%%-%.3f%%), %.1f ms per game, slowest move %.0f CPU ms (game %d) (%.0f s wall, %d jobs)"
        % (args.level, width, height, mines, args.rule, args.seed, wins, args.games, 100.0 * wins / args.games,
           100.0 * low, 100.0 * high, 1000.0 * seconds / args.games, 1000.0 * slowest, slowest_game, wall, args.jobs)
    )
    return 0


def _compare(args):
    guesses = [g.strip() for g in args.compare.split(",") if g.strip()]
    unknown = [g for g in guesses if not _is_rule(g)]
    if len(guesses) < 2 or unknown or len(set(guesses)) < len(guesses):
        print("error: --compare needs two or more different rules of %s, comma-separated" % ", ".join(RULES), file=sys.stderr)
        return 2
    games = args.games
    recorded = {}
    if args.reuse:
        try:
            recorded = _read_record(args.reuse, args)
        except (OSError, ValueError) as problem:
            print("error: --reuse %s: %s" % (args.reuse, problem), file=sys.stderr)
            return 2
    to_play = [g for g in guesses if g not in recorded]
    began = time.perf_counter()
    if to_play:
        played = play_paired(args.level, args.rule, games, args.seed, to_play, args.jobs, _progress_bar(sys.stderr))
    else:
        played = ([], [], [])
    wall = time.perf_counter() - began
    outcomes, seconds, slowest = [], [], []
    for guess in guesses:
        if guess in recorded:
            outcomes.append(recorded[guess])
            seconds.append(None)
            slowest.append(None)
        else:
            k = to_play.index(guess)
            outcomes.append(played[0][k])
            seconds.append(played[1][k])
            slowest.append(played[2][k])
    width, height, mines = LEVELS[args.level]
    print("%s %dx%d/%d rule %s seed %d, %d games, the same games for every guess rule (%.0f s wall, %d jobs)"
          % (args.level, width, height, mines, args.rule, args.seed, games, wall, args.jobs))
    print("| guess rule | won | win rate (95% interval) | ms/game | slowest move |")
    print("| --- | --- | --- | --- | --- |")
    for guess, won, took, move in zip(guesses, outcomes, seconds, slowest):
        low, high = wilson(sum(won), games)
        timing = ("%.1f | %.0f ms" % (1000.0 * took / games, 1000.0 * move)) if took is not None else "recorded | recorded"
        print("| %s | %d | %.3f%% (%.3f-%.3f) | %s |" % (guess, sum(won), 100.0 * sum(won) / games, 100.0 * low, 100.0 * high, timing))
    print()
    print("| B against A | wins A | wins B | A only | B only | B - A, points (95% interval) | McNemar p |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for k in range(1, len(guesses)):
        pairs_to = [k - 1] if k == 1 else [k - 1, 0]
        for j in pairs_to:
            r = paired(outcomes[j], outcomes[k])
            print("| %s vs %s | %d | %d | %d | %d | %+.3f (%+.3f, %+.3f) | %.3g |"
                  % (guesses[k], guesses[j], r.wins_a, r.wins_b, r.only_a, r.only_b, 100.0 * r.difference, 100.0 * r.low,
                     100.0 * r.high, r.p_value))
    if args.record:
        with open(args.record, "w") as out:
            out.write("# classic %s %s %d %d\n" % (args.level, args.rule, args.seed, games))
            for guess, won in zip(guesses, outcomes):
                out.write("%s\t%s\n" % (guess, "".join("1" if w else "0" for w in won)))
    return 0


def _read_record(path, args):
    """{rule: outcomes of the first args.games games} of a --record file made with the
    same level, start rule and seed, and at least as many games."""
    with open(path) as f:
        lines = f.read().splitlines()
    if not lines or lines[0].split()[:1] != ["#"]:
        raise ValueError("not a --record file (no '# classic LEVEL RULE SEED GAMES' line)")
    _, _, level, rule, seed, games = lines[0].split()
    if (level, rule, int(seed)) != (args.level, args.rule, args.seed) or int(games) < args.games:
        raise ValueError("recorded %s %s seed %s, %s games: not these games" % (level, rule, seed, games))
    out = {}
    for line in lines[1:]:
        guess, _, bits = line.partition("\t")
        out[guess] = bytearray(1 if b == "1" else 0 for b in bits[: args.games])
    return out


def _is_rule(text):
    try:
        parse_rule(text)
    except ValueError:
        return False
    return True
