"""Pages made from hostile board names, in a real headless browser.

A board's name is the pack author's text: it becomes a file name (the replay page of
the board), a link on the report and text on both pages.  Built here from packs whose
names are schemes (javascript:, https:), paths (../, /etc), URL syntax (#, ?, %),
markup ('<!--<script>', quotes closing an attribute) and names too long for a file
system, every page must stay a page: each file written inside the folder asked for,
each link a relative link to an existing replay inside the report's folder, no
script but the page's own run (no dialog opened), no request leaving the file.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from solver.official.board import mine_count
from solver.official.generator import generate_pack
from solver.official.packs import format_pack

PROJECT_ROOT = Path(__file__).resolve().parents[2]

# names the official select-list reader reads back under a 2025 header (they start with
# an ASCII letter, digit or '_'): anything may follow
NAMES_2025 = [
    "javascript:alert(1)", "https:example.com", "x/../../../../escaped", "a#frag", "b?q=1&r=2", "c%41%2e%2F",
    "d<!--<script>", 'e"onmouseover="alert(2)', "f'><img/src=x/onerror=alert(3)>", "g" * 300,
    "h&amp;</script><script>alert(4)</script>", "_\u65e5\u672c\u8a9e\u202e", "javascript:alert(5)//",
]
# under a 2026 header any name not starting with a digit reads back
NAMES_2026 = [
    "..", ".", "/etc/passwd", "-", "#top", "?", "%", "javascript:alert(6)", ".hidden", "//example.com/x",
    "\\..\\..\\win", "~", "<b>bold</b>",
]


# names that the file system takes as they are: only the links can go wrong with them
SCHEMES = ["javascript:alert(1)", "https:example.com", "a#frag", "b?q=1"]


def hostile_pack(form, names=None):
    """The pack text of official boards renamed with hostile names of a form."""
    names = names or (NAMES_2025 if form == 2025 else NAMES_2026)
    boards = generate_pack(len(names), "both", "middle")
    renamed = []
    for board, name in zip(boards, names):
        board = board._replace(name=name)
        if form == 2026:
            board = board._replace(form=2026, mines=mine_count(board))
        renamed.append(board)
    return format_pack(renamed), names


def solver(cwd, *args, stdout=None):
    """Run `python -m solver ARGS` in `cwd` (the project on the path); stdout text."""
    env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    done = subprocess.run([sys.executable, "-m", "solver"] + [str(a) for a in args], cwd=str(cwd), env=env,
                          stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def files_under(folder):
    return sorted(str(path.relative_to(folder)) for path in Path(folder).rglob("*") if path.is_file())


def click_every_link(browser, report, names):
    """Open the report, click each board's link in a fresh page: each lands on the
    replay of that board, inside the report's folder."""
    folder_uri = report.parent.resolve().as_uri() + "/"
    page = browser.open_page(report)
    hrefs = page.eval_on_selector_all("#boards tr.board a", "links => links.map(a => a.getAttribute('href'))")
    shown = page.eval_on_selector_all("#boards tr.board td:nth-child(2)", "cells => cells.map(c => c.textContent)")
    page.close()
    assert shown == names  # every name shown as it is, as text
    assert len(hrefs) == len(names)
    for k, (href, name) in enumerate(zip(hrefs, names)):
        page = browser.open_page(report)
        page.locator("#boards tr.board a").nth(k).click()
        page.wait_for_load_state()
        assert browser.dialogs == [] and browser.outside == [], (name, href)
        assert page.url.startswith(folder_uri), (name, href, page.url)
        assert href.startswith("./"), href
        assert page.title() == "replay " + name
        assert page.inner_text(".version").startswith(name[:40])
        page.close()


