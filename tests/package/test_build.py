"""Tests for build.py, the whole build (bundler/script.py) and the bundled contest program
dist/paiza_main.py.

The committed bundle must be a fresh build of the current sources (so rebuild it with
``python build.py`` whenever a bundled module changes), import only the standard
library, run on every installed CPython 3.8..3.13 and print exactly what the package
prints.  What the flattening keeps and refuses: test_flatten.py; the frozen code and
its loader: test_freeze.py.
"""

import ast
import io
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import build  # noqa: E402  (build.py lives at the repository root)
from bundler import checks  # noqa: E402
from bundler.errors import BuildError  # noqa: E402
from bundler.freeze import committed_entries, script_source  # noqa: E402
from bundler.script import build as build_script  # noqa: E402
from solver.contest.paiza import budget_from_environment  # noqa: E402
from solver.contest.timeplan import DEFAULT_BUDGET_SECONDS  # noqa: E402
from solver.official.compacting import compact_pack  # noqa: E402
from solver.official.generator import generate_pack  # noqa: E402
from solver.official.packs import format_pack, read_pack  # noqa: E402
from solver.official.scorer import score_select  # noqa: E402

DIST = os.path.join(ROOT, "dist", "paiza_main.py")
SUMMARY = re.compile(r"^boards (\d+)/(\d+)  seconds (\d+\.\d+)  score (-?\d+(?:\.\d+)?)(?:  workers \d+)?(?:  budget \d+\.\d+)?$", re.M)


@pytest.fixture(scope="module")
def fresh_build():
    # the committed script given, as build.py gives it: its frozen code is kept where this
    # machine lacks the interpreter to compile it again (bundler/freeze.py)
    with open(DIST, "rb") as handle:
        committed = handle.read()
    script, _ = build_script(ROOT, committed=committed)
    return script


@pytest.fixture(scope="module")
def fresh_source(fresh_build):
    """The minified program the bundle runs (the loader's string literal)."""
    return script_source(fresh_build.decode("utf-8"))


@pytest.fixture(scope="module")
def small_pack():
    return format_pack(generate_pack(30, "both", "middle")) + "\n"


