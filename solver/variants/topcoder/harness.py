"""A local tester for the Topcoder SuperMinesweeper player: play seeds, print scores.

It follows the official tester's rules:

* generation: the tester draws from java.security.SecureRandom("SHA1PRNG") seeded
  with the seed, and so does `JavaSha1Prng` here (SHA-1 of the seed's 8 little-endian
  bytes is the state; each output block is SHA-1(state), after which the state
  becomes state + block + 1 modulo 2^160), with java.util.Random's nextInt(bound)
  and nextLong on top.  N = randint(10, 50), M = int(U[0.1, 0.3) * N * N),
  D = one of 1, 2, 4, 5, 8, 9, 10; seed 1 is N=10, M=10, D=2 and seed 2 is N=50,
  M=750 (the draws are still made).  Mines are drawn as (row, col) pairs until M
  distinct; a board with no zero cell is redrawn; the start is a random zero cell.
  So a seed gives the official tester's board.
* protocol: N, M, D and "r c" on four lines; answers "<value> <ms>", "BOOM! <ms>" or
  an empty line (flag); an invalid move scores -1; the game ends at STOP or when all
  safe cells are open.
* score: opened safe cells (start included) / (N*N - M) / (hits + 1), taken after
  the last move (so STOP as the first move scores 0); -1 on error or timeout.
* timing: only the player's think time counts (from sending an answer to reading
  the next move), 10 s per test by default.

    python -m solver topcoder-test --seeds 1-100 --jobs 2
"""

import hashlib
import os
import queue
import subprocess
import sys
import threading
import time
from collections import namedtuple

from .player import (
    DEFAULT_POLICY,
    DISTANCES,
    MAX_MINE_SHARE,
    MAX_SIDE,
    MIN_MINE_SHARE,
    MIN_SIDE,
    SETTINGS,
    TIME_LIMIT_SECONDS,
    Player,
    score_of,
)

MIN_N, MAX_N = MIN_SIDE, MAX_SIDE
MIN_M, MAX_M = MIN_MINE_SHARE, MAX_MINE_SHARE
D_CHOICES = DISTANCES
MAX_SEEDS = 100000  # seeds in one run: at seconds a game, more would run for days
ERROR_SCORE = -1.0
PROJECT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

Case = namedtuple("Case", "side mines reach grid start")
Case.__doc__ = """One Topcoder test case (not a board.Board): grid[cell] is the value of a safe cell or -1 for a mine (cell = r * side + c)."""

Result = namedtuple("Result", "seed score safe_opened hits moves seconds error")


class JavaSha1Prng:
    """java.security.SecureRandom.getInstance("SHA1PRNG") after setSeed(long)."""

    def __init__(self, seed):
        seed &= (1 << 64) - 1
        self.state = bytearray(hashlib.sha1(seed.to_bytes(8, "little")).digest())
        self.remainder = b""

    def _block(self):
        out = hashlib.sha1(bytes(self.state)).digest()
        state = self.state
        carry = 1
        changed = False
        for i in range(20):
            # Java adds the bytes as signed values; the low 8 bits and carry agree
            a = state[i] - 256 if state[i] > 127 else state[i]
            b = out[i] - 256 if out[i] > 127 else out[i]
            v = a + b + carry
            t = v & 0xFF
            changed = changed or state[i] != t
            state[i] = t
            carry = v >> 8
        if not changed:
            state[0] = (state[0] + 1) & 0xFF
        return out

    def next_bytes(self, count):
        result = bytearray(self.remainder[:count])
        self.remainder = self.remainder[len(result):]
        while len(result) < count:
            block = self._block()
            take = min(20, count - len(result))
            result += block[:take]
            self.remainder = block[take:]
        return bytes(result)

    def next_bits(self, bits):
        count = (bits + 7) // 8
        return int.from_bytes(self.next_bytes(count), "big") >> (count * 8 - bits)

    def next_int(self, bound):
        """java.util.Random.nextInt(bound)."""
        r = self.next_bits(31)
        m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + m < 1 << 31:  # no int overflow in Java
                return r
            u = self.next_bits(31)

    def randint(self, low, high):
        """The tester's randomInt(origin, boundInclusive)."""
        if high <= low:
            return low
        return self.next_int(high - low + 1) + low

    def next_long(self):
        def signed(v):
            return v - (1 << 32) if v >= 1 << 31 else v

        high = signed(self.next_bits(32))
        low = signed(self.next_bits(32))
        return ((high << 32) + low) & ((1 << 64) - 1)

    def uniform(self, low, high):
        """The tester's randomDouble(origin, bound)."""
        if high <= low:
            return low
        r = (self.next_long() >> 11) * 2.0 ** -53
        r = r * (high - low) + low
        return r if r < high else high - (high - low) * 2.0 ** -53


