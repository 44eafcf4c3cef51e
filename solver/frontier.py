"""What the revealed digits say about the closed cells: constraints, cell classes, components.

A constraint is an opened digit seen from the closed side: ``(cells, mines)`` means
exactly `mines` of the bitset `cells` are mines (known mines already subtracted).
Closed cells that share exactly the same constraints form a class: they are
interchangeable, so enumeration counts a class's mines instead of its cells.
Constraints that share cells form a component; components are independent except
through the global mine count.
"""

from collections import namedtuple

from .bitset import cells_of, popcount

Component = namedtuple("Component", "classes sizes constraints key")
Component.__doc__ = """One independent part of the frontier.

classes     -- list of bitsets, the cells of each class
sizes       -- list of ints, popcount of each class
constraints -- list of (class indices, mines) pairs over those classes
key         -- the component's constraints as (cells, mines) pairs, sorted: equal
               keys mean equal components (so their counts can be reused)
"""


def constraints_of(values, numbers, masks, unknown, mines):
    """The distinct constraints of the opened digit cells in `numbers`.

    values[c] is the digit of opened cell c; `unknown` the closed cells not known to
    be mines or safe; `mines` the known mines.  Duplicates are merged; a cell whose
    neighbours are all decided gives none.
    """
    seen = {}
    for c in cells_of(numbers):
        around = masks[c]
        cells = around & unknown
        if cells:
            seen[cells] = values[c] - popcount(around & mines)
    return list(seen.items())


def components_of(constraints):
    """Split constraints into independent Components with their cell classes."""
    # cell -> signature: which constraints contain the cell
    signature = {}
    for index, (cells, _) in enumerate(constraints):
        bit = 1 << index
        for cell in cells_of(cells):
            signature[cell] = signature.get(cell, 0) | bit
    classes_by_signature = {}
    for cell, sig in signature.items():
        classes_by_signature[sig] = classes_by_signature.get(sig, 0) | (1 << cell)

    # union-find over constraints, joined by the classes they share
    parent = list(range(len(constraints)))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for sig in classes_by_signature:
        members = cells_of(sig)
        first = root(members[0])
        for other in members[1:]:
            r = root(other)
            if r != first:
                parent[r] = first

    groups = {}
    for sig, cells in classes_by_signature.items():
        groups.setdefault(root(cells_of(sig)[0]), []).append((sig, cells))
    components = []
    for members in groups.values():
        members.sort(key=lambda m: m[1] & -m[1])  # deterministic: by lowest cell
        constraint_ids = sorted({i for sig, _ in members for i in cells_of(sig)})
        local = {}
        for k, (sig, _) in enumerate(members):
            for i in cells_of(sig):
                local.setdefault(i, []).append(k)
        components.append(
            Component(
                [cells for _, cells in members],
                [popcount(cells) for _, cells in members],
                [(local[i], constraints[i][1]) for i in constraint_ids],
                tuple(sorted(constraints[i] for i in constraint_ids)),
            )
        )
    components.sort(key=lambda comp: min(c & -c for c in comp.classes))
    return components
