"""Every error body in the reader's language (issue #29, a Hungarian reader's findings): a request
that does not fit a route's model is answered with our sentence for its kind of error (missing,
wrong type, out of range, too long, an extra field...), never pydantic's English message; an
unknown address or a method an address does not take answers ``{"error", "kind"}`` in the
reader's language, not FastAPI's ``{"detail": "Not Found"}``; a clock's number is named in
words."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from cosmodrome import i18n
from cosmodrome.server.routers.errors import sentence

HU = {"Accept-Language": "hu-HU,hu;q=0.9"}
EN = {"Accept-Language": "en"}
VARIANT = {"toml": "x", "name": "n"}
RUN = {"game": "venus", "players": 2, "games": 2, "variant": VARIANT}
#: pydantic's and Starlette's own English
THEIRS = re.compile(r"Input should|valid dictionary|valid list|Not Found|Method Not Allowed|Extra inputs"
                    r"|Field required")

CASES = [  # (method, path, body, status, English, Hungarian)
    ("get", "/api/no/such/thing", None, 404,
     "there is nothing at this address: check the link (the API's addresses are listed at /docs)",
     "ezen a címen nincs semmi: ellenőrizd a hivatkozást (az API címei a /docs oldalon vannak felsorolva)"),
    ("get", "/no-such-page.html", None, 404,
     "there is nothing at this address: check the link (the API's addresses are listed at /docs)",
     "ezen a címen nincs semmi: ellenőrizd a hivatkozást (az API címei a /docs oldalon vannak felsorolva)"),
    ("put", "/api/games", {}, 405, "this address does not take PUT requests, only GET, HEAD",
     "ez a cím nem fogad PUT kéréseket, csak ezeket: GET, HEAD"),
    ("post", "/api/lab/runs", {**RUN, "options": 5}, 400,
     "'options' must be a JSON object (the game's options for both sides (e.g. March on Mars's threat), checked as "
     "at the table; default: printed), not 5",
     "'options' JSON-objektum legyen (a játék beállításai mindkét oldalnak (például a Menetelés a Marson "
     "fenyegetése), ugyanúgy ellenőrizve, mint az asztalnál; alapból a nyomtatott), nem 5"),
    ("post", "/api/lab/runs", {**RUN, "variant": "x"}, 400, "'variant' must be a JSON object, not 'x'",
     "'variant' JSON-objektum legyen, nem 'x'"),
    ("post", "/api/lab/runs", {**RUN, "bots": 5}, 400,
     "'bots' must be text (a bot level or spec per seat, or one for all), not 5",
     "'bots' szöveg legyen (helyenként egy botszint vagy botleírás, vagy egy mindegyiknek), nem 5"),
    ("post", "/api/lab/variant", {"game": "venus", "edits": 5}, 400,
     "'edits' must be a list ([{path, value}]: the numbers and texts to change), not 5",
     "'edits' lista legyen ([{path, value}]: a megváltoztatandó számok és szövegek), nem 5"),
    ("post", "/api/lab/variant", {"game": "venus", "edits": [{}, 5]}, 400,
     "item 2 of 'edits' must be a JSON object ([{path, value}]: the numbers and texts to change), not 5",
     "'edits' 2. eleme JSON-objektum legyen ([{path, value}]: a megváltoztatandó számok és szövegek), nem 5"),
    ("post", "/api/games", {"game": "venus", "players": 2, "clock": {"kind": "realtime", "minutes": "x"}}, 422,
     "the clock's 'minutes' must be a number from 0.5 to 600 (minutes per player), not 'x'",
     "az óra 'minutes' értéke (játékosonkénti percek száma) 0,5 és 600 közötti szám legyen, nem 'x'"),
    ("post", "/api/games", {"game": "venus", "players": 2, "clock": {"kind": "turn", "hours": 0}}, 422,
     "the clock's 'hours' must be a number from 1 to 720 (hours per move), not 0",
     "az óra 'hours' értéke (lépésenkénti órák száma) 1 és 720 közötti szám legyen, nem 0"),
    # the sentences the server gave before, unchanged in English
    ("post", "/api/games", {"game": "venus"}, 400, "the request lacks 'players' (a whole number)",
     "a kérésből hiányzik a 'players' (egy egész szám)"),
    ("post", "/api/lab/runs", {**RUN, "colour": 1}, 400, "'colour' is not a field this request takes",
     "a 'colour' nem mezője ennek a kérésnek"),
]


@pytest.mark.parametrize("method, path, body, status, en, hu", CASES, ids=[f"{c[0]} {c[1]} {c[3]}" for c in CASES])
def test_an_error_reads_in_the_readers_language(client, method, path, body, status, en, hu):
    for headers, words in ((EN, en), (HU, hu)):
        r = getattr(client, method)(path, headers=headers, **({} if body is None else {"json": body}))
        assert r.status_code == status, r.text
        got = r.json()
        assert set(got) == {"error", "kind"} and got["error"] == words, got
        assert not THEIRS.search(got["error"])
    # the page's picker (?lang=) reads as the header does
    r = getattr(client, method)(path + "?lang=hu", headers=EN, **({} if body is None else {"json": body}))
    assert r.json()["error"] == hu


def test_an_unknown_address_keeps_its_kind_and_allow_header(client):
    r = client.get("/api/nothing", headers=HU)
    assert r.json()["kind"] == "NotFound"
    r = client.delete("/api/games", headers=HU)
    assert r.status_code == 405 and r.json()["kind"] == "MethodNotAllowed" and "GET" in r.headers["allow"]


def test_an_unknown_page_opened_in_a_browser_is_a_page_in_the_readers_language(client):
    """A browser opening a page that does not exist gets a page (the way back to the lobby), in
    its language; the API and a script's fetch keep the JSON answer."""
    browser = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    r = client.get("/no-such-page.html", headers={**browser, "Accept-Language": "hu"})
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert '<html lang="hu">' in r.text and "Ezen a címen nincs oldal" in r.text and 'href="/"' in r.text
    assert "Vissza az előcsarnokba" in r.text and "/docs" not in r.text
    client.cookies.set("cosmodrome_lang", "en")   # the header's picker has the last word
    r = client.get("/no-such-page.html", headers={**browser, "Accept-Language": "hu"})
    assert "There is no page at this address" in r.text and "Back to the lobby" in r.text
    client.cookies.clear()
    r = client.get("/<script>alert(1)</script>", headers=browser)
    assert r.status_code == 404 and "<script>" not in r.text   # nothing of the address is repeated
    for path, headers in (("/api/nothing", browser), ("/no-such-page.html", {"Accept": "*/*"})):
        r = client.get(path, headers=headers)
        assert r.status_code == 404 and r.json()["kind"] == "NotFound", path


