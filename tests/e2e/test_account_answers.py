"""The account page shows the answer to the person's last request: a log-in refused slowly
(the password check takes its time) while the sign-up that followed it succeeded leaves the
page saying welcome, with the new account in the header (a reader's finding: the page kept the
earlier error and "Log in" after a successful sign-up)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def test_a_slow_refusal_of_an_earlier_log_in_never_covers_a_later_sign_up(server, browser):
    ctx = browser.new_context(locale="hu-HU")
    page = ctx.new_page()
    held = []
    page.route("**/api/account/login*", lambda route: held.append(route))  # answered later, below
    page.goto(server + "/account.html")
    page.wait_for_selector("[data-testid=acc-name]", state="visible")
    page.fill("[data-testid=acc-name]", "nobody_here")
    page.fill("[data-testid=acc-pass]", "rockets and more")
    page.press("[data-testid=acc-pass]", "Enter")  # a log-in of an account that does not exist
    page.wait_for_function("() => true")  # the log-in is on its way (held)
    page.fill("[data-testid=acc-name]", "late_answer")
    page.click("[data-testid=signup]")
    page.wait_for_selector("[data-testid=me]", state="visible")
    assert page.text_content("[data-testid=banner]") == "Üdvözlünk!"
    assert len(held) == 1
    with page.expect_response("**/api/account/login*") as refused:
        held[0].continue_()
    assert refused.value.status == 401
    # the refusal came last, and answers a request the person has left behind
    page.wait_for_timeout(500)  # time for the page to handle the late answer
    assert page.text_content("[data-testid=banner]") == "Üdvözlünk!"
    assert page.is_visible("[data-testid=me]") and page.text_content("[data-testid=me]") == "late_answer"
    assert "late_answer" in page.inner_text("#account-bar") and "Belépés" not in page.inner_text("#account-bar")
    ctx.close()
