"""A pack cut into pieces: the pieces joined are the pack, byte for byte; each piece
holds whole boards and keeps within its bounds; a board too big for a piece is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.board_strategies import boards
from support.official_data import PACK_2026, SHARED

from solver.official.packindex import index_pack
from solver.official.packs import format_board
from solver.official.pieces import CannotCut, board_starts, cut_pack, piece_names


@st.composite
def pack_bytes(draw):
    """A pack's bytes as files hold them: LF or CRLF, blank lines or none between the
    boards, maybe text before the first board and a missing last line break."""
    chosen = draw(st.lists(boards(max_side=6), min_size=1, max_size=12))
    between = draw(st.sampled_from(["\n", "\n\n", "\n\n\n"]))
    text = between.join(format_board(board) for board in chosen) + draw(st.sampled_from(["", "\n"]))
    if draw(st.booleans()):
        text = "a note before the boards\n\n" + text
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return text.encode("ascii"), len(chosen)


@given(pack_bytes(), st.integers(1, 40), st.one_of(st.none(), st.integers(20, 400)))
def test_the_pieces_joined_are_the_pack_and_each_keeps_its_bounds(pack, max_lines, max_bytes):
    data, count = pack
    try:
        pieces = cut_pack(data, max_lines, max_bytes)
    except CannotCut as exc:  # only when one board alone passes a bound
        assert "more than a piece may hold" in str(exc)
        return
    assert b"".join(piece.data for piece in pieces) == data
    assert sum(piece.boards for piece in pieces) == count
    starts = set(board_starts(data))
    offset = 0
    for k, piece in enumerate(pieces):
        if k:
            assert offset in starts  # every piece but the first begins with a board's header line
        assert piece.boards >= 1 and len(index_pack(piece.data.decode("ascii")).headers) == piece.boards
        if piece.boards > 1:  # a piece of one board holds it whatever its size
            assert piece.lines <= max_lines and (max_bytes is None or len(piece.data) <= max_bytes)
        offset += len(piece.data)


def test_the_official_pack_cuts_into_the_entrants_eleven_pieces():
    path = SHARED / PACK_2026
    if not path.is_file():
        pytest.skip("the official pack is not in ../shared/data")
    pieces = cut_pack(path.read_bytes())
    assert len(pieces) == 11 and sum(piece.boards for piece in pieces) == 10000
    assert all(piece.lines <= 12400 for piece in pieces)


def test_a_board_larger_than_a_piece_and_a_file_with_no_board_are_refused():
    data = b"4 4 2 a\n0000\n1100\n9100\n1100\n"
    with pytest.raises(CannotCut, match="the board at line 1 takes 5 lines"):
        cut_pack(data, max_lines=4)
    with pytest.raises(CannotCut, match="no board header"):
        cut_pack(b"hello\nworld\n")
    with pytest.raises(CannotCut, match="UTF-16"):
        cut_pack("4 4 2 a\n".encode("utf-16"))


def test_piece_names_sort_in_order():
    assert piece_names(3) == ["piece01.txt", "piece02.txt", "piece03.txt"]
    names = piece_names(120)
    assert names == sorted(names) and names[0] == "piece001.txt"
