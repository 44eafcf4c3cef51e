"""variants: the other Minesweeper systems, on the same engine.

Owns: the ICPC 2003 analyser (`icpc`), the CheckiO next-move function
(`checkio`), the Topcoder interactive player (`topcoder/`) and the classic game
played to win (`classic/`).

May import: grid, official, engine.
"""
