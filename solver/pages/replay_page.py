"""The replay page's layout, styles and script (the data comes from `replay.page_data`).

Laid out like the official page: the click log and the score log on the left, the
board on the right, the score below.  Before each click, a closed cell is shaded by
the player's mine probability, from grey (no risk) through yellow and orange to red,
so that the probabilities most guesses are made at (0.05-0.3) stay apart; a cell known
to be a mine carries a flag, one known to be safe a green tint.
"""

from ..official.board import mine_count
from .pagekit import escape

REPLAY_CSS = """
.controls button { font-size: 1.4rem; margin-right: .4rem; min-width: 5rem; }
.controls input[type=range] { width: 24rem; vertical-align: middle; }
table.msboard td.bomb { background-color: #fcc; }
.scrollbox { width: 13rem; }
table.msboard td.known { background-color: #cfe8c9; }
table.msboard td.flag { color: #b00; font-weight: bold; }
table.msboard td.hidden { color: #888; font-weight: normal; }
table.msboard td.start::after, .legend td.startkey::after { content: ""; position: absolute; left: 0; top: 0; border-style: solid;
  border-width: .7rem .7rem 0 0; border-color: #2a2 transparent transparent transparent; }
table.msboard td.now { outline: 3px solid #f70; outline-offset: -1px; z-index: 1; }
table.msboard td.now.certain, table.msboard td.now.start { outline-color: #060; }
table.msboard td.now.endgame { outline-color: #70c; }
#why { max-width: 64rem; min-height: 3.6rem; }
#last { color: #555; }
.kind { display: inline-block; padding: 0 .5rem; border-radius: .3rem; color: #fff; background: #f70; font-size: 1.3rem; }
.kind.certain, .kind.start { background: #060; }
.kind.endgame { background: #70c; }
.kind.stop, .kind.end, .kind.cut { background: #444; }
.kind.listed { background: #357; }
.legend td { width: 2.4rem; height: 1.6rem; font-size: 1.1rem; text-align: center; }
.legend { border-spacing: 2px; }
#clicklog div.cur { background: #fd8; }
#cellinfo { min-height: 1.6rem; }
bdi { overflow-wrap: anywhere; }  /* a board name: its direction marks stay inside, a long one wraps */
"""


def replay_body(name, rule, board):
    """The page's static HTML; `name` is already escaped."""
    legend = "".join(
        '<td style="background:%s">%s</td>' % (colour, label)
        for colour, label in _legend()
    )
    return """
<div class="box"><b>replay</b> <bdi>%s</bdi> &nbsp; <span class="smallbox">%dx%d, %d mines, ADC%d rule</span></div>
<div class="hdiv controls box">
  <button id="first" title="Home">&laquo; first</button><button id="back" title="Left arrow">&lsaquo; back</button>
  <input type="range" id="slider" min="0" value="0"><button id="next" title="Right arrow">next &rsaquo;</button>
  <button id="last-step" title="End">last &raquo;</button>
  <span id="stepno" class="smallbox"></span>
</div>
<div class="box"><span id="kind" class="kind"></span> <span id="why"></span><div id="last" class="smallbox"></div></div>
<div class="hdiv">
  <table class="inlinebox">
    <tr><td class="smallbox">click log</td></tr>
    <tr><td><div id="clicklog" class="scrollbox"></div></td></tr>
    <tr><td class="smallbox">score log</td></tr>
    <tr><td><div id="scorelog" class="scrollbox"></div></td></tr>
  </table>
  <div class="inlinebox">
    <table id="board" class="msboard"></table>
    <div id="cellinfo" class="smallbox"></div>
  </div>
  <div class="inlinebox smallbox">
    mine probability before the click<br>
    <table class="legend"><tr>%s</tr></table>
    <table class="legend"><tr><td class="flagkey" style="background:#ddd;color:#b00;font-weight:bold">&#9873;</td><td style="text-align:left;width:auto">known mine</td></tr>
    <tr><td style="background:#cfe8c9"></td><td style="text-align:left;width:auto">known safe</td></tr>
    <tr><td style="background:#eee;color:#00f;font-weight:bold">2</td><td style="text-align:left;width:auto">opened</td></tr>
    <tr><td style="background:#eee;color:#f00;font-weight:bold">9</td><td style="text-align:left;width:auto">mine hit</td></tr>
    <tr><td style="background:#ddd;position:relative" class="startkey"></td><td style="text-align:left;width:auto">safe cell of the mode</td></tr>
    <tr><td style="background:#bfb">9</td><td style="text-align:left;width:auto">end: mine left closed</td></tr>
    <tr><td style="background:#fbb">3</td><td style="text-align:left;width:auto">end: safe cell left closed</td></tr></table>
    <br><label><input type="checkbox" id="reveal"> show the hidden board</label>
    <br><span class="smallbox">keys: &larr; &rarr; Home End</span>
  </div>
</div>
<div class="hdiv box">score: <output id="score"></output><span id="counted"></span>
  &nbsp; gained so far: <output id="gained"></output> &nbsp; mines hit: <output id="hits"></output></div>
<div class="box smallbox">The score is what the official page gives the clicks so far if the list ended there
(unopened safe cells cost their digit under the 2025 rule); after the last click it is what
<code>python -m solver score</code> prints for this board.</div>
<div class="version"><bdi>%s</bdi> &middot; adc-minesweeper-solver replay</div>
""" % (name, board.width, board.height, mine_count(board), rule, legend, escape(board.name))


