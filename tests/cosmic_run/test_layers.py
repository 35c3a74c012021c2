"""The Cosmic Run package imports one way (ARCHITECTURE: games): the order is declared as data
(``LAYERS`` in the package's ``__init__``) and every module's imports are read with ``ast``.

A module may import modules of earlier layers and, within its own layer, modules listed
before it; the face (``__init__``) may import them all. Nothing imports a sibling or another
game module inside a function, and nobody uses ``__import__`` or importlib to get round it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cosmodrome.games.cosmic_run as pkg

PACKAGE = "cosmodrome.games.cosmic_run"
GAMES = "cosmodrome.games"
DIR = Path(pkg.__file__).parent
MODULES = sorted(p.stem for p in DIR.glob("*.py") if p.stem != "__init__")


def rank() -> dict[str, int]:
    """Module name → position in the declared order."""
    order = [m for layer in pkg.LAYERS for m in layer]
    return {m: i for i, m in enumerate(order)}


def imports(tree: ast.AST, module: str) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for every import of a ``cosmodrome.games``
    module; ``from cosmodrome.games.cosmic_run import a, b`` counts as importing the modules a
    and b (or the face, for a name such as ``GAME``)."""
    out: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_func: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_func or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                out.extend((a.name, child.lineno, in_func) for a in child.names if a.name.startswith(GAMES))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:                           # relative: from . import x / from .x import y
                    base = ".".join([PACKAGE] + ([base] if base else []))
                if base == PACKAGE:               # a submodule, or a name of the face (GAME...)
                    out.extend((f"{PACKAGE}.{a.name}" if a.name in MODULES else PACKAGE, child.lineno, in_func)
                               for a in child.names)
                elif base.startswith(GAMES):
                    out.append((base, child.lineno, in_func))
            visit(child, inside)

    visit(tree, False)
    return out


def dynamic_imports(tree: ast.AST) -> list[int]:
    """Lines using ``__import__`` or importlib."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "__import__":
            lines.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "__import__":
            lines.append(node.lineno)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            if any(n == "importlib" or n.startswith("importlib.") for n in names):
                lines.append(node.lineno)
    return sorted(lines)


def problems(name: str, source: str, order: dict[str, int]) -> list[str]:
    """What is wrong with the imports of module ``name`` (``__init__`` for the face)."""
    tree = ast.parse(source)
    bad = [f"{name}:{line}: __import__ or importlib" for line in dynamic_imports(tree)]
    for target, line, in_func in imports(tree, name):
        if in_func:
            bad.append(f"{name}:{line}: imports {target} inside a function")
        if not target.startswith(PACKAGE + ".") and target != PACKAGE:
            bad.append(f"{name}:{line}: imports another game's module {target}")
            continue
        if name == "__init__":
            continue
        sub = target[len(PACKAGE) + 1:].split(".")[0] if target != PACKAGE else ""
        if sub == "":
            bad.append(f"{name}:{line}: imports the package's face")
        elif sub not in order:
            bad.append(f"{name}:{line}: imports {sub}, which is in no layer")
        elif order[sub] >= order[name]:
            bad.append(f"{name}:{line}: imports {sub}, which comes after it in LAYERS")
    return bad


def test_layers_name_every_module_once():
    order = [m for layer in pkg.LAYERS for m in layer]
    assert sorted(order) == MODULES
    assert len(order) == len(set(order))
    assert pkg.LAYERS[0] == ["components", "state"] and pkg.LAYERS[1] == ["text"]


@pytest.mark.parametrize("name", MODULES + ["__init__"])
def test_imports_follow_the_declared_order(name):
    source = (DIR / f"{name}.py").read_text(encoding="utf-8")
    assert problems(name, source, rank()) == []


def test_checker_catches_each_kind_of_bad_import():
    """The checker itself: an upward import, one inside a function, another game's module,
    a dynamic import and the face are each reported."""
    order = rank()
    upward = "from cosmodrome.games.cosmic_run import rounds\n"
    assert problems("mines", upward, order) == ["mines:1: imports rounds, which comes after it in LAYERS"]
    assert problems("rounds", "from cosmodrome.games.cosmic_run import mines\n", order) == []
    in_func = "def f():\n    from cosmodrome.games.cosmic_run import scoring\n"
    assert problems("rounds", in_func, order) == ["rounds:2: imports cosmodrome.games.cosmic_run.scoring inside a function"]
    other = "import cosmodrome.games.venus.state\n"
    assert problems("rounds", other, order) == ["rounds:1: imports another game's module cosmodrome.games.venus.state"]
    dyn = "m = __import__('cosmodrome.games.cosmic_run.rounds')\nimport importlib\n"
    assert problems("mines", dyn, order) == ["mines:1: __import__ or importlib", "mines:2: __import__ or importlib"]
    face = "from cosmodrome.games.cosmic_run import GAME\n"
    assert problems("heuristic", face, order) == ["heuristic:1: imports the package's face"]
    relative = "from . import rounds\n"
    assert problems("mines", relative, order) == ["mines:1: imports rounds, which comes after it in LAYERS"]
    same_layer_later = "from cosmodrome.games.cosmic_run.state import HOOKS\n"
    assert problems("components", same_layer_later, order) == [
        "components:1: imports state, which comes after it in LAYERS"]