def values_of(side, reach, mine_cells):
    """The grid of a side x side board: -1 on the mines, else the mines within `reach`."""
    span = int(reach ** 0.5)
    offsets = [(dr, dc) for dr in range(-span, span + 1) for dc in range(-span, span + 1) if dr * dr + dc * dc <= reach]
    grid = [0] * (side * side)
    for cell in mine_cells:
        grid[cell] = -1
    for cell in mine_cells:
        r, c = divmod(cell, side)
        for dr, dc in offsets:
            if 0 <= r + dr < side and 0 <= c + dc < side and grid[(r + dr) * side + c + dc] != -1:
                grid[(r + dr) * side + c + dc] += 1
    return grid


def make_case(seed):
    """The official tester's board for `seed`."""
    rng = JavaSha1Prng(seed)
    side = rng.randint(MIN_N, MAX_N)
    mines = int(rng.uniform(MIN_M, MAX_M) * side * side)
    reach = D_CHOICES[rng.randint(0, len(D_CHOICES) - 1)]
    if seed == 1:
        side, mines, reach = MIN_N, int(MIN_M * MIN_N * MIN_N), 2
    elif seed == 2:
        side, mines = MAX_N, int(MAX_M * MAX_N * MAX_N)
    while True:
        mine_cells = set()
        while len(mine_cells) < mines:
            r = rng.randint(0, side - 1)
            c = rng.randint(0, side - 1)
            mine_cells.add(r * side + c)
        grid = values_of(side, reach, mine_cells)
        zeros = [cell for cell, v in enumerate(grid) if v == 0]
        if zeros:
            break
    start = zeros[rng.randint(0, len(zeros) - 1)]
    return Case(side, mines, reach, grid, start)


class Game:
    """The tester's state for one board: apply moves, keep the score."""

    def __init__(self, board):
        self.board = board
        self.revealed = bytearray(board.side * board.side)
        self.revealed[board.start] = 1
        self.safe_total = board.side * board.side - board.mines
        self.safe_opened = 1
        self.hits = 0
        self.moves = 0
        self.score = 0.0  # as the tester: set after each move, so STOP first scores 0
        self.over = False

    def move(self, line):
        """Apply one line of the player; return the answer line, or None when the game ends."""
        if line == "STOP":
            self.over = True
            return None
        parts = line.split(" ")
        if len(parts) != 3 or parts[0][:1] not in ("F", "G"):
            raise ValueError("invalid move: %r" % line)
        try:
            r, c = int(parts[1]), int(parts[2])
        except ValueError:
            raise ValueError("invalid move: %r" % line) from None
        side = self.board.side
        if not (0 <= r < side and 0 <= c < side):
            raise ValueError("invalid coordinates of move: %r" % line)
        cell = r * side + c
        if self.revealed[cell]:
            raise ValueError("location of move has already been revealed: %r" % line)
        self.revealed[cell] = 1
        self.moves += 1
        answer = ""
        if parts[0][0] == "G":
            value = self.board.grid[cell]
            if value == -1:
                self.hits += 1
                answer = "BOOM!"
            else:
                self.safe_opened += 1
                answer = str(value)
        self.score = score_of(self.safe_opened, self.safe_total, self.hits)
        if self.safe_opened >= self.safe_total:
            self.over = True
        return answer


