"""Prototype of the cost model: the digit step of many boards in lanes, the judge per board.

Each round every board still in play opens what it knows is safe (or its guess)
through its own judge.View, as player.settle does; then the digit step of all of them
runs at once in lanes (one int per plane, a board a lane, rebuilt from the boards each
round), and the boards it leaves stuck stall one by one (player.stall).

Measured with lanes_check.py (docs/design.md, "The cost model"): the same clicks
as one board at a time; rebuilding the lanes each round costs what the laned digit
test saves.
"""

from solver.engine.player import Knowledge, Memory, stall
from solver.grid.bitset import popcount
from solver.grid.geometry import geometry

ZERO = b"\x00"


def play_group(tasks, views):
    """Play boards of one width through their Views (their Tasks given)."""
    w = tasks[0].width
    n = len(tasks)
    H = max(t.height for t in tasks)
    size = -(-(w * (H + 1) + 1) // 8)
    bits = size * 8
    shift = bits - 1
    geos = [geometry(t.width, t.height) for t in tasks]
    knowledge = [Knowledge(g, t.safe_cells) for g, t in zip(geos, tasks)]
    memory = [Memory(t) for t in tasks]
    guess = [None] * n
    live = list(range(n))  # boards still in play
    while live:
        # ---- open, board by board (the judge's own work, as settle does it)
        digits = []  # boards whose digits are looked at this round
        for i in live:
            kn = knowledge[i]
            view = views[i]
            cell = guess[i]
            if cell is not None:
                guess[i] = None
                new = view.open(cell)
                kn.learn(new, view.planes_of(new))
            elif kn.safe:
                safe = kn.safe
                new = view.open_all(safe)
                p = view.planes_of(new)
                kn.opened |= new
                kn.safe = 0
                q = kn.planes
                kn.planes = (q[0] | p[0], q[1] | p[1], q[2] | p[2], q[3] | p[3])
                hit = p[0] & p[3]
                if hit:
                    kn.mines |= hit
                    kn.hits += popcount(hit)
            closed = kn.geo.all_mask & ~kn.opened
            if not closed & ~kn.mines:
                continue
            mines = tasks[i].mines
            if mines is not None and popcount(closed) + kn.hits == mines:
                continue
            digits.append(i)
        # ---- the digit step of those boards at once
        K = len(digits)
        if not K:
            break
        top = int.from_bytes((ZERO * (size - 1) + b"\x80") * K, "little")
        one = int.from_bytes((b"\x01" + ZERO * (size - 1)) * K, "little")
        kns = [knowledge[i] for i in digits]
        V = _join([kn.geo.all_mask for kn in kns], size)
        NL = _join([kn.geo.not_left for kn in kns], size)
        NR = _join([kn.geo.not_right for kn in kns], size)
        OPENED = _join([kn.opened for kn in kns], size)
        M = M0 = _join([kn.mines for kn in kns], size)
        P0 = _join([kn.planes[0] for kn in kns], size)
        P1 = _join([kn.planes[1] for kn in kns], size)
        P2 = _join([kn.planes[2] for kn in kns], size)
        P3 = _join([kn.planes[3] for kn in kns], size)
        closed = V & ~OPENED
        unknown = closed & ~M
        numbers = OPENED & ~M
        search = _masks(unknown, top, one, shift)
        full_up = None
        stalled = mined = 0
        F = 0
        while True:
            c0, c1, c2, c3 = counts(M, V, NL, NR, w)
            sat = numbers & ~((P0 ^ c0) | (P1 ^ c1) | (P2 ^ c2) | (P3 ^ c3))
            row = sat | ((sat << 1) & NL) | ((sat >> 1) & NR)
            found = (row | (row << w) | (row >> w)) & unknown & search
            if found:
                F |= found
                search &= ~_masks(found, top, one, shift)
                if not search:
                    break
            if full_up is None:
                d0, d1, d2, d3 = counts(closed | M, V, NL, NR, w)
                full_up = numbers & ~((P0 ^ d0) | (P1 ^ d1) | (P2 ^ d2) | (P3 ^ d3))
            row = full_up | ((full_up << 1) & NL) | ((full_up >> 1) & NR)
            fm = (row | (row << w) | (row >> w)) & unknown & search
            again = _masks(fm, top, one, shift) if fm else 0
            stalled |= search & ~again
            if not fm:
                break
            M |= fm
            unknown &= ~fm
            mined |= again
            search = again
        ended = set()
        if mined:
            gone = mined & ~_masks(unknown, top, one, shift)  # every cell left is a mine
            stalled &= ~gone
            for k in _flagged(gone, top, one, size, K):
                ended.add(digits[k])
        # ---- back to the boards: what was found, and the stalls
        if F:
            buf = F.to_bytes(K * size, "little")
            for k in _flagged(F, top, one, size, K):
                knowledge[digits[k]].safe = int.from_bytes(buf[k * size:(k + 1) * size], "little")
        if M != M0:
            buf = M.to_bytes(K * size, "little")
            for k in _flagged(M ^ M0, top, one, size, K):
                knowledge[digits[k]].mines = int.from_bytes(buf[k * size:(k + 1) * size], "little")
        for k in _flagged(stalled, top, one, size, K):
            i = digits[k]
            move = stall(knowledge[i], tasks[i], memory[i], None)
            if move is None:
                continue
            if move[0] is None:
                ended.add(i)
            else:
                guess[i] = move[0]
        live = [i for i in digits if i not in ended] if ended else digits
        # (boards that were done before the digit step are dropped by `live = digits`)


def _join(values, size):
    return int.from_bytes(b"".join([v.to_bytes(size, "little") for v in values]), "little")


def _masks(x, top, one, shift):
    t = ((x | top) - one) & top
    return t - (t >> shift)


def _flagged(x, top, one, size, K):
    t = ((x | top) - one) & top
    flags = t.to_bytes(K * size, "little")[size - 1::size]
    return [k for k, b in enumerate(flags) if b]


def counts(cells, full, not_left, not_right, width):
    left = (cells << 1) & not_left
    right = (cells >> 1) & not_right
    three0 = left ^ cells ^ right
    three1 = (left & cells) | (right & (left | cells))
    two0 = left ^ right
    two1 = left & right
    up0, up1 = (three0 << width) & full, (three1 << width) & full
    down0, down1 = three0 >> width, three1 >> width
    bit0 = up0 ^ down0 ^ two0
    carry = (up0 & down0) | (two0 & (up0 | down0))
    pair0, pair1 = up1 ^ down1, up1 & down1
    other0, other1 = two1 ^ carry, two1 & carry
    bit1 = pair0 ^ other0
    carry = pair0 & other0
    return bit0, bit1, pair1 ^ other1 ^ carry, pair1 & other1
