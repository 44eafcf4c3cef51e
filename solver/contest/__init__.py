"""contest: a whole pack in two seconds, as paiza.IO runs it.

Owns: one board played, from its public facts to its select text (`oneboard`); the
budgeted run in rounds that always prints a valid select list (`batch`), a worker's
share of the boards (`chunks`), what workers send back (`records`) and its gathering
in pack order (`results`); the worker processes (`workers`), how many the machine
allows (`cores`) and the end of a run by signal (`signals`); which boards to play
(`plan`, with the measured `plantables`); the figures of the two seconds (`timeplan`),
the process clock and the run's deadlines (`clock`); the standard streams as the entry
and the command line meet them (`streams`); a paiza.IO session's runs summed (`tally`);
and the paiza entry that build.py bundles (`paiza`).

May import: grid, official, engine.
"""
