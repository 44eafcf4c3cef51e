"""Other Minesweeper systems on the same engine: ICPC analyser, CheckiO function, Topcoder player."""
