"""The deduction steps, cheapest first, until nothing changes: the loop the variants share.

A position is deduced by steps, cheapest first: single digits (deduce.single_digit)
until they find nothing more, then pairs (deduce.pairs), then counting
(probability.estimate, with the mine count when it is known).  A step that learns
something (a cell safe or a mine) sends play back to the first step: the cheap steps
always run before the dear ones, which run only when the cheap ones are stuck.

- `single_digits`: the first step, until it finds nothing more;
- `pairs_step`: the second, once;
- `pairs_then_count`: the second and the third, ending at the first that learns
  something; else the Position a guess is chosen from.

The classic player runs all three (its `_settle`), the Topcoder player the first two
before its own budgeted count (components too big for its clock are left out), and
the CheckiO function, one move a call, the pairs step after one round of single
digits.

The contest player (player.settle and player.stall) is the same ladder in a
specialised form and calls only `pairs_step` here: its single-digit step runs over the
whole board's digit planes at once (a few big-int operations instead of a loop over
constraints), the known-safe cells are opened in one judge call between rounds, and
everything is held in local variables, because it is the hot loop of a two-second run.
"""

from collections import namedtuple

from ..grid.bitset import popcount
from .deduce import pairs, single_digit
from .frontier import components_of, covered
from .probability import estimate

Position = namedtuple("Position", "constraints components unknown interior mines mines_left estimate")
Position.__doc__ = """What a guess is chosen from: the state once no step learns anything
(the contest player's count, the classic player's, the Topcoder player's).

constraints, components -- frontier.constraints_of / components_of of the digits
unknown   -- closed cells neither known safe nor known a mine
interior  -- the undecided cells no digit touches
mines     -- known mines; mines_left -- the mines not yet known (None: not known)
estimate  -- the probability.Estimate of the undecided cells
"""


def single_digits(constraints_at, unknown, learn):
    """The single-digit step, round after round until a round finds nothing: (whether
    it found anything, the constraints of that last round).

    constraints_at(unknown) -- the constraints to look at, over the undecided cells
                               `unknown` (frontier.constraints_of: only the caller
                               knows which digits may say something new)
    learn(safe, mines)      -- takes in what a round found, before the next round asks
                               for its constraints (a mine found changes its digits)
    """
    found = False
    while True:
        constraints = constraints_at(unknown)
        safe, mines = single_digit(constraints)
        safe &= unknown
        mines &= unknown & ~safe
        if not (safe or mines):
            return found, constraints
        learn(safe, mines)
        unknown &= ~(safe | mines)
        found = True


def pairs_step(constraints, unknown):
    """The pairs step (deduce.pairs) on `constraints`: (safe, mines) among `unknown`."""
    if not constraints:
        return 0, 0
    safe, mines = pairs(constraints)
    safe &= unknown
    return safe, mines & unknown & ~safe


def pairs_then_count(constraints, unknown, mines, mines_left, learn, **counting):
    """The pairs step, then the count: None when one of them learnt something (it
    called learn(safe, mines): go back to the first step), else the Position.

    constraints -- the live constraints: the digits beside an undecided cell
    mines_left  -- the mines among `unknown`, or None when the mine count is not known
    counting    -- what probability.estimate takes besides (counter, sweeps, budget)
    """
    safe, found = pairs_step(constraints, unknown)
    if safe or found:
        learn(safe, found)
        return None
    interior = unknown & ~covered(constraints)
    components = components_of(constraints)
    result = estimate(components, interior, popcount(interior), mines_left, **counting)
    safe = result.safe & unknown
    found = result.mines & unknown & ~result.safe
    if safe or found:
        learn(safe, found)
        return None
    return Position(constraints, components, unknown, interior, mines, mines_left, result)
