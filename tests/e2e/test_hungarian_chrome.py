"""The chrome in Hungarian, in headless chromium (issue #29: the English a Hungarian reader still
met): the lobby's empty lists, seat pickers, bot levels, option choices and "About this game";
"my games" with the games' titles and the bots' levels; the hint's "and N more"; the replay's
title and jumps; the design lab's sections and fields. And a check that the visible texts (and
tooltips) of the lobby, "my games", a replay and the lab hold none of the English words known to
have leaked."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import get
from e2e_helpers import post_json as post
from test_page_languages import READ, finished_record

from cosmodrome.games.venus.components import load_components

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}
#: English words that leaked into the Hungarian chrome (the reader's findings and ours); none is a
#: Hungarian word nor part of a product name the pages show ("Cosmic Run: Rapid Fire", "Pocket Race")
LEAKS = re.compile(r"\b(none|seat|seats|kind|random|heuristic|ismcts|seconds|replay|previous|next|start|end|more|"
                   r"rules|step|turns|forget|packaged|pause|play|value|level|planets|cards|tiles|units|bunkers|"
                   r"game|games|the|and|of)\b", re.I)


def leaks(page) -> list[str]:
    return sorted({m.group(0) for m in LEAKS.finditer(page.evaluate(READ))})


@pytest.fixture
def hu(browser):
    ctx = browser.new_context(viewport=LAPTOP, locale="hu-HU")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    assert page.errors == []
    ctx.close()


def test_the_lobby_and_my_games_read_hungarian_to_the_last_word(server, hu):
    g = post(server, "/api/games", {"game": "venus", "players": 3, "seed": 2, "public": True,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                              {"kind": "bot", "bot": "ismcts:seconds=0.25"}]})
    hu.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}")   # kept in "my games"
    hu.wait_for_selector("[data-testid=planets]", timeout=20000)
    hu.goto(f"{server}/")
    row = hu.locator(f"[data-testid=lobby-my-game][data-game='{g['id']}']")
    row.wait_for(timeout=20000)
    assert "Irány a Vénusz!" in row.inner_text() and "bot: Véletlen, bot: Közepes" in row.inner_text(), row.inner_text()
    hu.wait_for_selector("#running-games [data-testid=lobby-game-title]", timeout=20000)
    assert "Irány a Vénusz!" in hu.inner_text("#running-games")
    # an empty list: "egy sincs", not "none" (a fresh server has no finished game)
    assert hu.inner_text("#finished-games").strip() == "egy sincs"
    # the seat pickers: their names and the bot levels' tooltips in words
    kinds = hu.eval_on_selector_all("#seats .kind", "ns => ns.map(n => n.getAttribute('aria-label'))")
    assert kinds[0] == "1. hely: ember vagy bot", kinds
    tips = hu.eval_on_selector_all("#seats .bot option", "ns => ns.map(n => n.title)")
    assert "Véletlen: bármelyik szabályos lépést véletlenszerűen választja" in tips
    assert "Közepes: lépésenként 0,25 másodpercig keres előre" in tips
    assert not any(re.search(r"random|heuristic|ismcts", t) for t in tips), tips
    assert hu.locator("#advanced-options select option").first.text_content() == "a csomagban lévő fájl"
    # "About this game": the component file's parts in words
    hu.evaluate("document.querySelectorAll('[data-testid=about], [data-testid=about] details')"
                ".forEach(d => d.open = true)")
    about = hu.inner_text("[data-testid=about]")
    rules = [k for k in load_components().status if k.startswith("rules.")]   # the packaged file's [rules]
    assumed = sum(1 for k in rules if load_components().status[k][0] == "assumed")
    assert f"szabályok: {len(rules)} tételből {assumed} rekonstruált" in about, about[:400]
    assert "planéták › Merkúr:" in about, about[:400]
    assert "rules:" not in about and "planets[" not in about and "cards[" not in about
    assert "SzK: a szabálykönyv" in about and "HU: a magyar kiadás szabálykönyve" in about, about[-400:]
    assert leaks(hu) == []
    # an option's choices in words (March on Mars)
    hu.select_option("#game", "mars")
    assert hu.locator("#opt-threat option").all_inner_texts() == ["kezdő", "rendes", "őrmester", "irtó"]
    assert hu.locator("#opt-upgrades option").all_inner_texts() == ["fedezékek", "véletlen"]
    assert hu.eval_on_selector("#opt-threat", "s => s.value") == "normal"   # the value sent stays the option's
    assert leaks(hu) == []
    # "my games": the title, the seat, the bots' levels, the button
    hu.goto(f"{server}/mygames.html")
    mine = hu.locator(f"[data-testid=my-game][data-game='{g['id']}']")
    mine.wait_for(timeout=20000)
    text = mine.inner_text()
    assert "Irány a Vénusz!" in text and "bot: Véletlen, bot: Közepes" in text and "elfelejtés" in text, text
    assert leaks(hu) == []


def test_the_page_writes_the_names_its_catalog_calls_bare_without_an_article(server, hu):
    """The page's {name:az} fields read the bare names from the catalog the server sends, as
    the server's i18n.takes_article does: "Kína dob", "a Szovjetunió dob", "a Kínai ..."."""
    hu.goto(f"{server}/")
    hu.wait_for_selector("#seats .seat-row")
    said = hu.evaluate("""async () => {
        const m = await import('/js/i18n.js');
        return ["Kína", "Európa és a Szovjetunió", "Szovjetunió", "Kínai", "Japán"]
            .map(n => m.t("{n:Az} dob.", {n}));
    }""")
    assert said == ["Kína dob.", "Európa és a Szovjetunió dob.", "A Szovjetunió dob.", "A Kínai dob.", "Japán dob."]


