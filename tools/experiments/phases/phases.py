#!/usr/bin/env python3
"""Per-phase instruction counts of the contest entry, measured under valgrind callgrind.

Measured: the "Per phase" table of docs/measurements.md (run by run_all.sh, tables
by analyse.py), and the start-up of the bundle (--imports-only, --bundle).

Plays exactly the boards a real run of the bundle played (their names are read from
that run's select list), the way batch.solve_text plays them under its budget, but
with no clock in the way: the budget is infinite (deadline = +inf, so every clock
test the real run makes is still made and is always false) and every board is played
in a hurry (Plan.pressed() was true for every board of every real run measured).  So
the work is deterministic and the select list equals the real run's.

Each phase is called through a C function of its own ("marker"): callgrind's inclusive
cost of that C function is the phase's cost.  Two marker kinds:

  ext      (default) a tiny C extension built here, one exported C function per marker
           (phase_mark_<name>); nobody else can call them, and they count their calls
  builtin  the distinct C builtins the solver never uses (starmap_next, groupby_next,
           ...), one per top-level phase only (check their call counts: see analyse.py)
  none     nothing patched: the plain cost of the same play (wrapper overhead = difference)

Usage (the pack on stdin, the select list on stdout, like dist/paiza_main.py):

  python3 phases.py --played real.sel [--marks ext|builtin|none] [--counts out.json] < pack > sel
  python3 phases.py --imports-only            # start-up + imports, then exit (fixed cost)
  python3 phases.py --build-marks             # build the C extension for this python
  python3 phases.py --played real.sel --cprofile out.prof < pack > sel   # ranking only

Everything the harness knows of the code under test is in the CONFIGURATION block.
"""

import os
import sys

# ================================================================ CONFIGURATION
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.environ.get("PHASES_REPO", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))  # the code under test
PACKAGE = "solver"
# role -> module of PACKAGE (with --bundle FILE, every role is that one flat module)
MODULES = {
    "paiza": "contest.paiza",  # pack_input (read_text of stdin, as paiza.main reads it)
    "lines": "official.lines",  # read_text
    "packs": "official.packs",  # index_pack, read_board, _check_digits
    "plan": "contest.plan",  # Plan
    "chunks": "contest.chunks",  # play_chunks (the loop), select_text as it calls it
    "oneboard": "contest.oneboard",  # played: Judge/task_of/play as it calls them
    "batch": "contest.batch",  # Run
    "results": "contest.results",  # format_totals
    "player": "engine.player",  # the steps of one board, as play() and stall() call them
    "judge": "official.judge",  # Judge (view, outcome), View
    "counting": "engine.counting",  # count_solutions, as the per-board counter calls it
    "probability": "engine.probability",  # sweep, couple, as estimate calls them
    "endgame": "engine.endgame",  # Endgame.best_move
}
HURRIED = True  # Plan.pressed() was true for every board played in the real runs

