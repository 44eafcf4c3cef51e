"""`solve --look`: every board of the run, in every worker, plays with the lookahead's
policy (lookahead.looking, set for the process by player.set_policy), and the boards
played after the command are the contest policy's again."""

from solver.cli import main
from solver.contest.oneboard import select_text, task_of
from solver.engine.lookahead import looking
from solver.engine.player import play
from solver.official.generator import generate_pack
from solver.official.judge import Judge
from solver.official.packs import format_pack


def select_list(boards, policy=None):
    """The select list of `boards` played one by one with `policy` (None: the process's)."""
    texts = []
    for board in boards:
        judge = Judge(board)
        play(task_of(board), judge.view(), policy=policy)
        texts.append(select_text(board, judge.clicks))
    return "".join(texts)


def test_solve_look_plays_every_board_with_the_lookahead_and_no_board_after(tmp_path, capsys):
    boards = generate_pack(40, "both", "ultra")
    path = tmp_path / "pack.txt"
    path.write_text(format_pack(boards), encoding="utf-8")
    plain, looked = select_list(boards), select_list(boards, looking)
    assert plain != looked, "the lookahead changed no guess on 40 ultra boards"
    assert main(["solve", "--look", "--workers", "2", str(path)]) == 0
    assert capsys.readouterr().out == looked  # the forked workers played with it too
    assert select_list(boards) == plain  # the process's policy is the contest's again
    assert main(["solve", "--workers", "1", str(path)]) == 0
    assert capsys.readouterr().out == plain
