"""The `report` command: a whole select list on one page, as a person would look at a run.

The page shows the total as `score` prints it (and how many boards of the pack the
list leaves out), a sortable table of every board (name, size, mines, score, oracle, ratio, mines hit, running
total) and three inline-SVG plots: ratio against mine density, points against board
size, and how many boards hit how many mines.  Scores are the `score` command's
(`scorer.score_text`); a board's name links to its replay page when one is written
beside the report (``--replays DIR`` writes them there).  A replay's file is named by
`pagekit.page_file_name` and linked by `pagekit.relative_link`, whatever the board's
name holds.
"""

import os
from collections import namedtuple

from ..official.board import mine_count
from ..official.packindex import index_pack
from ..official.packs import header_name
from ..official.rules import RULES
from ..official.scorer import score_text
from .pagekit import document, escape, page_file_name, relative_link, script_json, write_page
from .replay import MAX_REPLAY_CELLS, replay_page
from .svgplot import bars, scatter
from .trace import HOWS, record_listed

Row = namedtuple("Row", "name width height mines score counted oracle hits clicked board")
Row.__doc__ = """One board of a report: clicked -- the cells the list's clicks open, as the
page plays them (width * y + x)."""


def report_rows(select_text, pack_text=None, rule=None):
    """(rows, totals, errors, warnings) of a select list: the `score` command's scores
    (`scorer.score_text`: totals per rule, warnings for what the page accepts, such as a
    board of the pack that does not read), with each board's size, mine count, oracle and
    mines hit.  Rows are empty when the official page would reject the file (errors
    then say why)."""
    scored = score_text(select_text, pack_text, rule)
    if scored.errors:
        return [], {}, scored.errors, scored.warnings
    rows = []
    for (name, score, counted, board_rule), (board, cells, _, hits) in zip(scored.rows, scored.plays):
        oracle = RULES[board_rule].best(board)
        rows.append(Row(name, board.width, board.height, mine_count(board), score, counted, oracle, hits, cells, board))
    return rows, scored.totals, scored.errors, scored.warnings


def score_shown(rule, value, counted=None):
    """A score or total as `score` prints it (2026: four decimals), with ' (counts 0)'
    after a board's score the total does not add."""
    note = " (counts 0)" if counted is not None and counted != value else ""
    return RULES[rule].format_value(value) + note


def left_out(pack_text, rows):
    """How many boards of the pack (its headers' names, read or not) the list does not hold."""
    listed = {row.name for row in rows}
    return sum(1 for header in index_pack(pack_text).headers if header_name(header.split()) not in listed)


def write_replays(rows, folder, rule, progress=None):
    """Write into `folder` the replay page of each board of at most MAX_REPLAY_CELLS cells
    (the first row of a name): the select list's clicks, as the run played them
    (trace.record_listed).  Returns ({name: how its clicks came to be, trace.HOWS},
    boards left without a page for their size); progress(done, total), if given, is
    told the rows done."""
    os.makedirs(folder, exist_ok=True)
    hows, large = {}, 0
    for done, row in enumerate(rows, 1):
        if row.name not in hows and row.width * row.height > MAX_REPLAY_CELLS:
            large += 1
        elif row.name not in hows:
            played = record_listed(row.board, rule, row.clicked)
            hows[row.name] = played.how
            write_page(os.path.join(folder, page_file_name(row.name)), replay_page(played))
        if progress is not None:
            progress(done, len(rows))
    return hows, large


def replay_links(rows, report_path, folder=None):
    """{name: link relative to the report} for the boards whose replay page exists in
    `folder` (default: beside the report); report_path None: the report goes to stdout,
    its links are relative to the working folder."""
    report = os.path.abspath(report_path) if report_path is not None else None
    base = os.path.dirname(report) if report is not None else os.getcwd()
    where = os.path.abspath(folder) if folder else base
    links = {}
    for row in rows:
        page = os.path.join(where, page_file_name(row.name))
        if os.path.isfile(page) and page != report:
            links[row.name] = relative_link(page, base)
    return links


