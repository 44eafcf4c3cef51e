"""Topcoder Marathon Match 122 "SuperMinesweeper": the player (`player`), its line
protocol (`stdio`) and a local tester (`harness`).  The player's two-step guess is
the engine's look (`engine.twostep`), as the classic player's.

May import: grid, official, engine.
"""
