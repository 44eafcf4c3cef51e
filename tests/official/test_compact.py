"""The compact form (official/compact.py, official/compacting.py): the official packs come
back byte for byte, any readable pack gives the same boards in the same order, a board
the reader refuses is refused with the reader's message, and damage costs the chunks it
touches and nothing else, never a traceback."""

import random
import zlib
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_strategies import boards
from support.official_data import PACK_2026, SHARED, pack_2026_sha256, sha256_of

from solver.official import compact, compacting
from solver.official.board import board_header
from solver.official.compact import CompactError, decode85, is_compact, read_compact
from solver.official.compacting import compact_boards, compact_pack, encode85
from solver.official.generator import generate_pack, pack_text
from solver.official.packs import format_pack, read_pack

MIDDLE = generate_pack(60, "both", "middle")
NONE_2026 = generate_pack(60, "none", "high", form=2026)


def same_boards(text_a, text_b):
    """The boards two pack texts read as (names, sizes, mine counts, digits, forms), in order."""
    def facts(text):
        boards_read, _ = read_pack(text)
        return [(b.name, b.width, b.height, b.mines, b.digits, b.form) for b in boards_read]
    return facts(text_a) == facts(text_b)


@contextmanager
def chunks_of(boards_a_chunk):
    """Chunks of at most that many boards, for the time of a with-block."""
    saved = compacting.CHUNK_MOST_BOARDS
    compacting.CHUNK_MOST_BOARDS = boards_a_chunk
    try:
        yield
    finally:
        compacting.CHUNK_MOST_BOARDS = saved


def test_the_official_adc2026_pack_comes_back_byte_for_byte_within_190000_bytes():
    path = SHARED / PACK_2026
    if not path.is_file():
        pytest.skip("the official pack is not in ../shared/data")
    data = path.read_bytes()
    made = compact_pack(data.decode("utf-8"))
    assert made.exact and made.messages == [] and made.boards == 10000
    assert len(made.text.encode("ascii")) <= 190000
    pack = read_compact(made.text)
    assert pack.count == 10000 and pack.lost == 0 and pack.messages == []
    assert sha256_of(pack.expand().encode("utf-8")) == pack_2026_sha256()


def test_the_shipped_compact_pack_is_the_official_one():
    path = Path(__file__).resolve().parents[2] / "examples" / "adc2026_board_pack_10000_prog.compact.txt"
    pack = read_compact(path.read_text(encoding="ascii"))
    assert pack.exact and sha256_of(pack.expand().encode("utf-8")) == pack_2026_sha256()


@pytest.mark.parametrize("mode,difficulty,form", [("both", "middle", 2025), ("auto", "ultra", 2025),
                                                   ("none", "low", 2026), ("corner", "serious", 2026)])
def test_a_gen_pack_comes_back_byte_for_byte(mode, difficulty, form):
    text = pack_text(generate_pack(300, mode, difficulty, form))
    made = compact_pack(text)
    assert made.exact and len(made.text) < len(text) / 5  # (a tenth on middle packs, an eighth on ultra)
    assert read_compact(made.text).expand() == text


@settings(max_examples=60)
@given(st.lists(boards(), min_size=1, max_size=12), st.sampled_from(["\n", "\r\n"]), st.integers(0, 2),
       st.booleans(), st.integers(1, 5))
def test_compact_then_read_is_read(pack, eol, blanks, bom, per_chunk):
    text = ("\ufeff" if bom else "") + (eol * (blanks + 1)).join(
        format_pack([b]).rstrip("\n").replace("\n", eol) for b in pack)
    with chunks_of(per_chunk):
        made = compact_pack(text)
    expected, errors = read_pack(text)
    assert made.messages == errors == []
    pack = read_compact(made.text)
    assert pack.messages == [] and pack.count == len(expected)
    for k, board in enumerate(expected):
        again = pack.board(k)
        assert (again.name, again.width, again.height, again.mines, again.digits, again.form) == (
            board.name, board.width, board.height, board.mines, board.digits, board.form)
        played = pack.board(k, digits=False)  # what a run plays: the planes alone
        assert played.digits is None and played.planes is not None and played.name == board.name
    assert pack.headers == [board_header(b) for b in expected]
    assert same_boards(pack.expand(), text)


