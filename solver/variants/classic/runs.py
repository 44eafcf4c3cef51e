"""Runs of many classic games and what they print: the win rate of one guess policy,
or several policies compared on the same games, and the record file of their outcomes.

- `one_policy`: play N games, one line: the win rate with its 95% Wilson interval,
  ms per game, the slowest move in CPU time and its game;
- `compared`: play the policies on the same games (referee.play_paired): a table
  of each policy's wins, then each policy against the one before it (and the
  first): the discordant games, the paired difference with its interval and
  McNemar's exact p;
- the record file (`--record`, read back with `--reuse`): a line
  ``# classic LEVEL FIRST_CLICK SEED GAMES``, then one line per policy: the policy,
  a tab, a 0 or 1 per game.  A recorded policy is not played again.
"""

import time

from .referee import LEVELS, paired, play_games, play_paired, wilson


def jobs_text(jobs):
    """'1 job', '2 jobs'."""
    return "%d job%s" % (jobs, "" if jobs == 1 else "s")


def one_policy(level, first_click, games, seed, jobs, progress=None, guess=None):
    """Play `games` games of `level` with the first click `first_click` (and the guess
    policy `guess`, the player's own if None); the line that reports them."""
    began = time.perf_counter()
    wins, seconds, slowest, slowest_game = play_games(level, first_click, games, seed, jobs, progress, guess)
    wall = time.perf_counter() - began
    low, high = wilson(wins, games)
    width, height, mines = LEVELS[level]
    return (
        "%s %dx%d/%d first click %s seed %d: won %d of %d games = %.3f%% (95%% interval %.3f%%-%.3f%%), %.1f ms per game, "
        "slowest move %.0f CPU ms (game %d) (%.0f s wall, %s)"
        % (level, width, height, mines, first_click, seed, wins, games, 100.0 * wins / games, 100.0 * low, 100.0 * high,
           1000.0 * seconds / games, 1000.0 * slowest, slowest_game, wall, jobs_text(jobs))
    )


def compared(level, first_click, games, seed, guesses, jobs, progress=None, reuse=None, record=None):
    """Play the guess policies `guesses` on the same games (those recorded in the file
    `reuse` are read instead), write the record file `record` if given; the lines of
    the report.  ValueError when `reuse` is not a record of these games; OSError when
    a file cannot be read or written."""
    recorded = read_record(reuse, level, first_click, seed, games) if reuse else {}
    to_play = [g for g in guesses if g not in recorded]
    began = time.perf_counter()
    played = play_paired(level, first_click, games, seed, to_play, jobs, progress) if to_play else ([], [], [])
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
    width, height, mines = LEVELS[level]
    lines = ["%s %dx%d/%d first click %s seed %d, %d games, the same games for every guess policy (%.0f s wall, %s)"
             % (level, width, height, mines, first_click, seed, games, wall, jobs_text(jobs))]
    lines += _wins_table(guesses, outcomes, seconds, slowest, games) + [""] + _pairs_table(guesses, outcomes)
    if record:
        write_record(record, level, first_click, seed, games, guesses, outcomes)
    return lines


def _wins_table(guesses, outcomes, seconds, slowest, games):
    lines = ["| guess policy | won | win rate (95% interval) | ms/game | slowest move |", "| --- | --- | --- | --- | --- |"]
    for guess, won, took, move in zip(guesses, outcomes, seconds, slowest):
        low, high = wilson(sum(won), games)
        timing = ("%.1f | %.0f ms" % (1000.0 * took / games, 1000.0 * move)) if took is not None else "recorded | recorded"
        lines.append("| %s | %d | %.3f%% (%.3f-%.3f) | %s |" % (guess, sum(won), 100.0 * sum(won) / games, 100.0 * low, 100.0 * high, timing))
    return lines


def _pairs_table(guesses, outcomes):
    lines = ["| B against A | wins A | wins B | A only | B only | B - A, points (95% interval) | McNemar p |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for k in range(1, len(guesses)):
        for j in [k - 1] if k == 1 else [k - 1, 0]:
            r = paired(outcomes[j], outcomes[k])
            lines.append("| %s vs %s | %d | %d | %d | %d | %+.3f (%+.3f, %+.3f) | %.3g |"
                         % (guesses[k], guesses[j], r.wins_a, r.wins_b, r.only_a, r.only_b, 100.0 * r.difference, 100.0 * r.low,
                            100.0 * r.high, r.p_value))
    return lines


def write_record(path, level, first_click, seed, games, guesses, outcomes):
    """The record file of the policies' outcomes (see the module docstring)."""
    with open(path, "w") as out:
        out.write("# classic %s %s %d %d\n" % (level, first_click, seed, games))
        for guess, won in zip(guesses, outcomes):
            out.write("%s\t%s\n" % (guess, "".join("1" if w else "0" for w in won)))


def read_record(path, level, first_click, seed, games):
    """{guess policy: outcomes of the first `games` games} of a record file made with
    the same level, first click and seed, and at least as many games; ValueError naming
    the line when it is not (every line is read before anything is played: a short
    line or a character other than 0 and 1 is refused, not counted as losses)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    fields = lines[0].split() if lines else []
    if len(fields) != 6 or fields[:2] != ["#", "classic"] or not all(f.isdigit() for f in fields[4:]):
        raise ValueError("line 1: not a --record file (no '# classic LEVEL FIRST_CLICK SEED GAMES' line)")
    _, _, recorded_level, recorded_click, recorded_seed, recorded_games = fields
    if (recorded_level, recorded_click, int(recorded_seed)) != (level, first_click, seed) or int(recorded_games) < games:
        raise ValueError("recorded %s %s seed %s, %s games: not these games"
                         % (recorded_level, recorded_click, recorded_seed, recorded_games))
    out = {}
    for number, line in enumerate(lines[1:], 2):
        guess, tab, bits = line.partition("\t")
        if not tab or not guess.strip():
            raise ValueError("line %d: not 'POLICY<tab>OUTCOMES'" % number)
        if len(bits) < games or bits.strip("01"):
            wrong = next((c for c in bits if c not in "01"), None)
            raise ValueError("line %d: %s" % (number, "%r is not an outcome (0 or 1)" % wrong if wrong is not None else
                                              "%d outcomes for %d games" % (len(bits), games)))
        out[guess] = bytearray(1 if b == "1" else 0 for b in bits[:games])
    return out
