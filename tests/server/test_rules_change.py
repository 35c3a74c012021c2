"""A game's rules version changes under it (an upgrade whose rules read a recorded action
anew): the server still starts, a running game goes on from its last position under the new
rules with a notice to its players, and its log, each seat's view up to then and the replays
of finished games still read (docs/SERVER.md, "Rules versions")."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from server_helpers import auth, new_game, socket, stored_record, token, view, wait_for
from test_postgres import pg, pg_url  # noqa: F401  (the throwaway PostgreSQL cluster)
from test_upgrade import cheap, facts, fixture_copy, person_to_move, steps_stored

from cosmodrome.core import GameRecord, RecordError, get_game
from cosmodrome.server import create_app

DRAW = 9  # pocket-race: 0..8 play a card, 9 draws
CHANGED = "rules of Pocket Race changed under this game"


def new_rules(monkeypatch) -> None:
    """Pocket Race under new rules (version + 1): the cards are dealt differently, so the
    plays a stored game recorded are no longer legal when it is replayed."""
    game = get_game("pocket-race")
    real = type(game)._new_state

    def dealt_anew(self, players, seed, options):
        return real(self, players, seed + 1, options)

    monkeypatch.setattr(type(game), "_new_state", dealt_anew)
    monkeypatch.setattr(game, "rules_version", game.rules_version + 1)


def turn_of(c, g, seat):
    """``seat``'s table once it decides (the bot of the other seat answers in the background)."""
    return wait_for(lambda: (lambda v: v if v["decision"] or v["status"] != "running" else None)(view(c, g, seat)))


def play_a_card(c, g, seat):
    v = turn_of(c, g, seat)
    option = next((o["action"] for o in v["decision"]["options"] if o["action"] != DRAW),
                  v["decision"]["options"][0]["action"])
    r = c.post(f"/api/games/{g['id']}/act", json={"action": option, "version": v["version"]},
               headers=auth(token(g, seat)))
    assert r.status_code == 200, r.text


def replay(c, g, step, seat):
    headers = auth(token(g, seat)) if seat is not None and g["seats"][seat].get("token") else {}
    r = c.get(f"/api/games/{g['id']}/replay", params={"step": step, **({"seat": seat} if seat is not None else {})},
              headers=headers)
    assert r.status_code == 200, r.text
    d = r.json()
    return {k: d[k] for k in ("view", "log", "last_action", "mover", "chat", "result")}


@pytest.mark.timeout(120)
def test_a_running_game_goes_on_from_its_last_position_when_its_rules_change(tmp_path, monkeypatch, capsys):
    rec = rules_change_under_a_running_game(f"sqlite:///{tmp_path / 'cosmo.sqlite'}", monkeypatch)
    # the terminal's replay of that record says why it may not replay
    from cosmodrome.cli.main import main
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert "Note: this record was played under version 1 of the rules of pocket-race" in out.out
    assert "illegal on replay" in out.err


@pytest.mark.timeout(120)
def test_a_running_game_goes_on_from_its_last_position_when_its_rules_change_on_postgres(pg_url, monkeypatch):  # noqa: F811
    rules_change_under_a_running_game(pg_url, monkeypatch)


