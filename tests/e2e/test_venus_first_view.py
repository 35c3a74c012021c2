"""Onward to Venus on a 1280×800 laptop, in headless chromium: on the first view, before any
scrolling, the whole board (every planet with its tiles, the Moon under Earth, the empire
panels) stands above the docked hand, and every card of the hand is in sight in the dock."""

from __future__ import annotations

import pytest
from e2e_helpers import post_json as post
from test_first_screens import page_of, seat_link

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}

# the bottom of each board part that lies under the dock's top edge (none, on the first view)
UNDER_DOCK = """() => {
  const top = document.querySelector('#hand-dock').getBoundingClientRect().top;
  const parts = [...document.querySelectorAll('.vn-planet, .vn-tile, .vn-emp, .vn-player, .vn-players, .vn-top > *')];
  return parts.filter(p => p.getBoundingClientRect().bottom > top + 0.5)
    .map(p => `${p.className} ${p.textContent.trim().slice(0, 30)}: ` +
      `${Math.round(p.getBoundingClientRect().bottom)} > ${Math.round(top)}`);
}"""


@pytest.mark.parametrize("players,seed", [(2, 20), (3, 5)])
def test_venus_first_view_shows_the_whole_board_above_the_open_hand(server, browser, players, seed):
    g = post(server, "/api/games", {"game": "venus", "players": players, "seed": seed,
                                    "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)})
    page = page_of(browser, server, seat_link(g, 0), LAPTOP)
    page.wait_for_selector("#decision.mine .options button")
    page.wait_for_timeout(500)
    assert page.evaluate("scrollY") == 0
    assert page.get_attribute("[data-testid=hand-toggle]", "aria-expanded") == "true"
    assert page.locator(".vn-planet").count() == 8
    assert page.evaluate(UNDER_DOCK) == []
    # the hand: every card within the dock and the window
    cut = page.evaluate("""() => { const d = document.querySelector('#hand-dock').getBoundingClientRect();
        return [...document.querySelectorAll('#hand-slot .vn-card')].filter(c => { const r = c.getBoundingClientRect();
          return r.top < d.top || r.bottom > Math.min(d.bottom, innerHeight) + 0.5 ||
            r.right > d.right + 0.5; }).length; }""")
    assert page.locator("#hand-slot .vn-card").count() >= 5 and cut == 0
    # a card's title stays readable (the full text is its tooltip)
    assert all(t.strip() for t in page.locator("#hand-slot .vn-card").all_inner_texts())
    assert page.errors == []
