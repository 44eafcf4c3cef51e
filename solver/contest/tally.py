"""A paiza.IO session summed: a pack played in pieces, one run each, as the ADC2026
results sheet asks for it.

The ADC2026 entrants cut the official pack into pieces (official.pieces) and ran the
program once per piece; their sheet gives the boards solved, the run time and the
total score of the whole session (the sum of the runs), and a second tab with every
board's score.  `tally` takes each run's piece, its select list (the program's
stdout) and its summary line (stderr: `boards P/T  seconds S  score X ...`), scores
each list against its own piece as the official page scores it, and sums the runs.
A piece with no run, a list holding boards of another piece, or a board played in
two runs is an error: the sheet would count it wrongly.
"""

import re
from collections import namedtuple

from ..official.packindex import index_pack
from ..official.packs import header_name
from ..official.rules import RULES
from ..official.scorer import score_text, summary_csv

# the summary line the entry writes last on stderr (contest.batch.solve_text)
SUMMARY = re.compile(r"^boards (\d+)/(\d+)  seconds ([0-9.]+)  score (\S+)", re.MULTILINE)

RunOutput = namedtuple("RunOutput", "name piece select summary")
RunOutput.__doc__ = """One run of a session as the user saved it: the piece's file name, the
piece's text (the pack given to the run), the run's stdout (its select list) and its
stderr (the summary line), or None for an output not saved."""

RunFigures = namedtuple("RunFigures", "name played boards seconds score scored")
RunFigures.__doc__ = """What one run adds to the sheet: boards played of the piece's, the run's
own seconds (from its summary line), the official score of its list and the Scored
rows (official.scorer) for the per-board tab."""

Session = namedtuple("Session", "runs played boards seconds score rule")
Session.__doc__ = """The session's figures: every RunFigures in piece order, and their sums."""


class SessionError(ValueError):
    """The runs cannot be summed as one session; the message says why in one line."""


def summary_of(text, name):
    """(played, boards, seconds) of the last summary line in a run's stderr text."""
    found = SUMMARY.findall(text or "")
    if not found:
        raise SessionError("%s: no summary line ('boards P/T  seconds S  score X') in the run's stderr" % name)
    played, boards, seconds, _ = found[-1]
    return int(played), int(boards), float(seconds)


def _piece_names(run):
    """The board names of a run's piece, in order."""
    return [header_name(header.split()) for header in index_pack(run.piece).headers]


def tally(runs, rule=2026):
    """The Session of `runs` (RunOutputs in piece order).  SessionError when a run was not
    saved, when its list holds a board of another piece, when a board is in two runs'
    lists, or when the official page would reject a list."""
    owner = {}  # board name -> the piece it is in
    for run in runs:
        if run.select is None or run.summary is None:
            what = "stdout (its select list)" if run.select is None else "stderr (its summary line)"
            raise SessionError("%s: the run's %s is missing: run the piece, or leave it out of the session" % (
                run.name, what))
        for name in _piece_names(run):
            owner.setdefault(name, run.name)
    figures, played_by = [], {}
    for run in runs:
        played, boards, seconds = summary_of(run.summary, run.name)
        scored = score_text(run.select, run.piece, rule, plays=False)
        if scored.errors:
            raise SessionError("%s: the official page rejects its select list: %s" % (run.name, scored.errors[0]))
        for name, _, _, _ in scored.rows:
            if owner.get(name) != run.name:
                where = "no piece" if name not in owner else owner[name]
                raise SessionError("%s: its list plays %s, a board of %s: was the run given the wrong piece?" % (
                    run.name, name, where))
            if name in played_by:
                raise SessionError("%s: board %s is also in the list of %s: a piece run twice?" % (
                    run.name, name, played_by[name]))
            played_by[name] = run.name
        if len(scored.rows) != played:
            raise SessionError("%s: its list holds %d boards but its summary says %d were played: was the whole "
                               "output saved?" % (run.name, len(scored.rows), played))
        figures.append(RunFigures(run.name, played, boards, seconds, scored.totals.get(rule, 0), scored))
    return Session(figures, sum(f.played for f in figures), sum(f.boards for f in figures),
                   sum(f.seconds for f in figures), sum(f.score for f in figures), rule)


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
