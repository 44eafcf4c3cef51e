"""Classic Minesweeper games for ClassicPlayer: the hidden board, the first clicks, win rates.

Levels: beginner 9x9/10, intermediate 16x16/40, expert 30x16/99.  First clicks (as
JSMinesweeper states them for its published win rates):

- "classic": the first click is in the corner (0, 0) and is never a mine; the mines
  are placed uniformly among the other cells;
- "modern": the first click is at (3, 3) and opens a zero: no mine in the 3x3 block
  around it, the mines uniform among the rest.

The referee owns the mines.  The player only ever receives, through
``ClassicPlayer.opened``, a fresh dict of the cells a click opened (the cascade included)
and their digits: never a mine, never a closed cell.  The game is won when every
safe cell is open, lost at the first mine clicked.

The `classic` command plays N games with one first click, game i from its own seed
(made from --seed and i), so the result does not depend on --jobs.
"""

import gc
import math
import random
import time
from collections import namedtuple

from ...engine.counting import COUNTED, UNFINISHED
from ...grid.bitset import cells_of, popcount
from ...grid.geometry import geometry
from ...official.board import make_board
from ...official.judge import Judge
from .player import ClassicPlayer

LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
FIRST_CLICKS = {"classic": ((0, 0), 0), "modern": ((3, 3), 1)}  # the first click, and the radius around it kept mine-free
Z95 = 1.959963984540054  # two-sided 95% normal quantile


class Referee:
    """One hidden board, opened by the contest's Judge (its flood fill): open(cell) ->
    {cell: digit} of what the click opened, or None for a mine (the game is then lost)."""

    def __init__(self, width, height, mines, first_click, rng):
        (x0, y0), radius = FIRST_CLICKS[first_click]
        geo = geometry(width, height)
        self.first = y0 * width + x0
        kept = {(y0 + dy) * width + x0 + dx for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)}
        free = [c for c in range(geo.size) if c not in kept]
        self._mines = 0
        for c in rng.sample(free, mines):
            self._mines |= 1 << c
        digits = "".join("9" if self._mines >> c & 1 else str(popcount(mask & self._mines)) for c, mask in enumerate(geo.masks))
        self._judge = Judge(make_board(width, height, "classic", digits))
        self._safe_left = geo.size - mines
        self.lost = False

    @property
    def won(self):
        return self._safe_left == 0

    def open(self, cell):
        """Open a closed cell: None on a mine, else every cell it opens (zeros cascade)."""
        if self._mines >> cell & 1:
            self.lost = True
            return None
        region = self._judge.open(cell)
        self._safe_left -= popcount(region)
        return {c: self._judge.value(c) for c in cells_of(region)}

    def is_closed(self, cell):
        return not self._judge.opened >> cell & 1


