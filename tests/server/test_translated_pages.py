"""The pages served in the reader's language (server/routers/webpages.py): a Hungarian reader
gets the lobby and every other page already in Hungarian, with no English to flash before the
script runs; the choice is the script's (the picker's cookie, the account's, Accept-Language)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from cosmodrome.server.routers.pages import WEB_DIR
from cosmodrome.server.routers.webpages import PAGES

HU = {"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.5"}


def shown(html: str) -> str:
    """The words a reader sees with no script: the text outside tags, <title> included."""
    words: list[str] = []

    class P(HTMLParser):
        skip = 0

        def handle_starttag(self, tag, attrs):
            self.skip += tag in ("script", "style")

        def handle_endtag(self, tag):
            self.skip -= tag in ("script", "style")

        def handle_data(self, data):
            if not self.skip and data.strip():
                words.append(" ".join(data.split()))
    P().feed(html)
    return " | ".join(words)


def lang_of(html: str) -> str:
    return re.search(r'<html lang="([^"]+)"', html).group(1)


@pytest.mark.parametrize("path", ["/", "/index.html"])
def test_the_lobby_comes_in_hungarian_to_a_hungarian_browser_and_english_to_others(client, path):
    r = client.get(path, headers=HU)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert lang_of(r.text) == "hu" and r.headers["content-language"] == "hu"
    text = shown(r.text)
    for word in ("Új játszma", "Nyitott játszmák", "Befejezett", "Cosmodrome — előcsarnok"):
        assert word in text, (word, text[:600])
    for word in ("New game", "Open games", "Create game", "Space-race board games"):
        assert word not in text, (word, text[:600])
    # the English id stays beside each text, for the script (web/js/i18n.js)
    assert 'data-i18n="New game">Új játszma</h2>' in r.text
    assert "Vary" in r.headers and {"Accept-Language", "Cookie"} <= {x.strip() for x in r.headers["vary"].split(",")}
    assert r.headers["cache-control"] == "no-cache" and r.headers["etag"]
    en = client.get(path)
    assert lang_of(en.text) == "en" and en.headers["content-language"] == "en"
    assert "New game" in shown(en.text) and "Új játszma" not in en.text
    assert en.text == (WEB_DIR / "index.html").read_text(encoding="utf-8")
    assert en.headers["etag"] != r.headers["etag"]


def test_an_etag_answers_304_and_head_answers_without_a_body(client):
    first = client.get("/table.html", headers=HU)
    again = client.get("/table.html", headers={**HU, "If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == first.headers["etag"]
    assert client.get("/table.html", headers={"If-None-Match": first.headers["etag"]}).status_code == 200  # English
    head = client.head("/rules.html", headers=HU)
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == len(client.get("/rules.html", headers=HU).content)


def test_every_page_is_served_in_hungarian_with_its_title_and_tooltips(client):
    for page in PAGES:
        r = client.get(f"/{page}.html", headers=HU)
        assert r.status_code == 200 and lang_of(r.text) == "hu", page
        english = client.get(f"/{page}.html").text
        title_en = re.search(r"<title>([^<]*)</title>", english).group(1)
        title_hu = re.search(r"<title[^>]*>([^<]*)</title>", r.text).group(1)
        assert title_hu != title_en, (page, title_hu)
    table = client.get("/table.html", headers=HU).text
    # element text, title, placeholder and aria-label alike
    assert 'aria-label="játéknapló" data-i18n-aria-label="game log"' in table
    lobby = client.get("/", headers=HU).text
    assert 'placeholder="véletlen"' in lobby and 'data-i18n-placeholder="random"' in lobby


def test_the_pickers_cookie_then_the_account_then_the_header_choose(client):
    assert lang_of(client.get("/", headers={**HU, "Cookie": "cosmodrome_lang=en"}).text) == "en"
    assert lang_of(client.get("/", headers={"Accept-Language": "en", "Cookie": "cosmodrome_lang=hu"}).text) == "hu"
    for bad in ("../hu", "xx", "hu.po"):  # never a path: the header decides
        assert lang_of(client.get("/", headers={**HU, "Cookie": f"cosmodrome_lang={bad}"}).text) == "hu", bad
    r = client.post("/api/account/signup", json={"name": "olvaso", "password": "jelszo-12345"})
    assert r.status_code == 201, r.text
    assert lang_of(client.get("/", headers={"Accept-Language": "en"}).text) == "en"
    assert client.post("/api/account/language", json={"lang": "hu"}).json() == {"lang": "hu"}
    assert lang_of(client.get("/", headers={"Accept-Language": "en"}).text) == "hu"  # signed in: the account's
    client.cookies.set("cosmodrome_lang", "en")
    assert lang_of(client.get("/", headers=HU).text) == "en"  # the picker's choice in this browser first


def test_only_the_known_pages_are_translated_and_no_file_is_named(client):
    for path in ("/nosuch.html", "/..%2Fpyproject.toml", "/css/../../server/app.py"):
        r = client.get(path, headers=HU)
        assert r.status_code == 404, path
    css = client.get("/css/style.css", headers=HU)
    assert css.status_code == 200 and "Vary" not in css.headers  # the other files as they are
