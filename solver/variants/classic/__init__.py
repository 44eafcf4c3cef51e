"""Classic Minesweeper played to win: the player, what it is told and what is
certain (`player`), its guess when nothing is (`guesses`), the guess policies
(`policies`), pairs no click can tell apart and the 50/50 credit (`pairs`), perfect
play when few layouts remain (`perfect`), a referee that measures the win rate,
alone or policies against each other on the same games (`referee`), and the runs of
many games with their report and record file (`runs`).  The two-step look,
exact layout counts and dead cells are the engine's (`twostep`, `layouts`, `dead`),
shared with the Topcoder player.

May import: grid, official, engine.
"""

from .player import ClassicPlayer  # noqa: F401  (the public entry point)
