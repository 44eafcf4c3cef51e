"""Classic Minesweeper played to win: the player (`player`), exact layout counts
(`layouts`), pairs no click can tell apart and the 50/50 credit (`pairs`), perfect
play when few layouts remain (`perfect`), dead cells (`dead`), the two-step guess
(`twostep`) and a referee that measures the win rate, alone or rules against each
other on the same games (`referee`).

May import: grid, official, engine.
"""

from .player import ClassicPlayer  # noqa: F401  (the public entry point)
