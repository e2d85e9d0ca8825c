"""The scorekeeper's part of the page (ledger/web/keeper.py) through Starlette's TestClient: the
forms on the scorekeeper's page only, a hand posted from the form stored as ``hand add`` stores
it (the page's source), its error beside its field, a stale form's conflict, undo, a new match,
and the doors: the players' key, no token, another site."""

from __future__ import annotations

import json
import re
import time

import pytest
from starlette.testclient import TestClient

from ledger.cli.app import reading
from ledger.web.app import create_app

KEY, KEEPER = "players-key", "keeper-key"
BASE = "http://127.0.0.1:8037"
POLL = 0.05


@pytest.fixture
def client(ledger_db):
    with TestClient(create_app(KEY, poll=POLL, scorekeeper=KEEPER), base_url=BASE) as c:
        yield c


def page_token(client) -> str:
    page = client.get(f"/?key={KEEPER}").text
    return re.search(r'<section id="keeper" data-token="([^"]+)"', page).group(1)


def post(client, path: str, fields: dict | list, token: str | None, **headers) -> tuple[int, dict]:
    items = list(fields.items()) if isinstance(fields, dict) else fields
    hdrs = {"content-type": "application/x-www-form-urlencoded", **headers}
    if token is not None:
        hdrs["x-ledger-token"] = token
    from urllib.parse import urlencode

    r = client.post(path, content=urlencode(items), headers=hdrs)
    try:
        return r.status_code, r.json()
    except json.JSONDecodeError:
        return r.status_code, {"text": r.text}


def live_hands(match: int) -> list:
    with reading() as reads:
        return reads.view(match).hands


