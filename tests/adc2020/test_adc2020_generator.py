"""Generated problems like the official random ones: each is cut from an answer that
passes the checker, reads back from its text, and every answer the solver writes for
it passes the checker too (the solver given a number of attempts, never a clock)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.adc2020.anytime import solve
from solver.adc2020.checker import check
from solver.adc2020.formats import read_answer, read_problem, write_answer, write_problem
from solver.adc2020.generator import generate

SIZES = st.tuples(st.integers(1, 16), st.integers(1, 12), st.integers(1, 40), st.integers(0, 40), st.integers(0, 10**6))


@given(SIZES)
def test_a_generated_problem_is_cut_from_a_valid_answer(size):
    made = generate(*size)
    assert check(made.problem, made.answer).area is not None
    assert read_problem(write_problem(made.problem)) == made.problem
    assert read_answer(write_answer(made.answer)) == made.answer
    assert len(made.problem.blocks) <= size[2] and made.problem.wires <= size[3]


@settings(max_examples=25)
@given(SIZES)
def test_every_answer_the_solver_writes_passes_the_checker(size):
    made = generate(*size)
    result = solve(made.problem, attempts=3, seed=size[4], use_cpsat=False)
    if result.answer is not None:
        verdict = check(made.problem, result.answer)
        assert verdict.area == result.area, verdict
        assert check(made.problem, read_answer(write_answer(result.answer))).area == result.area


def test_the_solver_finds_answers_for_most_generated_problems():
    found = 0
    for seed in range(12):
        made = generate(14, 10, 24, 20, seed)
        found += solve(made.problem, attempts=6, seed=seed, use_cpsat=False).answer is not None
    assert found >= 9, found


def test_generate_is_seeded_and_bounded():
    assert generate(20, 10, 40, 40, 7) == generate(20, 10, 40, 40, 7)
    for bad in ((0, 10, 5, 5), (73, 10, 5, 5), (10, 10, 0, 5), (10, 10, 5, -1)):
        try:
            generate(*bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_the_spread_lattice_gives_answers_the_checker_passes():
    import random

    from solver.adc2020.layout import make_puzzle, to_answer
    from solver.adc2020.spread import spread

    made = 0
    for seed in range(6):
        problem = generate(12, 10, 16, 10, seed).problem
        layout = spread(make_puzzle(problem), 2, random.Random(seed))
        if layout is not None:
            made += 1
            assert check(problem, to_answer(layout)).area is not None
    assert made >= 4, made