# Markers: (name, kind, role, attribute).  kind:
#   top    a phase row: the top markers never nest in one another, so they add up
#   split  nested in a top marker, and part of the table (a row is a top marker less
#          its split markers): run whenever the top markers are
#   box    a container: what it holds minus its top markers is "other"
#   sub    nested in a top marker: a breakdown of that row
# attribute "Class.method" patches a class attribute; "@name" is called by the harness
# itself through the marker; "-" is marked by _patch_view.
# settle (steps open and digits in one function) is a top marker; the judge's side of
# its clicks (view.open_all and view.planes_of as settle calls them) are split markers
# "open.all" and "open.planes": open = those two, digits = settle less them.
# The guess click (view.open, then planes_of and learn of what it opened) is marked
# "decide.click" through the view the judge hands out (see _patch_view).
# stall (the run-wide memo around pairs, count and decide) is a box: its own work
# (the memo's key, look-up and store) goes to "other".
MARKERS = [
    ("index.input", "top", "paiza", "@pack_input"),
    ("index.pack", "top", "packs", "@index_pack"),
    ("index.plan", "top", "plan", "@Plan"),
    ("read", "top", "packs", "read_board"),
    ("settle", "top", "player", "settle"),
    ("open.all", "split", "judge", "-"),
    ("open.planes", "split", "judge", "-"),
    ("pairs.constraints", "top", "player", "live_constraints"),
    ("pairs.rule", "top", "player", "learn_pairs"),
    ("count", "top", "player", "count"),
    ("decide", "top", "player", "decide"),
    ("decide.click", "top", "judge", "-"),
    ("write.select", "top", "chunks", "select_text"),
    ("write.output", "top", "-", "@"),
    ("other.judge", "top", "oneboard", "Judge"),
    ("other.task", "top", "oneboard", "task_of"),
    ("other.wanted", "top", "plan", "Plan.wanted"),
    ("other.score", "top", "judge", "Judge.outcome"),
    ("loop", "box", "chunks", "@play_chunks"),
    ("play", "box", "oneboard", "play"),
    ("stall", "box", "player", "stall"),
    ("read.check", "sub", "packs", "_check_digits"),
    ("digits.counts", "sub", "player", "neighbour_counts"),
    ("count.components", "sub", "player", "components_of"),
    ("count.estimate", "sub", "player", "estimate"),
    ("count.search", "sub", "counting", "count_solutions"),
    ("count.sweep", "sub", "probability", "sweep"),
    ("count.couple", "sub", "probability", "couple"),
    ("decide.endgame", "sub", "endgame", "Endgame.best_move"),
    ("decide.choose", "sub", "player", "choose_guess"),
    ("decide.worth", "sub", "player", "_worth_it"),
]
# With --marks builtin there are not enough distinct builtins for every marker: each
# marker then takes the builtin of its group (markers of one group never nest).
# Not calliter: re.finditer is a callable iterator (iter(scanner.search, None)), and
# index_pack uses it on a CRLF pack.
BUILTIN_GROUPS = {
    "index": "starmap", "read": "groupby", "open": "defdict", "digits": "call_tracing",
    "pairs": "context", "count": "reduce", "decide": "accumulate", "write": "filter",
    "other": "filterfalse", "loop": "takewhile", "play": "dropwhile",
}
# the C function callgrind shows for each builtin marker
BUILTIN_SYMBOLS = {
    "starmap": "starmap_next", "calliter": "calliter_iternext", "defdict": "defdict_missing",
    "call_tracing": "sys_call_tracing", "context": "context_run", "reduce": "functools_reduce",
    "accumulate": "accumulate_next", "filter": "filter_next", "filterfalse": "filterfalse_next",
    "takewhile": "takewhile_next", "dropwhile": "dropwhile_next", "groupby": "groupby_next",
}
# ================================================================ end of configuration


def marker_symbol(name):
    return "phase_mark_" + name.replace(".", "_")


def build_dir():
    return os.path.join(HERE, "build", "py%d%d" % sys.version_info[:2])


