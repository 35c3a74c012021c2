"""After logging in, the account page sends the browser back where it came from, but only to a
path of this site: ``back=/\\host`` and ``back=/%09/host`` (which browsers read as ``//host``)
and every other way to name another site are ignored (docs/SERVER.md, "Security")."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest

pytestmark = [pytest.mark.browser]

#: (back as the page receives it, where the browser may go: None for "stay")
CASES = [
    ("/mygames.html", "/mygames.html"),
    ("/table.html?game=abc#token=x", "/table.html?game=abc#token=x"),
    ("/a/../mygames.html", "/mygames.html"),
    ("/\\evil.example", None),
    ("/\t/evil.example", None),
    ("/\n/evil.example", None),
    ("//evil.example", None),
    ("/%5Cevil.example", "/%5Cevil.example"),  # an encoded backslash stays a path of this site
    ("\\\\evil.example", None),
    ("https://evil.example/", None),
    ("javascript:alert(1)", None),
    (" /mygames.html", None),
    ("mygames.html", None),
    ("", None),
    # dot segments that resolve to a path starting "//" (a protocol-relative address)
    ("/.//evil.example", None),
    ("/..//evil.example", None),
    ("/%2e//evil.example", None),
    ("/a/..//evil.example", None),
    ("/.//evil.example/x?y#z", None),
    ("/./mygames.html", "/mygames.html"),
]


def test_back_names_only_paths_of_this_site(server, browser):
    page = browser.new_page()
    page.goto(server + "/account.html")
    got = page.evaluate("""async (cases) => {
        const m = await import('/js/nav.js');
        return cases.map(c => m.sameOriginPath(c, location.origin));
    }""", [c for c, _ in CASES])
    assert got == [want for _, want in CASES]
    page.close()


@pytest.mark.parametrize("raw", ["/\\evil.example", "/%09/evil.example", "//evil.example", "/.//evil.example"])
def test_logging_in_never_leaves_the_site(server, browser, raw):
    ctx = browser.new_context()
    page = ctx.new_page()
    name = "back" + str(abs(hash(raw)) % 10 ** 6)
    page.goto(server + "/account.html")
    page.fill("[data-testid=acc-name]", name)
    page.fill("[data-testid=acc-pass]", "rockets and more")
    page.click("[data-testid=signup]")
    page.wait_for_selector("[data-testid=me]", state="visible")
    page.click("[data-testid=logout]")
    page.wait_for_selector("[data-testid=login]", state="visible")
    # the link as an attacker would send it: its back= is what the page reads after decoding
    page.goto(server + "/account.html?back=" + (raw if "%" in raw else quote(raw, safe="/")))
    page.fill("[data-testid=acc-name]", name)
    page.fill("[data-testid=acc-pass]", "rockets and more")
    page.click("[data-testid=login]")
    page.wait_for_selector("[data-testid=me]", state="visible")
    page.wait_for_timeout(300)  # a redirect would have started by now
    assert urlsplit(page.url).netloc == urlsplit(server).netloc and urlsplit(page.url).path == "/account.html"
    # a path of the site is followed
    page.click("[data-testid=logout]")
    page.wait_for_selector("[data-testid=login]", state="visible")
    page.goto(server + "/account.html?back=" + quote("/mygames.html"))
    page.fill("[data-testid=acc-name]", name)
    page.fill("[data-testid=acc-pass]", "rockets and more")
    page.click("[data-testid=login]")
    page.wait_for_url(server + "/mygames.html")
    ctx.close()
