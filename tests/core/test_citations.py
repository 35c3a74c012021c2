"""One citation style for the rulebook in every game's docstrings (docs/ARCHITECTURE.md,
"Citing the rulebook"): ``RB: <section>`` (a section named by its heading, in quotes only where
the heading is a question or an exclamation: ``RB: "How do I jump?"``, ``RB: Special training``),
never ``(rules, "...")`` or ``Rules, "..."``, ``RB Section`` or
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
OTHER_STYLE = re.compile(r'\([Rr]ules,\s+"|\b[Rr]ules,\s+"|^Rules, |\bRB (?=["A-Z])|\bRB cards?:|\brulebook: (?=[A-Z])')


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


#: a heading in quotes right after ``RB:`` that is not a question or an exclamation (nor
#: one elided: ``"How do I..."``)
QUOTED_TITLE = re.compile(r'RB:\s+"([^"]*[^?!.])"')


@pytest.mark.parametrize("package", PACKAGES + ("lunar",))
def test_a_heading_is_quoted_only_when_it_is_a_question_or_an_exclamation(package):
    """Mars and the Moon quoted every heading and Venus and Cosmic Run none: the one rule is
    quotes for a question or an exclamation (the headings a reader could take for our own
    sentence), none for a title (``RB: Special training``), in docstrings and comments."""
    wrong = [f"{package}/{path.name}: {m.group(0)!r}"
             for path in sorted((GAMES / package).glob("*.py"))
             for m in QUOTED_TITLE.finditer(path.read_text(encoding="utf-8"))]
    assert wrong == []


#: a question or exclamation heading cited without its quotes: right after ``RB:`` or after
#: the ``;`` or ``/`` between sections of one citation
BARE_QUESTION = re.compile(r'(?:RB:|;|/)\s+([A-Z][A-Za-z\' ]*[?!])')


@pytest.mark.parametrize("package", PACKAGES + ("lunar",))
def test_a_question_heading_is_quoted(package):
    """The other half of the rule: ``RB: "How do I jump?"``, never ``RB: How do I jump?`` (a
    reader takes the bare question for our own), in the code and in the component data's
    sources."""
    wrong = [f"{package}/{path.name}:{n}: {m.group(1)!r}"
             for path in sorted([*(GAMES / package).glob("*.py"), *(GAMES / package).glob("*.toml")])
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for m in BARE_QUESTION.finditer(line)]
    assert wrong == []


@pytest.mark.parametrize("package", PACKAGES)
def test_every_rule_module_cites_the_rulebook(package):
    silent = [m for m in rule_modules(package)
              if not any("RB: " in doc for _, doc in docstrings(GAMES / package / f"{m}.py"))]
    assert silent == []


def sources(data) -> list[str]:
    """Every ``source`` text of a component file, however deep its table."""
    if isinstance(data, dict):
        own = [data["source"]] if isinstance(data.get("source"), str) else []
        return own + [s for v in data.values() for s in sources(v)]
    if isinstance(data, list):
        return [s for v in data for s in sources(v)]
    return []


@pytest.mark.parametrize("package", PACKAGES)
def test_component_sources_cite_the_rulebook_the_same_way(package):
    # the sources are shown to players and designers ("About this game", the lab's form): one
    # style there too, ``RB: <section>``
    import tomllib
    data = tomllib.loads((GAMES / package / "components.toml").read_text(encoding="utf-8"))
    found = sources(data)
    assert found, "no sources read: the walk missed the file's shape"
    assert [s for s in found if OTHER_STYLE.search(s)] == []
