"""The end of a run by signal: SIGINT, SIGTERM or SIGHUP stops the play, not the process.

`stop_on_signals` makes each of them be remembered (`stopped`) instead of killing the
run, so the entry still writes the select list of the boards played before it; inside
a `stoppable` block the signal raises Stopped at once (a wait, or play in the entry's
own process).  Workers ignore them (`ignore_stop_signals`): the parent stops its
workers itself (contest/workers.py).
"""

# The C module under `signal`: its functions and numbers, without the enum classes
# `signal` makes of them, which cost every start of the entry 0.7-1 ms
# (docs/measurements/startup.md, "What the start costs").
import _signal as signal

STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # what ends a run (those this platform has)
_SIGNALLED = []  # the stop signals received (stop_on_signals)
_RAISING = [0]  # above 0 while a stop signal raises Stopped at once (`stoppable`)


class Stopped(Exception):
    """A stop signal arrived while play or a wait could be broken off (`stoppable`)."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def stop_on_signals():
    """Make SIGINT, SIGTERM and SIGHUP stop the run instead of killing it: each is
    remembered (`stopped`), and raises Stopped inside `stoppable`.  Call it from the main
    thread, once, before the work starts."""
    for name in STOP_SIGNALS:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _on_signal)


def _on_signal(signum, frame):
    _SIGNALLED.append(signum)
    if _RAISING[0]:
        raise Stopped(signum)


def stopped():
    """The first stop signal received, or None."""
    return _SIGNALLED[0] if _SIGNALLED else None


def signal_name(signum):
    """SIGINT for signal 2: the name of a stop signal, else 'signal N'."""
    for name in STOP_SIGNALS:
        if getattr(signal, name, None) == signum:
            return name
    return "signal %d" % signum


def stop_note(signum):
    """The note of a run a signal ended: it precedes the summary, the last line."""
    return "stopped by %s: the select list holds the boards played before it" % signal_name(signum)


class stoppable:
    """A block a stop signal breaks off with Stopped (at once, or on entry when one came
    before); outside such blocks a signal is only remembered."""

    def __enter__(self):
        _RAISING[0] += 1
        if _SIGNALLED:
            _RAISING[0] -= 1
            raise Stopped(_SIGNALLED[0])
        return self

    def __exit__(self, *exc):
        _RAISING[0] -= 1
        return False


def ignore_stop_signals():
    """In a worker: the stop signals do nothing (the parent stops the workers)."""
    for name in STOP_SIGNALS:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
