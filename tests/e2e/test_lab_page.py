"""The design lab in headless chromium: change a number in the form, run 40 games of the variant
beside the printed game, watch the progress bar move, read both results, find the run in the
list and play the variant in the lobby."""

from __future__ import annotations

import re

import pytest
from test_accessibility import serious
from test_first_screens import page_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_changed_number_runs_40_games_beside_the_printed_game(server, browser, tmp_path):
    shot = tmp_path / "lab.png"
    page = page_of(browser, server, "/lab.html")
    earth = page.get_by_label("Earth: VP (1)")
    earth.wait_for(timeout=20000)
    assert page.input_value("#lab-game") == "venus"
    assert earth.input_value() == "7"
    earth.fill("30")
    assert "changed" in earth.get_attribute("class")
    # the entry shows its mark and source
    head = page.locator(".entry", has=earth).locator(".entry-head").inner_text()
    assert "assumed" in head and "VP assumed" in head
    page.fill("#lab-name", "Earth pays 30")
    page.fill("#lab-players", "2")
    page.dispatch_event("#lab-players", "change")
    bots = page.locator("[data-testid=lab-bot]")
    assert bots.count() == 2
    bots.nth(0).select_option("easy")
    bots.nth(1).select_option("random")
    page.fill("#lab-games", "40")
    page.click("#lab-run")
    # the bar moves: part done, then all
    page.wait_for_function("() => { const p = document.getElementById('lab-progress');"
                           " return p.max === 80 && p.value > 0 && p.value < 80; }", timeout=60000)
    assert "of 80 games" in page.inner_text("#lab-progress-text")
    page.wait_for_selector("[data-testid=lab-seat-table]", timeout=120000)
    assert page.evaluate("document.getElementById('lab-progress').value") == 80
    rows = page.locator("[data-testid=lab-seat-table] tr")
    seat1 = rows.nth(1).locator("td")
    assert "%" in seat1.nth(0).inner_text() and "%" in seat1.nth(1).inner_text()
    scores = page.locator("[data-testid=lab-score-table] tr").nth(1).locator("td")
    printed, variant = scores.nth(0).inner_text(), scores.nth(1).inner_text()
    assert printed != variant  # Earth's first place pays 30 in the variant
    assert page.locator("svg.plot").count() >= 2
    # kept: listed, with downloads and a way to play it
    page.wait_for_selector("[data-testid=lab-run-row]")
    assert "Earth pays 30" in page.inner_text("[data-testid=lab-runs]")
    assert page.locator("a", has_text="Download CSV").count() == 1
    page.screenshot(path=str(shot), full_page=True)
    found = serious(page)  # axe-core on the page with its results
    assert not found, "\n".join(found)
    page.click("[data-testid=lab-play]")
    page.wait_for_url("**/?game=venus&lab=*")
    page.wait_for_function("() => document.querySelector('#advanced-options select') &&"
                           " document.querySelector('#advanced-options select').value === '#lab'", timeout=20000)
    assert "Earth pays 30" in page.locator("#advanced-options select option:checked").inner_text()
    assert not page.errors, page.errors


def test_the_lobby_links_to_the_lab(server, browser):
    page = page_of(browser, server, "/")
    page.click("[data-testid=lab-link]")
    page.wait_for_url("**/lab.html")
    page.get_by_label("Mercury: VP (1)").wait_for(timeout=20000)
    assert not page.errors, page.errors


def test_each_number_gets_its_valid_range(server, browser):
    page = page_of(browser, server, "/lab.html?game=cosmic-run")
    hearts = page.get_by_label("hearts: value")
    hearts.wait_for(timeout=20000)
    # worked out by the server's niced worker (the game's own check), then shown beside the field
    page.wait_for_function("() => { const i = document.querySelector('[aria-label=\"hearts: value\"]');"
                           " return i && i.parentElement.querySelector('.range[data-checked]'); }", timeout=240000)
    lo = int(hearts.get_attribute("min"))
    assert lo >= 1 and page.locator(".field", has=hearts).locator(".range").inner_text().startswith(str(lo))
    assert not page.errors, page.errors


