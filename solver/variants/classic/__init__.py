"""Classic Minesweeper played to win: the player (`player`), exact layout counts
(`layouts`), pairs no click can tell apart (`pairs`), perfect play when few layouts
remain (`perfect`) and a referee that measures the win rate (`referee`).

May import: grid, official, engine.
"""

from .player import ClassicPlayer  # noqa: F401  (the public entry point)
