"""The player's public facts: what a board's name may tell it, and when it must not."""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_strategies import boards, digits_for
from support.judging import play_board, safe_left

from solver.contest.oneboard import task_of
from solver.engine.endgame import ENDGAME_CELLS
from solver.engine.lookahead import looking
from solver.engine.memories import forget_run
from solver.engine.player import play
from solver.grid.geometry import geometry
from solver.official.board import MINE, make_board, name_promise_kept
from solver.official.generator import board_from_name, generate_pack
from solver.official.judge import Judge
from solver.official.safezone import safe_cells


def board_with_mines(width, height, mines, name):
    geo = geometry(width, height)
    cells = [MINE if c in mines else sum(n in mines for n in geo.neighbours[c]) for c in range(geo.size)]
    return make_board(width, height, name, cells)


def test_an_official_name_gives_mine_count_and_safe_cells():
    board = board_from_name("board_9x9_10_7_both")
    assert name_promise_kept(board)
    task = task_of(board)
    assert task.mines == 10
    assert task.safe_cells == safe_cells(9, 9, 10, "both")
    assert task.safe_cells  # the official rule keeps corners and centre free here


def test_a_name_that_lies_is_not_trusted():
    # a mine on a corner the 'both' rule keeps free: the name's promise is broken
    board = board_with_mines(9, 9, {0, 40, 41, 50}, "board_9x9_4_1_both")
    assert not name_promise_kept(board)
    task = task_of(board, None, name_promise_kept(board))
    assert task.mines is None and task.safe_cells == ()
    assert task_of(board) == task  # what the default makes of it
    clicks, _, _ = play_board(board)
    # the player had to guess its first click instead of taking the corner as certain
    assert clicks and len(set(clicks)) == len(clicks)
    # a wrong mine count in the name breaks the promise too
    assert not name_promise_kept(board_with_mines(9, 9, {40, 41}, "board_9x9_3_1_none"))


@given(st.integers(2, 9), st.integers(2, 9), st.sets(st.integers(0, 80), max_size=20),
       st.sampled_from(["both", "none", "auto", "corner", "center"]), st.integers(0, 20), st.booleans())
@settings(max_examples=300, deadline=None)
def test_by_default_the_name_is_trusted_when_it_keeps_its_promise(width, height, mine_set, mode, named, header):
    """task_of checks the promise only where trusting the name changes the Task: the same
    Task as checking it always, on names that tell the truth or lie, in both forms."""
    mines = {c for c in mine_set if c < width * height}
    board = board_with_mines(width, height, mines, "board_%dx%d_%d_1_%s" % (width, height, named, mode))
    if header:  # the ADC2026 form: the header tells the mine count
        board = board._replace(mines=len(mines), form=2026)
    assert task_of(board) == task_of(board, None, name_promise_kept(board))


def test_the_player_never_clicks_an_open_cell_and_stops_when_done():
    done = 0
    for name in ("board_12x10_20_5_both", "board_16x16_60_11_auto", "board_10x10_25_3_none", "board_9x9_10_2_both"):
        board = board_from_name(name)
        judge = Judge(board)
        play(task_of(board), judge.view())
        cells = judge.clicks
        replay = Judge(board)
        for k, cell in enumerate(cells):
            assert replay.open(cell), "clicked a cell that was already open"
            if safe_left(replay) == 0:  # everything safe is open: the mine count says so, stop
                assert k == len(cells) - 1, "%s: %d clicks after the last safe cell" % (name, len(cells) - 1 - k)
                done += 1
    assert done  # the check above ran