def test_a_bot_levels_profile_names_it_in_words(server, hu):
    hu.goto(f"{server}/profile.html?name=bot:ismcts:seconds=0.25")
    hu.wait_for_function("document.getElementById('name').textContent.includes('bot')", timeout=20000)
    assert hu.inner_text("#name") == "bot: Közepes (botszint)"
    assert leaks(hu) == []


def test_ratings_and_players_read_as_the_readers_language_writes_them(server, hu):
    """The leaderboard's and profile's numbers carry the reader's decimal sign, and a bot in a
    list of opponents is named by its level ("bot random" was shown as it is stored)."""
    hu.goto(f"{server}/")
    hu.wait_for_selector("#create-btn")
    said = hu.evaluate("import('/js/api.js').then(m => [m.decimal(7.8), m.decimal(0), m.playerName('bot random'),"
                       " m.playerName('bot ismcts:seconds=1'), m.playerName('Ada')])")
    assert said == ["7,8", "0,0", "bot: Véletlen", "bot: Nehéz", "Ada"], said


def test_the_hints_count_of_more_options_is_hungarian(server, hu):
    hu.goto(f"{server}/")
    hu.wait_for_selector("#create-btn")
    said = hu.evaluate("import('/js/hints.js').then(m => [m.shortLabels([1, 2, 3, 4, 5], new Map("
                       "[[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd'], [5, 'e']])), "
                       "m.shortLabels([1, 2], new Map([[1, 'a'], [2, 'b']]))])")
    assert said == ["a, b és még 3", "a, b"]


def test_a_replay_and_the_lab_read_hungarian_to_the_last_word(server, hu):
    rec = finished_record("venus", 2, seed=4)
    g = post(server, "/api/games/import", {"record": rec, "mode": "continue", "seats": [{"kind": "human"}] * 2})
    assert get(server, f"/api/games/{g['id']}")["status"] == "finished"
    hu.goto(f"{server}/replay.html?game={g['id']}")
    hu.wait_for_selector(f"[data-testid=stepno]:has-text('/ {len(rec['actions'])}')", timeout=30000)
    hu.wait_for_selector("[data-testid=next-mark]:not([hidden])", timeout=20000)
    assert hu.inner_text("#title") == f"Visszajátszás · Irány a Vénusz! · {g['id']} játszma"
    assert hu.inner_text("[data-testid=prev-mark]") == "előző periódus"
    assert hu.inner_text("[data-testid=next-mark]") == "következő periódus"
    jumps = hu.locator("[data-testid=jump] option").all_inner_texts()
    assert jumps[0] == "eleje" and jumps[-1] == "vége" and any(re.match(r"\d+\. lépés: ", j) for j in jumps), jumps[:5]
    assert hu.locator("[data-testid=jump] optgroup").get_attribute("label") == "körök"
    hu.click("[data-testid=play]")
    assert hu.inner_text("[data-testid=play]") == "szünet"
    hu.click("[data-testid=play]")
    assert hu.inner_text("[data-testid=play]") == "lejátszás"
    hu.wait_for_selector("#log div", timeout=20000)
    assert leaks(hu) == []
    # the design lab: its sections, entries and fields in words, its bot levels' tooltips too
    hu.goto(f"{server}/lab.html")
    hu.wait_for_selector("[data-testid=lab-form] .entry", timeout=30000)
    legends = [x.strip() for x in hu.locator("[data-testid=lab-form] legend").all_text_contents()]
    assert legends[:2] == ["szabályok", "egységek"], legends
    money = hu.locator("[data-testid=lab-form] .entry[data-key=start_money]")
    assert money.locator(".entry-head b").inner_text() == "kezdőpénz"
    assert money.locator(".field label").inner_text() == "érték"
    tips = hu.eval_on_selector_all("[data-testid=lab-bot] option", "ns => ns.map(n => n.title)")
    assert tips and not any(re.search(r"random|heuristic|ismcts", t) for t in tips), tips
    assert leaks(hu) == []


