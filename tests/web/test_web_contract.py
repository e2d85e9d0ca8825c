"""Issue 37's "How it will be checked", as the checker does it: the real ``ledger serve
--scorekeeper`` as a subprocess on a free port, its two printed addresses and keys read, the whole
HTTP contract of docs/serve.md driven over HTTP (403s, 413, 422 in Italian and English as the
CLI's own line with ``score --json``'s field path, 404, 409, Idempotency-Key, ``after``, void, new
matches of several games, the players' stream within 2 s), then the same hands through ``ledger
hand add --file`` into a second ledger: both ``export --all`` equal but for entry times and
sources. Every answer is compared with the CLI's own (``hand add --json``, ``show --json``)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx2 as httpx
import pytest

from ledger.web.api import MAX_BODY

pytestmark = pytest.mark.slow  # a real server

SCOPA = {"sides": {"Anna": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": 1},
                   "Bruno": {"cards": 18, "denari": 4, "settebello": False, "primiera": 70}}}
# each game's new match (as POST /api/matches takes it) and its hands, in order
NIGHT: list[tuple[dict, list[dict]]] = [
    ({"game": "scopa", "players": ["Anna", "Bruno"], "options": {"target": 21}}, [SCOPA, SCOPA]),
    ({"game": "trentuno", "rules": "52", "players": ["Carla", "Luca", "Bruno"],
      "options": {"lives": 3, "stake_cents": 100, "currency": "EUR", "reentry": False}},
     [{"hands": {"Carla": "8C 4C 10C", "Luca": "QH 6D QS", "Bruno": ["3H", "7C", "9H"]}, "knocked_by": "Bruno",
       "shown31": None},
      {"hands": {"Carla": "KC 6C AD", "Luca": ["8S", "JC", "9C"], "Bruno": "8H KD 9H"}, "knocked_by": "Carla",
       "shown31": None}]),
    ({"game": "burraco", "sides": {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}, "options": {"target": 1005}},
     [{"closed_by": "NS", "sides": {"NS": {"burraco": ["clean"], "melded_points": 250, "hand_points": 0,
                                           "pozzetto": True},
                                    "EW": {"burraco": [], "melded_points": 60, "hand_points": 40, "pozzetto": True}}}]),
    ({"game": "bridge", "rules": "rubber", "sides": {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}},
     [{"contract": "5H", "declarer": "N", "tricks": 11}, {"contract": "2S", "declarer": "E", "tricks": 7}]),
    ({"game": "scala40", "players": ["Anna", "Bruno", "Carla"], "options": {"reentries": 1}},
     [{"closed_by": "Anna", "others": {"Bruno": "JK AS 7H", "Carla": 45}},
      {"closed_by": "Carla", "others": {"Anna": 30, "Bruno": 41}}]),
    ({"game": "segnapunti", "players": ["Anna", "Bruno", "Carla"], "options": {"target": 10000}},
     [{"points": {"Anna": 12, "Bruno": -3, "Carla": 0}}]),
]
STREAMED = {"points": {"Anna": 4321, "Bruno": 0, "Carla": 7}}  # a segnapunti hand whose total is seen in the stream
MOMENTS = frozenset({"entered_at", "voided_at", "created_at", "exported_at", "source"})


class Server:
    """The running server's address and keys, and a client."""

    def __init__(self, served):
        self.base = served.base
        self.sk, self.pk = served.scorekeeper_keys()
        self.client = httpx.Client(base_url=self.base, timeout=60)

    def post(self, path: str, body: Any = None, key: str | None = "sk", content: Any = None,
             **headers: str | list[str]) -> httpx.Response:
        sent = [(k.replace("_", "-"), v) for k, vs in headers.items() for v in ([vs] if isinstance(vs, str) else vs)]
        if key is not None:
            sent.append(("Authorization", f"Bearer {self.sk if key == 'sk' else self.pk if key == 'pk' else key}"))
        if content is None and body is not None:
            content = json.dumps(body).encode("utf-8")
        return self.client.post(path, content=content, headers=sent)


@pytest.fixture
def server(serve):
    s = Server(serve("--scorekeeper"))
    yield s
    s.client.close()


def without_moments(value: Any) -> Any:
    """An export but for its entry times and where each hand came from."""
    if isinstance(value, dict):
        return {k: without_moments(v) for k, v in value.items() if k not in MOMENTS}
    if isinstance(value, list):
        return [without_moments(v) for v in value]
    return value


