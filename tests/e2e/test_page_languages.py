"""Two browsers on one Onward to Venus game, one reading Hungarian and one English (its
navigator.languages), each read their own language in the prompt, the options and the log (and
a March on Mars and a Walking on the Moon game likewise); the picker in the header changes the
language and is remembered; a finished game's end screen and its replay, of each game, and the
design lab read in Hungarian. With
COSMODROME_UPDATE_SCREENSHOTS set, the Hungarian table is saved in docs/ on a laptop and a phone."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from e2e_helpers import get
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DOCS = Path(__file__).resolve().parents[2] / "docs"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
ENGLISH = re.compile(r"\b(the|and|your|of|to|is|from|with)\b", re.I)


#: everything a reader reads of a page: its text, the SVG titles and the title attributes (tooltips)
READ = ("() => [document.body.innerText, ...[...document.querySelectorAll('title')].map(n => n.textContent),"
        " ...[...document.querySelectorAll('[title]')].map(n => n.getAttribute('title'))].join(' ')")
#: English function words, as tests/core/test_i18n.py counts them, but for "a" (Hungarian's own
#: article), "is" and "be" (Hungarian words too: "also", "in")
FUNCTION_WORDS = frozenset("the and your of to from with an are on in at for you it this or by not".split())


def english_share(page) -> tuple[float, list[str]]:
    """The share of English function words among the words a page shows, and those found."""
    found = re.findall(r"[^\W\d_]+", page.evaluate(READ).lower())
    english = [w for w in found if w in FUNCTION_WORDS]
    return len(english) / max(1, len(found)), english


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


def two_readers(browser, server, g, ready):
    """Seat 0 of game ``g`` in a Hungarian browser, seat 1 in an English one, each page drawn
    (``ready``) with its log; page errors are kept in ``page.errors``."""
    pages = []
    for i, locale in enumerate(("hu-HU", "en-GB")):
        page = browser.new_context(viewport=LAPTOP, locale=locale).new_page()
        page.errors = []
        page.on("pageerror", lambda e, page=page: page.errors.append(str(e)))
        page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][i]['token']}")
        page.wait_for_selector(ready, timeout=20000)
        page.wait_for_selector("[data-testid=log] *", timeout=20000)
        pages.append(page)
    return pages


def test_a_moon_table_in_hungarian_beside_an_english_one(server, browser):
    # Walking on the Moon: prompt, options, option groups, the lap's and jump cards' tooltips
    # and the log in the reader's language; the English seat of the same game reads English
    g = post(server, "/api/games", {"game": "moon", "players": 2, "seed": 5, "options": {"advanced": True},
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    hu, en = two_readers(browser, server, g, "[data-testid=moon-table]")
    text = hu.evaluate(READ)
    share, english = english_share(hu)
    assert share < 0.03, english[:30]
    assert "A pálya:" in words(hu, "[data-testid=log]") and "The lap:" in words(en, "[data-testid=log]")
    assert "The lap:" not in words(hu, "[data-testid=log]")
    assert "Karikás mező" in text and "A box with a circle" in en.evaluate(READ)
    assert hu.errors == [] and en.errors == []
    hu.context.close()
    en.context.close()


# ----- every game's end screen and replay, a Mars table in two languages, the design lab ----------
def finished_record(game, players, seed):
    """A record of a game played to its end by random moves (sampled chance)."""
    import random

    from cosmodrome.core import GameRecord

    rec, s = GameRecord.start(game, players, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        s.apply(a)
        rec.actions.append(a)
    return rec.to_json()


def hungarian_page(browser, url):
    ctx = browser.new_context(viewport=LAPTOP, locale="hu-HU")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return page


@pytest.mark.parametrize("game, players", [("venus", 2), ("cosmic-run", 2), ("moon", 2), ("mars", 2)])
def test_a_finished_games_end_screen_and_its_replay_read_in_hungarian(server, browser, game, players):
    rec = finished_record(game, players, seed=4)
    g = post(server, "/api/games/import", {"record": rec, "mode": "continue",
                                           "seats": [{"kind": "human"}] * players})
    assert get(server, f"/api/games/{g['id']}")["status"] == "finished"
    # the end screen, as a seat reads it
    page = hungarian_page(browser, f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}")
    page.wait_for_selector("[data-testid=result] [data-testid=stats]", timeout=30000)
    page.wait_for_selector("[data-testid=log] *", timeout=20000)
    share, english = english_share(page)
    assert share < 0.03, (game, f"{share:.1%}", english[:30])
    assert page.evaluate("document.documentElement.lang") == "hu" and page.errors == []
    if game == "mars":  # the marines' names too
        assert "tengerészgyalogos" in page.inner_text("[data-testid=result]") and "marine" not in page.evaluate(READ)
    if game == "venus":  # the scoring's rows name the kept tiles' VP as the game's help has them
        scoring = page.inner_text("[data-testid=scoring]")
        assert "Trófeák (egyenként 1 GyP)" in scoring and "Idegenek (egyenként 2 GyP)" in scoring, scoring
    # the replay at its last step, with the end's statistics
    page.goto(f"{server}/replay.html?game={g['id']}")
    steps = len(rec["actions"])
    page.wait_for_selector(f"[data-testid=stepno]:has-text('/ {steps}')", timeout=30000)  # the replay is loaded
    for _ in range(10):  # (a step refused for asking too fast is asked again)
        page.click("#last")
        try:
            page.wait_for_selector("#result [data-testid=stats]", timeout=6000)
            break
        except Exception:
            continue
    page.wait_for_selector("#result [data-testid=stats]", timeout=1000)
    page.wait_for_selector("#log div", timeout=20000)
    share, english = english_share(page)
    assert share < 0.03, (game, "replay", f"{share:.1%}", english[:30])
    assert page.errors == []
    page.context.close()


def test_a_mars_table_in_hungarian_beside_an_english_one(server, browser):
    # prompt, options and log in each reader's language, the marines' and abilities' names too;
    # a move of the Hungarian seat reads English to the English seat
    g = post(server, "/api/games", {"game": "mars", "players": 2, "seed": 6,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    hu, en = two_readers(browser, server, g, "[data-testid=mars-ring]")
    # the first decision is seat 0's (Hungarian): which ability to keep
    hu.wait_for_selector("#decision.mine .options button", timeout=20000)
    prompt, options = words(hu, "[data-testid=prompt]"), words(hu, "#decision.mine .options button")
    assert "Vörös tengerészgyalogos" in prompt and "különleges kiképzés" in prompt, prompt
    assert not ENGLISH.search(prompt + options), (prompt, options)
    assert "Red marine" in words(en, "[data-testid=prompt]") or "Red marine" in words(en, "#decision")
    share, english = english_share(hu)
    assert share < 0.03, english[:30]
    # the Hungarian seat keeps an ability: each log reads the line in its own language
    hu.locator("#decision.mine .options button").first.click()
    hu.wait_for_function("document.querySelector('[data-testid=log]').innerText.includes('kiképzése:')", timeout=15000)
    en.wait_for_function("document.querySelector('[data-testid=log]').innerText.includes('trains as')", timeout=15000)
    line_en = [ln for ln in en.locator("[data-testid=log] *").all_text_contents() if "trains as" in ln][-1]
    assert line_en.startswith("Red marine trains as ") and "kiképzés" not in line_en, line_en
    assert "tengerészgyalogos" not in words(en, "[data-testid=log]")
    line_hu = [ln for ln in hu.locator("[data-testid=log] *").all_text_contents() if "kiképzése:" in ln][-1]
    ability = line_en.removeprefix("Red marine trains as ").rstrip(".")
    assert ability not in line_hu, (line_hu, ability)  # the ability's name in Hungarian too
    # whoever decides next reads the prompt in their own language
    for _ in range(150):
        now = next((p for p in (en, hu) if p.locator("#decision.mine .options button").count()), None)
        if now is not None:
            break
        hu.wait_for_timeout(100)
    assert now is not None, "nobody decides after the first move"
    prompt = words(now, "[data-testid=prompt]")
    assert ("marine" in prompt and not re.search("[áéíóöőúüű]", prompt)) if now is en else \
        ("tengerészgyalogos" in prompt and not ENGLISH.search(prompt)), prompt
    assert hu.errors == [] and en.errors == []
    hu.context.close()
    en.context.close()


def test_the_design_lab_in_hungarian(server, browser):
    page = hungarian_page(browser, f"{server}/lab.html")
    page.wait_for_selector("[data-testid=lab-form] .entry", timeout=30000)
    page.wait_for_function("document.querySelector('[data-testid=lab-ranges-note]').textContent !== ''")
    assert page.inner_text("#variant-head") == "A játék számainak megváltoztatása"
    assert page.inner_text("#lab-run") == "Futtatás"
    assert "Irány a Vénusz!" in words(page, "#lab-game option")
    share, english = english_share(page)
    assert share < 0.03, english[:30]
    assert page.errors == []
    page.context.close()


OPEN_ABOUT = ("document.querySelectorAll('[data-testid=about], [data-testid=about] details')"
              ".forEach(d => d.open = true)")


def test_about_each_game_reads_in_hungarian(server, browser):
    # "About this game": the reconstructed entries' sources and the notes of every game
    page = hungarian_page(browser, f"{server}/")
    page.wait_for_selector("#seats .seat-row", timeout=20000)
    titles = {g["name"]: g["title"] for g in get(server, "/api/game-types?lang=hu")["games"]}
    for game in ("venus", "cosmic-run", "moon", "mars"):
        page.select_option("#game", game)
        about = page.locator("[data-testid=about]")
        about.locator("summary", has_text=titles[game]).first.wait_for()
        page.evaluate(OPEN_ABOUT)
        text = about.inner_text()
        found = re.findall(r"[^\W\d_]+", text.lower())
        english = [w for w in found if w in FUNCTION_WORDS]
        assert len(found) > 30 and len(english) < 0.03 * len(found), (game, english[:30])
    page.select_option("#game", "venus")
    page.evaluate(OPEN_ABOUT)
    assert "A kártyák címe a magyar kiadás nevét követi" in page.locator("[data-testid=about]").inner_text()
    assert page.errors == []
    page.context.close()


def cosmic_run_record_with_mines(seed: int = 1) -> dict:
    """A Cosmic Run record stopped in round 2 or later, with mines laid and ships under way."""
    import random

    from cosmodrome.core import GameRecord

    rec, s = GameRecord.start("cosmic-run", 2, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        v = s.view(0)
        mines = sum(1 for sh in v["sheets"] for tr in sh["grid"] for row in tr for b in row if b & 16)
        moved = sum(1 for sh in v["sheets"] for ship in sh["ships"] if ship["row"] > 0)
        if mines and moved >= 2 and v["round"] >= 2 and v.get("decision"):
            return rec.to_json()
        a = rng.choice(s.legal_actions())
        s.apply(a)
        rec.actions.append(a)
    raise AssertionError("no position with mines and ships under way")


def test_a_cosmic_run_tables_sheets_read_in_hungarian(server, browser):
    # the ships', mines', ladder's and badges' tooltips and the round track's titles, as a
    # Hungarian seat reads them (each tooltip is also the place's aria-label)
    g = post(server, "/api/games/import", {"record": cosmic_run_record_with_mines(), "mode": "continue",
                                           "seats": [{"kind": "human"}] * 2})
    page = hungarian_page(browser, f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}")
    page.wait_for_selector("[data-testid=cr-sheet] .cr-cell.mine", timeout=20000)

    def labels(sel, attr="aria-label"):
        return " | ".join(page.eval_on_selector_all(sel, f"ns => ns.map(n => n.getAttribute('{attr}') || '')"))

    ships = labels("[data-testid=cr-sheet] .cr-ship[aria-label]")
    assert "hajó" in ships and "legmagasabb elért pont" in ships and " ship" not in ships, ships
    mines = labels("[data-testid=cr-sheet] .cr-cell.mine")
    assert "pályán" in mines and "track" not in mines, mines
    ladder = labels("[data-testid=cr-sheet] .cr-ladder")
    assert "GyP a legmagasabb elért sor szerint" in ladder and "highest row" not in ladder, ladder
    numbers = labels("[data-testid=cr-sheet] .cr-numbers")
    assert "oldal." in numbers and "column letter" not in numbers, numbers
    rounds = labels("[data-testid=cr-rounds] .rsq", "title")
    assert "1. forduló: " in rounds and "aknadobás" in rounds and "mine roll" not in rounds, rounds
    assert "forduló · kapitány" in page.inner_text("[data-testid=cr-rounds] .cr-subh").lower()
    badges = (labels("[data-testid=cr-sheet] .cr-badge.captain", "title")
              + labels("[data-testid=cr-sheet] .cr-score", "title"))
    assert "kapitány" in badges and "pontozás" in badges and "Captain" not in badges, badges
    page.hover("[data-testid=cr-rounds]")
    assert "pöttyök" in page.inner_text("[data-testid=cr-tip]")
    # a place's menu of several options closes with "Mégse" (the lab's "Cancel" stops a run: "Leállítás")
    cancels = page.evaluate("import('/js/api.js').then(m => [m.pgettext('menu', 'Cancel'), m.t('Cancel')])")
    assert cancels == ["Mégse", "Leállítás"]
    share, english = english_share(page)
    assert share < 0.03, (f"{share:.1%}", english[:30])
    assert page.errors == []
    page.context.close()
