"""Tests for the classic Minesweeper player (solver.variants.classic.player, its guesses).

The player's guesses are checked against an independent exhaustive solver on tiny
boards (tests/support/tiny_games.py): every mine layout that fits what has opened,
every click, the real cascade of zeros, the chance to win of the best play.  Win
rates are measured by the `classic` command, never here; its referee and runs are
test_classic_referee.py's, the two-step look's brute-force checks
tests/engine/test_twostep.py's.
"""

import random

import pytest
from support.tiny_games import TinyGame, cell_of, guessing_positions, player_fed

from solver.engine.counting import NODES_PER_COMPONENT
from solver.engine.dead import DEAD_NODES
from solver.engine.layouts import Layouts
from solver.engine.twostep import SCENE_NODES, WINDOW, Look, scene_of
from solver.grid.bitset import cells_of, popcount
from solver.variants.classic import ClassicPlayer
from solver.variants.classic import guesses as classic_guesses
from solver.variants.classic import player as classic_player
from solver.variants.classic.pairs import doomed_shares, fifty_influence, fifty_scan, shapes_at, unresolvable_pair
from solver.variants.classic.perfect import Perfect, list_layouts
from solver.variants.classic.policies import POLICIES
from solver.variants.classic.referee import LEVELS, Referee

# ------------------------------------------------------------------ an exhaustive solver


# ------------------------------------------------------------------ perfect play


