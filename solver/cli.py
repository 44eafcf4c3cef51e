"""The command line: ``python -m solver COMMAND``, one subcommand per job.

Each subcommand is a module of solver/commands/ with ``add_arguments(parser)`` and
``run(args) -> int``; this file only lists them, so ``python -m solver --help`` is
the map of the product.
A broken pipe (output piped into head) ends the run quietly with status 141, as a
shell reports a Unix tool killed by SIGPIPE; any other failure to write the output
(a full disk) is one line and status 1; a stderr that cannot be written loses only
the messages.  A command started with stdout closed
(``>&-``) is refused in one line before it starts; with stdin closed (``<&-``) a
command that reads stdin says so in one line, the others run as usual.  The streams
are met as the contest entry meets them: solver/contest/streams.py.
"""

import argparse
import errno
import importlib
import os
import sys

from . import __version__
from .contest.streams import closed_streams, output_failed, quiet_stderr, reader_gone

# what writing stdout can fail with, besides a reader gone: a full disk or quota, a
# file too large, a device error
OUTPUT_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)

# the command's name in the project's scripts (pyproject.toml, [project.scripts])
SCRIPT = "adc-solver"

# (name, one-line help): the command's module is solver/commands/<name>.py ('-' -> '_'),
# imported only when that command is run (importing every command costs about 0.1 s)
COMMANDS = (
    ("solve", "play a pack: select list on stdout, summary on stderr"),
    ("score", "score a select list as the official page does"),
    ("gen", "print the official pack board_pack_COUNT_MODE_DIFFICULTY"),
    ("board", "print one official board from its name"),
    ("bench", "measure score ratio and speed of the player on packs"),
    ("cost", "replay the boards a run played under callgrind: CPU instructions per board (and per function on 3.12+)"),
    ("fit-plan", "measure the player on generated packs: writes the plan's tables (solver/contest/plantables.py)"),
    ("compact", "a pack in its compact form (a tenth of the bytes, read by every command and the entry), or --expand it"),
    ("split", "cut a pack into pieces of whole boards, one file for each run of a paiza.IO session"),
    ("tally", "sum the runs of a paiza.IO session: the results sheet's boards, seconds and score"),
    ("advise", "rank the official packs by the total the bundle is predicted to make on this machine"),
    ("report", "a select list on one page: writes an HTML report (total, sortable table, plots)"),
    ("replay", "play one board of a pack: writes an HTML page to step through the player's clicks and beliefs"),
    ("icpc", "ICPC 2003 'inexperienced player' analyser: reads fields on stdin, prints answers"),
    ("topcoder", "Topcoder SuperMinesweeper player: reads the tester on stdin, prints moves on stdout"),
    ("classic", "classic Minesweeper win rate: reads nothing; plays games with its own referee, prints the win rate with its 95 percent interval"),
    ("topcoder-test", "local Topcoder tester: reads nothing; plays seeds through the player, prints scores"),
    ("adc2020", "ADC2020 placement-routing puzzle: check an answer, solve a problem (reads Q/A files, prints area or answer)"),
)


def command_module(name):
    """The module of a subcommand: solver.commands.<name>, with add_arguments and run."""
    return importlib.import_module("solver.commands." + name.replace("-", "_"))


def program_name(argv=None, orig_argv=None):
    """The program's name as it was invoked, for usage lines and messages: the installed
    script's name (`adc-solver`), or `python3 -m solver` with the interpreter named as
    typed (sys.orig_argv, Python 3.10+); anything else (an embedding, a test runner)
    reads `python -m solver`."""
    argv = sys.argv if argv is None else argv
    orig_argv = getattr(sys, "orig_argv", None) if orig_argv is None else orig_argv
    first = argv[0] if argv else ""
    if os.path.basename(first) == SCRIPT:
        return SCRIPT
    ours = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__main__.py")
    if first and os.path.abspath(first) == ours and orig_argv:
        return "%s -m solver" % os.path.basename(orig_argv[0])
    return "python -m solver"


def shows_default(default):
    """Whether an option's default is something to show in its help."""
    return default not in (None, False, argparse.SUPPRESS, "", [])


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with every option's default shown: an option whose help does not
    speak of its default gets '(default: VALUE)' (a switch, or an option whose default is
    nothing, has none to show)."""

    def _get_help_string(self, action):
        text = action.help or ""
        if action.option_strings and "default" not in text and action.nargs != 0 and shows_default(action.default):
            text += " (default: %(default)s)"
        return text


class Parser(argparse.ArgumentParser):
    """argparse's parser, but a usage error is one line on stderr (status 2) in the form
    of every refusal, 'error: ...': the error, then the usage (which names the command)
    squeezed onto the same line."""

    def error(self, message):
        self.exit(2, "error: %s (%s)\n" % (message, " ".join(self.format_usage().split())))


def build_parser(argv=None):
    """The parser for the arguments `argv` (default: the command line).  Every command
    is listed from COMMANDS; only the module of the command `argv` names is imported."""
    argv = sys.argv[1:] if argv is None else argv
    named = next((arg for arg in argv if not arg.startswith("-")), None)
    parser = Parser(
        prog=program_name(),
        description="Minesweeper contest player (ADC2025/ADC2026) and friends.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version="%(prog)s " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, help_text in COMMANDS:
        command = sub.add_parser(name, help=help_text, description=help_text, formatter_class=HelpFormatter)
        if name == named:
            module = command_module(name)
            module.add_arguments(command)
            command.set_defaults(run=module.run)
    return parser


def main(argv=None):
    closed = closed_streams()
    quiet_stderr()  # a message that cannot be written never costs the output
    if "stdout" in closed:  # every command prints on stdout
        print("error: stdout is closed: there is nowhere to print the output", file=sys.stderr)
        return 1
    args = build_parser(argv).parse_args(argv)
    try:
        status = args.run(args) or 0
        sys.stdout.flush()  # inside the try: a broken pipe met at exit would print a traceback
        return status
    except BrokenPipeError:
        return reader_gone()
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRORS or exc.filename is not None:
            raise  # not stdout: a command reports its own files itself
        return output_failed(exc, sys.stderr)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
