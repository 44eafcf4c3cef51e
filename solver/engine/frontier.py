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


def components_of(constraints, made=None):
    """Split constraints into independent Components with their cell classes.

    made -- a dict kept by the caller (one board's stalls): a group of the same
            constraints in the same order as a group met before gets the Component
            made then (a click changes one part of a board; the rest stays)

    All in bitsets: constraints are grouped while their cells overlap, and each
    group's cells are refined, constraint by constraint, into the classes of cells
    that lie in exactly the same constraints.  (Positions are small, a few classes
    at a stall: the loops below avoid building what they do not keep.)
    """
    group_cells, group_indices = [], []  # each group's cells, and its constraints' indices
    for index, (cells, _) in enumerate(constraints):
        into = None
        g = 0
        while g < len(group_cells):
            if group_cells[g] & cells:
                if into is None:  # the first group it meets takes it ...
                    into = g
                    group_cells[g] |= cells
                    group_indices[g].append(index)
                    g += 1
                    continue
                group_cells[into] |= group_cells.pop(g)  # ... and every other group it meets
                group_indices[into] += group_indices.pop(g)
            else:
                g += 1
        if into is None:
            group_cells.append(cells)
            group_indices.append([index])
    if made is None:
        components = [_component(cells, indices, constraints) for cells, indices in zip(group_cells, group_indices)]
    else:
        components = []
        for cells, indices in zip(group_cells, group_indices):
            indices.sort()
            key = tuple([constraints[i] for i in indices])
            component = made.get(key)
            if component is None:
                component = made[key] = _component(cells, indices, constraints)
            components.append(component)
    if len(components) > 1:
        components.sort(key=_first_cell)
    return components


def _component(group_cells, indices, constraints):
    """The Component of the constraints at `indices`, whose cells are `group_cells`:
    the cells are refined, constraint by constraint, into classes, each class with the
    set of constraints it lies in (bit k: the group's k-th constraint)."""
    indices.sort()
    members = [constraints[i] for i in indices]
    atoms, inside_of = [], []
    for k, (cells, _) in enumerate(members):
        bit = 1 << k
        for x in range(len(atoms)):
            atom = atoms[x]
            inside = atom & cells
            if inside:
                if inside != atom:  # the cells outside this constraint make a class of their own
                    atoms[x] = inside
                    atoms.append(atom ^ inside)
                    inside_of.append(inside_of[x])
                inside_of[x] |= bit
                cells ^= inside
                if not cells:
                    break
        if cells:
            atoms.append(cells)
            inside_of.append(bit)
    ranked = sorted(zip([atom & -atom for atom in atoms], atoms, inside_of))  # by lowest cell
    classes = [atom for _, atom, _ in ranked]
    sizes = [popcount(atom) for atom in classes]
    over = [[] for _ in members]  # the classes of each constraint, lowest first
    for place, (_, _, inside) in enumerate(ranked):
        while inside:
            low = inside & -inside
            inside ^= low
            over[low.bit_length() - 1].append(place)
    over = [(tuple(places), need) for places, (_, need) in zip(over, members)]
    members.sort()
    return Component(classes, sizes, over, tuple(members), group_cells, (tuple(sizes), tuple(over)))


def _lowest_bit(atom):
    return atom & -atom


def _first_cell(component):
    return _lowest_bit(component.classes[0])
