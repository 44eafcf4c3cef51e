"""Swapped files, many errors, old Mac line ends, unknown modes: each command says so in
one line (or a few and a count), never a flood, never a pass with zeros."""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import reference_scorer as reference

from solver.cli import main
from solver.contest.batch import solve_text
from solver.contest.streams import MESSAGES_SHOWN
from solver.official.generator import board_from_name, generate_pack
from solver.official.kinds import PACK, SELECT_LIST, kind_of, no_board
from solver.official.lines import decode_text
from solver.official.packindex import index_pack
from solver.official.packs import format_pack


def solved(pack_text):
    out = io.StringIO()
    solve_text(pack_text, out=out, err=io.StringIO())
    return out.getvalue()


@pytest.fixture
def files(tmp_path):
    """pack.txt (2026 form too: pack26.txt) and select.txt, the list solve makes of it."""
    boards = generate_pack(6, "both", "middle")
    (tmp_path / "pack.txt").write_text(format_pack(boards), encoding="utf-8")
    (tmp_path / "select.txt").write_text(solved(format_pack(boards)), encoding="utf-8")
    boards26 = generate_pack(6, "none", "high", 2026)
    (tmp_path / "pack26.txt").write_text(format_pack(boards26), encoding="utf-8")
    (tmp_path / "select26.txt").write_text(solved(format_pack(boards26)), encoding="utf-8")
    return tmp_path


def test_kind_of_tells_a_pack_from_a_select_list(files):
    for name, kind in (("pack.txt", PACK), ("pack26.txt", PACK), ("select.txt", SELECT_LIST), ("select26.txt", SELECT_LIST)):
        found, evidence = kind_of((files / name).read_text(encoding="utf-8"))
        assert found == kind and "line 2" in evidence and "header on line 1" in evidence, (name, evidence)
    assert kind_of("") == (None, None)
    assert kind_of("3 3 a\n3 3 b\n") == (None, None)  # headers alone: neither shows itself
    assert kind_of("9 9 name\n\n\n0 0\n")[0] == SELECT_LIST  # blank lines between
    assert kind_of("2 1 name\n1 1\n")[0] == SELECT_LIST  # two fields: a click, even of digits
    assert kind_of("\ufeff4 1 name\r\n0000\r\n")[0] == PACK  # a BOM and CRLF, as the official files


SWAPPED = [
    ["solve", "select.txt"], ["solve", "--budget", "1", "select26.txt"],
    ["score", "pack.txt"], ["score", "select.txt", "--pack", "select.txt"],
    ["report", "pack.txt", "--pack", "pack.txt"], ["report", "select.txt", "--pack", "select.txt"],
    ["bench", "select.txt"], ["replay", "select.txt", "board_8x14_16_1_both"],
    ["cost", "select.txt", "select.txt"], ["cost", "pack.txt", "pack.txt"],
]


@pytest.mark.parametrize("args", SWAPPED)
def test_the_other_kind_of_file_is_refused_in_one_line(files, args, capsys, monkeypatch):
    monkeypatch.chdir(files)
    before = sorted(p.name for p in files.iterdir())
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    wrong = "select list, not a board pack" if "select" in err.split(" is a ")[1][:12] else "board pack, not a select list"
    assert wrong in err and "line 2" in err
    assert sorted(p.name for p in files.iterdir()) == before


def test_a_select_list_of_many_bad_lines_prints_a_few_and_a_count(files, capsys):
    lines = (files / "select.txt").read_text(encoding="utf-8").splitlines()
    bad = files / "bad.txt"
    bad.write_text("\n".join(lines[:2] + ["%d oops" % k for k in range(1500)] + lines[2:]) + "\n", encoding="utf-8")
    for command in (["score", str(bad)], ["report", str(bad), "--pack", str(files / "pack.txt"), "-o", str(files / "r.html")]):
        assert main(command) == 1
        err = capsys.readouterr().err.splitlines()
        assert len(err) == MESSAGES_SHOWN + 2, err[-3:]  # the first few, their count, the verdict
        # (past the first 1,000 the scorer counts them without keeping them: the count is whole)
        assert err[MESSAGES_SHOWN] == "error: %d more like these not shown" % (1500 - MESSAGES_SHOWN)
        assert err[-1].startswith("error: the official page rejects the whole file")


