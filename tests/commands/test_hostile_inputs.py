"""Hostile but fair input to the commands, class by class (issue 23).

Each test reproduces one way a user could hand the commands something odd, with the
project's own commands, and asserts what the command must do: judge a select list as
the official page does, lose no valid board, and end every refusal with one line on
stderr and a non-zero status, never a traceback.
"""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import reference_scorer as reference

from solver.cli import main as cli_main
from solver.contest.batch import solve_text
from solver.official.generator import board_from_name, generate_pack
from solver.official.packs import format_pack, read_pack

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def run_solver(*args, cwd=PROJECT_ROOT, stdin=None, input_text=None, extra="", timeout=300):
    """`python -m solver ARGS` in a subprocess (the project on the path): (status, stdout, stderr).
    `extra`: shell redirections such as '<&-' (then the command runs through sh)."""
    env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    command = [sys.executable, "-m", "solver"] + [str(a) for a in args]
    if extra:
        command = ["sh", "-c", " ".join("'%s'" % c.replace("'", "'\\''") for c in command) + " " + extra]
    done = subprocess.run(command, cwd=str(cwd), env=env, stdin=stdin, input=input_text,
                          capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def solved(pack_text):
    """The select list `solve` prints for a pack text (every board, no budget)."""
    out = io.StringIO()
    solve_text(pack_text, out=out, err=io.StringIO())
    return out.getvalue()


def page_total(select_text, form=2025):
    """The total the official page (the reference port) gives a select list, every
    board regenerated from its name: the page never sees the pack."""
    return reference.score_select_list(
        select_text, {}, form, lambda name: (lambda b: (b.width, b.height, b.digits))(board_from_name(name, form)))[1]


# ------------------------------------------------------------ 3: a bad board in the pack

def cut_rows(pack_text, k, rows=2):
    """The pack with `rows` digit rows cut out of its k-th board (0-based)."""
    lines = pack_text.split("\n")
    headers = [n for n, line in enumerate(lines) if line[:1].isdigit() and " " in line]
    del lines[headers[k] + 2 : headers[k] + 2 + rows]
    return "\n".join(lines)


GOOD = format_pack(generate_pack(5, "both", "middle"))
BAD_PACKS = {
    "two rows cut out of a board": cut_rows(GOOD, 1),
    "a stray first line": "hello there\n" + GOOD,
    "a 0-width header": "0 14 board_zero\n\n" + GOOD,
    "a header without a name": GOOD.replace("\n\n", "\n\n8 14\n00000000\n\n", 1),
    "an oversized board": GOOD + "\n101 1 board_big\n" + "0" * 101 + "\n",
}


@pytest.mark.parametrize("label", sorted(BAD_PACKS))
def test_score_with_a_pack_holding_a_bad_board_scores_the_valid_list(tmp_path, capsys, label):
    pack = tmp_path / "pack.txt"
    pack.write_text(BAD_PACKS[label], encoding="utf-8")
    select_text = solved(BAD_PACKS[label])
    select = tmp_path / "select.txt"
    select.write_text(select_text, encoding="utf-8")
    expected = page_total(select_text)
    assert expected > 0
    assert cli_main(["score", str(select), "--pack", str(pack)]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1] == "total %d" % expected
    warnings = captured.err.splitlines()
    assert warnings and all(line.startswith("warning: pack: ") for line in warnings), warnings


@pytest.mark.parametrize("label", sorted(BAD_PACKS))
def test_report_with_a_pack_holding_a_bad_board_writes_the_page(tmp_path, capsys, label):
    pack = tmp_path / "pack.txt"
    pack.write_text(BAD_PACKS[label], encoding="utf-8")
    select_text = solved(BAD_PACKS[label])
    select = tmp_path / "select.txt"
    select.write_text(select_text, encoding="utf-8")
    page = tmp_path / "report.html"
    assert cli_main(["report", str(select), "--pack", str(pack), "-o", str(page)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == str(page)
    assert all(line.startswith("warning: pack: ") for line in captured.err.splitlines())
    text = page.read_text(encoding="utf-8")
    assert '<td class="mssummary right" id="total">%d</td>' % page_total(select_text) in text


def test_a_board_listed_but_malformed_in_the_pack_is_regenerated_as_the_page_does(tmp_path, capsys):
    pack_text = cut_rows(GOOD, 1)
    select_text = solved(GOOD)  # all five boards, the second one among them
    pack = tmp_path / "pack.txt"
    pack.write_text(pack_text, encoding="utf-8")
    select = tmp_path / "select.txt"
    select.write_text(select_text, encoding="utf-8")
    assert cli_main(["score", str(select), "--pack", str(pack)]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1] == "total %d" % page_total(select_text)
    name = generate_pack(5, "both", "middle")[1].name
    assert any(name in line and "regenerates" in line for line in captured.err.splitlines())


# ------------------------------------------------------------ 5: a report of a mixed list

def test_report_of_a_list_mixing_both_forms_is_one_line_or_one_rule(tmp_path):
    boards = generate_pack(2, "both", "middle") + [b._replace(form=2026, mines=b.digits.count("9"))
                                                  for b in generate_pack(2, "corner", "low")]
    pack = tmp_path / "pack.txt"
    pack.write_text(format_pack(boards), encoding="utf-8")
    (tmp_path / "select.txt").write_text(solved(format_pack(boards)), encoding="utf-8")
    status, out, err = run_solver("report", "select.txt", "--pack", "pack.txt", cwd=tmp_path)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "--rule" in err
    for rule in ("2025", "2026"):
        status, out, err = run_solver("report", "select.txt", "--pack", "pack.txt", "--rule", rule, cwd=tmp_path)
        assert status == 0 and err == "", err
        assert "ADC%s rule" % rule in (tmp_path / "report.html").read_text(encoding="utf-8")


def assert_refused(result, status=None):
    """One line on stderr, a non-zero status (`status` when given), no traceback."""
    code, _, err = result
    assert code != 0 and (status is None or code == status), result
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err


# ------------------------------------------------------------ 6: output paths

@pytest.fixture
def played_pack(tmp_path):
    """A folder holding pack.txt (3 boards) and select.txt, the list solve makes of it."""
    text = format_pack(generate_pack(3, "both", "middle"))
    (tmp_path / "pack.txt").write_text(text, encoding="utf-8")
    (tmp_path / "select.txt").write_text(solved(text), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("args", [
    ["replay", "pack.txt", "board_8x14_16_1_both", "-o", "missing/r.html"],
    ["replay", "pack.txt", "board_8x14_16_1_both", "-o", "."],
    ["report", "select.txt", "--pack", "pack.txt", "-o", "nodir/x.html"],
    ["report", "select.txt", "--pack", "pack.txt", "--replays", "select.txt"],
])
def test_an_output_path_that_cannot_be_written_is_one_line(played_pack, args):
    before = sorted(os.listdir(played_pack))
    assert_refused(run_solver(*args, cwd=played_pack), 1)
    assert sorted(os.listdir(played_pack)) == before


@pytest.mark.parametrize("args", [
    ["replay", "pack.txt", "board_8x14_16_1_both", "-o", "-"],
    ["report", "select.txt", "--pack", "pack.txt", "-o", "-"],
])
def test_output_dash_writes_the_page_on_stdout(played_pack, args):
    status, out, err = run_solver(*args, cwd=played_pack)
    assert status == 0 and err == ""
    assert out.startswith("<!DOCTYPE html>") and out.endswith("</html>\n")
    assert not (played_pack / "-").exists()


# ------------------------------------------------------------ 4: a byte-order mark on a later line

BOM = "\ufeff"
FIRST = format_pack(generate_pack(3, "both", "middle"))
SECOND = format_pack(generate_pack(3, "corner", "low"))
JOINED = FIRST + BOM + SECOND  # as `cat a.txt bom.txt b.txt`: the BOM starts the second pack's first line


def test_two_packs_joined_with_a_bom_play_every_board_as_the_page_reads_them():
    out, err = io.StringIO(), io.StringIO()
    count, _ = solve_text(JOINED, out=out, err=err)
    assert count == 6 and "error" not in err.getvalue()
    page_names = list(reference.load_pack(JOINED, 2025))
    assert [line.split()[2] for line in out.getvalue().splitlines() if len(line.split()) == 3] == page_names


def test_the_bundle_plays_every_board_of_packs_joined_with_a_bom():
    env = dict(os.environ, SOLVER_BUDGET="0")
    done = subprocess.run([sys.executable, str(PROJECT_ROOT / "dist" / "paiza_main.py")], input=JOINED.encode("utf-8"),
                          capture_output=True, env=env, timeout=300)
    assert done.returncode == 0
    assert done.stdout.decode() == solved(JOINED)
    assert done.stderr.decode().startswith("boards 6/6 ")


def test_score_reads_a_select_list_with_a_bom_on_a_later_line_as_the_page_does(tmp_path, capsys):
    first, second = solved(FIRST), solved(SECOND)
    select = tmp_path / "select.txt"
    select.write_text(first + BOM + second, encoding="utf-8")
    assert cli_main(["score", str(select)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "total %d" % page_total(first + BOM + second)
    assert page_total(first + BOM + second) == page_total(first) + page_total(second)


def test_a_bom_inside_a_header_cuts_the_name_where_the_page_cuts_it():
    text = "3 2 board" + BOM + "x\n910\n110\n"
    boards, errors = read_pack(text)
    assert errors == [] and [b.name for b in boards] == list(reference.load_pack(text, 2025)) == ["board"]


# ------------------------------------------------------------ 7: stdin or stdout closed

EVERY_COMMAND = {  # a run of each command that would work with both streams open
    "solve": ["solve", "pack.txt"], "score": ["score", "select.txt"], "gen": ["gen", "3", "both", "low"],
    "board": ["board", "board_8x14_10_1_auto"], "bench": ["bench", "pack.txt"], "fit-plan": ["fit-plan", "--count", "1", "--repeat", "1"],
    "advise": ["advise"], "report": ["report", "select.txt", "--pack", "pack.txt"],
    "replay": ["replay", "pack.txt", "board_8x14_16_1_both"], "icpc": ["icpc"], "topcoder": ["topcoder"],
    "classic": ["classic", "--games", "2"], "topcoder-test": ["topcoder-test", "--seeds", "1", "--inprocess"],
    "cost": ["cost", "pack.txt", "select.txt", "--boards", "1"],
    "split": ["split", "pack.txt", "--out", "pieces"], "tally": ["tally", "."],
    "compact": ["compact", "pack.txt", "--out", "pack.compact.txt"],
    "adc2020": ["adc2020", "gen", "--blocks", "3", "--wires", "1"],
}


def test_every_command_is_listed_here():
    from solver.cli import COMMANDS

    assert sorted(EVERY_COMMAND) == sorted(name for name, _ in COMMANDS)


@pytest.mark.parametrize("name", sorted(EVERY_COMMAND))
def test_every_command_with_stdout_closed_is_one_line(played_pack, name):
    before = sorted(os.listdir(played_pack))
    assert_refused(run_solver(*EVERY_COMMAND[name], cwd=played_pack, extra=">&-"), 1)
    assert sorted(os.listdir(played_pack)) == before  # refused before it started


@pytest.mark.parametrize("args", [["solve"], ["solve", "-"], ["score", "-"], ["report", "-", "--pack", "pack.txt"],
                                  ["icpc"], ["topcoder"]])
def test_a_command_reading_a_closed_stdin_is_one_line(played_pack, args):
    assert_refused(run_solver(*args, cwd=played_pack, extra="<&-"), 1)


@pytest.mark.parametrize("name", ["solve", "score", "gen", "board", "classic", "replay"])
def test_a_command_not_reading_stdin_runs_with_it_closed(played_pack, name):
    status, out, err = run_solver(*EVERY_COMMAND[name], cwd=played_pack, extra="<&-")
    assert status == 0 and out and "Traceback" not in err, err


@pytest.mark.parametrize("extra, status", [("<&-", 1), (">&-", 1), ("2>&-", 0)])
def test_the_bundle_with_a_stream_closed(played_pack, extra, status):
    bundle = str(PROJECT_ROOT / "dist" / "paiza_main.py")
    command = "SOLVER_BUDGET=0 '%s' '%s' %s" % (sys.executable, bundle, extra)
    if extra != "<&-":
        command += " < pack.txt"
    done = subprocess.run(["sh", "-c", command], cwd=str(played_pack), capture_output=True, text=True, timeout=300)
    assert done.returncode == status
    if status:
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    else:
        assert done.stdout == (played_pack / "select.txt").read_text(encoding="utf-8")


# ------------------------------------------------------------ 8, 9: the Topcoder protocol and its bounds

TOPCODER_REFUSED = {
    "not a number": "abc\n",
    "size 0": "0\n10\n2\n0 0\n",
    "a negative size": "-5\n10\n2\n0 0\n",
    "a size of 1000": "1000\n100000\n2\n0 0\n",
    "a size of 300": "300\n20000\n2\n0 0\n",
    "100 mines on 10x10": "10\n100\n2\n0 0\n",
    "a negative mine count": "10\n-3\n2\n0 0\n",
    "distance -1": "10\n10\n-1\n0 0\n",
    "distance 3": "10\n10\n3\n0 0\n",
    "a start outside the board": "10\n10\n2\n10 0\n",
    "a one-number start line": "10\n10\n2\n3\n",
    "an answer xyz": "10\n10\n2\n0 0\nxyz\n",
    "an empty answer": "10\n10\n2\n0 0\n\n",
    "an answer of 99": "10\n10\n2\n0 0\n99 5\n",
    "an answer 1_0": "10\n10\n2\n0 0\n1_0 5\n",
    "the input ending in the header": "10\n10\n",
}


@pytest.mark.parametrize("label", sorted(TOPCODER_REFUSED))
def test_topcoder_refuses_a_malformed_protocol_or_a_game_out_of_bounds_in_one_line(label):
    status, out, err = run_solver("topcoder", "--quiet", input_text=TOPCODER_REFUSED[label])
    assert_refused((status, out, err), 1)
    assert set(out.splitlines()) <= {"G 0 1", "G 1 0", "G 1 1"}  # at most the one move the bad answer answers


def test_topcoder_plays_a_game_inside_the_bounds(tmp_path):
    from solver.variants.topcoder.harness import header_lines, make_case

    # a game inside the bounds is played: its first move comes; the input then ends with
    # that move unanswered, which is said in one line (it was a quiet end, status 0)
    board = make_case(1)
    status, out, err = run_solver("topcoder", "--quiet", input_text="\n".join(header_lines(board)) + "\n")
    assert out.startswith("G ") and status == 1
    assert err.splitlines() == ["error: the tester's input ended in the middle of the game: the move %s has no "
                                "answer" % out.split("\n")[0]]


def test_topcoder_refuses_more_mines_than_the_board_holds():
    # 99 BOOM! answers on a board of 10 mines were all taken (issue 38)
    status, out, err = run_solver("topcoder", "--quiet", input_text="10\n10\n1\n0 0\n" + "BOOM! 1\n" * 99)
    assert status == 1 and out.count("G ") == 11  # the eleventh mine is refused
    assert err.splitlines()[-1].startswith("error: line 15: a mine at ") and err.splitlines()[-1].endswith(
        "but the board holds 10 mines and all were shown already")


@pytest.mark.parametrize("seeds", ["abc", "1-x", "10-1", "1_0", "1-100000000"])
def test_topcoder_test_refuses_bad_seeds_in_one_line(seeds):
    assert_refused(run_solver("topcoder-test", "--seeds", seeds), 2)


# ------------------------------------------------------------ 9, 10: ClassicPlayer's sizes and contradictions

def test_classic_player_refuses_a_board_larger_than_the_classic_game_has():
    from solver.variants.classic.player import ClassicPlayer

    for width, height in [(1000, 1000), (300, 300), (31, 10), (10, 31), (30, 25)]:
        with pytest.raises(ValueError, match="larger than the classic game's largest field"):
            ClassicPlayer(width, height, 10)
    ClassicPlayer(30, 24, 99)  # the largest custom field
    ClassicPlayer(24, 30, 99)


CONTRADICTIONS = {  # (width, height, mines), calls accepted first, the refused call, the cell its message names
    "a corner showing 3 with one mine": ((3, 3, 1), [], {(0, 0): 3}, "(0, 0)"),
    "a cell reported again with another digit": ((3, 3, 1), [{(0, 0): 1}], {(0, 0): 2}, "(0, 0)"),
    "the centre showing 8 with one mine": ((3, 3, 1), [], {(1, 1): 8}, "(1, 1)"),
    "a second cell off the board": ((9, 9, 10), [], {(0, 0): 1, (9, 9): 1}, "(9, 9)"),
    "a float coordinate": ((9, 9, 10), [], {(0.0, 0): 1}, "(0.0, 0)"),
    "a digit beside zeros only": ((9, 9, 10), [{(0, 0): 1}], {(1, 0): 0}, "(0, 0)"),
    "zeros leaving a 1 no room": ((3, 3, 1), [{(0, 0): 1}, {(2, 0): 0}], {(0, 2): 0}, "(0, 0)"),
    "a digit that is not 0-8": ((9, 9, 10), [], {(4, 4): 9}, "(4, 4)"),
    # no layout of the mines shows these digits together (only a count of the layouts sees it)
    "two far-apart 1s with one mine": ((9, 9, 1), [], {(0, 0): 1, (8, 8): 1}, "(8, 8)"),
    "a 1 and a 2 over the same two cells": ((2, 3, 2), [{(0, 0): 1}], {(1, 0): 2}, "(1, 0)"),
}


@pytest.mark.parametrize("label", sorted(CONTRADICTIONS))
def test_classic_player_refuses_a_contradiction_naming_the_cell_and_keeps_nothing(label):
    from solver.variants.classic.player import ClassicPlayer

    size, before, refused, cell = CONTRADICTIONS[label]
    player = ClassicPlayer(*size)
    for call in before:
        player.opened(call)
    kept = (list(player.values), player.closed, player.numbers, player.safe, player.mines)
    with pytest.raises(ValueError) as refusal:
        player.opened(refused)
    assert cell in str(refusal.value)
    assert (list(player.values), player.closed, player.numbers, player.safe, player.mines) == kept
    player.next_click()  # and it plays on from what it kept


# ------------------------------------------------------------ 9, 11: advise's arguments

@pytest.mark.parametrize("args", [
    ["--counts", "30000000"], ["--counts", "1_0"], ["--counts", "0"], ["--check", "-1"], ["--check", "0"],
    ["--top", "-1"], ["--seconds", "nan"], ["--seconds", "0"], ["--seconds", "1e9"], ["--max-bytes", "0"],
    ["--max-bytes", "-5"], ["--sample", "100000000"],
])
def test_advise_refuses_what_it_cannot_measure_at_once_in_one_line(args):
    # each refusal comes before any measuring (a run would take a minute or more)
    assert_refused(run_solver("advise", *args, timeout=60), 2)


@pytest.mark.parametrize("python", ["/nonexistent/python", "."])
def test_advise_refuses_an_interpreter_that_does_not_run_in_one_line(played_pack, python):
    # a traceback before (issue 46, item 9)
    result = run_solver("advise", "--session", "pack.txt", "--python", python, cwd=played_pack, timeout=60)
    assert_refused(result, 1)
    assert result[2].startswith("error: --python %s: it does not run" % python)


# ------------------------------------------------------------ 11: the other arguments and messages

def test_classic_starts_no_more_workers_than_games():
    status, out, err = run_solver("classic", "--level", "beginner", "--games", "3", "--jobs", "100")
    assert status == 0 and out.rstrip().endswith("3 jobs)"), out
    status, out, err = run_solver("classic", "--level", "beginner", "--games", "2")
    assert status == 0 and out.rstrip().endswith("1 job)"), out  # (it said "1 jobs")


def test_classic_refuses_a_run_too_long_to_hold():
    assert_refused(run_solver("classic", "--games", "100000000000", timeout=60), 2)


@pytest.mark.parametrize("text, shown", [
    ("4 1_0\n", "'4 1_0'"), ("+4 4\n", "'+4 4'"),
    ("3 3\n" + "M" * 5000 + "\n", "(5000 characters)"), ("x" * 5000 + "\n", "(5000 characters)"),
], ids=["an underscore", "a plus sign", "a long row", "a long line"])
def test_icpc_reads_sizes_as_digits_and_echoes_a_long_line_cut(text, shown):
    status, out, err = run_solver("icpc", input_text=text)
    assert_refused((status, out, err), 1)
    assert shown in err and len(err) < 200


def test_icpc_reads_a_utf8_mark_as_solve_does():
    # it refused the first line, '\ufeff3 3', as a size that is not 'r c' (issue 38)
    done = subprocess.run([sys.executable, "-m", "solver", "icpc"], input=b"\xef\xbb\xbf3 3\n...\n.M.\n...\n0 0\n",
                          capture_output=True, timeout=60, env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT)))
    assert done.returncode == 0 and done.stdout == b"7\n" and done.stderr == b""
    status, out, _ = run_solver("icpc", input_text="\ufeff3 3\n...\n.M.\n...\n0 0\n")  # (text: the same)
    assert status == 0 and out == "7\n"


def test_replay_says_which_line_and_why_for_a_board_that_does_not_read(tmp_path):
    (tmp_path / "pack.txt").write_text(BAD_PACKS["two rows cut out of a board"], encoding="utf-8")
    name = generate_pack(5, "both", "middle")[1].name
    status, out, err = run_solver("replay", "pack.txt", name, cwd=tmp_path)
    assert_refused((status, out, err), 1)
    assert "(line 17)" in err and "rows, header says" in err and "no board named" not in err
    status, out, err = run_solver("replay", "pack.txt", "board_none", cwd=tmp_path)
    assert_refused((status, out, err), 1)
    assert "no board named board_none" in err


@pytest.mark.parametrize("args", [
    ["replay", "pack.txt"], ["replay", "pack.txt", "x", "--rule", "2027"], ["classic", "--level", "x"], [],
    ["fit-plan", "--count", "-1", "--print"], ["fit-plan", "--count", "0", "--print"],
    ["fit-plan", "--repeat", "0", "--print"], ["bench", "--repeat", "0", "pack.txt"],
    ["bench", "--gen", "99999999999999999999", "both", "low"], ["bench", "--gen", "abc", "both", "low"],
    ["topcoder", "--time-limit", "nan"], ["topcoder-test", "--jobs", "0", "--seeds", "1"],
    ["topcoder", "--guess", "nope"], ["topcoder-test", "--guess", "twostep:size=3", "--seeds", "1"],
    ["classic", "--games", "0"], ["solve", "--budget", "nan", "pack.txt"],
])
def test_a_bad_argument_is_one_line(played_pack, args):
    status, out, err = run_solver(*args, cwd=played_pack, timeout=60)
    assert_refused((status, out, err), 2)
    if not args:
        assert "usage: %s -m solver" % os.path.basename(sys.executable) in err  # the usage, on the error's line


# ------------------------------------------------------------ 9: the CheckiO field

@pytest.mark.parametrize("rows, columns", [(11, 10), (10, 11), (1000, 1000)])
def test_checkio_refuses_a_field_larger_than_the_missions(rows, columns):
    from solver.variants.checkio import checkio

    with pytest.raises(ValueError, match="larger than the mission's 10x10"):
        checkio([[-1] * columns for _ in range(rows)])
    assert checkio([[-1] * 10 for _ in range(10)]) == [False, 0, 0]


# ------------------------------------------------------------ issue 38: names are data on a terminal too

ESCAPING = "4 1 bad\x1b[31mred\x00name\n0000\n0000\n\n3 1 board_ok\n000\n"  # a refused stray row names the board


@pytest.mark.parametrize("program", ["solve", "bundle"])
def test_a_name_reaches_stderr_escaped(program, tmp_path):
    # a refused board's name reached the terminal raw: an escape sequence coloured it, a NUL cut it
    pack = tmp_path / "pack.txt"
    pack.write_bytes(ESCAPING.encode())
    command = [sys.executable, "-m", "solver", "solve", str(pack)] if program == "solve" else [
        sys.executable, str(PROJECT_ROOT / "dist" / "paiza_main.py"), str(pack)]
    done = subprocess.run(command, capture_output=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(PROJECT_ROOT), SOLVER_BUDGET="0"))
    assert done.returncode == 0
    assert b"\x1b" not in done.stderr and b"\x00" not in done.stderr
    assert b"board bad\\x1b[31mred\\x00name (line 1)" in done.stderr
