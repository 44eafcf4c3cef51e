"""A report's replays play what the run played, and its numbers are `score`'s.

A run under pressure plays some boards in a hurry and may stop its last board when
its time runs out; a select list may also be another program's.  Whatever the list,
the replay linked from the report must click exactly its clicks (with the player's
beliefs where they are the player's play).
"""

import io
import json
import os
import re

import pytest
from support.virtual_clock import VirtualClock

from solver.cli import main
from solver.contest.batch import Settings, solve_text
from solver.contest.oneboard import played, select_text
from solver.official.generator import generate_board, generate_pack
from solver.official.packs import format_pack
from solver.official.selects import read_select
from solver.pages.pagekit import page_file_name
from solver.pages.replay import MAX_REPLAY_CELLS


def page_json(text, name):
    """The JSON a page's script holds in `const NAME = ...;`."""
    found = re.search(r"const %s = (.*?);\n" % name, text)
    return json.loads(found.group(1))


def linked_replays(report):
    """{board name: the replay's data} of every board the report links."""
    rows = page_json(report.read_text(encoding="utf-8"), "ROWS")
    out = {}
    for row in rows:
        if row[12]:
            out[row[1]] = page_json((report.parent / row[12]).read_text(encoding="utf-8"), "DATA")
    return out


def assert_replays_click_the_list(tmp_path, pack_text, select):
    (tmp_path / "pack.txt").write_text(pack_text, encoding="utf-8")
    (tmp_path / "select.txt").write_text(select, encoding="utf-8")
    report = tmp_path / "report.html"
    assert main(["report", str(tmp_path / "select.txt"), "--pack", str(tmp_path / "pack.txt"), "-o", str(report),
                 "--replays", str(tmp_path / "replays")]) == 0
    entries = read_select(select)[0]
    replays = linked_replays(report)
    assert set(replays) == {entry.name for entry in entries}  # every board linked
    hows = {}
    for entry in entries:
        data = replays[entry.name]
        clicks = [(f["cell"] % data["w"], f["cell"] // data["w"]) for f in data["frames"] if f["cell"] is not None]
        assert clicks == [(x, y) for x, y, _ in entry.clicks], entry.name
        hows[data["how"]] = hows.get(data["how"], 0) + 1
    return hows


def test_the_replays_of_a_report_click_the_select_lists_clicks(tmp_path):
    boards = generate_pack(40, "none", "high", 2026)
    parts = []
    for k, board in enumerate(boards):
        _, judge = played(board, hurry=k % 2 == 1)
        clicks = judge.clicks
        if k == 4:  # the run's time ran out on this one
            clicks = clicks[: len(clicks) // 2]
        if k == 6:  # another program's clicks
            clicks = list(reversed(clicks))
        parts.append(select_text(board, clicks))
    hows = assert_replays_click_the_list(tmp_path, format_pack(boards), "".join(parts))
    assert hows.get("hurried") and hows.get("cut") and hows.get("listed") and hows.get("played"), hows


def test_the_replays_of_a_pressed_runs_list_click_its_clicks(tmp_path, monkeypatch):
    # half a second of the test's own clock for 1,500 boards: the plan presses, boards
    # are hurried, the last one may be cut, whatever the machine's speed
    boards = generate_pack(1500, "none", "high", 2026)
    text = format_pack(boards)
    VirtualClock().install(monkeypatch)
    out = io.StringIO()
    played_count, _ = solve_text(text, out, io.StringIO(), Settings(budget=0.5, rule=2026))
    assert 0 < played_count < len(boards)
    hows = assert_replays_click_the_list(tmp_path, text, out.getvalue())
    assert hows.get("hurried"), hows


def test_the_reports_numbers_are_scores_and_it_counts_the_boards_left_out(tmp_path, capsys):
    boards = generate_pack(7, "none", "high", 2026)
    out = io.StringIO()
    solve_text(format_pack(boards[:5]), out=out, err=io.StringIO())
    (tmp_path / "pack.txt").write_text(format_pack(boards), encoding="utf-8")
    (tmp_path / "select.txt").write_text(out.getvalue(), encoding="utf-8")
    assert main(["score", str(tmp_path / "select.txt")]) == 0
    total = capsys.readouterr().out.splitlines()[-1].split()[1]
    assert re.fullmatch(r"-?\d+\.\d{4}", total)
    report = tmp_path / "report.html"
    assert main(["report", str(tmp_path / "select.txt"), "--pack", str(tmp_path / "pack.txt"), "-o", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    assert '<td class="mssummary right" id="total">%s</td>' % total in text
    assert re.search(r'id="left-out"[^>]*>2</td>', text)
    rows = page_json(text, "ROWS")
    assert rows[-1][11] == total and all(re.fullmatch(r"-?\d+\.\d{4}", row[7]) for row in rows)


def test_a_board_too_large_for_a_replay_page_is_refused_or_left_unlinked(tmp_path, capsys):
    big = generate_board(51, 50, 300, 1, "none")
    assert big.width * big.height > MAX_REPLAY_CELLS
    small = generate_pack(2, "both", "low")
    text = format_pack(small + [big])
    (tmp_path / "pack.txt").write_text(text, encoding="utf-8")
    assert main(["replay", str(tmp_path / "pack.txt"), big.name, "-o", str(tmp_path / "big.html")]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "51x50" in err and not (tmp_path / "big.html").exists()
    out = io.StringIO()
    solve_text(text, out=out, err=io.StringIO())
    (tmp_path / "select.txt").write_text(out.getvalue(), encoding="utf-8")
    assert main(["report", str(tmp_path / "select.txt"), "--pack", str(tmp_path / "pack.txt"),
                 "-o", str(tmp_path / "report.html"), "--replays", str(tmp_path / "replays")]) == 0
    err = capsys.readouterr().err
    assert err.splitlines() == ["warning: 1 boards of more than %d cells have no replay page (a page grows as cells "
                                "times clicks)" % MAX_REPLAY_CELLS]
    assert sorted(os.listdir(tmp_path / "replays")) == sorted(page_file_name(b.name) for b in small)


@pytest.mark.parametrize("rule", [2025, 2026])
def test_a_replay_of_a_board_plays_the_scorers_clicks(rule, tmp_path):
    # the replay command (one board of a pack, no list) still plays the player's own play
    board = generate_pack(3, "both", "dangerous", rule)[2]
    (tmp_path / "pack.txt").write_text(format_pack([board]), encoding="utf-8")
    page = tmp_path / "r.html"
    assert main(["replay", str(tmp_path / "pack.txt"), board.name, "-o", str(page)]) == 0
    data = page_json(page.read_text(encoding="utf-8"), "DATA")
    _, judge = played(board)
    assert [f["cell"] for f in data["frames"] if f["cell"] is not None] == judge.clicks and data["how"] == "played"
