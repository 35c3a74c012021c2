"""The March on Mars package imports one way (docs/ARCHITECTURE.md, games), checked with the
same checker as the Moon's (tests/moon/test_moon_layers.py), and it reaches Walking on the
Moon's movement only through the shared games/lunar package, never games/moon."""

import ast
import importlib.util
from pathlib import Path

import cosmodrome.games.mars as mars

_spec = importlib.util.spec_from_file_location(
    "moon_layers_checker", Path(__file__).parents[1] / "moon" / "test_moon_layers.py")
_checker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_checker)
PACKAGE_DIR = Path(mars.__file__).parent


def test_mars_imports_one_way():
    problems = _checker.layer_problems(PACKAGE_DIR, "cosmodrome.games.mars", mars.LAYERS)
    assert problems == [], "\n".join(problems)


def test_mars_never_imports_the_moon_game():
    for path in PACKAGE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("cosmodrome.games.moon"), path.name
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("cosmodrome.games.moon") for a in node.names), path.name
