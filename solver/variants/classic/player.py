"""Classic Minesweeper (beginner, intermediate, expert): a player that maximises the chance of winning.

Interface (other programs drive it)::

    p = ClassicPlayer(width, height, mines)   # all it is told
    p.opened({(x, y): digit, ...})            # the cells the last click opened, cascade included
    x, y = p.next_click()                     # a closed cell; the game is lost if it is a mine

It knows nothing of the first click: only what opened.  Under both first clicks of
the referee (referee.py) the mines are uniform given what was seen, which is the
engine's model, so the engine's probabilities are exact here too.

This module owns what the player is told and what is certain: each call to `opened`
checked against the boards that could give it, the knowledge, and the certain moves,
which are the engine's deduction steps (engine/steps.py: single digits, pairs, then
exact enumeration with the mine count).  Where nothing is certain it guesses
(guesses.py, its base class `Guessing`) under the guess policy that `guess` names
(policies.POLICIES; DEFAULT_POLICY unless told).

Deterministic: the same calls give the same clicks (no clock is read).
"""

from ...engine.counting import Remembering, count_solutions
from ...engine.frontier import components_of, constraints_of, covered
from ...engine.layouts import layouts_weight
from ...engine.steps import pairs_then_count, single_digits
from ...engine.twostep import LOOK_NODES_PER_MOVE
from ...grid.bitset import cells_of, popcount
from ...grid.geometry import geometry, spread
from .guesses import Guessing
from .policies import parse_policy

MAX_DIGIT = 8
# The largest field the classic game offers: expert is 30x16, and Microsoft's Minesweeper
# lets a custom field grow to 30 columns by 24 rows.  A bigger board is refused: the
# engine's work grows with the fourth power of the side (docs/refusals.md, as measured).
MAX_SIDE = 30
MAX_CELLS = 30 * 24
# the guess policy (policies.POLICIES): the strongest measured
# (docs/measurements/classic.md, "The two-step guess policy, technique by technique")
DEFAULT_POLICY = "regions"


