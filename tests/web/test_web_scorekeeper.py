"""The scorekeeper's page in a real browser (issue 37): Debian's Chromium through Playwright at a
phone's size (390x844), in Italian and in English, against ``ledger serve --scorekeeper``.

The scorekeeper enters a Scopa hand by its counts and a Trentuno hand in the CLI's words, and
Segnapunti's points with the steppers; a second, read-only page (the players' address) shows
each without a reload. A typo is answered beside its field; the last hand is undone with a
reason; a form made stale by a hand from the terminal gets the conflict and the fresh board;
a match is started from the page. Chromium as in test_web_browser.py (skipped without it).
"""

from __future__ import annotations

import time

import pytest

from ledger.i18n import speaking
from ledger.store.service import Stale
from serving import Served, ledger
from test_web_browser import PHONE, UPDATE_MS, browser, open_phone  # noqa: F401 (fixture: Chromium)

pytestmark = pytest.mark.slow  # real servers and a browser: python -m pytest -m "not slow" leaves them out

WORDS = {
    "it": {"save": "Salva la mano", "before": "prima", "after": "dopo", "undone": "Mano 1 annullata",
           "start": "Inizia la partita"},
    "en": {"save": "Save the hand", "before": "before", "after": "after", "undone": "Hand 1 taken back",
           "start": "Start the match"},
}


def addresses(s: Served) -> tuple[str, str]:
    """The scorekeeper's address (printed first) and the players' (the other one printed)."""
    deadline = time.monotonic() + 10  # stdout is read by its own thread
    while time.monotonic() < deadline:
        others = [line for line in s.lines if line.startswith("http") and line != s.url]
        if others:
            return s.url, others[0]
        time.sleep(0.05)
    raise AssertionError(f"no players' address in {s.lines[:3]}")


def enter(card, said: str, fields: dict[str, str]) -> None:
    """A hand on ``card``'s form: ``said`` in the CLI's words when the game has no declared hand
    (one text field), else ``fields`` (an input's name → what is typed, or the button pressed)."""
    if card.locator("input[name=entry]").count():
        card.locator("input[name=entry]").fill(said)
        return
    for name, value in fields.items():
        box = card.locator(f'input[name="{name}"]')
        if box.first.get_attribute("type") in ("radio", "checkbox"):
            card.locator(f'input[name="{name}"][value="{value}"] + label').click()
        else:
            box.fill(value)


@pytest.fixture
def phones(browser):
    """Two phones: the scorekeeper's and a player's, each with its own cookies."""
    problems: list[str] = []
    keeper_ctx, keeper = open_phone(browser, problems)
    player_ctx, player = open_phone(browser, problems)
    yield keeper, player, problems
    keeper_ctx.close()
    player_ctx.close()


def opened(s: Served, keeper, player) -> None:
    keeper_url, players_url = addresses(s)
    keeper.goto(keeper_url)
    player.goto(players_url)
    player.locator("#state.live").wait_for(timeout=UPDATE_MS)
    keeper.locator("#state.live").wait_for(timeout=UPDATE_MS)
    player.evaluate("window.__same_page = true")  # gone if the page were loaded again


