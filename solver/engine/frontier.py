"""What the revealed digits say about the closed cells: constraints, cell classes, components.

A constraint is an opened digit seen from the closed side: ``(cells, mines)`` means
exactly `mines` of the bitset `cells` are mines (known mines already subtracted).
Closed cells that share exactly the same constraints form a class: they are
interchangeable, so enumeration counts a class's mines instead of its cells.
Constraints that share cells form a component; components are independent except
through the global mine count.
"""

from collections import namedtuple

from ..grid.bitset import cells_of, popcount

Component = namedtuple("Component", "classes sizes constraints key area shape")
Component.__doc__ = """One independent part of the frontier.

classes     -- list of bitsets, the cells of each class
sizes       -- list of ints, popcount of each class
constraints -- list of (class indices, mines) pairs over those classes
key         -- the component's constraints as (cells, mines) pairs, sorted: equal
               keys mean equal components on one board
area        -- bitset of all its cells (the union of the classes; not named "cells",
               which the fair-play scan reserves for the hidden Board.cells)
shape       -- sizes and constraints without the cells: all that counting its
               assignments depends on, so equal shapes share counts across boards
"""


def constraints_of(digit, numbers, masks, unknown, mines):
    """The distinct constraints of the opened digit cells in `numbers`.

    digit(c) is the digit of opened cell c (a list's __getitem__ will do); `unknown`
    the closed cells not known to be mines or safe; `mines` the known mines.
    Duplicates are merged; a cell whose neighbours are all decided gives none.
    """
    seen = {}
    for c in cells_of(numbers):
        around = masks[c]
        cells = around & unknown
        if cells:
            seen[cells] = digit(c) - popcount(around & mines)
    return list(seen.items())


def covered(constraints):
    """The closed cells some constraint touches (the frontier), as one bitset."""
    cells = 0
    for touched, _ in constraints:
        cells |= touched
    return cells


def components_of(constraints):
    """Split constraints into independent Components with their cell classes.

    All in bitsets: constraints are grouped while their cells overlap, and each
    group's cells are refined, constraint by constraint, into the classes of cells
    that lie in exactly the same constraints.  (Positions are small, a few classes
    at a stall: the loops below avoid building what they do not keep.)
    """
    groups = []  # [cells of the group, constraint indices]
    for index, (cells, _) in enumerate(constraints):
        joined_cells, joined = cells, [index]
        kept = []
        for group in groups:
            if group[0] & cells:
                joined_cells |= group[0]
                joined += group[1]
            else:
                kept.append(group)
        kept.append([joined_cells, joined])
        groups = kept
    components = []
    for group_cells, indices in groups:
        indices.sort()
        members = [constraints[i] for i in indices]
        classes = []
        for cells, _ in members:
            refined = []
            for atom in classes:
                inside = atom & cells
                if inside and inside != atom:
                    refined.append(inside)
                    refined.append(atom & ~cells)
                else:
                    refined.append(atom)
                cells &= ~atom
            if cells:
                refined.append(cells)
            classes = refined
        if len(classes) > 1:
            classes.sort(key=_lowest_bit)  # deterministic: by lowest cell
        sizes = [popcount(atom) for atom in classes]
        over = []
        for cells, need in members:
            over.append((tuple([k for k, atom in enumerate(classes) if atom & cells]), need))
        members.sort()
        components.append(Component(classes, sizes, over, tuple(members), group_cells, (tuple(sizes), tuple(over))))
    if len(components) > 1:
        components.sort(key=_first_cell)
    return components


def _lowest_bit(atom):
    return atom & -atom


def _first_cell(component):
    return _lowest_bit(component.classes[0])