def header_lines(board):
    side = board.side
    return [str(side), str(board.mines), str(board.reach), "%d %d" % (board.start // side, board.start % side)]


def play_subprocess(seed, time_limit=TIME_LIMIT_SECONDS, command=None, guess=None):
    """Run the player as a subprocess on `seed` (`guess`: its guess policy, the default
    if None); a Result."""
    board = make_case(seed)
    game = Game(board)
    env = dict(os.environ)
    env["PYTHONPATH"] = PROJECT_ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    command = command or [sys.executable, "-m", "solver", "topcoder", "--quiet"] + ([] if guess is None else ["--guess", guess])
    proc = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        cwd=PROJECT_ROOT, env=env, universal_newlines=True, bufsize=1,
    )
    lines = queue.Queue()

    def pump():
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    spent = 0.0
    error = None
    try:
        proc.stdin.write("\n".join(header_lines(board)) + "\n")
        proc.stdin.flush()
        while not game.over:
            sent = time.perf_counter()
            try:
                line = lines.get(timeout=max(0.0, time_limit - spent))
            except queue.Empty:
                line = False
            spent += time.perf_counter() - sent
            if line is False or spent > time_limit:
                error = "timeout"
                break
            if line is None:
                error = "player ended without STOP"
                break
            try:
                answer = game.move(line.strip())
            except ValueError as exc:
                error = str(exc)
                break
            if answer is None:
                break
            proc.stdin.write("%s %d\n" % (answer, int(spent * 1000)) if answer else "\n")
            proc.stdin.flush()
    except (BrokenPipeError, OSError) as exc:
        error = "pipe: %s" % exc
    finally:
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    score = ERROR_SCORE if error else game.score
    return Result(seed, score, game.safe_opened, game.hits, game.moves, spent, error)


def play_inprocess(seed, time_limit=TIME_LIMIT_SECONDS, guess=DEFAULT_POLICY):
    """Play `seed` with the player in this process (fast, for tuning); (Result, Player)."""
    board = make_case(seed)
    game = Game(board)
    side = board.side

    def reveal(cell, guess):
        answer = game.move("G %d %d" % (cell // side, cell % side))
        return None if answer == "BOOM!" else int(answer)

    begin = time.perf_counter()

    def clock():
        return time.perf_counter() - begin

    player = Player(side, board.mines, board.reach, board.start, reveal, clock, SETTINGS._replace(time_limit=time_limit, guess=guess))
    if player.play():
        game.move("STOP")
    spent = clock()
    return Result(seed, game.score, game.safe_opened, game.hits, game.moves, spent, None), player


def result_line(result):
    """A seed's line, as the official tester prints it: seed, score, the case's N, M, D,
    opened safe cells of all, hits, think time (and the error, if any)."""
    board = make_case(result.seed)
    return "Seed = %d, Score = %.6f, N=%d M=%d D=%d, opened=%d/%d, hits=%d, time=%.2fs%s" % (
        result.seed, result.score, board.side, board.mines, board.reach, result.safe_opened, board.side * board.side - board.mines,
        result.hits, result.seconds, ", ERROR: " + result.error if result.error else "")


def summary_line(results):
    """The last line of a run: seeds played, seeds failed, mean score."""
    failed = sum(1 for r in results if r.error)
    return "Seeds: %d, failed: %d, mean score: %.6f" % (len(results), failed, sum(r.score for r in results) / len(results))


def parse_seeds(text):
    """'1-100' or '1,5,7-9' -> list of ints; ValueError saying what is wrong (a part that is
    no seed or range, a range backwards, more than MAX_SEEDS seeds)."""
    seeds = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part[1:].partition("-")
        low = part[0] + low
        try:
            first = _seed(low)
            last = _seed(high) if dash else first
        except ValueError:
            raise ValueError("%r is not a seed or a range of seeds such as 1-10" % part[:40]) from None
        if last < first:
            raise ValueError("the range %r runs backwards" % part[:40])
        if len(seeds) + last - first + 1 > MAX_SEEDS:
            raise ValueError("more than %d seeds" % MAX_SEEDS)
        seeds.extend(range(first, last + 1))
    return seeds


def _seed(text):
    """A seed: an integer as the tester's Long.parseLong reads it (a sign, ASCII digits, 64 bits)."""
    digits = text[1:] if text[:1] in "+-" else text
    if not (digits.isdigit() and digits.isascii()) or not -(1 << 63) <= int(text) < 1 << 63:
        raise ValueError(text)
    return int(text)
