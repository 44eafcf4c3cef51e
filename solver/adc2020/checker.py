"""The ADC2020 checker: an answer to a problem is valid, with its area, or breaks a
rule, with the one-line reason.

It checks what the official checker (server/adc2019.py of dasadc/adc2019, branch
adc2020-yt) checks, in its order, and tags each violation with the official class
(``check-QA2`` ...): the blocks' count, each block's numbers where it is placed (its
numbered cells hold their numbers, its '+' cells 0 or '+'), no overlap, then each wire
cell by cell (both terminals have exactly one 4-neighbour of their number, no cell of
a wire has more than two, at most two cells have one).  The area is that of the
smallest rectangle around every non-zero cell and every block cell.  Then it closes
the official checker's gaps, tagged ``gap-...``: a board larger than the problem's, a
value that is no wire's number, a '+' outside the blocks, and a wire cell cut off from
its terminals (a stray cell, a closed loop) are refused.
"""

from collections import namedtuple

from .formats import PLUS, FormatError, read_answer, read_problem

Verdict = namedtuple("Verdict", "area tag reason")  # area None when a rule is broken


def violation(tag, reason):
    """A `Verdict` for a broken rule."""
    return Verdict(None, tag, reason)


def neighbours(x, y, width, height):
    """The 4-neighbours of (x, y) on a width x height board."""
    if x > 0:
        yield x - 1, y
    if x + 1 < width:
        yield x + 1, y
    if y > 0:
        yield x, y - 1
    if y + 1 < height:
        yield x, y + 1


def check_texts(problem_text, answer_text):
    """The `Verdict` of an answer text for a problem text (a text that does not read is
    a violation too, as the official checker reports it)."""
    try:
        problem = read_problem(problem_text)
    except FormatError as exc:
        return violation(exc.tag, "Q: " + exc.reason)
    try:
        answer = read_answer(answer_text)
    except FormatError as exc:
        return violation(exc.tag, "A: " + exc.reason)
    return check(problem, answer)


def check(problem, answer):
    """The `Verdict` of an `Answer` for a `Problem`."""
    if len(answer.positions) != len(problem.blocks):
        return violation("check-QA1", "the answer places %d blocks, the problem has %d"
                         % (len(answer.positions), len(problem.blocks)))
    covered = {}  # (x, y) -> the number of blocks on it
    terminals = {}  # wire number -> [(x, y)], in block order
    block_cells = set()
    for block, (px, py) in zip(problem.blocks, answer.positions):
        if px + block.width > answer.width or py + block.height > answer.height:
            return violation("check-QA2", "BLOCK#%d at (%d,%d) runs off the %dx%d board"
                             % (block.index, px, py, answer.width, answer.height))
        for cell in block.cells:
            x, y = px + cell.dx, py + cell.dy
            held = answer.board[y][x]
            if cell.number and held != cell.number:
                return violation("check-QA2", "BLOCK#%d at (%d,%d): cell (%d,%d) holds %s, the block's number there is %d"
                                 % (block.index, px, py, x, y, _shown(held), cell.number))
            if not cell.number and held not in (0, PLUS):
                return violation("check-QA2", "BLOCK#%d at (%d,%d): cell (%d,%d) holds %s, a '+' cell of the block"
                                 % (block.index, px, py, x, y, _shown(held)))
            covered[x, y] = covered.get((x, y), 0) + 1
            block_cells.add((x, y))
            if cell.number:
                terminals.setdefault(cell.number, []).append((x, y))
    overlapped = sorted((y, x) for (x, y), n in covered.items() if n > 1)
    if overlapped:
        y, x = overlapped[0]
        return violation("check-QA3", "blocks overlap on cell (%d,%d)" % (x, y))
    found = _wires(problem, answer, terminals)
    if found:
        return found
    return _gaps(problem, answer, terminals, block_cells) or Verdict(_area(answer, block_cells), None, None)


def _shown(value):
    return "+" if value == PLUS else str(value)


def _count(answer, x, y):
    """How many 4-neighbours of (x, y) hold its non-zero value (the official 'count')."""
    value = answer.board[y][x]
    if not value:
        return 0
    return sum(answer.board[ny][nx] == value for nx, ny in neighbours(x, y, answer.width, answer.height))


def _wires(problem, answer, terminals):
    """The first wire broken as the official checker counts it, or None."""
    cells_of = {}
    for y, row in enumerate(answer.board):
        for x, value in enumerate(row):
            if 1 <= value <= problem.wires:
                cells_of.setdefault(value, []).append((x, y))
    for wire in range(1, problem.wires + 1):
        for x, y in terminals[wire]:
            if _count(answer, x, y) != 1:
                return violation("check-A10", "wire %d: its terminal (%d,%d) has %d neighbours of its number, not 1"
                                 % (wire, x, y, _count(answer, x, y)))
        counts = [(_count(answer, x, y), (x, y)) for x, y in cells_of.get(wire, ())]
        branched = [xy for n, xy in counts if n > 2]
        if branched:
            return violation("check-A11", "wire %d branches at (%d,%d)" % ((wire,) + branched[0]))
        ends = [xy for n, xy in counts if n == 1]
        if len(ends) >= 3:
            return violation("check-A12", "wire %d is cut: %d cells have one neighbour of its number, (%d,%d) among them"
                             % ((wire, len(ends)) + next(xy for xy in ends if xy not in terminals[wire])))
    return None


def _gaps(problem, answer, terminals, block_cells):
    """What the official checker lets pass and the rules do not, or None."""
    if answer.width > problem.width or answer.height > problem.height:
        return violation("gap-size", "the answer's board %dx%d is larger than the problem's %dx%d"
                         % (answer.width, answer.height, problem.width, problem.height))
    for y, row in enumerate(answer.board):
        for x, value in enumerate(row):
            if value == PLUS and (x, y) not in block_cells:
                return violation("gap-plus", "cell (%d,%d) holds '+' outside every block" % (x, y))
            if value != PLUS and not 0 <= value <= problem.wires:
                return violation("gap-number", "cell (%d,%d) holds %d, the number of no wire (they are 1..%d)"
                                 % (x, y, value, problem.wires))
    for wire in range(1, problem.wires + 1):
        joined = _reached(answer, terminals[wire][0], wire)
        for y, row in enumerate(answer.board):
            for x, value in enumerate(row):
                if value == wire and (x, y) not in joined:
                    what = "a closed loop" if _count(answer, x, y) == 2 else "a stray cell"
                    return violation("gap-" + what.split()[-1], "wire %d: cell (%d,%d) is %s, not joined to its terminals"
                                     % (wire, x, y, what))
    return None


def _reached(answer, start, value):
    """The cells of `value` joined to `start` through 4-neighbours of that value."""
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for nx, ny in neighbours(x, y, answer.width, answer.height):
            if (nx, ny) not in seen and answer.board[ny][nx] == value:
                seen.add((nx, ny))
                todo.append((nx, ny))
    return seen


def _area(answer, block_cells):
    """The area of the smallest rectangle around every non-zero cell and block cell."""
    cells = set(block_cells)
    cells.update((x, y) for y, row in enumerate(answer.board) for x, value in enumerate(row) if value)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)