# A page a browser opens and sorts at once: the table draws at most TABLE_ROWS_SHOWN rows
# of the order asked for (every row is in the page's data, and a sort sorts them all),
# a scatter plot at most PLOT_POINTS boards.  A 50,000-board report drew every row and
# point: 10.7-15.8 s to load in chromium, 15 s a sort (docs/measurements/hostile.md, "Memory of
# the commands").
TABLE_ROWS_SHOWN = 1000
PLOT_POINTS = 2000


def plotted(rows, most=None):
    """The rows a scatter plot draws: all, or `most` (default PLOT_POINTS) of them evenly
    spaced in list order."""
    most = PLOT_POINTS if most is None else most
    if len(rows) <= most:
        return rows
    return [rows[k * len(rows) // most] for k in range(most)]


def _plots(rows, rule):
    """The three plots as SVG text (the scatter plots of `plotted` rows, the bars of all)."""
    shown = plotted(rows)
    ratio = [(r.mines / (r.width * r.height), float(r.counted) / r.oracle if r.oracle else 0.0) for r in shown]
    points = [(r.width * r.height, float(r.counted)) for r in shown]
    most = max([r.hits for r in rows] + [0])
    counts = [0] * (most + 1)
    for r in rows:
        counts[r.hits] += 1
    unit = RULES[rule].unit_name
    return [
        scatter(ratio, "score / oracle against mine density", "mines / cells", "ratio",
                x_range=(0.0, max([x for x, _ in ratio] + [0.05]) * 1.05), y_range=(min([0.0] + [y for _, y in ratio]), 1.0)),
        scatter(points, "%s against board size" % unit, "cells (width x height)", unit,
                x_range=(0.0, max([x for x, _ in points] + [16]) * 1.05)),
        bars(counts, "boards by mines hit", "mines hit on the board", "boards", colour="#c33"),
    ]


def _table_data(rows, rule, links, hows):
    """The table's rows as JSON-ready lists, in select-list order (the trial number first)."""
    out, running = [], 0
    for trial, r in enumerate(rows, 1):
        running += r.counted
        link = links.get(r.name)
        note = "replay: " + HOWS[hows[r.name]] if hows.get(r.name, "played") != "played" else ""
        out.append([trial, r.name, r.width * r.height, "%dx%d" % (r.width, r.height), r.mines,
                    round(r.mines / (r.width * r.height), 4), float(r.counted), score_shown(rule, r.score, r.counted),
                    float(r.oracle), round(float(r.counted) / r.oracle, 4) if r.oracle else 0.0, r.hits,
                    score_shown(rule, running), link, note])
    return out


def report_page(rows, total, rule, title, links=None, hows=None, unlisted=0):
    """The whole standalone report page; hows: how each replay's clicks came to be
    (write_replays); unlisted: the boards of the pack left out."""
    links, hows = links or {}, hows or {}
    oracle = sum(r.oracle for r in rows)
    hits = sum(r.hits for r in rows)
    ratio = float(sum(r.counted for r in rows)) / oracle if oracle else 0.0
    summary = (
        '<table class="mssummary summary"><tr><th class="mssummary">boards</th><th class="mssummary">left out</th>'
        '<th class="mssummary">total</th>'
        '<th class="mssummary">oracle</th><th class="mssummary">ratio</th><th class="mssummary">mines hit</th>'
        '<th class="mssummary">hits per board</th></tr><tr><td class="mssummary right" id="played">%d</td>'
        '<td class="mssummary right" id="left-out" title="boards of the pack the list does not hold">%d</td>'
        '<td class="mssummary right" id="total">%s</td><td class="mssummary right">%s</td>'
        '<td class="mssummary right">%.4f</td><td class="mssummary right">%d</td><td class="mssummary right">%.3f</td></tr></table>'
        % (len(rows), unlisted, score_shown(rule, total), score_shown(rule, oracle), ratio, hits, hits / max(1, len(rows)))
    )
    body = (
        '<div class="box"><b>report</b> <bdi>%s</bdi> &nbsp;<span class="smallbox">ADC%d rule</span></div>\n'
        '<div class="box">score summary: %s</div>\n<div class="plots box">%s</div>\n'
        '<div class="box smallbox">Click a column title to sort. Scores are what <code>python -m solver score</code> '
        'prints (a 2025 board below zero counts 0); oracle is every safe digit opened and no mine hit (2026: 1 a '
        'board); left out: the boards of the pack the list does not hold (not played).%s%s</div>\n'
        '<div id="shown" class="box smallbox"></div>\n<table id="boards" class="mssummary box"></table>\n<div class="version"><bdi>%s</bdi> &middot; adc-minesweeper-solver report</div>'
        % (escape(title), rule, summary, "".join(_plots(rows, rule)),
           " A board's name links to its replay." if links else "",
           " The points plotted are %s of the %s boards, evenly spaced in the list." % (format(PLOT_POINTS, ","), format(len(rows), ","))
           if len(rows) > PLOT_POINTS else "", escape(title))
    )
    script = "const ROWS = %s;\nconst SHOWN = %d;\n%s" % (script_json(_table_data(rows, rule, links, hows)), TABLE_ROWS_SHOWN, REPORT_JS)
    return document("report " + title, body, REPORT_CSS, script)


REPORT_CSS = """
.plots svg { margin: 0 1rem 1rem 0; border: 1px solid #ccc; background: #fafafa; }
table.summary { font-size: 1.6rem; display: inline-table; vertical-align: middle; }
#boards { font-size: 1.2rem; }
#boards th { cursor: pointer; background: #eee; user-select: none; white-space: nowrap; }
#boards th.sorted { background: #dde6f6; }
#boards td.hit { color: #d00; font-weight: bold; }
#boards a { color: #00f; }
#boards td.left { overflow-wrap: anywhere; }  /* a long board name wraps inside the page's width */
bdi { overflow-wrap: anywhere; }
"""

REPORT_JS = r"""
"use strict";
const COLUMNS = [["trial", 0, "right"], ["board name", 1, "left"], ["size", 2, "right"], ["mines", 4, "right"],
  ["density", 5, "right"], ["score", 6, "right"], ["oracle", 8, "right"], ["ratio", 9, "right"],
  ["hits", 10, "right"], ["total", 0, "right"]];
const table = document.getElementById("boards");
let order = {col: 0, down: false};
function cell(tr, text, cls) { const td = document.createElement("td"); td.className = "mssummary " + cls; td.textContent = text; tr.appendChild(td); return td; }
function draw() {
  const [, key] = COLUMNS[order.col];
  const rows = ROWS.slice().sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a[0] - b[0]) * (order.down ? -1 : 1));
  table.textContent = "";
  const head = document.createElement("tr");
  COLUMNS.forEach(([title], k) => {
    const th = document.createElement("th");
    th.className = "mssummary" + (k === order.col ? " sorted" : "");
    th.textContent = title + (k === order.col ? (order.down ? " \u25bc" : " \u25b2") : "");
    th.addEventListener("click", () => { order = {col: k, down: order.col === k ? !order.down : k >= 5 && k <= 8}; draw(); });
    head.appendChild(th);
  });
  table.appendChild(head);
  document.getElementById("shown").textContent = rows.length > SHOWN ? "The first " + SHOWN.toLocaleString("en") + " of " +
    rows.length.toLocaleString("en") + " boards in this order are shown: click a column title to sort by it." : "";
  for (const r of rows.slice(0, SHOWN)) {
    const tr = document.createElement("tr");
    tr.className = "board";
    cell(tr, r[0], "right");
    const name = cell(tr, "", "left");
    if (r[12]) { const a = document.createElement("a"); a.href = r[12]; a.textContent = r[1]; if (r[13]) a.title = r[13]; name.appendChild(a); }
    else name.textContent = r[1];
    cell(tr, r[3], "right"); cell(tr, r[4], "right"); cell(tr, r[5].toFixed(3), "right");
    cell(tr, r[7], "right"); cell(tr, r[8], "right"); cell(tr, r[9].toFixed(4), "right");
    cell(tr, r[10], r[10] ? "right hit" : "right"); cell(tr, r[11], "right");
    table.appendChild(tr);
  }
}
draw();
"""
