"""Answers built group by group: each group of wired blocks (`pieces.groups`) laid out
on its own by the greedy placer, the best layout of each kept as a piece, and the
pieces fitted together by `pack.best_pack`.

A group that fails is tried again alone (the others keep their pieces), so a problem
of many groups is answered once each of them has been, however many attempts the
hardest needs; later attempts lay out a group again and keep its layout when its
rectangle is smaller.
"""

from . import cpsat
from .checker import check
from .jigsaw import lay_out
from .layout import make_puzzle, to_answer
from .pack import best_pack
from .pieces import groups, lone_piece, piece, subproblem
from .placer import compact, place
from .spread import inflate

COMPACT_ROUNDS = 2  # moves tried to shrink a group's layout, per block
GREEDY_FAILURES = 2  # failed greedy layouts of a group after which the jigsaw search takes turns
MODEL_AREA = 64  # boxes of a group's own the CP-SAT box model is tried on, at most (as anytime.CPSAT_MAX_AREA)
MODEL_SLICE = 2.0  # seconds a box is given
MATCH_SLICE = 8.0  # seconds a box of another group's piece's side is given
MATCH_SIDES = 3  # the packings of modelled pieces of one width (height) tried, at most, per side
MODEL_ASPECT = 2  # those boxes' longer side, at most, in times the shorter
MODEL_MAX_BLOCKS = 50  # problems of more blocks are not modelled (as anytime.FRAME_MAX_BLOCKS)
SCALES = (1.5, 1.7, 2.0)  # how much farther apart `spread.inflate` puts the blocks of a jigsaw left unrouted


