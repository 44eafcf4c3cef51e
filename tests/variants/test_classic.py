"""Tests for the classic Minesweeper player (solver.variants.classic.player) and its referee.

The player's guesses are checked against an independent exhaustive solver on tiny
boards: every mine layout that fits what has opened, every click, the real cascade
of zeros, the chance to win of the best play.  Win rates are measured by the
`classic` command, never here.
"""

import random
import pytest

from solver.grid.bitset import cells_of, popcount
from solver.grid.geometry import geometry
from solver.variants.classic import referee as classic_referee
from solver.variants.classic import ClassicPlayer
from solver.variants.classic.pairs import doomed_shares, unresolvable_pair
from solver.engine.layouts import Layouts
from solver.variants.classic.perfect import Perfect, list_layouts
from solver.variants.classic.referee import LEVELS, Referee, play_game, wilson
from solver.variants.classic import player as classic_player
from solver.engine.dead import DEAD_NODES, is_dead
from solver.variants.classic.pairs import fifty_influence, fifty_scan, shapes_at
from solver.variants.classic.referee import mcnemar, paired, play_paired
from solver.engine.counting import NODES_PER_COMPONENT
from solver.engine.twostep import SCENE_NODES, WINDOW, Look, scene_of
from solver.variants.classic.policies import POLICIES


# ------------------------------------------------------------------ an exhaustive solver


class TinyGame:
    """Exact play of a tiny board from what has opened: layouts are mine bitsets."""

    def __init__(self, width, height, mines):
        self.width, self.height, self.mines = width, height, mines
        self.geo = geometry(width, height)
        self.size = self.geo.size
        self.memo = {}
        self.all_layouts = []
        for layout in range(1 << self.size):
            if popcount(layout) == mines:
                self.all_layouts.append(layout)

    def digit(self, layout, cell):
        return popcount(self.geo.masks[cell] & layout)

    def reveal(self, layout, cell):
        """{cell: digit} a click opens (None if it is a mine), zeros cascading."""
        if layout >> cell & 1:
            return None
        out, stack = {}, [cell]
        while stack:
            c = stack.pop()
            if c in out:
                continue
            out[c] = self.digit(layout, c)
            if out[c] == 0:
                stack.extend(self.geo.neighbours[c])
        return out

    def fitting(self, seen):
        """The layouts that show `seen` ({cell: digit})."""
        return frozenset(
            layout for layout in self.all_layouts
            if all(not layout >> c & 1 and self.digit(layout, c) == d for c, d in seen.items())
        )

    def click_value(self, layouts, opened, cell):
        """The chance to win by clicking `cell` now and playing best after."""
        groups = {}
        for layout in layouts:
            shown = self.reveal(layout, cell)
            if shown is not None:
                key = tuple(sorted(shown.items()))
                groups.setdefault(key, []).append(layout)
        total = 0.0
        for key, group in groups.items():
            now_open = opened | frozenset(c for c, _ in key)
            total += len(group) * self.value(frozenset(group), now_open)
        return total / len(layouts)

    def value(self, layouts, opened):
        """The chance to win from `opened` when the mines are one of `layouts`."""
        key = (layouts, opened)
        if key not in self.memo:
            some = next(iter(layouts))
            if len(opened) + popcount(some) == self.size:
                self.memo[key] = 1.0
            else:
                self.memo[key] = max(self.click_value(layouts, opened, c) for c in range(self.size) if c not in opened)
        return self.memo[key]


