"""What every generated HTML page shares: the official page's look, one standalone document.

The replay and report pages are single files a person opens from disk: styles and
scripts inline, no font, image or script fetched, data embedded as JSON.  The page's
Content-Security-Policy forbids any request and lets run only the page's own script
(named by its sha256 hash): an inline event handler or a javascript: URL, however it
got into the page, does not run.  A board name reaches a page only escaped (HTML
text, JSON that cannot close its script element), a file system only through
`page_file_name`, and a link only through `relative_link`.  The board is drawn as the
official ADC page draws it (adc2025/msprog/mssample.html): a table of 3rem cells,
closed cells #ddd, opened cells #eee with their digit in bold blue, a mine hit in red;
when play ends, a mine left closed turns green (#bfb) and a safe cell left closed
pink (#fbb) showing the digit it cost.
"""

import base64
import hashlib
import html
import json
import os
import re
from urllib.parse import quote

# No request may leave the file: everything the page uses is inline.  Scripts: only the
# page's own, by its hash (no 'unsafe-inline', so no inline event handler and no
# javascript: URL runs); no <base> may move its links, no form may be sent.
_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src %s; "
           "base-uri 'none'; form-action 'none'")

OFFICIAL_CSS = """
html { font-size: 75%; }
@media screen and (max-width: 720px) { html { font-size: 62.5%; } }
body { font-family: sans-serif; margin: 0 1rem 2rem 0; color: #000; }
.box { font-size: 1.6rem; margin-top: 1rem; margin-left: 1rem; }
.smallbox { font-size: 1.2rem; }
.hdiv { display: table; }
.inlinebox { display: inline-block; vertical-align: top; margin-top: 1rem; margin-left: 1rem; }
.scrollbox { width: 11rem; height: 15rem; font-size: 1.2rem; border: 1px solid #000; overflow-y: scroll;
  margin: 0; padding: 0 .3rem; font-family: monospace; white-space: pre; background: #fff; }
output, .out { display: inline-block; min-width: 4rem; padding: 0 .4rem; border-bottom: 1px solid #888; }
hr { border: none; border-bottom: 1px #333 dotted; }
table.msboard { border-spacing: 2px; margin: 0; }
table.msboard td { width: 3rem; height: 3rem; min-width: 3rem; text-align: center; font-size: 1.2rem;
  background-color: #ddd; color: #ddd; cursor: pointer; position: relative; padding: 0; }
table.msboard td.touch { background-color: #eee; color: #00f; font-weight: bold; }
table.msboard td.bomb { background-color: #eee; color: #f00; font-weight: bold; }
table.msboard td.safe { background-color: #bfb; color: #000; }
table.msboard td.penalty { background-color: #fbb; color: #000; }
table.mssummary { border-collapse: collapse; }
td.mssummary, th.mssummary { border: solid 1px; padding: 2px 10px; }
.right { text-align: right; }
.left { text-align: left; }
.version { font-size: 1.2rem; text-align: right; color: #444; margin-top: 2rem; }
"""


def escape(text):
    """Text made safe for HTML content and attribute values."""
    return html.escape(str(text), quote=True)


# JSON's own escapes for the characters that could end a script element or change how
# the HTML parser reads it ('</script>', '<!--<script>'): they only occur inside strings
_SCRIPT_UNSAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def script_json(value):
    """A value as JSON that can sit inside a <script> element: no '<', '>' or '&' in it
    (and no non-ASCII character), so no text of the value can close the element or
    switch the parser into another state."""
    return json.dumps(value, separators=(",", ":")).translate(_SCRIPT_UNSAFE)


def script_hash(script):
    """The CSP source of an inline script's text: 'sha256-<base64 of its digest>'."""
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")


def document(title, body, css="", script=""):
    """A whole standalone HTML page; `script` is the only script its policy lets run."""
    code = "\n%s\n" % script if script else ""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>%s</title>\n<style>%s%s</style>\n</head>\n<body>\n%s\n%s</body>\n</html>\n"
        % (_POLICY % (script_hash(code) if code else "'none'"), escape(title), OFFICIAL_CSS, css, body,
           "<script>%s</script>\n" % code if code else "")
    )


# A page's file name keeps these characters of a board name as they are; every other
# one becomes '+' and its UTF-8 bytes in hex ('/' -> '+2F').  '+' is not kept, so two
# names never share a file; '.' is kept except first (no hidden file, no '.' or '..').
_KEPT = re.compile(r"[A-Za-z0-9_\-]|(?<=.)\.", re.ASCII)
MAX_NAME_BYTES = 200  # of a page's file name before '.html' (file systems allow 255)
_KEPT_OF_LONG = 150  # a longer name keeps this much of its start, then '~' and a hash


def page_file_name(name):
    """The file name of the page of board `name`: NAME.html for a name of letters, digits,
    '_', '-' and '.', else with every other character spelt '+HH' (its UTF-8 bytes), so
    no name can leave the folder, name a hidden file or clash with another name's page.
    A name longer than MAX_NAME_BYTES keeps its start and gains '~' and a hash of all of
    it.  Every command that writes a board's page names it here."""
    parts = []
    for k, char in enumerate(name):
        if _KEPT.match(name, k):
            parts.append(char)
        else:
            parts.append("".join("+%02X" % b for b in char.encode("utf-8", "surrogatepass")))
    stem = "".join(parts) or "+"  # '+' alone: no other name spells it
    if len(stem) > MAX_NAME_BYTES:
        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        stem = stem[:_KEPT_OF_LONG] + "~" + digest
    return stem + ".html"


def relative_link(path, folder):
    """The href, on a page in `folder`, of the file at `path`: a relative link with every
    path segment percent-encoded, so no file or folder name can make it a scheme
    ('javascript:'), a host, a query or a fragment."""
    relative = os.path.relpath(path, folder).replace(os.sep, "/")
    return "./" + quote(relative, safe="/")


def write_page(path, text):
    """Write a page as UTF-8 (the pages hold a few non-ASCII signs)."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
