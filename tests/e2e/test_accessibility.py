"""An accessibility check with axe-core (run inside headless chromium through Playwright) on
the lobby, the design lab, the rules pages, and the table and the replay of every game with a renderer: no
serious or critical violation. axe-core is the npm package, pinned in the Makefile
(AXE_VERSION) and installed by the test command (make test) into .cache/; nothing is fetched
while the tests run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_table_layout import GAMES, new_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]


def axe_script() -> Path:
    """axe.min.js of the version the Makefile pins (make axe installs it)."""
    version = re.search(r"^AXE_VERSION\s*[:?]?=\s*(\S+)", (ROOT / "Makefile").read_text(), re.M).group(1)
    path = ROOT / ".cache" / f"axe-core-{version}" / "node_modules" / "axe-core" / "axe.min.js"
    if not path.exists():
        pytest.fail(f"{path.relative_to(ROOT)} is missing: `make axe` (part of `make test`) "
                    f"installs axe-core {version}")
    return path


def serious(page) -> list[str]:
    """The serious and critical axe violations of the page as it is now, one line each."""
    page.add_script_tag(path=str(axe_script()))
    res = page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
                        ".map(v => ({id: v.id, impact: v.impact, help: v.help, "
                        "nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 4)}))")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in res
            if v["impact"] in ("serious", "critical")]


def open_page(browser, url, ready):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector(ready, timeout=20000)
    page.wait_for_timeout(300)
    return page


def test_lobby(server, browser):
    page = open_page(browser, server + "/", "#seats .seat-row")
    found = serious(page)
    assert not found, "\n".join(found)


def test_design_lab(server, browser):
    page = open_page(browser, server + "/lab.html", "[data-testid=lab-form] input")
    found = serious(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", ["venus", "cosmic-run", "moon", "mars"])
def test_rules_page(server, browser, game):
    page = open_page(browser, f"{server}/rules.html?game={game}", "[data-testid=rules-section]")
    found = serious(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_table_and_replay(server, browser, game):
    g = new_game(server, game)
    page = open_page(browser, f"{server}/table.html?game={g['id']}#token={g['seats'][0]['token']}",
                     "#decision.mine .options button")
    found = serious(page)
    assert not found, "table:\n" + "\n".join(found)
    page = open_page(browser, f"{server}/replay.html?game={g['id']}", "[data-testid=board] *")
    found = serious(page)
    assert not found, "replay:\n" + "\n".join(found)
