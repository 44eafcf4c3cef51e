"""Every run-wide memory, its bound and how it is forgotten: the one list.

A run memory keeps, for the whole run (one process playing a pack, or a command
playing many games), what a step made of a position or a shape met before, so that
a board meeting it again is answered at once.  Each is transparent: an answer is
what the step would compute, so a memory changes how fast a run plays, never what
it plays (tests/engine/test_player.py plays boards in one run and alone).

Each is a RunMemory, a dict with a name and a bound: when `keep` finds it full, the
older half is dropped (insertion order), so a run never holds more than `bound`
entries and never loses its newest.  `forget_run` empties them all (and whatever a
higher layer registered with `forget_also`), as a new process starts.

The memories (made where they are used; MEMORIES lists them once imported):
  player.STALLS         what a stall made of a position (rule, size, what is known)
  counting.COUNTED      a component shape's exact Counts
  counting.UNFINISHED   the largest budget a shape's count did not finish within
  twostep.SCENE_SHAPES  the Counts of shapes the two-step look met (classic, Topcoder)
and, registered by the contest layer, what the last pack run built (batch._LAST_RUN).

>>> memory = RunMemory("example", 4)
>>> for k in range(5):
...     _ = memory.keep(k, k * k)
>>> sorted(memory)  # at 4 entries the older half went: 2, 3 and the new 4 are left
[2, 3, 4]
"""

from itertools import islice

MEMORIES = []  # every RunMemory made, in the order made
_FORGET_ALSO = []  # callbacks of other layers' run memories


class RunMemory(dict):
    """A run-wide memory: a dict of at most `bound` entries (see the module)."""

    __slots__ = ("name", "bound")

    def __init__(self, name, bound):
        super().__init__()
        self.name, self.bound = name, bound

    def keep(self, key, value):
        """Remember `value` under `key` (dropping the older half first when full); the value."""
        if len(self) >= self.bound:
            for old in list(islice(self, self.bound // 2)):
                del self[old]
        self[key] = value
        return value


def run_memory(name, bound):
    """A new RunMemory, listed in MEMORIES."""
    memory = RunMemory(name, bound)
    MEMORIES.append(memory)
    return memory


def forget_also(forget):
    """Have forget_run call forget() too (a run memory of a layer above the engine)."""
    _FORGET_ALSO.append(forget)


def forget_run():
    """Start afresh, as a new process does: every run memory emptied.  For measurements
    that replay boards, and for tests."""
    for memory in MEMORIES:
        memory.clear()
    for forget in _FORGET_ALSO:
        forget()
