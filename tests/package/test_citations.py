"""Citations lead somewhere: a document's section that the text names is there, and a
dotted name of the package that the text names imports.

Sections.  In solver/, tests/, tools/, bundler/, build.py, README.md and docs/, a
citation is a Markdown file's path followed by one or more quoted section names:
``docs/measurements/contest.md, "The hurry"``, ``(docs/design.md "The paiza script")``,
``[design.md](design.md), "The bitsets"``, ``docs/design.md, "The cost model", "Fair
play"``.  The file (a link's target when the path is a link's text; read from the
project's root, else from the citing file's folder) must exist and hold a heading
(``#`` to ``######``, outside fenced code) whose text is exactly each section named.
A path to a Markdown file under docs/ named anywhere in those texts, and every
Markdown link to a .md file, must exist too.

Dotted names.  In the docstrings and comments of solver/ and tests/, a dotted name is
two or more identifiers joined by dots (``engine.policy.choose_guess``,
``policy.worth_guessing``, ``solver.grid.bitset.popcount``), plain or in backticks,
standing alone (not the tail of a path or of a longer dotted word, not followed by a
``(``-less file ending such as ``.py``).  When its leading part names a module of the
package (``solver.engine.policy``, ``engine.policy`` or ``policy`` for
solver/engine/policy.py), that module is imported and each further part must be an
attribute of the one before (a class's attribute that its methods set on ``self``
counts).  A dotted name whose leading part is no module of the package (``os.path``,
``Plan.pressed``, ``self.width``) is not this test's: tests/package/test_references.py
holds those against what the package defines.  A full name ``solver.X...`` must import
wherever it is written in solver/, docs/ and README.md, code included.

This module's own docstring shows the forms, so it is not read for citations.
"""

import ast
import importlib
import re
from pathlib import Path

from test_references import texts_of

ROOT = Path(__file__).resolve().parents[2]
SELF = Path(__file__).resolve()
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
QUOTED = r'\\?"([^"\n\\]+)\\?"'
CITATION = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.md)`?\]?(?:\(([\w./-]+\.md)\))?\)?(?:,\s*|\s+)"
                      r"(%s(?:\s*,\s*%s)*)" % (QUOTED, QUOTED))
LINK = re.compile(r"\]\(([\w./-]+\.md)(?:#[^)]*)?\)")
DOCS_PATH = re.compile(r"(?<![\w/.-])(docs/[\w./-]*\.md)\b")
DOTTED = re.compile(r"(?<![\w./`-])`{0,2}([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?![\w/-]|\.\w)")
FULL_NAME = re.compile(r"\bsolver(?:\.[A-Za-z_]\w*)+")
FILE_ENDINGS = {"py", "md", "txt", "sh", "html", "js", "json", "csv", "names", "sel", "c", "so", "toml", "cfg",
                "out", "err", "IO"}  # paiza.IO: a site, not the module paiza


def cited_texts():
    """Every file whose citations are checked."""
    found = [ROOT / "build.py", ROOT / "README.md"]
    for folder in ("solver", "tests", "tools", "bundler"):
        found += [p for p in sorted((ROOT / folder).rglob("*")) if p.suffix in (".py", ".sh", ".md")]
    return [p for p in found + sorted((ROOT / "docs").rglob("*.md")) if p.resolve() != SELF]


def headings(path):
    """The text of every heading of a Markdown file, outside its fenced code."""
    found, fenced = set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and HEADING.match(line):
            found.add(HEADING.match(line).group(1))
    return found


def joined(text):
    """The text with its line breaks (and a comment's leading #) read as spaces."""
    return re.sub(r"[ \t]*\n[ \t]*(?:#[ \t]*)?", " ", text)


def _target(path, cited):
    for base in (ROOT, path.parent):
        if (base / cited).is_file():
            return base / cited
    return None


def broken_citations(path):
    """'file: problem' for each citation of one file that leads nowhere."""
    label = path.relative_to(ROOT).as_posix()
    text = joined(path.read_text(encoding="utf-8"))
    bad = []
    for match in CITATION.finditer(text):
        cited = match.group(2) or match.group(1)
        target = _target(path, cited)
        if target is None:
            bad.append("%s: %s does not exist" % (label, cited))
            continue
        known = headings(target)
        bad += ['%s: %s has no section "%s"' % (label, cited, section)
                for section in re.findall(QUOTED, match.group(3)) if section not in known]
    for cited in DOCS_PATH.findall(text) + LINK.findall(text):
        if _target(path, cited) is None:
            bad.append("%s: %s does not exist" % (label, cited))
    return sorted(set(bad))


def test_every_cited_section_exists():
    bad = [problem for path in cited_texts() for problem in broken_citations(path)]
    assert bad == [], "\n".join(bad)


def test_the_check_sees_a_section_that_is_gone(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_text("# Page\n\n## Kept\n\n```sh\n# Inside code\n```\n")
    (docs / "other.md").write_text('See [page.md](page.md), "Kept", and [the page](page.md), "Kept".\n')
    code = tmp_path / "code.py"
    code.write_text('# (docs/page.md, "Kept"); docs/page.md "Inside code";\n# see docs/page.md,\n#   "Gone"\n'
                    '# docs/nowhere.md, "Kept"; [gone](gone.md)\n')
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        bad = broken_citations(code) + broken_citations(docs / "other.md")
    finally:
        ROOT = saved
    assert bad == ["code.py: docs/nowhere.md does not exist", 'code.py: docs/page.md has no section "Gone"',
                   'code.py: docs/page.md has no section "Inside code"', "code.py: gone.md does not exist"], bad


