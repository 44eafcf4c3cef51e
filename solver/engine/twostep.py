"""The two-step look: among the near-safest cells, the one whose digit best keeps the next guess safe.

The score of a candidate cell c (JSMinesweeper's "secondary safety", re-derived):

    weight(c) = f(c) * sum over the digits v c may show of
                P(c safe and shows v) * B_v  *  (1 + progress * progress(c))

- B_v is the safety of the next informative guess once c showed v: the position is
  counted again with c's digit as a new constraint (only the components c's
  neighbours touch are counted anew), and B_v = (blend s1 + s2) / (blend + 1), s1 >=
  s2 the two best safeties among the LIVING cells then (certain-safe cells at safety
  1 when living; the interior, the closed cells no digit touches, as a supply of
  living cells at its safety).  A dead cell (dead.py) does not count: opening it
  teaches nothing, so it is no next step.  The blend prefers digits that leave two
  good cells over one.
- f(c) is a factor the caller gives (`choose`'s `factor`; 1 when it gives none): the
  classic player credits a cell whose mine would form a 50/50 the game would lose
  anyway (variants/classic/pairs.py).
- progress(c) is the chance that c's digit makes some cell certain that c's being
  safe alone does not: a tie-break (the progress setting is small).

The caller picks the candidates (the classic player: the living frontier cells
within `window` of the best living safety, its single-step pick and an interior
shortlist, `interior_shortlist`; the Topcoder player: its own pick and the safest
living cells).  `choose` evaluates them safest first; a candidate stops being
evaluated as soon as even a certain next step after each remaining digit could not
beat the best so far.  Dead candidates are never chosen while a living one is
evaluated.  The best weight wins; ties go to the most cells made certain on average,
then to the evaluation order (safest, fewest undecided neighbours, lowest cell).
With `prefer_equivalent`, a safer cell that is certainly safe whenever the choice is
safe is played instead (it is then worth clicking first).

The work is counted, not timed, in whole nodes: SCENE_NODES per scene counted again,
the nodes of its counts and of the dead tests, against the look's budget per move
(the caller's: LOOK_NODES_PER_MOVE by default); when it runs out the best fully
evaluated candidate is played.  So the same position always gives the same click.

The settings (LookSettings, `parse_settings`): progress and blend above, window and
offedge for the callers' candidates.  Both the classic player (its guess policies,
variants/classic/policies.py) and the Topcoder player (its "twostep" guess) use it,
each with its board's neighbourhoods (Geometry.masks).
"""

from collections import namedtuple
from math import ceil, isfinite

from ..grid.bitset import cells_of, popcount
from .counting import NODES_PER_COMPONENT, Counts, search_counts  # a scene's components get counting's own budget
from .dead import is_dead
from .frontier import components_of
from .layouts import layouts_weight
from .memories import run_memory
from .probability import estimate

WINDOW = 0.90  # frontier candidates: safety at least this share of the best living safety
OFF_FRONTIER_SHARE = 0.95  # the interior competes when its safety beats this share of the best
OFF_FRONTIER_ALL = 30  # fewer interior cells than this: all of them compete
BLEND = (4.0, 1.0)  # weights of the best and second-best living safety after a digit
PROGRESS = 0.001  # the progress term: a tie-break
DOMINATION_MARGIN = 1e-4  # how much safer a certainly-safe-with-it cell must be to go first
TIE = 1e-9  # safeties and weights closer than this are equal

SCENE_NODES = 500  # the work of counting one scene again, in nodes of counting
# the work of one two-step guess, in nodes: a move stays under a second
# (docs/measurements/classic.md, "The two-step player, 100,000 games a row")
LOOK_NODES_PER_MOVE = 500000

Evaluation = namedtuple("Evaluation", "cell weight expected common safety order")

LookSettings = namedtuple("LookSettings", "progress blend window offedge")
LookSettings.__doc__ = """The look's settings: the progress term's weight, the weight of the
best living safety against the second's 1 in B_v, the candidate window (a share of the
best living safety), the share of the best safety the interior must beat to compete
(above 1: never)."""
DEFAULT_SETTINGS = LookSettings(PROGRESS, BLEND[0] / BLEND[1], WINDOW, OFF_FRONTIER_SHARE)


def parse_settings(options, text):
    """The LookSettings of 'KEY=VALUE' options (KEY one of progress, blend, window,
    offedge; the others at their defaults); ValueError naming `text`, what was asked
    for, when one is not a setting or not a finite non-negative number (inf and nan
    would make every weight inf or nan, and the look's comparisons meaningless)."""
    settings = DEFAULT_SETTINGS._asdict()
    for option in options:
        key, _, value = option.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = None
        if key not in settings or number is None or not isfinite(number) or number < 0:
            raise ValueError("no setting %r in guess policy %r (progress, blend, window, offedge: finite non-negative "
                             "numbers)" % (option, text))
        settings[key] = number
    return LookSettings(**settings)


class OutOfWork(Exception):
    pass