def _legend():
    """(colour, label) samples of the probability shading."""
    return [(shade_css(p), label) for p, label in ((0.01, ".01"), (0.05, ".05"), (0.1, ".1"), (0.2, ".2"),
                                                    (0.35, ".35"), (0.5, ".5"), (0.75, ".75"), (0.95, ".95"))]


# the shading's colour stops: grey where a mine is unlikely, through yellow and orange, to red
RAMP = ((0.0, (221, 221, 221)), (0.1, (238, 228, 150)), (0.25, (243, 180, 96)), (0.5, (229, 102, 76)), (1.0, (176, 28, 28)))


def shade_css(p):
    """The shading of a closed cell of mine probability p (the script's shade(), for the legend)."""
    for (low, a), (high, b) in zip(RAMP, RAMP[1:]):
        if p <= high:
            t = (p - low) / (high - low)
            return "rgb(%d,%d,%d)" % tuple(round(x + t * (y - x)) for x, y in zip(a, b))
    return "rgb(%d,%d,%d)" % RAMP[-1][1]


REPLAY_JS = r"""
"use strict";
const W = DATA.w, H = DATA.h, SIZE = W * H, FR = DATA.frames, N = FR.length;
const CODES = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
const START = new Set(DATA.start);
let at = 0, reveal = false;
const cells = [];
const boardEl = document.getElementById("board");
for (let y = 0; y < H; y++) {
  const tr = document.createElement("tr");
  for (let x = 0; x < W; x++) {
    const td = document.createElement("td");
    td.dataset.i = y * W + x;
    tr.appendChild(td);
    cells.push(td);
  }
  boardEl.appendChild(tr);
}
const slider = document.getElementById("slider");
slider.max = N - 1;
const clickLog = document.getElementById("clicklog");
const clickLines = [];
let clicked = 0;
FR.forEach((f, k) => {
  if (f.cell === null) return;
  const div = document.createElement("div");
  div.textContent = "(" + (f.cell % W) + "," + Math.floor(f.cell / W) + ")";
  div.dataset.frame = k;
  div.addEventListener("click", () => go(k));
  clickLog.appendChild(div);
  clickLines.push(div);
  f.clickNo = clicked++;
});
function isOpen(hex, i) {
  const k = hex.length - 1 - (i >> 2);
  return k >= 0 && ((parseInt(hex[k], 16) >> (i & 3)) & 1) === 1;
}
function belief(f, i) {
  if (!f.codes) return null;
  const w = f.width, code = f.codes.substr(i * w, w);
  if (code[0] === ".") return null;
  const k = w === 1 ? CODES.indexOf(code) : CODES.indexOf(code[0]) * 64 + CODES.indexOf(code[1]);
  return f.table[k];
}
function shade(p) {
  for (let k = 1; k < RAMP.length; k++) {
    const [low, a] = RAMP[k - 1], [high, b] = RAMP[k];
    if (p <= high) {
      const t = (p - low) / (high - low);
      return "rgb(" + a.map((x, j) => Math.round(x + t * (b[j] - x))).join(",") + ")";
    }
  }
  return "rgb(" + RAMP[RAMP.length - 1][1].join(",") + ")";
}
function xy(i) { return "(" + (i % W) + "," + Math.floor(i / W) + ")"; }
function drawCell(f, i, end) {
  const td = cells[i], d = DATA.digits[i];
  let cls = [], text = "", title = xy(i), bg = "";
  if (isOpen(f.open, i)) {
    cls.push(d === "9" ? "bomb" : "touch");
    text = d;
    title += d === "9" ? " mine hit" : " opened: " + d;
  } else if (end) {
    if (d === "9") { cls.push("safe"); title += " mine left closed"; }
    else if (d === "0") { cls.push("touch"); title += " safe cell left closed (0)"; }
    else { cls.push("penalty"); title += " safe cell left closed: costs " + d; }
    text = d;
  } else {
    const b = belief(f, i);
    if (b === null) title += " closed, no estimate yet";
    else {
      title += " mine probability " + b[1];
      if (b[0] === 1) { cls.push("flag"); text = "\u2691"; }
      else if (b[0] === 0) cls.push("known");
      else bg = shade(b[0]);
    }
    if (reveal && text === "") { cls.push("hidden"); text = d; }
  }
  if (START.has(i)) { cls.push("start"); title += " (kept safe by the mode)"; }
  if (i === f.cell) cls.push("now", f.kind);
  td.className = cls.join(" ");
  td.textContent = text;
  td.style.backgroundColor = bg;
  td.title = title;
}
function render() {
  const f = FR[at], end = at === N - 1;
  for (let i = 0; i < SIZE; i++) drawCell(f, i, end);
  slider.value = at;
  document.getElementById("stepno").textContent = end ? "end (" + (N - 1) + " steps)" : "step " + (at + 1) + " of " + (N - 1);
  const kind = document.getElementById("kind");
  kind.textContent = f.kind;
  kind.className = "kind " + f.kind;
  document.getElementById("why").textContent = f.why;
  document.getElementById("last").textContent = f.last ? "last click: " + f.last : "";
  document.getElementById("score").textContent = f.score;
  document.getElementById("counted").textContent = f.note;
  document.getElementById("gained").textContent = f.gained;
  document.getElementById("hits").textContent = f.hits;
  let done = 0;
  for (let k = 0; k < at; k++) if (FR[k].cell !== null) done++;
  clickLines.forEach((div, k) => { div.className = k === done && !end && f.cell !== null ? "cur" : ""; div.style.color = k < done ? "#000" : "#999"; });
  const log = document.getElementById("scorelog");
  log.textContent = DATA.log.slice(0, done).join("\n");
  log.scrollTop = log.scrollHeight;
  const cur = clickLines[Math.min(done, clickLines.length - 1)];
  if (cur) clickLog.scrollTop = Math.max(0, cur.offsetTop - clickLog.offsetTop - 60);
}
function go(k) { at = Math.max(0, Math.min(N - 1, k)); render(); }
document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(at - 1));
document.getElementById("next").addEventListener("click", () => go(at + 1));
document.getElementById("last-step").addEventListener("click", () => go(N - 1));
slider.addEventListener("input", () => go(Number(slider.value)));
document.getElementById("reveal").addEventListener("change", (e) => { reveal = e.target.checked; render(); });
document.addEventListener("keydown", (e) => {
  if (e.target && e.target.tagName === "INPUT" && e.target.type === "range") return;  // the slider moves itself
  const to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: N - 1}[e.key];
  if (to !== undefined) { e.preventDefault(); go(to); }
});
const info = document.getElementById("cellinfo");
function tell(e) { const td = e.target.closest("td"); if (td && td.dataset.i !== undefined) info.textContent = td.title; }
boardEl.addEventListener("mouseover", tell);
boardEl.addEventListener("click", tell);
render();
"""
