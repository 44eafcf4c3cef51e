"""Answers built group by group: each group of wired blocks (`pieces.groups`) laid out
on its own by the greedy placer, the best layout of each kept as a piece, and the
pieces fitted together by `pack.best_pack`.

A group that fails is tried again alone (the others keep their pieces), so a problem
of many groups is answered once each of them has been, however many attempts the
hardest needs; later attempts lay out a group again and keep its layout when its
rectangle is smaller.
"""

from .checker import check
from .jigsaw import lay_out
from .layout import make_puzzle, to_answer
from .pack import best_pack
from .pieces import groups, lone_piece, piece, subproblem
from .placer import compact, place
from .spread import inflate

COMPACT_ROUNDS = 2  # moves tried to shrink a group's layout, per block
GREEDY_FAILURES = 2  # failed greedy layouts of a group after which the jigsaw search takes turns
SCALES = (1.5, 1.7, 2.0)  # how much farther apart `spread.inflate` puts the blocks of a jigsaw left unrouted


class Assembly:
    """One worker's pieces of a problem: the best layout found for each group."""

    def __init__(self, problem):
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
        answer = best_pack(self.problem, self.best, rng, stop)
        if answer is None or check(self.problem, answer).area is None:
            return None
        return answer

    def _lay_out(self, k, rng, weights, stop):
        """One greedy layout of group k, kept when its rectangle is the smallest yet."""
        sub, numbers = self.subs[k]
        if k not in self.puzzles:
            self.puzzles[k] = make_puzzle(sub)
        puzzle = self.puzzles[k]
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