def rules_change_under_a_running_game(url, monkeypatch):
    with TestClient(create_app(url)) as c:
        g = new_game(c, seats=("human", "random"), seed=11, rounds=6)
        for _ in range(3):
            play_a_card(c, g, 0)
        r = c.post(f"/api/games/{g['id']}/chat", json={"text": "before the upgrade"}, headers=auth(token(g, 0)))
        assert r.status_code == 200
        before = turn_of(c, g, 0)
        n = before["actions"]
        steps_before = {(k, s): replay(c, g, k, s) for k in range(n) for s in (0, None)}
        f = new_game(c, seats=("human", "human"), seed=12, rounds=3)
        for k in range(6):
            play_a_card(c, f, k % 2)
        assert view(c, f)["status"] == "finished"
        finished_before = {(k, s): replay(c, f, k, s) for k in range(7) for s in (0, 1, None)}
        stored = stored_record(c.app.state.store, g["id"])

    new_rules(monkeypatch)
    with pytest.raises(RecordError, match="illegal on replay"):  # the case this test is about
        GameRecord.from_json(stored).replay()

    with TestClient(create_app(url)) as c:
        # the server started; the game is where it was, under the new rules, and says so
        now = view(c, g, 0)
        assert (now["status"], now["version"], now["actions"]) == ("running", before["version"], n)
        assert now["view"] == before["view"] and now["decision"]["options"] == before["decision"]["options"]
        assert now["log"][:len(before["log"])] == before["log"]
        assert now["log"][-1]["kind"] == "server" and CHANGED in now["log"][-1]["text"]
        assert CHANGED in now["notice"]
        assert c.get(f"/api/games/{g['id']}").json()["rules_version"] == get_game("pocket-race").rules_version
        with socket(c, g["id"], token(g, 0)) as ws:
            first = ws.receive_json()
            assert first["type"] == "table" and CHANGED in first["notice"]
        # every seat's view and the log of every step up to then read as before
        for (k, s), old in steps_before.items():
            assert replay(c, g, k, s) == old, (k, s)
        for (k, s), old in finished_before.items():
            assert replay(c, f, k, s) == old, (k, s)
        # nothing before the change is taken back
        r = c.post(f"/api/games/{g['id']}/undo", json={"token": token(g, 0)})
        assert r.status_code == 409
        # it goes on: seat 0 plays, the bot answers
        play_a_card(c, g, 0)
        after = turn_of(c, g, 0)
        assert after["actions"] == n + 2 and CHANGED not in after.get("notice", "")

    with TestClient(create_app(url)) as c:  # started again: the game replays from its new start
        again = view(c, g, 0)
        assert again["view"] == after["view"] and again["version"] == after["version"]
        assert sum(CHANGED in line["text"] for line in again["log"]) == 1 and "notice" not in again
        while view(c, g, 0)["status"] == "running":
            play_a_card(c, g, 0)
            wait_for(lambda: (lambda v: v["decision"] or v["status"] != "running")(view(c, g, 0)))
        final = view(c, g, 0)
        assert final["result"] is not None
        steps = c.get(f"/api/games/{g['id']}/record").json()["actions"]
        for k in range(len(steps) + 1):  # the whole replay reads: before the change and after it
            assert c.get(f"/api/games/{g['id']}/replay", params={"step": k}).status_code == 200
        for (k, s), old in steps_before.items():
            assert replay(c, g, k, s)["view"] == old["view"]
        for (k, s), old in finished_before.items():
            assert replay(c, f, k, s) == old
        # the finished game's record names the rules it was played under
        rec = c.get(f"/api/games/{f['id']}/record").json()
        assert rec["rules_version"] == get_game("pocket-race").rules_version - 1
        assert "played under version 1 of the rules of pocket-race" in GameRecord.from_json(rec).rules_warning()
    return rec


@pytest.mark.timeout(180)
def test_a_rules_change_of_every_game_restores_each_fixture_game(tmp_path, monkeypatch):
    """The four games of the upgrade fixture, each under a new rules version: each running
    game goes on from its last position (read back from its snapshot by the game's code), and
    the finished game's replay reads as before."""
    old = facts("0.1.0")
    url = fixture_copy("0.1.0", tmp_path)
    running = [g for g in old["games"] if g["status"] == "running"]
    done = [g for g in old["games"] if g["status"] != "running"]
    with TestClient(create_app(url, password_hasher=cheap(), bot_workers=1)) as c:
        wait_for(lambda: steps_stored(c.app.state.store, old), timeout=60)
        for g in running:  # the bots answer first (a bot still deciding would move after the views are read)
            person_to_move(c, g)
        seen = {(g["id"], i): c.get(f"/api/games/{g['id']}/view", headers=auth(tok)).json()
                for g in running for i, tok in enumerate(g["tokens"]) if tok}
        replays = {(g["id"], k): c.get(f"/api/games/{g['id']}/replay", params={"step": k, "seat": 0}).json()
                   for g in done for k in (0, 1, 17, g["actions"])}
    for name in ("venus", "cosmic-run", "moon", "mars"):
        monkeypatch.setattr(get_game(name), "rules_version", get_game(name).rules_version + 1)
    with TestClient(create_app(url, password_hasher=cheap(), bot_workers=1)) as c:
        for (gid, seat), was in seen.items():
            tokens = next(g for g in running if g["id"] == gid)["tokens"]
            now = c.get(f"/api/games/{gid}/view", headers=auth(tokens[seat])).json()
            assert now["view"] == was["view"] and now["version"] == was["version"], (gid, seat)
            assert now["log"][:len(was["log"])] == was["log"]
            assert "changed under this game" in now["notice"]
        for (gid, k), was in replays.items():
            now = c.get(f"/api/games/{gid}/replay", params={"step": k, "seat": 0}).json()
            assert {x: now[x] for x in ("view", "log", "last_action", "result")} == \
                {x: was[x] for x in ("view", "log", "last_action", "result")}
        for g in running:
            seat, v = person_to_move(c, g)
            r = c.post(f"/api/games/{g['id']}/act", json={"action": v["decision"]["options"][-1]["action"],
                                                          "version": v["version"]}, headers=auth(g["tokens"][seat]))
            assert r.status_code == 200, (g["game"], r.text)


