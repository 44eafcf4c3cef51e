"""Tests for solver.official.rules and the `score` command (solver.official.scorer) against the official rules.

ADC2025 (msselect.js accessCell / countScore / checkRemains / finishSelection /
SummaryTable): an opened safe cell adds its digit, a mine click -20, the board closes
once no safe cell is left, unopened safe cells cost their digit, a negative board
counts 0.  ADC2026: opened_safe/total_safe - opened_mines/total_mines, truncated to
four decimals (CONTEST.md), every click counts, negatives kept.
"""

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import reference_scorer as reference
from support.board_strategies import boards, mine_cells, safe_cells, xy_of
from support.judging import oracle_2025, reveal, safe_left, score_2025, score_2026
from support.official_data import SAMPLE_2025 as SAMPLE
from support.official_data import official_file, official_text

from solver.cli import main as cli_main
from solver.official.board import board_header, make_board
from solver.official.generator import board_from_name
from solver.official.judge import Judge
from solver.official.packs import format_pack
from solver.official.rules import RULES
from solver.official.scorer import score_select
from solver.official.selects import format_select

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SAMPLE_SCORES = [68, 88, 93, 54, 63, 4, 94, 67, 40, 18]

# 3x3, mines at the centre and the top-left corner: every safe cell touches the centre,
# so no click floods.  Digits: 9 2 1 / 2 9 1 / 1 1 1; 7 safe cells (sum 9), 2 mines.
RING = make_board(3, 3, "board_ring", (9, 2, 1, 2, 9, 1, 1, 1, 1), mines=2, form=2026)
RING_SAFE = [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
RING_MINES = [(0, 0), (1, 1)]


def clicks_of(board, cells):
    """(x, y) clicks for a list of cells."""
    return [xy_of(board, cell) for cell in cells]


def truncated(value):
    """`value` truncated toward zero to four decimals, exactly."""
    return Fraction(int(value * 10000), 10000)


# ------------------------------------------------------------------- the official sample


def test_official_sample_scores():
    rows, total, errors, rule = score_select(official_text(SAMPLE))
    assert errors == [] and rule == 2025
    assert [score for _, score, _ in rows] == SAMPLE_SCORES
    assert [name for name, _, _ in rows][:2] == ["board_8x14_10_1_auto", "board_11x19_12_13_auto"]
    assert total == 589


def test_official_sample_through_the_command_line(capsys):
    result = subprocess.run(
        [sys.executable, "-m", "solver", "score", "--boards", str(official_file(SAMPLE))],
        cwd=str(PROJECT_ROOT), capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "total 589"
    assert [int(line.split()[1]) for line in lines[:-1]] == SAMPLE_SCORES
    # without --boards, the total alone (it printed a line a board: 4,429 lines for one ADC2026 run; issue 46, item 14)
    assert cli_main(["score", str(official_file(SAMPLE))]) == 0
    assert capsys.readouterr().out == "total 589\n"


def test_official_sample_csv(capsys):
    assert cli_main(["score", "--csv", str(official_file(SAMPLE))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "trial,boardname,score,total"
    rows = [line.split(",") for line in lines[1:]]
    assert [int(r[0]) for r in rows] == list(range(1, 11))
    assert rows[0][1] == "board_8x14_10_1_auto"
    assert [int(r[2]) for r in rows] == SAMPLE_SCORES
    running = [sum(SAMPLE_SCORES[: i + 1]) for i in range(10)]
    assert [int(r[3]) for r in rows] == running and running[-1] == 589


# ------------------------------------------------------------------- properties, 2025 and 2026


@given(boards())
def test_every_safe_click_scores_the_oracle_and_one(board):
    safe = safe_cells(board)
    clicks = clicks_of(board, safe)
    assert score_2025(board, clicks) == oracle_2025(board)
    if safe:
        assert score_2026(board, clicks) == 1
    assert score_2025(board, []) == -oracle_2025(board)


@given(st.data())
def test_order_of_safe_clicks_does_not_matter(data):
    board = data.draw(boards())
    safe = safe_cells(board)
    subset = data.draw(st.lists(st.sampled_from(safe), unique=True) if safe else st.just([]))
    shuffled = data.draw(st.permutations(subset))
    for score in (score_2025, score_2026):
        assert score(board, clicks_of(board, subset)) == score(board, clicks_of(board, shuffled))


@given(st.data())
def test_a_mine_click_costs_exactly_twenty_while_open(data):
    board = data.draw(boards())
    mines = mine_cells(board)
    assume(mines)
    safe = safe_cells(board)
    prefix = data.draw(st.lists(st.sampled_from(safe), unique=True) if safe else st.just([]))
    judge = Judge(board)
    for cell in prefix:
        reveal(judge, cell)
    assume(safe_left(judge) > 0)  # not yet closed
    mine = data.draw(st.sampled_from(mines))
    before = score_2025(board, clicks_of(board, prefix))
    assert score_2025(board, clicks_of(board, prefix + [mine])) == before - RULES[2025].mine_penalty
    # and a later click on the same mine costs nothing more
    assert score_2025(board, clicks_of(board, prefix + [mine, mine])) == before - RULES[2025].mine_penalty


@given(st.data())
def test_clicks_after_close_are_ignored_in_2025_but_count_in_2026(data):
    board = data.draw(boards())
    mines, safe = mine_cells(board), safe_cells(board)
    assume(mines and safe)
    after = data.draw(st.lists(st.sampled_from(mines), min_size=1, unique=True))
    clicks = clicks_of(board, safe + after)
    assert score_2025(board, clicks) == oracle_2025(board)
    assert score_2026(board, clicks) == truncated(1 - Fraction(len(after), len(mines)))


@given(st.data())
def test_a_click_on_an_opened_cell_does_nothing(data):
    board = data.draw(boards())
    cells = data.draw(st.lists(st.integers(0, len(board.cells) - 1), min_size=1, max_size=12))
    judge = Judge(board)
    for cell in cells:
        reveal(judge, cell)
    opened = [c for c in range(len(board.cells)) if judge.opened >> c & 1]
    again = data.draw(st.sampled_from(opened))
    for score in (score_2025, score_2026):
        assert score(board, clicks_of(board, cells + [again])) == score(board, clicks_of(board, cells))


def test_mine_click_after_close_is_ignored_in_2025_example():
    # all safe cells of RING opened (7 digits, sum 9), then both mines clicked
    assert score_2025(RING, RING_SAFE) == 9 == oracle_2025(RING)
    assert score_2025(RING, RING_SAFE + RING_MINES) == 9
    assert score_2025(RING, RING_SAFE[:-1] + RING_MINES + RING_SAFE[-1:]) == 9 - 40
    assert score_2026(RING, RING_SAFE + RING_MINES) == 0


def test_unopened_mines_cost_nothing_and_unopened_digits_cost_their_value():
    assert score_2025(RING, []) == -9
    assert score_2025(RING, [(1, 0)]) == 2 - 7
    assert score_2025(RING, [(1, 1)]) == -20 - 9


# ------------------------------------------------------------------- 2026 truncation


@pytest.mark.parametrize(
    "clicks, expected",
    [
        (RING_SAFE[:2], Fraction(2857, 10000)),  # 2/7 = 0.285714...
        (RING_SAFE[:5], Fraction(7142, 10000)),  # 5/7 = 0.714285... (rounding would give 0.7143)
        (RING_SAFE[:1] + RING_MINES[:1], Fraction(-3571, 10000)),  # 1/7 - 1/2 = -0.357142...
        (RING_SAFE[:6] + RING_MINES, Fraction(-1428, 10000)),  # 6/7 - 1 = -0.142857... (not -0.1429)
        (RING_MINES, Fraction(-1)),
        (RING_SAFE, Fraction(1)),
        ([], Fraction(0)),
    ],
)
def test_2026_score_is_truncated_toward_zero_to_four_decimals(clicks, expected):
    assert score_2026(RING, clicks) == expected


def test_2026_negatives_are_kept_in_the_total(tmp_path, capsys):
    pack = tmp_path / "pack.txt"
    pack.write_text(format_pack([RING]))
    select = tmp_path / "select.txt"
    select.write_text(
        format_select(board_header(RING), RING_SAFE[:6] + RING_MINES)  # -0.1428
        + format_select(board_header(RING), RING_SAFE[:2])  # 0.2857
    )
    rows, total, errors, rule = score_select(select.read_text(), pack.read_text())
    assert errors == [] and rule == 2026
    assert [score for _, score, _ in rows] == [Fraction(-1428, 10000), Fraction(2857, 10000)]
    assert total == Fraction(1429, 10000)
    assert cli_main(["score", "--boards", "--pack", str(pack), str(select)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "board_ring -0.1428", "board_ring 0.2857", "total 0.1429",
    ]


# ------------------------------------------------------------------- the summary


@pytest.fixture
def ring_files(tmp_path):
    """A pack holding RING in the 2025 form, and a function writing a select list beside it."""
    board = RING._replace(mines=None, form=2025)
    pack = tmp_path / "pack.txt"
    pack.write_text(format_pack([board]))

    def select(*plays):
        path = tmp_path / "select.txt"
        path.write_text("".join(format_select(board_header(board), clicks) for clicks in plays))
        return path

    return pack, select


def test_a_negative_board_counts_zero_but_shows_its_score(ring_files, capsys):
    pack, select = ring_files
    path = select(RING_MINES[:1], RING_SAFE)  # -20 - 9, then 9
    rows, total, errors, _ = score_select(path.read_text(), pack.read_text())
    assert errors == []
    assert rows == [("board_ring", -29, 0), ("board_ring", 9, 9)] and total == 9
    assert cli_main(["score", "--boards", "--pack", str(pack), str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == ["board_ring -29 (counts 0)", "board_ring 9", "total 9"]
    assert cli_main(["score", "--csv", "--pack", str(pack), str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "trial,boardname,score,total", "1,board_ring,0,0", "2,board_ring,9,9",
    ]


def test_a_board_listed_twice_is_scored_twice(ring_files):
    pack, select = ring_files
    path = select(RING_SAFE[:5], RING_SAFE[:5])
    rows, total, errors, _ = score_select(path.read_text(), pack.read_text())
    assert errors == []
    once = score_2025(RING, RING_SAFE[:5])
    assert once == 7 - 2
    assert [score for _, score, _ in rows] == [once, once] and total == 2 * once


@pytest.mark.parametrize("bad_click", [(3, 0), (0, 3), (7, 9)])
def test_an_out_of_range_click_rejects_the_whole_file(ring_files, capsys, bad_click):
    pack, select = ring_files
    path = select(RING_SAFE[:5], RING_SAFE[:1] + [bad_click] + RING_SAFE[1:5])
    # the bad click is on line 1 + 5 + 1 + 1 + 1 = 9
    assert cli_main(["score", "--pack", str(pack), str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "line 9:" in captured.err and "out of range" in captured.err
    assert len(captured.err.splitlines()) == 2  # the bad line, then the rejection
    assert cli_main(["score", "--lenient", "--pack", str(pack), str(path)]) == 0
    expected = 2 * score_2025(RING, RING_SAFE[:5])
    assert expected == 10
    assert capsys.readouterr().out.splitlines()[-1] == "total %d" % expected


def test_a_malformed_click_line_rejects_the_whole_file(ring_files, capsys):
    pack, select = ring_files
    path = select(RING_SAFE[:2])
    path.write_text(path.read_text() + "1 x\n")
    assert cli_main(["score", "--pack", str(pack), str(path)]) == 1
    assert "line 4:" in capsys.readouterr().err


def test_the_command_line_reads_stdin():
    lines = official_text(SAMPLE).splitlines()
    first_board = "\n".join(lines[: lines.index("11 19 board_11x19_12_13_auto")]) + "\n"
    result = subprocess.run(
        [sys.executable, "-m", "solver", "score", "-"],
        cwd=str(PROJECT_ROOT), input=first_board, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["total 68"]


def test_a_board_name_that_cannot_be_regenerated_rejects_the_file(tmp_path, capsys):
    path = tmp_path / "select.txt"
    path.write_text(format_select(board_header(RING), RING_SAFE))
    assert cli_main(["score", str(path)]) == 1
    assert "board_ring" in capsys.readouterr().err


def summary_score(rule, board, clicks):
    """What a board adds to the official summary: 2025 negatives count 0."""
    return score_2026(board, clicks) if rule == 2026 else max(0, score_2025(board, clicks))


@settings(max_examples=30)
@given(st.data())
def test_scorer_agrees_with_rules_on_random_plays(data):
    made = data.draw(st.lists(boards(names=st.sampled_from(["board_p", "board_q", "board_r"])), min_size=1, max_size=3))
    plays = []
    for board in made:
        size = len(board.cells)
        plays.append((board, data.draw(st.lists(st.integers(0, size - 1), max_size=10))))
    pack = format_pack(made)
    select = "".join(format_select(board_header(b), clicks_of(b, cells)) for b, cells in plays)
    # the pack's first board of a name is the one scored, clicks at its own width*y + x
    first = {}
    for board in made:
        first.setdefault(board.name, board)
    past = any(
        first[b.name].width * y + x >= len(first[b.name].cells) for b, cells in plays for x, y in clicks_of(b, cells)
    )
    for rule in (2025, 2026):
        rows, total, errors, _ = score_select(select, pack, rule)
        if past:  # a click past that board's last cell: the page's script stops, the file is refused
            assert errors and rows == []
            continue
        assert errors == []
        expected = [summary_score(rule, first[b.name], clicks_of(b, cells)) for b, cells in plays]
        assert [counted for _, _, counted in rows] == expected
        assert total == sum(expected)


# ------------------------------------------------------------------- hostile select lists (issue 12)


def run_score(args, stdin=b"", env=None):
    """`python -m solver score ARGS` as a process: (status, stdout, stderr) as text."""
    result = subprocess.run(
        [sys.executable, "-m", "solver", "score"] + args, cwd=str(PROJECT_ROOT), input=stdin,
        capture_output=True, timeout=60, env=env,
    )
    return result.returncode, result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")


def test_score_reads_stdin_bytes_under_a_strict_locale():
    # a Latin-1 byte in a select list on stdin once crashed with a UnicodeDecodeError;
    # it is decoded with replacement, and the line it spoils is named
    first = official_text(SAMPLE).split("11 19 ")[0].encode("ascii")
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    status, out, err = run_score(["-"], first + b"0 \xff\n", env)
    assert "Traceback" not in err and status == 1
    assert "line 19:" in err and "not a cell location" in err
    status, out, err = run_score(["-", "--lenient", "--boards"], first + b"0 \xff\n", env)
    assert status == 0 and out.splitlines() == ["board_8x14_10_1_auto 68", "total 68"]


def test_score_reads_old_mac_line_ends_as_the_page_does_and_says_so():
    # the page ends lines only at LF and CRLF: a list of lone CRs is one line to it, a
    # header and no click (it once scored 68 here, read as LF line ends)
    first = official_text(SAMPLE).split("11 19 ")[0].replace("\r\n", "\n")
    mac = first.replace("\n", "\r")
    page = reference.score_select_list(
        mac, {}, 2025, lambda name: (lambda b: (b.width, b.height, b.digits))(board_from_name(name, 2025)))[1]
    status, out, err = run_score(["-"], mac.encode("ascii"))
    assert status == 0 and out.splitlines()[-1] == "total %d" % page == "total 0"
    assert len(err.splitlines()) == 1 and err.startswith("warning: line 1: a lone CR"), err


# board_8x14_10_1_both: clicks under a header of another size, each opening cell 8*y + x
# of the board the page regenerates (x below 8: the cell it names; x of 8 or more: another)
WRONG_SIZE_CLICKS = [(0, 0), (10, 1), (2, 13)]


@pytest.mark.parametrize("header", ["20 20 board_8x14_10_1_both", "8 20 board_8x14_10_1_both", "9 14 board_8x14_10_1_both"])
def test_a_header_of_another_size_is_scored_as_the_page_does_and_said(tmp_path, header):
    clicks = [(x, y) for x, y in WRONG_SIZE_CLICKS if x < int(header.split()[0])]
    path = tmp_path / "select.txt"
    path.write_text(format_select(header, clicks))
    board = board_from_name("board_8x14_10_1_both")
    page_rows, page_total = reference.score_select_list(path.read_text(), {}, 2025, lambda n: _page_board(board))
    status, out, err = run_score([str(path), "--boards"])
    assert status == 0
    (_, page_score, counted), = page_rows
    note = "" if page_score == counted else " (counts 0)"
    assert out.splitlines() == ["board_8x14_10_1_both %d%s" % (page_score, note), "total %d" % page_total]
    wrapped = sum(x >= 8 for x, _ in clicks)
    assert err.splitlines() == [
        "warning: line 1: the header says %s but board board_8x14_10_1_both is 8x14; scored as the official page "
        "does, a click (x, y) opening cell 8*y + x (%d click%s open another cell than named)"
        % ("x".join(header.split()[:2]), wrapped, "s"[: wrapped != 1])
    ]


def test_a_click_past_the_board_under_a_larger_header_rejects_the_file(tmp_path):
    # (7, 15) is in range for a 20x20 header, but 8*15 + 7 is past the 8x14 board's
    # last cell: the page's script fails there (cellElem of an absent cell)
    path = tmp_path / "select.txt"
    path.write_text(format_select("20 20 board_8x14_10_1_both", [(0, 0), (7, 15)]))
    with pytest.raises(reference.PageRejects):
        reference.score_select_list(path.read_text(), {}, 2025, lambda n: _page_board(board_from_name(n)))
    status, out, err = run_score([str(path)])
    assert status == 1 and out == ""
    assert "line 3: (7, 15) lands past the last cell of board_8x14_10_1_both (8x14" in err


def test_a_2026_header_with_another_mine_count_is_said(tmp_path):
    path = tmp_path / "select.txt"
    board = RING
    path.write_text(format_select("3 3 5 board_ring", RING_SAFE))
    pack = tmp_path / "pack.txt"
    pack.write_text(format_pack([board]))
    status, out, err = run_score(["--pack", str(pack), str(path)])
    assert status == 0 and out.splitlines()[-1] == "total 1.0000"
    assert err == "warning: line 1: the header says 5 mines but board board_ring has 2; the official page counts the board's\n"


def _page_board(board):
    return board.width, board.height, board.digits


def test_a_list_mixing_both_forms_is_totalled_per_rule(tmp_path):
    ring_2025 = RING._replace(name="board_old", mines=None, form=2025)
    pack = tmp_path / "pack.txt"
    pack.write_text(format_pack([ring_2025, RING]))
    path = tmp_path / "select.txt"
    path.write_text(format_select(board_header(ring_2025), RING_SAFE) + format_select(board_header(RING), RING_SAFE[:2]))
    status, out, err = run_score(["--pack", str(pack), "--boards", str(path)])
    assert status == 0
    assert out.splitlines() == ["board_old 9", "board_ring 0.2857", "total 2025 9", "total 2026 0.2857"]
    assert "mixes ADC2025 headers" in err
    status, out, err = run_score(["--pack", str(pack), "--csv", str(path)])
    assert status == 2 and "--rule" in err
    status, out, err = run_score(["--pack", str(pack), "--rule", "2025", "--boards", str(path)])
    assert status == 0 and out.splitlines() == ["board_old 9", "board_ring -3 (counts 0)", "total 9"]