@pytest.mark.parametrize("game", ["venus", "cosmic-run", "moon", "mars"])
def test_the_guided_first_game_reads_hungarian_and_marks_its_own_pick(server, hu, game):
    """The guided game's steps (web/js/tours.js) were English for a Hungarian reader, and a
    step that picks its option by the label's English words marked none of the Hungarian
    options: the pattern is the catalog's too (context "tour pick")."""
    hu.goto(f"{server}/")
    hu.wait_for_selector("#seats .seat-row")
    hu.select_option("#game", game)
    assert hu.inner_text("[data-testid=learn]").startswith("Tanuld meg")
    hu.click("[data-testid=learn]")
    hu.wait_for_url("**/table.html?learn=1&game=*")
    steps = hu.evaluate(f"import('/js/tours.js').then(m => m.TOURS[{game!r}].steps)")
    game_id, token = hu.url.split("game=")[1].split("#")[0], hu.url.split("#token=")[1]
    tour = hu.locator("[data-testid=tour]")
    for n, step in enumerate(steps, start=1):
        hu.wait_for_function(
            "n => document.querySelector('[data-testid=tour]').textContent.includes(`${n}. lépés`)"
            " && document.querySelector('#decision.mine .options button.suggested:enabled')", arg=n, timeout=30000)
        assert not LEAKS.search(step["title"] + step["what"] + step["why"]), step
        assert hu.inner_text("[data-testid=tour-title]") == step["title"]
        view = get(server, f"/api/games/{game_id}/view?lang=hu", token)
        wanted = [o["action"] for o in view["decision"]["options"]
                  if (not step["pick"].get("label") or re.search(step["pick"]["label"], o["label"]))
                  and all(o.get("data", {}).get(k) == v for k, v in step["pick"].get("data", {}).items())]
        assert wanted, (n, step["pick"], [o["label"] for o in view["decision"]["options"]])
        marked = hu.locator("#decision .options button.suggested")
        assert int(marked.get_attribute("data-action")) in wanted
        assert step["why"] in tour.inner_text()   # the why is shown only for the script's own pick
        marked.click()
    hu.wait_for_selector("[data-testid=tour-done]", timeout=30000)


def test_a_lab_runs_results_read_hungarian(server, hu):
    """A design-lab run's results for a Hungarian reader: the game's own measures and bots
    in words, numbers with the decimal comma (the tables showed "p1_vp per game",
    "heuristic" and "62.5%")."""
    hu.goto(f"{server}/lab.html")
    hu.wait_for_selector("[data-testid=lab-form] .entry", timeout=30000)
    hu.select_option("#lab-game", "cosmic-run")
    hu.wait_for_selector("[data-testid=lab-form][data-game=cosmic-run] .entry[data-key]", timeout=30000)
    hu.fill("#lab-games", "4")
    hu.click("#lab-run")
    hu.wait_for_selector("[data-testid=lab-other-table]", timeout=120000)
    results = hu.inner_text("[data-testid=lab-results]")
    assert "játszmánként" in results and "1. lap: " in results, results
    for english in ("per game", "p1_", "p2_", "mean VP", "VP spread", "heuristic", "Seat "):
        assert english not in results, (english, results)
    assert re.search(r"\d,\d%", results) and not re.search(r"\d\.\d%", results), results