@pytest.mark.parametrize("lang", ["it", "en"])
def test_hands_from_the_scorekeeper_s_phone_show_on_the_players_page(serve, phones, lang):
    keeper, player, problems = phones
    words = WORDS[lang]
    ledger("match", "new", "scopa", "--players", "Anna,Bruno")
    ledger("match", "new", "trentuno", "--players", "Anna,Bruno,Carla")
    ledger("match", "new", "segnapunti", "--players", "Anna,Bruno")
    s = serve("--scorekeeper", "--lang", lang)
    opened(s, keeper, player)
    assert player.locator("form").count() == 0 and player.locator("#keeper").count() == 0  # read only

    scopa = keeper.locator("#keep-1")  # Scopa by its counts: each side's cards, then each count of its pile
    for name, value in (("f:sides:0", "22"), ("f:denari:0", "6"), ("f:primiera:0", "78"), ("f:scope:0", "2"),
                        ("f:sides:1", "18"), ("f:denari:1", "4"), ("f:primiera:1", "70")):
        scopa.locator(f'input[name="{name}"]').fill(value)
    scopa.locator('input[name="f:settebello:0"]').check(force=True)
    scopa.get_by_role("button", name=words["save"]).click()
    said = keeper.locator("#keep-1 .said")
    said.wait_for(timeout=UPDATE_MS)
    totals = keeper.locator("#keep-1 table.totals")
    assert words["before"] in totals.inner_text() and words["after"] in totals.inner_text()
    assert [c.strip() for c in totals.locator("tr", has_text="Anna").locator("td").all_inner_texts()] == ["Anna", "0", "6"]
    player.locator("#match-1 table.totals tr", has_text="Anna").locator("td", has_text="6").wait_for(timeout=UPDATE_MS)
    assert keeper.locator('#keep-1 form.hand input[name="after"]').get_attribute("value") == "1"  # the form for hand 2

    trentuno = keeper.locator("#keep-2")  # Trentuno: each player's hand, who knocked
    enter(trentuno, "Anna=26 Bruno=30 Carla=20 knock=Bruno",
          {"f:hands:0": "26", "f:hands:1": "30", "f:hands:2": "20", "f:knocked_by": "Bruno"})
    trentuno.get_by_role("button", name=words["save"]).click()
    keeper.locator("#keep-2 .said").wait_for(timeout=UPDATE_MS)
    carla = player.locator("#match-2 table.totals tr", has_text="Carla")
    carla.locator("td", has_text="2").wait_for(timeout=UPDATE_MS)  # a life lost

    points = keeper.locator("#keep-3")  # Segnapunti with the thumb: the steppers
    plus = points.locator('[data-path="points.Anna"] button[data-step="1"]')
    for _ in range(3):
        plus.click()
    points.locator('[data-path="points.Bruno"] button[data-step="1"]').click()
    assert points.locator('input[name="f:points:0"]').input_value() == "3"
    points.get_by_role("button", name=words["save"]).click()
    player.locator("#match-3 table.totals tr", has_text="Anna").locator("td", has_text="3").wait_for(timeout=UPDATE_MS)

    assert player.evaluate("window.__same_page") is True  # no reload
    for page in (keeper, player):  # a phone's width: nothing scrolls sideways
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert not problems, problems  # no CSP violation, no script error
    with_source = ledger("export", "--all").stdout
    assert with_source.count('"source": "page"') == 3  # each hand says it came from the page


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_typo_undo_a_stale_form_and_a_new_match(serve, phones, lang):
    keeper, player, problems = phones
    words = WORDS[lang]
    ledger("match", "new", "scala40", "--players", "Anna,Bruno,Carla")
    ledger("match", "new", "segnapunti", "--players", "Anna,Bruno")
    s = serve("--scorekeeper", "--lang", lang)
    opened(s, keeper, player)

    scala = keeper.locator("#keep-1")  # a typo, answered beside its field, in the CLI's words
    scala.locator("label", has_text="Anna").first.click()  # the closer: Anna's button
    scala.locator('input[name="f:others:1"]').fill("JK XX")
    scala.locator('input[name="f:others:2"]').fill("34")
    scala.get_by_role("button", name=words["save"]).click()
    error = scala.locator('[data-path="others.Bruno"] .err')
    error.wait_for(timeout=UPDATE_MS)
    typed = ledger("--lang", lang, "hand", "add", "1", "closed_by=Anna", "Bruno=JK XX", "Carla=34", check=False)
    assert typed.returncode == 2 and error.inner_text().strip() in typed.stderr
    scala.locator('input[name="f:others:1"]').fill("JK AS 7H")  # corrected: saved
    scala.get_by_role("button", name=words["save"]).click()
    keeper.locator("#keep-1 .said").wait_for(timeout=UPDATE_MS)
    player.locator("#match-1 table.totals tr", has_text="Bruno").locator("td", has_text="43").wait_for(timeout=UPDATE_MS)

    keeper.locator("#keep-1 input[name=reason]").fill("wrong closer")  # undo the last hand
    keeper.locator("#keep-1 button.undo").click()
    keeper.locator("#keep-1 .said", has_text=words["undone"]).wait_for(timeout=UPDATE_MS)
    player.locator("#match-1 .meta", has_text="0").first.wait_for(timeout=UPDATE_MS)
    assert "wrong closer" in ledger("match", "history", "1").stdout

    points = keeper.locator("#keep-2")  # a stale form: someone wrote at the terminal meanwhile
    points.locator('input[name="f:points:0"]').fill("1")
    points.locator('input[name="f:points:1"]').fill("1")
    ledger("hand", "add", "2", "Anna=5", "Bruno=2")
    player.locator("#match-2 table.totals tr", has_text="Anna").locator("td", has_text="5").wait_for(timeout=UPDATE_MS)
    points.get_by_role("button", name=words["save"]).click()
    conflict = keeper.locator("#keep-2 .said.conflict")
    conflict.wait_for(timeout=UPDATE_MS)
    with speaking(lang):  # the store's own words for it
        assert Stale(2, 0, 1).message in conflict.inner_text()
    fresh = keeper.locator("#keep-2 table.totals tr", has_text="Anna").locator("td").all_inner_texts()
    assert [c.strip() for c in fresh][-1] == "5"  # the board as the ledger has it now
    assert keeper.locator('#keep-2 form.hand input[name="after"]').get_attribute("value") == "1"
    keeper.locator("#match-2 table.totals tr", has_text="Anna").locator("td", has_text="5").wait_for(timeout=UPDATE_MS)
    assert ledger("show", "2", "--json").stdout.count('"number"') == 1  # nothing stored twice

    start = keeper.locator("#start")  # a new match from the page
    start.locator("select[name=game]").select_option("segnapunti")
    start.locator("input[name=players]").fill("Carla, Dario")
    start.get_by_role("button", name=words["start"]).click()
    keeper.locator("#keep-3").wait_for(timeout=UPDATE_MS)
    player.locator("#match-3").wait_for(timeout=UPDATE_MS)
    assert "Dario" in player.locator("#match-3").inner_text()
    ledger("match", "new", "segnapunti", "--players", "Elena,Franco")  # at the terminal: its card comes
    keeper.locator('#keep-4 input[name="f:points:0"]').wait_for(timeout=UPDATE_MS)
    assert keeper.locator("#keep-3").count() == 1  # each card once
    refused = ("status of 422", "status of 409")  # the answers this test asked for, logged by Chromium
    assert not [p for p in problems if not any(r in p for r in refused)], problems


