"""The process's standard streams, for the paiza entry and the command line alike.

A program may be started with stdin, stdout or stderr closed (``<&-``, ``>&-``,
``2>&-``), and the reader of its stdout may go away (``| head``).  Both the entry and
``python -m solver`` meet these the same way, here:

- `closed_streams` says which streams the process was started without and points
  each such descriptor at /dev/null, so no file opened later takes its number; a
  closed stdin reads as an OSError naming it (`ClosedInput`), a closed stderr is a sink;
- `reader_gone`, after a BrokenPipeError on stdout, makes the last flush quiet and
  gives the status a shell reports for a tool killed by SIGPIPE (`BROKEN_PIPE_STATUS`).
"""

import errno
import os
import sys

# 128 + SIGPIPE (13): what a shell reports for a Unix tool whose reader went away
BROKEN_PIPE_STATUS = 141


def descriptor_is_closed(fd):
    """Whether file descriptor `fd` (0, 1 or 2) cannot be used as the stream it stands for:
    a read (fd 0) or write (1, 2) of no bytes fails with EBADF.  Python sets sys.stdin
    (stdout, stderr) to None when its descriptor is closed at start-up, but a file opened
    since can hold the number (the interpreter's own script file), so the descriptor is
    tried."""
    try:
        if fd:
            os.write(fd, b"")
        else:
            os.read(fd, 0)
    except OSError as exc:
        return exc.errno == errno.EBADF
    return False


class ClosedInput:
    """sys.stdin for a run started with stdin closed: reading it raises OSError('stdin is
    closed', filename '-'), which a command that reads stdin reports in one line."""

    def _closed(self, *args):
        raise OSError(errno.EBADF, "stdin is closed", "-")

    read = readline = readlines = __iter__ = __next__ = _closed
    encoding = "utf-8"

    @property
    def buffer(self):
        return self


def closed_streams():
    """The names ("stdin", "stdout", "stderr") of the streams the process was started
    without.  Call it before any file is opened.  Each such file descriptor is pointed
    at /dev/null, so no file opened later takes its number (a page written through fd
    1, a subprocess handed a pack as its stdin); a closed stdin becomes a ClosedInput
    and a closed stderr a sink."""
    closed = []
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is None or descriptor_is_closed(fd):
            closed.append(name)
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if "stdin" in closed:
        sys.stdin = ClosedInput()
    if "stderr" in closed:
        sys.stderr = open(2, "w", closefd=False)
    return closed


def reader_gone():
    """After a BrokenPipeError on stdout: the rest of the output has nowhere to go, so
    stdout is pointed at /dev/null (the interpreter's last flush is then quiet); the
    status to exit with, BROKEN_PIPE_STATUS, with no message."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return BROKEN_PIPE_STATUS
