"""The anytime solver: worker processes search, each sending every better answer it
finds; the smallest valid answer is kept, and when the time is up the workers are
ended, wherever they are, and that answer returned.  Every answer kept has passed
`checker.check`.

A worker alternates two kinds of attempt: the greedy placer on the whole problem
(`placer`), and the problem group by group (`assemble`: each group of wired blocks
laid out alone, the layouts fitted together); on small problems, when OR-tools is
installed, the first worker first looks for a perfect tiling (`tiling`, a quarter of the
time at most), on problems of 51-100 blocks for a framed layout (`tiling.framed`), and,
on small problems, gives the CP-SAT models (`cpsat`, `shortwires`) their share of the
time.  The budget is a number of attempts (deterministic, in this
process: what tests use) or seconds of wall time (what the command uses).
"""

import math
import multiprocessing
import queue as queues
import random
import time
from collections import namedtuple

from . import cpsat, shortwires, tiling
from .assemble import Assembly
from .checker import check
from .layout import make_puzzle, to_answer
from .placer import DEFAULT_WEIGHTS, HALO_WEIGHTS, Weights, compact, fill, place
from .spread import slots_fit, spread

Result = namedtuple("Result", "answer area attempts found")  # answer None when nothing valid was found
# the weights the attempts cycle through: tight packing, looser, and blocks kept apart
SCHEDULE = (DEFAULT_WEIGHTS, Weights(wire=2.0, contact=0.0, noise=0.5, halo=False),
            Weights(wire=1.0, contact=2.0, noise=1.0, halo=False), HALO_WEIGHTS)
CPSAT_MAX_AREA = 64  # boxes the CP-SAT model is tried on, at most (docs/design.md: it finds no larger one in time)
CPSAT_SLICE = 2.0  # seconds a box is given
SPREAD_EVERY = 5  # while nothing valid is found, one attempt in this many spreads the blocks on a lattice
COMPACT_ROUNDS = 2  # moves tried to shrink a layout found, per block
COMPACT_WITHIN = 1.15  # a layout is shrunk when at most this much larger than the best so far
GREEDY_SHARE = 0.3  # of the seconds, when OR-tools is there to use the rest
TILING_SHARE = 0.25  # of the seconds the first worker gives the perfect tilings (`tiling`) first, at most
FRAMED_SHARE = 0.75  # of the seconds left it then gives a framed layout (`tiling.framed`), at most
FRAMED_MAX_BLOCKS = 100  # problems of more blocks are not framed (the short-wire model takes those of at most 50)
FRAME_GROWTH = (1.25, 1.5)  # frames of the short-wire model: the blocks' area times these
# the models are tried on problems of at most this many blocks: on more (hoge31 in
# 30x30, rand_20x20_80_40 in 20x20 and 23x23) they found nothing in 15-28 s, which the
# greedy search spends better (docs/measurements/adc2020.md, "The methods, one by one (2026-11-28)")
FRAME_MAX_BLOCKS = 50
BUILT_PER_SECOND = 40000  # model booleans built a second (about 70,000 measured on this machine)
COUNT_EVERY = 0.5  # seconds between a worker's counts
HAND_OVER = 0.25  # seconds before the end when the workers are ended and the best answer taken
GIVE_UP = 3  # attempts of a kind without a valid answer, while the other kind has some, before it is rarely tried


def solve(problem, seconds=None, attempts=None, jobs=1, seed=0, use_cpsat=True):
    """The smallest valid `Answer` found within `seconds` of wall time (over `jobs`
    worker processes, ended when the time is up) or within `attempts` attempts (in this
    process, deterministic, the CP-SAT models left out), as a `Result`."""
    if seconds is None:
        found = []
        tried, valid = _search(problem, 0, 1, seed, None, attempts, False, lambda answer, area: found.append(answer),
                               lambda tried, valid: None)
        best = found[-1] if found else None
        return Result(best, check(problem, best).area if best else None, tried, valid)
    deadline = time.monotonic() + seconds - HAND_OVER
    context = multiprocessing.get_context("fork")
    channel = context.Queue()
    workers = [context.Process(target=_worker, args=(problem, k, jobs, seed, deadline, use_cpsat, channel), daemon=True)
               for k in range(jobs)]
    for worker in workers:
        worker.start()
    best, area, counts, done = None, None, {}, 0
    floor = sum(len(block.cells) for block in problem.blocks)
    while done < jobs and time.monotonic() < deadline and not (area is not None and area <= floor):
        try:
            kind, role, first, second = channel.get(timeout=max(0.01, min(0.2, deadline - time.monotonic())))
        except queues.Empty:
            continue
        if kind == "answer" and (area is None or first < area):
            best, area = second, first
        elif kind != "answer":
            counts[role] = (first, second)
            done += kind == "done"
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(0.5)
    return Result(best, area, sum(c[0] for c in counts.values()), sum(c[1] for c in counts.values()))


