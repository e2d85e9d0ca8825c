"""The page fits a phone (issue 32): at 390x844 in Chromium no table of any game's scoreboard
(Trentuno's money and pot included) is wider than the screen and nothing scrolls sideways, in
Italian and in English; ``ledger serve`` prints the address again under its QR code."""

from __future__ import annotations

import time

import pytest

from serving import ledger
from test_web_browser import PHONE, browser, phone  # noqa: F401 (fixtures: Chromium at a phone's size)

pytestmark = pytest.mark.slow  # a real browser

WIDE = """() => {
  const width = window.innerWidth;
  const wide = [...document.querySelectorAll('table')].map(t => t.getBoundingClientRect())
    .filter(r => r.right > width + 0.5 || r.left < -0.5 || r.width > width + 0.5)
    .map(r => [r.left, r.right, r.width]);
  const which = [...document.querySelectorAll('table')].filter(t => t.getBoundingClientRect().right > width + 0.5)
    .map(t => t.outerHTML.slice(0, 300));  // what a failure shows
  return {scroll: document.scrollingElement.scrollWidth, width: width, wide: wide, which: which,
          tables: document.querySelectorAll('table').length};
}"""


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_scoreboard_of_the_demo_night_fits_a_phone(serve, phone, lang):
    page, problems = phone
    ledger("demo")  # a match of every game, Trentuno with its pot among them
    s = serve("--lang", lang)
    page.goto(s.url)
    page.locator("#match-1").wait_for(timeout=5000)
    assert page.locator("article.match").count() >= 7
    seen = page.evaluate(WIDE)
    assert seen["width"] == PHONE["width"] and seen["tables"] > 10
    assert seen["scroll"] <= PHONE["width"], seen  # nothing scrolls sideways
    assert seen["wide"] == [], seen  # no table wider than the screen, none cut at its edge
    pot = "piatto" if lang == "it" else "pot"
    assert pot in page.inner_text("main").lower()
    assert not problems


def test_the_address_is_printed_again_under_the_qr_code(serve):
    s = serve()
    deadline = time.monotonic() + 10  # stdout is read by its own thread: let it catch up
    while (len(s.lines) < 12 or s.lines[-1] != s.url) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert s.lines[0] == s.url and s.lines[-1] == s.url  # the last line a 24-row screen keeps
    assert len(s.lines) > 12  # the QR code between them