def test_a_hungarian_lobby_is_hungarian_before_and_without_its_script(server, browser):
    """The server sends the page already in Hungarian (server/routers/webpages.py): with
    JavaScript off the lobby's headings, title and tooltips read Hungarian, never English."""
    ctx = browser.new_context(viewport=LAPTOP, locale="hu-HU", java_script_enabled=False)
    page = ctx.new_page()
    page.goto(f"{server}/")
    assert page.evaluate("document.documentElement.lang") == "hu"
    headings = [h.strip() for h in page.locator("main h2").all_inner_texts()]
    assert headings == ["Új játszma", "Lejegyzés betöltése", "Játszmáid", "Nyitott játszmák", "Folyamatban",
                        "Befejezett"], headings
    assert page.title() == "Cosmodrome — előcsarnok"
    assert page.get_attribute("#seed", "placeholder") == "véletlen"
    assert leaks(page) == []
    ctx.close()


def test_the_script_writes_a_page_the_server_translated_in_its_own_choice(server, browser):
    """A browser that asks for Hungarian but whose picker chose English before the choice was kept
    in a cookie: the server sends Hungarian, the script writes it back in English from the ids
    the page keeps, and keeps the choice for the server from then on."""
    ctx = browser.new_context(viewport=LAPTOP, locale="hu-HU")
    ctx.add_init_script("try { if (!document.cookie.includes('cosmodrome_lang')) "
                        "localStorage.setItem('cosmodrome.lang', 'en'); } catch (e) {}")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    page.wait_for_selector("#lang-picker")
    headings = [h.strip() for h in page.locator("main h2").all_inner_texts()]
    assert headings == ["New game", "Import a record", "Your games", "Open games", "Running", "Finished"], headings
    assert page.title() == "Cosmodrome — lobby" and page.get_attribute("#seed", "placeholder") == "random"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert any(c["name"] == "cosmodrome_lang" and c["value"] == "en" for c in ctx.cookies())
    page.reload()
    page.wait_for_selector("#lang-picker")
    assert page.evaluate("document.documentElement.lang") == "en" and page.title() == "Cosmodrome — lobby"
    # choosing Hungarian in the picker: the next page comes from the server in Hungarian
    page.select_option("#lang-picker", "hu")
    page.wait_for_function("document.documentElement.lang === 'hu' && document.title.includes('előcsarnok')")
    assert page.locator("main h2").first.inner_text().strip() == "Új játszma"
    assert errors == []
    ctx.close()


#: a file's path: "../shared/rules/x.md", "docs/rulings/venus.md", "venus-components.md"
PATH = re.compile(r"\.\./|\b(?:docs|shared|rules|src)/|\b[\w-]+\.(?:md|txt|toml|py|json)\b")


@pytest.mark.parametrize("locale", ["hu-HU", "en-GB"])
def test_the_rules_pages_and_about_this_game_show_no_file_path(server, browser, locale):
    """A player reads the rulebook's name and its sections in words, never a file's path (the
    rules page's sources and last line, "About this game" with every entry opened)."""
    ctx = browser.new_context(viewport=LAPTOP, locale=locale)
    page = ctx.new_page()
    for game in ("venus", "cosmic-run", "moon", "mars"):
        page.goto(f"{server}/rules.html?game={game}")
        page.wait_for_selector("#rules section, #rules h2", timeout=20000)
        text = page.evaluate(READ)
        assert ("szabálykönyv" if locale == "hu-HU" else "rulebook") in text
        assert not PATH.findall(text), (game, locale, PATH.findall(text))
    page.goto(f"{server}/")
    for game in ("venus", "cosmic-run", "moon", "mars"):
        page.select_option("#game", game)
        page.wait_for_selector("[data-testid=about]")
        page.evaluate("document.querySelectorAll('[data-testid=about], [data-testid=about] details')"
                      ".forEach(d => d.open = true)")
        about = page.inner_text("[data-testid=about]")
        assert about and not PATH.findall(about), (game, locale, PATH.findall(about))
    ctx.close()
