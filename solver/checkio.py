"""CheckiO "Minesweeper" mission: ``checkio(field) -> [is_mine, row, col]`` (see solver.variants.checkio)."""
from .variants.checkio import checkio  # noqa: F401  (the mission imports it from here)
