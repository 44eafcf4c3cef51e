"""What the long-running variants refuse, before any game is played: guess settings that
are not finite, record files that cannot be written or read, and the end of the
tester's input in the middle of a game."""

import pytest

from solver.cli import main
from solver.variants.classic.player import ClassicPlayer


def refused(capsys, args, status):
    """main(args) returns `status` with one line on stderr and nothing on stdout."""
    assert main(args) == status
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("args", [
    ["classic", "--games", "2", "--guess", "full:progress=inf"],
    ["classic", "--games", "2", "--guess", "full:blend=nan"],
    ["classic", "--games", "2", "--compare", "risk,full:window=inf"],
    ["topcoder-test", "--seeds", "1", "--inprocess", "--guess", "twostep:blend=inf"],
    ["topcoder", "--guess", "twostep:progress=nan"],
])
def test_a_guess_setting_that_is_not_finite_is_refused_in_one_line(args, capsys):
    err = refused(capsys, args, 2)
    assert "finite" in err


def test_the_classic_player_refuses_a_setting_that_is_not_finite():
    for setting in ("progress=inf", "blend=nan", "window=-inf", "offedge=1e999"):
        with pytest.raises(ValueError, match="finite"):
            ClassicPlayer(9, 9, 10, "full:" + setting)


def test_a_record_file_that_cannot_be_written_is_refused_before_any_game(tmp_path, capsys):
    err = refused(capsys, ["classic", "--games", "50", "--compare", "risk,full", "--record", str(tmp_path / "no" / "x")], 1)
    assert "--record" in err and "does not exist" in err
    refused(capsys, ["classic", "--games", "50", "--compare", "risk,full", "--record", str(tmp_path)], 1)  # a folder
    refused(capsys, ["classic", "--games", "2", "--record", str(tmp_path / "x")], 2)  # without --compare


RECORDS = {
    "a short line": ("# classic beginner classic 3 4\nrisk\t0110\nfull\t01\n", "line 3: 2 outcomes for 4 games"),
    "a character other than 0 and 1": ("# classic beginner classic 3 4\nrisk\t01x0\n", "line 2: 'x' is not an outcome"),
    "no tab": ("# classic beginner classic 3 4\nrisk 0110\n", "line 2: not 'POLICY<tab>OUTCOMES'"),
    "no header": ("risk\t0110\n", "line 1: not a --record file"),
    "a header of other games": ("# classic beginner classic 4 4\nrisk\t0110\n", "not these games"),
}


@pytest.mark.parametrize("label", sorted(RECORDS))
def test_a_record_file_that_does_not_read_is_refused_before_any_game(tmp_path, capsys, label):
    text, said = RECORDS[label]
    record = tmp_path / "record.txt"
    record.write_text(text, encoding="utf-8")
    err = refused(capsys, ["classic", "--level", "beginner", "--games", "4", "--seed", "3", "--compare", "risk,full",
                           "--reuse", str(record)], 1)
    assert said in err, err


def test_a_good_record_is_reused(tmp_path, capsys):
    record = tmp_path / "record.txt"
    assert main(["classic", "--level", "beginner", "--games", "4", "--seed", "3", "--compare", "risk,full",
                 "--record", str(record)]) == 0
    first = capsys.readouterr().out
    assert main(["classic", "--level", "beginner", "--games", "4", "--seed", "3", "--compare", "risk,full",
                 "--reuse", str(record)]) == 0
    again = capsys.readouterr().out
    assert first.splitlines()[-1] == again.splitlines()[-1]  # the same comparison, from the record


@pytest.mark.parametrize("answers", ["", "1 0\n", "1 0\n2 5\n"])
def test_topcoder_refuses_the_end_of_input_in_the_middle_of_a_game(answers, capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("10\n10\n1\n0 0\n" + answers))
    assert main(["topcoder", "--quiet"]) == 1  # it exited 0 in silence
    out, err = capsys.readouterr()
    moves = out.splitlines()
    assert len(moves) == answers.count("\n") + 1 and all(m.startswith("G ") for m in moves)
    assert err.splitlines() == ["error: the tester's input ended in the middle of the game: the move %s has no "
                                "answer" % moves[-1]]
