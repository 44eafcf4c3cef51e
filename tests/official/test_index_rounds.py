"""Tests for solver.official.packindex.index_pack in pieces: a pack indexed a chunk at a
time and continued (`after`) finds exactly what one pass finds, in any layout."""

import re

from hypothesis import given
from hypothesis import strategies as st

from solver.official import packindex
from solver.official.generator import generate_pack
from solver.official.packindex import index_pack
from solver.official.packs import board_at, format_pack

BOARDS = generate_pack(40, "both", "middle")


def layout(text, ending, tabs, bom, junk):
    if tabs:
        text = text.replace(" ", "\t")
    text = text.replace("\n", ending)
    return ("\ufeff" if bom else "") + junk + text


def stop():
    return False


def in_pieces(text, chunk, monkeypatch):
    """Every piece of the pack's index, each stopped after one chunk."""
    monkeypatch.setattr(packindex, "INDEX_CHUNK", chunk)
    pieces = [index_pack(text, stop)]
    while not pieces[-1].complete:
        pieces.append(index_pack(text, stop, after=pieces[-1]))
    return pieces


@given(
    count=st.integers(1, 40), ending=st.sampled_from(["\n", "\r\n"]), tabs=st.booleans(), bom=st.booleans(),
    junk=st.sampled_from(["", "junk line\n", "\n\n"]), chunk=st.integers(1, 3000),
)
def test_an_index_in_pieces_finds_what_one_pass_finds(count, ending, tabs, bom, junk, chunk):
    from _pytest.monkeypatch import MonkeyPatch

    text = layout(format_pack(BOARDS[:count]), ending, tabs, bom, junk)
    whole = index_pack(text)
    with MonkeyPatch.context() as monkeypatch:
        pieces = in_pieces(text, chunk, monkeypatch)
    assert sum(len(piece.headers) for piece in pieces) == len(whole.headers)
    assert [h for piece in pieces for h in piece.headers] == whole.headers
    assert pieces[0].strays == whole.strays and all(not piece.strays for piece in pieces[1:])
    read = [board_at(piece, k) for piece in pieces for k in range(len(piece.headers))]
    assert read == [board_at(whole, k) for k in range(len(whole.headers))]  # boards, messages, line numbers
    if len(pieces) > 1:
        assert pieces[0].rest is not None and pieces[-1].rest is None


class _Searches:
    """A stand-in for a compiled pattern that counts the characters its searches may scan."""

    def __init__(self, pattern):
        self.pattern, self.scanned = pattern, 0

    def search(self, text, start=0):
        self.scanned += len(text) - start
        return self.pattern.search(text, start)

    def split(self, text):
        self.scanned += len(text)
        return self.pattern.split(text)


class _Re:
    """packindex's `re` module, with the plain pattern compiled into `searches`."""

    def __init__(self, searches):
        self.searches = searches

    def compile(self, pattern, flags=0):
        return self.searches if pattern == packindex._NEXT_PLAIN_HEADER else re.compile(pattern, flags)

    def __getattr__(self, name):
        return getattr(re, name)


def test_a_pack_not_laid_out_plainly_is_not_searched_to_its_end_for_plain_headers(monkeypatch):
    """A tab-separated pack indexed a chunk at a time: the plain pattern (which finds no
    header there) is never run over the rest of the text, a round after round."""
    text = format_pack(BOARDS).replace(" ", "\t")
    monkeypatch.setattr(packindex, "INDEX_CHUNK", len(text) // 10)
    searches = _Searches(re.compile(packindex._NEXT_PLAIN_HEADER))
    monkeypatch.setattr(packindex, "re", _Re(searches))
    pieces = [index_pack(text, stop)]
    pieces.append(index_pack(text, stop, after=pieces[0]))
    assert not pieces[-1].complete and len(pieces[0].headers) + len(pieces[1].headers) < len(BOARDS)
    assert searches.scanned == 0


@given(opening=st.integers(1, 400), ending=st.sampled_from(["\n", "\r\n"]))
def test_the_opening_checked_first_of_a_plain_pack_reads_as_plain(opening, ending):
    """Whatever its length, the opening of a chunk ends at a line end, so a CRLF is never
    cut and a plain pack is never taken for one of another layout (which is indexed the
    slow way)."""
    from _pytest.monkeypatch import MonkeyPatch

    text = format_pack(BOARDS[:5]).replace("\n", ending)
    with MonkeyPatch.context() as patch:
        patch.setattr(packindex, "PLAIN_OPENING", opening)
        starts = [0] + [match.start() for match in re.finditer(packindex._NEXT_PLAIN_HEADER, text)]  # where chunks begin
        assert len(starts) == 5
        assert all(packindex._plain(packindex._opening(text, start)) for start in starts)
