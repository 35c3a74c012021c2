"""The API describes itself (issue 25: "/docs describes every endpoint"): /openapi.json has a
summary, an answer model and its errors for every /api endpoint, /docs shows them as one page
that works offline, docs/SERVER.md's endpoint table lists every route of the app, and a
request that does not fit a route's model gets a 400 with a sentence naming the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from server_helpers import auth, new_game, token

from cosmodrome.server.routers.pages import endpoints

SERVER_MD = Path(__file__).resolve().parents[2] / "docs" / "SERVER.md"


def doc_rows(header: str) -> list[list[str]]:
    """The rows of every table of docs/SERVER.md under ``header``, as lists of cells."""
    lines = SERVER_MD.read_text(encoding="utf-8").split("\n")
    starts = [i for i, line in enumerate(lines) if line == header]
    assert starts, f"docs/SERVER.md has no table headed {header!r}"
    rows = []
    for start in starts:
        for line in lines[start + 2:]:
            if not line.startswith("|"):
                break
            rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def doc_table() -> dict[tuple[str, str], str]:
    """docs/SERVER.md's endpoint tables as {(method, path): errors}."""
    rows = doc_rows("| method | path | body / query | answer | errors |")
    table = {(cells[0], cells[1].strip("`")): cells[4] for cells in rows}
    assert len(table) == len(rows), "a route is listed twice in docs/SERVER.md's endpoint tables"
    return table


def test_every_route_of_the_app_is_in_the_endpoint_table(client):
    routes = {(m, p): errs for m, p, errs in endpoints(client.app)}
    table = doc_table()
    expected = "\n".join(f"| {m} | `{p}` | ... | {e} |" for (m, p), e in routes.items())
    assert set(table) == set(routes), f"docs/SERVER.md's table should list exactly these routes:\n{expected}"
    wrong = {k: (table[k], routes[k]) for k in routes if table[k] != routes[k]}
    assert not wrong, f"the errors column differs from the routes' declared errors (table, route): {wrong}"


def test_the_socket_takes_exactly_the_message_types_the_docs_list(client):
    """docs/SERVER.md's "client → server" table names every type the socket takes, and no other."""
    rows = doc_rows("| client → server | answer to this socket | to every socket of the game |")
    documented = {re.match(r'`\{"type": "(\w+)"', cells[0]).group(1) for cells in rows}
    assert "hello" in documented
    g = new_game(client)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": token(g, 1)})
        assert ws.receive_json()["type"] == "table"
        ws.send_json({"type": "no-such-type"})
        err = ws.receive_json()
    assert err["type"] == "error" and err["status"] == 400
    taken = set(re.search(r"use (.*)$", err["error"]).group(1).replace(" or ", ", ").split(", "))
    assert taken == documented - {"hello"}


def test_openapi_has_a_summary_an_answer_model_and_errors_for_every_api_endpoint(client):
    r = client.get("/openapi.json")
    assert r.status_code == 200
    spec = r.json()
    ops = [(m, p, op) for p, d in spec["paths"].items() for m, op in d.items()]
    assert {p for _, p, _ in ops} >= {"/api/games", "/api/games/{game_id}/act", "/api/account/login", "/api/ratings"}
    for method, path, op in ops:
        assert path.startswith("/api/"), path
        assert op.get("summary") and op["summary"] != op["operationId"], (method, path)
        ok = [c for c in op["responses"] if c.startswith("2")]
        assert len(ok) == 1, (method, path)
        content = op["responses"][ok[0]]["content"]
        if path.endswith((".csv", ".toml")):  # a download: a file of its declared media type
            assert list(content) in (["text/csv"], ["application/toml"]), (method, path, content)
            assert content[next(iter(content))]["schema"] == {"type": "string"}, (method, path)
        else:
            schema = content["application/json"]["schema"]
            assert schema.get("$ref", "").startswith("#/components/schemas/"), (method, path, schema)
        for code, answer in op["responses"].items():  # every error is {error, kind}, not FastAPI's 422 list
            if not code.startswith("2"):
                assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    create = spec["paths"]["/api/games"]["post"]
    assert create["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/NewGame"}
    model = spec["components"]["schemas"]["NewGame"]
    assert set(model["required"]) == {"game", "players"} and model["properties"]["players"]["type"] == "integer"
    assert "HTTPValidationError" not in spec["components"]["schemas"]


def test_docs_is_one_page_that_works_offline(client):
    r = client.get("/docs")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "<script" not in r.text and "http://" not in r.text and "https://" not in r.text
    for method, path, _ in endpoints(client.app):
        if path.startswith("/api/"):
            assert f"{method} {path}" in r.text
    assert "Take a decision" in r.text and "NewGame" in r.text


@pytest.mark.parametrize("body, sentence", [
    ({"players": 2}, "the request lacks 'game' (a game type name)"),
    ({"game": "pocket-race"}, "the request lacks 'players' (a whole number)"),
    ({"game": "pocket-race", "players": None}, "the request lacks 'players' (a whole number)"),
    ({"game": "pocket-race", "players": True}, "'players' must be a whole number, not True"),
    ({"game": "pocket-race", "players": "2"}, "'players' must be a whole number, not '2'"),
    ({"game": "pocket-race", "players": 2, "seed": 1.5}, "'seed' must be a whole number, not 1.5"),
    ({"game": "pocket-race", "players": 2, "rated": 1}, "'rated' must be true or false, not 1"),
    ({"game": 7, "players": 2}, "'game' must be text (a game type name), not 7"),
])
def test_a_field_that_does_not_fit_gets_a_sentence_naming_it(client, body, sentence):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and r.json() == {"error": sentence, "kind": "BadRequest"}
    assert client.get("/api/games").json()["games"] == []


def test_sentences_of_other_routes(client):
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/act", json={"action": 0}, headers=auth(token(g, 0)))
    assert r.status_code == 400 and r.json()["error"] == "the request lacks 'version' (a whole number)"
    r = client.post("/api/games/import", json={"record": {}, "mode": "watch"})
    assert r.status_code == 400 and r.json()["error"] == "mode must be 'replay' or 'continue'"
    r = client.get("/api/games", params={"status": "weird"})
    assert r.status_code == 400 and r.json()["error"] == "status must be open, running, finished or replay"
    r = client.get(f"/api/games/{g['id']}/replay", params={"step": "last"})
    assert r.status_code == 400 and r.json()["error"] == "the URL's parameter 'step' must be a whole number, not 'last'"
    r = client.post("/api/games/status", json={"games": [{"id": "x", "seat": 0}] * 101})
    assert r.status_code == 400 and r.json()["error"] == "'games' must be a list of at most 100 {id, seat} objects"
