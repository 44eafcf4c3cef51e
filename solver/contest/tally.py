"""A paiza.IO session summed: a pack played in pieces, one run each, as the ADC2026
results sheet asks for it.

The ADC2026 entrants cut the official pack into pieces (official.pieces) and ran the
program once per piece; their sheet gives the boards solved, the run time and the
total score of the whole session (the sum of the runs), and a second tab with every
board's score.  `tally` takes each run's piece, its select list (the program's
stdout) and its summary line (stderr: `boards P/T  seconds S  score X ...`), scores
each list against its own piece as the official page scores it (under the rule of the
pieces' header form, as `score` does, unless told), and sums the runs.  Only the
seconds are taken from the summary line: the boards come from the pieces and the
lists, and a summary that disagrees with them (another run's stderr, an output cut
short) is an error, as are a piece with no run, a list holding boards of another
piece and a board played twice in one list: the sheet would count them wrongly.
"""

import re
from collections import namedtuple

from ..official.compact import is_compact, read_compact
from ..official.lines import is_count
from ..official.packindex import index_pack
from ..official.packs import header_name
from ..official.rules import RULES
from ..official.scorer import score_text, summary_csv

# the summary line the entry writes last on stderr (contest.batch.solve_text); a line
# starting so that does not read is refused, never half read
SUMMARY_START = "boards "
SUMMARY = re.compile(r"boards ([0-9]+)/([0-9]+)  seconds ([0-9]+(?:\.[0-9]+)?)  score \S")

RunOutput = namedtuple("RunOutput", "name piece select summary")
RunOutput.__doc__ = """One run of a session as the user saved it: the piece's file name
(pieceNN.txt), the piece's text (the pack given to the run), the run's stdout (its
select list) and its stderr (the summary line), or None for an output not saved."""

RunFigures = namedtuple("RunFigures", "name played boards seconds score scored")
RunFigures.__doc__ = """What one run adds to the sheet: boards played (its list's) of the
piece's, the run's own seconds (from its summary line), the official score of its list
and the Scored rows (official.scorer) for the per-board tab."""

Session = namedtuple("Session", "runs played boards seconds score rule")
Session.__doc__ = """The session's figures: every RunFigures in piece order, and their sums;
`boards` counts the pieces left out too (the pack's boards)."""

Piece = namedtuple("Piece", "name text names form")
Piece.__doc__ = """A piece as tallied: its file name, its text (a compact piece expanded),
its boards' names in order, and its header forms (a set of 2025, 2026)."""


class SessionError(ValueError):
    """The runs cannot be summed as one session; the message says why in one line,
    naming the file (and its line)."""


class MixedForms(SessionError):
    """The pieces mix both header forms and no rule was given."""


def saved_name(piece_name, suffix):
    """pieceNN.out / pieceNN.err of the piece pieceNN.txt."""
    return piece_name[: -len(".txt")] + suffix if piece_name.endswith(".txt") else piece_name + suffix


def summary_of(text, name):
    """(played, boards, seconds, line number) of the last summary line of a run's stderr
    text; `name`: the file it was saved in."""
    lines = (text or "").splitlines()
    number = next((k for k in range(len(lines), 0, -1) if lines[k - 1].startswith(SUMMARY_START)), None)
    if number is None:
        raise SessionError("%s: no summary line ('boards P/T  seconds S  score X') in the run's stderr" % name)
    found = SUMMARY.match(lines[number - 1])
    if found is None:
        raise SessionError("%s: line %d: not a summary line the entry writes ('boards P/T  seconds S  score X'): %r" % (
            name, number, lines[number - 1][:80]))
    played, boards, seconds = found.groups()
    return int(played), int(boards), float(seconds), number


def read_piece(name, text):
    """The Piece of a piece's text (a compact piece is expanded)."""
    if is_compact(text):
        text = read_compact(text).expand()
    fields = [header.split() for header in index_pack(text).headers]
    forms = {2026 if len(f) >= 4 and is_count(f[2]) else 2025 for f in fields}
    return Piece(name, text, [header_name(f) for f in fields], forms)


