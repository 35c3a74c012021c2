"""One citation style for the rulebook in every game's docstrings (docs/ARCHITECTURE.md,
"Citing the rulebook"): ``RB: <section>`` (a section named by its heading, in quotes where the
heading is a question: ``RB: "How do I jump?"``), never ``(rules, "...")``, ``RB Section`` or
``RB card: ...``; and every rule module cites the rulebook."""

import ast
import importlib
import re
from pathlib import Path

import pytest

import cosmodrome.games as games_pkg

GAMES = Path(games_pkg.__file__).parent
PACKAGES = ("venus", "cosmic_run", "moon", "mars")
#: the other styles the games once used
OTHER_STYLE = re.compile(r'\(rules, "|\brules, "|\bRB (?=["A-Z])|\bRB cards?:|\brulebook: (?=[A-Z])')


def docstrings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append((getattr(node, "lineno", 1), doc))
    return out


def rule_modules(package: str) -> list[str]:
    """The modules of the package's rules layer (the third of its ``LAYERS``)."""
    layers = importlib.import_module(f"cosmodrome.games.{package}").LAYERS
    return [m for m in layers[2]]


@pytest.mark.parametrize("package", PACKAGES + ("lunar",))
def test_docstrings_cite_the_rulebook_one_way(package):
    wrong = [f"{package}/{path.name}:{line}: {m.group(0)!r}"
             for path in sorted((GAMES / package).glob("*.py"))
             for line, doc in docstrings(path)
             for m in OTHER_STYLE.finditer(doc)]
    assert wrong == []


@pytest.mark.parametrize("package", PACKAGES)
def test_every_rule_module_cites_the_rulebook(package):
    silent = [m for m in rule_modules(package)
              if not any("RB: " in doc for _, doc in docstrings(GAMES / package / f"{m}.py"))]
    assert silent == []
