"""A pack cut into pieces: the pieces joined are the pack, byte for byte; each piece
holds whole boards and keeps within its bounds; a board too big for a piece is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.board_strategies import boards
from support.official_data import PACK_2026, SHARED

from solver.official.packindex import index_pack
from solver.official.packs import format_board
from solver.official.pieces import CannotCut, board_starts, content_end, cut_pack, piece_names


@st.composite
def pack_bytes(draw):
    """A pack's bytes as files hold them: LF or CRLF, blank lines or none between the
    boards, maybe text before the first board, a missing last line break or a run of
    blank lines at the end."""
    chosen = draw(st.lists(boards(max_side=6), min_size=1, max_size=12))
    between = draw(st.sampled_from(["\n", "\n\n", "\n\n\n"]))
    text = between.join(format_board(board) for board in chosen) + draw(st.sampled_from(["", "\n", "\n" * 60 + " \n"]))
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
    offset, blank_end = 0, len(data) - content_end(data)  # (the blank lines at the end count against no piece)
    for k, piece in enumerate(pieces):
        if k:
            assert offset in starts  # every piece but the first begins with a board's header line
        assert piece.boards >= 1 and len(index_pack(piece.data.decode("ascii")).headers) == piece.boards
        if piece.boards > 1:  # a piece of one board holds it whatever its size
            size = len(piece.data) - (blank_end if k == len(pieces) - 1 else 0)
            assert piece.lines <= max_lines and (max_bytes is None or size <= max_bytes)
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


def test_blank_lines_at_the_end_count_against_no_board():
    # a run of blank lines after the last board counted against it and got it refused (issue 46, minor)
    data = b"4 4 2 a\n0000\n1100\n9100\n1100\n" + b"\n" * 50 + b"  \r\n"
    (piece,) = cut_pack(data, max_lines=5)
    assert piece.data == data and piece.lines == 5 and piece.boards == 1


def test_a_pack_of_lone_crs_is_refused_naming_its_line():
    # its lines were counted at LF only: one piece of '1 lines' that no reader reads (issue 46, minor)
    data = b"4 4 2 a\n0000\r1100\r9100\r1100\r\r4 4 2 b\r0000\r0000\r0000\r0000\r"
    with pytest.raises(CannotCut, match=r"line 2: the pack's lines end with lone CRs"):
        cut_pack(data, max_lines=6)
    assert len(cut_pack(data.replace(b"\r", b"\r\n"), max_lines=6)) == 2  # CRLF is cut as ever


def test_piece_names_sort_in_order():
    assert piece_names(3) == ["piece01.txt", "piece02.txt", "piece03.txt"]
    names = piece_names(120)
    assert names == sorted(names) and names[0] == "piece001.txt"
