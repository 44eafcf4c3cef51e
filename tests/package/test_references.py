"""Names quoted in the package's docstrings and comments exist.

A docstring or comment that names code (`probability.estimate`, `Plan.pressed`,
``settle``, solver/engine/twostep.py) sends the reader there; after a rename it would
send them nowhere.  Checked in every module of solver/ and bundler/ and in build.py:

- a name in backticks (`name`, `module.name`, `Class.method`, with or without ``()``)
  must be defined in the package: a module or package, a top-level name, a class's
  member or a namedtuple's field, a function's parameter;
- a dotted reference written plainly, `module.name` where `module` is one of the
  package's modules (engine.policy, rules.RULES), must name something `module` defines;
- a path (solver/..., bundler/..., docs/..., tests/..., tools/..., or a module file beside the
  text's own, such as twostep.py) must exist.

Backticked text that is not a name (a command line, an option such as ``--look``, an
expression such as ``look=False``) is left alone.
"""

import ast
import keyword
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOLVER = ROOT / "solver"
SOURCES = sorted(SOLVER.rglob("*.py")) + sorted((ROOT / "bundler").rglob("*.py")) + [ROOT / "build.py"]
HELPERS = sorted((ROOT / "tests" / "support").glob("*.py"))  # a docstring may name a test helper

BACKTICKED = re.compile(r"`{1,2}([^`\n]+)`{1,2}")
NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*(\(\))?$")
PLACEHOLDER = re.compile(r"[a-z]_[A-Z]{2,}")  # board_pack_COUNT_MODE_DIFFICULTY: a pattern, not a name
FOLDERS = "solver|bundler|docs|tests|tools|dist|examples|grid|official|engine|contest|lab|pages|variants|commands"
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./-]*\w|[a-z_]+\.py)\b" % FOLDERS)
FILE_ENDINGS = ("py", "md", "txt", "sh", "html", "js", "json", "csv", "names", "sel", "c", "so", "toml", "cfg")
PROSE = {"paiza.IO"}  # dotted words that are no reference
# names of the official JavaScript (msselect.js), quoted where the port follows it
OFFICIAL_JS = {"createSafeCells", "parseInt", "accessCell", "countScore", "checkRemains", "finishSelection",
               "removeEmptyItems", "boardFile", "cellListFile", "checkCellListFile", "isHeader", "check_loc"}