@pytest.mark.parametrize("width, height, mines, seed", [(4, 3, 3, s) for s in range(6)] + [(5, 2, 2, s) for s in range(4)])
def test_every_guess_reaches_the_best_chance_to_win(width, height, mines, seed):
    """Play whole tiny games; at every click the player's choice is worth the optimum."""
    tiny = TinyGame(width, height, mines)
    rng = random.Random(seed)
    for _ in range(4):
        layout = rng.choice([lay for lay in tiny.all_layouts if not lay & 1])  # (0, 0) safe, as the classic rule
        seen = tiny.reveal(layout, 0)
        player = player_fed(width, height, mines, seen)
        while len(seen) + mines < tiny.size:
            layouts = tiny.fitting(seen)
            opened = frozenset(seen)
            cell = cell_of(player, player.next_click())
            assert cell not in seen
            best = tiny.value(layouts, opened)
            assert tiny.click_value(layouts, opened, cell) == pytest.approx(best, abs=1e-9)
            shown = tiny.reveal(layout, cell)
            if shown is None:
                break
            player.opened({(c % width, c // width): d for c, d in shown.items()})
            seen.update(shown)


@pytest.mark.parametrize("width, height, mines", [(4, 3, 3), (5, 3, 4)])
def test_layout_counts_and_lists_are_the_brute_force_ones(width, height, mines):
    """Layouts counts exactly the layouts that fit, also with cells fixed; list_layouts
    lists exactly them."""
    tiny = TinyGame(width, height, mines)
    for seen, player, position in guessing_positions(tiny, random.Random(mines), 25, lambda safe: 2):
        fitting = tiny.fitting(seen)
        layouts = Layouts(player.geo.masks, position, player.counter)
        assert layouts.weight == len(fitting)
        counted = [layouts.counted[comp.key] for comp in position.components]
        listed = list_layouts(position.components, counted, position.interior, position.mines_left)
        assert sorted(lay | position.mines for lay in listed) == sorted(fitting)
        first, second = cells_of(position.unknown)[:2] + [None] * (2 - popcount(position.unknown))
        for mines_fixed, safe_fixed in ((1 << first, 0), (0, 1 << first), (1 << first, 1 << second if second is not None else 0)):
            expected = sum(1 for lay in fitting if lay & mines_fixed == mines_fixed and not lay & safe_fixed)
            assert layouts.weight_with(mines_fixed, safe_fixed) == expected


# ------------------------------------------------------------------ the 50/50 rule


def test_a_pair_no_click_can_tell_apart_is_guessed_before_safer_cells():
    """Columns 0-1: A=(0,0) and B=(1,0) share one mine; (2,0) and (2,1) are mines
    (the 3 and the 1 say so), so nothing can ever tell A from B.  Columns 3-4 hold one
    mine in four cells, each 1/4 likely: safer than A or B, but the pair goes first."""
    width, height = 5, 2
    seen = {5: 1, 6: 3}  # (0,1) shows 1: A+B = 1; (1,1) shows 3: A+B+(2,0)+(2,1) = 3
    player = player_fed(width, height, 4, seen)
    assert cell_of(player, player.next_click()) in (0, 1)
    tiny = TinyGame(width, height, 4)
    layouts = tiny.fitting(seen)
    assert tiny.click_value(layouts, frozenset(seen), 0) == pytest.approx(tiny.value(layouts, frozenset(seen)))


def pair_cell(player):
    """What the unresolvable-pair guess says in the player's position (None: no pair)."""
    position = player._settle()
    assert position is not None and not player.safe
    layouts = Layouts(player.geo.masks, position, player.counter)
    return unresolvable_pair(player.geo.masks, player.width, position.unknown, position.mines, layouts)


def test_a_digit_that_sees_one_cell_of_a_pair_lets_it_be_told_apart():
    """As above, but (2,1) is open: it sees B and not A, so {A, B} is no unresolvable
    pair (the rule may still find another one, which must then be worth the optimum)."""
    width, height = 5, 3
    seen = {5: 1, 6: 2, 7: 2}  # (0,1): A+B = 1; (1,1): A+B+(2,0)+(x,2)... ; (2,1) sees B
    player = player_fed(width, height, 3, seen)
    assert pair_cell(player) not in (0, 1)


@pytest.mark.parametrize("width, height, mines", [(4, 3, 3), (5, 2, 3), (6, 2, 3)])
def test_every_pair_found_is_worth_the_optimum(width, height, mines):
    """On random positions of tiny boards, a cell the unresolvable-pair guess picks is a best click."""
    tiny = TinyGame(width, height, mines)
    rng = random.Random(width * 100 + mines)
    found = 0
    for seen, player, _ in guessing_positions(tiny, rng, 150, lambda safe: rng.randint(1, len(safe) - 1)):
        cell = pair_cell(player)
        if cell is None:
            continue
        found += 1
        layouts = tiny.fitting(seen)
        assert tiny.click_value(layouts, frozenset(seen), cell) == pytest.approx(tiny.value(layouts, frozenset(seen)), abs=1e-9)
    assert found  # the positions do hold pairs


def test_doomed_shares_count_the_layouts_where_a_pair_is_walled_in():
    """Every share is, by brute force, the layouts where the cell is a mine, its
    partner safe and every wing of the pair a mine, over all layouts."""
    width, height, mines = 5, 3, 4
    tiny = TinyGame(width, height, mines)
    masks = tiny.geo.masks
    rng = random.Random(11)
    checked = 0
    for seen, player, position in guessing_positions(tiny, rng, 120, lambda safe: rng.randint(1, 4)):
        fitting = tiny.fitting(seen)
        layouts = Layouts(player.geo.masks, position, player.counter)
        shares = doomed_shares(masks, width, height, position.unknown, position.mines, player.numbers, layouts)
        for cell, share in shares.items():
            doomed = 0
            for other in (cell - 1, cell + 1, cell - width, cell + width):
                if 0 <= other < tiny.size and abs(other % width - cell % width) <= 1 and position.unknown >> other & 1:
                    wings = (masks[cell] ^ masks[other]) & ~(1 << cell | 1 << other)
                    if wings & player.numbers or popcount(wings & position.unknown) > 1:
                        continue
                    doomed += sum(1 for lay in fitting if lay >> cell & 1 and not lay >> other & 1 and lay & wings == wings)
            assert share == pytest.approx(doomed / len(fitting))
            checked += 1
    assert checked


# ------------------------------------------------------------------ the referee


# ------------------------------------------------------------------ the interface


def test_next_click_is_a_closed_cell_on_the_board_and_deterministic():
    width, height, mines = LEVELS["expert"]
    for seed in range(3):
        clicks = []
        for _ in range(2):
            referee = Referee(width, height, mines, "classic", random.Random(seed))
            player = ClassicPlayer(width, height, mines)
            cell, made = referee.first, []
            while True:
                shown = referee.open(cell)
                if shown is None or referee.won:
                    break
                player.opened({(c % width, c // width): d for c, d in shown.items()})
                x, y = player.next_click()
                assert (x, y) == player.next_click()  # asking twice changes nothing
                assert 0 <= x < width and 0 <= y < height and referee.is_closed(y * width + x)
                cell = y * width + x
                made.append(cell)
            clicks.append(made)
        assert clicks[0] == clicks[1]


def test_opened_takes_a_whole_cascade_and_rejects_what_cannot_be():
    player = ClassicPlayer(9, 9, 10)
    player.opened({(0, 0): 0, (1, 0): 0, (0, 1): 1, (1, 1): 1, (2, 0): 1, (2, 1): 2})
    assert player.numbers == (1 << 0) | (1 << 1) | (1 << 9) | (1 << 10) | (1 << 2) | (1 << 11)
    with pytest.raises(ValueError):
        player.opened({(9, 0): 1})
    with pytest.raises(ValueError):
        player.opened({(3, 3): 9})
    with pytest.raises(ValueError):
        ClassicPlayer(3, 3, 9)


def test_perfect_play_answers_within_its_budget_and_gives_up_past_it():
    # the search counts its work (splits of the layouts, looks over the cells): given
    # the work a full search took, it answers the same; given a hair less, it gives up
    tiny = TinyGame(5, 3, 4)
    tried = 0
    for _, player, position in guessing_positions(tiny, random.Random(3), 40, lambda safe: 1):
        layouts = Layouts(player.geo.masks, position, player.counter)
        counted = [layouts.counted[comp.key] for comp in position.components]
        listed = list_layouts(position.components, counted, position.interior, position.mines_left)
        if len(listed) < 3:
            continue
        made = (player.geo.masks, position.unknown, position.mines, listed)
        whole = Perfect(*made)
        answer = whole.best(whole.all, 1e9)
        spent = 1e9 - whole.budget
        assert answer is not None and spent >= whole.scan
        smallest_charge = min(whole.scan, whole.unit)  # a look over the cells, or a split in two
        assert Perfect(*made).best(whole.all, spent + 0.01) == answer  # (float sums: 0.01 is plenty)
        assert Perfect(*made).best(whole.all, spent - smallest_charge / 2) is None
        tried += 1
    assert tried >= 5


# ------------------------------------------------------------------ the two-step guess


def guesses_of(width, height, mines, guess, seeds, first=0):
    """(player, position, cell) of every two-step guess in games of this size."""
    for seed in seeds:
        referee = Referee(width, height, mines, "classic", random.Random(seed))
        player = ClassicPlayer(width, height, mines, guess)
        cell = referee.first
        while True:
            shown = referee.open(cell)
            if shown is None or referee.won:
                break
            player.opened({(c % width, c // width): d for c, d in shown.items()})
            position = player._settle()
            if position is not None and not player.safe:
                layouts = Layouts(player.geo.masks, position, player.counter)
                if layouts.exact and unresolvable_pair(player.geo.masks, width, position.unknown, position.mines, layouts) is None:
                    if layouts.weight > classic_guesses.PERFECT_LAYOUTS:
                        yield player, position, player._two_step(position, layouts)
            x, y = player.next_click()
            cell = y * width + x


@pytest.mark.parametrize("guess", ["window", "full"])
def test_the_two_step_guess_stays_in_its_window(guess):
    """On expert games, a two-step guess is living whenever a living cell exists, and
    no safer living cell lies beyond its window: its safety is at least WINDOW times
    the best living safety, or the 50/50 credit lifts it there (the single-step pick
    and cells credited by the scan)."""
    width, height, mines = LEVELS["expert"]
    checked = 0
    for player, position, cell in guesses_of(width, height, mines, guess, range(10)):
        masks, unknown = player.geo.masks, position.unknown
        scene = scene_of(position, Layouts(masks, position, player.counter))
        look = Look(masks, player.counts_memo, {}, 1e12)
        safety = {c: 1.0 - p for cells, p in zip(position.estimate.class_masks, position.estimate.class_probs) for c in cells_of(cells & unknown)}
        for c in cells_of(position.interior & unknown):
            safety[c] = 1.0 - position.estimate.interior_prob
        living = [c for c in safety if look.living(scene, c)]
        if not living:
            continue
        assert cell in living
        best = max(safety[c] for c in living)
        layouts = Layouts(masks, position, player.counter)
        credit = doomed_shares(masks, width, height, unknown, position.mines, player.numbers, layouts).get(cell, 0.0)
        if guess == "full":
            members, enablers, _ = fifty_scan(masks, width, height, unknown, player.numbers, position.mines_left, layouts)
            credit = max(credit, members.get(cell, 0.0) + enablers.get(cell, 0.0))
        assert safety[cell] + credit >= WINDOW * best - 1e-9
        checked += 1
    assert checked >= 15


def test_the_work_bound_is_deterministic_and_holds():
    """A two-step guess spends the same counted work for the same position; given
    exactly the work an unbounded guess spent it answers the same; given less it
    stops within its budget (plus one step's charge) and answers the same twice."""
    width, height, mines = LEVELS["expert"]
    tried = 0
    for player, position, cell in guesses_of(width, height, mines, "full", range(10)):
        layouts = Layouts(player.geo.masks, position, player.counter)
        spent = player.look_spent
        assert player._two_step(position, layouts) == cell and player.look_spent == spent
        if spent >= player.look_budget:
            continue
        player.look_budget = spent
        assert player._two_step(position, layouts) == cell
        player.look_budget = spent // 2
        short = player._two_step(position, layouts)
        assert player.look_spent <= spent // 2 + max(NODES_PER_COMPONENT, DEAD_NODES, SCENE_NODES)  # one charge past it at most
        assert player._two_step(position, layouts) == short
        player.look_budget = classic_player.LOOK_NODES_PER_MOVE
        tried += 1
    assert tried >= 10


@pytest.mark.parametrize("width, height, mines", [(5, 4, 5), (6, 4, 6)])
def test_the_fifty_credit_counts_formed_fifties_by_brute_force(width, height, mines):
    """A cell's influence is, by brute force, the share of layouts where it is the mine
    of a walled pair or 2x2 box (the best of each kind), capped by its chances."""
    tiny = TinyGame(width, height, mines)
    rng = random.Random(5)
    masks = tiny.geo.masks
    nonzero = 0
    for seen, player, position in guessing_positions(tiny, rng, 60, lambda safe: rng.randint(1, 3)):
        fitting = tiny.fitting(seen)
        layouts = Layouts(masks, position, player.counter)
        numbers = sum(1 << c for c in seen)
        for cell in cells_of(position.unknown):
            best = {"h": 0, "v": 0, "b": 0}
            for kind, mines_here, safe_here, wings in shapes_at(width, height, cell, position.unknown):
                if wings is None:
                    other = safe_here.bit_length() - 1
                    wings = (masks[cell] ^ masks[other]) & ~(mines_here | safe_here)
                if wings & numbers or popcount(wings & position.unknown) > 3:
                    continue
                need = mines_here | (wings & position.unknown)
                formed = sum(1 for lay in fitting if lay & need == need and not lay & safe_here)
                best[kind] = max(best[kind], formed)
            mine = sum(1 for lay in fitting if lay >> cell & 1) / len(fitting)
            want = min(sum(best.values()) / len(fitting), mine, 1 - mine)
            got = fifty_influence(masks, width, height, cell, position.unknown, numbers, position.mines_left, layouts)
            assert got == pytest.approx(want)
            nonzero += want > 0
    assert nonzero


def test_every_guess_policy_is_accepted_and_no_other():
    for guess in POLICIES:
        ClassicPlayer(9, 9, 10, guess)
    player = ClassicPlayer(9, 9, 10, "full:progress=0.052:blend=3:window=0.85")
    assert (player.policy.name, player.policy.progress, player.policy.blend, player.policy.window) == ("full", 0.052, 3.0, 0.85)
    for bad in ("bold", "full:speed=2", "full:blend=-1", "full:blend=x"):
        with pytest.raises(ValueError):
            ClassicPlayer(9, 9, 10, bad)


def test_the_fifty_scan_skips_only_cells_no_counted_shape_can_hold():
    """The scan looks only near known mines and in the board's corners: it finds
    what a scan of every undecided cell finds."""
    for level, games in (("expert", 6), ("beginner", 30)):
        width, height, mines = LEVELS[level]
        found = 0
        for player, position, _ in guesses_of(width, height, mines, "window", range(games)):
            layouts = Layouts(player.geo.masks, position, player.counter)
            every = fifty_scan(player.geo.masks, width, height, position.unknown, player.numbers, position.mines_left, layouts)
            near = fifty_scan(player.geo.masks, width, height, position.unknown, player.numbers, position.mines_left, layouts,
                              mines=position.mines)
            assert near == every
            found += bool(every[0])
        assert found


@pytest.mark.parametrize("width, height, mines", [(5, 3, 4), (5, 4, 5), (6, 3, 5)])
def test_a_walled_in_region_is_played_perfectly(width, height, mines, monkeypatch):
    """With whole-board perfect play off, a region move (a walled-in component of
    fixed mine count, played perfectly on its own) is worth the optimum of the game."""
    monkeypatch.setattr(classic_guesses, "PERFECT_LAYOUTS", 0)
    tiny = TinyGame(width, height, mines)
    rng = random.Random(width * 31 + mines)
    found = 0
    for seen, player, position in guessing_positions(tiny, rng, 600, lambda safe: rng.randint(1, len(safe) - 1)):
        player.guess, player.level = "regions", POLICIES.index("regions")
        cell = player._region_move(position, Layouts(player.geo.masks, position, player.counter))
        if cell is None:
            continue
        found += 1
        layouts = tiny.fitting(seen)
        assert tiny.click_value(layouts, frozenset(seen), cell) == pytest.approx(tiny.value(layouts, frozenset(seen)), abs=1e-9)
    assert found >= 3


