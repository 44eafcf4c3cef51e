"""Certain safe cells and certain mines: the deduction steps, cheapest first.

1. single digit: a digit whose mines are all known makes its other closed
   neighbours safe; one that needs every closed neighbour makes them all mines;
2. pairs: for two overlapping constraints A and B, if B needs exactly |B - A| more
   mines than A, then every cell of B - A is a mine and every cell of A - B is safe
   (subset and superset pairs are the special case A inside B);
3. elimination: Gaussian elimination of the constraint matrix over the rationals;
   a row whose right side equals the sum of its positive coefficients (or of its
   negative ones) fixes every variable in it.

Every step here is sound on its own: what it calls certain holds in every
assignment consistent with the constraints.  (The exact enumeration in
`probability` finds the rest.)
"""

from fractions import Fraction

from ..grid.bitset import cells_of, popcount


def single_digit(constraints):
    """(safe, mines) bitsets forced by single constraints (cells, mines)."""
    safe = mines = 0
    for cells, need in constraints:
        if need == 0:
            safe |= cells
        elif need == popcount(cells):
            mines |= cells
    return safe, mines


def pairs(constraints):
    """(safe, mines) bitsets forced by pairs of overlapping constraints.

    Cells 0 and 1 hold one mine; cells 0, 1 and 2 hold two: the one left over is cell 2.

    >>> pairs([(0b011, 1), (0b111, 2)])
    (0, 4)
    >>> pairs([(0b011, 1), (0b111, 1)])  # the same one mine: cell 2 is safe
    (4, 0)
    """
    safe = mines = 0
    sized = [(cells, need, popcount(cells)) for cells, need in constraints]
    for i, (cells_a, need_a, size_a) in enumerate(sized):
        for cells_b, need_b, size_b in sized[i + 1 :]:
            common = cells_a & cells_b
            if not common:
                continue
            shared = popcount(common)
            # B needs |B - A| more mines than A: B - A all mines, A - B all safe (and back)
            if need_b - need_a == size_b - shared:
                mines |= cells_b & ~cells_a
                safe |= cells_a & ~cells_b
            if need_a - need_b == size_a - shared:
                mines |= cells_a & ~cells_b
                safe |= cells_b & ~cells_a
    return safe, mines


def elimination(constraints, total=None):
    """(safe, mines) forced by Gaussian elimination of the constraint system.

    `total`, if given, is a (cells, mines) constraint on every undecided cell (the
    global mine count) and joins the system.
    """
    rows = list(constraints)
    if total is not None:
        rows.append(total)
    variables = sorted({c for cells, _ in rows for c in cells_of(cells)})
    column = {c: k for k, c in enumerate(variables)}
    matrix = []
    for cells, need in rows:
        row = [Fraction(0)] * (len(variables) + 1)
        for c in cells_of(cells):
            row[column[c]] = Fraction(1)
        row[-1] = Fraction(need)
        matrix.append(row)
    # reduced row echelon form
    pivot_row = 0
    for col in range(len(variables)):
        pivot = next((r for r in range(pivot_row, len(matrix)) if matrix[r][col] != 0), None)
        if pivot is None:
            continue
        matrix[pivot_row], matrix[pivot] = matrix[pivot], matrix[pivot_row]
        lead = matrix[pivot_row][col]
        matrix[pivot_row] = [v / lead for v in matrix[pivot_row]]
        for r in range(len(matrix)):
            if r != pivot_row and matrix[r][col] != 0:
                factor = matrix[r][col]
                matrix[r] = [v - factor * p for v, p in zip(matrix[r], matrix[pivot_row])]
        pivot_row += 1
    safe = mines = 0
    for row in matrix[:pivot_row]:
        rhs = row[-1]
        positive = sum(v for v in row[:-1] if v > 0)
        negative = sum(v for v in row[:-1] if v < 0)
        if rhs == positive:  # every positive variable is a mine, every negative one safe
            fixed_mine, fixed_safe = (lambda v: v > 0), (lambda v: v < 0)
        elif rhs == negative:
            fixed_mine, fixed_safe = (lambda v: v < 0), (lambda v: v > 0)
        else:
            continue
        for k, v in enumerate(row[:-1]):
            if fixed_mine(v):
                mines |= 1 << variables[k]
            elif fixed_safe(v):
                safe |= 1 << variables[k]
    return safe, mines
