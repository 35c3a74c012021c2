"""Two browsers on one Onward to Venus game, one reading Hungarian and one English (its
navigator.languages), each read their own language in the prompt, the options and the log;
the picker in the header changes the language and is remembered. With
COSMODROME_UPDATE_SCREENSHOTS set, the Hungarian table is saved in docs/ on a laptop and a phone."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DOCS = Path(__file__).resolve().parents[2] / "docs"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
ENGLISH = re.compile(r"\b(the|and|your|of|to|is|from|with)\b", re.I)


def open_seat(browser, base, game_id, tok, locale, viewport=LAPTOP):
    ctx = browser.new_context(viewport=viewport, locale=locale)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{base}/table.html?game={game_id}#token={tok}")
    page.wait_for_selector("[data-testid=planets]", timeout=20000)
    page.wait_for_selector("[data-testid=log] *", timeout=20000)
    return page


def words(page, sel):
    return " ".join(page.locator(sel).all_text_contents())


def test_a_hungarian_and_an_english_browser_on_one_venus_game(server, browser):
    g = post(server, "/api/games", {"game": "venus", "players": 2, "seed": 3,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    hu = open_seat(browser, server, g["id"], g["seats"][0]["token"], "hu-HU")
    en = open_seat(browser, server, g["id"], g["seats"][1]["token"], "en-GB")
    assert hu.evaluate("document.documentElement.lang") == "hu" and en.evaluate("document.documentElement.lang") == "en"
    # whoever decides first: its prompt and options in its language; the other reads who decides
    first, second = (hu, en) if hu.locator("#decision.mine").count() else (en, hu)
    first.wait_for_selector("#decision.mine .options button")
    prompt, options = words(first, "[data-testid=prompt]"), words(first, "#decision.mine .options button")
    if first is hu:
        assert "periódus" in prompt and "Passzjelző elvétele" in options and not ENGLISH.search(prompt + options)
    else:
        assert "Period" in prompt and "Take a pass cube" in options
    # the log of the set-up, each in its own language
    assert "Birodalmak:" in words(hu, "[data-testid=log]") and "Empires:" not in words(hu, "[data-testid=log]")
    assert "Empires:" in words(en, "[data-testid=log]") and "Birodalmak:" not in words(en, "[data-testid=log]")
    # the board and the chrome
    assert "Vénusz" in words(hu, "[data-testid=planets]") and "Venus" in words(en, "[data-testid=planets]")
    # a planet's crisis, told by the game's text module through the view, in each reader's language
    mercury = '.vn-planet[data-planet="Mercury"] .vn-phead'
    assert "Világtalan Bazagthoth" in hu.locator(mercury).get_attribute("aria-description")
    assert "Bazagthoth the Blinded: The empire earning most" in en.locator(mercury).get_attribute("aria-description")
    assert "Napló" in words(hu, "h3") and "Log" in words(en, "h3")
    # a move: the pass cube; each reads the new log line in its own language
    pass_label = "Passzjelző elvétele" if first is hu else "Take a pass cube"
    first.locator("#decision.mine .options button", has_text=pass_label).first.click()
    hu.wait_for_function("document.querySelector('[data-testid=log]').innerText.includes('passzjelzőt')", timeout=15000)
    en.wait_for_function("document.querySelector('[data-testid=log]').innerText.includes('pass cube')", timeout=15000)
    # the next decision (the same seat's "end the turn", or the other's action) in its reader's language
    first.wait_for_selector("#decision.mine .options button, #decision .waiting", timeout=15000)
    now = first if first.locator("#decision.mine .options button").count() else second
    now.wait_for_selector("#decision.mine .options button", timeout=15000)
    options2 = words(now, "#decision.mine .options button")
    assert ("Kör vége" in options2 or "Passzjelző elvétele" in options2) if now is hu else \
        ("End the turn" in options2 or "Take a pass cube" in options2), options2
    if os.environ.get("COSMODROME_UPDATE_SCREENSHOTS"):
        hu.evaluate("scrollTo(0, 0)")
        hu.screenshot(path=str(DOCS / "screenshot-venus-hungarian.png"))
    assert hu.errors == [] and en.errors == []
    # the picker overrides the browser's language and is remembered
    en.select_option("[data-testid=lang-picker]", "hu")
    en.wait_for_selector("[data-testid=planets]", timeout=20000)
    en.wait_for_function("document.documentElement.lang === 'hu'", timeout=15000)
    assert "Vénusz" in words(en, "[data-testid=planets]")
    assert en.evaluate("localStorage.getItem('cosmodrome.lang')") == "hu"
    en.reload()
    en.wait_for_selector("[data-testid=log] *", timeout=20000)
    assert "Birodalmak:" in words(en, "[data-testid=log]")
    hu.context.close()
    en.context.close()


def test_the_hungarian_table_on_a_phone(server, browser):
    g = post(server, "/api/games", {"game": "venus", "players": 3, "seed": 11,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                              {"kind": "bot", "bot": "random"}]})
    page = open_seat(browser, server, g["id"], g["seats"][0]["token"], "hu-HU", PHONE)
    page.wait_for_selector("#decision.mine .options button", timeout=20000)
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("innerWidth")
    assert "Passzjelző elvétele" in words(page, "#decision.mine .options button")
    if os.environ.get("COSMODROME_UPDATE_SCREENSHOTS"):
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=str(DOCS / "screenshot-venus-hungarian-phone.png"))
    assert page.errors == []
    page.context.close()


def test_the_lobby_in_hungarian(server, browser):
    ctx = browser.new_context(viewport=LAPTOP, locale="hu-HU")
    page = ctx.new_page()
    page.goto(f"{server}/")
    page.wait_for_selector("#create-btn")
    page.wait_for_function("document.querySelector('#game option') !== null")
    assert page.inner_text("#create-btn") == "Játszma létrehozása"
    assert "Irány a Vénusz!" in words(page, "#game option")
    assert "Nyitott játszmák" in words(page, "h2")
    ctx.close()


def test_a_moon_table_in_hungarian_beside_an_english_one(server, browser):
    # Walking on the Moon: prompt, options, option groups, the lap's and jump cards' tooltips
    # and the log in the reader's language; the English seat of the same game reads English
    g = post(server, "/api/games", {"game": "moon", "players": 2, "seed": 5, "options": {"advanced": True},
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    pages = {}
    for i, locale in enumerate(("hu-HU", "en-GB")):
        ctx = browser.new_context(viewport=LAPTOP, locale=locale)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e, page=page: page.errors.append(str(e)))
        page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][i]['token']}")
        page.wait_for_selector("[data-testid=moon-table]", timeout=20000)
        page.wait_for_selector("[data-testid=log] *", timeout=20000)
        pages[locale] = page
    hu, en = pages["hu-HU"], pages["en-GB"]
    read = ("() => [document.body.innerText, ...[...document.querySelectorAll('title')].map(n => n.textContent),"
            " ...[...document.querySelectorAll('[title]')].map(n => n.getAttribute('title'))].join(' ')")
    text = hu.evaluate(read)
    found = re.findall(r"[^\W\d_]+", text.lower())
    english = [w for w in found if w in {"the", "and", "your", "of", "to", "from", "with", "an", "are", "on", "in",
                                         "at", "for", "you", "it", "this", "or", "by", "not"}]
    assert len(english) < 0.03 * len(found), english[:30]
    assert "A pálya:" in words(hu, "[data-testid=log]") and "The lap:" in words(en, "[data-testid=log]")
    assert "The lap:" not in words(hu, "[data-testid=log]")
    assert "Karikás mező" in text and "A box with a circle" in en.evaluate(read)
    assert hu.errors == [] and en.errors == []
    hu.context.close()
    en.context.close()
