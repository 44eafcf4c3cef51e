"""lab: measuring the player and the bundle.

Owns: strength and speed of packs (`bench`), the plan's tables (`planfit`), the
pack advisor and its forecast (`advise`, `forecast`, `packshape`), the plan of a
paiza.IO session (`sessionplan`), the instructions of real boards (`cost`), and
running the bundle as paiza does (`bundlerun`).

May import: grid, official, engine, contest.
"""
