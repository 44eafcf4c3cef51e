"""The official safe cells (solver.official.safezone): hand-checked cases and properties."""

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.official.safezone import enabled_areas, js_parseint, safe_cells

MODES = ("auto", "corner", "center", "both", "none")


# ------------------------------------------------------------------ js_parseint

def test_parseint_truncates_ordinary_numbers():
    assert js_parseint(123.45) == 123
    assert js_parseint(2.0) == 2
    assert js_parseint(0.5) == 0
    assert js_parseint(-2.7) == -2
    assert js_parseint(-0.0) == 0
    assert js_parseint(10 * 2.5) == 25
    assert js_parseint((9 - 0.1) / 2) == 4


def test_parseint_reads_exponent_forms_like_javascript():
    # String(5e-7) is '5e-7', String(1e-6) is '0.000001'
    assert js_parseint(5e-7) == 5
    assert js_parseint(9.87e-7) == 9
    assert js_parseint(-5e-7) == -5
    assert js_parseint(1e-6) == 0
    # String(1e21) is '1e+21'; below that the full digits are written out
    assert js_parseint(1e21) == 1
    assert js_parseint(1.5e21) == 1
    assert js_parseint(1e20) == 10 ** 20
    assert js_parseint(1.2345678901234568e20) == 123456789012345680000


def test_parseint_without_digits_is_nan():
    for value in (float("nan"), float("inf"), float("-inf")):
        result = js_parseint(value)
        assert result != result


@given(st.floats(min_value=1e-6, max_value=2.0 ** 53))
def test_parseint_is_truncation_in_the_plain_range(value):
    assert js_parseint(value) == int(value)


# ------------------------------------------------------------------ mode strings

def test_modes_are_tested_as_substrings_like_the_official_regexes():
    assert enabled_areas(9, 9, "auto") == (False, True)  # odd x odd: centre
    assert enabled_areas(8, 9, "auto") == (True, False)
    assert enabled_areas(9, 9, "both") == (True, True)
    assert enabled_areas(9, 9, "corner") == (True, False)
    assert enabled_areas(9, 9, "center") == (False, True)
    assert enabled_areas(9, 9, "bothcorner") == (True, True)
    assert enabled_areas(9, 9, "none") == (False, False)
    assert enabled_areas(9, 9, "Auto") == (False, False)  # the regexes are case-sensitive
    assert enabled_areas(9, 9, "centre") == (False, False)


# ------------------------------------------------------------------ hand-checked boards

def test_9x9_10_mines_both_keeps_corners_centre_and_their_rings():
    # budget: 71 untouched cells; thresholds 10 (corners, centre) and 25 (rings),
    # never reached: 4 corners + 3*4 ring cells + 1 centre + 8 ring cells
    expected = (
        0, 1, 9, 10,  # top left 2x2
        7, 8, 16, 17,  # top right
        63, 64, 72, 73,  # bottom left
        70, 71, 79, 80,  # bottom right
        30, 31, 32, 39, 40, 41, 48, 49, 50,  # centre 3x3
    )
    assert safe_cells(9, 9, 10, "both") == tuple(sorted(expected))


def test_5x5_auto_is_the_single_centre_cell_without_ring():
    # odd x odd -> centre; sides of 5 are not longer than 6 -> no ring
    assert safe_cells(5, 5, 3, "auto") == (12,)


def test_4x5_auto_is_the_four_corners():
    assert safe_cells(4, 5, 3, "auto") == (0, 3, 16, 19)


def test_even_centre_is_two_by_two_with_ring_only_along_the_long_side():
    # 8x6: centre columns 3..4, rows 2..3; width 8 > 6 gets a ring, height 6 does not
    assert safe_cells(8, 6, 0, "center") == (18, 19, 20, 21, 26, 27, 28, 29)


def test_dense_board_stops_adding_ring_cells_at_the_threshold():
    # 9x9, 20 mines: 61 untouched; corners take it to 57, the ring threshold is 50:
    # top-left ring (3), top-right ring (3), then one cell of the bottom-left ring.
    # The centre (threshold 20) still gets its cell, but not its ring.
    assert safe_cells(9, 9, 20, "both") == (0, 1, 7, 8, 9, 10, 16, 17, 40, 63, 72, 80)


def test_very_dense_board_has_no_safe_cells():
    # 4x4 with 8 mines: 8 untouched cells, threshold 8: nothing may be added
    assert safe_cells(4, 4, 8, "both") == ()
    assert safe_cells(4, 4, 16, "both") == ()


def test_none_and_unknown_modes_have_no_safe_cells():
    assert safe_cells(9, 9, 10, "none") == ()
    assert safe_cells(9, 9, 10, "") == ()


def test_no_mines_makes_whole_corner_rings_safe():
    assert safe_cells(2, 2, 0, "both") == (0, 1, 2, 3)


def test_boards_with_a_side_of_one_do_not_hang():
    # the official corner loop never ends there; one corner coordinate on that axis
    assert safe_cells(1, 1, 0, "both") == (0,)
    assert safe_cells(1, 5, 0, "both") == (0, 2, 4)
    assert safe_cells(5, 1, 1, "corner") == (0, 4)
    # width 100 > 6 still gets its ring along x
    assert safe_cells(100, 1, 0, "both") == (0, 1, 48, 49, 50, 51, 98, 99)
    for mode in MODES:
        for side in range(1, 101):
            safe_cells(1, side, 0, mode)
            safe_cells(side, 1, side // 2, mode)


# ------------------------------------------------------------------ properties

@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 100),
    st.integers(1, 100),
    st.data(),
    st.sampled_from(MODES),
)
def test_safe_cells_leave_room_for_the_mines(width, height, data, mode):
    size = width * height
    mines = data.draw(st.integers(0, size))
    cells = safe_cells(width, height, mines, mode)
    assert list(cells) == sorted(set(cells))
    assert all(0 <= c < size for c in cells)
    if cells and mines:
        # never more safe cells than leave `mines` untouched cells besides the mines
        assert size - mines - len(cells) >= mines
