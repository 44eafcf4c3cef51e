"""The `replay` command: one board played by the contest player, as a page to step through.

The page (one standalone HTML file) draws the board as the official page does and
shows, before every click, each closed cell shaded by the mine probability the
player had computed (recorded during play by `trace`, never recomputed), the cell
about to be clicked outlined, and why it was clicked; `#score` holds the score of
the clicks so far, which after the last one is what `score` prints for the board.
This module turns a `trace.Played` into the page's data; the page's script and
styles are `replay_page`.
"""


from ..engine.policy import OPENED_BONUS
from ..grid.bitset import popcount
from ..grid.geometry import geometry
from ..official.packindex import index_pack
from ..official.packs import board_at, header_name
from ..official.rules import RULES
from .pagekit import document, escape, script_json
from .replay_page import RAMP, REPLAY_CSS, REPLAY_JS, replay_body
from .trace import HOWS, beliefs, undecided

# A replay page holds every cell's belief before every click: its size and the time to
# build it grow as cells times clicks (measured: a 50x50 board 3.3 MB in 1.2 s, 100x100
# 32 MB in 29 s; docs/measurements/hostile.md, "Replay pages").  Pages are made for boards of
# at most this many cells (a 50x50 board; the contests' boards have at most 400).
MAX_REPLAY_CELLS = 2500

_CODES = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"  # one cell's index in a frame's table


def probability_label(p):
    """A mine probability as the page shows it."""
    if p == 0.0:
        return "0 (known safe)"
    if p == 1.0:
        return "1 (known mine)"
    if p < 0.0001:
        return "%.1e" % p
    return "%.4f" % p


