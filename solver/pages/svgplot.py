"""Small inline-SVG plots for the report page: scatter plots and bar charts with axes.

A plot is one <svg> element as text, drawn in a fixed box with ticks at round values.
Points that fall on the same pixel are drawn once, so a plot of 10,000 boards stays
a few tens of kilobytes and the page stays quick to open.
"""

from math import floor, log10

from .pagekit import escape

WIDTH, HEIGHT = 420, 280
LEFT, RIGHT, TOP, BOTTOM = 56, 14, 26, 44  # margins for the tick labels and titles


def nice_ticks(low, high, count=5):
    """Round tick values covering [low, high] (about `count` of them)."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / count
    power = 10 ** floor(log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        if value >= low - step * 1e-9:
            ticks.append(round(value, 10))
        value += step
    return ticks


def _label(value):
    """A tick label: no trailing zeros, thousands grouped."""
    if abs(value - round(value)) < 1e-9:
        return "{:,}".format(int(round(value)))
    return ("%.3f" % value).rstrip("0").rstrip(".")


class Frame:
    """The box of one plot: data ranges mapped to pixels, axes and titles drawn."""

    def __init__(self, x_range, y_range):
        self.x0, self.x1 = x_range
        self.y0, self.y1 = y_range
        if self.x1 <= self.x0:
            self.x1 = self.x0 + 1.0
        if self.y1 <= self.y0:
            self.y1 = self.y0 + 1.0

    def px(self, x):
        return LEFT + (x - self.x0) / (self.x1 - self.x0) * (WIDTH - LEFT - RIGHT)

    def py(self, y):
        return HEIGHT - BOTTOM - (y - self.y0) / (self.y1 - self.y0) * (HEIGHT - TOP - BOTTOM)

    def axes(self, title, x_title, y_title, x_ticks=None, y_ticks=None):
        """The frame, grid lines, tick labels and titles, as SVG elements."""
        parts = ['<rect x="%d" y="%d" width="%d" height="%d" fill="#fff" stroke="#888"/>'
                 % (LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM)]
        for x in x_ticks if x_ticks is not None else nice_ticks(self.x0, self.x1):
            if self.x0 <= x <= self.x1:
                X = self.px(x)
                parts.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>' % (X, TOP, X, HEIGHT - BOTTOM))
                parts.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (X, HEIGHT - BOTTOM + 14, _label(x)))
        for y in y_ticks if y_ticks is not None else nice_ticks(self.y0, self.y1):
            if self.y0 <= y <= self.y1:
                Y = self.py(y)
                parts.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>' % (LEFT, Y, WIDTH - RIGHT, Y))
                parts.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>'
                             % (LEFT - 4, Y, _label(y)))
        parts.append('<text x="%d" y="16" font-weight="bold">%s</text>' % (LEFT, escape(title)))
        parts.append('<text x="%d" y="%d" text-anchor="middle">%s</text>'
                     % ((LEFT + WIDTH - RIGHT) // 2, HEIGHT - 8, escape(x_title)))
        parts.append('<text transform="translate(12,%d) rotate(-90)" text-anchor="middle">%s</text>'
                     % ((TOP + HEIGHT - BOTTOM) // 2, escape(y_title)))
        return parts


def _svg(parts, label):
    return ('<svg class="plot" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
            'font-family="sans-serif" font-size="11" role="img" aria-label="%s">%s</svg>'
            % (WIDTH, HEIGHT, WIDTH, HEIGHT, escape(label), "".join(parts)))


def scatter(points, title, x_title, y_title, x_range=None, y_range=None, colour="#1f5fbf"):
    """A scatter plot of (x, y) points; ranges default to the data's, from 0."""
    xs = [x for x, _ in points] or [1.0]
    ys = [y for _, y in points] or [1.0]
    frame = Frame(x_range or (0.0, max(xs)), y_range or (min(0.0, min(ys)), max(ys)))
    parts = frame.axes(title, x_title, y_title)
    parts.append('<g fill="%s" fill-opacity="0.45">' % colour)
    seen = set()
    for x, y in points:
        spot = (round(frame.px(x)), round(frame.py(y)))
        if spot not in seen:
            seen.add(spot)
            parts.append('<circle cx="%d" cy="%d" r="2.2"/>' % spot)
    parts.append("</g>")
    return _svg(parts, title)


def bars(counts, title, x_title, y_title, colour="#1f5fbf"):
    """A bar chart of counts[k] over k = 0, 1, ... (a histogram of small integers)."""
    top = max(counts) if counts else 1
    frame = Frame((-0.5, len(counts) - 0.5), (0.0, top * 1.08 or 1.0))
    step = max(1, len(counts) // 10)
    parts = frame.axes(title, x_title, y_title, x_ticks=list(range(0, len(counts), step)))
    width = max(1.0, frame.px(0.4) - frame.px(-0.4))
    for k, count in enumerate(counts):
        if count:
            y = frame.py(count)
            parts.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%d: %s</title></rect>'
                         % (frame.px(k) - width / 2, y, width, frame.py(0) - y, colour, k, "{:,}".format(count)))
    return _svg(parts, title)
