"""The player's side of the Topcoder tester's line protocol: read the game, send moves.

The tester writes N, M, D and the start cell, one item a line; the player answers
with "G r c" moves (each answered by "<value> <ms>" or "BOOM! <ms>") and may end with
"STOP" (see player.py for the game).  This module turns those lines into a
player.Player's reveal and clock, and is the `topcoder` command's work.  A line the
game does not allow (a header that is no number or outside the statement's bounds, a
start off the board, an answer that is no value or one no cell can show, a BOOM! past
the board's mine count, the input
ending while a move waits for its answer) is a ProtocolError naming the line, never
played on.
"""

import time

from ...grid.bitset import popcount
from ...grid.geometry import geometry
from ...official.lines import is_count
from .player import DISTANCES, MAX_SIDE, MIN_SIDE, SETTINGS, Player, mine_bounds, score_of


class ProtocolError(ValueError):
    """A line of the tester that the game does not allow; the message names the line."""


def _count(text, what, number):
    """The value of a field of ASCII digits (no sign, no '_', at most 9 digits), or
    ProtocolError naming the line."""
    if not is_count(text) or len(text) > 9:
        raise ProtocolError("line %d: %s must be a whole number, got %r" % (number, what, text[:40]))
    return int(text)


def read_header(lines, statement=True):
    """(N, M, D, start cell) from the tester's first four lines, an iterator of (line
    number, text).  ProtocolError when a line is not what the protocol says, or (with
    `statement`) when the game is outside the statement's bounds (N 10..50, M from
    int(0.1*N*N) to int(0.3*N*N), D one of 1, 2, 4, 5, 8, 9, 10); without it, any game
    up to N = 50 with a mine count below N*N and D from 1 to 10."""

    def line(label):
        try:
            return next(lines)
        except StopIteration:
            raise ProtocolError("the tester's input ended before %s" % label) from None

    n1, text = line("N")
    side = _count(text, "N", n1)
    low_side = MIN_SIDE if statement else 1
    if not low_side <= side <= MAX_SIDE:
        raise ProtocolError("line %d: N = %d is outside %d..%d" % (n1, side, low_side, MAX_SIDE))
    n2, text = line("M")
    mine_total = _count(text, "M", n2)
    low_mines, high_mines = mine_bounds(side) if statement else (0, side * side - 1)
    if not low_mines <= mine_total <= high_mines:
        raise ProtocolError("line %d: M = %d is outside %d..%d for N = %d" % (n2, mine_total, low_mines, high_mines, side))
    n3, text = line("D")
    reach = _count(text, "D", n3)
    if reach not in (DISTANCES if statement else range(1, DISTANCES[-1] + 1)):
        raise ProtocolError("line %d: D = %d is not one of %s" % (n3, reach, ", ".join(map(str, DISTANCES))))
    n4, text4 = line("the start 'r c'")
    fields = text4.split()
    if len(fields) != 2:
        raise ProtocolError("line %d: the start must be 'r c', got %r" % (n4, text4[:40]))
    row, col = _count(fields[0], "the start row", n4), _count(fields[1], "the start column", n4)
    if not (row < side and col < side):
        raise ProtocolError("line %d: the start (%d, %d) is outside the %dx%d board" % (n4, row, col, side, side))
    return side, mine_total, reach, row * side + col


def parse_answer(line, number=0):
    """(value or None for a mine, think time in ms or None) from a G answer; ProtocolError
    when it is neither '<value> <ms>' nor 'BOOM! <ms>'."""
    parts = line.split()
    if not parts:
        raise ProtocolError("line %d: an empty answer to a G move (the answer to a flag; this player never flags)" % number)
    if len(parts) > 2:
        raise ProtocolError("line %d: an answer is '<value> <ms>' or 'BOOM! <ms>', got %r" % (number, line[:40]))
    value = None if parts[0] == "BOOM!" else _count(parts[0], "the value of a cell", number)
    ms = _count(parts[1], "the think time in ms", number) if len(parts) > 1 else None
    return value, ms


def play_stdio(stdin, stdout, stderr=None, settings=SETTINGS, statement=True):
    """Play one game over text streams; return the Player.  ProtocolError (one line) when
    a line of the tester is not what the game allows: a malformed or out-of-bounds
    header (see read_header), an answer that is not a value, a value no cell can show
    (more than the cells it sees, or than the mines), or a mine more than the board holds."""
    begin = time.perf_counter()
    lines = enumerate((line.strip() for line in iter(stdin.readline, "")), 1)
    side, mine_total, reach, start = read_header(lines, statement)
    masks = geometry(side, side, reach).masks

    # the tester's own count of think time comes with every answer: trust the larger
    told = [0.0, begin]  # (seconds the tester last reported, when that answer came)
    hit = [0]  # the mines the answers showed (BOOM!): never more than the board holds

    def reveal(cell, guess):
        stdout.write("G %d %d\n" % (cell // side, cell % side))
        stdout.flush()
        try:
            number, line = next(lines)
        except StopIteration:  # the game is not over: the player stops itself when it is
            raise ProtocolError("the tester's input ended in the middle of the game: the move G %d %d has no answer"
                                % (cell // side, cell % side)) from None
        value, ms = parse_answer(line, number)
        most = min(popcount(masks[cell]), mine_total)
        if value is not None and value > most:
            raise ProtocolError("line %d: cell %d %d shows %d, but it sees %d cells and the board holds %d mines"
                                % (number, cell // side, cell % side, value, popcount(masks[cell]), mine_total))
        if value is None:
            if hit[0] == mine_total:
                raise ProtocolError("line %d: a mine at %d %d, but the board holds %d mine%s and %s shown already"
                                    % (number, cell // side, cell % side, mine_total, "s"[: mine_total != 1],
                                       "all were" if mine_total != 1 else "it was"))
            hit[0] += 1
        if ms is not None:
            told[0], told[1] = ms / 1000.0, time.perf_counter()
        if value is None and not guess and stderr is not None:
            stderr.write("warning: a proved-safe cell exploded: %d %d\n" % (cell // side, cell % side))
        return value

    def clock():
        now = time.perf_counter()
        return max(now - begin, told[0] + now - told[1])

    player = Player(side, mine_total, reach, start, reveal, clock, settings)
    if player.play():
        stdout.write("STOP\n")
        stdout.flush()
    if stderr is not None:
        stderr.write(
            "topcoder: N=%d M=%d D=%d opened=%d/%d hits=%d guesses=%d time=%.2fs score=%.4f\n"
            % (side, mine_total, reach, player.safe_opened, player.safe_total, player.hits, player.guesses,
               clock(), score_of(player.safe_opened, player.safe_total, player.hits))
        )
    return player
