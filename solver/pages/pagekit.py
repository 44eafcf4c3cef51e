"""What every generated HTML page shares: the official page's look, one standalone document.

The replay and report pages are single files a person opens from disk: styles and
scripts inline, no font, image or script fetched (a Content-Security-Policy in the
page forbids any request), data embedded as JSON.  The board is drawn as the
official ADC page draws it (adc2025/msprog/mssample.html): a table of 3rem cells,
closed cells #ddd, opened cells #eee with their digit in bold blue, a mine hit in red;
when play ends, a mine left closed turns green (#bfb) and a safe cell left closed
pink (#fbb) showing the digit it cost.
"""

import html
import json

# no request may leave the file: everything the page uses is inline
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

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


def script_json(value):
    """A value as JSON that can sit inside a <script> element (no '</' can close it)."""
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")


def document(title, body, css="", script=""):
    """A whole standalone HTML page."""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>%s</title>\n<style>%s%s</style>\n</head>\n<body>\n%s\n%s</body>\n</html>\n"
        % (_POLICY, escape(title), OFFICIAL_CSS, css, body, "<script>\n%s\n</script>\n" % script if script else "")
    )


def write_page(path, text):
    """Write a page as UTF-8 (the pages hold a few non-ASCII signs)."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