def unsolvable(problem):
    """Why no answer can exist (the blocks need more cells than the problem's board has,
    or a block is larger than the board), or None: said before any search."""
    cells = sum(len(block.cells) for block in problem.blocks)
    if cells > problem.width * problem.height:
        return "the blocks fill %d cells, more than the %dx%d board's %d" % (
            cells, problem.width, problem.height, problem.width * problem.height)
    for block in problem.blocks:
        if block.width > problem.width or block.height > problem.height:
            return "BLOCK#%d is %dx%d, larger than the %dx%d board" % (
                block.index, block.width, block.height, problem.width, problem.height)
    return None


def _worker(problem, role, roles, seed, deadline, use_cpsat, channel):
    """A worker process: its search, every better answer sent as ("answer", role, area,
    answer), its counts now and then as ("count", role, attempts, valid), at the end
    ("done", role, attempts, valid)."""
    tried, valid = _search(problem, role, roles, seed, deadline, None, use_cpsat,
                           lambda answer, area: channel.put(("answer", role, area, answer)),
                           lambda tried, valid: channel.put(("count", role, tried, valid)))
    channel.put(("done", role, tried, valid))


def _search(problem, role, roles, seed, deadline, attempts, use_cpsat, report, counted):
    """Attempts role, role + roles, ... until the deadline or `attempts` of them, each
    better valid answer given to report(answer, area) and the counts, now and then, to
    counted(attempts, valid); (attempts made, valid ones)."""
    stop = None if deadline is None else (lambda: time.monotonic() > deadline)
    state = _State(problem, seed, use_cpsat)
    if role == 0 and use_cpsat and cpsat.available() and deadline is not None:
        answer = _tiling(problem, time.monotonic() + (deadline - time.monotonic()) * TILING_SHARE, roles, seed)
        frame = tiling.framed(problem) if FRAME_MAX_BLOCKS < len(problem.blocks) <= FRAMED_MAX_BLOCKS else None
        if answer is None and frame is not None:
            answer = tiling.solve_tiling(problem, *frame, time.monotonic() + (deadline - time.monotonic()) * FRAMED_SHARE,
                                         1, seed, one_cell=True)  # one thread: faster here than two
        if answer is not None:
            state.better(answer, report)
    modelled = (role == 0 and use_cpsat and cpsat.available() and deadline is not None
                and len(problem.blocks) <= FRAME_MAX_BLOCKS)
    models_at = None
    if modelled:
        models_at = time.monotonic() + (deadline - time.monotonic()) * GREEDY_SHARE
    index, done, said = role, 0, time.monotonic()
    while (attempts is None or done < attempts) and (deadline is None or time.monotonic() < deadline):
        if models_at is not None and time.monotonic() > models_at:
            models_at = None
            answer = _models(problem, state.best, deadline, roles)
            if answer is not None:
                state.better(answer, report)
            continue
        answer = state.attempt(index, stop)
        done += 1
        index += roles
        if answer is not None:
            state.better(answer, report)
        if time.monotonic() > said + COUNT_EVERY:
            said = time.monotonic()
            counted(done, state.valid)
    return done, state.valid


