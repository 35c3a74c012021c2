"""The reader's language on the server (server/languages.py): catalogs served as JSON, each
socket and request read in its own language, the stored game language-free."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from server_helpers import auth, hello, new_game, token

from cosmodrome import i18n
from cosmodrome.server import labruns, lines, seatbots


def venus_game(client, seed=5):
    body = {"game": "venus", "players": 2, "seed": seed, "seats": [{"kind": "human"}, {"kind": "human"}]}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def recv_table(ws):
    while True:
        m = ws.receive_json()
        if m["type"] == "table":
            return m


def test_the_catalogs_are_served_as_json_and_a_language_is_never_a_path(client):
    r = client.get("/api/i18n")
    assert r.status_code == 200 and {x["lang"] for x in r.json()["languages"]} >= {"en", "hu"}
    cat = client.get("/api/i18n/hu").json()
    assert cat["lang"] == "hu" and cat["messages"]["Onward to Venus"] == "Irány a Vénusz!"
    assert cat["plural"] and cat["nplurals"] == 2
    assert set(cat["bare"]) == {"Kína", "Európa", "Japán"}   # names an article field writes bare
    assert client.get("/api/i18n/en").json()["bare"] == []
    for bad in ("xx", "cosmodrome.pot", "hu.po", "HU"):
        r = client.get(f"/api/i18n/{bad}")
        assert r.status_code == 404 and "no catalog for the language" in r.json()["error"], bad
    for bad in ("..", "hu%2F..%2F..%2Fcosmodrome.pot"):  # never read as a path: no catalog comes back
        r = client.get(f"/api/i18n/{bad}")
        assert "messages" not in r.text and "msgid" not in r.text, bad


@contextmanager
def two_sockets(client, g):
    """Seat 0 of ``g`` on a socket asking for Hungarian (``?lang=hu``), seat 1 on one whose
    browser asks for English (Accept-Language), both greeted."""
    gid = g["id"]
    with client.websocket_connect(f"/ws/games/{gid}?lang=hu") as hu, \
            client.websocket_connect(f"/ws/games/{gid}", headers={"Accept-Language": "en-GB,en;q=0.9"}) as en:
        hello(hu, token(g, 0))
        hello(en, token(g, 1))
        yield hu, en


def test_two_sockets_on_one_game_read_it_each_in_its_own_language(client):
    g = venus_game(client)
    gid = g["id"]
    with two_sockets(client, g) as (hu, en):
        mh, me = recv_table(hu), recv_table(en)
        assert mh["title"] == "Irány a Vénusz!" and me["title"] == "Onward to Venus"
        mover = mh["decision"] or me["decision"]
        assert mover is not None
        # the log of the set-up, the names, the prompt and the options in each reader's language
        assert any("Birodalmak:" in line["text"] for line in mh["log"])
        assert any("Empires:" in line["text"] for line in me["log"])
        assert [p["name"] for p in mh["view"]["planets"]][:3] == ["Merkúr", "Vénusz", "Föld"]
        assert [p["name"] for p in me["view"]["planets"]][:3] == ["Mercury", "Venus", "Earth"]
        seat = mover["seat"]
        mine, other = (mh, me) if seat == 0 else (me, mh)
        # Game.public_line: the other seat reads who decides; the deciding seat its options
        labels = [o["label"] for o in mine["decision"]["options"]]
        if mine is mh:
            assert "Passzjelző elvétele" in labels and "Take a pass cube" not in labels
        else:
            assert "Take a pass cube" in labels
        pass_cube = next(o["action"] for o in mine["decision"]["options"]
                         if o["label"] in ("Passzjelző elvétele", "Take a pass cube"))
        r = client.post(f"/api/games/{gid}/act", json={"action": pass_cube, "version": mine["version"]},
                        headers=auth(token(g, seat)))
        assert r.status_code == 200, r.text
        uh, ue = recv_table(hu), recv_table(en)
        assert any("elvesz egy passzjelzőt" in line["text"] for line in uh["log"])
        assert any("takes a pass cube" in line["text"] for line in ue["log"])


def test_a_rest_view_and_a_replay_read_in_the_requests_language(client):
    g = venus_game(client, seed=6)
    gid = g["id"]
    v = client.get(f"/api/games/{gid}/view?lang=hu", headers=auth(token(g, 0))).json()
    assert v["view"]["phase_name"] and v["view"]["empires"][0] == "Brit Birodalom"
    v = client.get(f"/api/games/{gid}/view", headers={**auth(token(g, 0)), "Accept-Language": "hu"}).json()
    assert v["view"]["empires"][0] == "Brit Birodalom"
    v = client.get(f"/api/games/{gid}/view", headers=auth(token(g, 0))).json()
    assert v["view"]["empires"][0] == "British Empire"
    rep = client.get(f"/api/games/{gid}/replay?step=0&lang=hu").json()
    assert any("Birodalmak:" in line["text"] for line in rep["log"])
    how = client.get("/api/game-types/venus/how-to-play?lang=hu").json()
    assert how["sections"][0]["heading"] == "A győzelem"
    # the stored game is language-free: its record names actions, not sentences
    rec = client.app.state.store.actions(gid)
    assert all(isinstance(a.action, int) for a in rec)


def test_an_account_keeps_the_language_its_person_chose(client):
    assert client.get("/api/account/language").status_code == 401
    assert client.post("/api/account/language", json={"lang": "hu"}).status_code == 401
    r = client.post("/api/account/signup", json={"name": "magyar", "password": "jelszo-12345"})
    assert r.status_code == 201, r.text
    assert client.get("/api/account/language").json() == {"lang": None}
    bad = client.post("/api/account/language", json={"lang": "../hu"})
    assert bad.status_code == 400 and "unknown language" in bad.json()["error"]
    assert client.get("/api/account/language").json() == {"lang": None}  # a refused choice changes nothing
    assert client.post("/api/account/language", json={"lang": "hu"}).json() == {"lang": "hu"}
    assert client.get("/api/account/language").json() == {"lang": "hu"}
    assert client.post("/api/account/language", json={"lang": "en"}).json() == {"lang": "en"}
    assert client.get("/api/account/language").json() == {"lang": "en"}


# ----- error sentences and notices in the reader's language --------------------------------
def recv_type(ws, kind):
    while True:
        m = ws.receive_json()
        if m["type"] == kind:
            return m


def test_a_wrong_turn_and_a_malformed_request_read_in_the_readers_language(client):
    g = venus_game(client, seed=7)
    gid = g["id"]
    with two_sockets(client, g) as (hu, en):
        mh, me = recv_table(hu), recv_table(en)
        mover = (mh["decision"] or me["decision"])["seat"]
        # the seat not to move acts: a Hungarian socket reads Hungarian, an English one English
        idle, idle_table = (hu, mh) if mover == 1 else (en, me)
        idle.send_json({"type": "act", "action": 0, "version": idle_table["version"]})
        err = recv_type(idle, "error")
        assert err["status"] == 403 and err["kind"] == "Forbidden"  # the machine's part: language-free
        names = [x["name"] for x in idle_table["seats"]]  # the seats' names in the reader's language
        if idle is hu:
            assert err["error"] == (f"nem {i18n.article(names[1 - mover])} {names[1 - mover]} következik: "
                                    f"most {i18n.article(names[mover])} {names[mover]} dönt"), err
        else:
            assert err["error"] == f"it is not {names[1 - mover]}'s turn: {names[mover]} is deciding", err
        # a malformed socket message, each in its reader's language
        for ws, words in ((hu, "ismeretlen üzenettípus: 'dance'"), (en, "unknown message type 'dance'")):
            ws.send_json({"type": "dance"})
            err = recv_type(ws, "error")
            assert err["status"] == 400 and err["kind"] == "BadRequest" and err["error"].startswith(words), err
    # the same over REST: the wrong turn, a request lacking a field, a body that is no JSON
    idle_seat = 1 - mover
    for lang, headers in (("hu", {"Accept-Language": "hu-HU,hu;q=0.9"}), ("en", {"Accept-Language": "en"})):
        r = client.post(f"/api/games/{gid}/act", json={"action": 0, "version": 0},
                        headers={**auth(token(g, idle_seat)), **headers})
        assert r.status_code == 403 and r.json()["kind"] == "Forbidden"
        assert ("most" in r.json()["error"] and "dönt" in r.json()["error"]) if lang == "hu" else \
            "'s turn" in r.json()["error"], r.json()
        r = client.post(f"/api/games?lang={lang}", json={"game": "venus"})
        assert r.status_code == 400 and r.json()["kind"] == "BadRequest"
        assert r.json()["error"] == ("a kérésből hiányzik a 'players' (egy egész szám)" if lang == "hu"
                                     else "the request lacks 'players' (a whole number)")
        r = client.post(f"/api/games?lang={lang}", content=b'{"game": ', headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["kind"] == "BadRequest"
        assert r.json()["error"].startswith("a kérés törzse nem érvényes JSON" if lang == "hu"
                                            else "the request body is not valid JSON")
    # a refused game: the engine's sentence too
    r = client.post("/api/games?lang=hu", json={"game": "venus", "players": 9})
    assert r.status_code == 422 and r.json()["kind"] == "PlayerCountError"
    assert r.json()["error"] == "az Irány a Vénusz! játékot 2–5 játékos játssza, nem 9", r.json()


def test_a_notice_reads_in_each_sockets_language(client):
    # the undo's notice goes to every socket of the game, each writing it in its own language
    g = new_game(client, seed=11)
    gid = g["id"]
    with client.websocket_connect(f"/ws/games/{gid}?lang=hu") as hu, \
            client.websocket_connect(f"/ws/games/{gid}?lang=en") as en:
        hello(hu, token(g, 0))
        hello(en, token(g, 1))
        mh, _me = recv_table(hu), recv_table(en)
        play = next(o["action"] for o in mh["decision"]["options"] if o["action"] != 9)  # a card, not a draw
        hu.send_json({"type": "act", "action": play, "version": mh["version"]})
        recv_table(hu), recv_table(en)
        r = client.post(f"/api/games/{gid}/undo?lang=en", json={}, headers=auth(token(g, 0)))
        assert r.status_code == 200, r.text
        nh, ne = recv_table(hu), recv_table(en)
        who = ne["seats"][0]["name"]
        assert nh["notice"] == f"{i18n.article(who).capitalize()} {who} visszavont 1 döntést."
        assert ne["notice"] == f"{who} took back 1 decision."


def test_the_accounts_language_is_read_when_the_page_names_none(client):
    client.post("/api/account/signup", json={"name": "nyelvesz", "password": "jelszo-12345"})
    assert client.post("/api/account/language", json={"lang": "hu"}).json() == {"lang": "hu"}
    r = client.post("/api/games", json={"game": "venus"}, headers={"Accept-Language": "en"})
    assert r.json()["error"] == "a kérésből hiányzik a 'players' (egy egész szám)"
    r = client.post("/api/games?lang=en", json={"game": "venus"})  # the page's choice comes first
    assert r.json()["error"] == "the request lacks 'players' (a whole number)"
    client.post("/api/account/language", json={"lang": None})
    r = client.post("/api/games", json={"game": "venus"}, headers={"Accept-Language": "en"})
    assert r.json()["error"] == "the request lacks 'players' (a whole number)"


def test_a_games_title_reads_in_the_requests_language_in_every_list(client):
    """Issue #29 (a Hungarian reader's findings): "my games", the lobby's lists, a game's facts
    and its replay gave the game's English title; a stored game's summary gave none at all."""
    r = client.post("/api/games", json={"game": "venus", "players": 2, "seed": 7, "public": True,
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    gid = r.json()["id"]
    assert client.get(f"/api/games/{gid}?lang=hu").json()["title"] == "Irány a Vénusz!"
    assert client.get(f"/api/games/{gid}").json()["title"] == "Onward to Venus"
    assert client.get(f"/api/games/{gid}/replay?step=0&lang=hu").json()["title"] == "Irány a Vénusz!"
    mine = client.post("/api/games/status?lang=hu", json={"games": [{"id": gid, "seat": 0}]}).json()["games"]
    assert mine[0]["title"] == "Irány a Vénusz!"
    listed = client.get("/api/games?lang=hu").json()["games"]
    assert listed and all(x.get("title") and x["title"] != "Onward to Venus" for x in listed if x["game"] == "venus")


def test_about_this_game_names_the_component_files_parts_in_words(client):
    """Issue #29: "About this game" printed the component file's keys ("rules:",
    "planets[Mercury]", "cards[cp1]"); each section and entry now has its words in the reader's
    language beside the key."""
    types = {t["name"]: t for t in client.get("/api/game-types?lang=hu").json()["games"]}
    venus = {s["section"]: s for s in types["venus"]["reconstructed"]["sections"]}
    assert venus["rules"]["label"] == "szabályok" and venus["planets"]["label"] == "planéták"
    entries = {e["path"]: e["label"] for s in venus.values() for e in s["entries"]}
    assert entries["planets[Mercury]"] == "planéták › Merkúr"
    assert entries["cards[cp1]"] == "kártyák › 1 harci pont"
    assert entries["rules.die_faces"] == "szabályok › kockalapok"
    for t in types.values():
        for s in t["reconstructed"]["sections"]:
            assert "_" not in s["label"], s
            assert all("_" not in e["label"] and "[" not in e["label"] for e in s["entries"]), s
    english = {t["name"]: t for t in client.get("/api/game-types").json()["games"]}
    assert [s["label"] for s in english["venus"]["reconstructed"]["sections"]][:2] == ["rules", "planets"]


def test_a_bad_records_sentence_reads_in_the_readers_language_and_nothing_is_made(client):
    """Importing a malformed record: the sentence naming the problem is in the reader's
    language (it was English for every reader), and no game is made."""
    before = client.get("/api/games").json()
    bad = {"record": {"bad": 1}, "mode": "replay"}
    en = client.post("/api/games/import", json=bad, headers={"Accept-Language": "en"})
    hu = client.post("/api/games/import", json=bad, headers={"Accept-Language": "hu"})
    assert en.status_code == hu.status_code == 422
    assert en.json()["error"] == "the game record lacks game, players, seed"
    assert hu.json()["error"] == "a játszma lejegyzéséből hiányzik: game, players, seed"
    wrong = {"record": {"game": "venus", "players": "two", "seed": 1}, "mode": "replay"}
    said = client.post("/api/games/import", json=wrong, headers={"Accept-Language": "hu"}).json()["error"]
    assert "egész szám" in said and "must" not in said, said
    assert client.get("/api/games").json() == before


def test_the_bot_levels_named_in_words_come_from_the_servers_one_table(client):
    # the page names a level ("heuristic": Easy) from this answer, through the reader's catalog:
    # the same table the server's own log lines read (a time-out's "a bot (Easy) plays for ...")
    levels = client.get("/api/i18n").json()["levels"]
    assert {k: levels[k] for k in lines.LEVEL_WORDS} == lines.LEVEL_WORDS == {"random": "Random", "heuristic": "Easy"}
    # every level the table and the design lab offer has its word, searches by their budget
    assert {levels[s] for s in seatbots.DEFAULT_LEVELS} == {"Random", "Easy", "Medium", "Hard", "Expert"}
    assert [levels[s] for s in labruns.LEVELS.values()] == ["Random", "Easy", "Medium", "Hard", "Expert"]
    assert levels["ismcts:seconds=1"] == "Hard" and levels["ismcts:iters=1500"] == "Expert"
    hungarian = client.get("/api/i18n/hu").json()["messages"]
    assert [hungarian[w] for w in lines.LEVEL_WORDS.values()] == ["Véletlen", "Könnyű"]
    with i18n.using("hu"):
        assert lines.level_word("heuristic") == "Könnyű"
        assert lines.level_word("ismcts:seconds=3") == hungarian["Expert"]
        assert lines.level_spec(hungarian["Medium"]) == "ismcts:seconds=0.25"
    # the page keeps no list of its own, nor the budgets' bounds
    js = Path(lines.__file__).parent.parent / "web" / "js"
    for name in ("api.js", "lab.js"):
        text = (js / name).read_text(encoding="utf-8")
        assert not any(f't("{w}")' in text for w in ("Easy", "Random", "Medium", "Hard", "Expert")), name


def test_moves_made_in_hungarian_are_stored_in_english_and_read_so_after_a_restart(db_url):
    """The stored position and its events are language-free: a Hungarian reader's moves do not
    leave Hungarian sentences in the log an English reader reads once the server restarts."""
    import json

    from fastapi.testclient import TestClient

    from cosmodrome.server import create_app
    from cosmodrome.server.storage import unpack

    hu = {"Accept-Language": "hu"}
    with TestClient(create_app(db_url)) as client:
        g = venus_game(client, seed=6)
        gid = g["id"]
        for _ in range(12):
            info = client.get(f"/api/games/{gid}/view", headers={**auth(token(g, 0)), **hu}).json()
            seat = info["decision"]["seat"] if info.get("decision") else info["waiting"]["seat"]
            mine = client.get(f"/api/games/{gid}/view", headers={**auth(token(g, seat)), **hu}).json()
            action = mine["decision"]["options"][0]["action"]
            r = client.post(f"/api/games/{gid}/act", json={"action": action, "version": mine["version"]},
                            headers={**auth(token(g, seat)), **hu})
            assert r.status_code == 200, r.text
        before = client.get(f"/api/games/{gid}/view", headers=auth(token(g, 0))).json()["view"]["log"]
        rows = client.app.state.store.snapshots(gid)
        kept = [json.dumps([unpack(row.state), unpack(row.step)], ensure_ascii=False) for row in rows]
        assert len(kept) >= 12
        assert not any(w in k for k in kept for w in ("Birodalom", "passzjelző", "befejezi")), kept[-1][:600]
        assert any("Britain" in k or "British Empire" in k for k in kept)
    with TestClient(create_app(db_url)) as client:
        after = client.get(f"/api/games/{gid}/view", headers=auth(token(g, 0))).json()["view"]["log"]
    assert after == before and not any("Birodalom" in str(line) for line in after), after
