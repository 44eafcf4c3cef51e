"""commands: argument parsing only, one module per subcommand of ``python -m solver``.

Every module here has ``add_arguments(parser)`` (it fills the subcommand's parser)
and ``run(args) -> int`` (an exit status); solver/cli.py lists them.  The work
itself lives in the layers, so a command is a screenful of options.

May import: every layer.
"""
