"""contest: a whole pack in two seconds, as paiza.IO runs it.

Owns: the budgeted run that always prints a valid select list (`batch`), which
boards to play (`plan`, with the measured `plantables`), the process clock
and the run's deadlines (`clock`), the standard streams as the entry and the
command line meet them (`streams`: closed at start, a reader gone away), and the
paiza entry that build.py bundles (`paiza`).

May import: grid, official, engine.
"""
