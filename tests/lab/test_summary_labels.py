"""The words of each game's summary counters (``Game.summary_labels``): declared in the game's
package, carried by a lab run's results (kept runs too), and written by the lab page through the
reader's catalog, which has them in Hungarian."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cosmodrome.core import get_game
from cosmodrome.i18n import translator
from cosmodrome.lab import compare
from cosmodrome.lab.runner import GameResult
from cosmodrome.server.labruns import Run

#: the lab's games with every player count whose summary differs (Cosmic Run's solo: the Zorlord)
GAMES = [("venus", 2), ("venus", 5), ("cosmic-run", 1), ("cosmic-run", 2), ("moon", 2), ("mars", 3)]


def finished_summary(name: str, players: int, seed: int) -> dict:
    s = get_game(name).new_state(players, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s.summary()


@pytest.mark.parametrize("name, players", GAMES)
def test_every_counter_a_game_sums_has_words_of_its_own_in_hungarian_too(name, players):
    labels = get_game(name).summary_labels
    hu = translator("hu")
    for seed in range(3):
        counters = {k for k, v in finished_summary(name, players, seed).items() if not isinstance(v, str)}
        assert counters and counters <= set(labels), counters - set(labels)
    for label in labels.values():
        assert hu.gettext(label) != label, label


def test_a_runs_results_carry_the_words_and_a_kept_older_run_gets_them_too():
    rs = [GameResult(i, i, ["random", "random"], [0], [1.0, 0.0], [3.0, 1.0], 10, summary={"accidents": i})
          for i in range(4)]
    res = compare.results(rs, rs, 2, "moon")
    assert res["labels"] == dict(get_game("moon").summary_labels) and res["labels"]["accidents"] == "accidents"
    old = {k: v for k, v in res.items() if k != "labels"}   # stored by a server before the labels
    run = Run(id="r1", game="moon", players=2, games=4, bots=["random", "random"], variant={"name": "x"},
              seed=1, owner={"account": 1}, status="done", results=old)
    assert run.public()["results"]["labels"] == res["labels"]
    assert "labels" not in run.results   # the stored run is left as it was


def test_the_lab_page_keeps_no_words_of_the_games_counters():
    lab_js = Path(compare.__file__).parent.parent / "web" / "js" / "lab.js"
    text = lab_js.read_text(encoding="utf-8")
    for label in {w for g in ("venus", "cosmic-run", "moon", "mars") for w in get_game(g).summary_labels.values()}:
        assert f't("{label}")' not in text, label
    assert "COUNTERS" not in text


@pytest.mark.parametrize("name", sorted(compare.OWN))
def test_a_breakdown_row_of_one_counter_reads_the_games_own_label(name):
    """A game's breakdown names a counter by the game's own label (``summary_labels``), not by
    a second wording of it: only a row per seat ("Seat {seat}: ...") writes its own."""
    labels = get_game(name).summary_labels
    for label, key, sub in compare.OWN[name][1]:
        assert label is None or "{seat}" in label, (name, key, label)
        assert label is not None or key in labels, (name, key)
    b = [GameResult(index=0, seed=1, bots=["random", "random"], winners=[0], returns=[1, -1],
                    scores=[1, 0], decisions=10, summary={"accidents": 2, "arrived": 3, "rounds": 9,
                                                                 "sputniks_held": 1})] if name == "moon" else []
    if b:
        rows = compare.own(name, b, b, 2)[0]["rows"]
        assert [r["label"] for r in rows] == [labels[k] for k in ("accidents", "arrived", "rounds", "sputniks_held")]