class Scene:
    """A position as the look sees it: components with their exact Counts, the
    undecided cells, the interior, the mines left, the number of layouts and the
    Estimate.  `dead` remembers the dead tests made in it."""

    __slots__ = ("constraints", "components", "counted", "unknown", "interior", "mines_left", "weight", "result", "dead")

    def __init__(self, constraints, components, counted, unknown, interior, mines_left, weight, result):
        self.constraints = constraints
        self.components = components
        self.counted = counted
        self.unknown = unknown
        self.interior = interior
        self.mines_left = mines_left
        self.weight = weight
        self.result = result
        self.dead = {}


class Look:
    """Scenes after a digit, living cells and the next safety, with the work counted."""

    def __init__(self, masks, counts_memo, look_memo, budget=LOOK_NODES_PER_MOVE, dead_memo=None, settings=DEFAULT_SETTINGS):
        self.masks = masks
        self.progress = settings.progress  # (any record with progress and blend: a classic Policy too)
        self.blend = settings.blend
        self.counts_memo = counts_memo  # the player's: read only
        self.look_memo = look_memo  # the looks' own component counts, kept for the game
        self.dead_memo = dead_memo  # the dead tests' walks (dead.is_dead's memo), kept for the game
        self.left = budget

    def spend(self, units):
        self.left -= units
        if self.left < 0:
            raise OutOfWork

    def count(self, component):
        """The Counts of a component of a scene, its work spent."""
        counts = self.counter(component)
        self.spend(counts.nodes if counts is not None else NODES_PER_COMPONENT)
        return counts

    def counter(self, component, budget=None):
        """The Counts of a component: the player's when it has them, else the look's
        (scene_count, remembered for the game); the work is not counted here (a
        counter for layouts.Layouts, whose callers count theirs)."""
        key = component.key
        counts = self.counts_memo.get(key)
        if counts is None:
            counts = self.look_memo.get(key)
            if counts is None and key not in self.look_memo:
                counts = self.look_memo[key] = scene_count(component)
        return counts

    def living(self, scene, cell):
        """Can `cell` show more than one digit if it is safe?  (An undecided test
        counts as living.)"""
        known = scene.dead.get(cell)
        if known is None:
            dead, nodes = is_dead(self.masks, cell, scene.components, scene.counted, scene.interior, scene.mines_left, scene.unknown,
                                  memo=self.dead_memo)
            self.spend(nodes)
            known = scene.dead[cell] = dead is not True
        return known

    def after(self, scene, cell, digit):
        """The Scene once `cell` opened showing `digit` mines among its undecided
        neighbours; None when no layout does; False when it cannot be counted."""
        self.spend(SCENE_NODES)
        masks = self.masks
        bit = 1 << cell
        near = masks[cell] & scene.unknown & ~bit
        if not near and digit:
            return None
        zone = near | bit
        kept, kept_counts = [], []
        touched = zone
        for comp, counts in zip(scene.components, scene.counted):
            if comp.area & zone:
                touched |= comp.area
            else:
                kept.append(comp)
                kept_counts.append(counts)
        changed = {}
        for cells, need in scene.constraints:
            if cells & touched:
                cells &= ~bit
                if not cells:
                    if need:
                        return None
                    continue
                if changed.get(cells, need) != need:
                    return None
                changed[cells] = need
        if near:
            if digit > popcount(near) or changed.get(near, digit) != digit:
                return None
            changed[near] = digit
        new = components_of(list(changed.items()))
        counts = [self.count(comp) for comp in new]
        if any(c is None for c in counts):
            return False
        interior = scene.interior & ~zone
        counted = kept_counts + counts
        weight = layouts_weight(counted, popcount(interior), scene.mines_left)
        if not weight:
            return None
        components = kept + new
        table = {comp.key: c for comp, c in zip(components, counted)}
        result = estimate(components, interior, popcount(interior), scene.mines_left, counter=lambda comp, budget: table[comp.key])
        return Scene(None, components, counted, scene.unknown & ~bit, interior, scene.mines_left, weight, result)

    def best_two(self, scene):
        """The two best safeties among the living undecided cells of `scene` (fewer
        when fewer are living), the interior counting as living cells at its safety."""
        result = scene.result
        unknown = scene.unknown & ~result.mines
        safe = result.safe & unknown
        groups = [(1.0, safe)] if safe else []
        for cells, p in zip(result.class_masks, result.class_probs):
            cells &= unknown & ~safe
            if cells:
                groups.append((1.0 - p, cells))
        top = []
        free = scene.interior & unknown & ~safe
        if free and result.interior_prob is not None:
            top = [1.0 - result.interior_prob] * min(2, popcount(free))
        groups.sort(key=lambda group: -group[0])
        for s, cells in groups:
            if len(top) == 2 and s <= top[1] + TIE:
                break
            for c in cells_of(cells):
                if self.living(scene, c):
                    top.append(s)
                    top.sort(reverse=True)
                    del top[2:]
                    if len(top) == 2 and s <= top[1] + TIE:
                        break
        return top, groups

    def next_safety(self, scene):
        """B: the blended safety of the next informative guess in `scene`."""
        top, groups = self.best_two(scene)
        if not top:  # nothing living: the next guess is a dead cell, or the game is won
            return max((s for s, _ in groups), default=1.0)
        best, second = top[0], top[1] if len(top) > 1 else 0.0
        return (self.blend * best + second) / (self.blend + 1.0)

    def evaluate(self, scene, cell, safety, factor, floor, order):
        """The Evaluation of `cell`, None when it cannot reach `floor` (or a scene
        after it cannot be counted).  A dead cell (one digit only) has common None."""
        near = self.masks[cell] & scene.unknown & ~(1 << cell)
        secondary, left = 0.0, safety
        parts = []
        for digit in range(popcount(near) + 1):
            if (secondary + left * factor) * (1.0 + self.progress) < floor - TIE:
                return None  # even a certain next step after every digit left would not do
            after = self.after(scene, cell, digit)
            if after is None:
                continue
            if after is False:
                return None
            p = after.weight / scene.weight
            secondary += p * self.next_safety(after) * factor
            left -= p
            parts.append((p, after.result.safe & after.unknown))
        if not parts:
            return None
        common = parts[0][1]
        for _, safe in parts[1:]:
            common &= safe
        progress = sum(p for p, safe in parts if safe & ~common)
        expected = sum(p * popcount(safe) for p, safe in parts)
        return Evaluation(cell, secondary * (1.0 + self.progress * progress), expected, common if len(parts) > 1 else None, safety, order)


