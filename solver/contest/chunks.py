"""One worker's part of a pack: the boards of the chunks it takes, played in order.

A board is read only when the plan (if any) wants it, and started only while the
deadline leaves LAST_BOARD_SECONDS: a board still in play at the deadline stops at
its next stall (player.play), so only the opening and single-digit steps before that
stall run late.  Under the 2026 rule a board the plan passes over, or that the
deadline leaves unplayed, is played blind (engine/blind.py) while BLIND_LAST_SECONDS
are left: a few dozen microseconds for a quarter of a board's best score.  What the
worker finds is sent as records (`records`).
"""

import time
from functools import partial

from ..engine.blind import BLIND_MOST_CELLS
from ..official.compact import CompactPack
from ..official.packs import parse_header, read_board
from .oneboard import played, played_blind, select_text
from .records import message_record, passed_record, played_record, repeated_record, unsent_record
from .streams import MESSAGES_SHOWN
from .timeplan import BLIND_LAST_SECONDS, LAST_BOARD_SECONDS


def play_chunks(index, chunks, plan, run, emit, only=None):
    """Play the boards of each (start, stop) chunk of a PackIndex, in order (the chunks
    count positions in `only`, the index's positions to play, when given), under the
    batch.Run `run` (deadline, rule) and the Plan `plan` (None: every board).

    emit() gets, in pack order, a message record for a board refused or stray lines
    after it, a played record for a board played (or played blind), a repeated record for a name this
    worker played before (Results skips it: the official page would score both), and
    at each chunk's end a passed record of the boards the plan passed over in it.
    Past its first MESSAGES_SHOWN messages (a repeated name is one) a worker sends only
    their number, at the end of each chunk: no more than that are shown, and a million
    refused or repeated boards cost a million records."""
    names = set()
    said = [0, 0]  # messages sent in full, messages counted and not yet sent
    deadline, rule = run.deadline, run.rule
    read = index.read_for_play if isinstance(index, CompactPack) else partial(read_board, index)
    blind = deadline is not None and (rule or first_form(index)) == 2026  # (a 2025 pack reads no board more)

    def tell(record):  # a message record or a repeated record: past the first ones, only counted
        if said[0] < MESSAGES_SHOWN:
            said[0] += 1
            emit(record)
        else:
            said[1] += 1

    def count_told(k):
        if said[1]:
            emit(unsent_record(k, said[1]))
            said[1] = 0

    def send(k, board, task, judge):  # the played record of board k
        score = task.rule.counted(task.rule.score(judge.outcome()))
        emit(played_record(k, select_text(board, judge.clicks), board.name, board.line, task.rule.year, score))

    def play_blind(k):  # a record if board k is a 2026 board, read, and of a name not played here
        board = read(k)[0]
        if (board is not None and (rule or board.form) == 2026 and board.width * board.height <= BLIND_MOST_CELLS
                and board.name not in names):
            names.add(board.name)
            send(k, board, *played_blind(board, rule))

    for first, stop in chunks:
        passed = []  # the boards of this chunk the plan passed over
        for j in range(first, stop):
            k = j if only is None else only[j]
            began = time.perf_counter()
            if deadline is not None and began + LAST_BOARD_SECONDS > deadline:
                if not blind or began + BLIND_LAST_SECONDS > deadline:
                    count_told(k)
                    return
                play_blind(k)  # (no time to play it: blind, and no later round for it)
                continue
            if plan is not None and not plan.wanted(j, deadline, began):
                passed.append(k)  # (a later round may play it whole: its record then replaces this one)
                if blind:
                    play_blind(k)
                continue
            board, error, stray = read(k)
            if board is None:
                tell(message_record(k, error))
            elif board.name in names:
                tell(repeated_record(k, board.name, board.line))
            else:
                names.add(board.name)
                send(k, board, *played(board, rule, deadline, hurry=plan is not None and plan.pressed()))
            if stray is not None:
                tell(message_record(k, stray))
        if passed:
            emit(passed_record(passed))
        count_told(stop)


def first_form(index):
    """The header form of the first board of an index (2025 if it has none or it is unreadable)."""
    if isinstance(index, CompactPack):
        return index.form(0) if index.count else 2025
    try:
        return parse_header(index.headers[0].split())[4]
    except (ValueError, IndexError):
        return 2025
