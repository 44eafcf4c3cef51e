"""Lines of an uploaded text as the official pages read them (removeEmptyItems).

A BOM, the CR of CRLF and surrounding space are removed, and every inner run of
whitespace becomes one space, so a tab-separated header is still a header.  Both
readers, of packs and of select lists, see lines this way.
"""


def normal_line(raw):
    """A source line as the official page sees it."""
    return " ".join(raw.split())


def source_lines(text):
    """(1-based line number, normal line) for every line of a text, blank ones included."""
    if text.startswith("\ufeff"):
        text = text[1:]
    for number, raw in enumerate(text.split("\n"), 1):
        yield number, normal_line(raw)


def is_count(field):
    """Whether a field is a plain count: ASCII digits only (the official /^\\d+$/)."""
    return field.isdigit() and field.isascii()
