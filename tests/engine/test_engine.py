"""The deduction and probability engine against brute force on small boards.

A random small board is partly revealed; every assignment of mines to the closed
cells that agrees with the revealed digits (and, where given, the mine count) is
enumerated.  What the engine calls certain must hold in all of them, and its
probabilities must be the brute-force frequencies.
"""


from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support.positions import consistent_assignments, positions

from solver.engine.counting import count_solutions
from solver.engine.coupling import fits_mine_count
from solver.engine.deduce import elimination, pairs, single_digit
from solver.engine.frontier import components_of, constraints_of, covered
from solver.engine.probability import estimate
from solver.engine.sweep import sweep
from solver.grid.bitset import cells_of, popcount
from solver.grid.geometry import geometry


@given(positions())
@settings(max_examples=150, deadline=None)
def test_rules_only_call_certain_what_is_certain(position):
    geo, mines, values, numbers, unknown, known = position
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, unknown, known)
    worlds = consistent_assignments(geo, values, numbers, unknown, known)
    assert worlds, "the true mine set is always consistent"
    for rule in (single_digit, pairs, elimination):
        safe, found = rule(constraints)
        for world in worlds:
            assert not world & safe, rule.__name__
            assert found & ~world == 0, rule.__name__


@given(positions(), st.booleans())
@settings(max_examples=150, deadline=None)
def test_probabilities_are_the_brute_force_frequencies(position, with_total):
    geo, mines, values, numbers, unknown, known = position
    total = popcount(mines & unknown) if with_total else None
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, unknown, known)
    frontier = 0
    for cells, _ in constraints:
        frontier |= cells
    interior = unknown & ~frontier
    result = estimate(components_of(constraints), interior, popcount(interior), total)
    worlds = consistent_assignments(geo, values, numbers, unknown, known, total)
    assert worlds
    for world in worlds:
        assert not world & result.safe
        assert result.mines & ~world == 0
    if total is None:
        return  # without the count, probabilities rest on a prior: only certainty is checked
    assert result.exact
    frequency = {c: sum(w >> c & 1 for w in worlds) / len(worlds) for c in cells_of(unknown)}
    for cells, p in zip(result.class_masks, result.class_probs):
        for c in cells_of(cells):
            assert abs(frequency[c] - p) < 1e-9, (c, frequency[c], p)
    if interior:
        for c in cells_of(interior):
            assert abs(frequency[c] - result.interior_prob) < 1e-9
    # exact results miss nothing: every cell that is the same in all worlds is reported
    always = ~0
    never = 0
    for world in worlds:
        always &= world
        never |= world
    assert result.mines == always & unknown
    assert result.safe == unknown & ~never


@given(positions(max_closed=14), st.sampled_from([0.1, 0.5, 1.0, 3.0]))
@settings(max_examples=100, deadline=None)
def test_sweep_matches_enumeration(position, odds):
    geo, mines, values, numbers, unknown, known = position
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, unknown, known)
    for comp in components_of(constraints):
        counts = count_solutions(comp, 10**7)
        weights, class_mines = counts.weights, counts.class_mines
        swept = sweep(comp, odds)
        assert swept is not None
        probs, certain_safe, certain_mine = swept
        z = sum(w * odds**t for t, w in enumerate(weights))
        for k, size in enumerate(comp.sizes):
            exact = sum(m * odds**t for t, m in enumerate(class_mines[k])) / (z * size)
            assert abs(exact - probs[k]) < 1e-9
            assert certain_safe[k] == (not any(class_mines[k]))
            assert certain_mine[k] == all(m == size * w for m, w in zip(class_mines[k], weights))


def test_a_too_small_budget_gives_up_rather_than_guessing():
    # a long 1-2-1 style strip: many assignments
    geo = geometry(12, 3)
    row = [1] * 12
    values = [-1] * geo.size
    numbers = 0
    for x in range(12):
        values[12 + x] = row[x]
        numbers |= 1 << (12 + x)
    unknown = sum(1 << c for c in range(12)) | sum(1 << c for c in range(24, 36))
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, unknown, 0)
    (comp,) = components_of(constraints)
    assert count_solutions(comp, 5) is None
    assert count_solutions(comp, 10**6) is not None