def test_the_form_and_the_toml_text_show_the_same_variant(server, browser):
    page = page_of(browser, server, "/lab.html")
    mercury = page.get_by_label("Mercury: VP (1)")
    mercury.wait_for(timeout=20000)
    periods = page.get_by_label("periods: value")
    periods.fill("0")
    page.wait_for_function("() => document.getElementById('lab-check').textContent.includes('refuses')", timeout=20000)
    assert "periods" in page.inner_text("#lab-check")
    periods.fill("3")
    mercury.fill("10")
    page.wait_for_function("() => document.getElementById('lab-check').textContent.includes('accepts')", timeout=20000)
    page.check("[data-testid=view-toml]")
    page.wait_for_selector("#lab-toml-box:not([hidden])")
    text = page.input_value("#lab-toml")
    assert 'name = "Mercury"' in text and "vp = [10, 4]" in text
    page.fill("#lab-toml", text.replace("vp = [10, 4]", "vp = [12, 4]"))
    page.check("[data-testid=view-form]")
    page.wait_for_selector("#lab-form:not([hidden])")
    assert page.get_by_label("Mercury: VP (1)").input_value() == "12"
    # TOML the game cannot read is refused with the parser's words, and the text view stays
    page.check("[data-testid=view-toml]")
    page.wait_for_selector("#lab-toml-box:not([hidden])")
    page.fill("#lab-toml", "planets = [[[")
    page.click("[data-testid=view-form]")  # (check() would insist the radio stays ticked: it does not)
    page.wait_for_selector("[data-testid=banner]:not([hidden])")
    assert "not valid TOML" in page.inner_text("[data-testid=banner]")
    assert page.is_checked("[data-testid=view-toml]")
    assert not page.errors, page.errors


def test_cancel_stops_a_run(server, browser):
    page = page_of(browser, server, "/lab.html")
    page.get_by_label("Mercury: VP (1)").wait_for(timeout=20000)
    page.fill("#lab-name", "to be cancelled")
    page.fill("#lab-games", "300")
    page.click("#lab-run")
    page.wait_for_function("() => document.getElementById('lab-progress').value > 0", timeout=60000)
    page.click("#lab-cancel")
    page.wait_for_function("() => document.getElementById('lab-progress-text').textContent === 'cancelled'",
                           timeout=20000)
    assert page.is_disabled("#lab-cancel")
    row = page.locator("[data-testid=lab-run-row]", has_text="to be cancelled")
    row.wait_for(timeout=20000)
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=lab-run-row]')]"
                           ".some(r => r.textContent.includes('to be cancelled')"
                           " && r.querySelectorAll('td')[4].textContent === 'cancelled')")
    assert not page.errors, page.errors


def test_own_breakdowns_comparison_marks_and_a_changed_game_clears_old_results(server, browser):
    """The game's own breakdown (Venus: VP by source) is shown as a plot and a table; two runs
    compared show each difference with its interval; choosing another game clears the results
    of the last one, which would otherwise read as the new game's."""
    page = page_of(browser, server, "/lab.html")
    earth = page.get_by_label("Earth: VP (1)")
    earth.wait_for(timeout=20000)
    bots = page.locator("[data-testid=lab-bot]")
    for i in range(bots.count()):
        bots.nth(i).select_option("random")
    page.fill("#lab-games", "3")
    page.fill("#lab-seed", "77")
    for name, vp in (("breakdown A", "0"), ("breakdown B", "40")):
        earth.fill(vp)
        page.fill("#lab-name", name)
        page.click("#lab-run")
        page.wait_for_function("(name) => [...document.querySelectorAll('[data-testid=lab-run-row]')].some(r =>"
                               " r.textContent.includes(name) && r.querySelectorAll('td')[4].textContent === 'done')",
                               arg=name, timeout=120000)
        page.wait_for_selector("[data-testid=lab-own-table-0]", timeout=20000)
    assert page.inner_text("#lab-progress-text").startswith("done: 3 games a side (6 in all)")
    assert page.inner_text("#lab-results").startswith("Onward to Venus, 2 players")
    own = page.inner_text("[data-testid=lab-own-table-0]")
    assert "VP by source" in own and "Seat 1: VP from planets" in own and "Seat 2: VP from kept tiles" in own
    assert page.locator("#lab-results svg.plot[aria-label^='VP by source']").count() == 1
    for name in ("breakdown A", "breakdown B"):
        row = page.locator("[data-testid=lab-run-row]", has_text=name)
        row.wait_for(timeout=20000)
        row.locator("input.pick").check()
    page.click("#lab-compare")
    page.wait_for_selector("[data-testid=lab-compare-table]", timeout=20000)
    head = page.inner_text("[data-testid=lab-compare-table] tr >> nth=0")
    assert "Difference breakdown B − breakdown A" in head
    assert " to " in page.inner_text("[data-testid=lab-compare-table] tr >> nth=1")  # the interval
    assert "VP by source" in page.inner_text("[data-testid=lab-comparison]")
    page.select_option("#lab-game", "moon")
    page.wait_for_function("() => document.getElementById('lab-results').textContent"
                           ".startsWith('Run a variant of Walking on the Moon')", timeout=20000)
    assert page.inner_text("#lab-progress-text") == "no run yet"
    assert not page.errors, page.errors


