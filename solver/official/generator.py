"""The official board generator, re-implemented: boards from names, packs from their names.

The ADC2025/ADC2026 page makes every board from a custom linear congruential
generator (`OfficialLcg`).  A board named ``board_{X}x{Y}_{MINES}_{SEED}_{MODE}``
is the one made right after the generator has been seeked to SEED, and a pack
``board_pack_{COUNT}_{MODE}_{DIFFICULTY}`` is COUNT boards made in one run,
their sizes and mine counts swinging along sine waves.  This module owns that
port: `generate_board`, `board_from_name`, `generate_pack` (`iter_pack_boards` streams it),
`pack_text`, and the
``gen`` and ``board`` subcommands.

It exists for tests and tooling (checking packs, regenerating boards named in a
select list); the player must never use it to learn where mines are.
"""

import math

from ..grid.geometry import geometry
from .board import MINE, make_board
from .names import board_name, name_fields
from .packs import MAX_SIDE, format_pack
from .safezone import js_parseint, safe_cells

MIN_SIDE = 2  # the official generator makes nothing for a side below this

# pack shape: sizes swing between these on each axis, mines between ratio bounds of the size
PACK_SIDE_LOWEST = 4
PACK_SIDE_HIGHEST = 20
PACK_MINES_LOWEST = 3
PACK_SIDE_X_PERIOD = 41  # steps per full sine cycle
PACK_SIDE_Y_PERIOD = 23
PACK_MINES_PERIOD = 11
PACK_STEP_SPREAD = 7  # each board advances the wave by 1 + a random 0..6 steps
DIFFICULTY_RATIOS = {
    "low": (0.05, 0.10),
    "middle": (0.08, 0.15),
    "high": (0.10, 0.20),
    "dangerous": (0.13, 0.25),
    "serious": (0.15, 0.30),
    "ultra": (0.18, 0.35),
}
FORMS = (2025, 2026)
# the safe-cell modes a pack is made with (CONTEST.md: corner, center, both, none, auto);
# a board name may hold any word (safezone reads it as the page's regexes do)
PACK_MODES = ("corner", "center", "both", "none", "auto")


class OfficialLcg:
    """The page's random source: x -> (a*x + b + bp) mod m, returned as x/m.

    Loop avoidance: a new value equal to any entry of the seed list is replaced by
    (first entry + 1), which is pushed to the front of the list, and bp (added to
    every later step) grows by one.  With the official constants the start seed
    20251229 exceeds m, so no value can ever equal it and the rule never fires;
    that is what lets `seek` jump ahead in O(log n) instead of stepping.

    `iterate` counts next() calls.  The page also keeps snapshots every 100 calls
    only to rewind quickly; snapshots restore exact earlier states, so they are
    not modelled here (see `seek` for the one case where the page differs).
    """

    A = 20250101  # primes read as dates YYYYMMDD
    B = 20250413
    M = 20250809
    SEED = 20251229

    def __init__(self, a=A, b=B, m=M, seed=SEED):
        self.a, self.b, self.m, self.start = a, b, m, seed
        self._reset()

    def _reset(self):
        self.seeds = [self.start]  # newest first, as the page keeps them
        self.bp = 0
        self.value = self.start
        self.iterate = 0

    def _avoid_loop(self, value):
        if value in self.seeds:
            value = self.seeds[0] + 1
            self.bp += 1
            self.seeds.insert(0, value)
        return value

    def next(self):
        """Advance one step and return the new value divided by m (a float in [0, 1))."""
        value = (self.a * self.value + self.b + self.bp) % self.m
        self.value = self._avoid_loop(value)
        self.iterate += 1
        return self.value / self.m

    def seek(self, iterate):
        """Put the generator where a fresh one is after max(iterate-1, 0) next() calls.

        That is what the page intends (the next board then gets id `iterate`).
        The page itself fails to rewind when the target lies between its newest
        snapshot and its current position; the board it then makes carries a
        different id in its name, so names still map to boards one to one.
        """
        target = max(iterate - 1, 0)
        if target < self.iterate or self.seeds != [self.start] or self.bp:
            self._reset()
        if self.start >= self.m and self.seeds == [self.start] and not self.bp:
            # no value can reach the seed list: the plain affine map, jumped
            self.value = _affine_power(self.a, self.b, self.m, target - self.iterate, self.value)
            self.iterate = target
        while self.iterate < target:
            self.next()
        return self