@pytest.mark.timeout(60)
def test_a_game_stored_without_snapshots_keeps_what_still_replays_when_its_rules_change(tmp_path, monkeypatch):
    """A game from before snapshots (release 0.1.0 kept none) whose rules then change: it goes
    on after its last move that is legal under the new rules, and the players are told how
    many moves could not be kept."""
    url = f"sqlite:///{tmp_path / 'cosmo.sqlite'}"
    with TestClient(create_app(url)) as c:
        g = new_game(c, seats=("human", "human"), seed=11, rounds=4)
        for k in range(5):
            play_a_card(c, g, k % 2)
        stored = stored_record(c.app.state.store, g["id"])
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # as release 0.1.0 left it
        conn.execute(sa.text("DELETE FROM snapshots WHERE game_id = :g"), {"g": g["id"]})
    engine.dispose()
    new_rules(monkeypatch)
    legal = GameRecord.from_json(stored)
    kept = 0
    state = legal.new_state()
    for a in legal.actions:
        if a not in state.legal_actions():
            break
        state.apply(a)
        kept += 1
    assert kept < 5
    with TestClient(create_app(url)) as c:
        v = view(c, g, kept % 2)
        assert v["status"] == "running" and v["actions"] == kept and v["decision"]["seat"] == kept % 2
        assert f"the {5 - kept} move(s) after it could not be kept" in v["notice"]
        assert [a.action for a in c.app.state.store.actions(g["id"])] == stored["actions"][:kept]
        meta = c.get(f"/api/games/{g['id']}").json()["meta"]
        assert meta["rules_changed"][-1]["dropped"] == 5 - kept  # how many, not which (the game is running)
        kept_aside = c.app.state.store.get_game(g["id"]).meta["rules_changed"][-1]["dropped"]
        assert kept_aside == stored["actions"][kept:]
        play_a_card(c, g, kept % 2)
        assert view(c, g, 0)["actions"] == kept + 1


@pytest.mark.timeout(120)
def test_games_of_0_1_0_whose_rules_change_in_the_upgrade_go_on(tmp_path, monkeypatch):
    """The upgrade from 0.1.0 (no snapshots) to a release that also changes the rules of
    Walking on the Moon and March on Mars: their running games are replayed under the new
    rules as far as they go, say so, and take their next move; the other games are as they were."""
    old = facts("0.1.0")
    url = fixture_copy("0.1.0", tmp_path)
    bumped = ("moon", "mars")
    for name in bumped:
        monkeypatch.setattr(get_game(name), "rules_version", get_game(name).rules_version + 1)
    # every game whose rules moved on since 0.1.0 (all of them at version 1 then), bumped here or by the code
    changed = {g["game"] for g in old["games"] if get_game(g["game"]).rules_version != 1}
    assert set(bumped) <= changed
    with TestClient(create_app(url, password_hasher=cheap(), bot_workers=1)) as c:
        for g in old["games"]:
            if g["status"] != "running":
                continue
            seat = next(i for i, tok in enumerate(g["tokens"]) if tok)
            v = c.get(f"/api/games/{g['id']}/view", headers=auth(g["tokens"][seat])).json()
            info = c.get(f"/api/games/{g['id']}").json()
            assert info["rules_version"] == get_game(g["game"]).rules_version
            if g["game"] in changed:
                assert "stored without its positions" in v["notice"], g["game"]
                assert v["log"][-1]["kind"] == "server" and "changed under this game" in v["log"][-1]["text"]
            else:
                assert "notice" not in v and info["actions"] == g["actions"]
            seat, v = person_to_move(c, g)
            r = c.post(f"/api/games/{g['id']}/act", json={"action": v["decision"]["options"][0]["action"],
                                                          "version": v["version"]}, headers=auth(g["tokens"][seat]))
            assert r.status_code == 200, (g["game"], r.text)
        wait_for(lambda: steps_stored(c.app.state.store, old), timeout=60)