def test_a_run_takes_the_games_options_and_mars_shows_its_win_rate_by_threat(server, browser):
    """The page offers the game's other options (March on Mars's threat level) for both sides;
    the results break the win rate down by the threat chosen."""
    page = page_of(browser, server, "/lab.html")
    page.get_by_label("Mercury: VP (1)").wait_for(timeout=20000)
    page.select_option("#lab-game", "mars")
    page.wait_for_selector("#lab-opt-threat", timeout=20000)
    assert page.input_value("#lab-opt-threat") == '"normal"'
    page.select_option("#lab-opt-threat", label="sergeant")
    bots = page.locator("[data-testid=lab-bot]")
    for i in range(bots.count()):
        bots.nth(i).select_option("random")
    page.fill("#lab-name", "sergeant threat")
    page.fill("#lab-games", "2")
    page.click("#lab-run")
    page.wait_for_selector("[data-testid=lab-own-table-0]", timeout=120000)
    assert "threat sergeant" in page.inner_text("#lab-results")
    assert "threat sergeant: games won" in page.inner_text("[data-testid=lab-own-table-0]")
    assert not page.errors, page.errors


def test_the_games_own_counters_are_named_by_the_words_the_results_carry(server, browser):
    # a counter's name comes with the run's results (the game's summary labels), not from a list
    # of the page's: a word changed on the way is the one the table shows
    page = page_of(browser, server, "/lab.html")
    page.wait_for_selector("[data-testid=lab-form] .entry", timeout=30000)

    def relabel(route):
        if route.request.method != "GET":
            return route.continue_()
        run = route.fetch().json()
        if run.get("results"):
            run["results"]["labels"] = dict(run["results"]["labels"], p1_vp="First sheet's points")
        route.fulfill(json=run)

    page.route(re.compile(r"/api/lab/runs/[^/?]+(\?|$)"), relabel)
    page.select_option("#lab-game", "cosmic-run")
    page.wait_for_selector("[data-testid=lab-form][data-game=cosmic-run] .entry[data-key]", timeout=30000)
    page.fill("#lab-games", "4")
    page.click("#lab-run")
    page.wait_for_selector("[data-testid=lab-other-table]", timeout=120000)
    names = page.locator("[data-testid=lab-other-table] th[scope=row]").all_inner_texts()
    assert "First sheet's points per game" in names and "Sheet 2: VP per game" in names, names
    assert not [n for n in names if "_" in n], names
    assert not page.errors, page.errors


def test_run_waits_for_the_chosen_games_own_form(server, browser):
    """Between choosing another game and its form arriving, Run is off: a run started then sent
    the previous game's numbers as the new game's variant and was refused (a race a quick reader,
    or a loaded machine, met)."""
    page = page_of(browser, server, "/lab.html")
    page.wait_for_selector("[data-testid=lab-form][data-game=venus] .entry[data-key]", timeout=30000)
    assert page.is_enabled("#lab-run")
    held = []
    page.route(re.compile(r"/api/lab/games/cosmic-run(\?|$)"), lambda route: held.append(route))
    page.select_option("#lab-game", "cosmic-run")
    page.wait_for_function("() => document.getElementById('lab-run').disabled", timeout=10000)
    page.wait_for_timeout(300)
    assert held and page.is_disabled("#lab-run")
    assert page.get_attribute("[data-testid=lab-form]", "data-game") == ""
    held[0].continue_()
    page.wait_for_selector("[data-testid=lab-form][data-game=cosmic-run] .entry[data-key]", timeout=30000)
    assert page.is_enabled("#lab-run")
    assert not page.errors, page.errors
