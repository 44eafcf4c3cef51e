"""Progress of long work: one line on stderr that updates in place, only on a terminal.

A command that can take more than a few seconds makes a Progress and calls it as
work is done (with done and total, or `Progress.say` with a text); the layers below
take such a callback and know nothing of terminals.  On a terminal the line is redrawn
at most every INTERVAL seconds, each time over the last one ('\\r', padded with
spaces); off a terminal (a file, a pipe, a log) nothing is written, so the output a
script reads is the same.  A command that streams its output as it goes names that
stream (`beside`): when it is a terminal too, the output shows the progress and the
line stays off.  A message written through the Progress (`write`, it is a
stream) first clears the line, so messages and the line never mix; `close` clears it
for good.
"""

import sys
import time

INTERVAL = 0.2  # seconds between redraws


def on_terminal(stream):
    """Whether `stream` is a terminal (False for a closed or odd stream)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


class Progress:
    """A progress line 'LABEL: DONE/TOTAL UNIT, S s' (or 'LABEL: TEXT, S s') on `stream`."""

    def __init__(self, label, unit="", stream=None, interval=INTERVAL, beside=None):
        self.stream = stream if stream is not None else sys.stderr
        self.on = on_terminal(self.stream) and not (beside is not None and on_terminal(beside))
        self.label, self.unit, self.interval = label, unit, interval
        self.began = time.perf_counter()
        self.drawn = 0  # characters of the line on screen
        self.last = None  # when it was drawn last

    def __call__(self, done, total=None):
        """Show `done` of `total` (total None: a count alone)."""
        if self.on and self._due(done == total):
            count = "%d/%d" % (done, total) if total is not None else "%d" % done
            self._draw("%s %s" % (count, self.unit) if self.unit else count)

    def say(self, text):
        """Show a line of text in place of the count."""
        if self.on and self._due(True):
            self._draw(text)

    def _due(self, final):
        now = time.perf_counter()
        if final or self.last is None or now - self.last >= self.interval:
            self.last = now
            return True
        return False

    def _draw(self, text):
        line = "%s: %s, %.0f s" % (self.label, text, time.perf_counter() - self.began)
        self._put("\r" + line + " " * max(0, self.drawn - len(line)))
        self.drawn = len(line)

    def _put(self, text):
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.on = False  # a terminal gone away: the work goes on

    def clear(self):
        """Take the line off the screen (it comes back at the next update)."""
        if self.drawn:
            self._put("\r" + " " * self.drawn + "\r")
            self.drawn = 0

    close = clear

    def write(self, text):
        """Write a message on the stream, the line cleared first: a Progress is a stream."""
        self.clear()
        self.stream.write(text)

    def flush(self):
        self.stream.flush()
