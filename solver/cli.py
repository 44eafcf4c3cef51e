"""The command line: one subcommand per job, each living in the module that owns it.

Every subcommand module exposes ``add_arguments(parser)`` and ``run(args) -> int``;
this file only lists them, so ``python -m solver --help`` is the map of the product.
A broken pipe (output piped into head) ends the run quietly with status 141, as a
shell reports a Unix tool killed by SIGPIPE.
"""

import argparse
import importlib
import os
import sys

# (name, module, one-line help); a module is imported only when its command is named
COMMANDS = (
    ("solve", "solver.contest.batch", "play a pack: select list on stdout, summary on stderr"),
    ("score", "solver.official.scorer", "score a select list as the official page does"),
    ("gen", "solver.official.generator", "print the official pack board_pack_COUNT_MODE_DIFFICULTY"),
    ("board", "solver.official.generator", "print one official board from its name"),
    ("bench", "solver.lab.bench", "measure score ratio and speed of the player on packs"),
    ("fit-plan", "solver.lab.planfit", "measure the player on generated packs: writes the plan's tables (solver/contest/plantables.py)"),
    ("advise", "solver.lab.advise", "rank the official packs by the total the bundle is predicted to make on this machine"),
    ("report", "solver.pages.report", "a select list on one page: writes an HTML report (total, sortable table, plots)"),
    ("replay", "solver.pages.replay", "play one board of a pack: writes an HTML page to step through the player's clicks and beliefs"),
    ("icpc", "solver.variants.icpc", "ICPC 2003 'inexperienced player' analyser: reads fields on stdin, prints answers"),
    ("topcoder", "solver.variants.topcoder.stdio", "Topcoder SuperMinesweeper player: reads the tester on stdin, prints moves on stdout"),
    ("classic", "solver.variants.classic.referee", "classic Minesweeper win rate: reads nothing; plays games with its own referee, prints the win rate with its 95 percent interval"),
    ("topcoder-test", "solver.variants.topcoder.harness", "local Topcoder tester: reads nothing; plays seeds through the player, prints scores"),
)


def build_parser(argv=None):
    """The parser for the arguments `argv` (default: the command line).  Every command
    is listed from COMMANDS; only the module of the command `argv` names is imported,
    to add its arguments and runner."""
    argv = sys.argv[1:] if argv is None else argv
    named = next((arg for arg in argv if not arg.startswith("-")), None)
    parser = argparse.ArgumentParser(
        prog="python -m solver",
        description="Minesweeper contest player (ADC2025/ADC2026) and friends.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, module_name, help_text in COMMANDS:
        command = sub.add_parser(name, help=help_text, description=help_text)
        if name != named:
            continue
        module = importlib.import_module(module_name)
        adder = getattr(module, "add_arguments_" + name.replace("-", "_"), None) or module.add_arguments
        adder(command)
        runner = getattr(module, "run_" + name.replace("-", "_"), None) or module.run
        command.set_defaults(run=runner)
    return parser


# Exit status when the reader of stdout goes away (piped into head): what a shell
# reports for a Unix tool killed by SIGPIPE, 128 + 13, with no message.
BROKEN_PIPE_STATUS = 141


def main(argv=None):
    args = build_parser(argv).parse_args(argv)
    try:
        status = args.run(args) or 0
        sys.stdout.flush()  # inside the try: a broken pipe met at exit would print a traceback
        return status
    except BrokenPipeError:
        # the rest of the output has nowhere to go: point stdout at /dev/null so the
        # interpreter's last flush is quiet too
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE_STATUS
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