def package_modules():
    """Every name a module of the package goes by ("policy", "engine.policy", ...) -> [its import path]."""
    names = {}
    for path in sorted((ROOT / "solver").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        for start in range(len(parts)):
            names.setdefault(".".join(parts[start:]), []).append(".".join(parts))
    return names


def _set_on_self(cls, name):
    """Whether a method of the class `cls` assigns self.`name`."""
    source = importlib.import_module(cls.__module__).__loader__.get_source(cls.__module__)
    return any(isinstance(node, ast.ClassDef) and node.name == cls.__name__ and any(
        isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and sub.attr == name
        and getattr(sub.value, "id", None) == "self" for sub in ast.walk(node)) for node in ast.walk(ast.parse(source)))


def resolves(dotted, modules):
    """None when `dotted` does not start with a module of the package; else whether it resolves."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):  # the longest leading module first
        candidates = modules.get(".".join(parts[:cut]), ())
        for module in candidates:
            found = importlib.import_module(module)
            for name in parts[cut:]:
                if hasattr(found, name):
                    found = getattr(found, name)
                elif not (isinstance(found, type) and _set_on_self(found, name)):
                    break
                # an attribute set on self: nothing to look into past it
            else:
                return True
        if candidates and cut < len(parts):
            return False
    return None


def unresolved_names(path, modules):
    """'file:line: name' for each dotted name of the package in a docstring or comment that does not resolve."""
    label = path.relative_to(ROOT).as_posix()
    bad = []
    for line, text in texts_of(path):
        for dotted in DOTTED.findall(text):
            if dotted.rsplit(".", 1)[1] not in FILE_ENDINGS and resolves(dotted, modules) is False:
                bad.append("%s:%d: %s does not resolve" % (label, line, dotted))
    return bad


def test_every_dotted_name_in_a_docstring_or_comment_resolves():
    modules = package_modules()
    paths = sorted((ROOT / "solver").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    bad = [problem for path in paths if path.resolve() != SELF for problem in unresolved_names(path, modules)]
    assert bad == [], "\n".join(bad)


def test_every_full_name_in_the_code_and_the_docs_imports():
    # a name written whole outlives a move most easily (checkio's docstring named
    # the estimate under solver.probability after it had moved to solver.engine)
    modules = package_modules()
    texts = sorted((ROOT / "solver").rglob("*.py")) + sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
    stale = sorted({"%s: %s" % (path.relative_to(ROOT).as_posix(), match.group(0)) for path in texts
                    for match in FULL_NAME.finditer(path.read_text(encoding="utf-8"))
                    if not resolves(match.group(0), modules)})
    assert stale == []


def test_the_check_sees_a_dotted_name_that_is_gone(tmp_path):
    modules = package_modules()
    assert resolves("engine.policy.worth_guessing", modules) and resolves("solver.grid.bitset.popcount", modules)
    assert resolves("endgame.Endgame.best_move", modules) and resolves("os.path", modules) is None
    assert resolves("judge.Judge._safe_left", modules)  # set on self by a method, no class attribute
    module = tmp_path / "stale.py"
    module.write_text('"""Decided by (policy.worth_guessing_2025), see `engine.nothing` and tests/x.py."""\n'
                      "# endgame.best_move, paiza.IO, os.path.join\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        bad = unresolved_names(module, modules)
    finally:
        ROOT = saved
    assert len(bad) == 3 and "worth_guessing_2025" in bad[0] and "engine.nothing" in bad[1], bad
    assert "endgame.best_move" in bad[2], bad
