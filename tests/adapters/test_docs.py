"""docs/RESEARCH.md: its examples run, and its tensor table matches the code."""

import re
import runpy
from pathlib import Path

import pettingzoo  # noqa: F401  (installed by the test command)
import pyspiel  # noqa: F401  (installed by the test command)
import pytest

from cosmodrome.adapters.tensor import schema_for  # noqa: E402
from cosmodrome.core import UnknownGameError, get_game  # noqa: E402
from cosmodrome.testing import toy  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"
DOC = (DOCS / "RESEARCH.md").read_text(encoding="utf-8")
EXAMPLES = sorted((DOCS / "examples").glob("*.py"))


def _venus_or_toy() -> str:
    try:
        get_game("venus")
        return "venus"
    except UnknownGameError:
        return "pocket-race"


def test_every_example_is_linked_from_the_doc():
    assert EXAMPLES
    for path in EXAMPLES:
        assert f"examples/{path.name}" in DOC, path.name


# the ISMCTS match runs on pocket-race only: on the real games its budget is minutes; the
# training example needs the rl extra and has its own test (tests/bots/test_policy_bot.py)
RUNS = [(p, g) for p in EXAMPLES for g in ("pocket-race", "cosmic-run", "moon")
        if (p.name != "ismcts_match.py" or g == "pocket-race") and p.name != "train_maskable_ppo.py"]


PLAYERS = {"pocket-race": 2, "cosmic-run": 1, "moon": 2}


@pytest.mark.parametrize("path,game", RUNS, ids=lambda v: getattr(v, "name", v))
def test_examples_run(path, game):
    main = runpy.run_path(str(path))["main"]
    if path.name == "ismcts_match.py":
        wins = main(game, 2, 20)
        assert sum(wins.values()) <= 2.0 and len(wins) == 2
    elif path.name == "gymnasium_random.py":
        assert 0.0 <= main(game, PLAYERS[game]) <= 1.0
    elif path.name == "reinforce_numpy.py":      # a few episodes; the policy file is a ladder bot
        import tempfile

        from cosmodrome.bots import make_bot
        out = str(Path(tempfile.mkdtemp()) / "policy.npz")
        shares = main(game, PLAYERS[game], episodes=3, out=out)
        assert len(shares) == PLAYERS[game] and all(0.0 <= v <= 1.0 for v in shares)
        state = get_game(game).new_state(PLAYERS[game], seed=1)
        assert make_bot(f"linear:path={out}", game, 1).choose(state) in state.legal_actions()
    else:
        players = PLAYERS[game]
        out = main(game, players)
        values = list(out.values()) if isinstance(out, dict) else list(out)
        assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("index", range(DOC.count("```python")))
def test_doc_snippets_run(index, capsys):
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    code = blocks[index].replace('"venus"', f'"{_venus_or_toy()}"')
    exec(compile(code, f"RESEARCH.md block {index}", "exec"), {})
    assert capsys.readouterr().out.strip()


def test_pocket_race_table_matches_the_code():
    m = re.search(r"<!-- pocket-race-table -->\n(.*?)\n<!-- /pocket-race-table -->", DOC, re.S)
    assert m, "the pocket-race table markers are missing"
    assert m.group(1).strip() == schema_for(toy.GAME, 2).table().strip()


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_lengths_tables_bounds_and_tensor_sizes_are_the_codes():
    """"How long a game can be": each row's bound on decisions, bound on chance nodes (+ the
    set-up's), and perfect-recall tensor sizes are what the code gives now (the measured
    columns are left as measured)."""
    from cosmodrome.adapters.recall import recall_layout
    table = DOC.split("<!-- lengths-table -->")[1].split("<!-- /lengths-table -->")[0]
    names = {"Onward to Venus": "venus", "Cosmic Run": "cosmic-run", "Walking on the Moon": "moon",
             "March on Mars": "mars"}
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table.splitlines()
            if line.startswith("| ") and not line.startswith("| game")]
    assert len(rows) == 10
    for title, players, bound, _longest, chance, _met, tensors in rows:
        advanced = title.endswith(", advanced")
        try:
            g = get_game(names[title.removesuffix(", advanced")])
        except UnknownGameError:
            continue
        n, opts = int(players), g.resolve_options({"advanced": True} if advanced else {})
        nodes, deal = (_number(x) for x in chance.split("+"))
        explicit, sampled = (_number(x) for x in tensors.split("/"))
        assert (_number(bound), nodes, deal) == (g.max_game_length(n, opts), g.max_chance_nodes(n, opts),
                                                 g.max_deal_nodes(n, opts)), (title, players)
        assert (explicit, sampled) == (recall_layout(g, n, opts, True).size,
                                       recall_layout(g, n, opts, False).size), (title, players)


def test_the_observation_sizes_the_docs_give_are_the_codes():
    sizes = {"venus": "Onward to Venus", "cosmic-run": "Cosmic Run", "moon": "Walking on the Moon",
             "mars": "March on Mars"}
    said = DOC.split("Sizes (2 players):")[1].split("entries")[0].replace("\n", " ")
    for name, title in sizes.items():
        try:
            g = get_game(name)
        except UnknownGameError:
            continue
        size = schema_for(g, 2).size
        assert f"{title} {size:,}" in said, (title, size, said)