# ---------------------------------------------------------------- endgame


def naive_value(layouts, digits_of, closed, safe_value, mine_value):
    """Expectimax without memo or shortcuts: the reference for endgame.Endgame.best_move."""
    if not layouts:
        return 0.0
    best = 0.0
    for cell in cells_of(closed):
        groups = {}
        for layout in layouts:
            shown = None if layout >> cell & 1 else digits_of(layout, cell)
            groups.setdefault(shown, []).append(layout)
        expected = 0.0
        for shown, group in groups.items():
            gain = mine_value if shown is None else safe_value(shown)
            rest = naive_value(group, digits_of, closed & ~(1 << cell), safe_value, mine_value)
            expected += len(group) / len(layouts) * (gain + rest)
        best = max(best, expected)
    return best


@given(positions(max_closed=5), st.sampled_from([(2, -20), (1, -3), (6, -20)]))
@settings(max_examples=80, deadline=None)
def test_endgame_value_is_the_expectimax_value(position, values):
    from solver.engine.endgame import Endgame, layouts_of

    geo, mines, values_, numbers, unknown, known = position
    per_digit, mine_value = values

    def safe_value(d):
        return per_digit * d + 1

    assume(popcount(unknown) <= 6)  # the reference below has no memo: keep it small
    total = popcount(mines & unknown)
    constraints = constraints_of(values_.__getitem__, numbers, geo.masks, unknown, known)
    layouts = layouts_of(unknown, total, constraints)
    move = Endgame(geo.masks, safe_value, mine_value).best_move(unknown, known, total, constraints)
    assert move is not None

    def digits_of(layout, cell):
        return popcount(geo.masks[cell] & (layout | known))

    expected = naive_value(layouts, digits_of, unknown, safe_value, mine_value)
    assert abs(move[1] - expected) < 1e-9
    if move[0] is None:
        assert expected <= 1e-12


def test_endgame_declines_a_cheap_coin_flip_and_takes_a_rich_one():
    from solver.engine.endgame import Endgame

    geo = geometry(2, 1)  # two closed cells, one mine, nothing known: each safe cell shows 1
    assert Endgame(geo.masks, lambda d: 2 * d, -20).best_move(0b11, 0, 1, [])[0] is None
    cell, value = Endgame(geo.masks, lambda d: 2 * d + 30, -20).best_move(0b11, 0, 1, [])
    assert cell is not None and abs(value - 22.0) < 1e-9


@given(positions(max_closed=9))
@settings(max_examples=100, deadline=None)
def test_fits_mine_count_is_whether_some_layout_has_that_many_mines(position):
    geo, mines, values, numbers, unknown, known = position
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, unknown, known)
    interior_count = popcount(unknown & ~covered(constraints))
    counted = [count_solutions(component) for component in components_of(constraints)]
    worlds = consistent_assignments(geo, values, numbers, unknown, known)
    for total in range(popcount(unknown) + 2):
        expected = any(popcount(world) == total for world in worlds)
        assert fits_mine_count(counted, interior_count, total) == expected, total


@given(positions(max_closed=14))
@settings(max_examples=100, deadline=None)
def test_components_partition_the_frontier_into_disjoint_classes(position):
    geo, mines, values, numbers, unknown, known = position
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, unknown, known)
    seen = 0
    for comp in components_of(constraints):
        union = 0
        for atom in comp.classes:
            assert atom and not atom & union  # classes are non-empty and disjoint
            union |= atom
        assert comp.area == union and not union & seen  # components are disjoint
        seen |= union
    covered_cells = 0
    for cells, _ in constraints:
        covered_cells |= cells
    assert seen == covered_cells
