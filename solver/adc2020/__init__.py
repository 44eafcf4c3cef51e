"""adc2020: the ADC2020 placement-routing puzzle, beside the Minesweeper solver.

Blocks (a monomino or one of five tetrominoes, never rotated) carrying numbered
terminal cells go on one board without overlap; equal numbers are joined by wires
that neither cross nor branch; the quality is 1 / the area of the smallest rectangle
around every block and wire.  Owns: the fixed block shapes (`shapes`), the problem
and answer texts (`formats`), the checker as the official one reads the rules, with
its known gaps closed (`checker`), a generator of random problems like the official
ones (`generator`), the wire router (`router`, `repair`), the block placer (`placer`,
`layout`), the anytime solver and its optional CP-SAT models (`anytime`, `cpsat`, `shortwires`) and the SVG page
of a problem and its answer (`page`).  It shares no engine with the Minesweeper
layers.  The solver's CP-SAT model uses OR-tools when the optional extra `adc2020`
is installed (pyproject.toml); everything else, the solver's own search included,
is plain standard library.

May import: the standard library only.
"""
