"""A pack's boards shared by worker processes, and what they played gathered back.

paiza.IO counts wall time and gives a program at least two cores, so the entry forks
workers once the pack is read and indexed (the text and index are shared copy-on-
write, nothing is sent to a worker).  The boards are cut into chunks of consecutive
boards, and the chunk starts wait in a pipe that every worker reads: a worker takes
the next chunk when it is done with one, so workers end together whatever the boards
cost.  Each worker sends back its results as it goes (a length-prefixed `marshal`
frame every few boards), so a worker that dies costs only the boards it had not sent.
The parent only waits on the result pipes (`select`), and at the deadline stops any
worker still playing.

A signal that ends a run (SIGINT, SIGTERM, SIGHUP: contest/signals.py) stops the
play: the records already sent back are kept (what the pipes hold is read first), the
workers are stopped, and no later share plays anything; the workers themselves
ignore these signals and are stopped by the parent.

One worker, or no os.fork, or a fork or pipe refused: the same work runs in this
process, without pipes.  A record is a tuple whose first item is the board's index in
the pack; `batch` makes and reads them.
"""

import _signal as signal  # (as contest/signals.py: no enum classes at start)
import marshal
import os
import select
import time

from .signals import Stopped, ignore_stop_signals, stoppable, stopped
from .timeplan import FLUSH_RECORDS, FLUSH_SECONDS, URGENT_SECONDS

