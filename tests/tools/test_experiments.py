"""Every tool of tools/ runs on the code beside it: each with a tiny input, as its
docstring says to run it (tools/README.md lists them and the figures they gave).

A harness that reproduces a figure of docs/measurements/ is only worth keeping while
its command still runs: a rename in the package breaks it silently otherwise (the
cost model's sample once imported a function that had moved).  Each test runs one
in a subprocess, on a pack of a dozen boards or at a tiny share of its packs' size,
and checks what it prints.  Nothing is timed.  Skipped, saying why, when the tool
needs what this machine lacks: valgrind, pyenv's CPython 3.12.1 (its `-X perf`
frames), the official ADC2026 pack or the ADC2020 problems under ../shared/data.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools"
COST_MODEL = TOOLS / "experiments" / "cost_model"
SHARED = ROOT.parent / "shared" / "data"
OFFICIAL = SHARED / "adc2026_board_pack_10000_prog.txt"
PYTHON_312 = Path.home() / ".pyenv" / "versions" / "3.12.1" / "bin" / "python3"

needs_valgrind = pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")


def run(*args, env=None, stderr=False):
    """stdout (and stderr, if asked) of a tool run from the project's root; its status must be 0."""
    done = subprocess.run([str(a) for a in args], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})))
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout + done.stderr if stderr else done.stdout


def python(script, *args, **kwargs):
    return run(sys.executable, script, *args, **kwargs)


@pytest.fixture(scope="module")
def tiny_pack(tmp_path_factory):
    """A dozen boards of the ADC2026 form, dense enough to stall and guess."""
    from solver.official.generator import generate_pack
    from solver.official.packs import format_pack

    path = tmp_path_factory.mktemp("pack") / "tiny.txt"
    path.write_text(format_pack(generate_pack(12, "none", "serious", 2026)))
    return {"EXPERIMENT_PACK": str(path)}


def test_the_cost_models_sample_plays_and_scores(tiny_pack):
    assert re.fullmatch(r"points \d+\.\d{4}\n", python(COST_MODEL / "sample.py", 1, 5, env=tiny_pack))


def test_knobs_sets_a_constant_and_plays_the_pack(tiny_pack):
    out = python(COST_MODEL / "knobs.py", "endgame.ENDGAME_CELLS = 8", 1, env=tiny_pack)
    assert re.match(r"endgame\.ENDGAME_CELLS = 8 +points \d+\.\d{4}  cpu \d+\.\d\d s\n", out), out


@pytest.mark.parametrize("how", [("chunks", 0, 1), ("sorted-chunks", 1, 1), ("sorted", 0, 2), ("warm", 1, 3)])
def test_orders_plays_each_order(tiny_pack, how):
    out = python(COST_MODEL / "orders.py", *how, env=tiny_pack)
    assert out.startswith("%s %d: " % how[:2]) and (how[0] != "warm" or re.search(r"\d+ searches", out)), out


def test_stall_profile_counts_steps_and_times_a_stall(tiny_pack):
    out = python(COST_MODEL / "stall_profile.py", 1, 3, env=tiny_pack)
    assert re.search(r"^\d+ dense boards of every 1-th", out, re.M) and re.search(r"\d+ stalls, microseconds a stall", out)


@needs_valgrind
def test_instructions_counts_a_boards_play(tiny_pack):
    out = run("bash", COST_MODEL / "instructions.sh", 1, 2, sys.executable, env=tiny_pack)
    assert int(re.search(r"a board (\d+)", out).group(1)) > 0, out


@needs_valgrind
@pytest.mark.skipif(not PYTHON_312.exists(), reason="functions.sh needs pyenv's CPython 3.12.1 (-X perf frames)")
def test_functions_names_each_python_function(tiny_pack):
    out = run("bash", COST_MODEL / "functions.sh", 1, 2, env=tiny_pack)
    assert re.search(r"^ +\d+  engine/player\.py:play$", out, re.M), out


def test_startup_times_the_bundle_beside_the_bare_interpreter():
    out = python(TOOLS / "experiments" / "startup.py", "--python", sys.executable, "--rounds", 1, "dist/paiza_main.py")
    rows = [line.split(" | ") for line in out.splitlines()[1:]]
    assert [row[1] for row in rows] == ["python3 -c pass", "dist/paiza_main.py"] and rows[1][2].isdigit(), out


def test_hostile_packs_run_the_bundle_on_each_pack(tmp_path):
    version = "%d.%d.%d" % sys.version_info[:3]
    out = python(TOOLS / "experiments" / "hostile_packs.py", "--scale", 0.0002, "--python", version, "--cache", tmp_path)
    rows = {row.split(" | ")[0].strip("| "): row.split(" | ")[-1].strip(" |") for row in out.splitlines()[2:]}
    assert len(rows) == 7 and rows.pop("refused-1m") == "NO" and set(rows.values()) == {"yes"}, out


