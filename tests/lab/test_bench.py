"""Tests for solver.lab.bench: its figures are the contest's own, whatever the timing.

Speeds are not asserted here (they are measured by running `bench`); what is checked
is that the ratio, hits and mean are the official scores of the player's clicks and
that repeating a board for a steadier time changes none of them.
"""

import subprocess
import sys
from pathlib import Path

from support.judging import oracle_2025, play_board

from solver.engine.lookahead import looking
from solver.lab.bench import bench_pack
from solver.official.generator import generate_pack

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_bench_figures_are_the_scores_of_the_plays():
    boards = generate_pack(60, "both", "dangerous")
    played = [play_board(board) for board in boards]
    expected_ratio = sum(max(0, score) for _, score, _ in played) / sum(oracle_2025(b) for b in boards)
    once = bench_pack(boards)
    assert once["boards"] == 60
    assert abs(once["ratio"] - expected_ratio) < 1e-12
    assert abs(once["hits"] - sum(hits for _, _, hits in played) / 60) < 1e-12
    guesses = []

    def watch(step):
        if step.kind in ("guess", "endgame"):
            guesses.append(step.p)

    for board in boards:
        play_board(board, watch=watch)
    assert guesses and abs(once["risk"] - sum(guesses) / 60) < 1e-12
    assert once["slowest_ms"] > 0 and once["slowest_name"] in {b.name for b in boards}
    twice = bench_pack(boards, repeat=2)
    assert [twice[k] for k in ("ratio", "hits", "risk", "mean")] == [once[k] for k in ("ratio", "hits", "risk", "mean")]


def test_bench_command_prints_one_line_per_pack():
    result = subprocess.run(
        [sys.executable, "-m", "solver", "bench", "--gen", "30", "both", "low", "--gen", "20", "auto", "middle", "--repeat", "2"],
        cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["pack", "boards", "ratio"]
    assert [line.split()[:2] for line in lines[1:]] == [
        ["board_pack_30_both_low", "30"],
        ["board_pack_20_auto_middle", "20"],
    ]


def test_look_reaches_the_player_and_bench_scores_its_plays():
    boards = generate_pack(40, "both", "ultra")
    plain = [play_board(board) for board in boards]
    looked = [play_board(board, look=True) for board in boards]
    assert any(a[0] != b[0] for a, b in zip(plain, looked)), "the lookahead changed no guess on 40 ultra boards"
    expected_ratio = sum(max(0, score) for _, score, _ in looked) / sum(oracle_2025(b) for b in boards)
    assert abs(bench_pack(boards, policy=looking)["ratio"] - expected_ratio) < 1e-12


def test_the_contest_columns_are_what_a_fresh_entry_run_printed(tmp_path, capsys, monkeypatch):
    # bench plays the whole pack first; a 2-second run in the same process would then find
    # the pack's positions remembered and play about twice the boards the entry can
    # (measured 3,319 against 1,610).  So the columns are bundlerun.run_entry's, given
    # the pack: a fresh process (no test here compares two timed runs: the clock decides those).
    from solver.cli import main
    from solver.lab import bench
    from solver.lab.bundlerun import Run
    from solver.official.generator import pack_text
    from solver.official.packs import read_pack

    boards = generate_pack(30, "none", "low", 2026)
    path = tmp_path / "pack.txt"
    path.write_text(pack_text(boards), encoding="utf-8")
    given = []

    def entry(text, budget=None, python=None, timeout=120):
        given.append(text)
        return Run(played=17, boards=30, seconds=1.9, score=12.5, select="", shown="12.3456", wall=2.0)

    monkeypatch.setattr(bench, "run_entry", entry)
    assert main(["bench", str(path), "--contest"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[-2:] == ["12.3456", "17"]
    assert [b.digits for b in read_pack(given[0])[0]] == [b.digits for b in boards]


def test_run_entry_plays_this_trees_entry_cold_as_the_bundle_does():
    from solver.lab.bundlerun import run_bundle, run_entry
    from solver.official.generator import pack_text

    text = pack_text(generate_pack(30, "both", "serious", 2026))
    entry, bundle = run_entry(text, budget=0), run_bundle(text, budget=0)
    assert entry.played == entry.boards == 30 and entry.select == bundle.select and entry.shown == bundle.shown