def test_the_first_mine_on_a_board_without_safe_cells_counts():
    from support.judging import score_2025

    from solver.official.rules import RULES

    board = make_board(2, 2, "all_mines", [MINE] * 4)
    judge = Judge(board)
    for cell in range(4):
        judge.open(cell)
    clicks = [(c % 2, c // 2) for c in range(4)]
    # the official page scores the first mine, then closes the board (no safe cell is left)
    assert score_2025(board, clicks) == -20
    assert RULES[2025].score(judge.outcome()) == -20
    assert RULES[2026].score(judge.outcome()) == -10000  # every click counts: 4 of 4 mines


@given(st.integers(2, 4), st.integers(2, 4), st.sampled_from((2025, 2026)), st.data())
@settings(max_examples=150, deadline=None)
def test_the_player_never_leaves_a_certain_safe_cell_closed(width, height, rule, data):
    """Whatever it stopped for, no closed cell is safe in every layout that fits what it
    saw (the digits it opened, the mines it hit, the mine count): clicking such a cell
    can only gain.  Mines hit are open but still count towards the total."""
    from itertools import combinations

    size = width * height
    mines = data.draw(st.sets(st.integers(0, size - 1), max_size=size - 1))
    board = board_with_mines(width, height, mines, "any")
    task = task_of(board, rule)._replace(mines=len(mines))
    judge = Judge(board)
    play(task, judge.view())
    masks = geometry(width, height).masks
    hit = sum(1 << c for c in judge.clicks if c in mines)
    digits = [c for c in range(size) if judge.opened >> c & 1 and c not in mines]
    closed = [c for c in range(size) if not judge.opened >> c & 1]
    may_be_mine = 0
    for chosen in combinations(closed, len(mines) - bin(hit).count("1")):
        layout = sum(1 << c for c in chosen) | hit
        if all(bin(masks[c] & layout).count("1") == board.cells[c] for c in digits):
            may_be_mine |= layout
    assert all(may_be_mine >> c & 1 for c in closed), "a closed cell was certainly safe"


@given(boards(max_side=9), st.sampled_from((2025, 2026)), st.booleans())
@settings(max_examples=120, deadline=None)
def test_the_knowledge_keeps_its_invariants_after_every_step(board, rule, look):
    """Knowledge.check() after each step the player takes (open and single digits,
    pairs, counting), on random boards under both rules: no cell both safe and a mine,
    no digit of a closed cell, opened mines exactly the hits."""
    import solver.engine.player as player

    steps = ("settle", "learn_pairs", "count")
    originals = {name: getattr(player, name) for name in steps}
    checked = []

    def checking(step):
        def run(knowledge, *args):
            result = step(knowledge, *args)
            knowledge.check()
            checked.append(step.__name__)
            return result

        return run

    try:
        for name in steps:
            setattr(player, name, checking(originals[name]))
        judge = Judge(board)
        play(task_of(board, rule), judge.view(), policy=looking if look else None)
    finally:
        for name in steps:
            setattr(player, name, originals[name])
    assert checked or not judge.clicks  # the steps ran (an all-mine board may need none)


def test_the_invariant_check_catches_a_broken_knowledge():
    from solver.engine.player import Knowledge

    knowledge = Knowledge(geometry(3, 3), (0,))
    knowledge.check()
    knowledge.mines = 1  # cell 0 is known safe: it cannot be a known mine too
    with pytest.raises(AssertionError, match="both safe and a mine"):
        knowledge.check()


def _hurried_and_full(board, rule, endgame=True):
    """(clicks played in a hurry, clicks of the full play) of one board; without the
    exact endgame in the full play when `endgame` is False (a hurried board has none)."""
    import solver.engine.policy as policy

    task = task_of(board, rule)
    hurried, full = Judge(board), Judge(board)
    play(task, hurried.view(), hurry=True)
    saved = policy.ENDGAME_CELLS
    policy.ENDGAME_CELLS = saved if endgame else -1
    try:
        play(task, full.view())
    finally:
        policy.ENDGAME_CELLS = saved
    return hurried.clicks, full.clicks


@given(st.integers(4, 12), st.integers(4, 12), st.floats(0.1, 0.3), st.integers(1, 10**6), st.sampled_from((2025, 2026)))
@settings(max_examples=80, deadline=None)
def test_a_hurried_board_is_its_full_play_cut_short(width, height, density, seed, rule):
    """In a hurry the player makes the clicks it makes without the exact endgame and may
    stop sooner: only under the 2026 rule (2025 charges every safe digit left closed:
    its hurried play is its full play), and only once the board's score has reached the
    rule's hurried share."""
    from support.judging import score_2026

    from solver.official.rules import RULES

    board = board_from_name("board_%dx%d_%d_%d_none" % (width, height, max(3, round(density * width * height)), seed))
    hurried, full = _hurried_and_full(board, rule, endgame=rule != 2026)
    assert hurried == full[: len(hurried)]
    if hurried != full:
        assert rule == 2026
        clicks = [(c % width, c // width) for c in hurried]
        assert score_2026(board, clicks) >= RULES[2026].hurried_share


def test_hurry_leaves_the_last_guesses_of_dense_2026_boards():
    """Not vacuous: on dense blind boards some plays stop short, and the clicks they
    leave are the risky end of the board (fewer mines hit in all)."""
    boards = generate_pack(40, "none", "serious")
    shorter = hits_saved = 0
    for board in boards:
        hurried, full = _hurried_and_full(board, 2026)
        if len(hurried) < len(full):
            shorter += 1
            hits_saved += sum(board.cells[c] == MINE for c in full[len(hurried):])
    assert shorter >= 10 and hits_saved > 0


@st.composite
def sibling_boards(draw):
    """Several 2026-form boards of one size and mine count (as a pack's boards of one
    shape), mines placed at random, each played blind."""
    width, height = draw(st.integers(2, 7)), draw(st.integers(2, 7))
    size = width * height
    mines = draw(st.integers(1, max(1, size // 3)))
    out = []
    for k in range(draw(st.integers(2, 6))):
        rng = draw(st.randoms(use_true_random=False))
        mine_cells = set(rng.sample(range(size), mines))
        out.append(make_board(width, height, "b%d" % k, digits_for(width, height, mine_cells), mines=mines, form=2026))
    return out


@given(sibling_boards(), st.booleans())
@settings(max_examples=int(os.environ.get("MEMORY_EXAMPLES", "150")), deadline=None)
def test_a_position_answered_from_the_run_memory_is_played_as_counted(siblings, hurry):
    """The run-wide stall memory (player.STALLS) answers a position met before, on any
    board of the run, exactly as the steps would: each board of a run of boards of one
    shape makes the clicks it makes played alone in a fresh run; forget_run empties it."""
    import solver.engine.player as player

    def clicks(board):
        judge = Judge(board)
        play(task_of(board), judge.view(), hurry=hurry)
        return judge.clicks

    alone = []
    for board in siblings:
        forget_run()
        alone.append(clicks(board))
    forget_run()
    assert [clicks(board) for board in siblings] == alone
    if hurry or siblings[0].width * siblings[0].height > ENDGAME_CELLS:
        assert player.STALLS  # the run remembered positions (a blind first move at least)
    forget_run()
    assert not player.STALLS