def test_boards_the_reader_refuses_are_refused_with_its_messages():
    good = format_pack(MIDDLE[:3])
    bad = "4 4 broken\n0000\n0000\n0000\n000\n\n3 3 5 too_many\n999\n999\n999\n\nstray line\n"
    text = good + "\n" + bad + "\n" + format_pack(MIDDLE[3:5])
    expected, errors = read_pack(text)
    made = compact_pack(text)
    assert made.messages == errors and len(errors) == 3 and made.boards == len(expected) == 5
    assert not made.exact  # (the refused text is not in it: the same boards, not the same bytes)
    pack = read_compact(made.text)
    assert [pack.name(k) for k in range(pack.count)] == [b.name for b in expected]


def test_odd_names_modes_and_seeds_are_kept():
    odd = [MIDDLE[0]._replace(name="board_%dx%d_%d_007_both" % (MIDDLE[0].width, MIDDLE[0].height, 1)),
           MIDDLE[1]._replace(name="ボード\u00e9_x"), MIDDLE[2]._replace(name="board_4x4_3_99999999999_both"),
           MIDDLE[3]._replace(name=MIDDLE[3].name.replace("both", "mode with\u3000space"))]
    odd += [b._replace(name=b.name.replace("both", "m%d" % k)) for k, b in enumerate(MIDDLE[4:80])]  # past 63 modes
    pack = read_compact(compact_boards(odd))
    assert [pack.name(k) for k in range(pack.count)] == [b.name for b in odd]
    assert [pack.board(k).digits for k in range(pack.count)] == [b.digits for b in odd]


@given(st.binary(max_size=300))
def test_base85_decodes_what_it_encodes(data):
    text = encode85(data)
    assert len(text) % 5 == 0 and set(text) <= set(compact.ALPHABET)
    assert decode85(text)[: len(data)] == data


def damaged_pack():
    with chunks_of(7):
        text = compact_boards(NONE_2026)
    lines = text.split("\n")
    return text, lines, [k for k, line in enumerate(lines) if line.startswith("chunk ")]


def test_a_changed_byte_costs_its_chunk_alone():
    text, lines, chunk_lines = damaged_pack()
    assert len(chunk_lines) == 9  # 60 boards, 7 a chunk
    data_line = chunk_lines[3] + 1
    lines[data_line] = ("1" if lines[data_line][5] != "1" else "2").join([lines[data_line][:5], lines[data_line][6:]])
    pack = read_compact("\n".join(lines))
    assert pack.count == 53 and pack.lost == 7
    assert len(pack.messages) == 1 and pack.messages[0].startswith("line %d: chunk 3 (7 boards): " % (chunk_lines[3] + 1))
    assert pack.messages[0].endswith(("fails its checksum: its boards are lost", "does not unpack: its boards are lost"))
    names = [b.name for b in NONE_2026]
    assert [pack.name(k) for k in range(pack.count)] == names[:21] + names[28:]


def test_a_pack_cut_short_or_joined_to_another_loses_only_what_is_missing():
    text, lines, chunk_lines = damaged_pack()
    cut = read_compact("\n".join(lines[: chunk_lines[5] + 1]))  # chunk 5's line, its data gone
    assert cut.count == 35 and cut.lost == 25 and len(cut.messages) == 1 and "chunk 5" in cut.messages[0]
    joined = read_compact(text + text)
    assert joined.count == 60 and joined.lost == 0 and "a second compact pack" in joined.messages[0]