@pytest.mark.parametrize("form, names", [(2025, SCHEMES), (2025, None), (2026, None)])
def test_every_link_of_a_report_of_hostile_names_stays_inside_its_folder(browser, tmp_path, form, names):
    work = tmp_path / "work"
    work.mkdir()
    text, names = hostile_pack(form, names)
    (work / "pack.txt").write_text(text, encoding="utf-8")
    with open(work / "select.txt", "w", encoding="utf-8") as select:
        solver(work, "solve", "pack.txt", stdout=select)
    solver(work, "report", "select.txt", "--pack", "pack.txt", "-o", "report.html", "--replays", "r")
    written = files_under(tmp_path)
    assert [w for w in written if not w.startswith("work/r/")] == ["work/pack.txt", "work/report.html", "work/select.txt"]
    assert len(written) == 3 + len(names)  # one replay a board, each inside r/
    click_every_link(browser, work / "report.html", names)
    assert browser.dialogs == [] and browser.outside == [] and browser.errors == []


@pytest.mark.parametrize("names", [SCHEMES, None])
def test_replay_pages_written_beside_a_report_are_linked_safely(browser, tmp_path, names):
    work = tmp_path / "work"
    work.mkdir()
    text, names = hostile_pack(2025, names)
    (work / "pack.txt").write_text(text, encoding="utf-8")
    with open(work / "select.txt", "w", encoding="utf-8") as select:
        solver(work, "solve", "pack.txt", stdout=select)
    for name in names:  # replay's default -o: the board's page file in the working folder
        printed = Path(solver(work, "replay", "pack.txt", name).strip())
        assert printed.parent == work.resolve() and printed.is_file()
    solver(work, "report", "select.txt", "--pack", "pack.txt")
    written = files_under(tmp_path)
    assert all(w.startswith("work/") and "/" not in w[len("work/"):] for w in written)
    assert len(written) == 3 + len(names)  # pack, select list, report and one replay a board
    click_every_link(browser, work / "report.html", names)
    assert browser.dialogs == [] and browser.outside == [] and browser.errors == []


def test_the_pages_policy_runs_no_inline_handler_and_no_javascript_url(browser, tmp_path):
    text, names = hostile_pack(2025)
    (tmp_path / "pack.txt").write_text(text, encoding="utf-8")
    solver(tmp_path, "replay", "pack.txt", names[0], "-o", "replay.html")
    page = browser.open_page(tmp_path / "replay.html")
    assert page.locator("#board td").count() > 0  # the page's own script ran
    # markup that got into the page some other way: its handler and its URL must not run
    page.evaluate("""() => {
        document.body.insertAdjacentHTML('afterbegin',
            '<a id="evil-url" href="javascript:void(document.title=\\'pwned by a URL\\')">x</a>' +
            '<button id="evil-handler" onclick="document.title=\\'pwned by a handler\\'">y</button>');
    }""")
    page.click("#evil-handler")
    page.click("#evil-url")
    page.wait_for_timeout(200)
    assert not page.title().startswith("pwned")
    assert browser.dialogs == [] and browser.outside == []
    browser.errors.clear()  # the refusals are reported on the console, as they should be


def test_page_file_names_stay_in_their_folder_and_never_clash():
    from solver.pages.pagekit import page_file_name

    names = NAMES_2025 + NAMES_2026 + ["a+2Fb", "a/b", "A", "a", "", "..."]
    files = [page_file_name(name) for name in names]
    assert len(set(files)) == len(files)
    for file in files:
        assert file.endswith(".html") and not file.startswith(".")
        assert "/" not in file and "\\" not in file and "\0" not in file
        assert file.isascii() and len(file.encode()) <= 255
        assert os.path.basename(os.path.normpath(os.path.join("r", file))) == file
    assert page_file_name("board_19x19_97_894_both") == "board_19x19_97_894_both.html"


@pytest.mark.parametrize("target", ["r/javascript:alert(1).html", "r/a#b.html", "r/q?x.html", "r/%41.html", "a b/c.html"])
def test_relative_links_are_relative_and_encoded(tmp_path, target):
    from solver.pages.pagekit import relative_link

    link = relative_link(str(tmp_path / target), str(tmp_path))
    assert link.startswith("./")
    assert not set(link) & set(":#? ")
    assert ("%" not in target) or "%25" in link
