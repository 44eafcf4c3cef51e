"""Tests for the frozen code of the bundle (bundler/freeze.py): the script runs the code
compiled ahead on the interpreter it was compiled for and its source anywhere else, with
the same select list; a damaged or mislabelled entry falls back to the source; the
build gives the same bytes every time; a machine without an interpreter keeps what was
committed for it.
"""

import ast
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from test_build import DIST, SUMMARY, loaded_kind, package_solve  # noqa: E402

from bundler import freeze  # noqa: E402
from bundler.checks import find_python  # noqa: E402
from bundler.errors import BuildError  # noqa: E402
from solver.official.generator import generate_pack  # noqa: E402
from solver.official.packs import format_pack  # noqa: E402

THIS = (sys.version_info[0], sys.version_info[1])
MAX_ENTRY_LINES = 2000  # paiza's editor takes the whole file: it stays a few lines over the source


@pytest.fixture(scope="module")
def small_pack():
    return format_pack(generate_pack(12, "both", "middle")) + "\n"


@pytest.fixture(scope="module")
def reference(small_pack):
    return package_solve(small_pack)


@pytest.fixture(scope="module")
def frozen_for_this(tmp_path_factory):
    """The committed bundle's source frozen for this interpreter alone, as a file."""
    source = freeze.script_source(open(DIST, encoding="utf-8").read())
    text, entries, _ = freeze.loader_script(source, [THIS], lines_before=0)
    assert [e.magic for e in entries] == [freeze.compile_with(sys.executable, "pass")[1]]
    path = tmp_path_factory.mktemp("frozen") / "paiza_main.py"
    path.write_text(text, encoding="utf-8")
    return path


def run(python, script, pack):
    done = subprocess.run([python, str(script)], input=pack.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=dict(os.environ, SOLVER_BUDGET="0"), cwd="/", timeout=300)
    assert done.returncode == 0, done.stderr.decode()
    assert SUMMARY.search(done.stderr.decode()).group(1, 2) == ("12", "12")
    return done.stdout


def other_python():
    """An installed CPython 3.8-3.13 other than this one, or a skip."""
    for minor in range(8, 14):
        python = find_python(minor)
        if python and minor != THIS[1]:
            return python
    pytest.skip("no other CPython 3.8-3.13 installed")


def test_the_frozen_code_runs_where_it_was_made_and_the_source_elsewhere(frozen_for_this, small_pack, reference):
    assert loaded_kind(sys.executable, frozen_for_this) == "code"
    assert run(sys.executable, frozen_for_this, small_pack) == reference
    python = other_python()
    assert loaded_kind(python, frozen_for_this) == "str"
    assert run(python, frozen_for_this, small_pack) == reference


