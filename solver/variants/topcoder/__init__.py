"""Topcoder Marathon Match 122 "SuperMinesweeper": the player (`player`), its line
protocol (`stdio`) and a local tester (`harness`).

May import: grid, official, engine.
"""
