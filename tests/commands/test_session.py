"""A paiza.IO session end to end: `split` cuts a pack, each piece is played as a run
would play it, `tally` sums the runs as the results sheet asks; what would make the
sheet wrong (a piece not run, a list of another piece, a board played twice, an
output cut short) is refused in one line."""

import io
import shutil

import pytest

from solver.cli import main
from solver.contest.batch import Settings, solve_text
from solver.official.generator import generate_pack
from solver.official.packs import format_pack
from solver.official.scorer import score_text


def played_session(tmp_path, capsys, count=60, max_lines=120):
    """A session folder: the pack cut into pieces, each played with no deadline (its
    select list in pieceNN.out, its summary line in pieceNN.err); (folder, pack text)."""
    text = format_pack(generate_pack(count, "none", "high", 2026))
    (tmp_path / "pack.txt").write_text(text, encoding="utf-8")
    folder = tmp_path / "session"
    assert main(["split", str(tmp_path / "pack.txt"), "--max-lines", str(max_lines), "--out", str(folder)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[-1].startswith("pieces: %d files of at most" % (len(said) - 1))
    for piece in sorted(folder.glob("piece*.txt")):
        out, err = io.StringIO(), io.StringIO()
        solve_text(piece.read_text(encoding="utf-8"), out, err, Settings(budget=60.0, rule=2026))
        piece.with_suffix(".out").write_text(out.getvalue(), encoding="utf-8")
        piece.with_suffix(".err").write_text(err.getvalue(), encoding="utf-8")
    return folder, text


def test_a_session_tallies_to_the_score_of_the_whole_pack(tmp_path, capsys):
    folder, text = played_session(tmp_path, capsys)
    pieces = sorted(folder.glob("piece*.txt"))
    assert len(pieces) > 2
    assert "".join(p.read_text(encoding="utf-8") for p in pieces) == text
    whole = io.StringIO()
    solve_text(text, whole, io.StringIO(), Settings(rule=2026))
    expected = score_text(whole.getvalue(), text, 2026).totals[2026]
    assert main(["tally", str(folder), "--csv", str(tmp_path / "tab2.csv")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(pieces) + 1
    assert lines[-1].startswith("session: %d runs  boards 60/60  seconds " % len(pieces))
    assert lines[-1].endswith("score %.4f" % expected)
    csv = (tmp_path / "tab2.csv").read_text(encoding="utf-8").splitlines()
    assert csv[0] == "trial,boardname,score,total" and len(csv) == 61
    assert csv[-1].endswith(",%.4f" % expected)


@pytest.mark.parametrize("spoil, message", [
    (lambda f: (f / "piece02.out").unlink(), "piece02.txt: the run's stdout (its select list) is missing"),
    (lambda f: (f / "piece03.err").write_text("Traceback\n"), "piece03.txt: no summary line"),
    (lambda f: shutil.copy(f / "piece01.out", f / "piece02.out"), "piece02.txt: its list plays board_"),
    (lambda f: (f / "piece02.out").write_text((f / "piece02.out").read_text().split("\n", 3)[0] + "\n"),
     "piece02.txt: its list holds 1 boards but its summary says"),
])
def test_a_session_that_would_fill_the_sheet_wrongly_is_refused_in_one_line(tmp_path, capsys, spoil, message):
    folder, _ = played_session(tmp_path, capsys)
    spoil(folder)
    assert main(["tally", str(folder)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("error: " + message), captured.err


def test_a_piece_run_twice_is_refused(tmp_path, capsys):
    # both runs of piece01 saved in one file: its boards would be counted twice
    folder, _ = played_session(tmp_path, capsys)
    out = (folder / "piece01.out").read_text()
    (folder / "piece01.out").write_text(out + out)
    assert main(["tally", str(folder)]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "is also in the list of piece01.txt: a piece run twice?" in err


def test_pieces_left_out_on_purpose_are_not_missing(tmp_path, capsys):
    folder, _ = played_session(tmp_path, capsys)
    for suffix in (".out", ".err"):
        (folder / ("piece02" + suffix)).unlink()
    assert main(["tally", str(folder), "--left-out", "2"]) == 0
    out = capsys.readouterr().out
    assert "piece02" not in out and "session: " in out
    assert main(["tally", str(folder), "--left-out", "99"]) == 1
    assert "no such piece" in capsys.readouterr().err


def test_split_refuses_a_folder_with_pieces_a_select_list_and_a_board_too_big(tmp_path, capsys):
    pack = tmp_path / "pack.txt"
    pack.write_text(format_pack(generate_pack(3, "none", "high", 2026)), encoding="utf-8")
    assert main(["split", str(pack), "--out", str(tmp_path / "s")]) == 0
    capsys.readouterr()
    assert main(["split", str(pack), "--out", str(tmp_path / "s")]) == 2
    assert "already holds piece01.txt" in capsys.readouterr().err
    assert main(["split", str(pack), "--max-lines", "3", "--out", str(tmp_path / "t")]) == 1
    assert "more than a piece may hold (3 lines)" in capsys.readouterr().err
    select = tmp_path / "select.txt"
    select.write_text("4 4 2 board_4x4_2_1_none\n0 0\n1 1\n", encoding="utf-8")
    assert main(["split", str(select), "--out", str(tmp_path / "u")]) == 1
    assert "select list" in capsys.readouterr().err
