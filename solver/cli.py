"""The command line: one subcommand per job, each living in the module that owns it.

Every subcommand module exposes ``add_arguments(parser)`` and ``run(args) -> int``;
this file only lists them, so ``python -m solver --help`` is the map of the product.
"""

import argparse
import importlib
import sys

# (name, module, one-line help); modules are imported only when their command runs
COMMANDS = (
    ("solve", "solver.batch", "play a pack: select list on stdout, summary on stderr"),
    ("score", "solver.scorer", "score a select list as the official page does"),
    ("gen", "solver.generator", "print the official pack board_pack_COUNT_MODE_DIFFICULTY"),
    ("board", "solver.generator", "print one official board from its name"),
    ("bench", "solver.bench", "measure score ratio and speed of the player on packs"),
    ("icpc", "solver.variants.icpc", "ICPC 2003 'inexperienced player' analyser: reads fields on stdin, prints answers"),
    ("topcoder", "solver.variants.topcoder", "Topcoder SuperMinesweeper player: reads the tester on stdin, prints moves on stdout"),
    ("classic", "solver.variants.classic_referee", "classic Minesweeper win rate: reads nothing; plays games with its own referee, prints the win rate with its 95 percent interval"),
    ("topcoder-test", "solver.variants.topcoder_harness", "local Topcoder tester: reads nothing; plays seeds through the player, prints scores"),
)


def build_parser():
    parser = argparse.ArgumentParser(
        prog="python -m solver",
        description="Minesweeper contest player (ADC2025/ADC2026) and friends.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, module_name, help_text in COMMANDS:
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=help_text, description=help_text)
        adder = getattr(module, "add_arguments_" + name.replace("-", "_"), None) or module.add_arguments
        adder(command)
        runner = getattr(module, "run_" + name.replace("-", "_"), None) or module.run
        command.set_defaults(run=runner)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except BrokenPipeError:  # e.g. piped into head
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
