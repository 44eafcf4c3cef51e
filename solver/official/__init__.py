"""official: the contest as the organisers define it, with no solver in it.

Owns: the board model and what a board name says (`board`), pack and select-list
text as the official pages read it (`packs`, `selects`, `lines`), where the boards
of a pack are (`packindex`) and the text in no board (`strays`), the compact form of a
pack (read: `compact`, written: `compacting`, a chunk's columns both ways: `columns`), a pack cut into
pieces of whole boards for the runs of a paiza.IO session (`pieces`), the official
safe cells of a mode (`safezone`), the hidden board and its flood fill (`judge`), the two
contests' scoring (`rules`), the official generator (`generator`) and the `score`
logic (`scorer`).  Everything here is checked against the official JavaScript and
data.

May import: grid.
"""
