"""The table's clocks in the reader's language (issue #29): a turn-based seat's time left in
the language's units ("10 ó 00 p" in Hungarian, "10h 00m" in English), and the clock's line
with the language's decimal sign ("0,5 perc" in Hungarian, "0.5 min" in English)."""

from __future__ import annotations

import pytest
from e2e_helpers import post_json as post

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}


def clock_texts(browser, server, game, locale):
    """The clock's line and seat 0's time left on ``game``'s table, read by a spectator's
    browser asking for ``locale``."""
    ctx = browser.new_context(viewport=LAPTOP, locale=locale)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/table.html?game={game['id']}")
        page.wait_for_function("document.querySelector('[data-testid=clock-0]')?.textContent.length > 3", timeout=20000)
        desc, left = page.text_content("[data-testid=clock-desc]"), page.text_content("[data-testid=clock-0]")
    finally:
        ctx.close()
    assert errors == []
    return desc, left


@pytest.mark.parametrize("clock, want", [
    ({"kind": "turn", "hours": 10},
     {"en-GB": ("Clock: 10 h a move", " · 10h 00m left"), "hu-HU": ("Óra: lépésenként 10 óra", "10 ó 00 p")}),
    ({"kind": "turn", "days": 1.5},
     {"en-GB": ("1.5 day(s) a move", "1d 12h left"), "hu-HU": ("1,5 nap", "1 nap 12 ó")}),
    ({"kind": "realtime", "minutes": 0.5, "increment": 2.5},
     {"en-GB": ("Clock: 0.5 min each + 2.5 s a turn", "0:30 left"),
      "hu-HU": ("fejenként 0,5 perc + körönként 2,5 mp", "0:30")}),
])
def test_a_clock_reads_in_the_readers_units_and_decimal_sign(browser, server, clock, want):
    # nobody has taken a seat: the clocks wait, showing each seat's whole allowance
    g = post(server, "/api/games", {"game": "venus", "players": 2, "seed": 3, "clock": clock,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    for locale, (desc_has, left_has) in want.items():
        desc, left = clock_texts(browser, server, g, locale)
        assert desc_has in desc and left_has in left, (locale, desc, left)
        if locale == "hu-HU":
            assert "." not in desc.split(";")[0] and "h" not in left and "left" not in left, (desc, left)
