"""How to play, first-game hints and motion in headless chromium: each game's rules page loads
from our server alone (every other request is refused and counted) and is linked from the
lobby and from the table (a new tab: the seat's token stays in the table's fragment and never
reaches the rules page's address); the hint layer shows what the decision means and what its
options do, switches off and stays off after a reload; a bot's move animates the piece it moved,
and nothing animates when reduced motion is asked for."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from e2e_helpers import get
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HELP_GAMES = ["venus", "cosmic-run", "moon", "mars"]

# Records every motion class the page puts on an element (the page's own code, untouched).
RECORD_MOTION = """
window.__motion = [];
new MutationObserver(list => { for (const m of list) {
  const c = m.target.getAttribute && m.target.getAttribute("class");
  if (c && /\\bmotion-(move|enter|change|roll)\\b/.test(c)) window.__motion.push(c.match(/motion-\\w+/g).join(" "));
} }).observe(document, { attributes: true, attributeFilter: ["class"], subtree: true });
"""


def offline_page(browser, base, **ctx):
    """A page that may reach only ``base``: any other request is aborted and listed in page.outside."""
    c = browser.new_context(**ctx)
    page = c.new_page()
    page.outside, page.errors = [], []
    page.on("pageerror", lambda e: page.errors.append(str(e)))

    def route(r):
        url = r.request.url
        if url.startswith(base) or url.startswith("data:"):
            return r.continue_()
        page.outside.append(url)
        return r.abort()
    c.route("**/*", route)
    return page


def seat_game(base, game="venus", players=2):
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    return post(base, "/api/games", {"game": game, "players": players, "seed": 4, "seats": seats})


@pytest.mark.parametrize("game", HELP_GAMES)
def test_each_games_rules_page_loads_offline(server, browser, game):
    page = offline_page(browser, server)
    page.goto(f"{server}/rules.html?game={game}")
    page.wait_for_selector("[data-testid=rules-section]")
    title = get(server, f"/api/game-types/{game}/how-to-play")["title"]
    assert page.inner_text("h1") == f"How to play {title}"
    sections = page.locator("[data-testid=rules-section]")
    assert sections.count() >= 6
    # every section names the rulebook section it retells
    assert all(t.startswith("Rulebook: ") for t in page.locator(".rules-source").all_inner_texts())
    # the diagrams are drawn (decoded images with their text alternative)
    imgs = page.locator(".rules-fig img")
    assert imgs.count() >= 1
    page.wait_for_function("() => [...document.querySelectorAll('.rules-fig img')]"
                           ".every(i => i.complete && i.naturalWidth > 0)")
    assert all(imgs.nth(i).get_attribute("alt") for i in range(imgs.count()))
    assert page.outside == [] and page.errors == []


def test_unknown_game_gets_a_clear_message(server, browser):
    page = offline_page(browser, server)
    page.goto(f"{server}/rules.html?game=nope")
    page.wait_for_selector("[role=alert]")
    assert "nope" in page.inner_text("[role=alert]")


def test_rules_are_linked_from_the_lobby_and_from_the_table_without_the_token(server, browser):
    page = offline_page(browser, server, viewport={"width": 1366, "height": 768})
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=moon]", state="attached")
    page.select_option("#game", "moon")
    link = page.locator("[data-testid=rules-link]")
    assert link.get_attribute("href") == "/rules.html?game=moon" and "Walking on the Moon" in link.inner_text()
    with page.context.expect_page() as tab:
        link.click()
    tab.value.wait_for_selector("[data-testid=rules-section]")
    assert "Walking on the Moon" in tab.value.inner_text("h1")

    g = seat_game(server)
    token = g["seats"][0]["token"]
    page.goto(f"{server}/table.html?game={g['id']}#token={token}")
    page.wait_for_selector("#decision.mine .options button")
    with page.context.expect_page() as tab:
        page.click("[data-testid=rules-link]")
    rules = tab.value
    rules.wait_for_selector("[data-testid=rules-section]")
    assert "Onward to Venus" in rules.inner_text("h1")
    assert token not in rules.url and rules.url.endswith("/rules.html?game=venus")
    # the seat stays where it was
    assert page.url.endswith(f"#token={token}") and page.locator("#decision.mine").count() == 1
    assert page.outside == [] and page.errors == []


def test_hint_layer_shows_switches_off_and_stays_off_after_reload(server, browser):
    page = offline_page(browser, server, viewport={"width": 1366, "height": 768})
    g = seat_game(server)
    page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}")
    page.wait_for_selector("#decision.mine .options button")
    hint = page.locator("[data-testid=hint]")
    hint.wait_for(state="visible")
    view = get(server, f"/api/games/{g['id']}/view", g["seats"][0]["token"])
    assert page.inner_text("[data-testid=hint-text]") == view["decision"]["hint"]["text"]
    items = page.locator("[data-testid=hint-options] li")
    assert items.count() == len(view["decision"]["hint"]["options"]) >= 2
    assert "pass cube" in page.inner_text("[data-testid=hint-options]")
    page.click("[data-testid=hint-off]")
    assert hint.is_hidden() and not page.is_checked("[data-testid=pref-hints]")
    page.reload()
    page.wait_for_selector("#decision.mine .options button")
    page.wait_for_timeout(300)
    assert hint.is_hidden() and not page.is_checked("[data-testid=pref-hints]")
    page.check("[data-testid=pref-hints]")
    hint.wait_for(state="visible")
    page.reload()
    page.wait_for_selector("#decision.mine .options button")
    hint.wait_for(state="visible")
    assert page.errors == []


def watch_bots(browser, server, game="moon", bot="random", ready="[data-testid=moon-lap]", **ctx):
    """A spectator's page on a game of two bots (Walking on the Moon, random bots unless told), recording motion."""
    g = post(server, "/api/games", {"game": game, "players": 2, "seed": 9,
                                    "seats": [{"kind": "bot", "bot": bot}] * 2})
    page = offline_page(browser, server, viewport={"width": 1366, "height": 900}, **ctx)
    page.add_init_script(RECORD_MOTION)
    page.goto(f"{server}/table.html?game={g['id']}")
    page.wait_for_selector(ready)
    return page


