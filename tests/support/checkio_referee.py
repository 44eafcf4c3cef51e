"""A referee for the CheckiO "Minesweeper" mission, written from the rules of its
verification/referee.py (CheckiO-Missions/checkio-task-minesweeper), plus the random
boards and the win-rate measurement.

Rules: the player first sees a fully closed field.  Each move is a list or tuple of
three values [is_mine, row, col] with is_mine a bool and row, col ints on the field;
the cell must be closed (-1).  Marking a cell that holds no mine, or opening a mine,
loses.  A mark shows 9 on the cell; an open shows the cell's count of mined neighbours
and, while that count is 0, keeps opening the closed neighbours (flood fill).  After
each move the game is won when the marked cells are exactly the mines, or when every
safe cell is open.  The mine count is never told to the player.

Win rate (not a test; stdlib only):

    python3 -c "import sys; sys.path.insert(0, 'tests'); from support.checkio_referee import win_rate; print(win_rate(1000, 1))"
"""

import random

CLOSED = -1
MARKED = 9
SIDE = 10
MOVE_LIMIT = 1000  # far more than any legal game needs: each legal move changes a closed cell


class Outcome:
    """How a game ended: won (bool), reason (str), moves (the fields the player saw, with its answers)."""

    def __init__(self, won, reason, history):
        self.won = won
        self.reason = reason
        self.history = history

    def __repr__(self):
        return "Outcome(won=%r, reason=%r, moves=%d)" % (self.won, self.reason, len(self.history))


def neighbours(height, width, row, col):
    """The up-to-eight cells around (row, col)."""
    return [
        (row + dr, col + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= row + dr < height and 0 <= col + dc < width
    ]


def reveal(view, mine_map, row, col):
    """Open the safe cell (row, col) in `view`, spreading through zeros."""
    height, width = len(mine_map), len(mine_map[0])
    queue = [(row, col)]
    while queue:
        r, c = queue.pop()
        if view[r][c] != CLOSED:  # already opened through another zero
            continue
        around = neighbours(height, width, r, c)
        view[r][c] = sum(mine_map[a][b] for a, b in around)
        if view[r][c] == 0:
            queue.extend((a, b) for a, b in around if view[a][b] == CLOSED)


def is_won(view, mine_map):
    """Marked cells are exactly the mines, or every safe cell is open."""
    cells = [(r, c) for r in range(len(mine_map)) for c in range(len(mine_map[0]))]
    mines = {cell for cell in cells if mine_map[cell[0]][cell[1]]}
    marked = {cell for cell in cells if view[cell[0]][cell[1]] == MARKED}
    opened = {cell for cell in cells if 0 <= view[cell[0]][cell[1]] <= 8}
    return marked == mines or opened == set(cells) - mines


def judge(view, mine_map, answer):
    """None if `answer` is a legal, survivable move on `view`, else the reason it loses."""
    if not isinstance(answer, (list, tuple)) or len(answer) != 3:
        return "the answer must be a list of three values"
    is_mine, row, col = answer
    if not isinstance(is_mine, bool) or not isinstance(row, int) or not isinstance(col, int):
        return "the answer must be [bool, int, int]"
    if not (0 <= row < len(view) and 0 <= col < len(view[0])):
        return "coordinates off the field"
    if view[row][col] != CLOSED:
        return "the cell is not closed"
    if is_mine and not mine_map[row][col]:
        return "marked a cell without a mine"
    if not is_mine and mine_map[row][col]:
        return "opened a mine"
    return None


def play(player, mine_map):
    """Run one game of `player(field) -> [is_mine, row, col]` on the 0/1 `mine_map`."""
    view = [[CLOSED] * len(mine_map[0]) for _ in mine_map]
    history = []
    for _ in range(MOVE_LIMIT):
        seen = [row[:] for row in view]
        answer = player([row[:] for row in view])  # the player gets a copy
        history.append((seen, answer))
        reason = judge(view, mine_map, answer)
        if reason is not None:
            return Outcome(False, reason, history)
        is_mine, row, col = answer
        if is_mine:
            view[row][col] = MARKED
        else:
            reveal(view, mine_map, row, col)
        if is_won(view, mine_map):
            return Outcome(True, "win", history)
    return Outcome(False, "too many moves", history)


def random_board(rng, low=8, high=18, side=SIDE):
    """A side x side 0/1 mine map with low..high mines, none in the top-left 2x2."""
    allowed = [(r, c) for r in range(side) for c in range(side) if r >= 2 or c >= 2]
    mine_map = [[0] * side for _ in range(side)]
    for r, c in rng.sample(allowed, rng.randint(low, high)):
        mine_map[r][c] = 1
    return mine_map


def win_rate(n=1000, seed=1, player=None):
    """(wins, n, reasons) of `player` (default solver.checkio.checkio) on n random boards."""
    if player is None:
        from solver.checkio import checkio

        player = checkio
    rng = random.Random(seed)
    reasons = {}
    wins = 0
    for _ in range(n):
        outcome = play(player, random_board(rng))
        wins += outcome.won
        reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
    return wins, n, reasons