def run_script(python, pack_text, budget="0", extra_args=()):
    """Run dist/paiza_main.py under `python` with the pack on stdin: (stdout bytes, stderr text)."""
    env = dict(os.environ, SOLVER_BUDGET=budget)
    result = subprocess.run(
        [python, *extra_args, DIST],
        input=pack_text.encode("utf-8"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd="/",  # the script must not need the repository
        timeout=300,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout, result.stderr.decode("utf-8")


def package_solve(pack_text):
    """stdout of ``python -m solver solve -`` on the pack (no budget)."""
    result = subprocess.run(
        [sys.executable, "-m", "solver", "solve", "-"],
        input=pack_text.encode("utf-8"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout


def baked_budget(script, name="BUDGET_SECONDS"):
    """The value the script's program assigns to BUDGET_SECONDS (or `name`) at top level."""
    for node in ast.parse(script_source(script.decode("utf-8"))).body:
        if isinstance(node, ast.Assign) and [ast.dump(t) for t in node.targets] == [
            ast.dump(ast.Name(name, ast.Store()))
        ]:
            return ast.literal_eval(node.value)
    raise AssertionError("no %s assignment" % name)


# ---------------------------------------------------------------- the committed bundle


def test_committed_bundle_is_a_fresh_build(fresh_build):
    with open(DIST, "rb") as handle:
        committed = handle.read()
    assert committed == fresh_build, "dist/paiza_main.py is stale: run 'python build.py' and commit it"


def test_check_mode_agrees_and_is_deterministic_across_hash_seeds():
    # a different hash seed must not change the output (set/dict order in the minifier)
    env = dict(os.environ, PYTHONHASHSEED="12345")
    result = subprocess.run(
        [sys.executable, "build.py", "--check"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert result.returncode == 0, result.stderr.decode()
    assert b"up to date" in result.stdout


def test_the_build_gives_the_same_bytes_where_a_doctest_ran_before(fresh_build, monkeypatch):
    """A doctest (or an interactive line) leaves `_` among the builtins, which changed
    how python-minifier named locals: the suite's doctests made this test's build stale."""
    import builtins

    monkeypatch.setattr(builtins, "_", 42, raising=False)
    with open(DIST, "rb") as handle:
        assert build_script(ROOT, committed=handle.read())[0] == fresh_build
    assert builtins._ == 42


def test_check_mode_fails_on_a_stale_bundle(tmp_path, monkeypatch):
    stale = tmp_path / "paiza_main.py"
    stale.write_bytes(b"# an old build\n")
    monkeypatch.setattr(build, "OUTPUT", str(stale))
    assert build.main(["--check"]) == 1
    monkeypatch.setattr(build, "OUTPUT", str(tmp_path / "missing.py"))
    assert build.main(["--check"]) == 1


def test_header_names_digest_and_budget(fresh_build):
    text = fresh_build.decode("utf-8")
    header = text.splitlines()[:3]
    assert all(line.startswith("#") for line in header)
    digest = re.search(r"sha256 ([0-9a-f]{64})", "\n".join(header))
    assert digest
    other, _ = build_script(ROOT, budget=1.25, freeze=())
    assert other != fresh_build
    other_text = other.decode("utf-8")
    assert "budget 1.250 s" in other_text.splitlines()[0]
    assert re.search(r"sha256 ([0-9a-f]{64})", other_text).group(1) != digest.group(1)
    # the budget is baked into the program itself, not only the header
    assert baked_budget(other) == 1.25
    assert baked_budget(fresh_build) == DEFAULT_BUDGET_SECONDS


def test_workers_are_baked_in(fresh_build):
    assert baked_budget(fresh_build, "WORKERS") is None  # the machine's cores when it runs
    one, _ = build_script(ROOT, workers=1, freeze=())
    assert baked_budget(one, "WORKERS") == 1 and "workers 1" in one.decode().splitlines()[0]
    assert one != fresh_build
    with pytest.raises(BuildError):
        build_script(ROOT, workers=0)


def test_clock_is_the_first_statement(fresh_source):
    tree = ast.parse(fresh_source)
    first_two = [ast.dump(node) for node in tree.body[:2]]
    assert first_two == [
        ast.dump(ast.parse("import time").body[0]),
        ast.dump(ast.parse("FIRST_STATEMENT_CLOCK = time.perf_counter()").body[0]),
    ]


def test_bundle_is_minified_and_has_no_docstrings(fresh_build, fresh_source):
    for node in [*ast.walk(ast.parse(fresh_source)), *ast.walk(ast.parse(fresh_build))]:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)):
            assert ast.get_docstring(node) is None, getattr(node, "name", "module")
        assert not isinstance(node, ast.AnnAssign)
        if isinstance(node, ast.arg):
            assert node.annotation is None


def test_bundle_imports_only_the_standard_library(fresh_build, fresh_source):
    stdlib = set(checks.stdlib_names()) | {"_frozen_importlib_external"}
    imported = set()
    for node in [*ast.walk(ast.parse(fresh_source)), *ast.walk(ast.parse(fresh_build))]:
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0
            imported.add(node.module.split(".")[0])
    assert imported, "no import found: the walk is broken"
    assert imported <= set(stdlib), imported - set(stdlib)
    assert "solver" not in imported


def unused_top_level_names(source):
    """Names the script binds at top level (def, class, assignment, import) and never reads
    anywhere: what a bundle should not carry.  Independent of the build's own pass (bundler/flatten.py)."""
    tree = ast.parse(source)
    bound = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.Assign):
            bound.update(n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return bound - read


def test_the_bundle_holds_no_name_it_never_uses(fresh_source):
    unused = unused_top_level_names(fresh_source)
    assert unused == set(), sorted(unused)


def test_the_check_sees_an_unused_name():
    assert unused_top_level_names("import os\ndef f():\n    return g()\ndef g():\n    return 1\nX = 2\nf()\n") == {"os", "X"}


def test_the_bundle_holds_no_lookahead(fresh_source):
    # the entry plays with the contest's policy (policy.next_move): the lookahead's policy
    # is given only by the commands that ask for it (player.play's policy, set_policy), so
    # the lookahead module is not reached and not bundled
    text = fresh_source
    assert "Lookahead" not in text and "second_safety" not in text and "LOOK_FROM" not in text
    assert "choose_guess" in text and "def next_move(" in text


def test_the_bundle_holds_no_argument_parsing(fresh_source):
    text = fresh_source
    assert "argparse" not in text and "add_argument" not in text


def test_bundle_parses_as_python_38(fresh_build, fresh_source):
    ast.parse(fresh_build, feature_version=(3, 8))
    ast.parse(fresh_source, feature_version=(3, 8))


def test_vermin_finds_nothing_newer_than_38(tmp_path, fresh_source):
    vermin = shutil.which("vermin")
    if vermin is None:
        pytest.skip("vermin is not installed")
    # int.bit_count (3.10) is excluded: solver/grid/bitset.py takes it inside try/except
    # AttributeError with a 3.8 fallback, which vermin cannot see; the run on 3.8 below proves it
    program = tmp_path / "program.py"  # the loader's string literal: what runs
    program.write_text(fresh_source, encoding="utf-8")
    result = subprocess.run(
        [vermin, "-t=3.8-", "--no-tips", "--violations", "--exclude", "int.bit_count", DIST, str(program)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert result.returncode == 0, result.stdout.decode()


# ---------------------------------------------------------------- running it

INTERPRETERS = [(minor, checks.find_python(minor)) for minor in range(8, 14)]


@pytest.fixture(scope="module")
def reference_output(small_pack):
    return package_solve(small_pack)


# What the bundle's loader gives exec under an interpreter: "code" (the code frozen for it)
# or "str" (the source, compiled by exec).  It runs the loader's function on the script's
# own arguments, as the script's last statement does.
LOADED_KIND = """
import ast, sys
tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
scope = {}
exec(compile(ast.Module(body=[n for n in tree.body if isinstance(n, ast.FunctionDef)], type_ignores=[]), "loader", "exec"), scope)
call = tree.body[-1].value.args[0]
print(type(scope[call.func.id](*[ast.literal_eval(a) for a in call.args])).__name__)
"""


def loaded_kind(python, script=DIST):
    done = subprocess.run([python, "-c", LOADED_KIND, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode().strip()


@pytest.mark.parametrize("minor,python", INTERPRETERS, ids=["3.%d" % minor for minor, _ in INTERPRETERS])
def test_same_output_on_every_python(minor, python, small_pack, reference_output):
    if python is None:
        pytest.skip("no CPython 3.%d installed" % minor)
    stdout, stderr = run_script(python, small_pack)
    assert stdout == reference_output
    match = SUMMARY.search(stderr)
    assert match and match.group(1) == match.group(2) == "30", stderr
    # the frozen code where the script holds this version's (its magic number: the
    # micro version compiling it may differ), else the source compiled
    frozen = {entry.magic for entry in committed_entries(open(DIST, "rb").read()).values()}
    magic = subprocess.run([python, "-c", "import sys; from importlib.util import MAGIC_NUMBER as m; sys.stdout.write(m.hex())"],
                           stdout=subprocess.PIPE).stdout.decode()
    assert loaded_kind(python) == ("code" if bytes.fromhex(magic) in frozen else "str")


def test_output_is_a_valid_select_list_with_the_reported_score(small_pack, reference_output):
    stdout, stderr = run_script(sys.executable, small_pack)
    rows, total, errors, rule = score_select(stdout.decode(), small_pack)
    assert errors == []
    assert rule == 2025 and len(rows) == 30
    played, boards, seconds, score = SUMMARY.search(stderr).groups()
    assert (int(played), int(boards)) == (30, 30)
    assert float(seconds) > 0
    assert int(score) == total > 0


def test_2026_pack_gives_four_field_headers_and_summary():
    boards = generate_pack(12, "none", "high", form=2026)
    pack = format_pack(boards) + "\n"
    stdout, stderr = run_script(sys.executable, pack)
    out = stdout.decode()
    headers = [line.split() for line in out.splitlines() if not re.match(r"^\d+ \d+$", line)]
    assert len(headers) == 12
    by_name = {b.name: b for b in boards}
    for fields in headers:
        assert len(fields) == 4
        board = by_name[fields[3]]
        assert [int(f) for f in fields[:3]] == [board.width, board.height, board.cells.count(9)]
    rows, total, errors, rule = score_select(out, pack)
    assert errors == [] and rule == 2026
    played, count, seconds, score = SUMMARY.search(stderr).groups()
    assert (played, count) == ("12", "12")
    assert score == "%.4f" % total
    assert stdout == package_solve(pack)


def test_malformed_boards_reported_and_the_rest_played():
    boards = generate_pack(5, "both", "low")
    good = format_pack(boards).split("\n\n")
    broken = good[2].split("\n")
    broken[2] = broken[2] + "7"  # one digit too many on the board's second row
    good[2] = "\n".join(broken)
    pack = "\r\n".join("\n\n".join(good).split("\n")) + "\r\n"  # CRLF on top
    stdout, stderr = run_script(sys.executable, pack)
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1
    assert boards[2].name in errors[0]
    header_line = 1 + sum(len(block.split("\n")) + 1 for block in good[:2])
    assert "line %d" % header_line in errors[0]
    names = [line.split()[2] for line in stdout.decode().splitlines() if len(line.split()) == 3]
    assert names == [b.name for i, b in enumerate(boards) if i != 2]
    # played of total: the total counts every board header, the malformed one included
    assert SUMMARY.search(stderr).group(1, 2) == ("4", "5")


def test_budget_deadline_still_gives_a_valid_list(small_pack):
    # a budget already spent by start-up: nothing or little is played, the list stays valid
    stdout, stderr = run_script(sys.executable, small_pack, budget="0.001")
    rows, _, errors, _ = score_select(stdout.decode(), small_pack)
    assert errors == []
    played, boards = SUMMARY.search(stderr).group(1, 2)
    assert int(played) == len(rows) < 30 and boards == "30"


def test_budget_from_environment():
    assert budget_from_environment({}, 1.5) == 1.5
    assert budget_from_environment({"SOLVER_BUDGET": "0"}, 1.5) is None
    assert budget_from_environment({"SOLVER_BUDGET": ""}, 1.5) is None
    assert budget_from_environment({"SOLVER_BUDGET": " 0.75 "}, 1.5) == 0.75
    assert budget_from_environment({"SOLVER_BUDGET": "-1"}, 1.5) is None
    assert budget_from_environment({"SOLVER_BUDGET": "nan"}, 1.5) is None
    saved, sys.stderr = sys.stderr, io.StringIO()
    try:
        assert budget_from_environment({"SOLVER_BUDGET": "soon"}, 1.5) == 1.5
        assert "SOLVER_BUDGET" in sys.stderr.getvalue()
    finally:
        sys.stderr = saved


def test_read_pack_sees_the_pack_the_script_plays(small_pack):
    # guards the fixtures: the generated pack is well formed, so every board is played above
    boards, errors = read_pack(small_pack)
    assert len(boards) == 30 and errors == []


def run_beside(tmp_path, files, stdin=b""):
    """Run a copy of the bundle as paiza.IO does (Main.py, no arguments) in a folder
    holding `files` ({name: text}): (status, stdout bytes, stderr text)."""
    shutil.copy(DIST, tmp_path / "Main.py")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    result = subprocess.run(
        [sys.executable, "Main.py"], input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=dict(os.environ, SOLVER_BUDGET="0"), cwd=str(tmp_path), timeout=300,
    )
    return result.returncode, result.stdout, result.stderr.decode("utf-8")


def test_with_stdin_empty_the_pack_beside_the_program_is_played(tmp_path, small_pack):
    status, stdout, stderr = run_beside(tmp_path, {"board_pack_10000_prog.txt": small_pack})
    assert status == 0, stderr
    assert stdout == run_script(sys.executable, small_pack)[0]
    assert SUMMARY.search(stderr).group(1, 2) == ("30", "30")


def test_stdin_wins_over_the_file_beside(tmp_path, small_pack):
    other = format_pack(generate_pack(3, "both", "low")) + "\n"
    status, stdout, _ = run_beside(tmp_path, {"pack.txt": other}, stdin=small_pack.encode())
    assert status == 0 and stdout == run_script(sys.executable, small_pack)[0]


@pytest.mark.parametrize("files,says", [({}, "no non-empty .txt file"), ({"e.txt": ""}, "no non-empty .txt file"), ({"a.txt": "x", "b.txt": "y"}, "2 .txt files (a.txt, b.txt)")])
def test_no_pack_anywhere_is_one_line_and_status_1(tmp_path, files, says):
    status, stdout, stderr = run_beside(tmp_path, files, stdin=b"\n \n")
    assert status == 1 and stdout == b""
    assert stderr.count("\n") == 1 and stderr.startswith("error: stdin is empty") and says in stderr


# A child that runs the entry and, as it exits, prints the patterns compiled meanwhile
# and whether the `signal` module (with its enum classes) was imported.
_WATCH_THE_START = r"""
import os, runpy, sys
try:
    import re._compiler as compiler
except ImportError:  # CPython before 3.11
    import sre_compile as compiler
made, compile_pattern, leave = [], compiler.compile, os._exit
def counted(pattern, flags=0):
    made.append(pattern)
    return compile_pattern(pattern, flags)
def report(status):
    sys.stdout.write(repr((made, "signal" in sys.modules)))
    sys.stdout.flush()
    leave(status)
compiler.compile, os._exit = counted, report
sys.argv = sys.argv[1:]  # (the entry alone on its command line)
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def test_the_entry_starts_without_compiling_patterns_or_the_signal_enums(tmp_path):
    """Every start pays for what the module bodies do (docs/measurements/startup.md, "What
    the start costs"): on an empty input the entry compiles one pattern (find_odd_space,
    run on every board header) and imports `_signal`, not `signal`."""
    result = subprocess.run([sys.executable, "-c", _WATCH_THE_START, DIST], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=str(tmp_path), timeout=120)
    made, signal_imported = ast.literal_eval(result.stdout.decode("utf-8"))
    assert result.returncode == 1 and "stdin is empty" in result.stderr.decode("utf-8")
    assert len(made) <= 1 and not signal_imported, made


@pytest.mark.parametrize("minor,python", INTERPRETERS, ids=["3.%d" % minor for minor, _ in INTERPRETERS])
def test_the_build_runs_and_checks_on_every_python(minor, python):
    # it failed on 3.8 and 3.9, whose standard library had no list of its modules (issue 38)
    if python is None:
        pytest.skip("no CPython 3.%d installed" % minor)
    if subprocess.run([python, "-c", "import python_minifier"], capture_output=True).returncode:
        pytest.skip("python-minifier is not installed for CPython 3.%d" % minor)
    done = subprocess.run([python, "build.py", "--check"], cwd=str(ROOT), capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()[-400:]
    said = done.stdout.decode()
    assert "is up to date" in said or (minor == 8 and "is the build of these sources" in said)


def test_the_standard_library_is_told_from_the_rest_where_python_lists_it_not():
    # 3.8 and 3.9 have no sys.stdlib_module_names: the interpreter's own folders say
    names = checks.stdlib_names()
    assert {"errno", "select", "signal", "stat", "marshal", "re", "os"} <= set(names)
    assert not {"python_minifier", "pytest", "hypothesis", "solver"} & set(names)


def test_a_pack_baked_in_is_played_when_stdin_holds_none(tmp_path, small_pack):
    # build.py --pack FILE --out PATH: a project of one file; stdin, when it holds a pack, wins
    packed = tmp_path / "small.compact.txt"
    packed.write_text(compact_pack(small_pack).text, encoding="ascii")
    script = tmp_path / "project" / "Main.py"
    assert build.main(["--pack", str(packed), "--out", str(script)]) == 0
    assert script.stat().st_size < os.path.getsize(DIST) + packed.stat().st_size + 4096  # the pack once, not per frozen code
    env = dict(os.environ, SOLVER_BUDGET="0")
    alone = subprocess.run([sys.executable, str(script)], stdin=subprocess.DEVNULL, capture_output=True, env=env,
                           cwd=str(script.parent), timeout=300)
    given = subprocess.run([sys.executable, DIST], input=small_pack.encode(), capture_output=True, env=env, timeout=300)
    assert alone.returncode == given.returncode == 0 and alone.stdout == given.stdout != b""
    other = format_pack(generate_pack(3, "both", "low")) + "\n"
    on_stdin = subprocess.run([sys.executable, str(script)], input=other.encode(), capture_output=True, env=env,
                              cwd=str(script.parent), timeout=300)
    assert on_stdin.stdout.count(b"board_") == 3


def test_the_committed_script_stays_the_default_build(tmp_path, capsys):
    for args in (["--budget", "0.5"], ["--workers", "1"], ["--freeze", "none"], ["--pack", DIST]):
        assert build.main(args) == 2, args
        assert "give --out PATH" in capsys.readouterr().err
    assert build.main(["--out", str(tmp_path)]) == 2  # a folder
    assert build.main(["--check", "--out", str(tmp_path / "x.py")]) == 2
    assert build.main(["--pack", str(tmp_path / "missing.txt"), "--out", str(tmp_path / "x.py")]) == 1
    assert "missing.txt" in capsys.readouterr().err and not (tmp_path / "x.py").exists()