def encode_beliefs(probs):
    """(table of [p, label], width, code string): each cell one code of `width` characters,
    an index into the table, or dots for no belief.  A board's beliefs take few values
    (a class of cells shares one), so this is a fraction of a list of floats."""
    table, index = [], {}
    for p in probs:
        if p is not None and p not in index:
            index[p] = len(table)
            table.append([p, probability_label(p)])
    width = 1 if len(table) <= len(_CODES) else 2
    parts = []
    for p in probs:
        if p is None:
            parts.append("." * width)
        elif width == 1:
            parts.append(_CODES[index[p]])
        else:
            k = index[p]
            parts.append(_CODES[k // len(_CODES)] + _CODES[k % len(_CODES)])
    return table, width, "".join(parts)


def _xy(cell, width):
    return "(%d,%d)" % (cell % width, cell // width)


def _why(frame, played, probs):
    """Why the player made this click (or stopped), in a sentence."""
    board, step = played.board, frame.step
    size = board.width * board.height
    open_count = undecided(step, frame.opened, size)
    if step.kind == "cut":
        return "Stops with %d undecided cells: the run's time ran out here (its select list ends)." % open_count
    if step.kind == "listed":
        return ("Clicks %s: the select list's click.  The player would not play this list on this board (it is "
                "another program's, or played with other settings), so no belief is shown." % _xy(step.cell, board.width))
    if step.kind == "stop" and played.how == "hurried":
        return ("Stops with %d undecided cells: in a hurry (the run had more boards than time), a board stops "
                "when the cheap rules are stuck once it scores %.1f." % (open_count, RULES[played.rule].hurried_share))
    if step.kind == "stop":
        if step.p is not None:
            return ("Stops with %d undecided cells: the best guess, mine probability %s, is worth less "
                    "than the mine it risks under the %d rule." % (open_count, probability_label(step.p), played.rule))
        return ("Stops with %d undecided cells: the exact endgame values stopping above every click "
                "(or the time ran out)." % open_count)
    where = _xy(step.cell, board.width)
    if step.kind == "start":
        return "Opens %s: an official safe cell of this mode (the generator keeps it mine-free), so it is opened first." % where
    if step.kind == "certain":
        return "Opens %s: safe in every mine layout that fits the digits shown (certain, mine probability 0)." % where
    if step.kind == "endgame":
        return ("Opens %s, chosen by the exact endgame over the last %d undecided cells (every layout weighed): "
                "mine probability %s." % (where, open_count, probability_label(step.p)))
    masks = geometry(board.width, board.height).masks
    opened_near = popcount(masks[step.cell] & frame.opened & ~step.mines)
    least = min((p for p in probs if p is not None and 0.0 < p < 1.0), default=step.p)
    text = "Guesses %s: mine probability %s, %d opened neighbours, cost %.4f (probability less %.2f each)" % (
        where, probability_label(step.p), opened_near, step.p - OPENED_BONUS * opened_near, OPENED_BONUS)
    if least < step.p:
        text += "; the safest undecided cell had %s, but fewer opened neighbours" % probability_label(least)
    return text + "; %d cells undecided." % open_count


def _outcome(frame, after, played):
    """What the frame's click did, seen from the next frame."""
    if frame.step is None or frame.step.cell is None:
        return ""
    where = _xy(frame.step.cell, played.board.width)
    if after.hits > frame.hits:
        return "%s was a mine." % where
    opened = popcount(after.opened & ~frame.opened)
    if not opened:
        return "%s was already open." % where
    return "%s opened %d cell%s." % (where, opened, "" if opened == 1 else "s")


def _score_text(rule, score):
    """(score as `score` prints it, the note it prints after a board that counts 0)."""
    rule = RULES[rule]
    note = " (counts 0)" if rule.floor is not None and score < rule.floor else ""
    return rule.format_value(score), note


def page_data(played):
    """The JSON the page's script draws from: the board, the frames, the click log."""
    board, rule = played.board, played.rule
    size = board.width * board.height
    frames = []
    everything = played.frames + [played.final]
    for k, frame in enumerate(everything):
        step = frame.step
        score, note = _score_text(rule, frame.score)
        item = {
            "open": "%x" % frame.opened, "hits": frame.hits, "score": score, "note": note,
            "gained": RULES[rule].format_value(frame.gained), "last": _outcome(everything[k - 1], frame, played) if k else "",
        }
        if step is None:
            item.update(cell=None, kind="end", why=_end_text(played))
        else:
            probs = beliefs(step, frame.opened, size)
            table, width, codes = encode_beliefs(probs)
            item.update(cell=step.cell, kind=step.kind, why=_why(frame, played, probs),
                        table=table, width=width, codes=codes)
        frames.append(item)
    return {
        "name": board.name, "w": board.width, "h": board.height, "rule": rule,
        # the whole board, hidden digits included: the page shows them only where the official
        # page would (opened cells, the end's closure) or when asked ("show the hidden board")
        "digits": "".join(str(d) for d in board.cells), "start": list(played.task.safe_cells),
        "frames": frames, "log": _score_log(played), "how": played.how,
    }


def _end_text(played):
    score, note = _score_text(played.rule, played.final.score)
    return "End: %d clicks, %d mine%s hit; score %s%s under the %d rule.  The clicks: %s." % (
        len(played.clicks), played.final.hits, "" if played.final.hits == 1 else "s", score, note, played.rule,
        HOWS[played.how])


def _score_log(played):
    """Per click, the official page's score-log line: '(+gain) running' and the cell of a mine."""
    lines = []
    everything = played.frames + [played.final]
    clicked = [f for f in everything[:-1] if f.step.cell is not None] + [played.final]
    for before, after in zip(clicked, clicked[1:]):
        gain = after.gained - before.gained
        line = "(%s%s) %s" % ("+" if gain >= 0 else "", RULES[played.rule].format_value(gain), RULES[played.rule].format_value(after.gained))
        if after.hits > before.hits:
            line += " " + _xy(before.step.cell, played.board.width)
        lines.append(line)
    return lines


def replay_page(played):
    """The whole standalone page for a recorded play."""
    data = page_data(played)
    title = "replay %s" % played.board.name
    script = "const DATA = %s;\nconst RAMP = %s;\n%s" % (script_json(data), script_json(RAMP), REPLAY_JS)
    return document(title, replay_body(escape(played.board.name), played.rule, played.board), REPLAY_CSS, script)


# ---------------------------------------------------------------- finding the board a command names


def find_board(text, name):
    """(board, why) for the first board called `name` in a pack text: the board and None,
    or None and the reader's message for the first board of that name that does not read
    (None when no header names it)."""
    index = index_pack(text)
    why = None
    for k, header in enumerate(index.headers):
        if header_name(header.split()) == name:
            board, error = board_at(index, k)
            if board is not None:
                return board, None
            why = why or error
    return None, why
