"""Tests for the CheckiO "Minesweeper" function (solver.checkio / solver.variants.checkio).

The games are played by tests/support/checkio_referee.py, written from the mission's referee
rules.  Certainty is checked against brute force (every placement of mines in the
closed cells) on small fields, and guesses against solver.engine.probability.estimate.
"""

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support.checkio_referee import CLOSED, MARKED, judge, neighbours, play, random_board, reveal

import solver.variants.checkio
from solver.checkio import checkio
from solver.engine.counting import count_solutions
from solver.engine.frontier import components_of, constraints_of
from solver.engine.probability import estimate
from solver.grid.bitset import cells_of, popcount
from solver.grid.geometry import geometry

# verification/tests.py of CheckiO-Missions/checkio-task-minesweeper: the three tests ...
MISSION_TESTS = {
    "1. Simple": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 1, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 1, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    "2. Gate": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, 1, 0, 0, 0, 1, 1, 1, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
        [0, 1, 1, 1, 1, 1, 1, 1, 1, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    "3. Various": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
        [0, 0, 1, 1, 0, 0, 1, 0, 0, 0],
        [0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 0, 1, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 1, 0, 0, 0, 1, 0],
        [0, 0, 1, 0, 0, 0, 1, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    # ... and the two boards commented out there ("For the next level")
    "4. Various": [
        [0, 0, 0, 0, 1, 1, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [1, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    "5. Various": [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 1, 0, 0, 1, 0],
        [0, 0, 0, 0, 1, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 0, 1, 0, 1, 1, 1],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 1, 0, 0, 0, 0],
    ],
}

# the task description's second example: (0, 1) shows 2 with only (0, 2) and (1, 2) closed
EXAMPLE_FIELD = [
    [0, 2, -1, -1, -1, -1, -1, -1, -1, -1],
    [0, 2, -1, -1, -1, -1, -1, -1, -1, -1],
    [0, 1, 1, 1, -1, -1, -1, -1, -1, -1],
    [0, 0, 0, 1, -1, -1, -1, -1, -1, -1],
    [0, 1, 1, 2, -1, -1, -1, -1, -1, -1],
    [0, 1, -1, -1, -1, -1, -1, -1, -1, -1],
    [0, 1, -1, -1, -1, -1, -1, -1, -1, -1],
    [2, 1, -1, -1, -1, -1, -1, -1, -1, -1],
    [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1],
    [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1],
]

BRUTE_FORCE_CLOSED = 14  # brute force enumerates 2**closed placements


# --------------------------------------------------------------------------- helpers


def brute_force(field):
    """(safe, mines): sets of closed (row, col) that are safe / mines in every placement.

    Every placement of mines in the closed cells that agrees with every digit counts
    (the mine count is unknown, so any number of mines is allowed); 9 is a mine.
    Returns None when no placement agrees.
    """
    height, width = len(field), len(field[0])
    closed = [(r, c) for r in range(height) for c in range(width) if field[r][c] == CLOSED]
    index = {cell: i for i, cell in enumerate(closed)}
    checks = []
    for r in range(height):
        for c in range(width):
            if 0 <= field[r][c] <= 8:
                around = neighbours(height, width, r, c)
                mask = sum(1 << index[a] for a in around if a in index)
                marked = sum(1 for a, b in around if field[a][b] == MARKED)
                checks.append((mask, field[r][c] - marked))
    always = (1 << len(closed)) - 1
    ever = 0
    found = False
    for placement in range(1 << len(closed)):
        if all(popcount(placement & mask) == need for mask, need in checks):
            found = True
            always &= placement
            ever |= placement
    if not found:
        return None
    safe = {closed[i] for i in range(len(closed)) if not ever >> i & 1}
    mines = {closed[i] for i in range(len(closed)) if always >> i & 1}
    return safe, mines


def engine_view(field):
    """(certain safe set, certain mine set, {(row, col): mine probability}, exact) per the engine.

    The oracle for the guessing test: the field's constraints go straight to
    solver.engine.probability.estimate with the mine count unknown.
    """
    height, width = len(field), len(field[0])
    geo = geometry(width, height)
    values = [v for row in field for v in row]
    closed = sum(1 << i for i, v in enumerate(values) if v == CLOSED)
    marked = sum(1 << i for i, v in enumerate(values) if v == MARKED)
    numbers = sum(1 << i for i, v in enumerate(values) if 0 <= v <= 8)
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, closed, marked)
    frontier = 0
    for cells, _ in constraints:
        frontier |= cells
    interior = closed & ~frontier
    components = components_of(constraints)
    result = estimate(components, interior, popcount(interior), None)
    # Estimate.exact is False whenever the mine count is unknown: ask whether every
    # component was enumerated (then the certain cells are all the certain cells)
    exact = all(count_solutions(comp) is not None for comp in components)
    probs = {}
    for cells, p in zip(result.class_masks, result.class_probs):
        for c in cells_of(cells):
            probs[divmod(c, width)] = p
    for c in cells_of(interior):
        probs[divmod(c, width)] = result.interior_prob
    safe = {divmod(c, width) for c in cells_of(result.safe & closed)}
    mines = {divmod(c, width) for c in cells_of(result.mines & closed)}
    return safe, mines, probs, exact


def assert_well_formed(field, answer):
    assert isinstance(answer, list) and len(answer) == 3
    is_mine, row, col = answer
    assert type(is_mine) is bool and type(row) is int and type(col) is int
    assert 0 <= row < len(field) and 0 <= col < len(field[0])
    assert field[row][col] == CLOSED


@st.composite
def views(draw, max_side=10, max_closed=None):
    """A consistent field: a mine map (top-left 2x2 clear) seen with some cells opened / marked.

    Usually the top-left cell has been opened with its flood fill, as in a game; then a
    drawn share of the other safe cells is open and a drawn share of the mines marked.
    With `max_closed`, cells are opened or marked at random until at most that many
    stay closed.
    """
    height = draw(st.integers(2, max_side))
    width = draw(st.integers(2, max_side))
    cells = [(r, c) for r in range(height) for c in range(width)]
    allowed = [cell for cell in cells if cell[0] >= 2 or cell[1] >= 2]
    mines = set(draw(st.lists(st.sampled_from(allowed), max_size=len(allowed) // 3))) if allowed else set()
    mine_map = [[int((r, c) in mines) for c in range(width)] for r in range(height)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    open_share = draw(st.integers(0, 10)) / 10
    mark_share = draw(st.integers(0, 10)) / 10
    field = [[CLOSED] * width for _ in range(height)]
    if rng.random() < 0.85:
        reveal(field, mine_map, 0, 0)
    for r, c in cells:
        if field[r][c] != CLOSED:
            continue
        if (r, c) in mines:
            if rng.random() < mark_share:
                field[r][c] = MARKED
        elif rng.random() < open_share:
            field[r][c] = sum(mine_map[a][b] for a, b in neighbours(height, width, r, c))
    closed = [cell for cell in cells if field[cell[0]][cell[1]] == CLOSED]
    if not closed:  # keep at least one closed cell: close a safe cell again, or unmark a mine
        r, c = rng.choice(cells)
        field[r][c] = CLOSED
        closed = [(r, c)]
    if max_closed is not None:
        rng.shuffle(closed)
        for r, c in closed[max_closed:]:
            field[r][c] = MARKED if mine_map[r][c] else sum(mine_map[a][b] for a, b in neighbours(height, width, r, c))
    return field, mine_map


def fields_of(max_side):
    """Any rectangle (1..max_side a side) of values -1..9, with a closed cell, half of them -1."""
    value = st.one_of(st.just(CLOSED), st.integers(0, 9))
    return (
        st.tuples(st.integers(1, max_side), st.integers(1, max_side))
        .flatmap(
            lambda shape: st.lists(
                st.lists(value, min_size=shape[1], max_size=shape[1]), min_size=shape[0], max_size=shape[0]
            )
        )
        .filter(lambda field: any(CLOSED in row for row in field))
        .map(_digits_that_fit)
    )


def _digits_that_fit(field):
    """The field with each digit cut to its cell's neighbours (a larger one is refused)."""
    height, width = len(field), len(field[0])

    def around(r, c):
        return sum(1 for y in range(r - 1, r + 2) for x in range(c - 1, c + 2)
                   if (y, x) != (r, c) and 0 <= y < height and 0 <= x < width)

    return [[min(v, around(r, c)) if 0 <= v < MARKED else v for c, v in enumerate(row)] for r, row in enumerate(field)]


# --------------------------------------------------------------------------- the mission


@pytest.mark.parametrize("name", sorted(MISSION_TESTS))
def test_wins_mission_boards(name):
    outcome = play(checkio, MISSION_TESTS[name])
    assert outcome.won, outcome


def test_re_export():
    assert checkio is solver.variants.checkio.checkio


def test_first_move_opens_top_left():
    assert checkio([[CLOSED] * 10 for _ in range(10)]) == [False, 0, 0]


def test_description_example_marks_a_certain_mine():
    is_mine, row, col = checkio([row[:] for row in EXAMPLE_FIELD])
    assert is_mine and (row, col) in {(0, 2), (1, 2)}


def test_no_guess_needed_on_mission_boards():
    """The mission promises its boards need no guess: every move must be certain."""
    for name, mine_map in sorted(MISSION_TESTS.items()):
        outcome = play(checkio, mine_map)
        for field, (is_mine, row, col) in outcome.history[1:]:
            safe, mines, _, exact = engine_view(field)
            assert exact
            assert (row, col) in (mines if is_mine else safe), name


# --------------------------------------------------------------------------- soundness


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views())
def test_consistent_fields_well_formed_and_safe(view):
    field, mine_map = view
    before = [row[:] for row in field]
    answer = checkio(field)
    assert field == before  # the input is not changed
    assert_well_formed(field, answer)
    is_mine, row, col = answer
    if is_mine:
        assert mine_map[row][col]
    assert checkio([row[:] for row in field]) == answer  # deterministic


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields_of(10))
def test_any_field_gets_a_well_formed_move(field):
    answer = checkio([row[:] for row in field])
    assert_well_formed(field, answer)
    assert checkio([row[:] for row in field]) == answer


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(views(max_side=5, max_closed=BRUTE_FORCE_CLOSED), views(max_closed=12)))
def test_marks_are_certain_and_certain_moves_are_taken(view):
    field, _ = view
    is_mine, row, col = checkio([r[:] for r in field])
    truth = brute_force(field)
    assert truth is not None  # the field came from a real mine map
    safe, mines = truth
    if field[0][0] == CLOSED:
        event("top-left closed")
        assert [is_mine, row, col] == [False, 0, 0]  # the mission's promise: a 0
        return
    if is_mine:
        assert (row, col) in mines
    if safe or mines:
        event("certain mark" if is_mine else "certain open")
        assert (row, col) in (mines if is_mine else safe)
    else:
        event("guess")
        assert not is_mine


def test_game_states_against_brute_force():
    """Every state of real games on small boards: marks certain, certain moves taken."""
    rng = random.Random(7)
    counts = {"mark": 0, "open": 0, "guess": 0}
    for _ in range(250):
        height, width = rng.randint(3, 6), rng.randint(3, 6)
        allowed = [(r, c) for r in range(height) for c in range(width) if r >= 2 or c >= 2]
        mines = set(rng.sample(allowed, rng.randint(1, min(len(allowed), 9))))
        mine_map = [[int((r, c) in mines) for c in range(width)] for r in range(height)]
        for field, (is_mine, row, col) in play(checkio, mine_map).history[1:]:
            if sum(line.count(CLOSED) for line in field) > BRUTE_FORCE_CLOSED:
                continue
            safe, certain_mines = brute_force(field)
            if safe or certain_mines:
                counts["mark" if is_mine else "open"] += 1
                assert (row, col) in (certain_mines if is_mine else safe)
            else:
                counts["guess"] += 1
                assert not is_mine
    assert min(counts.values()) >= 20, counts


@settings(max_examples=200, deadline=None)
@given(fields_of(4))
def test_marks_on_any_field_are_certain(field):
    """Random digits: a mark is a mine in every placement that agrees with the digits.

    Most such fields admit no placement at all; then every cell is a mine in all of
    them, vacuously, and any move is sound.
    """
    is_mine, row, col = checkio([r[:] for r in field])
    truth = brute_force(field)
    event("contradictory" if truth is None else "mark" if is_mine else "open")
    if is_mine and truth is not None:
        assert (row, col) in truth[1]


def test_rejects_malformed_fields():
    for bad in ([], [[]], [[0, -1], [0]], [[0, 10]], [[0, -2]], [[0, "x"]], [[0, True, -1]], "field"):
        with pytest.raises(ValueError):
            checkio(bad)
    with pytest.raises(ValueError):
        checkio([[0, 1], [1, MARKED]])  # nothing closed: no legal move exists


def test_rejects_a_digit_above_its_neighbours():
    # an 8 in a corner was played as any field (issue 38)
    field = [[CLOSED] * 10 for _ in range(10)]
    field[0][0], field[9][9] = 0, 8
    with pytest.raises(ValueError, match=r"cell \(9, 9\) shows 8, but it has only 3 neighbours"):
        checkio(field)
    with pytest.raises(ValueError, match="only 1 neighbours"):
        checkio([[0, CLOSED, 2]])
    assert checkio([[0, 1, CLOSED]]) == [True, 0, 2]  # within its neighbours: played


# --------------------------------------------------------------------------- guessing


def test_guesses_follow_engine_probabilities():
    """On random boards: a certain move whenever the engine knows one, else a least-likely mine."""
    rng = random.Random(2024)
    guesses = 0
    for _ in range(80):
        outcome = play(checkio, random_board(rng))
        for field, (is_mine, row, col) in outcome.history[1:]:  # move 1 is the promised (0, 0)
            safe, mines, probs, exact = engine_view(field)
            if safe or mines:
                assert (row, col) in (mines if is_mine else safe)
            elif exact:
                guesses += 1
                assert probs, "a guess needs closed cells"
                assert not is_mine
                assert probs[(row, col)] <= min(probs.values()) + 1e-12
    assert guesses >= 10  # the boards did need guessing


# --------------------------------------------------------------------------- the referee itself


def test_referee_rules():
    mine_map = [[0, 0, 0], [0, 0, 0], [0, 0, 1]]
    view = [[CLOSED] * 3 for _ in range(3)]
    assert judge(view, mine_map, (False, 0, 0)) is None
    assert judge(view, mine_map, [True, 0, 0]) == "marked a cell without a mine"
    assert judge(view, mine_map, [False, 2, 2]) == "opened a mine"
    assert judge(view, mine_map, [False, 3, 0]) == "coordinates off the field"
    assert judge(view, mine_map, [1, 0, 0]) == "the answer must be [bool, int, int]"
    assert judge(view, mine_map, [False, 0]) == "the answer must be a list of three values"
    reveal(view, mine_map, 0, 0)
    assert view == [[0, 0, 0], [0, 1, 1], [0, 1, CLOSED]]
    assert judge(view, mine_map, [False, 0, 0]) == "the cell is not closed"
    assert play(lambda field: [True, 2, 2], mine_map).won  # every mine marked
    assert play(lambda field: [False, 0, 0], mine_map).won  # the flood opens every safe cell
    outcome = play(lambda field: [False, 0, 0], [[0, 0, 1, 0]])
    assert not outcome.won and outcome.reason == "the cell is not closed"
    assert [field for field, _ in outcome.history] == [[[CLOSED] * 4], [[0, 1, CLOSED, CLOSED]]]
