"""`gen`: print the official pack board_pack_COUNT_MODE_DIFFICULTY."""

import sys

from ..official.generator import DIFFICULTY_RATIOS, PACK_MODES, iter_pack_boards
from ..official.packs import format_board
from .options import add_format, parse_format
from .progress import Progress


def add_arguments(parser):
    """Arguments of ``gen``: the pack's count, mode and difficulty."""
    parser.description = (
        "Print on stdout the official board pack board_pack_COUNT_MODE_DIFFICULTY, "
        "byte for byte as the official page downloads it (LF line ends). Reads nothing.  On a terminal "
        "(stdout elsewhere), a progress line on stderr."
    )
    parser.add_argument("count", metavar="COUNT", help="number of boards (0 or more)")
    parser.add_argument("mode", metavar="MODE", help="safe-cell mode: " + ", ".join(PACK_MODES))
    parser.add_argument(
        "difficulty", metavar="DIFFICULTY", help="mine share: " + ", ".join(DIFFICULTY_RATIOS)
    )
    add_format(parser)


def run(args):
    """Print the pack board by board as it is made (a huge COUNT streams); exit status 2
    with a one-line message on bad arguments, before anything is printed."""
    try:
        if not args.count.isdigit() or not args.count.isascii():
            raise ValueError("COUNT must be a non-negative integer, got %r" % (args.count[:20],))
        if len(args.count.lstrip("0")) > 18:  # int() would refuse past 4,300 digits in its own words
            raise ValueError("COUNT of %d digits is more boards than anyone can play" % len(args.count))
        if args.mode not in PACK_MODES:
            raise ValueError("MODE must be one of %s, got %r" % (", ".join(PACK_MODES), args.mode[:20]))
        boards = iter_pack_boards(int(args.count), args.mode, args.difficulty, parse_format(args.format))
    except ValueError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    write = sys.stdout.write
    separator = ""
    count = int(args.count)
    progress = Progress("gen", "boards", beside=sys.stdout)
    for k, board in enumerate(boards, 1):  # pack_text's bytes: boards split by blank lines, one more newline at the end
        write(separator + format_board(board))
        separator = "\n"
        if progress.on:
            progress(k, count)
    write("\n")
    progress.close()
    return 0
