"""`replay`: one board played by the contest player, as an HTML page to step through."""

import os
import sys

from ..engine.lookahead import looking
from ..official.rules import RULES
from ..pages.pagekit import page_file_name
from ..pages.replay import MAX_REPLAY_CELLS, find_board, replay_page
from ..pages.trace import record
from .options import output_problem, read_pack_input, write_output


def add_arguments(parser):
    parser.description = (
        "Reads a board pack and plays the board NAME with the contest player, then writes one "
        "standalone HTML page (-o, default: NAME.html, the name's odd characters spelt +HH) to step through the play: the board as the "
        "official page draws it, each closed cell shaded by the mine probability the player had "
        "computed before each click, why each cell was clicked, and the running score; prints the "
        "page's path (with -o -, writes the page on stdout instead)."
    )
    parser.add_argument("pack", metavar="PACK", help="board pack file, or - for stdin")
    parser.add_argument("name", metavar="NAME", help="board name, e.g. board_9x9_10_1_auto")
    parser.add_argument("--rule", type=int, choices=sorted(RULES), help="objective and score (default: the header form)")
    parser.add_argument("--look", action="store_true", help="play with the two-step lookahead (as solve --look)")
    parser.add_argument("-o", "--output", metavar="FILE", help="page to write, - for stdout (default: NAME.html)")


def run(args):
    read = read_pack_input(args.pack)
    if read is None:
        return 1
    text, damaged = read
    board, why = find_board(text, args.name)
    if board is None:
        if why is None:
            print("error: no board named %s in %s" % (args.name, args.pack), file=sys.stderr)
        else:  # the pack has it, but it does not read: say where and why
            print("error: %s: %s" % (args.pack, why), file=sys.stderr)
        return 1
    if board.width * board.height > MAX_REPLAY_CELLS:
        print("error: board %s is %dx%d: a replay page is made for a board of at most %d cells (its size grows as "
              "cells times clicks)" % (board.name[:40], board.width, board.height, MAX_REPLAY_CELLS), file=sys.stderr)
        return 1
    path = args.output or page_file_name(board.name)
    problem = output_problem(path)
    if problem is None:
        try:
            write_output(path, replay_page(record(board, args.rule, looking if args.look else None)))
        except OSError as exc:
            problem = exc.strerror
    if problem is not None:
        print("error: cannot write %s: %s" % (path, problem), file=sys.stderr)
        return 1
    if path != "-":
        print(os.path.abspath(path))
    return 1 if damaged else 0
