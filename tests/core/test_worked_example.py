"""The worked example of README "Add a game", the test game Pocket Race (``testing/toy.py``):
it plugs into the core as the four games do (a ``FlatState`` driven through ``Hooks``), and
the README's walk through it names only what exists."""

import ast
import doctest
import importlib
import re
from pathlib import Path

import cosmodrome.core as core
import cosmodrome.core.chance as chance
import cosmodrome.core.fields as fields
import cosmodrome.core.flat as flat
import cosmodrome.core.rng as rng_module
from cosmodrome.core import Event, get_game
from cosmodrome.testing import toy

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("venus", "cosmic_run", "moon", "mars")


def add_a_game() -> str:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("## Add a game")
    nxt = readme.find("\n## ", start + 1)
    return readme[start:nxt if nxt != -1 else len(readme)]


def spans(text: str) -> list:
    return re.findall(r"`([^`\n]+)`", text)


def named(span: str) -> list:
    """The names a span of code names: a name or dotted name, the function of a call (not its
    arguments), the target of an assignment; [] for what is not Python (a command, a
    placeholder such as ``RB: <section>``) and for a file name (checked apart)."""
    try:
        tree = ast.parse(span)
    except SyntaxError:
        return []
    out = []

    def dotted(node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else None

    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            out += [dotted(t) for t in stmt.targets]
            node = stmt.value
        elif isinstance(stmt, ast.Expr):
            node = stmt.value
        else:
            continue
        if isinstance(node, ast.Call):
            out.append(dotted(node.func))
            out += [dotted(a.func) for a in node.args if isinstance(a, ast.Call)]
        else:
            out.append(dotted(node))
    return [n for n in out if n and n != "None"]


#: the names the walk-through gives as a real game's, not the example's, and the modules the
#: README says hold them: every game package's ``LAYERS``, Cosmic Run's ``next_pick`` hook, the
#: ``action_kind`` of a game whose ids pack several numbers (the Moon's, Mars's)
GAME_NAMES = {"LAYERS": tuple(f"cosmodrome.games.{g}" for g in GAMES),
              "next_pick": ("cosmodrome.games.cosmic_run.state",),
              "action_kind": ("cosmodrome.games.moon.state", "cosmodrome.games.mars.state")}


def in_its_games(name: str) -> bool:
    """Whether ``name``, one of :data:`GAME_NAMES`, is in each module the README gives it to."""
    return name in GAME_NAMES and all(exists(name, [importlib.import_module(m)]) for m in GAME_NAMES[name])


def places() -> list:
    """Where a bare name of the walk-through may live: the example (its module, state, game
    and hooks), the core and the Event record; a game's own name is written in full
    (``cosmodrome.games.moon.LAYERS``)."""
    state = toy.GAME.new_state(2, seed=0)
    return [toy, state, toy.GAME, core, flat, fields, chance, rng_module, Event]


def exists(name: str, where: list) -> bool:
    parts = name.split(".")
    for i in range(len(parts), 0 if parts[0] == "cosmodrome" else len(parts), -1):   # a module, then its attribute
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for p in parts[i:]:
                obj = getattr(obj, p)
            return True
        except AttributeError:
            return False
    for base in where:
        obj = base
        hooks = getattr(base, "HOOKS", None)
        if len(parts) == 1 and hooks is not None and parts[0] in hooks.names:
            return True   # a hook's name (each game's table)
        try:
            for p in parts:
                obj = getattr(obj, p)
            return True
        except AttributeError:
            continue
    return False


def test_named_finds_the_names_of_code_and_only_those():
    assert named("GAME = register(PocketRace())") == ["GAME", "register", "PocketRace"]
    assert named("_new_state(players, seed, options)") == ["_new_state"]
    assert named("cosmodrome.core.flat") == ["cosmodrome.core.flat"]
    assert named("RB: <section>") == [] and named(".venv/bin/pip install -e .") == []
    assert named('"turn"') == [] and named("quiet=True") == ["quiet"]


def test_exists_refuses_a_name_that_is_nowhere():
    where = places()
    assert exists("PocketState.clone", where) and exists("rng.draw", where)
    # a real game's name is not the example's: found only where the README puts it
    assert not exists("next_pick", where) and not exists("action_kind", where) and not exists("LAYERS", where)
    assert in_its_games("next_pick") and in_its_games("LAYERS") and not in_its_games("FIELDS")
    assert not exists("PocketState.cloned", where) and not exists("cosmodrome.core.flat.Hook", where)
    assert not exists("FlatStates", where)


def test_add_a_game_names_only_what_exists():
    """Every name of code the README's "Add a game" gives exists under that name: the toy's
    pieces and the core's helpers there, a real game's (``LAYERS``, a hook) in the game it
    names (:data:`GAME_NAMES`); and every file it names is in the tree."""
    where = places()
    missing = []
    for span in spans(add_a_game()):
        if re.fullmatch(r"[\w./<>' -]+\.(py|toml|js|md)", span):
            if "<" not in span and not (ROOT / span).exists() and not list(ROOT.glob(f"src/**/{span}")):
                missing.append(span)
            continue
        missing += [n for n in named(span) if not exists(n, where) and not in_its_games(n)]
    assert not missing, f"README 'Add a game' names what does not exist: {missing}"


def test_add_a_game_walks_through_every_piece_of_the_example():
    """The walk-through names each of the example's hooks and fields, and quotes the code it
    shows whole (not elided) as the example writes it."""
    text = add_a_game()
    names = {n for s in spans(text) for n in named(s)} | set(spans(text))
    assert set(toy.HOOKS.names) <= names
    assert {row[0] for row in toy.FIELDS} - {"deck", "hands", "tracks"} <= names   # the plain ones need no word
    source = Path(toy.__file__).read_text()
    quoted = [s for s in spans(text) if " = " in s and "..." not in s]
    assert quoted and all(s in source for s in quoted), quoted


def test_the_example_is_a_flat_state_declaring_the_hooks_flat_state_calls():
    """Pocket Race's state is a FlatState whose hooks are exactly those FlatState calls (the
    protocol; a real game adds its own above them), all registered."""
    called = set(re.findall(r"self\.HOOKS\.(\w+)\(", Path(flat.__file__).read_text()))
    assert called == {"legal", "perform", "action_json", "prompt", "view"}
    state = toy.GAME.new_state(3, seed=2)
    assert isinstance(state, flat.FlatState) and type(state).HOOKS is toy.HOOKS
    assert set(toy.HOOKS.names) == called and toy.HOOKS.unregistered() == ()


def test_the_example_keeps_its_turns_under_the_key_of_its_first_saves():
    s = get_game("pocket-race").new_state(2, seed=5)
    s.apply(s.legal_actions()[0])
    saved = s.to_json()
    assert s.decisions == 1 and saved["turn"] == 1 and "decisions" not in saved
    assert list(saved) == ["game", "players", "options", "rng", "deck", "hands", "tracks", "turn"]


def test_the_example_doctests():
    assert doctest.testmod(toy).failed == 0