# shape -> the fields of its Counts as a plain tuple, or () when over NODES_PER_COMPONENT
# (a run memory: engine/memories.py)
SCENE_SHAPES = run_memory("twostep.SCENE_SHAPES", 10000)


def scene_count(component):
    """The Counts of a component met in a look (counting's exact search, NODES_PER_COMPONENT),
    or None.  Looks meet ten times more new shapes than play does, so they are
    remembered here, not in counting's shape memory: as plain tuples, which the
    garbage collector stops scanning (Counts is a tuple subclass, scanned at every
    full collection: with the looks' shapes there, its pauses grew game after game
    and clearing it all at once made one move very slow; docs/measurements/classic.md,
    "The two-step guess policy, technique by technique"); when full, the older half is
    dropped, as in every run memory."""
    shape = component.shape
    known = SCENE_SHAPES.get(shape)
    if known is None:
        counts = search_counts(component, NODES_PER_COMPONENT)
        known = SCENE_SHAPES.keep(shape, () if counts is None else tuple(counts))
    return Counts(*known) if known else None


def scene_of(position, layouts):
    """The Scene of the player's Position (layouts: its exact Layouts)."""
    counted = [layouts.counted[comp.key] for comp in position.components]
    return Scene(
        position.constraints, position.components, counted, position.unknown, position.interior, position.mines_left,
        layouts.weight, position.estimate,
    )


def safeties(position):
    """{cell: P(safe)} of the undecided cells."""
    result, unknown = position.estimate, position.unknown
    out = {}
    if result.interior_prob is not None:
        for c in cells_of(position.interior & unknown):
            out[c] = 1.0 - result.interior_prob
    for cells, p in zip(result.class_masks, result.class_probs):
        for c in cells_of(cells & unknown):
            out[c] = 1.0 - p
    return out


def interior_shortlist(geo, width, height, free, witnesses, unknown):
    """The interior cells that compete: all when fewer than OFF_FRONTIER_ALL, else
    those two cells in a line from a digit with undecided neighbours, and those with
    two or three closed undecided neighbours."""
    if popcount(free) < OFF_FRONTIER_ALL:
        return free
    out = 0
    for w in cells_of(witnesses):
        x, y = w % width, w // width
        for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            if 0 <= x + dx < width and 0 <= y + dy < height:
                out |= 1 << ((y + dy) * width + x + dx)
    out &= free
    masks = geo.masks
    for c in cells_of(free & ~out):
        if 2 <= popcount(masks[c] & unknown) <= 3:
            out |= 1 << c
    return out


def choose(look, scene, candidates, safety, factor, prefer_equivalent=False):
    """The cell to guess among `candidates` (cells in evaluation order), or None when
    none could be evaluated.  safety, factor: {cell: value}.  prefer_equivalent: a
    safer candidate certainly safe whenever the choice is safe is played instead."""
    done = []
    floor = -1.0
    try:
        for order, c in enumerate(candidates):
            found = look.evaluate(scene, c, safety[c], factor.get(c, 1.0), floor, order)
            if found is None:
                continue
            if found.common is None:  # dead after all: kept only as a last resort
                done.append(found)
                continue
            done.append(found)
            floor = max(floor, found.weight)
    except OutOfWork:
        pass
    if not done:
        return None
    ranked = sorted(done, key=lambda e: (e.common is None, -ceil(e.weight / TIE), -e.expected, e.order))
    chosen = ranked[0]
    if prefer_equivalent and chosen.common:
        for e in ranked:
            if e.common is not None and e.safety - chosen.safety > DOMINATION_MARGIN and chosen.common >> e.cell & 1:
                return e.cell
    return chosen.cell
