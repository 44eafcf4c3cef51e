"""The process's standard streams, for the paiza entry and the command line alike.

A program may be started with stdin, stdout or stderr closed (``<&-``, ``>&-``,
``2>&-``), and the reader of its stdout may go away (``| head``).  Both the entry and
``python -m solver`` meet these the same way, here:

- `closed_streams` says which streams the process was started without and points
  each such descriptor at /dev/null, so no file opened later takes its number; a
  closed stdin reads as an OSError naming it (`ClosedInput`), a closed stderr is a sink;
- `reader_gone`, after a BrokenPipeError on stdout, makes the last flush quiet and
  gives the status a shell reports for a tool killed by SIGPIPE (`BROKEN_PIPE_STATUS`);
- `quiet_stderr` makes stderr a stream that never fails: a message that cannot be
  written (``2>/dev/full``, a closed pipe) is lost, never the output on stdout;
- `write_messages` writes the first MESSAGES_SHOWN messages of a kind and counts the
  rest, for the entry and every command;
- `write_output` writes the output whole: a reader gone is 141, any other failure
  (a full disk) one line on stderr and status 1; `output_failed` says the same of
  an OSError met while a command wrote.
"""

import errno
import os
import select
import stat
import sys

from ..official.names import printable

# 128 + SIGPIPE (13): what a shell reports for a Unix tool whose reader went away
BROKEN_PIPE_STATUS = 141

# messages of one kind written at most, by the entry and every command; past them, one
# line counts the rest
MESSAGES_SHOWN = 20


def write_messages(messages, prefix, stream, unshown=0):
    """Write messages one a line after `prefix` ('error: '), the first MESSAGES_SHOWN of
    them, then one line counting the rest (and `unshown` more, counted but not kept).  A
    character that is not printable (a name's ESC or NUL) is written as its escape
    (names.printable)."""
    stream.write("".join(prefix + printable(message) + "\n" for message in messages[:MESSAGES_SHOWN]))
    rest = unshown + max(0, len(messages) - MESSAGES_SHOWN)
    if rest:
        stream.write("%s%d more like these not shown\n" % (prefix, rest))


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
    _to_null(sys.stdout.fileno())
    return BROKEN_PIPE_STATUS


class QuietStream:
    """A text stream whose writes and flushes never raise: after the first failure its
    descriptor points at /dev/null, so nothing later (the interpreter's last flush
    included) fails again.  Every other attribute is the stream's own."""

    def __init__(self, stream):
        self._stream = stream
        self.failed = False

    def write(self, text):
        try:
            return self._stream.write(text)
        except (OSError, ValueError):
            self._fail()
            return len(text)

    def flush(self):
        try:
            self._stream.flush()
        except (OSError, ValueError):
            self._fail()

    def _fail(self):
        self.failed = True
        try:
            _to_null(self._stream.fileno())
            self._stream.flush()
        except (OSError, ValueError):
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)


def quiet_stderr():
    """Make sys.stderr a QuietStream (once); returns it."""
    if not isinstance(sys.stderr, QuietStream):
        sys.stderr = QuietStream(sys.stderr)
    return sys.stderr


def write_output(data, err, what="the output"):
    """Write `data` (bytes) whole on stdout; the exit status: 0, BROKEN_PIPE_STATUS when
    the reader went away (also when it is found gone just after: a pipe's buffer can
    take the last bytes after the reader left), or 1 with one line on `err` when the
    write failed otherwise."""
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    except BrokenPipeError:
        return reader_gone()
    except OSError as exc:
        return output_failed(exc, err, what)
    return reader_gone() if _reader_left(sys.stdout.fileno()) else 0


def output_failed(exc, err, what="the output"):
    """After an OSError writing stdout (not a reader gone): one line on `err`, stdout
    pointed at /dev/null (the last flush is then quiet); status 1."""
    err.write("error: cannot write %s: %s\n" % (what, exc.strerror or exc))
    err.flush()
    _to_null(sys.stdout.fileno())
    return 1


def _reader_left(fd):
    """Whether `fd` is a pipe whose reading end is closed (poll reports an error)."""
    try:
        if not stat.S_ISFIFO(os.fstat(fd).st_mode) or not hasattr(select, "poll"):
            return False
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError):
        return False


def _to_null(fd):
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