def rewritten(path, tmp_path, change):
    """A copy of the script at `path` with its one entry's line changed by change(key, encoded)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith("b'") or line.startswith('b"')]
    key, _, value = lines[at].partition(": ")
    lines[at] = change(key, value[1:-2])
    copy = tmp_path / "paiza_main.py"
    copy.write_text("\n".join(lines), encoding="utf-8")
    return copy


@pytest.mark.parametrize("damage", ["flipped", "cut", "shifted"])
def test_a_damaged_entry_falls_back_to_the_source(frozen_for_this, tmp_path, small_pack, reference, damage):
    def change(key, encoded):
        middle = len(encoded) // 2
        broken = {"flipped": encoded[:middle] + ("A" if encoded[middle] != "A" else "B") + encoded[middle + 1 :],
                  "cut": encoded[:middle], "shifted": "A" + encoded}[damage]
        return "%s: '%s'," % (key, broken)

    copy = rewritten(frozen_for_this, tmp_path, change)
    assert loaded_kind(sys.executable, copy) == "str"
    assert run(sys.executable, copy, small_pack) == reference


def test_an_entry_of_another_version_under_this_key_falls_back(frozen_for_this, tmp_path, small_pack, reference):
    python = other_python()
    source = freeze.script_source(frozen_for_this.read_text(encoding="utf-8"))
    _, magic, code = freeze.compile_with(python, "\n" * 23 + source)
    assert magic != freeze.compile_with(sys.executable, "pass")[1]
    # the other interpreter's payload (its magic number inside) filed under this one's key
    copy = rewritten(frozen_for_this, tmp_path, lambda key, _: "%s: '%s'," % (key, freeze.encode(magic, code)))
    assert loaded_kind(sys.executable, copy) == "str"
    assert run(sys.executable, copy, small_pack) == reference


def test_the_entry_stays_under_2000_lines():
    with open(DIST, encoding="utf-8") as handle:
        assert handle.read().count("\n") < MAX_ENTRY_LINES


def test_the_loader_keeps_the_scripts_line_numbers():
    # a line of the source is the same line of the script: tracebacks point into the file
    text = open(DIST, encoding="utf-8").read()
    source = freeze.script_source(text)
    loader = freeze.LOADER % (0, "")
    offset = int(text.split('return "\\n" * ')[1].split(" ")[0])
    assert offset == 3 + loader.count("\n") - 1  # the header's 3 lines, the loader's
    first = source.split("\n")[0]
    assert text.split("\n")[offset].endswith(first) and first == "import time"


def test_the_same_text_freezes_to_the_same_bytes():
    # hash seed fixed in the child: the marshalled code does not depend on the build's own
    text = "\n" * 5 + "X = frozenset({'a', 'b', 'c'})\ndef f(x):\n    return x in {'p', 'q'}\n"
    first = freeze.compile_with(sys.executable, text)
    assert freeze.compile_with(sys.executable, text) == first
    assert freeze.encode(first[1], first[2]) == freeze.encode(first[1], first[2])


def test_without_the_interpreter_the_committed_entry_is_kept_for_the_same_text(monkeypatch):
    text = "\n" * 23 + "print('hello')\n"
    entries, _ = freeze.frozen_entries([THIS], text)
    committed = ("# header\n" + "".join("# CPython %s, compiled text sha256 %s\n%r: '%s',\n"
                                        % (e.version, e.digest, e.magic, e.encoded) for e in entries)).encode()
    assert freeze.committed_entries(committed) == {THIS: entries[0]}
    monkeypatch.setattr(freeze, "find_python", lambda minor: None)
    kept, notes = freeze.frozen_entries([THIS], text, committed)
    assert kept == entries and "kept (no CPython" in notes[0]
    # another text: the old code would run stale sources, so nothing is frozen for it
    none, notes = freeze.frozen_entries([THIS], text + "print('more')\n", committed)
    assert none == [] and "not frozen" in notes[0]


def test_another_micro_version_keeps_the_committed_entry_of_the_same_text():
    text = "\n" * 23 + "print('hello')\n"
    (entry,), _ = freeze.frozen_entries([THIS], text)
    older = entry._replace(version="%d.%d.0" % THIS, encoded=freeze.encode(entry.magic, b"another compiler's bytes"))
    committed = ("# CPython %s, compiled text sha256 %s\n%r: '%s',\n" % (older.version, older.digest, older.magic, older.encoded)).encode()
    kept, notes = freeze.frozen_entries([THIS], text, committed)
    assert kept == [older] and "kept (same text" in notes[0]


@pytest.mark.parametrize("text,versions", [("3.8,3.11", ((3, 8), (3, 11))), ("none", ()), (" 3.12 , 3.12", ((3, 12),))])
def test_freeze_versions_are_read(text, versions):
    assert freeze.parse_versions(text) == versions


@pytest.mark.parametrize("text", ["3.7", "2.7", "3", "py38", "3.8;3.11", ""])
def test_freeze_versions_outside_the_script_are_refused(text):
    with pytest.raises(BuildError, match="--freeze"):
        freeze.parse_versions(text)


@pytest.mark.parametrize("text", ["plain\n", "a = '''x'''\n", 'b = """y"""\n', "c = r'\\'\n", "ends with \\", "tab\there\n",
                                  "both ''' and \"\"\" and \\'''\n"])
def test_the_source_literal_holds_the_text(text):
    literal = freeze.source_literal(text)
    assert ast.literal_eval(literal) == text
    if "'''" not in text and not text.endswith("\\"):
        assert literal.startswith("r'''")  # readable: the text itself, line for line


def test_no_version_to_freeze_gives_the_plain_script():
    from bundler.script import build

    plain, _ = build(ROOT, freeze=())
    assert b"frozen_or_source" not in plain
    assert freeze.script_source(plain.decode("utf-8")) == plain.decode("utf-8")
    assert ast.parse(plain).body[1].targets[0].id == "FIRST_STATEMENT_CLOCK"
