"""Prototype of the cost model: the judge and the digit step of many boards in lanes.

Boards of one width sit in lanes of one int per plane (each board's rows at its own
width, a guard row and padding after), so one big-int operation opens cells, floods
zeros and tests digits for every board; a board whose digits say nothing more is read
out of its lane and player.stall runs for it alone.  Per-lane bookkeeping (which lanes
found something, the lowest zero of each lane) is done with whole-int operations.

Measured with lanes_check.py (docs/design.md, "The cost model"): the same clicks
as one board at a time, and no fewer instructions: a flood runs for every lane until
the widest flood ends.
"""

from solver.engine.player import Knowledge, Memory, stall
from solver.grid.bitset import cells_of, popcount
from solver.grid.geometry import geometry
from solver.grid.planes import digit_planes

COUNTS = {"rounds": 0, "lane rounds": 0, "flood rings": 0, "ring lanes": 0}


def _join(values, size):
    return int.from_bytes(b"".join([v.to_bytes(size, "little") for v in values]), "little")


def play_group(boards, tasks):
    """Play boards of one width (their Tasks given); their click lists, as Judge.clicks."""
    w = boards[0].width
    H = max(b.height for b in boards)
    size = -(-(w * (H + 1) + 1) // 8)
    bits = size * 8
    n = len(boards)
    clicks = [[] for _ in boards]
    geos = [geometry(b.width, b.height) for b in boards]
    planes = [digit_planes(b.digits) for b in boards]
    zeros = [g.all_mask & ~(p[0] | p[1] | p[2] | p[3]) for g, p in zip(geos, planes)]
    mines_of = [p[0] & p[3] for p in planes]
    knowledge = [Knowledge(g, t.safe_cells) for g, t in zip(geos, tasks)]
    memory = [Memory(t) for t in tasks]
    hits = [0] * n
    # per-lane values kept per board (for compaction): the lanes hold boards `ids`
    ids = list(range(n))
    lane_v = [g.all_mask for g in geos]
    lane_nl = [g.not_left for g in geos]
    lane_nr = [g.not_right for g in geos]
    lane_h = [[p[k] for p in planes] for k in range(4)]

    def build(ids):
        K = len(ids)
        top = int.from_bytes(((b"\x00" * (size - 1)) + b"\x80") * K, "little")
        one = int.from_bytes((b"\x01" + b"\x00" * (size - 1)) * K, "little")
        return (K, top, one, _join([lane_v[i] for i in ids], size), _join([lane_nl[i] for i in ids], size),
                _join([lane_nr[i] for i in ids], size), [_join([h[i] for i in ids], size) for h in lane_h],
                _join([zeros[i] for i in ids], size))

    K, top, one, V, NL, NR, (H0, H1, H2, H3), Z = build(ids)
    shift = bits - 1
    OPENED = M = 0
    P0 = P1 = P2 = P3 = 0
    F = _join([knowledge[i].safe for i in ids], size)
    guesses = {}  # lane position -> cell

    def flagged(x):
        """Lane positions whose part of x is not zero."""
        t = ((x | top) - one) & top
        flags = t.to_bytes(K * size, "little")[size - 1::size]
        return [k for k, b in enumerate(flags) if b]

    def lane_masks(x):
        """Every bit of the lanes where x is not zero (bits below the top)."""
        t = ((x | top) - one) & top
        return t - (t >> shift)

    def lane_value(buf, k):
        return int.from_bytes(buf[k * size:(k + 1) * size], "little")

    while True:
        COUNTS["rounds"] += 1
        COUNTS["lane rounds"] += K
        # ---- open: the guesses (one cell each), then every safe cell (zeros first, lowest first)
        before = OPENED
        seeds = F & Z & ~OPENED
        plain = 0
        for k, cell in guesses.items():
            i = ids[k]
            bit = 1 << cell
            clicks[i].append(cell)
            at = k * bits
            if mines_of[i] & bit:
                OPENED |= bit << at
                M |= bit << at
                hits[i] += 1
            elif zeros[i] & bit:
                seeds |= bit << at
            else:
                plain |= bit << at
        guesses = {}
        f_lanes = flagged(F) if F else []
        while seeds:
            y = seeds | top
            first = y & ~(y - one) & ~top
            if f_lanes:
                buf = first.to_bytes(K * size, "little")
                for k in f_lanes:
                    piece = buf[k * size:(k + 1) * size]
                    if piece.strip(b"\x00"):
                        clicks[ids[k]].append(int.from_bytes(piece, "little").bit_length() - 1)
            closed = V & ~OPENED & ~first
            region = ring = first
            while ring:
                COUNTS["flood rings"] += 1
                COUNTS["ring lanes"] += K
                row = ring | ((ring << 1) & NL) | ((ring >> 1) & NR)
                grown = (row | (row << w) | (row >> w)) & closed
                closed ^= grown
                region |= grown
                ring = grown & Z
            OPENED |= region
            seeds &= ~OPENED
        rest = F & ~OPENED
        if rest:
            buf = rest.to_bytes(K * size, "little")
            for k in f_lanes:
                piece = lane_value(buf, k)
                if piece:
                    clicks[ids[k]].extend(cells_of(piece))
        OPENED |= rest | plain
        F = 0
        new = OPENED & ~before
        P0 |= H0 & new
        P1 |= H1 & new
        P2 |= H2 & new
        P3 |= H3 & new
        # ---- done (nothing undecided left), then the digits of every lane at once
        closed = V & ~OPENED
        unknown = closed & ~M
        live = lane_masks(unknown)  # lanes with something undecided
        if not live:
            break
        numbers = OPENED & ~M
        search = live
        full_up = None
        stalled = mined = 0
        while True:
            c0, c1, c2, c3 = counts(M, V, NL, NR, w)
            sat = numbers & ~((P0 ^ c0) | (P1 ^ c1) | (P2 ^ c2) | (P3 ^ c3))
            row = sat | ((sat << 1) & NL) | ((sat >> 1) & NR)
            found = (row | (row << w) | (row >> w)) & unknown & search
            if found:
                F |= found
                search &= ~lane_masks(found)
                if not search:
                    break
            if full_up is None:
                d0, d1, d2, d3 = counts(closed | M, V, NL, NR, w)
                full_up = numbers & ~((P0 ^ d0) | (P1 ^ d1) | (P2 ^ d2) | (P3 ^ d3))
            row = full_up | ((full_up << 1) & NL) | ((full_up >> 1) & NR)
            fm = (row | (row << w) | (row >> w)) & unknown & search
            again = lane_masks(fm) if fm else 0
            stalled |= search & ~again
            if not fm:
                break
            M |= fm
            unknown &= ~fm
            mined |= again
            search = again
        if mined:  # lanes whose last mines left nothing undecided are done, not stalled
            stalled &= lane_masks(unknown)
        # ---- stalls, board by board
        if stalled:
            obuf = OPENED.to_bytes(K * size, "little")
            mbuf = M.to_bytes(K * size, "little")
            pbufs = [p.to_bytes(K * size, "little") for p in (P0, P1, P2, P3)]
            F_add = M_add = 0
            ended = 0
            for k in flagged(stalled):
                i = ids[k]
                kn = knowledge[i]
                a, b = k * size, (k + 1) * size
                kn.opened = int.from_bytes(obuf[a:b], "little")
                known = int.from_bytes(mbuf[a:b], "little")
                kn.mines = known
                kn.planes = tuple([int.from_bytes(p[a:b], "little") for p in pbufs])
                kn.safe = 0
                kn.hits = hits[i]
                task = tasks[i]
                closed_here = kn.geo.all_mask & ~kn.opened
                if task.mines is not None and popcount(closed_here) + hits[i] == task.mines:
                    ended |= 1 << k
                    continue
                move = stall(kn, task, memory[i], None)
                if move is None:
                    F_add |= kn.safe << (k * bits)
                    M_add |= (kn.mines & ~known) << (k * bits)
                    continue
                cell = move[0]
                if cell is None:
                    ended |= 1 << k
                    continue
                guesses[k] = cell
            F |= F_add
            M |= M_add
        else:
            ended = 0
        # ---- drop the lanes that ended (every so often)
        gone = set()
        if ended or live != lane_masks(V):
            alive_flags = (((live | top) - one) & top).to_bytes(K * size, "little")[size - 1::size]
            gone = {k for k, b in enumerate(alive_flags) if not b}
            gone |= {k for k in range(K) if ended >> k & 1}
        if gone and (len(gone) * 4 >= K or len(gone) == K):
            keep = [k for k in range(K) if k not in gone]
            if not keep:
                break
            bufs = [x.to_bytes(K * size, "little") for x in (OPENED, M, F, P0, P1, P2, P3)]
            OPENED, M, F, P0, P1, P2, P3 = [int.from_bytes(b"".join([buf[k * size:(k + 1) * size] for k in keep]), "little") for buf in bufs]
            guesses = {keep.index(k): c for k, c in guesses.items()}
            ids = [ids[k] for k in keep]
            K, top, one, V, NL, NR, (H0, H1, H2, H3), Z = build(ids)
        elif gone:
            # keep them in place but empty: no cell of theirs is valid any more
            kill = 0
            for k in gone:
                kill |= ((1 << bits) - 1) << (k * bits)
            V &= ~kill
            Z &= ~kill
            OPENED &= ~kill
            M &= ~kill
            F &= ~kill
    return [clicks[i] for i in range(n)]


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