class ClassicPlayer(Guessing):
    """One game of classic Minesweeper, seen only through what opens.

    >>> game = ClassicPlayer(9, 9, 10)  # beginner: width, height and mines are all it is told
    >>> game.next_click()  # the classic first click
    (0, 0)
    >>> game.opened({(0, 0): 0, (1, 0): 1, (0, 1): 1, (1, 1): 2})  # what that click opened
    >>> x, y = game.next_click()  # a cell known to be safe, else its best guess
    """

    def __init__(self, width, height, mines, guess=DEFAULT_POLICY):
        if not all(type(v) is int for v in (width, height, mines)):
            raise ValueError("width, height and mines must be integers, got %r, %r, %r" % (width, height, mines))
        if width < 1 or height < 1 or not 0 <= mines < width * height:
            raise ValueError("no game has a %dx%d board with %d mines" % (width, height, mines))
        if max(width, height) > MAX_SIDE or width * height > MAX_CELLS:
            raise ValueError("a %dx%d board is larger than the classic game's largest field (sides up to %d, "
                             "%d cells: 30 columns by 24 rows)" % (width, height, MAX_SIDE, MAX_CELLS))
        self.policy = parse_policy(guess)  # raises ValueError for no policy
        self.guess = guess
        self.level = self.policy.level
        self.width = width
        self.height = height
        self.mine_total = mines
        self.geo = geometry(width, height)
        self.values = [-1] * self.geo.size  # digits of opened cells
        self.closed = self.geo.all_mask  # not opened
        self.numbers = 0  # opened cells, all safe (a mine ends the game): their digits are the constraints
        self.zeros = 0  # opened cells showing 0: their neighbours are all safe
        self.mines = 0  # known mines
        self.safe = 0  # known safe, not opened yet
        self.dirty = 0  # opened digits whose single-digit step may say something new
        self.counts_memo = {}
        self.counter = Remembering(self.counts_memo)  # a component's counts, kept while it is unchanged
        self.sweeps = {}
        self.perfect = None  # the exact game (perfect.Perfect) once few layouts remain
        self.alive = 0  # its layouts that fit what has opened since
        self.look_memo = {}  # component counts of the two-step look's scenes
        self.dead_memo = {}  # the dead tests' walks over components (dead.is_dead)
        self.regions = {}  # perfect play in walled-in regions (perfect.Perfect), by component
        self.look_budget = LOOK_NODES_PER_MOVE  # work of one two-step guess (engine/twostep.py's nodes)
        self.look_spent = 0.0  # the work the last two-step guess spent
        self.exact = True  # opened() counts the layouts of what it is told (see there)

    # ------------------------------------------------------------------ what is seen

    def opened(self, cells):
        """Take in the cells a click opened: {(x, y): digit}.

        ValueError naming the cell when the call cannot be true of any board, and then
        nothing of it is kept: a coordinate that is not an integer or is off the board,
        a digit outside 0-8 or above the cell's neighbours or the mine count, a cell
        opened before with another digit, a cell known to be a mine, a digit that needs
        more mines than its closed neighbours (those beside an opened 0 are safe) can
        hold or fewer than the known mines around it, more cells open than the board has
        safe cells, digits that no mine layout shows together (two 1s far apart with one
        mine; a 1 and a 2 over the same two closed cells).

        The layouts are counted for that last test while the attribute `exact` is true
        (the default): about 1.6 ms a call on an expert board, as much again as the play
        itself.  The project's referee, whose calls come from a real board, sets it false."""
        new, digits = self._checked(cells)
        self.zeros |= sum(1 << cell for cell, digit in digits.items() if digit == 0)
        for cell, digit in digits.items():
            self.values[cell] = digit
        self.closed &= ~new
        self.safe &= ~new
        if self.perfect is not None:
            self._narrow(cells)
        self.numbers |= new
        # the new digits, and the old ones beside them, may now decide a neighbour
        geo = self.geo
        self.dirty |= (new | (spread(geo, new) & self.numbers)) & spread(geo, self.closed & ~self.mines)

    def _checked(self, cells):
        """(bitset, {cell: digit}) of a call to `opened`, or ValueError saying which cell
        makes it impossible (see opened); reads the player, changes nothing."""
        width, height, masks = self.width, self.height, self.geo.masks
        try:
            items = list(cells.items())
        except AttributeError:
            raise TypeError("opened() takes a dict {(x, y): digit}, got %s" % type(cells).__name__) from None
        new, digits = 0, {}
        for key, digit in items:
            if not (type(key) is tuple and len(key) == 2 and all(type(v) is int for v in key)):
                raise ValueError("cell %r is not a pair of integer coordinates (x, y)" % (key,))
            x, y = key
            if not (0 <= x < width and 0 <= y < height):
                raise ValueError("cell (%d, %d) is off the %dx%d board" % (x, y, width, height))
            if type(digit) is not int or not 0 <= digit <= MAX_DIGIT:
                raise ValueError("cell (%d, %d) shows %r, not a digit 0-8" % (x, y, digit))
            cell = y * width + x
            if self.values[cell] not in (-1, digit):
                raise ValueError("cell (%d, %d) shows %d, but it was opened showing %d" % (x, y, digit, self.values[cell]))
            around = popcount(masks[cell])
            if digit > around:
                raise ValueError("cell (%d, %d) shows %d, but it has only %d neighbours" % (x, y, digit, around))
            if digit > self.mine_total:
                raise ValueError("cell (%d, %d) shows %d, but the board holds only %d mine%s"
                                 % (x, y, digit, self.mine_total, "s"[: self.mine_total != 1]))
            if self.mines >> cell & 1:
                raise ValueError("cell (%d, %d) is opened, but the digits opened before make it a mine" % (x, y))
            new |= 1 << cell
            digits[cell] = digit
        closed = self.closed & ~new
        if popcount(closed) < self.mine_total:
            raise ValueError("these cells leave %d cells closed for %d mines" % (popcount(closed), self.mine_total))
        geo = self.geo
        zeros = self.zeros | sum(1 << cell for cell, digit in digits.items() if digit == 0)
        cleared = spread(geo, zeros)  # an opened 0's neighbours hold no mine
        if self.mines & cleared:
            mine = (self.mines & cleared & -(self.mines & cleared)).bit_length() - 1
            zero = (masks[mine] & zeros & -(masks[mine] & zeros)).bit_length() - 1
            raise ValueError("cell (%d, %d) shows 0, but its neighbour (%d, %d) is a known mine"
                             % (zero % width, zero // width, mine % width, mine // width))
        # digits whose closed or cleared neighbours this call changed
        touched = spread(geo, new | spread(geo, zeros & ~self.zeros)) & (self.numbers | new)
        for cell in cells_of(touched):
            digit = digits.get(cell, self.values[cell])
            room = popcount(masks[cell] & closed & ~cleared)
            known = popcount(masks[cell] & self.mines)
            if digit > room:
                raise ValueError("cell (%d, %d) shows %d, but only %d of its closed neighbours may hold a mine "
                                 "(none beside an opened 0)" % (cell % width, cell // width, digit, room))
            if known > digit:
                raise ValueError("cell (%d, %d) shows %d, but %d of its neighbours are known mines"
                                 % (cell % width, cell // width, digit, known))
        cell = self._impossible(digits) if self.exact else None
        if cell is not None:
            raise ValueError("cell (%d, %d) shows %d, but no layout of the board's %d mine%s shows it with the digits "
                             "opened before it" % (cell % width, cell // width, digits[cell], self.mine_total,
                                                   "s"[: self.mine_total != 1]))
        return new, digits

    def _impossible(self, digits):
        """The first cell of `digits` ({cell: digit}, a call to `opened` that passed the
        local checks) with which no mine layout shows every digit opened so far, or
        None.  Layouts are counted exactly (engine.counting); a component too large to
        count within the count's budget is given the benefit of the doubt."""
        if self._layouts_exist(digits):
            return None
        shown = {}
        for cell, digit in digits.items():  # only when refusing: which cell makes it impossible
            shown[cell] = digit
            if not self._layouts_exist(shown):
                return cell
        return next(iter(digits))

    def _layouts_exist(self, digits):
        """Whether some layout of the mines shows the opened digits and `digits`, given
        the known mines and safe cells (facts of the digits before)."""
        geo = self.geo
        masks = geo.masks
        new = sum(1 << cell for cell in digits)
        unknown = self.closed & ~new & ~self.mines & ~self.safe
        # the digits beside an undecided cell, and those beside a cell this call opened
        # (the others were shown by earlier calls and this one changed nothing around them)
        numbers = (self.numbers | new) & spread(geo, unknown | new)
        needs = {}  # constraints_of, but two digits over the same cells must agree
        for cell in cells_of(numbers):
            around = masks[cell]
            cells = around & unknown
            need = digits.get(cell, self.values[cell]) - popcount(around & self.mines)
            if not 0 <= need <= popcount(cells) or needs.setdefault(cells, need) != need:
                return False
        constraints = [(cells, need) for cells, need in needs.items() if cells]
        counted = [count_solutions(component) for component in components_of(constraints)]
        if any(counts is None for counts in counted):
            return True
        interior = popcount(unknown & ~covered(constraints))
        return layouts_weight(counted, interior, self.mine_total - popcount(self.mines)) > 0

    def _narrow(self, cells):
        """Keep the exact game's layouts that show what opened (drop it if one opened
        outside its cells: it no longer describes the game)."""
        perfect, alive = self.perfect, self.alive
        for (x, y), digit in cells.items():
            cell = y * self.width + x
            if cell not in perfect.shows:
                alive = 0
                break
            alive = perfect.alive_after(alive, cell, digit)
        if alive:
            self.alive = alive
        else:
            self.perfect = None

    # ------------------------------------------------------------------ what to click

    def next_click(self):
        """(x, y) of the next cell to open: a certain one if any, else the best guess."""
        position = self._settle()
        if self.safe:
            cell = (self.safe & -self.safe).bit_length() - 1
        elif position is None:
            raise RuntimeError("no undecided closed cell is left: the game is over")
        else:
            cell = self._guess(position)
        return cell % self.width, cell // self.width

    def _settle(self):
        """The deduction steps (engine.steps) until a cell is known safe: None then (or
        when nothing is undecided), else the Position to guess from."""
        while True:
            unknown = self.closed & ~self.mines & ~self.safe
            if self.safe or not unknown:
                return None
            if single_digits(self._changed_constraints, unknown, self._learn)[0]:
                continue
            live = self.numbers & spread(self.geo, unknown)
            constraints = constraints_of(self.values.__getitem__, live, self.geo.masks, unknown, self.mines)
            position = pairs_then_count(constraints, unknown, self.mines, self.mine_total - popcount(self.mines), self._learn,
                                        counter=self.counter, sweeps=self.sweeps)
            if position is not None:
                return position

    def _changed_constraints(self, unknown):
        """The constraints of the digits whose single-digit step may say something new
        (those that changed since it last ran), for steps.single_digits."""
        work = self.dirty & self.numbers & spread(self.geo, unknown)
        self.dirty = 0
        return constraints_of(self.values.__getitem__, work, self.geo.masks, unknown, self.mines)

    def _learn(self, safe, mines):
        """Record cells found safe or mines; True if anything is new."""
        if not (safe or mines):
            return False
        self.safe |= safe
        self.mines |= mines
        self.dirty |= spread(self.geo, mines) & self.numbers
        return True