def play_game(width, height, mines, first_click, seed, player_class=ClassicPlayer, guess=None):
    """(won, clicks, slowest) of one game: the referee made from `seed`, the player told
    only the board size, the mine count and what each click opens (and its guess policy,
    when given); slowest is the longest the player took over one move, in seconds of
    CPU time."""
    referee = Referee(width, height, mines, first_click, random.Random(seed))
    player = player_class(width, height, mines) if guess is None else player_class(width, height, mines, guess)
    player.exact = False  # a real board's cells: no layout count is needed to trust them (ClassicPlayer.opened)
    cell = referee.first
    clicks = 0
    slowest = 0.0
    while True:
        clicks += 1
        shown = referee.open(cell)
        if shown is None:
            return False, clicks, slowest
        player.opened({(c % width, c // width): digit for c, digit in shown.items()})
        if referee.won:
            return True, clicks, slowest
        began = time.process_time()  # CPU time: another job on the machine does not lengthen a move
        x, y = player.next_click()
        slowest = max(slowest, time.process_time() - began)
        if not (0 <= x < width and 0 <= y < height) or not referee.is_closed(y * width + x):
            raise ValueError("the player clicked (%r, %r), not a closed cell" % (x, y))
        cell = y * width + x


def game_seed(seed, index):
    """The seed of game `index` of a run: the same game whatever the number of workers."""
    return "classic:%d:%d" % (seed, index)


def _play_indexed(job):
    level, first_click, seed, index, guess = job
    began = time.perf_counter()
    won, _, slowest = play_game(*LEVELS[level], first_click, game_seed(seed, index), guess=guess)
    _between_games()
    return won, time.perf_counter() - began, slowest


# Games a process plays between two emptyings of counting's shape memory
# (`COUNTED` and `UNFINISHED`): that memory keeps the run's shapes up to its
# bound (engine/memories.py), about 4.3 KB each, and a classic run meets about 2.4 new ones a
# game (20,000 expert games: some 200 MB).  Its answers are what a count gives anyway,
# so forgetting changes no click (docs/measurements/hostile.md, "Memory of the commands").
FORGET_GAMES = 1000
_GAMES_PLAYED = [0]  # games this process played since the shapes were last forgotten


def _between_games():
    """What survived a game (counting's and the looks' memories of shapes, kept for the
    run) is put out of the collector's reach, so that full collections stop scanning it
    again and again: the collector's time and its longest pause, which falls inside a
    move, both fell (docs/measurements/classic.md, "The two-step player, 100,000 games a row").
    The game's cycles are collected first (about 0.5 ms): frozen, they were kept for good
    (about 25 KB a game).  Every FORGET_GAMES games counting's shapes are forgotten."""
    _GAMES_PLAYED[0] += 1
    if _GAMES_PLAYED[0] >= FORGET_GAMES:
        _GAMES_PLAYED[0] = 0
        COUNTED.clear()  # (engine/memories.py: run memories, each a bounded dict)
        UNFINISHED.clear()
    gc.collect()
    gc.freeze()


def wilson(wins, games, z=Z95):
    """The Wilson score interval (low, high) of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return centre - half, centre + half


def play_games(level, first_click, games, seed, jobs=1, progress=None, guess=None):
    """(wins, seconds of play summed over games, the slowest move's seconds, the index of
    its game: replay it with play_game(..., game_seed(seed, index))) of `games` games."""
    tasks = ((level, first_click, seed, i, guess) for i in range(games))  # made as the workers take them
    wins = slowest_game = 0
    seconds = slowest = 0.0
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = pool.imap(_play_indexed, tasks, chunksize=16)
            for done, (won, took, move) in enumerate(results, 1):
                wins += won
                seconds += took
                if move > slowest:
                    slowest, slowest_game = move, done - 1
                if progress:
                    progress(done, games, wins)
    else:
        for done, task in enumerate(tasks, 1):
            won, took, move = _play_indexed(task)
            wins += won
            seconds += took
            if move > slowest:
                slowest, slowest_game = move, done - 1
            if progress:
                progress(done, games, wins)
    return wins, seconds, slowest, slowest_game


def _play_policies(job):
    """Every guess policy of `guesses` on one game: ((won, seconds, slowest move), ...)."""
    level, first_click, seed, index, guesses = job
    out = []
    for guess in guesses:
        began = time.perf_counter()
        won, _, slowest = play_game(*LEVELS[level], first_click, game_seed(seed, index), guess=guess)
        _between_games()
        out.append((won, time.perf_counter() - began, slowest))
    return tuple(out)


def play_paired(level, first_click, games, seed, guesses, jobs=1, progress=None):
    """(outcomes, seconds, slowest): outcomes[k][i] is whether guess policy guesses[k]
    won game i (the same game for every policy: the same seed), seconds[k] the policy's
    play summed, slowest[k] its slowest move in seconds."""
    tasks = [(level, first_click, seed, i, tuple(guesses)) for i in range(games)]
    outcomes = [bytearray(games) for _ in guesses]
    seconds = [0.0] * len(guesses)
    slowest = [0.0] * len(guesses)
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.Pool(jobs)
        results = pool.imap(_play_policies, tasks, chunksize=16)
    else:
        pool, results = None, map(_play_policies, tasks)
    try:
        for i, per_policy in enumerate(results):
            for k, (won, took, move) in enumerate(per_policy):
                outcomes[k][i] = won
                seconds[k] += took
                slowest[k] = max(slowest[k], move)
            if progress:
                progress(i + 1, games, sum(outcomes[-1][: i + 1]))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return outcomes, seconds, slowest


Paired = namedtuple("Paired", "games wins_a wins_b only_a only_b difference low high p_value")
Paired.__doc__ = """Two guess policies on the same games.

only_a, only_b -- the discordant games: won by policy A only, by policy B only
difference     -- (wins_b - wins_a) / games, with its 95% interval (low, high) for
                  paired proportions: the games both won or both lost cancel out
p_value        -- McNemar's exact test: the chance, were the policies equally good,
                  of a split of the discordant games at least this uneven
"""


def paired(won_a, won_b, z=Z95):
    """The Paired comparison of two sequences of game outcomes (1 won, 0 lost)."""
    games = len(won_a)
    if games != len(won_b) or not games:
        raise ValueError("paired outcomes need the same games, at least one")
    only_a = sum(1 for a, b in zip(won_a, won_b) if a and not b)
    only_b = sum(1 for a, b in zip(won_a, won_b) if b and not a)
    wins_a, wins_b = sum(won_a), sum(won_b)
    difference = (only_b - only_a) / games
    spread = math.sqrt(max(0.0, only_a + only_b - (only_b - only_a) ** 2 / games)) / games
    return Paired(games, wins_a, wins_b, only_a, only_b, difference, difference - z * spread, difference + z * spread,
                  mcnemar(only_a, only_b))


def mcnemar(only_a, only_b):
    """Two-sided exact McNemar p-value: the discordant games split as a fair coin would?"""
    n = only_a + only_b
    if not n:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1))
    return min(1.0, 2 * tail / 2**n)
