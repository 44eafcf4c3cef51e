"""The package's layers: every import goes the way the layers' docstrings say; the bundler
beside it lists its steps.

Each folder of solver/ is a layer whose __init__ docstring ends its description
with a line "May import: a, b." (or "the standard library only", or "every
layer").  This test reads those lines and checks every module's imports against
them, so the docstrings and the code cannot drift apart.
"""

import ast
import re
from pathlib import Path

import pytest

SOLVER_DIR = Path(__file__).resolve().parents[2] / "solver"
LAYERS = sorted(path.name for path in SOLVER_DIR.iterdir() if (path / "__init__.py").exists())
TOP = "top"  # the modules directly in solver/ (cli, __main__, the checkio entry point)


def allowed_imports(layer):
    """The layers `layer` may import, from its __init__ docstring's "May import:" line."""
    doc = ast.get_docstring(ast.parse((SOLVER_DIR / layer / "__init__.py").read_text(encoding="utf-8")))
    found = re.search(r"May import:\s*([^\n]*)", doc or "")
    assert found, "solver/%s/__init__.py does not say what it may import" % layer
    said = found.group(1).strip().rstrip(".")
    if said.startswith("every layer"):
        return set(LAYERS)
    if said.startswith("the standard library only"):
        return set()
    names = {name.strip() for name in re.split(r",|\band\b", said.split(".")[0]) if name.strip()}
    assert names <= set(LAYERS), (layer, names - set(LAYERS))
    return names


def layer_of(module):
    """The layer of a dotted module name under solver ("engine.player" -> "engine")."""
    parts = module.split(".")
    return parts[0] if len(parts) > 1 else TOP


def imports_of(path):
    """[(line, imported dotted module under solver)] of a module's imports of the package."""
    package = list(path.relative_to(SOLVER_DIR).parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            target = base + (node.module.split(".") if node.module else [])
            if SOLVER_DIR.joinpath(*target).is_dir():  # "from ..contest import plantables": a module
                target.append(node.names[0].name)
            found.append((node.lineno, ".".join(target)))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "solver":
            found.append((node.lineno, node.module.split(".", 1)[1] if "." in node.module else ""))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name.split(".", 1)[1]) for a in node.names if a.name.startswith("solver."))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):  # "solver.commands." + name
                found.append((node.lineno, arg.left.value.split(".", 1)[1].rstrip(".") + ".x"))
    return found


def violations(path, allowed):
    """Lines of `path` importing a layer its own layer may not import."""
    module = ".".join(path.relative_to(SOLVER_DIR).with_suffix("").parts)
    own = layer_of(module)
    out = []
    for line, target in imports_of(path):
        other = layer_of(target)
        if other != own and other not in allowed.get(own, set()):
            out.append("solver/%s:%d imports %s (layer %s may import %s)"
                       % (path.relative_to(SOLVER_DIR), line, target, own, sorted(allowed.get(own, ())) or "nothing"))
    return out


def rules():
    allowed = {layer: allowed_imports(layer) for layer in LAYERS}
    # cli lists the commands and meets its streams as the contest entry does
    # (contest.streams); checkio.py re-exports the mission's function
    allowed[TOP] = {"commands", "variants", "contest"}
    return allowed


def test_every_layer_says_what_it_may_import():
    assert {"grid", "official", "engine", "contest", "lab", "pages", "commands", "variants"} <= set(LAYERS)
    assert allowed_imports("grid") == set()
    assert allowed_imports("engine") == {"grid"}  # fair play: the engine never sees the board


def test_every_import_goes_the_way_the_layers_allow():
    allowed = rules()
    found = [v for path in sorted(SOLVER_DIR.rglob("*.py")) for v in violations(path, allowed)]
    assert found == []


def test_the_check_finds_an_import_against_the_layers(tmp_path, monkeypatch):
    sneaky = tmp_path / "engine" / "sneaky.py"
    sneaky.parent.mkdir()
    (tmp_path / "grid").mkdir()
    sneaky.write_text("from ..official.judge import Judge\nfrom .policy import choose_guess\nfrom ..grid import bitset\n")
    monkeypatch.setattr("test_layers.SOLVER_DIR", tmp_path)
    found = violations(sneaky, {"engine": {"grid"}})
    assert len(found) == 1 and "official.judge" in found[0]


@pytest.mark.parametrize("layer", LAYERS)
def test_each_module_of_a_layer_says_what_it_owns(layer):
    for path in sorted((SOLVER_DIR / layer).rglob("*.py")):
        assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), path


def test_the_bundler_reads_as_its_pipeline():
    # bundler/ (beside solver/, no layer of it) lists its steps in its __init__ docstring
    folder = SOLVER_DIR.parent / "bundler"
    listed = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), path
        if path.stem != "__init__":
            assert "`%s`" % path.stem in listed, path
        assert not any(isinstance(node, ast.ImportFrom) and (node.module or "").startswith("solver")
                       for node in ast.walk(tree)), path