def test_the_forms_are_on_the_scorekeeper_s_page_only(client, cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla")
    keeper = client.get(f"/?key={KEEPER}").text
    assert 'id="keep-1"' in keeper and 'name="f:closed_by"' in keeper and 'id="start"' in keeper
    deadline = time.monotonic() + 5  # the board is read every POLL seconds
    while 'id="match-1"' not in (players := client.get(f"/?key={KEY}").text) and time.monotonic() < deadline:
        time.sleep(POLL)
    assert "<form" not in players and 'id="keeper"' not in players and 'id="match-1"' in players


def test_a_hand_from_the_form_is_stored_as_hand_add_stores_it(client, cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla")
    token = page_token(client)
    status, a = post(client, "/api/page/matches/1/hands",
                     {"after": "0", "f:closed_by": "Anna", "f:others:1": "JK AS 7H", "f:others:2": "34"}, token)
    assert status == 201, a
    assert a["match"] == 1 and a["number"] == 1 and a["totals"] == {"Anna": 0, "Bruno": 43, "Carla": 34}
    assert 'name="after" value="1"' in a["form"] and "<th>before</th>" in a["form"]
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla")
    cli("hand", "add", "2", "chiude", "Anna", "Bruno", "JK AS 7H", "Carla", "34")
    (page,), (typed,) = live_hands(1), live_hands(2)
    assert page.document == typed.document and page.result == typed.result
    with reading() as reads:
        assert [tuple(r) for r in reads.rows("SELECT match_id, source FROM hand ORDER BY id")] == [(1, "page"), (2, None)]


def test_a_typo_is_answered_beside_its_field_and_nothing_is_stored(client, cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla")
    token = page_token(client)
    status, a = post(client, "/api/page/matches/1/hands",
                     {"after": "0", "f:closed_by": "Anna", "f:others:1": "JK XX", "f:others:2": "34"}, token)
    assert status == 422 and a["field"].startswith("others.Bruno") and a["input"] == "others.Bruno"
    r = cli("hand", "add", "1", "chiude", "Anna", "Bruno", "JK XX", "Carla", "34", code=2)
    assert a["error"] in r.stderr
    status, a = post(client, "/api/page/matches/1/hands", {"after": "0", "f:others:1": "10"}, token)
    assert status == 422 and a["input"] == "closed_by"  # the missing closer, beside its buttons
    assert live_hands(1) == []


def test_a_player_out_re_enters_from_the_page(client, cli):
    """Scala 40: Carla is out and may re-enter; her inputs are on the form for the hand she re-enters in."""
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla", "--option", "reentries=1")
    cli("hand", "add", "1", "chiude", "Anna", "Bruno=60", "Carla=105")
    token = page_token(client)
    card = client.get("/page/matches/1/card").text
    assert "<legend>Carla</legend>" in card and 'name="f:others:2"' in card
    assert re.findall(r'name="f:reentry" value="([^"]*)"', card) == ["nessuno", "Carla"]  # nobody, or who is out
    fields = {"after": "1", "f:reentry": "Carla", "f:closed_by": "Anna", "f:others:1": "20", "f:others:2": "30"}
    status, a = post(client, "/api/page/matches/1/hands", {**fields, "f:reentry": ""}, token)
    assert status == 422 and a["input"] == "others.Carla" and len(live_hands(1)) == 1  # out, and not re-entering
    status, a = post(client, "/api/page/matches/1/hands", fields, token)
    assert status == 201, a
    assert cli.json("show", "1")["hands"][-1]["totals"] == {"Anna": 0, "Bruno": 80, "Carla": 90}  # back at 60


def test_a_stale_form_gets_the_conflict_and_the_fresh_board(client, cli):
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    token = page_token(client)
    cli("hand", "add", "1", "Anna=5", "Bruno=2")  # someone at the terminal, meanwhile
    status, a = post(client, "/api/page/matches/1/hands", {"after": "0", "f:points:0": "1", "f:points:1": "1"}, token)
    assert status == 409 and a["totals"] == {"Anna": 5, "Bruno": 2} and len(a["hands"]) == 1
    assert 'name="after" value="1"' in a["form"] and "conflict" in a["form"]
    assert len(live_hands(1)) == 1
    said = re.sub(r"<[^>]+>", " ", re.search(r'<p class="said conflict">(.*?)</table>', a["form"], re.S).group(1))
    assert re.search(r"Anna\s+0\s+5", said) and re.search(r"Bruno\s+0\s+2", said)  # as the form saw them, and now


def test_a_saved_hand_is_said_once_with_the_totals_before_and_after(client, cli):
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    cli("hand", "add", "1", "Anna=5", "Bruno=2")
    token = page_token(client)
    status, a = post(client, "/api/page/matches/1/hands", {"after": "1", "f:points:0": "2", "f:points:1": "-1"}, token)
    said = re.sub(r"<[^>]+>", " ", re.search(r'<p class="said">(.*?)</table>', a["form"]).group(1))
    assert status == 201 and said.count("Anna +2, Bruno -1") == 1 and "Saved: Hand 2" in said  # the score once
    assert re.search(r"Anna\s+5\s+7", said) and re.search(r"Bruno\s+2\s+1", said)  # before, after


def test_undo_takes_back_the_last_hand_with_its_reason(client, cli):
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    cli("hand", "add", "1", "Anna=5", "Bruno=2")
    cli("hand", "add", "1", "Anna=1", "Bruno=9")
    token = page_token(client)
    status, a = post(client, "/api/page/matches/1/undo", {"after": "2", "reason": "wrong scores"}, token)
    assert status == 200 and a["hands"] == 1 and a["totals"] == {"Anna": 5, "Bruno": 2}
    assert "wrong scores" in cli("match", "history", "1").stdout
    status, a = post(client, "/api/page/matches/1/undo", {"after": "2", "reason": "again"}, token)
    assert status == 409 and len(live_hands(1)) == 1  # a stale undo takes back nothing


def test_undo_checks_the_hands_the_page_saw_where_it_voids(client, cli, monkeypatch):
    """A hand entered at the terminal after the undo read the match but before it voided: the
    count the page saw is checked in the void's own transaction, so the terminal's hand and the
    page's last hand both stay (409), instead of the page's hand 2 voided under a hand 3."""
    from ledger.store.service import Ledger

    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    cli("hand", "add", "1", "Anna=5", "Bruno=2")
    cli("hand", "add", "1", "Anna=1", "Bruno=9")
    token = page_token(client)
    void = Ledger.void_hand

    def terminal_first(self, *args, **kwargs):
        cli("hand", "add", "1", "Anna=3", "Bruno=3")  # lands between the page's read and its void
        return void(self, *args, **kwargs)

    monkeypatch.setattr(Ledger, "void_hand", terminal_first)
    status, a = post(client, "/api/page/matches/1/undo", {"after": "2", "reason": "wrong scores"}, token)
    assert status == 409 and len(a["hands"]) == 3 and a["totals"] == {"Anna": 9, "Bruno": 14}
    assert len(live_hands(1)) == 3 and "wrong scores" not in cli("match", "history", "1").stdout


def test_a_new_match_from_the_page(client, cli):
    token = page_token(client)
    status, a = post(client, "/api/page/matches", {"game": "scopa", "rules": "", "players": "Anna, Bruno",
                                               "sides": "", "options": "target=21"}, token)
    assert status == 201 and a["match"] == 1 and 'id="keep-1"' in a["form"]
    status, a = post(client, "/api/page/matches", {"game": "scopa", "rules": "", "players": "Anna",
                                               "sides": "", "options": ""}, token)
    assert status == 422 and a["input"] == "players"
    status, a = post(client, "/api/page/matches", {"game": "scopa", "players": "Anna, Bruno",
                                               "options": "pota=1"}, token)
    assert status == 422 and a["input"] == "options"


def test_only_the_scorekeeper_s_own_page_can_write(client, cli):
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    token = page_token(client)
    fields = {"after": "0", "f:points:0": "1", "f:points:1": "1"}
    assert post(client, "/api/page/matches/1/hands", fields, None)[0] == 403  # no token
    status, a = post(client, "/api/page/matches/1/hands", fields, "made.up")  # a page of an earlier run
    assert status == 403 and "scorekeeper's address" in a["error"] and "Authorization" not in a["error"]
    assert post(client, "/api/page/matches/1/hands", fields, token, origin="https://evil.example")[0] == 403
    assert post(client, "/api/page/matches/1/hands", fields, token, **{"sec-fetch-site": "cross-site"})[0] == 403
    client.get(f"/?key={KEY}")  # the players' key in the cookie now
    assert post(client, "/api/page/matches/1/hands", fields, token)[0] == 403
    assert live_hands(1) == []
    client.get(f"/?key={KEEPER}")
    assert post(client, "/api/page/matches/1/hands", fields, token, origin=BASE)[0] == 201


def test_without_a_scorekeeper_nothing_can_be_written(ledger_db, cli):
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    with TestClient(create_app(KEY, poll=POLL), base_url=BASE) as c:
        assert "<form" not in c.get(f"/?key={KEY}").text
        assert post(c, "/api/page/matches/1/hands", {"after": "0"}, "x.y")[0] == 403


def test_the_card_of_a_match_started_elsewhere(client, cli):
    page_token(client)  # the scorekeeper's cookie
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla")  # at the terminal, after the page opened
    card = client.get("/page/matches/1/card")
    assert card.status_code == 200 and card.text.startswith('<article class="card keep" id="keep-1"')
    assert 'name="f:closed_by"' in card.text
    assert client.get("/page/matches/9/card").status_code == 404
    client.get(f"/?key={KEY}")  # the players' key: no form for them
    assert client.get("/page/matches/1/card").status_code == 403


def test_the_rule_sets_offered_are_the_chosen_game_s_and_another_s_is_refused(client, cli):
    """Each rule set of the new-match form says its game (the page's script offers the chosen
    game's only); a rule set of another game posted anyway is the CLI's own refusal, beside the
    rule set's field, and no match is made."""
    token = page_token(client)
    start = client.get(f"/?key={KEEPER}").text.split('id="start"')[1]
    groups = dict(re.findall(r'<optgroup label="[^"]*" data-game="([^"]+)">(.*?)</optgroup>', start))
    assert 'value="chiamata"' in groups["briscola"] and 'value="scopone"' in groups["scopa"]
    assert all('value="chiamata"' not in opts for game, opts in groups.items() if game != "briscola")
    status, a = post(client, "/api/page/matches", {"game": "scopa", "rules": "chiamata", "players": "Anna, Bruno",
                                                   "sides": "", "options": ""}, token)
    line = cli.error("match", "new", "scopa", "--rules", "chiamata", "--players", "Anna,Bruno")
    assert status == 422 and a["input"] == "rules" and line == f"error: {a['error']}"
    with reading() as reads:
        assert reads.rows('SELECT count(*) FROM "match"')[0][0] == 0


def test_a_save_sent_again_with_its_key_is_stored_once(client, cli):
    """The page's forms send an Idempotency-Key per attempt: the same key again (a doubled tap, a
    retry after a lost answer) gets the first answer and stores nothing more; a new key is a new
    save; a key refused (too long) stores nothing."""
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    token = page_token(client)
    fields = {"after": "0", "f:points:0": "5", "f:points:1": "2"}
    first = post(client, "/api/page/matches/1/hands", fields, token, **{"Idempotency-Key": "try-1"})
    again = post(client, "/api/page/matches/1/hands", fields, token, **{"Idempotency-Key": "try-1"})
    assert first[0] == 201 and again == first and len(live_hands(1)) == 1
    status, a = post(client, "/api/page/matches/1/hands", fields, token, **{"Idempotency-Key": "k" * 201})
    assert status == 422 and a["field"] == "Idempotency-Key" and len(live_hands(1)) == 1
    later = post(client, "/api/page/matches/1/hands", {**fields, "after": "1"}, token, **{"Idempotency-Key": "try-2"})
    assert later[0] == 201 and later[1]["number"] == 2 and len(live_hands(1)) == 2
    undo = {"after": "2", "reason": "doubled"}
    assert post(client, "/api/page/matches/1/undo", undo, token, **{"Idempotency-Key": "try-2"})[0] == 200  # another path
    assert post(client, "/api/page/matches/1/undo", undo, token, **{"Idempotency-Key": "try-2"})[0] == 200
    assert len(live_hands(1)) == 1  # undone once
    match = {"game": "scopa", "rules": "", "players": "Anna, Bruno", "sides": "", "options": ""}
    made = [post(client, "/api/page/matches", match, token, **{"Idempotency-Key": "new-1"}) for _ in range(2)]
    assert made[0] == made[1] and made[0][1]["match"] == 2
    with reading() as reads:
        assert reads.rows('SELECT count(*) FROM "match"')[0][0] == 2
