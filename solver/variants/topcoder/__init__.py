"""Topcoder Marathon Match 122 "SuperMinesweeper": the player (`player`), its line
protocol (`stdio`) and a local tester (`harness`).  The player's two-step guess is
the classic player's look (`classic.twostep`, `classic.layouts`: the same layer).

May import: grid, official, engine.
"""
