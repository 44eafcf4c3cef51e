"""Tests for the ICPC 2003 'inexperienced player' analyser (solver.variants.icpc).

The fast analyser is checked against a deliberately naive reference that plays the two
rules literally (counting f, c and m each time) in a random order until nothing changes.
The original contest sample input could not be retrieved, so no 'sample' test exists;
the worked example of the statement's Figures 1-3 is used instead.
"""

import io
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cli import main as cli_main
from solver.variants.icpc import (
    FieldFormatError,
    answers_text,
    bench,
    closed_after_start,
    least_closed,
    read_fields,
)

PROJECT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The statement's Figure 1: mines at (3,1) and (3,2), 1-based (row, column).
STATEMENT_BOARD = ["...", "...", "MM."]


# --------------------------------------------------------------------------- reference


def reference_closed(rows, start, rng, cascade=False):
    """Safe cells left closed after a literal, randomly ordered play from `start`.

    With `cascade`, opening a 0 also opens its closed neighbours at once (the usual
    game behaviour) -- the problem's fixed point must not depend on that choice.
    """
    height, width = len(rows), len(rows[0])
    mines = {(y, x) for y in range(height) for x in range(width) if rows[y][x] == "M"}
    safe_total = height * width - len(mines)

    def neighbours(cell):
        y, x = cell
        return [
            (y + dy, x + dx)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dy or dx) and 0 <= y + dy < height and 0 <= x + dx < width
        ]

    if start in mines:
        return safe_total  # the game ends at once
    opened, flagged = set(), set()

    def open_cell(cell):
        assert cell not in mines, "the rules opened a mine"
        opened.add(cell)
        if cascade and not any(n in mines for n in neighbours(cell)):
            for n in neighbours(cell):
                if n not in opened and n not in flagged:
                    open_cell(n)

    open_cell(start)
    changed = True
    while changed:
        changed = False
        candidates = sorted(opened)
        rng.shuffle(candidates)
        for cell in candidates:
            around = neighbours(cell)
            m = sum(n in mines for n in around)
            f = sum(n in flagged for n in around)
            closed = [n for n in around if n not in opened and n not in flagged]
            c = len(closed)
            if not closed:
                continue
            rules = ["open", "flag"]
            rng.shuffle(rules)
            for rule in rules:
                if rule == "open" and f == m:
                    for n in closed:
                        open_cell(n)
                    changed = True
                    break
                if rule == "flag" and f + c == m:
                    assert all(n in mines for n in closed), "the rules flagged a safe cell"
                    flagged.update(closed)
                    changed = True
                    break
            if changed:
                break  # re-pick from scratch: any order of rule applications
    return safe_total - len(opened)


def reference_least(rows, rng):
    """Least closed safe cells over every start cell, by the literal reference."""
    return min(reference_closed(rows, (y, x), rng) for y in range(len(rows)) for x in range(len(rows[0])))


