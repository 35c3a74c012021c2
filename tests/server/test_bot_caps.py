"""What a client may ask of a bot: every parameter that multiplies a search's work is capped
at the table and in the lab (docs/SERVER.md "Security", docs/BOTS.md)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from test_lab_api import body, make_client

from cosmodrome.bots import make_bot
from cosmodrome.core import OptionError
from cosmodrome.server import create_app
from cosmodrome.server.hall_bots import MAX_DEPTH, MAX_FLOOR, MAX_TURNS, BotCaps

OVER = [
    ("ismcts:iters=1,floor=1000000000", "floor=1000000000", f"at most floor={MAX_FLOOR}"),
    ("ismcts:seconds=1,floor=17", "floor=17", "at most floor=16"),
    ("ismcts:iters=10,depth=1000000", "depth=1000000", f"at most depth={MAX_DEPTH}"),
    ("ismcts:iters=10,turns=1000", "turns=1000", f"at most turns={MAX_TURNS}"),
]
WITHIN = ["ismcts:iters=10,floor=16", "ismcts:iters=10,depth=1000", "ismcts:iters=10,turns=8", "ismcts:iters=10"]


@pytest.mark.parametrize("spec,param,words", OVER)
def test_a_work_multiplying_parameter_over_its_cap_is_refused(spec, param, words):
    with pytest.raises(OptionError) as e:
        BotCaps().check(spec, make_bot(spec, "pocket-race"))
    assert param in str(e.value) and words in str(e.value)


@pytest.mark.parametrize("spec", WITHIN)
def test_parameters_within_the_caps_are_taken(spec):
    BotCaps().check(spec, make_bot(spec, "pocket-race"))


def test_no_cap_means_no_cap():
    spec = "ismcts:iters=1,floor=1000000000"
    BotCaps(floor=None).check(spec, make_bot(spec, "pocket-race"))


@pytest.mark.parametrize("spec,param,words", OVER)
def test_a_table_refuses_the_bot_before_the_game_is_made(db_url, spec, param, words):
    with TestClient(create_app(db_url)) as c:
        r = c.post("/api/games", json={"game": "pocket-race", "players": 2,
                                       "seats": [{"kind": "human"}, {"kind": "bot", "bot": spec}]})
        assert r.status_code == 422 and param in r.json()["error"] and words in r.json()["error"], r.text
        assert c.app.state.store.list_games() == []


def test_the_lab_refuses_the_bot_before_the_run_is_queued(db_url, tmp_path):
    with make_client(db_url, tmp_path) as c:
        r = c.post("/api/lab/runs", json=body(bots=["ismcts:iters=1,floor=1000000000", "random"]))
        assert r.status_code == 422 and "at most floor=16" in r.json()["error"], r.text
        assert c.get("/api/lab/runs").json()["runs"] == []