def test_hostile_stray_runs_the_bundle_under_the_sampler(tmp_path):
    packs = ["stray-before", "stray-between", "stray-after", "long-lines", "tiny-distinct", "tiny-same"]
    packs += ["pack-select"] if OFFICIAL.exists() else []  # the official pack with its select list after it
    out = python(TOOLS / "experiments" / "hostile_stray.py", "--scale", 0.0002, "--python", sys.executable,
                 "--cache", tmp_path, *packs)
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == packs, out
    assert all("peak PSS" in line and re.search(r"\| valid, \d+ boards$", line) for line in lines), out


def test_treepeak_samples_a_commands_tree():
    out = python(TOOLS / "experiments" / "treepeak.py", sys.executable, "-c", "import time; time.sleep(0.6)")
    assert re.fullmatch(r"status 0, \d+ s, tree peak \d+ MB \(summed RSS, sampled\), own peaks \(VmHWM\): .*\n", out)


def test_peak_memory_sums_a_trees_pss():
    out = python(TOOLS / "peak_memory.py", "--", sys.executable, "-c", "pass", stderr=True)
    assert re.search(r"peak PSS [\d.]+ MB \(sum over \d+ process", out), out


def test_classic_memory_reports_game_after_game():
    out = python(TOOLS / "experiments" / "classic_memory.py", 2, 1)
    assert [line.split()[:2] for line in out.splitlines()] == [["1", "games"], ["2", "games"]], out


def test_scene_cap_plays_under_a_lower_cap():
    assert re.fullmatch(r"cap 100: 2 games, [\d.]+ CPU ms a game, peak \d+ MB\n",
                        python(TOOLS / "experiments" / "scene_cap.py", 100, 2))


def test_twostep_contest_plays_compares_and_runs_a_budget(tmp_path):
    harness = TOOLS / "experiments" / "twostep_contest.py"
    pack = tmp_path / "ultra.txt"
    pack.write_text(run(sys.executable, "-m", "solver", "gen", 10, "both", "ultra"))
    for guess in ("default", "twostep"):
        python(harness, "play", pack, "--guess", guess, "--boards", 3, "--select", tmp_path / (guess + ".txt"),
               "--times", tmp_path / (guess + ".csv"))
        (tmp_path / (guess + ".scores")).write_text(run(sys.executable, "-m", "solver", "score", "--boards",
                                                        tmp_path / (guess + ".txt"), "--pack", pack))
    out = python(harness, "compare", *[tmp_path / name for name in
                                        ("default.scores", "twostep.scores", "default.csv", "twostep.csv")])
    assert out.startswith("boards 3\n") and "diff B-A" in out, out
    budgeted = python(harness, "budget", pack, "--budget", 1.0, stderr=True)  # the list, then the summary
    assert re.search(r"^boards \d+/10 .* budget 1\.000$", budgeted, re.M), budgeted


# --attempts: the same answer however slow the machine (no test decides by the clock)
@pytest.mark.skipif(not (SHARED / "adc2020" / "today1_Q.txt").exists(), reason="the ADC2020 problems are not in ../shared/data")
def test_adc2020_table_solves_and_checks_a_problem(tmp_path):
    out = python(TOOLS / "experiments" / "adc2020_table.py", "--attempts", 20, "--jobs", 1, "--out", tmp_path, "today1")
    assert re.search(r"^\| today1 \| 5 \| 4 \| yes \| 30 \| \d+ \| [\d.]+ \|$", out, re.M), out


def test_same_decisions_hashes_a_part():
    out = python(TOOLS / "same_decisions.py", ".", "checkio")
    assert re.fullmatch(r"checkio 500 games, seed 1: \d+ won, moves [0-9a-f]{16}\n", out), out


def test_the_plan_profile_and_its_simulation(tiny_pack, tmp_path):
    profile = tmp_path / "profile.tsv"
    profile.write_text(python(TOOLS / "experiments" / "plan_profile.py", env=tiny_pack))
    lines = profile.read_text().splitlines()
    assert len(lines) == 12 and all(len(line.split("\t")) == 15 for line in lines)
    out = python(TOOLS / "experiments" / "plan_simulate.py", profile, "--seconds", "0.001", "1")
    rows = [line for line in out.splitlines() if re.match(r"\| \d", line)]
    assert len(rows) == 2
    header, shaped, held, oracle, stops = rows[1].strip("|").split("|")[1:]
    assert float(oracle) >= float(header)  # (the oracle is never below a plan, with all the time)


def test_the_blind_lattices_by_density(tiny_pack):
    out = python(TOOLS / "experiments" / "blind_lattice.py", "--every", "1", "--steps", "2,3", env=tiny_pack)
    rows = [line for line in out.splitlines() if re.match(r"\| 0\.\d{3} ", line)]
    assert rows and sum(int(row.split("|")[2]) for row in rows) == 12
    assert all(-1 <= float(row.split("|")[k]) <= 1 for row in rows for k in (3, 4)), out