def session_rule(pieces, rule=None):
    """The rule to score under: `rule`, else the pieces' header form (MixedForms when
    they hold both)."""
    if rule is not None:
        return rule
    forms = set().union(*(piece.form for piece in pieces)) or {2026}
    if len(forms) > 1:
        raise MixedForms("the pieces mix ADC2025 and ADC2026 headers: give --rule 2025 or --rule 2026")
    return forms.pop()


def tally(runs, rule=None, left_out=()):
    """The Session of `runs` (RunOutputs in piece order), scored under `rule` (None: the
    pieces' header form); `left_out`: the (name, text) of the pieces left out on purpose,
    whose boards count in the session's total.  SessionError when a run was not saved,
    when its list holds a board of another piece or one board twice, when its summary
    line disagrees with its piece or its list, or when the official page would reject a
    list."""
    if not runs:
        raise SessionError("every piece is left out: no run to tally")
    for run in runs:
        _saved(run)
    pieces = [read_piece(run.name, run.piece) for run in runs]
    others = [read_piece(name, text) for name, text in left_out]
    rule = session_rule(pieces + others, rule)
    figures = [_run_figures(run, piece, rule) for run, piece in zip(runs, pieces)]
    return Session(figures, sum(f.played for f in figures), sum(len(p.names) for p in pieces + others),
                   sum(f.seconds for f in figures), sum(f.score for f in figures), rule)


def _saved(run):
    """SessionError when a run's stdout or stderr was not saved."""
    for output, suffix, what in ((run.select, ".out", "stdout (its select list)"), (run.summary, ".err", "stderr (its summary line)")):
        if output is None:
            number = re.sub(r"\D", "", run.name) or run.name
            raise SessionError("%s: the run's %s is missing as %s: run the piece, or leave it out with --left-out %s" % (
                run.name, what, saved_name(run.name, suffix), number.lstrip("0") or "0"))


def _run_figures(run, piece, rule):
    """The RunFigures of one run, checked against its piece (see `tally`)."""
    out, err = saved_name(run.name, ".out"), saved_name(run.name, ".err")
    played, boards, seconds, line = summary_of(run.summary, err)
    if boards != len(piece.names):
        raise SessionError("%s: line %d: the run says %d boards but %s holds %d: the stderr of another run?" % (
            err, line, boards, run.name, len(piece.names)))
    scored = score_text(run.select, piece.text, rule, plays=False)
    if scored.errors:
        raise SessionError("%s: the official page rejects this select list: %s" % (out, scored.errors[0]))
    own, seen = set(piece.names), set()
    for name, _, _, _ in scored.rows:
        if name not in own:
            raise SessionError("%s: its list plays %s, a board not in %s: was the run given the wrong piece?" % (
                out, name, run.name))
        if name in seen:
            raise SessionError("%s: board %s is in its list twice: a piece run twice?" % (out, name))
        seen.add(name)
    if len(scored.rows) != played:
        raise SessionError("%s: its list holds %d boards but %s line %d says %d were played: was the whole output "
                           "saved?" % (out, len(scored.rows), err, line, played))
    return RunFigures(run.name, played, boards, seconds, scored.totals.get(rule, 0), scored)


def sheet_lines(session):
    """The lines `tally` prints: one per run, then the session's sums (the sheet's first tab)."""
    rule = RULES[session.rule]
    for run in session.runs:
        yield "%s  boards %d/%d  seconds %.3f  score %s" % (
            run.name, run.played, run.boards, run.seconds, rule.format_value(run.score))
    yield "session: %d runs  boards %d/%d  seconds %.3f  score %s" % (
        len(session.runs), session.played, session.boards, session.seconds, rule.format_value(session.score))


def session_csv(session):
    """The official score_summary.csv lines of every board of the session, in piece order
    (the sheet's second tab): one trial numbering and running total across the runs."""
    rows = [row for run in session.runs for row in run.scored.rows]
    return summary_csv(rows)
