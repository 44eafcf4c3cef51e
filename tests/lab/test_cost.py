"""Tests for solver.lab.cost: the replay the instruction counts are taken on."""

import subprocess
import sys
from pathlib import Path

from solver.contest.oneboard import played, select_text
from solver.lab.cost import played_names, replay
from solver.official.generator import generate_pack
from solver.official.packs import format_pack

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_the_replay_plays_the_named_boards_in_pack_order_as_a_hurried_run():
    boards = generate_pack(12, "none", "high", 2026)
    text = format_pack(boards)
    named = [boards[k].name for k in (9, 2, 5)]  # in any order: the pack's order counts
    expected = "".join(select_text(b, played(b, hurry=True)[1].clicks) for b in (boards[2], boards[5], boards[9]))
    assert replay(text, named) == expected
    assert played_names(expected) == [boards[2].name, boards[5].name, boards[9].name]
    assert replay(text, named, 1) == expected[: expected.index(boards[5].name) - len("%d %d %d " % (
        boards[5].width, boards[5].height, boards[5].digits.count("9")))]
    assert replay(text, named, 0) == ""


def test_cost_refuses_no_boards_in_one_line():
    done = subprocess.run([sys.executable, "-m", "solver", "cost", "pack.txt", "run.sel", "--boards", "0"],
                          cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--boards" in done.stderr


def test_a_list_of_names_reads_as_the_select_list_it_came_from():
    select = "8 14 27 board_8x14_27_1_none\n0 0\n3 4\n5 5 6 board_5x5_6_9_none\n1 1\n"
    assert played_names(select) == played_names("board_8x14_27_1_none\nboard_5x5_6_9_none\n")
