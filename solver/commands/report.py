"""`report`: a select list on one HTML page (total, sortable table, plots, replays)."""

import os
import sys

from ..contest.streams import write_messages
from ..official.kinds import SELECT_LIST
from ..official.rules import RULES
from ..official.scorer import select_form
from ..pages.replay import MAX_REPLAY_CELLS
from ..pages.report import left_out, replay_links, report_page, report_rows, write_replays
from .options import kind_refused, output_problem, read_pack_input, read_select_input, write_output
from .progress import Progress


def add_arguments(parser):
    parser.description = (
        "Reads a select list and the board pack it was played on, and writes one standalone HTML page "
        "(-o, default: report.html): the total as score prints it and the boards of the pack the list leaves out, "
        "a sortable table of every board, and plots of ratio against density, points against size and mines hit; prints the page's path "
        "(with -o -, writes the page on stdout instead)."
    )
    parser.add_argument("select", metavar="SELECT", help="select list file (the solver's output), or - for stdin")
    parser.add_argument("--pack", required=True, help="board pack the select list was played on (its boards that do "
                        "not read are warnings: the official page never sees the pack)")
    parser.add_argument("--rule", type=int, choices=sorted(RULES), help="the rule (default: from the select list's header form)")
    parser.add_argument("-o", "--output", metavar="FILE", default="report.html", help="page to write, - for stdout (default: report.html)")
    parser.add_argument("--replays", metavar="DIR", help="also write each board's replay page into DIR and link it: the "
                        "select list's own clicks, with the player's beliefs where they are its play (as the run "
                        "played it: in a hurry, or cut where its time ran out); boards of at most %d cells; "
                        "progress on stderr on a terminal" % MAX_REPLAY_CELLS)


def run(args):
    target, problem = args.output, output_problem(args.output)
    if problem is None and args.replays and os.path.exists(args.replays) and not os.path.isdir(args.replays):
        target, problem = args.replays, "it is a file, not a folder"
    if problem is not None:
        print("error: cannot write %s: %s" % (target, problem), file=sys.stderr)
        return 1
    try:
        select_text = read_select_input(args.select)
    except OSError as exc:
        print("error: cannot read %s: %s" % (exc.filename, exc.strerror), file=sys.stderr)
        return 1
    if kind_refused(select_text, SELECT_LIST, args.select):
        return 1
    read = read_pack_input(args.pack)
    if read is None:
        return 1
    pack_text, damaged = read
    rows, totals, errors, warnings = report_rows(select_text, pack_text, args.rule)
    write_messages(errors, "error: ", sys.stderr, errors.unshown)  # (scorer.Messages: past 1,000, counted)
    write_messages(warnings, "warning: ", sys.stderr, warnings.unshown)
    if errors:
        print("error: the official page rejects the whole file", file=sys.stderr)
        return 1
    if len(totals) > 1:
        print("error: the list mixes ADC2025 headers (X Y NAME) and ADC2026 ones (X Y MINES NAME): a report shows "
              "one official total; give --rule 2025 or --rule 2026", file=sys.stderr)
        return 2
    rule = args.rule or (next(iter(totals)) if totals else select_form(select_text))
    hows = {}
    report = None if args.output == "-" else args.output
    try:
        if args.replays:
            progress = Progress("report --replays", "boards")
            hows, large = write_replays(rows, args.replays, rule, progress)
            progress.close()
            if large:
                print("warning: %d boards of more than %d cells have no replay page (a page grows as cells times "
                      "clicks)" % (large, MAX_REPLAY_CELLS), file=sys.stderr)
        links = replay_links(rows, report, args.replays)
        title = "%s on %s" % (os.path.basename(args.select), os.path.basename(args.pack))
        page = report_page(rows, totals.get(rule, 0), rule, title, links, hows, left_out(pack_text, rows))
        write_output(args.output, page)
    except OSError as exc:
        print("error: cannot write %s: %s" % (exc.filename or args.output, exc.strerror), file=sys.stderr)
        return 1
    if report is not None:
        print(os.path.abspath(report))
    return 1 if damaged else 0