def moves_seen(page):
    txt = page.inner_text("#status")
    return int(txt.split()[1]) if txt.startswith("move ") else 10 ** 6


@pytest.mark.parametrize("game, bot, ready", [("moon", "random", "[data-testid=moon-lap]"),
                                              ("mars", "heuristic", "[data-testid=mars-ring]")])
def test_a_bots_move_glides_and_its_dice_roll(server, browser, game, bot, ready):
    """The pieces (the Moon's astronauts, the Mars marines' pawns) carry data-id and the dice
    data-die: a move glides and a roll of the dice rolls. A spectator watches seat 0, played
    here at a person's pace (a rolled die stays on the table while it is seat 0's to place,
    whatever the load of the machine), against a bot."""
    g = post(server, "/api/games", {"game": game, "players": 2, "seed": 9,
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}]})
    tok = g["seats"][0]["token"]
    page = offline_page(browser, server, viewport={"width": 1366, "height": 900})
    page.add_init_script(RECORD_MOTION)
    page.goto(f"{server}/table.html?game={g['id']}")
    page.wait_for_selector(ready)
    end = time.time() + 90
    seen: set = set()
    while time.time() < end:
        seen = set(" ".join(page.evaluate("window.__motion")).split())
        if {"motion-move", "motion-roll"} <= seen:
            break
        v = get(server, f"/api/games/{g['id']}/view", tok)
        if v["status"] != "running":
            break
        if v["decision"]:
            page.wait_for_timeout(400)  # the spectator's page draws the position first
            options = v["decision"]["options"]
            req = urllib.request.Request(f"{server}/api/games/{g['id']}/act", method="POST",
                                         data=json.dumps({"action": options[0]["action"],
                                                          "version": v["version"]}).encode(),
                                         headers={"Content-Type": "application/json", "X-Cosmodrome-Token": tok})
            urllib.request.urlopen(req, timeout=10).read()
        page.wait_for_timeout(100)
    assert {"motion-move", "motion-roll"} <= seen, f"motion seen: {seen}"
    assert page.errors == [] and page.outside == []


def test_nothing_moves_with_reduced_motion(server, browser):
    page = watch_bots(browser, server, reduced_motion="reduce")
    start = moves_seen(page)
    end = time.time() + 60
    while moves_seen(page) < start + 30 and time.time() < end and not page.query_selector("[data-testid=moon-end]"):
        page.wait_for_timeout(50)
    assert moves_seen(page) >= start + 30 or page.query_selector("[data-testid=moon-end]")
    assert page.evaluate("window.__motion") == []
    assert page.errors == [] and page.outside == []


