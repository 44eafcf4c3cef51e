"""grid: cells as bits of a Python int, board shapes, and numbers over a whole board.

Owns: bitset helpers (`bitset`), neighbour masks per shape (`geometry`), digits as
four bit planes and whole-board neighbour counts (`planes`).

May import: the standard library only.
"""
