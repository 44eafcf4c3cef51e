"""The player's side of the Topcoder tester's line protocol: read the game, send moves.

The tester writes N, M, D and the start cell, one item a line; the player answers
with "G r c" moves (each answered by "<value> <ms>" or "BOOM! <ms>") and may end with
"STOP" (see topcoder.py for the game).  This module turns those lines into a
topcoder.Player's reveal and clock, and is the `topcoder` command.
"""

import time

from .player import TIME_LIMIT, UNLOCK_SHARE, Player, score_of


def read_header(lines):
    """(N, M, D, start cell) from the tester's first four lines."""
    side = int(next(lines))
    mine_total = int(next(lines))
    reach = int(next(lines))
    row, col = (int(v) for v in next(lines).split())
    return side, mine_total, reach, row * side + col


def parse_answer(line):
    """(value or None for a mine, think time in ms or None) from a G answer."""
    parts = line.split()
    if not parts:
        raise ValueError("empty answer to a G move")
    value = None if parts[0].startswith("BOOM") else int(parts[0])
    ms = int(parts[1]) if len(parts) > 1 else None
    return value, ms


def play_stdio(stdin, stdout, stderr=None, time_limit=TIME_LIMIT, share=UNLOCK_SHARE):
    """Play one game over text streams; return the Player."""
    begin = time.perf_counter()
    lines = iter(stdin.readline, "")
    lines = (line.strip() for line in lines)
    side, mine_total, reach, start = read_header(lines)

    # the tester's own count of think time comes with every answer: trust the larger
    told = [0.0, begin]  # (seconds the tester last reported, when that answer came)

    def reveal(cell, guess):
        stdout.write("G %d %d\n" % (cell // side, cell % side))
        stdout.flush()
        line = next(lines)
        value, ms = parse_answer(line)
        if ms is not None:
            told[0], told[1] = ms / 1000.0, time.perf_counter()
        if value is None and not guess and stderr is not None:
            stderr.write("topcoder: a proved-safe cell exploded: %d %d\n" % (cell // side, cell % side))
        return value

    def clock():
        now = time.perf_counter()
        return max(now - begin, told[0] + now - told[1])

    player = Player(side, mine_total, reach, start, reveal, clock, time_limit, share)
    if player.play():
        stdout.write("STOP\n")
        stdout.flush()
    if stderr is not None:
        stderr.write(
            "topcoder: N=%d M=%d D=%d opened=%d/%d hits=%d guesses=%d time=%.2fs score=%.4f\n"
            % (side, mine_total, reach, player.opened, player.safe_total, player.hits, player.guesses,
               clock(), score_of(player.opened, player.safe_total, player.hits))
        )
    return player
