"""The README's Python examples run as written, and say what they show."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_python_example_of_the_readme_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, "the README shows how to call the classic player"
    for block in blocks:
        scope = {}
        exec(compile(block, "README.md", "exec"), scope)
        if "ClassicPlayer" in block:
            player, (x, y) = scope["player"], (scope["x"], scope["y"])
            assert 0 <= x < player.width and 0 <= y < player.height
            assert player.values[y * player.width + x] == -1  # a closed cell


def test_the_readme_is_read_in_five_minutes():
    # what it is, the quick start, results at a glance, commands, layout: 150 lines at most
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 150
