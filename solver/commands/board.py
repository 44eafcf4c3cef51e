"""`board`: print one official board from its name."""

import sys

from ..official.generator import board_from_name
from ..official.packs import format_board
from .options import add_format, parse_format


def add_arguments(parser):
    """Arguments of ``board``: one board name."""
    parser.description = (
        "Print on stdout the official board named board_XxY_MINES_SEED_MODE (header and digit rows), "
        "regenerated from its name alone. Reads nothing."
    )
    parser.add_argument("name", metavar="NAME", help="board name, e.g. board_9x9_10_1_auto")
    add_format(parser)


def run(args):
    """Print the board; exit status 2 with a one-line message when the name cannot be regenerated."""
    try:
        board = board_from_name(args.name, parse_format(args.format))
    except ValueError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    sys.stdout.write(format_board(board))  # as the page's single-board download
    return 0
