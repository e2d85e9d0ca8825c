"""The HTTP API of ``ledger serve --scorekeeper`` (docs/serve.md, "The HTTP API"): every status
through Starlette's TestClient and through a real server (``ledger serve --scorekeeper`` as a
subprocess), idempotency, the ``after`` conflict, 413 chunked or not, 422 in Italian, void, a new
match, the players' stream, the page's token."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from ledger.web.api import MAX_BODY, Answers, answer_language
from ledger.web.app import create_app

SK, PK = "the-scorekeeper-s-key", "the-players-key"  # the TestClient's keys (a real server makes its own)
BASE = "http://127.0.0.1:8037"
POLL = 0.05
HAND = {"sides": {"Anna": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": 1},
                  "Bruno": {"cards": 18, "denari": 4, "settebello": False, "primiera": 70}}}  # Anna 5, Bruno 0
TOO_MANY_DENARI = {"sides": {"Anna": {**HAND["sides"]["Anna"], "denari": 16}, "Bruno": HAND["sides"]["Bruno"]}}


@dataclass
class Api:
    """A client of one running application: ``sk`` writes, ``pk`` only reads."""

    client: Any
    sk: str
    pk: str
    real: bool

    def post(self, path: str, body: Any = None, key: str | None = "sk", headers: dict | None = None,
             content: Any = None) -> httpx.Response:
        sent = dict(headers or {})
        if key == "Basic":  # the scorekeeper's key, but not as a Bearer token
            sent["Authorization"] = f"Basic {self.sk}"
        elif key is not None:
            sent["Authorization"] = f"Bearer {self.sk if key == 'sk' else self.pk if key == 'pk' else key}"
        if content is None and body is not None:
            content = json.dumps(body).encode("utf-8")
        return self.client.post(path, content=content, headers=sent)


@pytest.fixture(params=["testclient", pytest.param("server", marks=pytest.mark.slow)])  # slow: a real process
def api(request, ledger_db, serve):
    if request.param == "testclient":
        with TestClient(create_app(PK, poll=POLL, scorekeeper=SK), base_url=BASE) as c:
            yield Api(c, SK, PK, False)
        return
    served = serve("--scorekeeper")
    sk, pk = served.scorekeeper_keys()
    with httpx.Client(base_url=served.base, timeout=60) as c:
        yield Api(c, sk, pk, True)


def scopa(cli) -> None:
    cli("match", "new", "scopa", "--players", "Anna,Bruno")


def live_hands(cli, match: str = "1") -> int:
    return len(cli.json("show", match)["hands"])


# --- the hand -----------------------------------------------------------------------------------------
def test_a_hand_is_stored_as_hand_add_stores_it(api, cli, tmp_path):
    scopa(cli)
    r = api.post("/api/matches/1/hands", HAND)
    assert r.status_code == 201, r.text
    answer = r.json()
    assert list(answer) == ["match", "number", "result", "totals"]
    assert answer["match"] == 1 and answer["number"] == 1 and answer["totals"] == {"Anna": 5, "Bruno": 0}
    (tmp_path / "h.json").write_text(json.dumps(HAND))
    by_cli = cli.json("hand", "add", "1", "--file", str(tmp_path / "h.json"))["hands"][-1]
    assert answer["result"] == by_cli["result"]  # the same hand scored the same way
    assert api.post("/api/matches/last/hands", HAND).json()["number"] == 3
    hands = json.loads(cli("export", "1").stdout)["hands"]
    assert [h.get("source") for h in hands] == ["page", None, "page"]
    assert cli("db", "check").exit_code == 0


def test_an_incomplete_hand_is_refused_as_hand_add_refuses_it(api, cli, tmp_path):
    cli("match", "new", "scopa", "--players", "Anna,Bruno", "--option", "napola=true")  # napola: asked for
    r = api.post("/api/matches/1/hands", HAND)
    (tmp_path / "h.json").write_text(json.dumps(HAND))
    by_cli = cli("hand", "add", "1", "--file", str(tmp_path / "h.json"), "--json", code=2).stderr.strip()
    assert r.status_code == 422 and f"error: {r.json()['error']}" == by_cli
    assert r.json()["field"] == "sides.Anna.napola" and live_hands(cli) == 0  # the document's own path


@pytest.mark.parametrize("key", [None, "pk", "wrong", "Basic"])
def test_no_key_a_wrong_key_or_the_players_key_writes_nothing(api, cli, key):
    scopa(cli)
    r = api.post("/api/matches/1/hands", HAND, key=key)
    assert r.status_code == 403 and r.json()["field"] == "Authorization"
    assert api.post("/api/matches", {"game": "scopa", "players": ["Carla", "Dario"]}, key=key).status_code == 403
    assert live_hands(cli) == 0 and len(cli.json("match", "list")) == 1


def test_the_players_key_in_the_query_or_a_cookie_writes_nothing(api, cli):
    scopa(cli)
    assert api.client.get(f"/?key={api.pk}").status_code == 200  # the players' cookie is set
    assert api.post(f"/api/matches/1/hands?key={api.pk}", HAND, key=None).status_code == 403
    assert api.post(f"/api/matches/1/hands?key={api.sk}", HAND, key=None).status_code == 403  # a key is no Bearer
    assert live_hands(cli) == 0


def test_the_scorekeeper_s_key_opens_the_page(api):
    r = api.client.get(f"/?key={api.sk}")
    assert r.status_code == 200 and "ledger-key-" in r.headers["set-cookie"]


def test_a_body_over_a_million_bytes_is_refused_chunked_or_not(api, cli):
    scopa(cli)
    exact = json.dumps(HAND).encode("utf-8")
    exact += b" " * (MAX_BODY - len(exact))
    assert len(exact) == MAX_BODY
    assert api.post("/api/matches/1/hands", content=exact).status_code == 201  # the limit itself is allowed
    big = exact + b" "
    r = api.post("/api/matches/1/hands", content=big)
    assert r.status_code == 413 and r.json()["field"] == "body"

    def chunks():
        for i in range(0, len(big), 65536):
            yield big[i:i + 65536]

    assert api.post("/api/matches/1/hands", content=chunks()).status_code == 413
    assert live_hands(cli) == 1


def test_bad_input_is_the_cli_s_own_line_in_the_language_asked_for(api, cli, tmp_path):
    scopa(cli)
    (tmp_path / "s.json").write_text(json.dumps({"game": "scopa", **TOO_MANY_DENARI}))
    cli_line = cli("score", str(tmp_path / "s.json"), "--json", code=2).stderr.strip()
    assert cli_line == "error: sides.Anna.denari: 16 is out of range (0 to 10)"
    it = api.post("/api/matches/1/hands", TOO_MANY_DENARI, headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"})
    assert it.status_code == 422
    assert it.json() == {"error": "mano 1: sides.Anna.denari: 16 è fuori dai limiti (da 0 a 10)",
                         "field": "sides.Anna.denari"}
    en = api.post("/api/matches/1/hands", TOO_MANY_DENARI, headers={"Accept-Language": "en-GB, it;q=0.5"})
    assert en.json() == {"error": "hand 1: sides.Anna.denari: 16 is out of range (0 to 10)", "field": "sides.Anna.denari"}
    assert api.post("/api/matches/1/hands", TOO_MANY_DENARI, headers={"Accept-Language": "fr"}).json() == en.json()
    assert api.post("/api/matches/1/hands", content=b'{"sides": 3').json()["field"] == "body"
    assert api.post("/api/matches/1/hands", [HAND]).status_code == 422
    typo = api.post("/api/matches/1/hands", {**HAND, "scopee": 1}, headers={"Accept-Language": "it"})
    assert typo.status_code == 422 and typo.json()["field"] == "scopee"
    assert live_hands(cli) == 0


def test_an_unknown_match_is_404_and_a_finished_or_ended_one_409(api, cli):
    assert api.post("/api/matches/1/hands", HAND).status_code == 404  # no match yet
    scopa(cli)
    assert api.post("/api/matches/7/hands", HAND).json() == {"error": "match: no match 7", "field": "match"}
    assert api.post("/api/matches/seven/hands", HAND).status_code == 404
    for _ in range(3):  # 15 points: past 11, the match is over
        assert api.post("/api/matches/1/hands", HAND).status_code == 201
    over = api.post("/api/matches/1/hands", HAND)
    assert over.status_code == 409 and over.json()["field"] == "match"
    assert api.post("/api/matches/1/hands/1/void", {"reason": "late"}).status_code == 409
    scopa(cli)
    cli("match", "end", "2")
    assert api.post("/api/matches/2/hands", HAND).status_code == 409
    assert live_hands(cli) == 3 and live_hands(cli, "2") == 0


# --- idempotency and the 'after' conflict ------------------------------------------------------------------
def test_the_same_idempotency_key_gets_the_first_answer_and_stores_nothing(api, cli):
    scopa(cli)
    first = api.post("/api/matches/1/hands", HAND, headers={"Idempotency-Key": "phone-1 hand-1"})
    again = api.post("/api/matches/1/hands", {"anything": "else"}, headers={"Idempotency-Key": "phone-1 hand-1"})
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert api.post("/api/matches/1/hands", HAND, headers={"Idempotency-Key": "phone-1 hand-2"}).json()["number"] == 2
    assert live_hands(cli) == 2
    assert api.post("/api/matches/1/hands", HAND, headers={"Idempotency-Key": "x" * 201}).status_code == 422


def test_retries_at_the_same_time_store_the_hand_once(api, cli):
    scopa(cli)
    answers: list[httpx.Response] = []

    def send():
        answers.append(api.post("/api/matches/1/hands", HAND, headers={"Idempotency-Key": "retry"}))

    threads = [threading.Thread(target=send) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert {a.status_code for a in answers} == {201} and {a.json()["number"] for a in answers} == {1}
    assert live_hands(cli) == 1


def test_a_first_answer_that_failed_is_tried_again():
    import asyncio

    async def run():
        kept = Answers()
        tries = []

        async def fails():
            tries.append(1)
            raise RuntimeError("the database went away")

        async def works():
            return 201, {"ok": True}

        with pytest.raises(RuntimeError):
            await kept.once("k", fails)
        assert await kept.once("k", works) == (201, {"ok": True})
        assert await kept.once("k", fails) == (201, {"ok": True}) and len(tries) == 1

    asyncio.run(run())


def test_answers_are_bounded():
    import asyncio

    async def run():
        kept = Answers(size=3)

        async def answer(n):
            return 201, {"n": n}

        for n in range(10):
            await kept.once(f"k{n}", lambda n=n: answer(n))
        assert list(kept.by_key) == ["k7", "k8", "k9"]
        assert await kept.once("k9", lambda: answer(99)) == (201, {"n": 9})

    asyncio.run(run())


def test_answers_are_bounded_in_bytes_too():
    """Large answers (a 409 carries the whole scoreboard) are forgotten by their bytes, oldest first."""
    import asyncio

    async def run():
        kept = Answers(size=1000, budget=10_000)

        async def board(n):
            return 409, {"n": n, "hands": ["x" * 3000]}

        for n in range(10):
            assert (await kept.once(f"k{n}", lambda n=n: board(n)))[1]["n"] == n
        assert list(kept.by_key) == ["k7", "k8", "k9"] and set(kept.weights) == {"k7", "k8", "k9"}
        assert (await kept.once("k0", lambda: board(99)))[1]["n"] == 99  # forgotten: worked out again

    asyncio.run(run())


def test_after_the_hands_seen_stores_the_hand_and_another_number_gets_the_board(api, cli):
    scopa(cli)
    assert api.post("/api/matches/1/hands", {**HAND, "after": 0}).status_code == 201
    cli("hand", "add", "1", "--file", "-", input=json.dumps(HAND))  # someone at the terminal meanwhile
    stale = api.post("/api/matches/1/hands", {**HAND, "after": 1}, headers={"Accept-Language": "it"})
    assert stale.status_code == 409
    body = stale.json()
    board = cli.json("show", "1")
    assert body["totals"] == board["totals"] and body["hands"] == board["hands"]
    assert body["error"].startswith("after: ") and "2" in body["error"] and body["field"] == "after"
    assert live_hands(cli) == 2
    assert api.post("/api/matches/1/hands", {**HAND, "after": 2}).status_code == 201
    assert all("after" not in h for h in json.loads(cli("export", "1").stdout)["hands"])
    assert api.post("/api/matches/1/hands", {**HAND, "after": "two"}).json()["field"] == "after"


# --- void and new match ---------------------------------------------------------------------------------
def test_void_takes_a_hand_off_the_board_with_its_reason(api, cli):
    scopa(cli)
    api.post("/api/matches/1/hands", HAND)
    api.post("/api/matches/1/hands", HAND)
    r = api.post("/api/matches/1/hands/1/void", {"reason": "wrong counts"})
    assert r.status_code == 200, r.text
    assert r.json()["voided"] == 1 and r.json()["totals"] == {"Anna": 5, "Bruno": 0}
    history = json.loads(cli("export", "1").stdout)["hands"]
    assert history[0]["voided"] is True and history[0]["void_reason"] == "wrong counts"
    assert api.post("/api/matches/1/hands/9/void", {}).status_code == 404
    assert api.post("/api/matches/1/hands/1/void", {"reason": 3}).json()["field"] == "reason"
    assert api.post("/api/matches/1/hands/1/void", key="pk").status_code == 403
    assert api.post("/api/matches/1/hands/last/void").status_code == 200  # no body: voided
    assert live_hands(cli) == 0


def test_a_new_match_from_the_api(api, cli):
    r = api.post("/api/matches", {"game": "scopa", "players": ["Anna", "Bruno"], "options": {"napola": True}})
    assert r.status_code == 201 and r.json() == {"match": 1}
    sides = {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}
    assert api.post("/api/matches", {"game": "scopa", "rules": "scopone", "sides": sides}).json() == {"match": 2}
    shown = cli.json("show", "2")["match"]
    assert shown["rules"] == "scopone" and shown["sides"] == sides
    assert cli.json("show", "1")["match"]["options"]["napola"] is True
    scopone = api.post("/api/matches", {"game": "scopone", "sides": sides})  # as match new scopone takes it
    assert scopone.status_code == 201 and cli.json("show", "3")["match"]["rules"] == "scopone"
    bad = api.post("/api/matches", {"game": "scopaz", "players": ["Anna", "Bruno"]}, headers={"Accept-Language": "it"})
    assert bad.status_code == 422 and bad.json()["field"] == "game" and "sconosciuto" in bad.json()["error"]
    assert api.post("/api/matches", {"game": "scopa", "players": "Anna"}).json()["field"] == "players"
    assert api.post("/api/matches", {"game": "scopa", "players": ["Anna", "Bruno"], "night": "x"}).json()["field"] == "night"
    assert api.post("/api/matches", {"players": ["Anna", "Bruno"]}).json()["field"] == "game"
    assert len(cli.json("match", "list")) == 3


# --- the players' stream and the methods --------------------------------------------------------------------
def test_the_players_stream_sees_a_hand_from_the_api(api, cli):
    scopa(cli)
    deadline = time.monotonic() + 10
    while "Match 1" not in api.client.get(f"/?key={api.pk}").text and time.monotonic() < deadline:
        time.sleep(POLL)
    seen: list[str] = []

    def read():
        with httpx.Client(base_url=str(api.client.base_url), timeout=20) if api.real else _same(api.client) as c:
            with c.stream("GET", f"/events?key={api.pk}") as events:
                for line in events.iter_lines():
                    seen.append(line)
                    if ">+5<" in line or time.monotonic() > deadline + 10:
                        return

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.5)
    assert api.post("/api/matches/1/hands", HAND).status_code == 201
    reader.join(20)
    assert any(">+5<" in line or ">5<" in line for line in seen), seen[-5:]


class _same:
    """The TestClient as a context manager that does not close it."""

    def __init__(self, client):
        self.client = client

    def __enter__(self):
        return self.client

    def __exit__(self, *exc):
        return False


def test_only_post_and_only_under_api(api):
    assert api.client.put("/api/matches", headers={"Authorization": f"Bearer {api.sk}"}).status_code == 405
    assert api.client.post(f"/?key={api.sk}").status_code == 405
    assert api.client.get(f"/api/matches?key={api.sk}").status_code == 405


# --- without --scorekeeper, and the page's token (TestClient: its cookies) -------------------------------------
@pytest.mark.slow  # a real server too
def test_without_the_scorekeeper_every_write_is_403(cli, serve):
    scopa(cli)
    with TestClient(create_app(PK, poll=POLL), base_url=BASE) as c:
        for key in (PK, SK, "x"):
            assert c.post("/api/matches/1/hands", json=HAND, headers={"Authorization": f"Bearer {key}"}).status_code == 403
    served = serve()
    with httpx.Client(base_url=served.base, timeout=60) as c:
        r = c.post("/api/matches/1/hands", json=HAND, headers={"Authorization": f"Bearer {served.key}"})
        assert r.status_code == 403
    assert live_hands(cli) == 0


def test_the_page_s_token_writes_with_the_scorekeeper_s_cookie_from_this_origin_only(cli):
    scopa(cli)
    app = create_app(PK, poll=POLL, scorekeeper=SK)
    token = app.page_token()
    assert app.app.state.guard is app  # what a route of the page reaches it by (request.app.state.guard)
    assert app.valid_page_token(token) and not app.valid_page_token(token + "x")
    assert not app.valid_page_token("a.b") and not app.valid_page_token(None)
    with TestClient(app, base_url=BASE) as c:
        assert c.post("/api/matches/1/hands", json=HAND, headers={"X-Ledger-Token": token}).status_code == 403  # no cookie
        c.get(f"/?key={SK}")  # the scorekeeper's cookie
        assert c.post("/api/matches/1/hands", json=HAND).status_code == 403  # the cookie alone never writes
        assert c.post("/api/matches/1/hands", json=HAND, headers={"X-Ledger-Token": "x.y"}).status_code == 403
        for other in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"},
                      {"Origin": "http://127.0.0.1:9999"}, {"Origin": "http://127.0.0.1"},
                      {"Origin": "https://127.0.0.1:8037/path"}):
            r = c.post("/api/matches/1/hands", json=HAND, headers={"X-Ledger-Token": token, **other})
            assert r.status_code == 403, other
        assert live_hands(cli) == 0
        ours = {"X-Ledger-Token": token, "Origin": BASE, "Sec-Fetch-Site": "same-origin"}
        assert c.post("/api/matches/1/hands", json=HAND, headers=ours).status_code == 201
        c.get(f"/?key={PK}")  # the players' cookie now: the token alone is not enough
        assert c.post("/api/matches/1/hands", json=HAND, headers=ours).status_code == 403
    assert live_hands(cli) == 1
    with pytest.raises(ValueError):
        create_app(PK).page_token()


@pytest.mark.parametrize("accept, lang", [("it", "it"), ("it-IT,it;q=0.9,en;q=0.8", "it"), ("en;q=0.9, it;q=0.3", "en"),
                                          ("fr, it;q=0.1", "it"), ("fr", "en"), ("", "en"), (None, "en"),
                                          ("it;q=0", "en"), ("*", "en"), ("it;q=abc, en", "en")])
def test_the_language_of_the_answers(accept, lang):
    assert answer_language(accept) == lang


@pytest.mark.slow  # a real server
def test_serve_scorekeeper_prints_the_scorekeeper_s_address_first_then_the_players(serve):
    s = serve("--scorekeeper")
    deadline = time.monotonic() + 10
    while sum(line.startswith("http://") for line in s.lines) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    urls = [i for i, line in enumerate(s.lines) if line.startswith("http://")]
    sk, pk = s.scorekeeper_keys()
    assert sk != pk and s.url.endswith(f"key={sk}")  # the first line: the scorekeeper's
    assert [s.lines[i].split("key=")[1] for i in urls] == [sk, pk, pk]  # the players' again under its code
    for start, end in ((urls[0] + 1, urls[1]), (urls[1] + 1, urls[2])):
        qr = s.lines[start:end]
        assert len(qr) > 10 and all(set(line) <= set("█▀▄ ") for line in qr[:10])
    notes = "\n".join(s.errors)
    assert "keep it private" in notes and notes.index("keep it private") < notes.index("Read only")


# --- the replay: the same hands through the API and through the terminal --------------------------------------
SIMONE = [{"hands": {"Anna": 12, "Bruno": 17}, "knocked_by": "Bruno"},
          {"hands": {"Anna": 30, "Bruno": 4}, "knocked_by": "Anna"},
          {"hands": {"Anna": 9, "Bruno": 21}, "knocked_by": "Bruno"}]
MOMENTS = frozenset({"entered_at", "voided_at", "created_at", "exported_at", "source"})


def _without_moments(value: Any) -> Any:
    """An export but for its entry times and where each hand came from."""
    if isinstance(value, dict):
        return {k: _without_moments(v) for k, v in value.items() if k not in MOMENTS}
    if isinstance(value, list):
        return [_without_moments(v) for v in value]
    return value


def test_the_same_hands_through_the_api_and_through_hand_add_give_the_same_export(cli, tmp_path):
    other = str(tmp_path / "terminal.db")
    with TestClient(create_app(PK, poll=POLL, scorekeeper=SK), base_url=BASE) as c:
        api = Api(c, SK, PK, False)
        assert api.post("/api/matches", {"game": "scopa", "players": ["Anna", "Bruno"]}).status_code == 201
        assert api.post("/api/matches", {"game": "simone", "players": ["Anna", "Bruno"]}).status_code == 201
        for n in range(2):
            assert api.post("/api/matches/1/hands", {**HAND, "after": n}).status_code == 201
        for n, doc in enumerate(SIMONE):
            assert api.post("/api/matches/2/hands", {**doc, "after": n},
                            headers={"Idempotency-Key": f"simone {n}"}).status_code == 201
        assert api.post("/api/matches/2/hands/2/void", {"reason": "miscounted"}).status_code == 200
    cli("--db", other, "match", "new", "scopa", "--players", "Anna,Bruno")
    cli("--db", other, "match", "new", "simone", "--players", "Anna,Bruno")
    for _ in range(2):
        cli("--db", other, "hand", "add", "1", "--file", "-", input=json.dumps(HAND))
    for doc in SIMONE:
        cli("--db", other, "hand", "add", "2", "--file", "-", input=json.dumps(doc))
    cli("--db", other, "hand", "void", "2", "2", "--reason", "miscounted")
    by_api = json.loads(cli("export", "--all").stdout)
    by_terminal = json.loads(cli("--db", other, "export", "--all").stdout)
    assert _without_moments(by_api) == _without_moments(by_terminal)
    assert by_api != by_terminal  # the times and the sources differ
    assert {h.get("source") for m in by_api["matches"] for h in m["hands"]} == {"page"}
    assert {h.get("source") for m in by_terminal["matches"] for h in m["hands"]} == {None}


@pytest.mark.slow  # a real server, and curl
def test_the_curl_examples_of_serve_md_work_as_written(serve):
    """Each ``curl`` example of docs/serve.md's "The HTTP API", run in order against a real
    ``ledger serve --scorekeeper`` (``$B``, ``$SK``), answers the status its comment says."""
    import re
    import shutil
    import subprocess
    from pathlib import Path

    if shutil.which("curl") is None:
        pytest.skip("no curl on this machine")
    text = (Path(__file__).resolve().parents[2] / "docs" / "serve.md").read_text(encoding="utf-8")
    section = text.split("## The HTTP API", 1)[1].split("\n## ", 1)[0]
    examples: list[tuple[str, int]] = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        command = ""
        for line in block.splitlines():
            if line.startswith("# {") and command:
                examples.append((command, int(re.search(r"\((\d{3})\)\s*$", line).group(1))))
                command = ""
            elif line.startswith("curl") or command:
                command += line.rstrip("\\") + (" " if line.endswith("\\") else "\n")
    assert len(examples) >= 4
    s = serve("--scorekeeper")
    sk, _ = s.scorekeeper_keys()
    for command, status in examples:
        r = subprocess.run(["bash", "-c", command.strip() + " -o /dev/null -w '%{http_code}'"], capture_output=True,
                           text=True, timeout=60, env={"B": s.base, "SK": sk, "PATH": "/usr/bin:/bin"})
        assert r.stdout.strip() == str(status), (command, r.stdout, r.stderr)