class _State:
    """What one worker's attempts share: the best answer, the trouble counts of the
    greedy placer, the group pieces, and how each kind of attempt has fared."""

    def __init__(self, problem, seed, use_cpsat=False):
        self.problem, self.seed = problem, seed
        self.puzzle = make_puzzle(problem)
        self.assembly = Assembly(problem, model=use_cpsat)
        self.trouble = [0] * len(problem.blocks)
        self.best, self.best_area, self.valid = None, None, 0
        self.packing = problem.wires * 3 <= len(problem.blocks)
        self.fared = {"greedy": [0, 0], "groups": [0, 0]}  # kind -> [attempts, valid]

    def better(self, answer, report):
        """Keep and report an answer when it is smaller than the best."""
        area = check(self.problem, answer).area
        if area is None:  # never expected: the placers keep the rules; a broken answer is dropped
            return
        self.valid += 1
        if self.best_area is None or area < self.best_area:
            self.best, self.best_area = answer, area
            report(answer, area)

    def attempt(self, index, stop):
        """One attempt (its kind chosen by `index` and how the kinds have fared): an
        answer or None."""
        rng = random.Random(self.seed * 1000003 + index)
        kind = "groups" if self.assembly.useful() and index % 2 == 0 else "greedy"
        other = "greedy" if kind == "groups" else "groups"
        tried, valid = self.fared[kind]
        if self.assembly.useful() and tried >= GIVE_UP and not valid and self.fared[other][1] and rng.random() < 0.75:
            kind = other
        self.fared[kind][0] += 1
        if kind == "groups":
            answer = self.assembly.attempt(rng, SCHEDULE[index // 2 % len(SCHEDULE)], stop)
        else:
            answer = self._greedy(index, rng, stop)
        self.fared[kind][1] += answer is not None
        return answer

    def _greedy(self, index, rng, stop):
        """One greedy attempt on the whole problem: an answer or None."""
        problem, puzzle = self.problem, self.puzzle
        if self.best is None and index % SPREAD_EVERY == SPREAD_EVERY - 1:  # nothing yet: the looser way, if it fits
            layout = spread(puzzle, 2 if slots_fit(problem, 2) >= len(problem.blocks) else 1, rng, stop=stop)
        elif self.packing and index % 2:
            width, height = _fill_box(problem, self.best, rng)
            layout = fill(puzzle, rng, width, height, stop=stop)
        else:
            weights = SCHEDULE[index // (2 if self.packing else 1) % len(SCHEDULE)]
            layout = place(puzzle, rng, weights=weights, stop=stop, trouble=self.trouble)
        if layout is None:
            return None
        if self.best_area is None or layout.area() < self.best_area * COMPACT_WITHIN:
            compact(layout, rng, rounds=COMPACT_ROUNDS * len(problem.blocks), stop=stop)
        return to_answer(layout)


def _models(problem, answer, deadline, threads):
    """The CP-SAT models' answer (searched by `threads` threads: the other workers' greedy
    attempts cost little beside them), when smaller than `answer`, else `answer`."""
    if sum(len(block.cells) for block in problem.blocks) <= CPSAT_MAX_AREA:
        answer = _smaller_box(problem, answer, deadline, threads)
    return _short_frames(problem, answer, deadline, threads, 0)


def _tiling(problem, until, jobs, seed):
    """A perfect tiling in the first of `tiling.frames` that has one, each frame given
    half the time left to `until` (the last all of it: a frame with none is mostly
    refused in seconds, its time passed on), or None."""
    frames = tiling.frames(problem)
    for k, (width, height) in enumerate(frames):
        left = until - time.monotonic()
        if left < 0.5:
            break
        share = left if k == len(frames) - 1 else left / 2
        found = tiling.solve_tiling(problem, width, height, time.monotonic() + share, jobs, seed)
        if found is not None:
            return found
    return None


def _frames(problem):
    """The frames the short-wire model minimises the area in: near the blocks' own
    area times FRAME_GROWTH, square, twice as wide and twice as tall."""
    cells = sum(len(block.cells) for block in problem.blocks)
    widest = max(block.width for block in problem.blocks)
    tallest = max(block.height for block in problem.blocks)
    out = []
    for growth in FRAME_GROWTH:
        for ratio in (1.0, 2.0, 0.5):
            width = max(widest, min(problem.width, math.ceil(math.sqrt(growth * cells * ratio))))
            height = max(tallest, min(problem.height, math.ceil(growth * cells / width)))
            if (width, height) not in out and shortwires.model_size(problem, width, height) <= shortwires.MAX_LITERALS:
                out.append((width, height))
    return out


def _short_frames(problem, answer, deadline, jobs, seed):
    """The answer, or a smaller one the short-wire model finds in `_frames`, each given
    an equal share of the time left."""
    best_area = check(problem, answer).area if answer is not None else None
    frames = _frames(problem)
    for k, (width, height) in enumerate(frames):
        left = deadline - time.monotonic()
        if left < 0.5:
            break
        if best_area is not None and width * height >= 2 * best_area:
            continue
        if left < shortwires.model_size(problem, width, height) / BUILT_PER_SECOND + 1:
            continue  # no time to build it and search
        hint = answer if answer is not None and answer.width <= width and answer.height <= height else None
        found = shortwires.solve_frame(problem, width, height, time.monotonic() + left / (len(frames) - k),
                                       workers=jobs, hint=hint, seed=seed, hard_deadline=deadline)
        area = check(problem, found).area if found is not None else None
        if area is not None and (best_area is None or area < best_area):
            answer, best_area = found, area
    return answer


def _fill_box(problem, best, rng):
    """The box a fill attempt packs into: the board, or one row or column less than the
    best answer so far."""
    if best is None:
        return problem.width, problem.height
    if rng.random() < 0.5:
        return max(1, best.width - 1), best.height
    return best.width, max(1, best.height - 1)


def _smaller_box(problem, answer, deadline, jobs):
    """The answer, or a smaller one the CP-SAT model finds in boxes of less area."""
    best_area = check(problem, answer).area if answer is not None else None
    cells = sum(len(block.cells) for block in problem.blocks)
    limit = CPSAT_MAX_AREA if best_area is None else min(CPSAT_MAX_AREA, best_area - 1)
    boxes = sorted(((w * h, abs(w - h), w, h) for w in range(1, problem.width + 1) for h in range(1, problem.height + 1)
                    if cells <= w * h <= limit and not cpsat.box_too_big(problem, w, h)))
    for _, _, width, height in boxes:
        if deadline is not None and time.monotonic() + 0.1 > deadline:
            break
        if best_area is not None and width * height >= best_area:
            continue
        left = CPSAT_SLICE if deadline is None else min(CPSAT_SLICE, deadline - time.monotonic())
        found = cpsat.solve_box(problem, width, height, left, workers=jobs)
        if found is not None and check(problem, found).area is not None:
            answer, best_area = found, check(problem, found).area
            break  # boxes go by area: the first found is the smallest
    return answer