ALONE = {"it": "da solo", "en": "alone"}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_chiamata_started_and_played_from_the_page_speaks_the_page_s_language(serve, phones, lang):
    """A Briscola chiamata of five started from the page, its hand entered with the thumb: the
    caller alone is a button in the page's language, who sits out is not asked of five, the
    score's totals are said before and after, and the players' page follows."""
    keeper, player, problems = phones
    words = WORDS[lang]
    s = serve("--scorekeeper", "--lang", lang)
    opened(s, keeper, player)
    start = keeper.locator("#start")
    start.locator("select[name=game]").select_option("briscola")
    start.locator("select[name=rules]").select_option("chiamata")
    start.locator("input[name=players]").fill("Anna, Bruno, Carla, Dario, Elena")
    start.get_by_role("button", name=words["start"]).click()
    card = keeper.locator("#keep-1")
    card.locator("form.hand").wait_for(timeout=UPDATE_MS)
    assert card.locator('input[name="f:sitting_out"]').count() == 0  # five: nobody sits out
    partner = card.locator('[data-path="partner"] label').all_inner_texts()
    assert ALONE[lang] in partner and ALONE["en" if lang == "it" else "it"] not in partner
    card.locator('input[name="f:caller"][value="Anna"] + label').click()
    card.locator('input[name="f:called"]').fill("3D")
    card.locator('input[name="f:bid"]').fill("70")
    card.locator('[data-path="partner"] label', has_text=ALONE[lang]).click()
    card.locator('input[name="f:caller_points"]').fill("78")
    card.get_by_role("button", name=words["save"]).click()
    totals = keeper.locator("#keep-1 table.totals")
    totals.wait_for(timeout=UPDATE_MS)
    assert [c.strip() for c in totals.locator("tr", has_text="Anna").locator("td").all_inner_texts()] == ["Anna", "0", "4"]
    player.locator("#match-1 table.totals tr", has_text="Anna").locator("td", has_text="4").wait_for(timeout=UPDATE_MS)
    shown = ledger("show", "1", "--json").stdout
    assert '"alone": true' in shown and '"partner": "Anna"' in shown
    assert keeper.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert not problems, problems