def _affine_power(a, b, m, steps, value):
    """(x -> (a*x + b) mod m) applied `steps` times to value, by repeated squaring."""
    if steps <= 0:
        return value  # a fresh start value may exceed m; it is only reduced by a step
    mul, add = 1, 0  # the composed map x -> mul*x + add
    step_mul, step_add = a % m, b % m
    while steps > 0:
        if steps & 1:
            mul, add = (step_mul * mul) % m, (step_mul * add + step_add) % m
        step_mul, step_add = (step_mul * step_mul) % m, (step_mul * step_add + step_add) % m
        steps >>= 1
    return (mul * value + add) % m


def _check_mode(mode):
    if not isinstance(mode, str) or not mode or any(ch.isspace() for ch in mode):
        raise ValueError("mode must be a word such as auto, corner, center, both or none, got %r" % (_shown(mode),))


def _check_size(width, height, mines):
    for label, value in (("width", width), ("height", height), ("mines", mines)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError("%s must be an integer, got %r" % (label, value))
    if width < MIN_SIDE or height < MIN_SIDE:
        raise ValueError(
            "board %dx%d: the official generator makes no board with a side below %d"
            % (width, height, MIN_SIDE)
        )
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ValueError("board %dx%d: sides above %d are refused" % (width, height, MAX_SIDE))
    if mines < 0:
        raise ValueError("mine count must not be negative, got %d" % mines)


def _place_mines(rand, cell_count, mines, safe):
    """The mine indices, drawn as the page does: rejection sampling over all cells.

    The page caps the count at cell_count-1 and, should the free cells run out,
    gives up safe cells from the highest index down; if none are left it would
    loop forever, so that case raises ValueError here.  An index can fall off the
    board (see below); like the page, it still counts as drawn but holds no mine.
    """
    if mines >= cell_count:
        mines = cell_count - 1
    safe = list(safe)  # ascending; the page drops from the end
    safe_set = set(safe)
    drawn = set()
    on_board = 0
    for _ in range(mines):
        while len(drawn) > cell_count - len(safe):
            safe_set.discard(safe.pop())
        if cell_count - len(safe) - on_board <= 0:
            raise ValueError("no free cell is left for a mine (the official page would hang)")
        while True:
            position = rand.next() * cell_count
            # parseInt reads String(position): below 1e-6 that is an exponent form
            # like '9.9e-7', giving 9 instead of 0 (only after millions of draws)
            index = int(position) if position >= 1e-6 else js_parseint(position)
            if index not in drawn and index not in safe_set:
                break
        drawn.add(index)
        on_board += index < cell_count
    return drawn


def _board_from_rand(width, height, mines, rand, mode, form):
    """One board from the generator in its current state (the page's generateBoardData)."""
    rand.next()  # the page discards one draw so that the board id is the new iterate
    board_id = rand.iterate
    cell_count = width * height
    drawn = _place_mines(rand, cell_count, mines, safe_cells(width, height, mines, mode))
    mine_cells = {index for index in drawn if index < cell_count}
    neighbours = geometry(width, height).neighbours
    cells = [
        MINE if cell in mine_cells else sum(1 for n in neighbours[cell] if n in mine_cells)
        for cell in range(cell_count)
    ]
    count = len(mine_cells)
    name = board_name(width, height, count, board_id, mode)
    return make_board(width, height, name, cells, mines=count if form == 2026 else None, form=form)


def _check_form(form):
    if form not in FORMS:
        raise ValueError("form must be 2025 or 2026, got %r" % (form,))


def generate_board(width, height, mines, seed, mode, form=2025):
    """The official board for these parameters (the page's new_board with iterate=seed).

    Its name is ``board_{X}x{Y}_{placed mines}_{seed}_{mode}``; the placed count is
    `mines` unless that fills the board (then width*height-1).  Seeds start at 1;
    seed 0 makes the page continue from wherever its generator stands, which no
    name can reproduce, so it is refused like sides below 2 (ValueError).
    """
    _check_size(width, height, mines)
    _check_mode(mode)
    _check_form(form)
    if not isinstance(seed, int) or seed < 1:
        raise ValueError("seed must be an integer of at least 1, got %r" % (seed,))
    return _board_from_rand(width, height, mines, OfficialLcg().seek(seed), mode, form)


def _shown(text):
    """A name as a message shows it: a name of thousands of characters keeps one line short."""
    return text if len(text) <= 60 else text[:40] + "... (%d characters)" % len(text)


def board_from_name(name, form=2025):
    """Regenerate the board ``board_{X}x{Y}_{MINES}_{SEED}_{MODE}`` as the official page does.

    Raises ValueError when the page could not: the name does not split into those
    fields, or what the page generates for them carries a different name (mine
    count too large, leading zeros, trailing fields, a mode containing 'x' or '_').
    """
    fields = name_fields(name)
    if fields is None:
        raise ValueError("%r is not a board name of the form board_XxY_MINES_SEED_MODE" % (_shown(name),))
    board = generate_board(fields.width, fields.height, fields.mines, fields.seed, fields.mode, form)
    if board.name != name:
        raise ValueError(
            "the official page cannot regenerate %s: its fields make %s" % (_shown(name), _shown(board.name))
        )
    return board


def _swing(period, low, high, step):
    """A sine wave between low and high, `period` steps a cycle, at its lowest on step 0."""
    omega = 2.0 * math.pi / period
    amplitude = abs(low - high) / 2.0
    middle = (low + high) / 2.0
    return amplitude * math.sin(omega * step + (-math.pi / 2)) + middle


def pack_board_shape(step, difficulty):
    """(width, height, mines) of the pack board at wave position `step` (the page's new_size_mines)."""
    if difficulty not in DIFFICULTY_RATIOS:
        raise ValueError(
            "difficulty must be one of %s, got %r" % (", ".join(DIFFICULTY_RATIOS), difficulty)
        )
    low_ratio, high_ratio = DIFFICULTY_RATIOS[difficulty]
    width = _swing(PACK_SIDE_X_PERIOD, PACK_SIDE_LOWEST, PACK_SIDE_HIGHEST, step)
    height = _swing(PACK_SIDE_Y_PERIOD, PACK_SIDE_LOWEST, PACK_SIDE_HIGHEST, step)
    size = width * height  # the mine range comes from the unrounded sizes
    mines = _swing(PACK_MINES_PERIOD, size * low_ratio, size * high_ratio, step)
    return js_parseint(width), js_parseint(height), max(js_parseint(mines), PACK_MINES_LOWEST)


def generate_pack(count, mode, difficulty, form=2025):
    """The boards of the official pack ``board_pack_{count}_{mode}_{difficulty}`` (a list)."""
    return list(iter_pack_boards(count, mode, difficulty, form))


def iter_pack_boards(count, mode, difficulty, form=2025):
    """The pack's boards one at a time, each made when asked for (a pack of any count
    costs the memory of one board).  The arguments are checked at once: ValueError.

    One generator picks the wave steps, a second one (seeked to 1 once) makes the
    boards one after another, exactly as the page's pack download does.
    """
    if not isinstance(count, int) or count < 0:
        raise ValueError("count must be a non-negative integer, got %r" % (count,))
    _check_mode(mode)
    _check_form(form)
    pack_board_shape(0, difficulty)  # reject a bad difficulty before any work
    return _pack_boards(count, mode, difficulty, form)


def _pack_boards(count, mode, difficulty, form):
    step_rand = OfficialLcg()
    rand = OfficialLcg().seek(1)
    step = 0
    for _ in range(count):
        step += 1 + js_parseint(PACK_STEP_SPREAD * step_rand.next())
        width, height, mines = pack_board_shape(step, difficulty)
        yield _board_from_rand(width, height, mines, rand, mode, form)


def pack_text(boards):
    """The bytes of the page's pack download (LF): boards split by blank lines, one more newline at the end."""
    return format_pack(boards) + "\n"