class Assembly:
    """One worker's pieces of a problem: the best layout found for each group."""

    def __init__(self, problem, model=False):
        self.problem = problem
        self.groups = groups(problem)
        self.best = []
        self.subs = {}
        for k, group in enumerate(self.groups):
            if any(cell.number for b in group for cell in problem.blocks[b].cells):
                self.best.append(None)
                self.subs[k] = subproblem(problem, group)
            else:
                self.best.append(lone_piece(problem, group[0]))
        self.puzzles = {}
        self.boxes = {}  # group -> the boxes the CP-SAT model is still to try, the last first
        self.model = model  # whether small groups are laid out by the CP-SAT box model too
        self.tried = {}  # group -> the boxes tried
        self.modelled = {}  # group -> its pieces found by the CP-SAT model (a box, and that box turned)
        self.failed = {k: 0 for k in self.subs}
        self.turn = 0

    def useful(self):
        """Whether the problem has more than one group (else this is the greedy search)."""
        return len(self.groups) > 1

    def attempt(self, rng, weights, stop=None):
        """Lay out every group without a piece (once each) and one more group again, then
        fit the pieces: the `Answer` (checked), or None."""
        wired = sorted(self.subs)
        todo = [k for k in wired if self.best[k] is None]
        if wired and not todo:
            todo = [wired[self.turn % len(wired)]]
            self.turn += 1
        for k in todo:
            if stop is not None and stop():
                return None
            self._lay_out(k, rng, weights, stop)
        if any(p is None for p in self.best):
            return None
        return self._pack(self.best, rng, stop)

    def _pack(self, pieces, rng, stop):
        """The pieces fitted together (`pack.best_pack`), and again with the modelled
        pieces in their groups' stead: the wider of each, the taller, those of one width
        (height) where a group has one: the smallest answer that checks, or None."""
        found = []
        choices = [pieces]
        widths = sorted({p.width for found in self.modelled.values() for p in found})
        heights = sorted({p.height for found in self.modelled.values() for p in found})
        sides = [lambda p: p.height - p.width, lambda p: p.width - p.height] if self.modelled else []
        sides += [lambda p, w=w: (p.width != w, p.height) for w in widths[:MATCH_SIDES]]
        sides += [lambda p, h=h: (p.height != h, p.width) for h in heights[:MATCH_SIDES]]
        for side in sides:
            choices.append([min(self.modelled[k], key=side) if k in self.modelled else p for k, p in enumerate(pieces)])
        for chosen in choices:
            answer = best_pack(self.problem, chosen, rng, stop)
            area = None if answer is None else check(self.problem, answer).area
            if area is not None:
                found.append((area, answer))
        return min(found, key=lambda f: f[0])[1] if found else None

    def _lay_out(self, k, rng, weights, stop):
        """One greedy layout of group k, kept when its rectangle is the smallest yet."""
        sub, numbers = self.subs[k]
        if k not in self.puzzles:
            self.puzzles[k] = make_puzzle(sub)
        puzzle = self.puzzles[k]
        if self.best[k] is not None and self._modelled(k):
            return
        if self.failed[k] >= GREEDY_FAILURES and self.failed[k] % 2 == 0:
            layout = _jigsaw(puzzle, rng, weights, stop)
        else:
            layout = place(puzzle, rng, weights=weights, stop=stop)
        if layout is None:
            self.failed[k] += 1
            return
        compact(layout, rng, rounds=COMPACT_ROUNDS * len(sub.blocks), stop=stop)
        found = piece(self.groups[k], to_answer(layout), numbers)
        kept = self.best[k]
        if kept is None or found.width * found.height < kept.width * kept.height:
            self.best[k] = found

    def _modelled(self, k):
        """Group k laid out by the CP-SAT box model (`cpsat.solve_box`) in its next box,
        kept as a modelled piece when found; whether a box was tried.  The boxes go by
        area from the blocks' own up (a tight box is quickly proved empty or filled) to
        the first found, then that box turned, then boxes of a side of another group's
        modelled pieces (two pieces of one width stack without a gap), given longer."""
        sub, numbers = self.subs[k]
        cells = sum(len(block.cells) for block in sub.blocks)
        wide, tall = max(b.width for b in sub.blocks), max(b.height for b in sub.blocks)
        if k not in self.boxes:
            usable = self.model and cpsat.available() and len(sub.blocks) > 1 and len(self.problem.blocks) <= MODEL_MAX_BLOCKS
            self.boxes[k] = sorted(((w * h, abs(w - h), w, h, MODEL_SLICE) for w in range(wide, MODEL_AREA + 1)
                                    for h in range(tall, MODEL_AREA // w + 1) if usable and cells <= w * h
                                    and max(w, h) <= MODEL_ASPECT * min(w, h) and not cpsat.box_too_big(sub, w, h)),
                                   reverse=True)
            self.tried[k] = set()
        if not self.boxes[k] and k in self.modelled:
            sides = {(p.width, 0) for j, found in self.modelled.items() if j != k for p in found}
            sides |= {(0, p.height) for j, found in self.modelled.items() if j != k for p in found}
            self.boxes[k] = sorted(((w * h, 0, w, h, MATCH_SLICE) for across, down in sides
                                    for w in ([across] if across else range(wide, MODEL_AREA + 1))
                                    for h in ([down] if down else range(tall, MODEL_AREA // max(w, 1) + 1))
                                    if w >= wide and h >= tall and cells <= w * h <= MODEL_AREA and (w, h) not in self.tried[k]
                                    and not cpsat.box_too_big(sub, w, h)), reverse=True)
        if not self.boxes[k]:
            return False
        _, _, width, height, seconds = self.boxes[k].pop()
        self.tried[k].add((width, height))
        found = cpsat.solve_box(sub, width, height, seconds)
        if found is not None and check(sub, found).area is not None:
            first = k not in self.modelled
            self.modelled.setdefault(k, []).append(piece(self.groups[k], found, numbers))
            if first:  # then the box turned, for the packing, and no other of the first kind
                self.boxes[k] = [(width * height, 0, height, width, MODEL_SLICE)] if width != height else []
            else:  # found at a side: no longer box of that side
                self.boxes[k] = [b for b in self.boxes[k] if b[2] != width and b[3] != height]
        return True


def _jigsaw(puzzle, rng, weights, stop):
    """A complete layout by the jigsaw search; when it stops short, what it laid out
    moved apart (`spread.inflate`) and the blocks left put by the greedy placer in
    the room made; or None."""
    laid = lay_out(puzzle, rng, weights._replace(scarce=True, halo=False), stop)
    if laid is None:
        return None
    layout, complete = laid
    if complete:
        return layout
    x0, y0, x1, y1 = layout.bounds
    room = ((puzzle.problem.width - 2) / (x1 - x0 + 1), (puzzle.problem.height - 2) / (y1 - y0 + 1))
    for scale in SCALES:
        inflated = inflate(layout, (min(scale, room[0]), min(scale, room[1])), stop)
        if inflated is None:
            continue
        unrouted = []
        done = place(puzzle, rng, weights=weights, stop=stop, layout=inflated, unrouted=unrouted)
        if done is None and unrouted:  # every block down, a few wires not: all routed again at once
            done = inflate(unrouted[0], (1.0, 1.0), stop)
        if done is not None:
            return done
        if scale > max(room):
            break
    return None
