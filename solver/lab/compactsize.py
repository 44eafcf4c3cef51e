"""A pack's size in the form the entrant gives it, cheaply for every candidate and
exactly for the pick.

An official pack's text size comes from its shape (`packshape`); its compact form
(official/compacting.py: about a tenth) depends on where the mines fell, so for every
candidate it is estimated as the text size times the ratio of its sample's compact
and text sizes (every pack of a mode and difficulty starts with its sample and repeats
its shapes).  The sample, smaller than a chunk of the compact form, packs a few percent
worse than a whole pack, so the estimate errs large; the pick is then generated and
compacted for real, and its count fitted to the byte limit on those exact figures.
"""

from collections import namedtuple

from ..official.compacting import compact_pack
from ..official.generator import generate_pack, pack_text
from .packshape import OFFICIAL_STEP, largest_within

MOST_FITS = 6  # packs generated to fit the pick's count to the limit on exact sizes

Fitted = namedtuple("Fitted", "count text given size")
Fitted.__doc__ = """A pack generated for real: its count, its text, what the entrant gives the
bundle (the compact text, or the text) and that many bytes."""


def compact_ratio(boards):
    """Compact bytes over text bytes of a pack of these boards (the official download)."""
    text = pack_text(boards)
    return len(compact_pack(text).text) / len(text.encode("utf-8"))


def generated(count, mode, difficulty, rule, form):
    """The Fitted of the official pack of `count` boards, given in `form`."""
    text = pack_text(generate_pack(count, mode, difficulty, rule))
    given = compact_pack(text).text if form == "compact" else text
    return Fitted(count, text, given, len(given.encode("utf-8")))


def fit_exactly(count, mode, difficulty, rule=2025, form="compact", max_bytes=None, progress=None):
    """The Fitted of the largest pack of this mode and difficulty (at the official step of
    10 boards; without a limit, the count asked for) whose exact size in `form` is at most
    `max_bytes`: each try's exact ratio of given bytes to text bytes names the next count,
    between the largest that fitted and the smallest that did not.  None when none fits."""
    pack = generated(count, mode, difficulty, rule, form)
    if max_bytes is None:
        return pack
    fits, too_large = None, None  # the largest Fitted within the limit, the smallest count over it
    for _ in range(MOST_FITS):
        if pack.size <= max_bytes:
            fits = pack if fits is None or pack.count > fits.count else fits
        else:
            too_large = pack.count if too_large is None else min(too_large, pack.count)
        ratio = pack.size / len(pack.text.encode("utf-8"))
        nxt = largest_within(int(max_bytes / ratio), mode, difficulty, rule, most=2 * count + OFFICIAL_STEP)
        if too_large is not None and nxt >= too_large:
            nxt = too_large - OFFICIAL_STEP
        if nxt <= (fits.count if fits else 0):
            break
        pack = generated(nxt, mode, difficulty, rule, form)
        if progress:
            progress("the pick at %d boards: %d bytes (%s)" % (nxt, pack.size, form))
    return fits
