"""``ledger serve`` in a real browser: Debian's Chromium driven by Playwright, at a phone's size
(390x844). The page shows the match, a hand entered with ``ledger hand add`` (another process)
appears without a reload, and without the key the page is refused.

Chromium is /usr/bin/chromium (``apt-get install chromium``; ``.ci/run`` installs it). Without it
these tests skip and say so; with CI=true a missing browser is a failure. Playwright never
downloads a browser here: it is launched with the system's.
"""

from __future__ import annotations

import os
import shutil

import pytest

from serving import ledger

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out

CHROMIUM = os.environ.get("LEDGER_TEST_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
UPDATE_MS = 5000  # the new hand must show within this (the page's goal is two seconds)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="module")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        if in_ci():
            pytest.fail(f"CI needs Chromium at {CHROMIUM} for the browser tests (.ci/run installs it)")
        pytest.skip(f"no Chromium at {CHROMIUM}: the browser tests of ledger serve are skipped "
                    "(apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def open_phone(browser, problems: list[str]):
    """A new phone: a browser context of its own (its own cookies), at 390x844."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda err: problems.append(str(err)))
    return context, page


@pytest.fixture
def phone(browser):
    problems: list[str] = []
    context, page = open_phone(browser, problems)
    yield page, problems
    context.close()


def test_a_hand_appears_on_the_phone_without_a_reload(serve, phone, browser):
    page, problems = phone
    ledger("match", "new", "simone", "--players", "Anna,Bruno")
    s = serve()
    second, other = open_phone(browser, problems)  # a second player's phone, scanning the same code
    other.goto(s.url)
    page.goto(s.url)
    match = page.locator("#match-1")
    match.wait_for(timeout=UPDATE_MS)
    assert "Deals next: Anna" in match.inner_text()
    page.locator("#state.live").wait_for(timeout=UPDATE_MS)  # the event stream is open
    page.evaluate("window.__same_page = true")  # gone if the page were loaded again

    ledger("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno")
    page.locator("#match-1 .deal", has_text="Deals next: Bruno").wait_for(timeout=UPDATE_MS)
    board = page.locator("#match-1 table").nth(1)  # the game's scoreboard, after the totals
    assert "12" in board.inner_text() and "17" in board.inner_text()
    assert page.evaluate("window.__same_page") is True
    other.locator("#match-1 .deal", has_text="Deals next: Bruno").wait_for(timeout=UPDATE_MS)
    second.close()

    ledger("match", "new", "trentuno", "--players", "Carla,Dario,Elena")  # started after the page opened
    page.locator("#match-2").wait_for(timeout=UPDATE_MS)
    # readable on the phone: the page is no wider than the screen (wide tables scroll in their box)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not problems, problems  # no CSP violation, no script error


def test_without_the_key_the_page_is_refused(serve, phone):
    page, _ = phone
    s = serve()
    response = page.goto(s.base + "/")
    assert response.status == 403
    assert "needs its key" in page.inner_text("body")
    response = page.goto(s.base + "/?key=not-the-key")
    assert response.status == 403
