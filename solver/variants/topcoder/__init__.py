"""Topcoder Marathon Match 122 "SuperMinesweeper": the player, with the game's rules,
its settings and what is certain (`player`), its guess at a dead end (`guesses`),
windowed estimates for components too big to count (`windows`), its line protocol
(`stdio`) and a local tester (`harness`).  The player's two-step guess is the
engine's look (`engine.twostep`), as the classic player's.

May import: grid, official, engine.
"""