MAX_CHUNKS = 1024  # chunk starts of 4 bytes: one atomic pipe write of 4 KiB (a pipe's smallest size)
CHUNK_BOARDS = 8  # boards a chunk at least: a worker's pipe read per chunk stays negligible
# The longest single wait on the result pipes: select() refuses a timeout past what
# its clock holds (about 9.2e9 s: a budget of 1e10, 1e308 or inf was an OverflowError),
# so a far deadline is waited for in steps of this (the loop looks at the clock again).
LONGEST_WAIT_SECONDS = 3600.0
_DONE = "done"  # the last frame of a worker that ran to its end
def chunk_size(count):
    """Boards per chunk for a pack of `count` boards (at most MAX_CHUNKS chunks)."""
    return max(CHUNK_BOARDS, -(-count // MAX_CHUNKS))


def chunks_of(count, size):
    """(start, stop) of every chunk of `size` consecutive boards among `count`, in order."""
    return [(start, min(count, start + size)) for start in range(0, count, size)]


def share(count, workers, work, until=None, heard=None):
    """Run work(chunks, emit) over the boards 0..count-1 with `workers` processes.

    work   -- plays the boards of each (start, stop) chunk it is given, in order, and
              calls emit(record) for what it finds (records: tuples of ints, floats,
              strings, marshal's kinds)
    until  -- a time.perf_counter() value: a worker still running then is stopped and
              what it had sent is kept (None: wait for every worker)
    heard  -- if given, called with the records as they reach this process (a list:
              each frame of a worker's, or each record played here), so that they are
              taken in while the workers play, not after the deadline

    Returns (records, notes, used): every record the workers sent, one line for each
    worker that stopped before its end or could not be made, and the number of
    processes that played.  With one worker, or where no process can be made, the
    work runs here.
    """
    size = chunk_size(count)
    workers = min(workers, -(-count // size))
    notes = []
    if stopped() is not None:  # a run ended by a signal plays nothing more
        return [], notes, 1
    if workers > 1:
        try:
            children = _fork_workers(count, size, workers, work, None if until is None else until - URGENT_SECONDS)
        except (OSError, AttributeError) as exc:  # no pipe for the queue, or no fork here
            children = []
            notes.append("no worker processes (%s): played in one process" % (getattr(exc, "strerror", None) or exc))
        if len(children) < workers and children:
            notes.append("%d of %d worker processes could be made" % (len(children), workers))
        if children:
            records, ended = _collect(children, until, heard)
            return records, notes + ended, len(children)
    records = []
    emit = records.append
    if heard is not None:

        def emit(record):
            records.append(record)
            heard((record,))

    try:
        with stoppable():
            work(chunks_of(count, size), emit)
    except Stopped:
        pass  # the boards played whole are in records; the one in play is left out
    return records, notes, 1


class _Child:
    """The parent's view of one worker: its pipe, the bytes not yet read as frames."""

    __slots__ = ("number", "pid", "fd", "buffer", "done")

    def __init__(self, number, pid, fd):
        self.number, self.pid, self.fd = number, pid, fd
        self.buffer = bytearray()
        self.done = False


def _fork_workers(count, size, workers, work, urgent):
    """The children playing `work`, each with the read end of its result pipe."""
    starts = b"".join(start.to_bytes(4, "little") for start in range(0, count, size))
    task_read, task_write = os.pipe()
    try:
        os.write(task_write, starts)  # at most 4 KiB: one atomic write, which any pipe holds
    finally:
        os.close(task_write)  # the workers see the end of the queue once it is empty
    children = []
    try:
        for number in range(1, workers + 1):
            try:
                result_read, result_write = os.pipe()
            except OSError:
                break
            try:
                pid = os.fork()
            except OSError:
                os.close(result_read)
                os.close(result_write)
                if not children:
                    raise
                break
            if pid == 0:  # the worker: never returns into the caller's code
                status = 1
                try:
                    ignore_stop_signals()  # (the parent stops the workers: _collect)
                    os.close(result_read)
                    for child in children:
                        os.close(child.fd)
                    _serve(task_read, result_write, count, size, work, urgent)
                    status = 0
                finally:
                    os._exit(status)
            os.close(result_write)
            children.append(_Child(number, pid, result_read))
    finally:
        os.close(task_read)
    return children


def _serve(task_read, out, count, size, work, urgent=None):
    """A worker's life: take chunks from the queue until it is empty, play them, send
    the records back in frames (each record at once past `urgent`, so a worker stopped
    at the deadline loses no more than the board it was playing), then the frame
    saying it ran to its end."""

    def chunks():
        while True:
            data = os.read(task_read, 4)
            if len(data) < 4:
                return
            start = int.from_bytes(data, "little")
            yield start, min(count, start + size)

    held = []
    sent = [time.perf_counter()]

    def emit(record):
        held.append(record)
        now = time.perf_counter()
        if len(held) >= FLUSH_RECORDS or now - sent[0] >= FLUSH_SECONDS or (urgent is not None and now >= urgent):
            _send(out, held)
            del held[:]
            sent[0] = now

    try:
        work(chunks(), emit)
        held.append(_DONE)
        _send(out, held)
    except BrokenPipeError:
        pass  # the parent is gone: nobody to tell


def _send(fd, records):
    """One frame: the length of the marshalled records, then the records."""
    data = marshal.dumps(records)
    data = len(data).to_bytes(4, "little") + data
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _collect(children, until, heard=None):
    """(records, notes) of the forked workers: read their frames until every pipe ends
    or the clock reaches `until` (or a stop signal comes: what the pipes hold is read
    first), then stop the workers still running."""
    records = []
    waiting = {child.fd: child for child in children}
    signum = None
    try:
        try:
            _read_frames(waiting, records, until, heard)
        except Stopped as exc:
            signum = exc.signum
            _read_frames(waiting, records, until, heard, drain=True)
    finally:  # (an exception too, KeyboardInterrupt in `solve`: no worker is left playing)
        notes = _ended(children, waiting, signum)
    return records, notes


def _read_frames(waiting, records, until, heard, drain=False):
    """Read the frames of the pipes in `waiting` into `records` (each pipe that ends is
    taken out of it) until none is left or the clock reaches `until`; with `drain`,
    only what the pipes hold now.  Stopped when a stop signal comes while it waits."""
    while waiting:
        timeout = None
        if drain:
            timeout = 0
        elif until is not None:
            timeout = until - time.perf_counter()
            if timeout <= 0:
                break
            timeout = min(timeout, LONGEST_WAIT_SECONDS)
        try:
            if drain:
                ready = select.select(list(waiting), [], [], timeout)[0]
            else:
                with stoppable():  # (only the wait: a frame is never read in part)
                    ready = select.select(list(waiting), [], [], timeout)[0]
        except InterruptedError:
            continue
        if drain and not ready:
            return
        for fd in ready:
            child = waiting[fd]
            data = os.read(fd, 1 << 20)
            if data:
                child.buffer += data
                fresh = len(records)
                _unframe(child, records)
                if heard is not None and len(records) > fresh:
                    heard(records[fresh:])
            else:
                del waiting[fd]


def _ended(children, waiting, signum=None):
    """Stop the workers whose pipes are still in `waiting`, reap every worker; a note
    for each that did not run to its end."""
    notes = []
    for child in children:
        late = child.fd in waiting
        if late:
            _stop(child.pid)
        status = _reap(child.pid)
        os.close(child.fd)
        if late and signum is not None:
            notes.append("worker %d was stopped by signal %d: what it had not sent back is left out" % (child.number, signum))
        elif late:
            notes.append("worker %d was still playing at the deadline: stopped, what it had not sent back left out" % child.number)
        elif not child.done:
            notes.append("worker %d stopped early (%s): the boards it had not sent back are left out" % (child.number, _status_text(status)))
    return notes


def _unframe(child, records):
    """Move the complete frames of a child's buffer into `records`."""
    buffer = child.buffer
    at = 0
    while len(buffer) - at >= 4:
        length = int.from_bytes(buffer[at : at + 4], "little")
        if len(buffer) - at - 4 < length:
            break
        frame = marshal.loads(bytes(buffer[at + 4 : at + 4 + length]))
        at += 4 + length
        if frame and frame[-1] == _DONE:
            child.done = True
            frame.pop()
        records.extend(frame)
    del buffer[:at]


def _stop(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def _reap(pid):
    """The wait status of a child (None if it cannot be had)."""
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except InterruptedError:
            continue
        except OSError:
            return None


def _status_text(status):
    if status is None:
        return "status unknown"
    if os.WIFSIGNALED(status):
        return "signal %d" % os.WTERMSIG(status)
    return "exit status %d" % os.WEXITSTATUS(status)