def cli_error(cli, *args: str) -> tuple[str, str]:
    """The one line a ``--json`` command refuses with (without ``error:`` or ``errore:``), and the
    field path it starts with."""
    r = cli(*args, "--json", code=2)
    line = r.stderr.strip()
    assert line.split(": ", 1)[0] in ("error", "errore") and "\n" not in line, r.stderr
    line = line.split(": ", 1)[1]
    return line, line.split(": ", 1)[0]


def test_the_keys_and_the_refusals(server, cli, tmp_path):
    assert server.sk != server.pk
    assert server.post("/api/matches", {"game": "scopa", "players": ["Anna", "Bruno"]}).json() == {"match": 1}
    for key in (None, "pk", "wrong-key"):  # 403, nothing stored
        r = server.post("/api/matches/1/hands", SCOPA, key=key)
        assert r.status_code == 403 and set(r.json()) == {"error", "field"} and r.json()["field"] == "Authorization"
        assert server.post("/api/matches", {"game": "scopa", "players": ["C", "D"]}, key=key).status_code == 403
        assert server.post("/api/matches/1/hands/last/void", key=key).status_code == 403
    assert server.post(f"/api/matches/1/hands?key={server.sk}", SCOPA, key=None).status_code == 403
    big = json.dumps(SCOPA).encode() + b" " * MAX_BODY
    assert server.post("/api/matches/1/hands", content=big).status_code == 413
    chunks = (big[i:i + 65536] for i in range(0, len(big), 65536))
    r = server.post("/api/matches/1/hands", content=chunks)
    assert r.status_code == 413 and r.json()["field"] == "body"
    assert server.post("/api/matches/9/hands", SCOPA).status_code == 404
    assert server.post("/api/matches/abc/hands", SCOPA).json()["field"] == "match"
    assert len(cli.json("show", "1")["hands"]) == 0 and len(cli.json("match", "list")) == 1

    # 422: the CLI's own line and score --json's field path, in the language asked for
    bad = {"sides": {"Anna": {**SCOPA["sides"]["Anna"], "denari": 16}, "Bruno": SCOPA["sides"]["Bruno"]}}
    (tmp_path / "bad.json").write_text(json.dumps({"game": "scopa", **bad}))
    (tmp_path / "hand.json").write_text(json.dumps(bad))
    for accept, lang in (("it-IT,it;q=0.9", "it"), ("en", "en")):
        r = server.post("/api/matches/1/hands", bad, Accept_Language=accept)
        line, field = cli_error(cli, "--lang", lang, "score", str(tmp_path / "bad.json"))
        by_add, _ = cli_error(cli, "--lang", lang, "hand", "add", "1", "--file", str(tmp_path / "hand.json"))
        assert r.status_code == 422 and set(r.json()) == {"error", "field"}
        assert r.json()["field"] == field == "sides.Anna.denari"
        assert r.json()["error"] == by_add and line in by_add
    assert "fuori dai limiti" in server.post("/api/matches/1/hands", bad, Accept_Language="it").json()["error"]
    assert len(cli.json("show", "1")["hands"]) == 0

    # 409: a finished match, one ended early, and the after conflict with show --json's board
    assert server.post("/api/matches", {"game": "scopa", "players": ["Anna", "Bruno"]}).json() == {"match": 2}
    assert server.post("/api/matches/2/hands", SCOPA).status_code == 201
    assert server.post("/api/matches/2/hands", SCOPA, Idempotency_Key="second").json()["number"] == 2  # 10-0
    assert server.post("/api/matches/2/hands", SCOPA).status_code == 201  # 15: finished
    r = server.post("/api/matches/2/hands", SCOPA)
    assert r.status_code == 409 and r.json()["field"] == "match"
    assert server.post("/api/matches/2/hands/last/void").status_code == 409
    cli("match", "end", "1")
    assert server.post("/api/matches/1/hands", SCOPA).status_code == 409
    assert server.post("/api/matches", {"game": "scopa", "players": ["Anna", "Bruno"]}).json() == {"match": 3}
    assert server.post("/api/matches/3/hands", {**SCOPA, "after": 0}).status_code == 201
    r = server.post("/api/matches/3/hands", {**SCOPA, "after": 0})
    board = cli.json("show", "3")
    assert r.status_code == 409 and list(r.json()) == ["error", "field", "totals", "hands"]
    assert r.json()["field"] == "after" and r.json()["totals"] == board["totals"] and r.json()["hands"] == board["hands"]
    assert len(board["hands"]) == 1

    # Idempotency-Key: the first answer, whatever the body; nothing new
    first = server.post("/api/matches/3/hands", {**SCOPA, "after": 1}, Idempotency_Key="anna-phone-7")
    again = server.post("/api/matches/3/hands", content=b"not even JSON", Idempotency_Key="anna-phone-7")
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert len(cli.json("show", "3")["hands"]) == 2
    two = server.post("/api/matches/3/hands", SCOPA, Idempotency_Key=["anna-phone-7", "other"])
    assert two.status_code == 422 and two.json()["field"] == "Idempotency-Key"
    assert server.post("/api/matches/3/hands", SCOPA, Idempotency_Key="k" * 201).status_code == 422
    assert server.post("/api/matches/3/hands/1/void", Idempotency_Key="anna-phone-7").status_code == 200  # another path
    assert server.post("/api/matches/3/hands/2/void").status_code == 404  # voided: no longer hand 2
    assert len(cli.json("show", "3")["hands"]) == 1


