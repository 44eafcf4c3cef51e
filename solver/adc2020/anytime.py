"""The anytime solver: greedy attempts (placement and routing in turns, `placer`) with
other seeds and weights until the budget ends, the smallest valid answer kept; on
small problems, when OR-tools is installed, the whole-problem CP-SAT model (`cpsat`)
then looks for a smaller box.  Every answer returned has passed `checker.check`.

The budget is a number of attempts (deterministic: what tests use) or seconds of wall
time (what the command uses); `jobs` processes share the attempts.
"""

import math
import random
import time
from collections import namedtuple
from concurrent.futures import ProcessPoolExecutor

from . import cpsat, shortwires
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
FRAME_GROWTH = (1.25, 1.5)
# the models are tried on problems of at most this many blocks: on more (hoge31 in
# 30x30, rand_20x20_80_40 in 20x20 and 23x23) they found nothing in 15-28 s, which the
# greedy search spends better (docs/measurements/adc2020.md, "The methods, one by one")
FRAME_MAX_BLOCKS = 50
BUILT_PER_SECOND = 40000  # model booleans built a second (about 70,000 measured on this machine)  # frames of the short-wire model: the blocks' area times these


def solve(problem, seconds=None, attempts=None, jobs=1, seed=0, use_cpsat=True):
    """The smallest valid `Answer` found within `seconds` of wall time or `attempts`
    greedy attempts (one of the two; a number of attempts is deterministic and leaves
    the CP-SAT models out), over `jobs` processes, as a `Result`."""
    start = time.monotonic()
    deadline = None if seconds is None else start + seconds
    modelled = use_cpsat and cpsat.available() and deadline is not None and len(problem.blocks) <= FRAME_MAX_BLOCKS
    greedy_until = start + seconds * GREEDY_SHARE if modelled else deadline
    answer, tried, found = _greedy(problem, greedy_until, attempts, jobs, seed, 0, None)
    if modelled:
        if sum(len(block.cells) for block in problem.blocks) <= CPSAT_MAX_AREA:
            answer = _smaller_box(problem, answer, deadline, jobs)
        answer = _short_frames(problem, answer, deadline, jobs, seed)
        if deadline - time.monotonic() > 1:  # the models ended early: back to the greedy search
            more, more_tried, more_found = _greedy(problem, deadline, None, jobs, seed, tried, answer)
            tried, found = tried + more_tried, found + more_found
            if more is not None and (answer is None or check(problem, more).area < check(problem, answer).area):
                answer = more
    if answer is None:
        return Result(None, None, tried, found)
    return Result(answer, check(problem, answer).area, tried, found)


def _greedy(problem, deadline, attempts, jobs, seed, offset, best):
    """Greedy attempts offset, offset + 1, ... shared by `jobs` processes: the best
    answer (or `best`, when none is smaller), attempts made, valid ones found."""
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            shares = [None if attempts is None else (attempts + jobs - 1 - k) // jobs for k in range(jobs)]
            runs = [pool.submit(_attempts, problem, deadline, shares[k], seed, offset + k, jobs, best)
                    for k in range(jobs)]
            results = [run.result() for run in runs]
    else:
        results = [_attempts(problem, deadline, attempts, seed, offset, 1, best)]
    winner = min((r for r in results if r.answer is not None), key=lambda r: r.area, default=None)
    return (winner.answer if winner else best), sum(r.attempts for r in results), sum(r.found for r in results)


def _attempts(problem, deadline, attempts, seed, first, step, best=None):
    """Greedy attempts first, first + step, ... until the deadline or `attempts` of
    them: the `Result` of the best found (better than `best`, when given), or of none."""
    puzzle = make_puzzle(problem)
    stop = None if deadline is None else (lambda: time.monotonic() > deadline)
    best_area = check(problem, best).area if best is not None else None
    done = found = 0
    given = best
    index = first
    packing = problem.wires * 3 <= len(problem.blocks)
    trouble = [0] * len(problem.blocks)
    while (attempts is None or done < attempts) and (deadline is None or time.monotonic() < deadline):
        rng = random.Random(seed * 1000003 + index)
        if best is None and index % SPREAD_EVERY == SPREAD_EVERY - 1:  # nothing yet: the looser way, if it fits
            layout = spread(puzzle, 2 if slots_fit(problem, 2) >= len(problem.blocks) else 1, rng, stop=stop)
        elif packing and index % 2:
            width, height = _fill_box(problem, best, rng)
            layout = fill(puzzle, rng, width, height, stop=stop)
        else:
            layout = place(puzzle, rng, weights=SCHEDULE[index // (2 if packing else 1) % len(SCHEDULE)], stop=stop,
                           trouble=trouble)
        done += 1
        index += step
        if layout is None:
            continue
        if best_area is None or layout.area() < best_area * COMPACT_WITHIN:
            compact(layout, rng, rounds=COMPACT_ROUNDS * len(problem.blocks), stop=stop)
        answer = to_answer(layout)
        area = check(problem, answer).area
        if area is None:  # never expected: the placer keeps the rules; a broken answer is dropped
            continue
        found += 1
        if best_area is None or area < best_area:
            best, best_area = answer, area
    return Result(None if best is given else best, None if best is given else best_area, done, found)


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