def build_marks():
    """Write and compile the marker extension for this interpreter (gcc)."""
    import subprocess
    import sysconfig

    out = build_dir()
    os.makedirs(out, exist_ok=True)
    names = [m[0] for m in MARKERS]
    lines = [
        "/* generated by phases.py: one C function per phase marker */",
        "#define PY_SSIZE_T_CLEAN",
        "#include <Python.h>",
        "#if PY_VERSION_HEX < 0x03090000",
        "#define PyObject_Vectorcall _PyObject_Vectorcall",
        "#endif",
        "static unsigned long long calls[%d];" % len(names),
    ]
    for i, name in enumerate(names):
        lines += [
            "__attribute__((noinline, used)) PyObject *%s(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)" % marker_symbol(name),
            "{",
            "    calls[%d]++;" % i,
            "    return PyObject_Vectorcall(args[0], args + 1, nargs - 1, kwnames);",
            "}",
        ]
    lines += [
        "static PyObject *mark_counts(PyObject *self, PyObject *unused)",
        "{",
        "    PyObject *d = PyDict_New();",
    ]
    for i, name in enumerate(names):
        lines.append('    PyDict_SetItemString(d, "%s", PyLong_FromUnsignedLongLong(calls[%d]));' % (name, i))
    lines += ["    return d;", "}", "static PyMethodDef methods[] = {"]
    for name in names:
        lines.append('    {"%s", (PyCFunction)(void (*)(void))%s, METH_FASTCALL | METH_KEYWORDS, NULL},' % (name, marker_symbol(name)))
    lines += [
        '    {"counts", mark_counts, METH_NOARGS, NULL},',
        "    {NULL, NULL, 0, NULL}",
        "};",
        'static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_phase_marks", NULL, -1, methods};',
        "PyMODINIT_FUNC PyInit__phase_marks(void) { return PyModule_Create(&module); }",
    ]
    source = os.path.join(out, "_phase_marks.c")
    with open(source, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    target = os.path.join(out, "_phase_marks" + sysconfig.get_config_var("EXT_SUFFIX"))
    command = ["gcc", "-shared", "-fPIC", "-O1", "-g", "-fno-ipa-icf", "-fno-inline",
               "-I", sysconfig.get_paths()["include"], source, "-o", target]
    subprocess.check_call(command)
    return target


def load_marks(kind):
    """{marker name: callable(fn, *args, **kw) -> fn(*args, **kw)} and a counts() function."""
    if kind == "ext":
        sys.path.insert(0, build_dir())
        import _phase_marks

        return {m[0]: getattr(_phase_marks, m[0]) for m in MARKERS}, _phase_marks.counts
    if kind == "builtin":
        return _builtin_marks()
    raise ValueError(kind)


def _builtin_marks():
    import contextvars
    from collections import defaultdict
    from functools import partial, reduce
    from itertools import accumulate, dropwhile, filterfalse, groupby, starmap, takewhile

    results = []
    sentinel = object()

    def keep(p):  # a predicate that runs the phase and keeps its result
        results.append(p())
        return True

    def keep_false(p):
        results.append(p())
        return False

    def call2(_, p):
        return p()

    def call1(p):
        return p()

    def bound(fn, a, k):
        return partial(fn, *a, **k)

    def make(mechanism):
        if mechanism == "starmap":
            return lambda fn, *a, **k: next(starmap(partial(fn, **k) if k else fn, (a,)))
        if mechanism == "calliter":
            return lambda fn, *a, **k: next(iter(bound(fn, a, k), sentinel))
        if mechanism == "defdict":
            return lambda fn, *a, **k: defaultdict(bound(fn, a, k))[0]
        if mechanism == "call_tracing":
            return lambda fn, *a, **k: sys.call_tracing(partial(fn, **k) if k else fn, a)
        if mechanism == "context":
            context = contextvars.copy_context()
            return lambda fn, *a, **k: context.run(fn, *a, **k)
        if mechanism == "reduce":
            return lambda fn, *a, **k: reduce(call2, (bound(fn, a, k),), None)
        if mechanism == "accumulate":

            def run(fn, *a, **k):
                steps = accumulate((None, bound(fn, a, k)), call2)
                next(steps)
                return next(steps)

            return run
        if mechanism in ("filter", "takewhile"):
            make_iter = filter if mechanism == "filter" else takewhile

            def run(fn, *a, **k):
                next(make_iter(keep, (bound(fn, a, k),)))
                return results.pop()

            return run
        if mechanism in ("filterfalse", "dropwhile"):
            make_iter = filterfalse if mechanism == "filterfalse" else dropwhile

            def run(fn, *a, **k):
                next(make_iter(keep_false, (bound(fn, a, k),)))
                return results.pop()

            return run
        if mechanism == "groupby":
            return lambda fn, *a, **k: next(groupby((bound(fn, a, k),), call1))[0]
        raise ValueError(mechanism)

    if any(m[0] in ("settle", "stall") for m in MARKERS):
        raise SystemExit("--marks builtin is not adapted to the settle/stall layout (phases-after)")
    counts = {}
    marks = {}
    made = {}
    for name, kind, _, _ in MARKERS:
        if kind == "sub":
            continue
        group = name.split(".")[0]
        mechanism = BUILTIN_GROUPS[group]
        if mechanism not in made:
            made[mechanism] = make(mechanism)
        inner = made[mechanism]

        def counted(fn, *a, _inner=inner, _name=name, **k):
            counts[_name] = counts.get(_name, 0) + 1
            return _inner(fn, *a, **k)

        marks[name] = counted
    return marks, lambda: dict(counts)


# ---------------------------------------------------------------- the code under test


def load_modules(bundle=None):
    """{role: module}."""
    if bundle:
        import importlib.util

        spec = importlib.util.spec_from_file_location("paiza_bundle", bundle)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return {role: module for role in MODULES}
    import importlib

    sys.path.insert(0, REPO)
    return {role: importlib.import_module("%s.%s" % (PACKAGE, name)) for role, name in MODULES.items()}


def _owner_and_name(module, attribute):
    if "." in attribute:
        cls, name = attribute.split(".")
        return getattr(module, cls), name
    return module, attribute


def patch(mods, marks, wanted_kinds):
    """Route every marker's function through its marker (module globals / class attributes)."""
    from functools import partial

    _patch_view(mods, marks)  # first: in a bundle, "Judge" is about to become a wrapper
    todo = []
    for name, kind, role, attribute in MARKERS:
        if kind not in wanted_kinds or name not in marks or attribute[:1] in ("-", "@"):
            continue
        owner, attr = _owner_and_name(mods[role], attribute)
        todo.append((marks[name], owner, attr, getattr(owner, attr), owner is not mods[role]))
    for mark, owner, attr, original, is_method in todo:
        if is_method:  # a plain function binds self

            def method(*a, _mark=mark, _original=original, **k):
                return _mark(_original, *a, **k)

            method.__name__ = attr
            setattr(owner, attr, method)
        else:
            setattr(owner, attr, partial(mark, original))


def harness_call(mods, name):
    """The function the harness itself calls through marker `name` ("@attribute")."""
    for marker, _, role, attribute in MARKERS:
        if marker == name:
            return getattr(mods[role], attribute[1:])
    raise KeyError(name)


class _View:
    """The judge's View with fields that can be swapped (play reads them by attribute)."""

    __slots__ = ("open", "open_all", "planes_of")


def _patch_view(mods, marks):
    """The judge's view, so that a guess click (view.open, then the planes_of and
    Knowledge.learn of what it opened) goes through "decide.click", and open_all and
    planes_of as settle calls them (the judge's side of step open) through "open.all"
    and "open.planes" when those markers are on.

    Nothing but those two markers is added on the path of settle, and no class is modified (that would
    invalidate the attribute caches of 3.11 on every knowledge.x of every phase):
    view.planes_of is the judge's own bound method and the board's Knowledge an
    instance of the player's class, except between a guess click and its learn.  The
    click swaps in a marked planes_of (a field of the view) and turns the board's
    Knowledge into a subclass whose learn is marked (play looks knowledge.learn up
    before it evaluates planes_of, so the click makes both swaps); each swaps itself
    back.  The board's Knowledge is caught as play creates it (player.Knowledge)."""
    from functools import partial

    judge, player = mods["judge"], mods["player"]
    click = marks.get("decide.click")
    open_all_mark = marks.get("open.all")
    open_planes_mark = marks.get("open.planes")
    if click is None:
        return
    Judge, Knowledge = judge.Judge, player.Knowledge
    original_view, original_learn = Judge.view, Knowledge.learn
    current = [None]  # the Knowledge of the board in play

    class ClickedKnowledge(Knowledge):
        __slots__ = ()

        def learn(self, new, planes):
            self.__class__ = Knowledge
            return click(original_learn, self, new, planes)

    def knowledge(*a, **k):
        current[0] = made = Knowledge(*a, **k)
        return made

    def view(self):
        v = original_view(self)
        mv = _View()
        planes_direct = v.planes_of
        judge_open = v.open
        # planes_of as settle calls it (the view's field between guess clicks)
        planes_settle = planes_direct if open_planes_mark is None else partial(open_planes_mark, planes_direct)

        def planes_click(cells):
            mv.planes_of = planes_settle
            return click(planes_direct, cells)

        def open_(cell):
            mv.planes_of = planes_click
            current[0].__class__ = ClickedKnowledge
            return click(judge_open, cell)

        mv.open = open_
        mv.open_all = v.open_all if open_all_mark is None else partial(open_all_mark, v.open_all)
        mv.planes_of = planes_settle
        return mv

    Judge.view = view
    player.Knowledge = knowledge


# ---------------------------------------------------------------- the run


def played_names(path):
    """The board names of a select list's header lines, in order."""
    names = []
    with open(path) as handle:
        for line in handle:
            fields = line.split()
            if len(fields) >= 3 and not fields[-1].lstrip("-").isdigit():
                names.append(fields[-1])
    return names


def run(mods, marks, names):
    """What paiza.main + batch.solve_text do under a budget, for exactly `names`."""
    import io

    batch = mods["batch"]

    def call(name, fn, *a, **k):
        mark = marks.get(name)
        return fn(*a, **k) if mark is None else mark(fn, *a, **k)

    text = call("index.input", harness_call(mods, "index.input"), sys.stdin, HERE)  # as paiza.main: pack_input
    index = call("index.pack", harness_call(mods, "index.pack"), text)
    plan = call("index.plan", harness_call(mods, "index.plan"), index.headers, None)
    chosen = set(names)
    position = {}
    for k, header in enumerate(index.headers):
        fields = header.split()
        if fields and fields[-1] in chosen:
            position[fields[-1]] = k
    missing = chosen - set(position)
    if missing:
        raise SystemExit("played boards not in the pack: %s" % sorted(missing)[:5])
    wanted_set = set(position.values())
    last = max(wanted_set) if wanted_set else -1
    # Plan.wanted is asked about every board up to the last one played, as in a real run;
    # its clock is a fake one running evenly to the deadline (the answer is ignored:
    # the boards are those of the real run)
    t0 = plan.start
    deadline = t0 + 1.5
    step = 1.5 / (last + 2)

    class Picked:  # stands in for the plan: the real run's boards, hurried as it was
        def wanted(self, k, _deadline, _now):
            plan.wanted(k, deadline, t0 + step * (k + 1))
            return k in wanted_set

        def pressed(self):
            return HURRIED

    records = []
    run = batch.Run(None, None, 1)
    call("loop", harness_call(mods, "loop"), index, [(0, last + 1)], Picked(), run, records.append)
    played = sorted(record[1:] for record in records if record[0] == 0)  # records.PLAYED
    select_list = io.StringIO("".join(record[1] for record in played))
    count, totals = len(played), {}
    for record in played:
        totals[record[4]] = totals.get(record[4], 0) + record[5]

    def output():
        sys.stdout.buffer.write(select_list.getvalue().encode("utf-8"))
        sys.stdout.flush()

    call("write.output", output)
    summary = mods["results"].format_totals(totals, 2026)
    sys.stderr.write("harness: boards %d/%d  score %s\n" % (count, len(index.headers), summary))
    return count


def main(argv):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--played", help="select list of the real run: its boards are played")
    parser.add_argument("--marks", choices=("ext", "builtin", "none"), default="ext")
    parser.add_argument("--subs", choices=("yes", "no"), default="yes", help="also the nested markers (ext only)")
    parser.add_argument("--counts", help="write the markers' call counts (JSON) here")
    parser.add_argument("--bundle", help="measure this flat bundle (dist/paiza_main.py) instead of the package")
    parser.add_argument("--imports-only", action="store_true", help="import everything, then exit")
    parser.add_argument("--build-marks", action="store_true", help="build the marker extension and exit")
    parser.add_argument("--cprofile", help="profile the run with cProfile (marks none) into this file")
    args = parser.parse_args(argv)
    if args.build_marks:
        print(build_marks())
        return
    marks, counts = ({}, dict) if args.marks == "none" or args.cprofile else load_marks(args.marks)
    mods = load_modules(args.bundle)
    if args.imports_only:
        sys.stdout.flush()
        os._exit(0)
    kinds = {"top", "split", "box"} | ({"sub"} if args.subs == "yes" and args.marks == "ext" else set())
    if marks:
        marks = {name: marks[name] for name, kind, _, _ in MARKERS if kind in kinds and name in marks}
        patch(mods, marks, kinds)
    names = played_names(args.played)
    if args.cprofile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
        run(mods, marks, names)
        profiler.disable()
        profiler.dump_stats(args.cprofile)
    else:
        run(mods, marks, names)
    if args.counts:
        import json

        with open(args.counts, "w") as handle:
            json.dump({"marks": args.marks, "symbols": _symbols(args.marks, marks), "counts": counts(),
                       "boards": len(names), "python": sys.version.split()[0]}, handle, indent=1, sort_keys=True)
    sys.stderr.flush()
    os._exit(0)  # as the entry does: no interpreter teardown


def _symbols(kind, marks):
    """{marker name: the C function callgrind shows for it}."""
    if kind == "ext":
        return {name: marker_symbol(name) for name in marks}
    if kind == "builtin":
        return {name: BUILTIN_SYMBOLS[BUILTIN_GROUPS[name.split(".")[0]]] for name in marks}
    return {}


if __name__ == "__main__":
    main(sys.argv[1:])
