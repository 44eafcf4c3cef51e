"""Lines of an uploaded text as the official pages read them (removeEmptyItems).

A BOM, the CR of CRLF and surrounding space are removed, and every inner run of
whitespace becomes one space, so a tab-separated header is still a header.  Both
readers, of packs and of select lists, see lines this way.  A byte-order mark
(U+FEFF) anywhere is a space, as the page's \\s and trim() take it: two files joined
with a BOM between them read as the page reads them (`spaced_marks`).

Files come in through `read_text`: bytes decoded as UTF-8 with replacement (a strict
locale or a stray Latin-1 byte never crashes a run), or as UTF-16 or UTF-32 when a
byte-order mark says so (`decoded`) and an old Mac's lone CR read
as a line end, as Python's own text files read it (the official page would take a
lone CR for a space, which only ever turns such a file into one long line).  A
select list, which the page itself reads, comes in through `read_as_page`: its lone
CRs are left as the page leaves them (`lone_cr_line` says where the first one is).
"""

import re


def normal_line(raw):
    """A source line as the official page sees it."""
    return " ".join(raw.split())


def spaced_marks(text):
    """The text with every byte-order mark (U+FEFF) made a space: the official page's \\s
    and trim() take it for one, Python's split() does not."""
    return text.replace("\ufeff", " ") if "\ufeff" in text else text


def source_lines(text):
    """(1-based line number, normal line) for every line of a text, blank ones included."""
    text = spaced_marks(text)
    for number, raw in enumerate(text.split("\n"), 1):
        yield number, normal_line(raw)


def is_count(field):
    """Whether a field is a plain count: ASCII digits only (the official /^\\d+$/)."""
    return field.isdigit() and field.isascii()


def decode_text(data):
    """Text from the bytes of an uploaded file: UTF-8 (UTF-16 or UTF-32 when a byte-order
    mark says so: `decoded`), a bad byte becoming U+FFFD (a
    reader then names the line it spoils instead of the run crashing on it), and line
    ends read as Python's text files read them: LF, CRLF and an old Mac's lone CR."""
    if isinstance(data, (bytes, bytearray)) and not data.startswith(WIDE_MARKS):
        # UTF-8 (no byte of a character past ASCII is a CR): its line ends are read on the
        # bytes, a byte a character, before the text (two or four a character) exists
        if data.count(b"\r") != data.count(b"\r\n"):
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        return decoded(data, UNICODE_MARKS)
    text = decoded(data, UNICODE_MARKS) if isinstance(data, (bytes, bytearray)) else data
    if text.count("\r") != text.count("\r\n"):  # a lone CR: translate (CRLF alone is read as it is)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


class TooLarge(ValueError):
    """A text longer than the reader's limit: the message says how long it may be."""


def read_text(source, limit=None):
    """The text of a file path or an open stream (binary, or text with a binary
    buffer such as sys.stdin), read as bytes and decoded by `decode_text`; never
    raises on bad bytes or a strict locale.  OSError when a path cannot be read;
    TooLarge when it holds more than `limit` bytes (no more than that is read)."""
    return decode_text(_read_bytes(source, limit))


def read_as_page(source):
    """The text of a file path or stream as the official page reads it: `read_text`, but
    a lone CR is left as it is (the page ends lines only at LF and CRLF and takes a lone
    CR for a space: a file of old Mac line ends is one line to it)."""
    data = _read_bytes(source)
    return decoded(data, PAGE_MARKS) if isinstance(data, (bytes, bytearray)) else data


# Byte-order marks and the encodings they announce.  A browser decodes an uploaded file
# by its mark (the WHATWG Encoding standard's BOM sniff: UTF-8, UTF-16BE, UTF-16LE), so
# the official page reads a list saved as UTF-16 (Windows Notepad's "Unicode") whole:
# PAGE_MARKS.  A pack may also be saved as UTF-32, which the page does not know (its
# mark starts as UTF-16LE's): UNICODE_MARKS, for the readers of packs.  Without a mark,
# UTF-8.  (A UTF-8 mark is kept: it is a space, spaced_marks.)
PAGE_MARKS = ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
UNICODE_MARKS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be")) + PAGE_MARKS
WIDE_MARKS = tuple(mark for mark, _ in UNICODE_MARKS)  # the marks of an encoding whose CR is more than one byte


def decoded(data, marks=UNICODE_MARKS):
    """The text of bytes: in the encoding the first of `marks` they begin with announces
    (the mark left out), else UTF-8; a bad byte becomes U+FFFD."""
    for mark, encoding in marks:
        if data.startswith(mark):
            return data[len(mark) :].decode(encoding, errors="replace")
    return data.decode("utf-8", errors="replace")


def _read_bytes(source, limit=None):
    """What a path or stream holds (bytes, or a text stream's text), at most `limit`
    bytes (TooLarge past it)."""
    if isinstance(source, str):
        with open(source, "rb") as handle:
            return _read_bytes(handle, limit)
    stream = getattr(source, "buffer", source)
    data = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise TooLarge("more than %d MB: refused (the bound keeps the run inside its memory)" % (limit >> 20))
    return data


def lone_cr_line(text):
    """The 1-based line (as the page counts them) of the first CR not followed by LF, or None."""
    at = text.find("\r")
    while at >= 0 and text.startswith("\r\n", at):
        at = text.find("\r", at + 2)
    return None if at < 0 else text.count("\n", 0, at) + 1


# Python's split() takes \x1c-\x1f and \x85 for spaces, JavaScript's \s does not (\s
# takes U+FEFF for one and split() does not: the readers make it a space first, with
# spaced_marks).  find_odd_space(line): a match of the first such character of the
# line, or None (a bound regular-expression search: it runs on every board header read).
find_odd_space = re.compile("[\x1c-\x1f\x85]").search