def test_hint_is_hidden_while_a_hot_seat_device_changes_hands(server, browser):
    """The hint lists the options of the seat to move (cards in hand among them): while the
    device goes to the next player it is hidden with the rest of that seat's table."""
    g = post(server, "/api/games", {"game": "venus", "players": 2, "seed": 4,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    page = offline_page(browser, server, viewport={"width": 1366, "height": 768})
    page.goto(f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']},{g['seats'][1]['token']}")
    page.wait_for_selector("#decision.mine .options button, [data-testid=handover]:visible")
    if page.locator("[data-testid=handover]").is_visible():   # the first player is the second seat
        page.click("#handover-btn")
    page.wait_for_selector("#decision.mine .options button")
    hint = page.locator("[data-testid=hint]")
    hint.wait_for(state="visible")
    page.get_by_role("button", name="Take a pass cube").click()
    for _ in range(50):   # a free-action card may keep the turn a moment: end it
        if page.locator("[data-testid=handover]").is_visible():
            break
        last = page.locator("#decision.mine .options button:enabled").last
        if last.count():
            last.click()
        page.wait_for_timeout(100)
    page.wait_for_selector("[data-testid=handover]", state="visible")
    assert hint.is_hidden()
    page.click("#handover-btn")
    hint.wait_for(state="visible")
    assert page.errors == []


BUSY_DRAWING = """async () => {
  const { snapshot, play } = await import("/js/motion.js");
  const board = document.createElement("div");
  board.style.cssText = "position:relative;width:800px;height:600px";
  document.body.replaceChildren(board);
  const draw = (pawnLeft, face, extra) => {
    board.innerHTML = "";
    for (let i = 0; i < 30; i++) {            // thirty dice, every one rolled again
      const d = document.createElement("span");
      d.dataset.die = "d" + i; d.dataset.face = String(face); d.textContent = String(face);
      board.append(d);
    }
    for (let i = 0; i < extra; i++) {          // a wave of new pieces
      const p = document.createElement("span");
      p.dataset.id = "new" + i; p.textContent = "x"; board.append(p);
    }
    const box = document.createElement("div");
    box.style.cssText = "position:absolute;top:200px;left:0;width:700px;height:40px";
    const pawn = document.createElement("span");
    pawn.dataset.id = "pawn";
    pawn.style.cssText = `position:absolute;left:${pawnLeft}px;top:0;width:20px;height:20px`;
    pawn.textContent = "P";
    box.append(pawn); board.append(box);
  };
  draw(10, 1, 0);
  const before = snapshot();
  draw(400, 2, 20);
  play(before);
  const marked = [...document.querySelectorAll("[class*=motion-]")];
  return { pawn: document.querySelector("[data-id=pawn]").className, marked: marked.length };
}"""


def test_a_busy_drawing_still_glides_the_piece_that_moved(server, browser):
    """Many moves in one drawing (a busy server coalesces a fast bot's turns) put more marks than
    the cap on the table: the piece that moved keeps its glide; dice and new pieces share the rest."""
    page = offline_page(browser, server, viewport={"width": 1366, "height": 900})
    page.goto(f"{server}/")
    out = page.evaluate(BUSY_DRAWING)
    assert "motion-move" in out["pawn"], out
    assert 1 < out["marked"] <= 24, out
    assert not page.outside and not page.errors


SVG_BOXES = """async ([from, to, shift]) => {
  const { snapshot, play } = await import("/js/motion.js");
  const NS = "http://www.w3.org/2000/svg";
  const draw = (box, top) => {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("width", "600"); svg.setAttribute("height", "200");
    svg.style.cssText = `position:absolute;left:0;top:${top}px`;
    for (let b = 0; b < 4; b++) {               // four boxes, each its own group
      const g = document.createElementNS(NS, "g");
      g.setAttribute("transform", `translate(${40 + b * 140} 100)`);
      if (b === box) {                          // the pawn alone in its box
        const pawn = document.createElementNS(NS, "g");
        pawn.dataset.id = "pawn";
        const r = document.createElementNS(NS, "rect");
        r.setAttribute("width", "10"); r.setAttribute("height", "20");
        pawn.append(r); g.append(pawn);
      }
      svg.append(g);
    }
    document.body.replaceChildren(svg);
  };
  draw(from, 0);
  const before = snapshot();
  draw(to, shift);
  play(before);
  return document.querySelector("[data-id=pawn]").getAttribute("class") || "";
}"""


@pytest.mark.parametrize("start, end, shift, moved", [(0, 2, 0, True),     # box to box: a move
                                                      (1, 1, 120, False),  # the drawing drifted down
                                                      (3, 3, 0, False)])   # nothing happened
def test_a_lone_pawn_glides_from_box_to_box_in_a_drawing(server, browser, start, end, shift, moved):
    """A pawn alone in an SVG box group moves with its group: its move is measured against the
    drawing, so it glides (the Mars marines), while the whole drawing's drift is no move."""
    page = offline_page(browser, server, viewport={"width": 1366, "height": 900})
    page.goto(f"{server}/")
    assert ("motion-move" in page.evaluate(SVG_BOXES, [start, end, shift])) == moved
    assert not page.outside and not page.errors
