"""An official pack's shape without generating its boards: sizes, mine counts, bytes.

Generating `board_pack_COUNT_MODE_DIFFICULTY` board by board takes about 4 s for
20,000 boards, but its boards' sizes and mine counts come from a separate random
stream (the wave steps) and cost little: `shapes` gives them exactly.  Only each
board's seed (its id, the count of random draws made before it) depends on where
the mines fell; `pack_bytes` counts it by the draws expected (rejection sampling over
the cells that are neither mined nor kept safe), so the size of the download is
exact but for the odd seed that crosses a power of ten.  `header_pack` writes a pack
text with those headers and blank rows: what the contest entry reads and plans from
when it plays nothing, to time its reading of a pack of any size.
"""

from functools import lru_cache
from math import log

from ..official.generator import PACK_STEP_SPREAD, OfficialLcg, pack_board_shape
from ..official.names import board_name
from ..official.safezone import js_parseint, safe_cells


@lru_cache(maxsize=8)
def _shapes(count, difficulty):
    rand = OfficialLcg()
    step = 0
    out = []
    for _ in range(count):
        step += 1 + js_parseint(PACK_STEP_SPREAD * rand.next())
        out.append(pack_board_shape(step, difficulty))
    return tuple(out)


def shapes(count, difficulty, longest=None):
    """(width, height, mines asked) of the first `count` boards of any pack of this difficulty
    (the mode changes only where the mines go).  `longest`: compute that many once and slice."""
    longest = max(count, longest or 0)
    return _shapes(longest, difficulty)[:count]


def _placed(width, height, mines):
    """The mine count the page places (and names): all asked, but at most cells - 1."""
    return min(mines, width * height - 1)


@lru_cache(maxsize=None)
def expected_draws(width, height, mines, mode):
    """Random draws the generator is expected to make for one board: one discarded, then
    one per mine plus the rejected ones (a draw on a mine or a safe cell is drawn again)."""
    cells = width * height
    placed = _placed(width, height, mines)
    free = cells - len(safe_cells(width, height, mines, mode))
    if placed <= 0 or free - placed < 0:
        return 1.0 + max(0, placed)
    # sum over j < placed of cells / (free - j), by the harmonic-number difference
    return 1.0 + cells * (log(free + 0.5) - log(free - placed + 0.5))


def _header(width, height, mines, seed, mode, form):
    placed = _placed(width, height, mines)
    name = board_name(width, height, placed, seed, mode)
    return "%d %d %d %s" % (width, height, placed, name) if form == 2026 else "%d %d %s" % (width, height, name)


def pack_headers(count, mode, difficulty, form=2025, longest=None):
    """The header lines of the pack, seeds as expected (see the module's docstring)."""
    headers = []
    seed = 1.0  # the first board's id
    for width, height, mines in shapes(count, difficulty, longest):
        headers.append(_header(width, height, mines, round(seed), mode, form))
        seed += expected_draws(width, height, mines, mode)
    return headers


def pack_bytes(count, mode, difficulty, form=2025, longest=None):
    """The size of the pack's download in bytes: each board's header and rows, a blank
    line between boards, one more newline at the end (generator.pack_text)."""
    return pack_sizes((count,), mode, difficulty, form, longest)[count]


def pack_sizes(counts, mode, difficulty, form=2025, longest=None):
    """{count: pack_bytes(count, ...)} for several counts, in one pass over the longest."""
    longest = max(list(counts) + [longest or 0])
    wanted, sizes, total, seed = set(counts), {0: 0}, 0, 1.0
    fixed = {}  # shape -> bytes of the board but its seed's digits
    for k, shape in enumerate(shapes(max(counts), difficulty, longest), 1):
        if shape not in fixed:
            width, height, mines = shape
            fixed[shape] = len(_header(width, height, mines, 0, mode, form)) - 1 + 1 + height * (width + 1) + 1
        total += fixed[shape] + len(str(round(seed)))
        seed += expected_draws(shape[0], shape[1], shape[2], mode)
        if k in wanted:
            sizes[k] = total
    return {count: sizes[count] for count in counts}


OFFICIAL_STEP = 10  # the official page makes packs of 10, 20, 30... boards


def largest_within(max_bytes, mode, difficulty, form=2025, most=100000, step=OFFICIAL_STEP):
    """The largest count, a multiple of `step` up to `most`, whose pack is at most
    `max_bytes` bytes (0 when not even `step` boards fit)."""
    total, seed, best = 0, 1.0, 0
    fixed = {}
    for k, shape in enumerate(shapes(most, difficulty), 1):
        if shape not in fixed:
            width, height, mines = shape
            fixed[shape] = len(_header(width, height, mines, 0, mode, form)) - 1 + 1 + height * (width + 1) + 1
        total += fixed[shape] + len(str(round(seed)))
        seed += expected_draws(shape[0], shape[1], shape[2], mode)
        if total > max_bytes:
            break
        if k % step == 0:
            best = k
    return best


def header_pack(count, mode, difficulty, form=2025, longest=None):
    """A pack text of the right headers and size whose rows are all zeros (no board in it
    is a real one: it is for timing what the entry does before it plays)."""
    parts = []
    for header, (width, height, _) in zip(pack_headers(count, mode, difficulty, form, longest), shapes(count, difficulty, longest)):
        parts.append(header + "\n" + ("0" * width + "\n") * height)
    return "\n".join(parts) + "\n"
