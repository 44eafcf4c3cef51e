"""The classic player's guess policies: a ladder, each adding one technique to the one before.

  risk      the single-step policy: least risk, dead cells only as a tie-break
  living    the same, but a dead cell (exact test) only when no living cell is left
  interior  two-step scores (engine/twostep.py) between the single-step pick and the
            interior shortlist
  window    + every living frontier cell within the window of the best living safety
  fifty     the 50/50 factor from pairs and 2x2 boxes with up to three undecided
            wing cells, credit to the wing cell whose mine completes a 50/50, and
            cells so credited as candidates (pairs.py)
  full      + a safer cell certainly safe whenever the choice is, played first
  regions   + perfect play in a walled-in region whose mine count is fixed, before
            the two-step guess (guesses.py, `Guessing._region_move`)

A policy may carry the look's settings: 'full:progress=0.052:blend=3'
(engine.twostep.LookSettings).  Each can be measured against the others on the same
games (`classic --compare`).
"""

from collections import namedtuple

from ...engine.twostep import parse_settings

POLICIES = ("risk", "living", "interior", "window", "fifty", "full", "regions")
LIVING, INTERIOR, WINDOWED, FIFTY, FULL, REGIONS = 1, 2, 3, 4, 5, 6  # the levels of POLICIES

Policy = namedtuple("Policy", "name level progress blend window offedge")
Policy.__doc__ = """A guess policy: one of POLICIES (level: its index), and the two-step look's
settings (engine.twostep.LookSettings: progress, blend, window, offedge)."""


def parse_policy(text):
    """The Policy of 'NAME' or 'NAME:KEY=VALUE:...' (KEY one of progress, blend,
    window, offedge; e.g. 'full:progress=0.052:blend=3'); ValueError if it is none."""
    name, *options = text.strip().split(":")
    if name not in POLICIES:
        raise ValueError("no guess policy %r (one of %s)" % (name, ", ".join(POLICIES)))
    return Policy(name, POLICIES.index(name), *parse_settings(options, text))