def test_another_version_or_codec_is_refused_at_once():
    text = compact_boards(MIDDLE[:2])
    first, rest = text.split("\n", 1)
    with pytest.raises(CompactError, match="version 2"):
        read_compact(first.replace("pack 1 ", "pack 2 ") + "\n" + rest)
    body = first[: first.rfind(" crc ")].replace("codec lzma", "codec brotli")
    with pytest.raises(CompactError, match="brotli"):
        read_compact("%s crc %08x\n%s" % (body, zlib.crc32(body.encode()), rest))


def test_a_damaged_first_line_still_plays_every_chunk():
    text = compact_boards(MIDDLE)
    pack = read_compact(text.replace("boards 60", "boards 61", 1))
    assert pack.count == 60 and pack.lost is None and "first line is damaged" in pack.messages[0]


def test_the_zlib_codec_reads_the_same():
    made = compact_pack(pack_text(MIDDLE), codec="zlib")
    assert "codec zlib" in made.text.split("\n", 1)[0]
    assert read_compact(made.text).expand() == pack_text(MIDDLE)


@settings(max_examples=150)
@given(st.data())
def test_any_damage_is_messages_never_a_traceback(data):
    text = compact_boards(MIDDLE[:20])
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 6))):
        where = data.draw(st.integers(0, len(chars) - 1))
        chars[where] = data.draw(st.sampled_from(["x", "\n", " ", "0", "~", "é", ""]))
    damaged = "".join(chars)
    try:
        pack = read_compact(damaged)
    except CompactError:
        return
    assert pack.count + (pack.lost or 0) == 20 or pack.lost is None
    assert pack.count == 20 or pack.messages
    pack.expand()  # what is intact writes out


def test_garbage_after_a_first_line_is_read_in_bounded_memory():
    first = compact_boards(MIDDLE[:1]).split("\n", 1)[0]
    rng = random.Random(1)
    garbage = "".join(rng.choice("abcXYZ019 \n") for _ in range(200000))
    pack = read_compact(first + "\n" + garbage)
    assert pack.count == 0 and pack.messages


def test_the_readers_take_a_compact_pack_for_a_pack():
    from solver.official.kinds import PACK, kind_of, no_board
    text = compact_boards(MIDDLE[:3])
    assert is_compact(text) and kind_of(text)[0] == PACK and no_board(text, "x") is None


def test_a_compact_pack_saved_with_crlf_or_a_bom_reads_the_same():
    text = compact_boards(MIDDLE[:9])
    for variant in (text.replace("\n", "\r\n"), "\ufeff" + text, text.rstrip("\n"), text + "\n\n  \n"):
        pack = read_compact(variant)
        assert pack.count == 9 and pack.messages == [], pack.messages
        assert [pack.name(k) for k in range(9)] == [b.name for b in MIDDLE[:9]]


def test_many_damaged_chunk_lines_are_each_one_message():
    first = compact_boards(MIDDLE[:1]).split("\n", 1)[0]
    junk = "".join("chunk %d boards 2000 bytes 2516000 packed 999999 crc 00000000\nABCDE\n" % k for k in range(3000))
    pack = read_compact(first + "\n" + junk)
    assert pack.count == 0 and len(pack.messages) == 3000
    assert pack.messages[-1].startswith("line %d: chunk 2999 (2000 boards): " % (2 + 2 * 2999))


def test_reading_stops_between_chunks_when_told():
    with chunks_of(5):
        text = compact_boards(MIDDLE)
    asked = []
    pack = read_compact(text, more=lambda: len(asked) < 3 and not asked.append(1))
    assert pack.count == 20 and pack.unread == 40 and pack.lost == 0 and pack.messages == [] and not pack.exact


def test_the_first_chunk_is_read_even_past_the_deadline():
    # an interpreter with no frozen code compiles the source first: at a session's
    # budget of 0.177 s the deadline had passed before the first chunk, and no board was played
    with chunks_of(5):
        text = compact_boards(MIDDLE)
    pack = read_compact(text, more=lambda: False)
    assert pack.count == 5 and pack.unread == 55 and pack.board(0).digits == MIDDLE[0].digits