def test_a_night_through_the_api_and_through_hand_add_gives_the_same_export(server, cli, tmp_path):
    other = str(tmp_path / "terminal.db")
    for n, (match, hands) in enumerate(NIGHT, start=1):
        assert server.post("/api/matches", match).json() == {"match": n}
        args = ["--db", other, "match", "new", match["game"]]
        args += ["--rules", match["rules"]] if "rules" in match else []
        if "players" in match:
            args += ["--players", ",".join(match["players"])]
        for side, members in match.get("sides", {}).items():
            args += ["--side", f"{side}={','.join(members)}"]
        for key, value in match.get("options", {}).items():
            args += ["--option", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
        cli(*args)
        for k, hand in enumerate(hands):
            r = server.post(f"/api/matches/{n}/hands", {**hand, "after": k}, Idempotency_Key=f"{n}-{k}")
            assert r.status_code == 201, r.text
            (tmp_path / "h.json").write_text(json.dumps(hand))
            by_cli = cli.json("--db", other, "hand", "add", str(n), "--file", str(tmp_path / "h.json"))
            entry = by_cli["hands"][-1]
            assert r.json() == {"match": n, "number": k + 1, "result": entry["result"], "totals": entry["totals"]}
    # a void, through both
    r = server.post("/api/matches/1/hands/1/void", {"reason": "wrong counts"})
    cli("--db", other, "hand", "void", "1", "1", "--reason", "wrong counts")
    assert r.status_code == 200 and r.json()["voided"] == 1
    assert r.json()["totals"] == cli.json("--db", other, "show", "1")["totals"]
    assert server.post("/api/matches/1/hands", {**SCOPA, "after": 1}).json()["number"] == 2  # show counts live hands
    cli("--db", other, "hand", "add", "1", "--file", "-", input=json.dumps(SCOPA))

    # the players' stream shows a new hand within two seconds
    seen: list[tuple[float, str]] = []
    opened = threading.Event()

    def read() -> None:
        with httpx.Client(base_url=server.base, timeout=20) as c, \
                c.stream("GET", f"/events?key={server.pk}") as events:
            for line in events.iter_lines():
                seen.append((time.monotonic(), line))
                opened.set()
                if ">4333<" in line or time.monotonic() > deadline:
                    return

    deadline = time.monotonic() + 30
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert opened.wait(20)
    time.sleep(1)
    n = len(NIGHT)
    posted = time.monotonic()
    assert server.post(f"/api/matches/{n}/hands", {**STREAMED, "after": 1}).status_code == 201
    cli("--db", other, "hand", "add", str(n), "--file", "-", input=json.dumps(STREAMED))
    reader.join(25)
    shown = [at for at, line in seen if ">4333<" in line]  # Anna's total, as show draws it
    assert shown and shown[0] - posted < 2, [line[:300] for _, line in seen]

    by_api = json.loads(cli("export", "--all").stdout)
    by_terminal = json.loads(cli("--db", other, "export", "--all").stdout)
    assert without_moments(by_api) == without_moments(by_terminal)
    assert {h.get("source") for m in by_api["matches"] for h in m["hands"]} == {"page"}
    assert cli("db", "check").exit_code == 0