def _err(kind, loc, value=None, ctx=None):
    return {"type": kind, "loc": loc, "msg": "pydantic's own words", "input": value, "ctx": ctx}


REQUEST = SimpleNamespace(scope={})


@pytest.mark.parametrize("err, en, hu", [
    (_err("string_too_long", ("body", "name"), "x" * 40, {"max_length": 32}),
     "'name' must be at most 32 characters long",
     "'name' legfeljebb 32 karakter hosszú legyen"),
    (_err("too_short", ("body", "games"), [], {"min_length": 1}), "'games' must hold at least 1 items",
     "'games' legalább 1 elemből álljon"),
    (_err("greater_than_equal", ("query", "step"), -1, {"ge": 0}),
     "the URL's parameter 'step' must be at least 0, not -1",
     "az URL 'step' paramétere legalább 0 legyen, nem -1"),
    (_err("less_than_equal", ("body", "games"), 9999, {"le": 1000}), "'games' must be at most 1000, not 9999",
     "'games' legfeljebb 1000 legyen, nem 9999"),
    (_err("float_parsing", ("body", "x"), "a"), "'x' must be a number, not 'a'", "'x' szám legyen, nem 'a'"),
    (_err("literal_error", ("body", "kind"), "x", {"expected": "'human' or 'bot'"}), "'kind' must be 'human' or 'bot'",
     "'kind' értéke ez legyen: 'human' vagy 'bot'"),
    (_err("literal_error", ("body", "x"), "x", {"expected": "'a', 'b' or 'c'"}), "'x' must be 'a', 'b' or 'c'",
     "'x' értéke ez legyen: 'a', 'b' vagy 'c'"),
    (_err("url_parsing", ("body", "link"), "x"), "'link' does not have the form this request takes",
     "'link' alakja nem felel meg ennek a kérésnek"),
    (_err("json_invalid", ("body", 7)), "the request body is not valid JSON", "a kérés törzse nem érvényes JSON"),
])
def test_each_kind_of_pydantic_error_has_our_sentence(err, en, hu):
    assert sentence(REQUEST, err) == en
    with i18n.using("hu"):
        assert sentence(REQUEST, err) == hu


def test_an_unknown_address_reads_in_the_accounts_remembered_language(client):
    client.post("/api/account/signup", json={"name": "cimkereso", "password": "jelszo-12345"})
    assert client.post("/api/account/language", json={"lang": "hu"}).json() == {"lang": "hu"}
    r = client.get("/api/no/such/thing", headers=EN)
    assert r.status_code == 404 and r.json()["error"].startswith("ezen a címen nincs semmi"), r.json()
    r = client.post("/api/lab/variant", json={"game": "venus", "edits": 5}, headers=EN)
    assert r.json()["error"].startswith("'edits' lista legyen"), r.json()


def test_a_fault_of_ours_is_answered_in_the_readers_language(db_url):
    from fastapi.routing import APIRoute
    from fastapi.testclient import TestClient

    from cosmodrome.server import create_app

    def boom():
        raise RuntimeError("a bug")

    app = create_app(db_url)
    app.router.routes.insert(0, APIRoute("/api/boom", boom))
    with TestClient(app, raise_server_exceptions=False) as c:
        hu, en = c.get("/api/boom", headers=HU), c.get("/api/boom", headers=EN)
    assert hu.status_code == en.status_code == 500
    assert hu.json() == {"error": "a szerver hibázott ennél a kérésnél (a mi hibánk, bekerült a naplójába): próbáld "
                                  "újra, vagy szólj a szerver üzemeltetőjének", "kind": "ServerError"}
    assert en.json()["error"].startswith("the server failed on this request") and "a bug" not in en.text


def test_a_body_that_is_not_json_is_told_in_the_readers_words(client):
    """Python's parser speaks English ("Expecting property name..."); the reader reads where the
    text went wrong in their own language (probe 4, finding 5)."""
    for headers, expected in ((HU, "nem érvényes JSON: váratlan szöveg"),
                              (EN, "is not valid JSON: unexpected text at line 1, column 2")):
        r = client.post("/api/games", content=b"{bad", headers={**headers, "Content-Type": "application/json"})
        assert r.status_code == 400, r.text
        assert expected in r.json()["error"], r.json()
        assert "Expecting" not in r.json()["error"]