def player_fed(width, height, mines, seen):
    """A ClassicPlayer told `seen` ({cell: digit}) as one click's cells."""
    player = ClassicPlayer(width, height, mines)
    player.opened({(c % width, c // width): d for c, d in seen.items()})
    return player


def guessing_positions(tiny, rng, tries, clicks):
    """(seen, player, position) of random positions of a tiny game where a guess is due:
    from each of `tries` layouts drawn, clicks(safe cells) safe cells opened."""
    for _ in range(tries):
        layout = rng.choice(tiny.all_layouts)
        safe = [c for c in range(tiny.size) if not layout >> c & 1]
        seen = {}
        for c in rng.sample(safe, clicks(safe)):
            seen.update(tiny.reveal(layout, c))
        if len(seen) + tiny.mines == tiny.size:
            continue
        player = player_fed(tiny.width, tiny.height, tiny.mines, seen)
        position = player._settle()
        if position is not None and not player.safe:
            yield seen, player, position


def cell_of(player, xy):
    return xy[1] * player.width + xy[0]


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


class Spy(ClassicPlayer):
    """A ClassicPlayer that keeps every call the referee makes."""

    calls = []

    def opened(self, cells):
        Spy.calls.append(dict(cells))
        super().opened(dict(cells))
        cells.clear()  # the player may spoil its argument: it is a copy, not the referee's board


@pytest.mark.parametrize("rule", ["classic", "modern"])
def test_the_referee_shows_only_opened_safe_cells(rule):
    width, height, mines = LEVELS["intermediate"]
    for seed in range(8):
        Spy.calls = []
        referee_seen = []
        original = Referee.open

        def recording_open(self, cell, original=original, referee_seen=referee_seen):
            shown = original(self, cell)
            referee_seen.append((self._mines, shown))
            return shown

        Referee.open = recording_open
        try:
            play_game(width, height, mines, rule, "spy:%d" % seed, Spy)
        finally:
            Referee.open = original
        told = [cell for call in Spy.calls for cell in call]
        assert len(told) == len(set(told))  # each cell once
        shown_calls = [(layout, shown) for layout, shown in referee_seen if shown is not None]
        assert len(shown_calls) == len(Spy.calls)
        for (layout, shown), call in zip(shown_calls, Spy.calls):
            assert call == {(c % width, c // width): d for c, d in shown.items()}
            for (x, y), digit in call.items():
                cell = y * width + x
                assert not layout >> cell & 1  # never a mine
                assert digit == popcount(geometry(width, height).masks[cell] & layout)


def test_the_start_rules_keep_their_cells_free():
    width, height, mines = LEVELS["expert"]
    masks = geometry(width, height).masks
    for seed in range(30):
        classic = Referee(width, height, mines, "classic", random.Random(seed))
        assert not classic._mines & 1 and popcount(classic._mines) == mines
        modern = Referee(width, height, mines, "modern", random.Random(seed))
        start = 3 * width + 3
        assert not modern._mines & (masks[start] | 1 << start) and popcount(modern._mines) == mines
        assert modern.open(start)[start] == 0


def test_the_referee_places_mines_uniformly_enough():
    counts = [0] * 9
    for seed in range(3000):
        referee = Referee(3, 3, 2, "classic", random.Random(seed))
        for c in cells_of(referee._mines):
            counts[c] += 1
    assert counts[0] == 0
    assert all(abs(n - 750) < 120 for n in counts[1:])  # 3000 x 2 mines over 8 cells


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


def test_wilson_interval():
    low, high = wilson(410, 1000)
    assert low < 0.41 < high
    assert high - low == pytest.approx(2 * 1.96 * (0.41 * 0.59 / 1000) ** 0.5, rel=0.02)
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)


def test_game_seeds_do_not_depend_on_the_number_of_jobs():
    one = classic_referee.play_games("beginner", "modern", 6, 5, jobs=1)
    two = classic_referee.play_games("beginner", "modern", 6, 5, jobs=2)
    assert one[0] == two[0]


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



def brute_dead(tiny, layouts, cell):
    """Can `cell` show one digit only over `layouts` where it is safe?  (None: a mine in all.)"""
    digits = {tiny.digit(lay, cell) for lay in layouts if not lay >> cell & 1}
    return len(digits) == 1 if digits else None


TINY_BOARDS = [(4, 3, 3), (5, 3, 4), (4, 4, 4), (5, 4, 5)]


@pytest.mark.parametrize("width, height, mines", TINY_BOARDS)
def test_the_dead_test_is_the_brute_force_one(width, height, mines):
    """In random positions and in every position a digit may lead to, a cell is dead
    exactly when brute force finds one digit only where it is safe."""
    tiny = TinyGame(width, height, mines)
    rng = random.Random(width * height + mines)
    masks = tiny.geo.masks
    checked = {True: 0, False: 0}
    for seen, player, position in guessing_positions(tiny, rng, 60, lambda safe: rng.randint(1, max(1, len(safe) // 3))):
        fitting = tiny.fitting(seen)
        layouts = Layouts(masks, position, player.counter)
        scene = scene_of(position, layouts)
        for cell in cells_of(position.unknown):
            dead, _ = is_dead(masks, cell, scene.components, scene.counted, scene.interior, scene.mines_left, scene.unknown)
            assert dead == brute_dead(tiny, fitting, cell)
            checked[dead] = checked.get(dead, 0) + 1
        look = Look(masks, player.counts_memo, {}, 1e12)
        for cell in cells_of(position.unknown)[:3]:
            near = masks[cell] & position.unknown
            for digit in range(popcount(near) + 1):
                after = look.after(scene, cell, digit)
                part = [lay for lay in fitting if not lay >> cell & 1 and popcount(lay & near) == digit]
                assert (after.weight if after else 0) == len(part)
                for other in cells_of(after.unknown if after else 0):
                    dead, _ = is_dead(masks, other, after.components, after.counted, after.interior, after.mines_left, after.unknown)
                    assert dead == brute_dead(tiny, part, other)
    assert checked[True] and checked[False]  # both kinds met


@pytest.mark.parametrize("width, height, mines", TINY_BOARDS)
def test_the_next_safety_is_the_best_two_living_cells_by_brute_force(width, height, mines):
    """After each digit a cell may show, the look's two best living safeties are the
    brute-force ones (the interior, when uncertain, counts as living)."""
    tiny = TinyGame(width, height, mines)
    rng = random.Random(7 * width + mines)
    masks = tiny.geo.masks
    compared = 0
    for seen, player, position in guessing_positions(tiny, rng, 40, lambda safe: rng.randint(1, max(1, len(safe) // 3))):
        fitting = tiny.fitting(seen)
        scene = scene_of(position, Layouts(masks, position, player.counter))
        look = Look(masks, player.counts_memo, {}, 1e12)
        for cell in cells_of(position.unknown):
            near = masks[cell] & position.unknown
            for digit in range(popcount(near) + 1):
                part = [lay for lay in fitting if not lay >> cell & 1 and popcount(lay & near) == digit]
                if not part:
                    continue
                after = look.after(scene, cell, digit)
                top, _ = look.best_two(after)
                living = []
                for other in cells_of(after.unknown):
                    safe = [lay for lay in part if not lay >> other & 1]
                    share = len(safe) / len(part)
                    if safe and (brute_dead(tiny, part, other) is False or (after.interior >> other & 1 and share < 1)):
                        living.append(share)
                assert top == pytest.approx(sorted(living, reverse=True)[:2], abs=1e-9)
                compared += 1
    assert compared > 50


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
                    if layouts.weight > classic_player.PERFECT_LAYOUTS:
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
        safety = {c: 1.0 - p for cells, p in zip(position.result.class_masks, position.result.class_probs) for c in cells_of(cells & unknown)}
        for c in cells_of(position.interior & unknown):
            safety[c] = 1.0 - position.result.interior_prob
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


def test_paired_counts_and_interval():
    a = [1, 1, 0, 0, 1, 0, 1, 0, 0, 0]
    b = [1, 0, 1, 1, 1, 1, 1, 0, 0, 1]
    r = paired(a, b)
    assert (r.games, r.wins_a, r.wins_b, r.only_a, r.only_b) == (10, 4, 7, 1, 4)
    assert r.difference == pytest.approx(0.3)
    assert r.low < 0.3 < r.high
    assert mcnemar(0, 5) == pytest.approx(2 / 32)  # all five discordant one way: 2 x (1/2)^5
    assert mcnemar(3, 3) == 1.0
    assert paired(a, a).only_a == paired(a, a).only_b == 0


def test_paired_play_is_each_rule_played_alone():
    """Each rule's outcomes in a paired run are those of its own run on the same games."""
    outcomes, _, _ = play_paired("beginner", "classic", 12, 3, ["risk", "window"])
    for guess, won in zip(["risk", "window"], outcomes):
        alone = [play_game(*LEVELS["beginner"], "classic", classic_referee.game_seed(3, i), guess=guess)[0] for i in range(12)]
        assert list(won) == [int(w) for w in alone]


def test_every_guess_rule_is_accepted_and_no_other():
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
    monkeypatch.setattr(classic_player, "PERFECT_LAYOUTS", 0)
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


def test_the_classic_command_compares_rules_on_the_same_games(tmp_path, capsys):
    from solver.cli import main

    record = tmp_path / "outcomes.txt"
    assert main(["classic", "--level", "beginner", "--games", "6", "--seed", "3", "--compare", "risk,window", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "| window vs risk |" in out and "McNemar" in out
    lines = record.read_text().splitlines()
    assert lines[0] == "# classic beginner classic 3 6"
    assert [line.split("\t")[0] for line in lines[1:]] == ["risk", "window"]
    alone = [play_game(*LEVELS["beginner"], "classic", classic_referee.game_seed(3, i), guess="window")[0] for i in range(6)]
    assert lines[2].split("\t")[1] == "".join("1" if won else "0" for won in alone)
    # recorded rules are not played again, and the comparison is the same
    assert main(["classic", "--level", "beginner", "--games", "5", "--seed", "3", "--compare", "window,risk", "--reuse", str(record)]) == 0
    again = capsys.readouterr().out
    assert "| window | %d |" % sum(alone[:5]) in again and "recorded" in again
    assert main(["classic", "--level", "beginner", "--games", "6", "--seed", "4", "--compare", "window,risk", "--reuse", str(record)]) == 2
    assert main(["classic", "--games", "2", "--compare", "risk"]) == 2  # one rule is no comparison
