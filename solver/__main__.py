"""``python -m solver``: the command line.

The process ends without tearing the interpreter down (its output flushed first):
freeing a run's boards and memories object by object takes tenths of a second that
a `solve --budget` run, counted from process start as paiza.IO counts it, would pay.
"""

import os
import sys

from .cli import main

if __name__ == "__main__":
    status = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # (a stream closed at start is None)
            pass
    os._exit(status)
