"""Problems solved group by group: jigsaw problems (blocks cut from a filled rectangle,
wires between touching cells) are answered validly at any seed; groups are cut and
packed without breaking a rule; the jigsaw search and its spreading keep every wire
routed (all deterministic: attempts, never a clock)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.adc2020.anytime import solve
from solver.adc2020.assemble import Assembly, _jigsaw
from solver.adc2020.checker import check
from solver.adc2020.formats import read_answer, write_answer
from solver.adc2020.generator import generate, jigsaw
from solver.adc2020.layout import make_puzzle, to_answer
from solver.adc2020.liveness import _shortest
from solver.adc2020.pack import answer_of, pack
from solver.adc2020.pieces import groups, lone_piece, subproblem
from solver.adc2020.placer import DEFAULT_WEIGHTS

JIGSAWS = st.tuples(st.integers(1, 10), st.integers(1, 8), st.integers(0, 30), st.integers(0, 10**6))


@settings(max_examples=30, deadline=None)
@given(JIGSAWS)
def test_a_jigsaw_is_answered_validly_at_any_seed(size):
    width, height, wires, seed = size
    made = jigsaw(width, height, wires, seed)
    assert check(made.problem, made.answer).area == width * height  # the rectangle, filled
    result = solve(made.problem, attempts=4, seed=seed, use_cpsat=False)
    assert result.answer is not None
    assert check(made.problem, read_answer(write_answer(result.answer))).area == result.area


@settings(max_examples=25, deadline=None)
@given(st.tuples(st.integers(2, 16), st.integers(2, 12), st.integers(1, 40), st.integers(0, 40), st.integers(0, 10**6)))
def test_groups_share_no_number_and_cover_every_block(size):
    problem = generate(*size).problem
    found = groups(problem)
    assert sorted(b for group in found for b in group) == list(range(len(problem.blocks)))
    numbers = [{c.number for b in group for c in problem.blocks[b].cells if c.number} for group in found]
    assert sum(len(n) for n in numbers) == len(set().union(*numbers)) == problem.wires
    for group in found:
        sub, renumbered = subproblem(problem, group)
        assert sorted(renumbered[1:]) == sorted({c.number for b in group for c in problem.blocks[b].cells if c.number})


def test_lone_blocks_pack_into_each_others_holes_and_check():
    made = generate(12, 10, 30, 0, 5)  # no wires: every block a group of its own
    pieces = [lone_piece(made.problem, b) for b in range(len(made.problem.blocks))]
    corners = pack(pieces, 72, 72)
    answer = answer_of(made.problem, pieces, corners)
    assert check(made.problem, answer).area is not None
    assert pack(pieces, 2, 2) is None


def test_an_assembly_answers_a_problem_of_many_groups():
    made = generate(20, 14, 40, 12, 3)
    assembly = Assembly(made.problem)
    assert assembly.useful()
    rng = random.Random(1)
    answer = next(a for a in (assembly.attempt(rng, DEFAULT_WEIGHTS) for _ in range(5)) if a is not None)
    assert check(made.problem, answer).area is not None


def test_the_jigsaw_search_lays_out_a_dense_group():
    made = jigsaw(12, 9, 60, 4)
    group = groups(made.problem)[0]
    sub, _ = subproblem(made.problem, group)
    layouts = [_jigsaw(make_puzzle(sub), random.Random(seed), DEFAULT_WEIGHTS, None) for seed in range(3)]
    assert any(layout is not None for layout in layouts)
    for layout in layouts:
        if layout is not None:
            assert check(sub, to_answer(layout)).area is not None


def test_the_shortest_join_of_two_shapes():
    bar = ((0, 0, 1), (1, 0, 0), (2, 0, 0), (3, 0, 0))  # '1,+,+,+'
    dot = ((0, 0, 1),)
    assert _shortest(bar, 0, 0, dot, 0, 0) == 0  # the dot beside the bar's end
    f0 = ((1, 0, 0), (2, 0, 0), (0, 1, 0), (1, 1, 1))  # the official hiromoto_rand_40x20_160_240's BLOCK pair
    c3 = ((1, 0, 0), (0, 1, 0), (1, 1, 0), (1, 2, 1))
    assert _shortest(f0, 1, 1, c3, 1, 2) == 2


def test_small_groups_are_modelled_box_by_box_and_the_answers_check():
    pytest.importorskip("ortools")
    made = generate(10, 8, 8, 4, 7)
    assembly = Assembly(made.problem, model=True)
    rng = random.Random(2)
    answers = [assembly.attempt(rng, DEFAULT_WEIGHTS) for _ in range(8)]
    assert any(assembly.boxes.get(k) is not None for k in assembly.subs)  # the model was tried
    for answer in answers:
        if answer is not None:
            assert check(made.problem, answer).area is not None
    for k, found in assembly.modelled.items():
        assert len(found) <= 2 and all(p.blocks == tuple(assembly.groups[k]) for p in found)


def test_without_the_model_no_group_is_modelled():
    made = generate(10, 8, 8, 4, 7)
    assembly = Assembly(made.problem)
    for _ in range(4):
        assembly.attempt(random.Random(3), DEFAULT_WEIGHTS)
    assert not assembly.modelled and all(not boxes for boxes in assembly.boxes.values())


def test_a_filled_rectangle_is_found_again_by_the_tiling_model():
    pytest.importorskip("ortools")
    import time

    from solver.adc2020 import tiling
    made = jigsaw(6, 5, 8, 11)
    cells = sum(len(block.cells) for block in made.problem.blocks)
    found = None
    for width, height in tiling.frames(made.problem):
        found = tiling.solve_tiling(made.problem, width, height, time.monotonic() + 10)
        if found is not None:
            break
    assert found is not None and check(made.problem, found).area == cells


def test_the_tiling_frames_have_the_blocks_area_and_fit_the_board():
    from solver.adc2020 import tiling
    made = jigsaw(6, 4, 5, 3)
    cells = sum(len(block.cells) for block in made.problem.blocks)
    frames = tiling.frames(made.problem)
    assert frames and all(w * h == cells and w <= made.problem.width and h <= made.problem.height for w, h in frames)
    assert [abs(w - h) for w, h in frames] == sorted(abs(w - h) for w, h in frames)


def test_a_framed_layout_checks_and_lies_in_its_frame():
    pytest.importorskip("ortools")
    import time

    from solver.adc2020 import tiling
    made = jigsaw(5, 4, 6, 5)
    width, height = tiling.framed(made.problem)
    cells = sum(len(block.cells) for block in made.problem.blocks)
    assert width * height >= tiling.FRAMED_GROWTH * cells
    found = tiling.solve_tiling(made.problem, width, height, time.monotonic() + 10, one_cell=True)
    assert found is not None and found.width <= width and found.height <= height
    assert check(made.problem, found).area is not None
