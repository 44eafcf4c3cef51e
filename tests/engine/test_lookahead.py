"""The lookahead against brute force: the safety of the next click after each digit.

A random small position is enumerated completely (every mine layout of the closed
cells that fits the digits and the mine count).  Once a cell is known safe and shows
k mines among its undecided neighbours, the layouts left say exactly how safe the
best next click is: 1 if some cell is safe in all of them, else the largest share of
them in which a cell is safe.  The lookahead must give that number, or say the digit
cannot show.
"""

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support.positions import consistent_assignments, positions

from solver.engine import lookahead
from solver.engine.frontier import components_of, constraints_of, covered
from solver.engine.lookahead import CANNOT_SHOW, Lookahead, looking_guess
from solver.engine.policy import Facts, choose_guess
from solver.engine.probability import estimate, mine_count_odds
from solver.grid.bitset import cells_of, popcount


def safety_after(looker, cell, mines_around):
    """The safety of the best click once `cell` has shown `mines_around` mines among its
    undecided neighbours: what second_safety averages over the digits."""
    return looker._safety(looker._setting(cell), mines_around)


def looker_of(position):
    geo, mines, values, numbers, unknown, known = position
    total = popcount(mines & unknown)
    constraints = constraints_of(values.__getitem__, numbers, geo.masks, unknown, known)
    interior = unknown & ~covered(constraints)
    components = components_of(constraints)
    looker = Lookahead(geo.masks, constraints, components, unknown, interior, total, {}, {})
    worlds = consistent_assignments(geo, values, numbers, unknown, known, total)
    return looker, worlds


def brute_safety(masks, unknown, worlds, cell, mines_around):
    """The exact safety of the best next click, or CANNOT_SHOW (mines_around None: the cell is a mine)."""
    around = masks[cell] & unknown & ~(1 << cell)
    if mines_around is None:
        left = [w for w in worlds if w >> cell & 1]
    else:
        left = [w for w in worlds if not w >> cell & 1 and popcount(w & around) == mines_around]
    if not left:
        return CANNOT_SHOW
    rest = unknown & ~(1 << cell)
    best = 0.0
    for c in cells_of(rest):
        safe_share = sum(1 for w in left if not w >> c & 1) / len(left)
        best = max(best, safe_share)
    return best


@given(positions(max_closed=10))
@settings(max_examples=120, deadline=None)
def test_safety_after_each_digit_is_the_brute_force_one(position):
    geo, mines, values, numbers, unknown, known = position
    looker, worlds = looker_of(position)
    assert worlds
    for cell in cells_of(unknown):
        rest = unknown & ~(1 << cell)
        assume(rest)
        around = geo.masks[cell] & rest
        for mines_around in range(popcount(around) + 1):
            got = safety_after(looker, cell, mines_around)
            want = brute_safety(geo.masks, unknown, worlds, cell, mines_around)
            assert got is not None  # tiny components always count exactly
            if want == CANNOT_SHOW:
                assert got == CANNOT_SHOW, (cell, mines_around, got)
            else:
                assert abs(got - want) < 1e-9, (cell, mines_around, got, want)


@given(positions(max_closed=10))
@settings(max_examples=120, deadline=None)
def test_safety_after_a_mine_is_the_brute_force_one(position):
    geo, mines, values, numbers, unknown, known = position
    looker, worlds = looker_of(position)
    for cell in cells_of(unknown):
        assume(unknown & ~(1 << cell))
        got = looker.safety_after_mine(cell)
        want = brute_safety(geo.masks, unknown, worlds, cell, None)
        assert got is not None
        if want == CANNOT_SHOW:
            assert got == CANNOT_SHOW, (cell, got)
        else:
            assert abs(got - want) < 1e-9, (cell, got, want)


@given(positions(max_closed=10), st.data())
@settings(max_examples=80, deadline=None)
def test_second_safety_weighs_the_digits_by_their_odds(position, data):
    geo, mines, values, numbers, unknown, known = position
    assume(unknown)
    looker, worlds = looker_of(position)
    cell = data.draw(st.sampled_from(cells_of(unknown)))
    rest = unknown & ~(1 << cell)
    assume(rest and any(not w >> cell & 1 for w in worlds))
    around = cells_of(geo.masks[cell] & rest)
    probs = data.draw(st.lists(st.floats(0.05, 0.95), min_size=len(around), max_size=len(around)))
    total = weights = 0.0
    for k, weight in enumerate(mine_count_odds(probs)):
        safety = brute_safety(geo.masks, unknown, worlds, cell, k)
        if weight >= lookahead.LOOK_MIN_WEIGHT and safety != CANNOT_SHOW:
            total += weight * safety
            weights += weight
    got = looker.second_safety(cell, tuple(probs))
    if weights == 0:
        assert got is None
    else:
        assert abs(got - total / weights) < 1e-9


class StubLook(lookahead.Lookahead):
    """A look with fixed answers (its rerank is the real one's): `favourite` is safest
    after a safe click."""

    def __init__(self, favourite, answer=True):
        self.favourite, self.answer, self.looked = favourite, answer, set()

    def second_safety(self, cell, neighbour_probs):
        self.looked.add(cell)
        if not self.answer:
            return None
        return 0.9 if cell == self.favourite else 0.5

    def safety_after_mine(self, cell):
        return 0.5


def test_the_looking_guess_follows_the_look_and_ignores_a_look_without_answer(monkeypatch):
    # a 6x1 strip, all closed and nothing known: every cell has the same probability,
    # so the look alone decides between the candidates
    from solver.grid.geometry import geometry

    geo = geometry(6, 1)
    everything = geo.all_mask
    nothing_known = estimate([], everything, 6, 3)
    facts = Facts(None, None, geo.masks, 0, (0, 0, 0, 0), 0, 0, everything, everything, 3, [], nothing_known, [], {})
    plain = choose_guess(nothing_known, everything, everything, geo.masks, 0)
    assert nothing_known.interior_prob >= lookahead.LOOK_FROM and nothing_known.exact
    for favourite in range(3):  # the LOOK_CELLS safest cells, lowest first, are looked at
        look = StubLook(favourite)
        monkeypatch.setattr(lookahead, "Lookahead", lambda *made, look=look: look)
        chosen = looking_guess(facts)
        assert chosen[0] == favourite
        assert look.looked >= {0, 1, 2} and plain[0] in look.looked
    unanswered = StubLook(0, answer=False)
    monkeypatch.setattr(lookahead, "Lookahead", lambda *made: unanswered)
    assert looking_guess(facts) == plain and unanswered.looked