def test_a_select_list_of_old_mac_line_ends_scores_as_the_page_reads_it(files, capsys):
    text = (files / "select.txt").read_text(encoding="utf-8")
    mac = files / "mac.txt"
    mac.write_bytes(text.replace("\n", "\r").encode("utf-8"))
    page = reference.score_select_list(
        text.replace("\n", "\r"), {}, 2025, lambda name: (lambda b: (b.width, b.height, b.digits))(board_from_name(name)))[1]
    assert main(["score", str(mac)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "total %d" % page
    assert main(["score", str(files / "select.txt")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] != "total %d" % page  # the lines read apart score otherwise
    assert len(err.splitlines()) == 1 and "lone CR" in err and "line 1" in err, err


@pytest.mark.parametrize("args", [["gen", "10", "xyz", "middle"], ["bench", "--gen", "10", "xyz", "middle"],
                                  ["gen", "10", "both", "xyz"], ["bench", "--gen", "10", "both", "xyz"]])
def test_an_unknown_mode_or_difficulty_is_refused_before_anything_is_printed(args, capsys):
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "xyz" in err, err


def test_bench_refuses_a_pack_of_no_board_that_reads(files, capsys):
    (files / "none.txt").write_text("4 4 board_x\n0000\n", encoding="utf-8")
    assert main(["bench", str(files / "none.txt")]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[-1].endswith("holds no board that reads")


@pytest.mark.parametrize("args", [["cost", "missing.txt", "select.txt"], ["cost", "pack.txt", "missing.txt"],
                                  ["cost", "pack.txt", "empty.txt"],
                                  ["cost", "pack.txt", "select.txt", "--python", "/nonexistent/python3"]])
def test_cost_refuses_a_file_it_cannot_use_before_callgrind_runs(files, args, capsys, monkeypatch):
    monkeypatch.chdir(files)
    (files / "empty.txt").write_text("\n", encoding="utf-8")
    ran = []
    monkeypatch.setattr("solver.lab.cost._callgrind", lambda *a, **k: ran.append(a) or 0)
    assert main(args) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and ("cannot read" in err or "names no board" in err or "does not run" in err), err
    assert ran == []  # said before any measuring


@pytest.mark.parametrize("content", ["# a README\n\nSome text, 3 words.\n", "  \n\t\n", "", "\ufeffx 3 3 name\n"])
def test_solve_of_a_file_holding_no_board_is_one_line_and_status_one(files, content, capsys):
    # it printed 'data before any board header', then 'boards 0/0 ... score 0', status 0 (issue 38)
    (files / "readme.txt").write_text(content, encoding="utf-8")
    assert main(["solve", str(files / "readme.txt")]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith("error: %s holds " % (files / "readme.txt")) and "no line is a board header" in line


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("01239 \t\r\n\ufeff\x1cab_"), max_size=40))
def test_no_board_is_said_exactly_when_the_reader_finds_no_header(text):
    text = decode_text(text)  # as the commands and the entry read it
    assert (no_board(text, "f") is None) == bool(index_pack(text).headers)


def test_no_board_looks_only_as_far_as_told():
    late = "words\n" * 100 + "3 1 board_a\n000\n"
    assert no_board(late, "f") is None
    assert no_board(late, "f", looked=50) is None  # longer than looked: the benefit of the doubt
    assert no_board("words\n" * 100, "f", looked=50) is None
    assert no_board("words\n" * 100, "f", looked=10 ** 6).startswith("f holds no board")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_file_saved_as_utf16_or_utf32_reads_by_its_mark(files, encoding, capsys):
    # a UTF-16 pack with its mark read as "data before any board header" (issue 38)
    def saved(name):
        text = (files / name).read_text(encoding="utf-8")
        data = text.encode(encoding) if encoding != "utf-16-be" else b"\xfe\xff" + text.encode(encoding)
        (files / ("wide-" + name)).write_bytes(data)
        return str(files / ("wide-" + name))

    assert main(["solve", saved("pack.txt")]) == 0
    out, err = capsys.readouterr()
    assert out == (files / "select.txt").read_text(encoding="utf-8") and "error" not in err
    assert main(["score", str(files / "select.txt"), "--pack", saved("pack.txt")]) == 0
    total = capsys.readouterr().out.splitlines()[-1]
    status = main(["score", saved("select.txt")])
    out, err = capsys.readouterr()
    if encoding == "utf-32":  # no browser reads UTF-32: the page sees NULs between the characters
        assert status == 1 and "rejects the whole file" in err
    else:  # a browser reads the list by its mark, as here
        assert status == 0 and out.splitlines()[-1] == total
