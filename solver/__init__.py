"""A Minesweeper player for the DA Symposium Algorithm Design Contest (ADC2025/ADC2026).

Run ``python -m solver --help`` for the map of the product.
"""

__version__ = "1.0.0"