def texts_of(path):
    """(line, text) of every docstring and comment of a module."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.append((node.body[0].lineno, doc))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            if any(isinstance(t, ast.Attribute) and t.attr == "__doc__" for t in node.targets):
                found.append((node.lineno, node.value.value))
    for number, line in enumerate(source.splitlines(), 1):
        if "#" in line:
            code, _, comment = line.partition("#")
            if code.count('"') % 2 == 0 and code.count("'") % 2 == 0:
                found.append((number, comment))
    return found


class Index:
    """What the package defines: modules, and for each scope the names it binds."""

    def __init__(self, paths):
        self.modules = {}  # every dotted suffix of a module's name -> [module key]
        self.members = {}  # scope key ("engine.player", "engine.player.Task") -> set of names
        self.anywhere = set()  # every name bound anywhere (parameters and locals too)
        for path in paths:
            relative = path.relative_to(ROOT).with_suffix("")
            parts = list(relative.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            key = ".".join(parts)
            for start in range(len(parts)):
                self.modules.setdefault(".".join(parts[start:]), []).append(key)
            self._scan(key, ast.parse(path.read_text(encoding="utf-8")))

    def _scan(self, key, tree):
        members = self.members.setdefault(key, set())
        for node in tree.body:
            for name in _bound(node):
                members.add(name)
            if isinstance(node, ast.ClassDef):  # its body's names, and the attributes its methods set on self
                self.members[key + "." + node.name] = {name for sub in node.body for name in _bound(sub)} | {
                    sub.attr for sub in ast.walk(node)
                    if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and getattr(sub.value, "id", None) == "self"}
            if isinstance(node, ast.Assign) and _namedtuple_fields(node.value):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.members[key + "." + target.id] = set(_namedtuple_fields(node.value)) | {"_replace", "_asdict", "_fields"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                self.anywhere.add(node.value)  # a value the code uses: a mode, a policy's name
            if isinstance(node, ast.arg):
                self.anywhere.add(node.arg)
            elif isinstance(node, ast.Name):
                self.anywhere.add(node.id)
            elif isinstance(node, ast.Attribute):
                self.anywhere.add(node.attr)
            self.anywhere.update(_bound(node))

    def resolves(self, dotted):
        """Whether a dotted name names something the package defines."""
        parts = dotted.split(".")
        if parts[0] == "solver":
            parts = parts[1:] or ["solver"]
        for cut in range(len(parts), 0, -1):  # the longest module prefix first
            for key in self.modules.get(".".join(parts[:cut]), ()):
                if self._within(key, parts[cut:]):
                    return True
        if len(parts) == 1:
            return parts[0] in self.anywhere or any(parts[0] in names for names in self.members.values())
        return any(parts[0] in names and self._within(scope + "." + parts[0], parts[1:]) for scope, names in self.members.items())

    def _within(self, scope, rest):
        for name in rest:
            if name not in self.members.get(scope, ()):
                return False
            scope = scope + "." + name
        return True


def _bound(node):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
        return [node.target.id]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(a.asname or a.name).split(".")[0] for a in node.names]
    return []


def _namedtuple_fields(value):
    if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "namedtuple" and len(value.args) == 2:
        fields = value.args[1]
        if isinstance(fields, ast.Constant) and isinstance(fields.value, str):
            return fields.value.replace(",", " ").split()
    return []


def unresolved(index, path):
    """The references of one module's docstrings and comments that resolve to nothing."""
    label = path.relative_to(ROOT)
    bad = []
    for line, text in texts_of(path):
        for quoted in BACKTICKED.findall(text):
            name = quoted.strip()
            if not NAME.match(name) or keyword.iskeyword(name) or PLACEHOLDER.search(name) or name in OFFICIAL_JS:
                continue
            if not index.resolves(name[:-2] if name.endswith("()") else name):
                bad.append("%s:%d: `%s` names nothing in the package" % (label, line, name))
        for first, second in re.findall(r"(?<![\w./])([a-z_][a-z_0-9]*)\.([A-Za-z_]\w*)\b(?!\()?", text):
            if second in FILE_ENDINGS or first not in index.modules or first + "." + second in PROSE:
                continue
            if not index.resolves(first + "." + second):
                bad.append("%s:%d: %s.%s: %s defines no %s" % (label, line, first, second, first, second))
        for found in PATH.findall(text):
            if not any((base / found).exists() for base in (ROOT, SOLVER, path.parent)):
                bad.append("%s:%d: %s does not exist" % (label, line, found))
    return bad


def test_names_in_docstrings_and_comments_exist():
    index = Index(SOURCES + HELPERS)
    bad = [problem for path in SOURCES for problem in unresolved(index, path)]
    assert bad == [], "\n".join(bad)


def test_the_check_sees_a_name_that_is_gone(tmp_path):
    index = Index(SOURCES + HELPERS)
    assert index.resolves("engine.policy.choose_guess") and index.resolves("Plan.pressed") and index.resolves("settle")
    assert not index.resolves("rules.Rule") and not index.resolves("engine.policy.no_such_thing")
    module = tmp_path / "solver" / "stale.py"
    module.parent.mkdir()
    module.write_text('"""See `probability.estimate`, `nowhere_at_all`, rules.Rule and solver/no/such.py."""\n')
    global ROOT, SOLVER
    saved = ROOT, SOLVER
    ROOT, SOLVER = tmp_path, tmp_path / "solver"
    try:
        bad = unresolved(index, module)
    finally:
        ROOT, SOLVER = saved
    assert len(bad) == 3 and "nowhere_at_all" in bad[0] and "rules.Rule" in bad[1] and "no/such.py" in bad[2], bad

