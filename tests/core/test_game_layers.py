"""The modules of a game package import one way (docs/ARCHITECTURE.md, games).

Written for any game package: :func:`layer_problems` reads every module of a package with
``ast`` and reports (a) an import placed inside a function or method body that reaches a
module of the same package or of ``cosmodrome.games``, (b) any ``__import__`` or
``importlib`` use, (c) an import that goes against the package's declared ``LAYERS`` (a
module may import the modules of earlier layers and those listed before it in its own
layer), and a module the layers do not name. Every package under ``cosmodrome/games`` (each
game, and a package games share) must declare its ``LAYERS``.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import cosmodrome.games

#: every package under cosmodrome/games: each game and each package games share
PACKAGES = sorted(f"cosmodrome.games.{p.parent.name}"
                  for p in Path(cosmodrome.games.__file__).parent.glob("*/__init__.py"))


def _order(layers) -> dict:
    """Module name -> its position in the flattened layer order; the face (``__init__``)
    comes last when the layers do not name it."""
    flat = [m for layer in layers for m in layer]
    if "__init__" not in flat:
        flat.append("__init__")
    return {m: i for i, m in enumerate(flat)}


def _is_game(target: str) -> bool:
    """Whether the ``cosmodrome.games`` name ``target`` lies in a game's package (one with a
    ``GAME``), as opposed to a package games share (such as their common movement rules)."""
    parts = target.split(".")
    if len(parts) < 3:
        return False
    try:
        return hasattr(importlib.import_module(".".join(parts[:3])), "GAME")
    except ImportError:
        return True


def _targets(node: ast.AST, package: str, here: str, modules: set) -> list:
    """The modules of ``package`` (by short name, ``__init__`` for the package itself) and the
    other ``cosmodrome.games`` names an import statement reaches."""
    out = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
        for n in names:
            if n == package:
                out.append("__init__")
            elif n.startswith(package + "."):
                out.append(n[len(package) + 1:].split(".")[0])
            elif n.startswith("cosmodrome.games"):
                out.append(n)
        return out
    assert isinstance(node, ast.ImportFrom)
    if node.level:   # relative: from . import x / from .x import y
        base = package if node.level == 1 else package.rsplit(".", node.level - 1)[0]
        mod = f"{base}.{node.module}" if node.module else base
    else:
        mod = node.module or ""
    if mod == package:
        for a in node.names:
            out.append(a.name if a.name in modules else "__init__")
    elif mod.startswith(package + "."):
        out.append(mod[len(package) + 1:].split(".")[0])
    elif mod.startswith("cosmodrome.games"):
        out.append(mod)
    return out


def layer_problems(directory: Path, package: str, layers) -> list:
    """Every breach of the import rules in the package at ``directory`` (empty when clean)."""
    modules = {p.stem for p in directory.glob("*.py")}
    order = _order(layers)
    problems = [f"{m}.py is in no layer" for m in sorted(modules - set(order))]
    for path in sorted(directory.glob("*.py")):
        me = path.stem
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        in_function = set()
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                for inner in ast.walk(fn):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        in_function.add(id(inner))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
                problems.append(f"{me}.py:{node.lineno}: __import__ call")
            if isinstance(node, ast.Name) and node.id == "importlib":
                problems.append(f"{me}.py:{node.lineno}: importlib used")
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if any(a.name.split(".")[0] == "importlib" for a in node.names) or (
                    isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "importlib"):
                problems.append(f"{me}.py:{node.lineno}: imports importlib")
            for target in _targets(node, package, me, modules):
                if target.startswith("cosmodrome.games") and not target.startswith(package):
                    if id(node) in in_function:
                        problems.append(f"{me}.py:{node.lineno}: imports {target} inside a function")
                    if _is_game(target):
                        problems.append(f"{me}.py:{node.lineno}: imports another game's module {target}")
                    continue
                if id(node) in in_function:
                    problems.append(f"{me}.py:{node.lineno}: imports {target} inside a function")
                if target == me:
                    continue
                if target in order and me in order and order[target] >= order[me]:
                    problems.append(f"{me}.py:{node.lineno}: imports {target}, which comes after it in LAYERS")
    return problems


def _declared(package: str):
    mod = importlib.import_module(package)
    assert hasattr(mod, "LAYERS"), f"{package} declares no LAYERS (docs/ARCHITECTURE.md, games)"
    return mod.LAYERS


def test_every_game_package_is_checked():
    assert {"cosmodrome.games.venus", "cosmodrome.games.cosmic_run", "cosmodrome.games.moon",
            "cosmodrome.games.lunar", "cosmodrome.games.mars"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_game_package_imports_one_way(package):
    mod = importlib.import_module(package)
    problems = layer_problems(Path(mod.__file__).parent, package, _declared(package))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_layer_names_a_module_of_the_package(package):
    mod = importlib.import_module(package)
    here = {p.stem for p in Path(mod.__file__).parent.glob("*.py")}
    named = [m for layer in _declared(package) for m in layer]
    assert len(named) == len(set(named)), "a module is named in two layers"
    assert set(named) <= here, f"LAYERS names modules that do not exist: {sorted(set(named) - here)}"


def _write(tmp_path: Path, files: dict) -> Path:
    d = tmp_path / "pkg"
    d.mkdir()
    for name, text in files.items():
        (d / f"{name}.py").write_text(text, encoding="utf-8")
    return d


LAYERS = (("data",), ("rules", "more"), ("__init__",))


def test_checker_refuses_a_module_importing_the_face_or_another_game(tmp_path):
    d = _write(tmp_path, {"__init__": "GAME = 1\n", "data": "", "more": "",
                          "rules": "from cosmodrome.games.demo import GAME\nimport cosmodrome.games.venus.state\n"})
    text = "\n".join(layer_problems(d, "cosmodrome.games.demo", (("data",), ("rules", "more"))))
    assert "rules.py:1: imports __init__, which comes after it in LAYERS" in text
    assert "rules.py:2: imports another game's module cosmodrome.games.venus.state" in text


def test_checker_accepts_a_clean_package(tmp_path):
    d = _write(tmp_path, {
        "__init__": "from cosmodrome.games.demo import rules\nfrom cosmodrome.games.demo.data import X\n",
        "data": "X = 1\n",
        "rules": "from cosmodrome.games.demo import data\nfrom .data import X\n",
        "more": "from cosmodrome.games.demo.rules import data\nimport json\n\ndef f():\n    import json\n",
    })
    assert layer_problems(d, "cosmodrome.games.demo", LAYERS) == []


def test_checker_finds_each_kind_of_breach(tmp_path):
    d = _write(tmp_path, {
        "__init__": "",
        "data": "from cosmodrome.games.demo.rules import f\n",                        # upwards
        "rules": ("def f():\n    from cosmodrome.games.demo import more\n"             # in a function, upwards
                  "g = lambda: __import__('cosmodrome.games.demo.more')\n"             # __import__
                  "import importlib\n"                                                  # importlib
                  "def h():\n    from cosmodrome.games.other import x\n"),              # another game, in a function
        "more": "from . import rules\n",
        "stray": "",
    })
    problems = layer_problems(d, "cosmodrome.games.demo", LAYERS)
    text = "\n".join(problems)
    assert "stray.py is in no layer" in text
    assert "data.py:1: imports rules, which comes after it in LAYERS" in text
    assert "rules.py:2: imports more inside a function" in text
    assert "rules.py:2: imports more, which comes after it in LAYERS" in text
    assert "rules.py:3: __import__ call" in text
    assert "rules.py:4: imports importlib" in text
    assert "rules.py:6: imports cosmodrome.games.other inside a function" in text
    assert "rules.py:6: imports another game's module cosmodrome.games.other" in text
    assert not any(p.startswith("more.py") for p in problems)   # 'more' imports 'rules', listed before it