def test_a_scala_40_saved_over_a_lost_answer_is_stored_once(serve, phones):
    """Italian, at a phone's size: the new match's rule sets are the chosen game's only (none
    asked of a game with one); pressing the closer hides his cards left; a save whose answer is
    lost on the way back is sent again by the page with the same Idempotency-Key, and the hand is
    stored once; a chiamata's caller alone is one button."""
    keeper, player, problems = phones
    s = serve("--scorekeeper", "--lang", "it")
    opened(s, keeper, player)
    start = keeper.locator("#start")
    rules = start.locator("select[name=rules]")
    start.locator("select[name=game]").select_option("scopa")
    assert rules.locator("option").evaluate_all("os => os.map(o => o.value)") == ["", "scopa", "scopone"]
    start.locator("select[name=game]").select_option("briscola")
    assert rules.locator("option").evaluate_all("os => os.map(o => o.value)") == ["", "classica", "chiamata"]
    start.locator("select[name=game]").select_option("scala40")
    assert not rules.is_visible()  # one rule set: nothing to choose
    start.locator("input[name=players]").fill("Anna, Bruno, Carla")
    start.get_by_role("button", name=WORDS["it"]["start"]).click()
    card = keeper.locator("#keep-1")
    card.locator("form.hand").wait_for(timeout=UPDATE_MS)
    anna = card.locator("fieldset.who", has_text="Anna")
    assert anna.is_visible()
    card.locator('input[name="f:closed_by"][value="Anna"] + label').click()
    assert not anna.is_visible() and card.locator("fieldset.who", has_text="Bruno").is_visible()
    card.locator('input[name="f:others:1"]').fill("JK AS 7H")
    card.locator('input[name="f:others:2"]').fill("34")

    keys: list[str] = []

    def lose_the_first_answer(route):
        keys.append(route.request.headers.get("idempotency-key", ""))
        if len(keys) == 1:
            route.fetch()  # the server stores the hand; its answer never reaches the phone
            route.abort()
        else:
            route.continue_()
    keeper.route("**/api/page/matches/1/hands", lose_the_first_answer)
    card.get_by_role("button", name=WORDS["it"]["save"]).click()
    keeper.locator("#keep-1 table.totals").wait_for(timeout=UPDATE_MS)
    assert len(keys) == 2 and keys[0] == keys[1] and len(keys[0]) >= 16  # the retry kept its key
    shown = ledger("show", "1", "--json").stdout
    assert shown.count('"closed_by"') == 1  # stored once
    problems[:] = [p for p in problems if "ERR_FAILED" not in p]  # the answer lost on purpose

    start.locator("select[name=game]").select_option("briscola")
    rules.select_option("chiamata")
    start.locator("input[name=players]").fill("Anna, Bruno, Carla, Dario, Elena")
    start.get_by_role("button", name=WORDS["it"]["start"]).click()
    chiamata = keeper.locator("#keep-2")
    chiamata.locator("form.hand").wait_for(timeout=UPDATE_MS)
    assert chiamata.get_by_text("da solo", exact=True).count() == 1 and chiamata.locator('[name="f:alone"]').count() == 0
    assert keeper.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert not problems, problems
