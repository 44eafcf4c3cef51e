"""The contest entry on a compact pack (official/compact.py), run as paiza runs it: the
bundle in a fresh process, the pack on stdin or as the one .txt file beside it.

With no deadline it plays the same select list as on the text; a damaged compact pack
plays what is intact, says what was lost (the summary counts it) and ends with status
1; a compact pack of another version is refused in one line."""

import os
import shutil
import subprocess
import sys

from solver.official.compacting import compact_pack
from solver.official.packs import format_pack, read_pack

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "dist", "paiza_main.py")
PACK = os.path.join(ROOT, "examples", "board_pack_1000_both_middle.txt")
PLAIN = dict(os.environ, SOLVER_BUDGET="0", SOLVER_WORKERS="2")


def entry(stdin, cwd=ROOT, env=PLAIN, script=DIST):
    """(status, stdout text, stderr lines) of the bundle reading `stdin` (a str)."""
    run = subprocess.run([sys.executable, script], input=stdin.encode("utf-8"), capture_output=True, env=env,
                         cwd=cwd, timeout=300)
    return run.returncode, run.stdout.decode("utf-8"), run.stderr.decode("utf-8").splitlines()


def middle_pack(boards=300):
    """The first boards of the shipped middle pack, as text."""
    with open(PACK, encoding="utf-8") as handle:
        return format_pack(read_pack(handle.read())[0][:boards])


def test_a_compact_pack_plays_the_same_list_as_its_text():
    text = middle_pack()
    packed = compact_pack(text).text
    status_text, list_text, err_text = entry(text)
    status, select, err = entry(packed)
    assert status == status_text == 0 and select == list_text
    assert err[-1].split("  ")[0] == err_text[-1].split("  ")[0] == "boards 300/300"


def test_a_compact_pack_beside_the_program_is_read(tmp_path):
    shutil.copy(DIST, tmp_path / "Main.py")
    text = middle_pack(40)
    (tmp_path / "pack.txt").write_text(compact_pack(text).text, encoding="ascii")
    status, select, err = entry("", cwd=str(tmp_path), script=str(tmp_path / "Main.py"))
    assert status == 0 and select == entry(text)[1] and err[-1].startswith("boards 40/40")


def test_a_damaged_compact_pack_plays_what_is_intact_and_says_what_was_lost():
    text = middle_pack(300)
    from solver.official import compacting

    saved = compacting.CHUNK_MOST_BOARDS
    compacting.CHUNK_MOST_BOARDS = 100
    try:
        lines = compact_pack(text).text.split("\n")
    finally:
        compacting.CHUNK_MOST_BOARDS = saved
    second = [k for k, line in enumerate(lines) if line.startswith("chunk 1 ")][0]
    lines[second + 1] = lines[second + 1][:10] + ("A" if lines[second + 1][10] != "A" else "B") + lines[second + 1][11:]
    status, select, err = entry("\n".join(lines))
    assert status == 1 and "Traceback" not in "\n".join(err)
    errors = [line for line in err if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith("error: line %d: chunk 1 (100 boards): its data " % (second + 1))
    assert errors[0].endswith(": its boards are lost")
    summary = err[-1]
    assert summary.startswith("boards 200/300 ") and summary.endswith("  lost 100")
    assert select.count("board_") == 200


def test_a_compact_pack_of_another_version_is_refused_in_one_line():
    packed = compact_pack(middle_pack(5)).text.replace("%adc-compact-pack 1 ", "%adc-compact-pack 7 ", 1)
    status, select, err = entry(packed)
    assert status == 1 and select == "" and len(err) == 1 and "version 7" in err[0] and err[0].startswith("error: ")