@st.composite
def fields(draw):
    """Contest-legal fields (r, c >= 3, r*c <= 40), any mine density from 0 to 1."""
    height = draw(st.integers(3, 13))
    width = draw(st.integers(3, 40 // height))
    density = draw(st.integers(0, 100))  # percent; 0 = no mines, 100 = all mines
    dice = draw(st.lists(st.integers(0, 99), min_size=height * width, max_size=height * width))
    return ["".join("M" if dice[y * width + x] < density else "." for x in range(width)) for y in range(height)]


# --------------------------------------------------------------------------- analysis


def test_statement_worked_example():
    # Figures 2a-2d: starting at (1,2) wins; Figure 3: starting at (2,2) is stuck with 6.
    assert least_closed(STATEMENT_BOARD) == 0
    assert closed_after_start(STATEMENT_BOARD, 0, 1) == 0
    assert closed_after_start(STATEMENT_BOARD, 1, 1) == 6
    assert closed_after_start(STATEMENT_BOARD, 2, 0) == 7  # a mine: all 7 safe cells stay closed


def test_hand_checked_field_left_with_two_closed():
    # Whatever the start, the two cells beside the lone mine cannot be told apart from it.
    assert least_closed([".M.", "...", "..."]) == 2
    assert closed_after_start([".M.", "...", "..."], 0, 0) == 7


def test_extreme_densities():
    assert least_closed(["...", "...", "..."]) == 0
    assert least_closed(["MMM", "MMM", "MMM"]) == 0
    # one safe cell walled in by mines: rule 2 flags them all, nothing is left closed
    assert least_closed(["MMM", "M.M", "MMM"]) == 0
    assert least_closed(["MMMMM", "MM.MM", "MMMMM"]) == 0


@settings(max_examples=300, deadline=None)
@given(fields(), st.randoms(use_true_random=False))
def test_matches_brute_force(rows, rng):
    assert least_closed(rows) == reference_least(rows, rng)


@settings(max_examples=150, deadline=None)
@given(fields(), st.randoms(use_true_random=False))
def test_every_start_order_and_cascade_independent(rows, rng):
    for y in range(len(rows)):
        for x in range(len(rows[0])):
            fast = closed_after_start(rows, y, x)
            assert reference_closed(rows, (y, x), rng) == fast
            assert reference_closed(rows, (y, x), rng, cascade=True) == fast


def test_rejects_ragged_or_foreign_rows():
    with pytest.raises(ValueError):
        least_closed(["...", "..", "..."])
    with pytest.raises(ValueError):
        least_closed(["...", ".*.", "..."])


# --------------------------------------------------------------------------- input/output

GOOD_INPUT = "3 3\n...\n...\nMM.\n3 3\n.M.\n...\n...\n3 4\n....\n....\n....\n0 0\n"


def test_solve_text_multiple_fields():
    assert answers_text(GOOD_INPUT) == "0\n2\n0\n"


def test_solve_text_stops_at_terminator_and_tolerates_blank_lines():
    assert answers_text("3 3\r\n...\r\n...\r\nMM.\r\n\r\n0 0\r\nanything after\n") == "0\n"
    assert answers_text("0 0\n") == ""


@pytest.mark.parametrize(
    "text, line",
    [
        ("3 3\n...\n.x.\n...\n0 0\n", 3),  # foreign character
        ("3 3\n...\n....\n...\n0 0\n", 3),  # row too long
        ("3 3\n...\n...\nMM.\nthree 3\n", 5),  # bad header after a good field
        ("3\n", 1),  # one number only
        ("5 9\n", 1),  # 45 cells
        ("2 5\n", 1),  # fewer than 3 rows
        ("3 3\n...\n...\n", 4),  # input ends inside a field
        ("3 3\n...\n...\nMM.\n", 5),  # no '0 0' terminator
    ],
)
def test_malformed_input_names_the_line(text, line):
    with pytest.raises(FieldFormatError) as caught:
        answers_text(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}:")


def test_read_fields_yields_fields_before_the_error():
    fields_read = read_fields("3 3\n...\n...\nMM.\n3 3\n..\n".splitlines())
    assert next(fields_read) == STATEMENT_BOARD
    with pytest.raises(FieldFormatError):
        next(fields_read)


def run_cli(stdin_text, *args):
    return subprocess.run(
        [sys.executable, "-m", "solver", "icpc"] + list(args),
        input=stdin_text.encode("ascii"),
        capture_output=True,
        check=False,
        cwd=PROJECT_ROOT,
        timeout=60,
    )


def test_cli_reads_stdin_writes_answers():
    done = run_cli(GOOD_INPUT)
    assert done.returncode == 0
    assert done.stdout.decode() == "0\n2\n0\n"
    assert done.stderr == b""


def test_cli_error_is_one_line_after_earlier_answers():
    done = run_cli("3 3\n...\n...\nMM.\n3 3\n.M.\n.?.\n...\n0 0\n")
    assert done.returncode == 1
    assert done.stdout.decode() == "0\n"
    error = done.stderr.decode()
    assert error.count("\n") == 1 and "line 7" in error
    assert "Traceback" not in error


def test_cli_in_process_with_text_stdin(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(GOOD_INPUT))
    assert cli_main(["icpc"]) == 0
    assert capsys.readouterr().out == "0\n2\n0\n"


def test_bench_reports_rate():
    out = io.StringIO()
    rate = bench(20, out=out)
    assert rate > 0
    assert "20 random fields" in out.getvalue() and "fields/s" in out.getvalue()


def test_bench_memory_stays_flat_whatever_the_count():
    # --bench 99999999999 once grew to 700 MB before timing anything: fields are made a
    # chunk at a time, so twenty chunks take no more memory than five (past the caches
    # the first fields fill)
    import tracemalloc

    from solver.variants.icpc import BENCH_CHUNK

    peaks = []
    for count in (5 * BENCH_CHUNK, 20 * BENCH_CHUNK):
        tracemalloc.start()
        bench(count, out=io.StringIO())
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < 1.2 * peaks[0], peaks


def test_bench_refuses_a_count_past_its_bound_in_one_line(capsys):
    from solver.variants.icpc import MAX_BENCH_FIELDS

    assert cli_main(["icpc", "--bench", str(MAX_BENCH_FIELDS + 1)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(MAX_BENCH_FIELDS) in err
