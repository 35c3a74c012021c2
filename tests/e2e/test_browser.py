"""The browser table end to end, in headless chromium: a game created in the lobby and played
to the end by clicking, watched by a second seat and a spectator; hot-seat handover."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path

import pytest
from e2e_helpers import _free_port, get, post_json, start_server, stored_actions

from cosmodrome.server.updates import apply_update

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DOCS = Path(__file__).resolve().parents[2] / "docs"


def create_in_lobby(page, base, game, players, seats, options=None):
    page.goto(base + "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for i, kind in enumerate(seats):
        row = page.locator(f".seat-row[data-seat='{i}']")
        row.locator("select.kind").select_option("human" if kind == "human" else "bot")
        if kind != "human":
            row.locator("select.bot").select_option(kind)
    for name, value in (options or {}).items():
        inp = page.locator(f"[data-option='{name}']")
        if not inp.is_visible():
            page.click("#advanced > summary")  # data files and the seed sit under "Advanced"
        if isinstance(value, bool):
            inp.set_checked(value)
        else:
            inp.fill(str(value))
    page.click("#create-btn")
    # the creator lands on their own seat, whose "Invite" panel holds every link
    page.wait_for_selector("[data-testid=link-spectate]")
    links = {i: page.get_attribute(f"[data-testid=link-seat-{i}]", "value")
             for i, k in enumerate(seats) if k == "human"}
    return links, page.get_attribute("[data-testid=link-spectate]", "value")


def record_frames(page):
    frames = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    return frames


def tables(frames):
    """The tables a page held: its full table messages, and the tables its updates made of
    them (docs/SERVER.md, "Table messages")."""
    out = []
    for f in frames:
        try:
            m = json.loads(f)
        except (TypeError, ValueError):
            continue
        if m.get("type") == "update" and out and out[-1]["version"] == m["from"]:
            out.append(apply_update(out[-1], m))
        elif m.get("type") == "table":
            out.append(m)
    return out


def dom_hand(page):
    return sorted(page.eval_on_selector_all("[data-testid=hand] [data-card]", "els => els.map(e => e.dataset.card)"))


def click_some_option(page, rng):
    buttons = page.locator("#decision.mine .options button:enabled")
    n = buttons.count()
    if not n:
        return False
    try:
        buttons.nth(rng.randrange(n)).click(timeout=1500)
    except Exception:  # the table was redrawn under the click: look again
        return False
    return True


def play_game(base, browser, game, players, options, hand_key, max_seconds, screenshot=None):
    lobby = browser.new_context().new_page()
    seats = ["human", "human"] + ["random"] * (players - 2)
    links, spectate = create_in_lobby(lobby, base, game, players, seats, options)
    game_id = spectate.split("game=")[1]
    assert all("?token=" not in link and "#token=" in link for link in links.values())
    tok1 = links[1].split("#token=")[1]
    pages = []
    for url in (links[0], links[1], spectate):
        ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
        pg = ctx.new_page()
        errors = []
        pg.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        pg.errors = errors
        pg.frames_seen = record_frames(pg)
        pg.goto(url)
        pages.append(pg)
    a, b, spec = pages
    a.wait_for_selector("[data-testid=conn].ok")
    rng = random.Random(5)
    start, shot_taken, checks = time.time(), False, 0
    while not a.query_selector("[data-testid=winner]"):
        assert time.time() - start < max_seconds, "the game did not finish in time"
        clicked = False
        for pg in (a, b):
            clicked |= click_some_option(pg, rng)
        if clicked:
            a.wait_for_timeout(30)
        else:
            a.wait_for_timeout(60)
        if checks < 6 and rng.random() < 0.15:
            checks += 1
            # the second seat's hand on screen is its own, as the server gives it to its token
            for _ in range(20):
                own = hand_key(get(base, f"/api/games/{game_id}/view", token=tok1)["view"])
                if dom_hand(b) == sorted(str(c) for c in own):
                    break
                b.wait_for_timeout(100)
            else:
                raise AssertionError("the second seat's page does not show its own hand")
        if screenshot and not shot_taken and time.time() - start > 6:
            a.screenshot(path=str(screenshot), full_page=False)
            shot_taken = True
    for pg in pages:
        pg.wait_for_selector("[data-testid=winner]", timeout=10000)
    info = get(base, f"/api/games/{game_id}")
    assert info["status"] == "finished"
    final = info["actions"]
    # the second seat received every move (one table message per accepted action) ...
    tb = tables(b.frames_seen)
    versions = {m["actions"] for m in tb}
    assert set(range(min(versions), final + 1)) <= versions
    # ... and always exactly its own view, never another seat's; the spectator never a hand
    for m in tb[:: max(1, len(tb) // 25)] + tb[-1:]:
        assert m["seat"] == 1
        rv = get(base, f"/api/games/{game_id}/replay?step={m['actions']}&seat=1")
        assert m["view"] == rv["view"]
        assert m["decision"] is None or m["decision"]["seat"] == 1
    ts = tables(spec.frames_seen)
    assert ts and all(m["seat"] is None and m["decision"] is None for m in ts)
    for m in ts[:: max(1, len(ts) // 10)]:
        assert m["view"] == get(base, f"/api/games/{game_id}/replay?step={m['actions']}")["view"]
        assert hand_key(m["view"]) in (None, [], {})
    # on screen: the second seat shows its own hand; the spectator shows none
    own = get(base, f"/api/games/{game_id}/view", token=tok1)["view"]
    assert dom_hand(b) == sorted(str(c) for c in hand_key(own))
    assert dom_hand(spec) == []
    for pg in pages:
        assert pg.errors == [], pg.errors
    return game_id, pages


def test_pocket_race_played_to_the_end_by_clicking_then_replayed(server, browser):
    game_id, pages = play_game(server, browser, "pocket-race", 3, {"rounds": 4}, lambda v: v.get("hand"),
                               max_seconds=60)
    page = pages[2]
    page.goto(f"{server}/replay.html?game={game_id}")
    page.wait_for_selector("[data-testid=stepno]:has-text('0 / 12')")
    assert dom_hand(page) == []  # the spectators' view: no hand
    page.select_option("[data-testid=replay-seat]", "0")
    start = get(server, f"/api/games/{game_id}/replay?step=0&seat=0")["view"]["hand"]
    page.wait_for_function("n => document.querySelectorAll('[data-testid=hand] [data-card]').length === n",
                           arg=len(start))
    assert dom_hand(page) == sorted(str(c) for c in start)
    page.click("#next")
    page.wait_for_selector("[data-testid=stepno]:has-text('1 / 12')")
    page.fill("[data-testid=scrub]", "12")
    page.dispatch_event("[data-testid=scrub]", "input")
    page.wait_for_selector("[data-testid=stepno]:has-text('12 / 12')")
    end = get(server, f"/api/games/{game_id}/replay?step=12&seat=0")["view"]
    page.wait_for_function("t => document.querySelector('#board').textContent.includes(t)",
                           arg=f"turn {end['turn'] + 1}")


def test_hot_seat_hides_the_previous_hand(server, browser):
    page = browser.new_context().new_page()
    page.goto(server + "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "pocket-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.locator(".seat-row[data-seat='1'] select.kind").select_option("human")
    page.click("#create-btn")
    hot = page.get_attribute("[data-testid=link-hotseat]", "value")
    page.goto(hot)
    page.wait_for_selector("#decision.mine .options button")
    first_hand = dom_hand(page)
    assert first_hand
    assert page.locator("#whoami").inner_text() == "You: Player 1"
    page.locator("#decision.mine .options button").first.click()
    page.wait_for_selector("[data-testid=handover]:not([hidden])")
    assert "Player 2" in page.locator("#handover-who").inner_text()
    assert dom_hand(page) == []  # nothing of the previous hand while the device changes hands
    page.click("#handover-btn")
    page.wait_for_selector("#decision.mine .options button")
    assert page.locator("#whoami").inner_text() == "You: Player 2"
    assert dom_hand(page) and page.locator("[data-testid=prompt]").inner_text().startswith("Player 2")


def test_a_bad_link_is_told(server, browser):
    page = browser.new_context().new_page()
    page.goto(server + "/table.html?game=nosuchgame")
    page.wait_for_selector("[data-testid=banner]:not([hidden])")
    # the server's refusal, shown alone, reads as a sentence: a capital first
    assert page.locator("[data-testid=banner]").inner_text().startswith("No game")


@pytest.mark.timeout(480)  # a whole 3-player game clicked at random: minutes on a loaded machine
def test_venus_played_to_the_end_by_clicking(server, browser, tmp_path):
    """Onward to Venus in the browser: two people (clicking at random) and a random bot; the
    second seat never sees the first seat's hand; a spectator sees none; a mid-game
    screenshot of the table is taken (into docs/ with COSMODROME_UPDATE_SCREENSHOTS=1, so a
    plain test run leaves the work tree untouched)."""
    shot = (DOCS if os.environ.get("COSMODROME_UPDATE_SCREENSHOTS") else tmp_path) / "screenshot-venus.png"
    game_id, pages = play_game(server, browser, "venus", 3, None, lambda v: [c["card"] for c in (v.get("hand") or [])],
                               max_seconds=420, screenshot=shot)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    a, b, spec = pages
    # the end: scoring by planet with the engine's totals and the winner (or all lose)
    info = get(server, f"/api/games/{game_id}")
    text = a.locator("[data-testid=venus-winner]").inner_text()
    if info["result"]["winners"]:
        assert all(n.split(" (")[0] in text for n in info["result"]["winner_names"])
    else:
        assert "Everybody lost" in text
    totals = a.eval_on_selector_all("[data-testid=scoring] tr.total td",
                                    "els => els.slice(1).map(e => Number(e.textContent))")
    assert totals == [int(x) for x in info["result"]["scores"]]
    # the spectator's page draws every planet but no hand
    assert spec.locator("[data-planet]").count() == 8
    assert spec.locator("[data-testid=no-hand]").count() == 1


def test_a_dropped_connection_is_told_and_the_table_comes_back(browser, tmp_path):
    """Kill the server under an open table: the page says the connection is lost; a restarted
    server (same database) gives the whole table back, with every acknowledged move."""
    port = _free_port()
    db = tmp_path / "drop.sqlite"
    proc, base = start_server(db, port)
    try:
        page = browser.new_context().new_page()
        page.goto(base + "/")
        page.wait_for_selector("#seats .seat-row")
        page.select_option("#game", "pocket-race")
        page.fill("#players", "2")
        page.dispatch_event("#players", "change")
        page.click("#create-btn")
        link = page.get_attribute("[data-testid=link-seat-0]", "value")
        page.goto(link)
        page.locator("#decision.mine .options button").first.click()
        page.wait_for_selector("#status:has-text('move 2')")  # my move and the bot's
        before = sorted(page.eval_on_selector_all("#log div", "els => els.map(e => e.textContent)"))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        page.wait_for_selector("[data-testid=conn].bad", timeout=10000)
        assert "Connection to the server lost" in page.locator("[data-testid=banner]").inner_text()
        proc, base2 = start_server(db, port)
        page.wait_for_selector("[data-testid=conn].ok", timeout=20000)
        page.wait_for_selector("#decision.mine .options button")
        after = sorted(page.eval_on_selector_all("#log div", "els => els.map(e => e.textContent)"))
        assert after == before and len(after) == 2
        assert page.locator("#status").inner_text() == "move 2"
    finally:
        proc.kill()
        proc.wait(10)


def test_tokens_never_reach_a_url_and_old_links_still_work(server, browser):
    """A join link carries the seat token in its fragment; the page sends it in a header and
    the socket's first frame, never in a URL it requests. An old ``?token=`` link still plays:
    the page moves the token into the fragment. The record link of a running game downloads
    what the seat has seen, not the game's record."""
    g = post_json(server, "/api/games", {"game": "pocket-race", "players": 2, "seed": 3,
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    tok0, tok1 = g["seats"][0]["token"], g["seats"][1]["token"]
    ctx = browser.new_context(accept_downloads=True)
    page = ctx.new_page()
    urls, hellos = [], []
    page.on("request", lambda r: urls.append(r.url))
    page.on("websocket", lambda ws: (urls.append(ws.url), ws.on("framesent", lambda p: hellos.append(p))))
    page.goto(f"{server}/table.html?game={g['id']}&token={tok0}")  # an old link
    page.wait_for_selector("#decision.mine .options button")
    assert page.locator("#whoami").inner_text() == "You: Player 1"
    assert page.evaluate("location.search") == f"?game={g['id']}" and page.evaluate("location.hash") == f"#token={tok0}"
    page.locator("#decision.mine .options button").first.click()
    page.wait_for_selector("#status:has-text('move 1')")
    assert len(stored_actions(server, g["id"])) == 1
    with page.expect_download() as dl:
        page.click("#record-link")
    seat_rec = json.loads(Path(dl.value.path()).read_text())
    assert seat_rec["format"] == "cosmodrome-seat-record" and seat_rec["seat"] == 0 and "seed" not in seat_rec
    assert seat_rec["view"] == get(server, f"/api/games/{g['id']}/view", token=tok0)["view"]
    # a new link (token in the fragment) for the other seat, in the same page's session
    page2 = ctx.new_page()
    page2.on("request", lambda r: urls.append(r.url))
    page2.on("websocket", lambda ws: (urls.append(ws.url), ws.on("framesent", lambda p: hellos.append(p))))
    page2.goto(f"{server}/table.html?game={g['id']}#token={tok1}")
    page2.wait_for_selector("#decision.mine .options button")
    assert page2.locator("#whoami").inner_text() == "You: Player 2"
    page2.close()
    # only the first load of the old link itself had the token in a URL
    with_token = [u for u in urls if tok0 in u or tok1 in u]
    assert with_token == [f"{server}/table.html?game={g['id']}&token={tok0}"], with_token
    assert any(json.loads(h).get("token") == tok1 for h in hellos if h.startswith("{\"type\":\"hello\""))


def test_the_lobby_sends_a_variant_by_name_or_as_content(browser, tmp_path):
    """A data-file option is chosen in the lobby from the server's registered variants or as
    one's own file, which the page sends as content: no path ever leaves the page."""
    from cosmodrome.games.venus.components import DEFAULT_PATH
    from cosmodrome.server.storage import Store
    text = DEFAULT_PATH.read_text()
    (tmp_path / "variants" / "venus").mkdir(parents=True)
    (tmp_path / "variants" / "venus" / "classic.toml").write_text(text)
    own = tmp_path / "my-venus.toml"
    own.write_text("# my own copy\n" + text)
    db = tmp_path / "variants.sqlite"
    proc, base = start_server(db, _free_port(), "--variants", str(tmp_path / "variants"))
    try:
        page = browser.new_context().new_page()
        page.goto(base + "/")
        page.wait_for_selector("#seats .seat-row")
        page.select_option("#game", "venus")
        choice = page.locator("[data-option='components']")
        assert choice.locator("option").all_text_contents() == ["the packaged file", "classic", "my own file…"]
        assert not choice.is_visible()  # data files sit under "Advanced"
        page.click("#advanced > summary")
        made = []
        choice.select_option("classic")
        page.click("#create-btn")
        page.wait_for_selector("[data-testid=link-spectate]")
        made.append(page.get_attribute("[data-testid=link-spectate]", "value").split("game=")[1])
        page.goto(base + "/")
        page.wait_for_selector("#seats .seat-row")
        page.select_option("#game", "venus")
        page.click("#advanced > summary")
        choice.select_option("#file")
        page.set_input_files("[data-file-for='components']", str(own))
        page.click("#create-btn")
        page.wait_for_selector("[data-testid=link-spectate]")
        made.append(page.get_attribute("[data-testid=link-spectate]", "value").split("game=")[1])
        store = Store(f"sqlite:///{db}")
        try:
            opts = [store.get_game(gid).options["components"] for gid in made]
        finally:
            store.close()
        assert opts == [{"toml": text, "name": "classic"}, {"toml": own.read_text(), "name": "my-venus.toml"}]
    finally:
        proc.kill()
        proc.wait(10)


def test_the_lobby_and_the_table_say_what_is_reconstructed(server, browser):
    """The "About" panel lists the component entries marked assumed, in the lobby for the
    chosen game and on the table of a running game."""
    from cosmodrome.core import get_game

    rec = get_game("venus").reconstructed()
    page = browser.new_context().new_page()
    page.goto(server + "/")
    page.wait_for_selector("#seats .seat-row")
    page.select_option("#game", "venus")
    about = page.locator("[data-testid=about]")
    about.locator("summary").first.click()
    text = about.inner_text()
    for s in rec["sections"]:
        assert f"{s['label']}: {s['assumed']} of {s['total']} entries reconstructed" in text  # the section in words
    assert "Gunrunner" in text  # the note on card titles we named
    # the abbreviations the sources use, in words (those used only: no entry cites the summary)
    legend = about.locator("[data-testid=about-sources]").inner_text()
    assert "RB: the rulebook" in legend and "HU: the Hungarian edition's rulebook" in legend, legend
    assert "sheet: our component sheet" in legend and "SUM" not in legend, legend
    page.select_option("#game", "pocket-race")
    assert "Nothing of this game's components is our reconstruction" in \
        page.locator("[data-testid=about]").text_content()
    page.select_option("#game", "venus")
    links, spectate = create_in_lobby(page, server, "venus", 2, ["human", "random"])
    page.goto(spectate)
    page.wait_for_selector("[data-testid=about]")
    planets = next(s for s in rec["sections"] if s["section"] == "planets")
    assert f"{planets['label']}: {planets['assumed']} of {planets['total']} entries reconstructed" in \
        page.locator("[data-testid=about]").text_content()
