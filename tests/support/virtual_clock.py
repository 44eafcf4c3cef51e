"""A clock the test sets, for runs under a budget: what they play never depends on
how fast or how loaded the machine is.

`VirtualClock.install(monkeypatch)` replaces `time.perf_counter` (every module of the
package reads it as `time.perf_counter()`) and `time.sleep` with a clock that moves
only when it is read: each reading advances it by `tick` seconds.  A run's boards,
stalls and plan then see the same times on any machine, so a test can ask for a run
that is pressed (the plan leaves boards out, boards are hurried) and still plays
some boards, and assert both.  Only in-process runs with one worker follow it: a
forked worker would count its own readings.

The tests that decided by the wall clock, and what replaced them (issue 37):
- tests/pages/test_report_replays.py: the bundle run with 0.6 s for 1,500 boards
  (failed on a loaded machine: no board played) is now solve_text on this clock;
- tests/contest/test_plan.py: the long pack indexed in rounds (asserted every board
  played within 1 s) and the round for the boards passed over that reaches the
  deadline (slept until 10 ms before it, then asserted a board played) run on it.
"""

import time


class VirtualClock:
    """time.perf_counter and time.sleep, moved only by their callers."""

    def __init__(self, tick=0.0002, start=1000.0):
        self.now = start
        self.tick = tick

    def perf_counter(self):
        self.now += self.tick
        return self.now

    def sleep(self, seconds):
        self.now += max(0.0, seconds)

    def install(self, monkeypatch):
        monkeypatch.setattr(time, "perf_counter", self.perf_counter)
        monkeypatch.setattr(time, "sleep", self.sleep)
        return self
