"""The fixed block shapes of ADC2020: a monomino and the five tetrominoes in each
orientation the official checker lists (a block is never rotated or reflected, so
every orientation is a shape of its own).

A shape is the set of (dx, dy) cells of its WxH mask; `shape_of` names the shape
whose mask a block's cells fill exactly.
"""

# name -> rows of the mask, 'X' a cell of the block (the official checker's masks,
# written out; its letters name the tetromino: a I, b O, c T, d L, e J, f S, g Z, z the monomino)
MASKS = {
    "a0": ("X", "X", "X", "X"),
    "a1": ("XXXX",),
    "b0": ("XX", "XX"),
    "c0": (".X.", "XXX"),
    "c1": ("X.", "XX", "X."),
    "c2": ("XXX", ".X."),
    "c3": (".X", "XX", ".X"),
    "d0": ("X.", "X.", "XX"),
    "d1": ("XXX", "X.."),
    "d2": ("XX", ".X", ".X"),
    "d3": ("..X", "XXX"),
    "e0": (".X", ".X", "XX"),
    "e1": ("X..", "XXX"),
    "e2": ("XX", "X.", "X."),
    "e3": ("XXX", "..X"),
    "f0": (".XX", "XX."),
    "f1": ("X.", "XX", ".X"),
    "g0": ("XX.", ".XX"),
    "g1": (".X", "XX", "X."),
    "z0": ("X",),
}


def mask_cells(rows):
    """The frozenset of (dx, dy) cells marked 'X' in a mask's rows."""
    return frozenset((x, y) for y, row in enumerate(rows) for x, mark in enumerate(row) if mark == "X")


SHAPE_CELLS = {name: mask_cells(rows) for name, rows in MASKS.items()}


SHAPE_OF = {(len(rows[0]), len(rows), SHAPE_CELLS[name]): name for name, rows in MASKS.items()}


def shape_of(width, height, cells):
    """The name of the shape whose WxH mask is exactly `cells` ((dx, dy) pairs), or None."""
    return SHAPE_OF.get((width, height, frozenset(cells)))
