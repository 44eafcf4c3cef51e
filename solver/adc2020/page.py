"""A problem and its answer drawn as one HTML page of inline SVG, as the official
images of the problem set show them (NAME_vis.png): each block's cells in its shape's colour (the official
checker's colours) with its numbers, each wire a line through its cells' centres, the
rectangle the area counts outlined.  Without an answer, the blocks side by side.

Everything from the files is data: the name and every number are escaped, and the page
runs no script.
"""

import html

from .checker import check
from .formats import PLUS

CELL = 24  # pixels a cell
COLOURS = {"a": "#ffff00", "b": "#c6e3b5", "c": "#ffe79c", "d": "#bdd7ef", "e": "#ffc300", "f": "#5a9ad6",
           "g": "#f7cbad", "z": "#a0a0a0"}  # the official checker's block_color
STYLE = ("body{font-family:sans-serif;margin:16px}svg{background:#fff;border:1px solid #ccc}"
         "text{font-size:11px;font-weight:bold;text-anchor:middle;dominant-baseline:central;"
         "paint-order:stroke;stroke:#fff;stroke-width:3px}")


def wire_colour(number):
    """A colour of its own for each wire number (hues spread by the golden angle)."""
    return "hsl(%d,70%%,40%%)" % (number * 137 % 360)


def render(problem, answer=None, name="problem"):
    """The page (an HTML string) of a problem and, when given, its answer."""
    title = html.escape(name)
    if answer is None:
        body, caption = _gallery(problem), "%d blocks, %d wires" % (len(problem.blocks), problem.wires)
    else:
        verdict = check(problem, answer)
        body = _board(problem, answer)
        caption = ("area %d" % verdict.area if verdict.area is not None
                   else "breaks a rule: %s" % verdict.reason)
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
            "<title>%s</title><style>%s</style></head><body><h1>%s</h1><p id=\"caption\">%s</p>%s</body></html>\n"
            % (title, STYLE, title, html.escape(caption), body))


def _cell(x, y, fill, cls="cell"):
    return '<rect class="%s" x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#666" stroke-width="0.5"/>' % (
        cls, x * CELL, y * CELL, CELL, CELL, fill)


def _text(x, y, text):
    return '<text x="%d" y="%d">%s</text>' % (x * CELL + CELL // 2, y * CELL + CELL // 2, html.escape(text))


def _board(problem, answer):
    """The answer's board: blocks, wires, and the counted rectangle."""
    parts, texts = [], []
    width, height = answer.width, answer.height
    for block, (px, py) in zip(problem.blocks, answer.positions):
        colour = COLOURS.get((block.shape or "z")[0], "#ccc")
        for c in block.cells:
            parts.append(_cell(px + c.dx, py + c.dy, colour, "block"))
            texts.append(_text(px + c.dx, py + c.dy, str(c.number) if c.number else "+"))
    for y, row in enumerate(answer.board):
        for x, value in enumerate(row):
            if value <= 0 or value == PLUS:
                continue
            cx, cy = x * CELL + CELL // 2, y * CELL + CELL // 2
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < width and ny < height and answer.board[ny][nx] == value:
                    parts.append('<line class="wire" x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="4" '
                                 'stroke-linecap="round"/>' % (cx, cy, nx * CELL + CELL // 2, ny * CELL + CELL // 2,
                                                              wire_colour(value)))
            parts.append('<circle cx="%d" cy="%d" r="3" fill="%s"/>' % (cx, cy, wire_colour(value)))
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">%s</svg>'
            % (width * CELL, height * CELL, width * CELL, height * CELL, "".join(parts + texts)))


def _gallery(problem):
    """The problem's blocks side by side, as they are given."""
    parts, x, y, row_height, columns = [], 0, 0, 0, 40
    for block in problem.blocks:
        if x + block.width > columns:
            x, y, row_height = 0, y + row_height + 1, 0
        colour = COLOURS.get((block.shape or "z")[0], "#ccc")
        for c in block.cells:
            parts.append(_cell(x + c.dx, y + c.dy, colour, "block"))
            parts.append(_text(x + c.dx, y + c.dy, str(c.number) if c.number else "+"))
        x += block.width + 1
        row_height = max(row_height, block.height)
    height = y + row_height
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">%s</svg>'
            % (columns * CELL, max(height, 1) * CELL, "".join(parts)))
