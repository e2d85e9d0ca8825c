"""The HTTP API of ``ledger serve --scorekeeper`` (docs/serve.md, "The HTTP API"): JSON in and out.

- ``POST /api/matches`` with ``{"game", "rules" (optional), "players" or "sides", "options"}``:
  ``201 {"match": M}`` (:meth:`ledger.store.service.Ledger.new_match`, as ``match new``);
- ``POST /api/matches/{match}/hands`` with a hand document (FORMATS.md; ``"after": N``, the live
  hands the sender saw, optional): ``201 {"match", "number", "result", "totals"}``, ``result``
  and ``totals`` as that hand's entry in ``hand add --json``, ``number`` as ``show`` counts live
  hands (:meth:`Ledger.enter_hand`: the terminal's one append path, the hand marked ``page``);
- ``POST /api/matches/{match}/hands/{n}/void`` with ``{"reason", "after"}`` (both optional): ``200 {"match",
  "voided", "totals", "hands"}`` (:meth:`Ledger.void_hand`, as ``hand void``).

Who may write is said before a request gets here (:class:`ledger.web.app.Guard`: the
scorekeeper's key as ``Authorization: Bearer``, or the page's token; 403 otherwise). Here: the
body, at most :data:`MAX_BODY` bytes, read with a running count (413 beyond, chunked or not,
never more held); the answer's language (``Accept-Language``: :func:`answer_language`); the
statuses (422 ``{"error", "field"}`` for bad input with the CLI's own line and the field's path
as ``score --json`` names it, 404 an unknown match or hand, 409 a finished or ended match, 409
``{"error", "field", "totals", "hands"}`` when ``after`` is not the match's live hands: the
scoreboard as ``show --json``); ``Idempotency-Key`` (:class:`Answers`: the first answer again
to the same key on the same path, nothing stored twice). The ledger is written in a worker thread (``anyio.to_thread``), never on
the event loop; the players' pages see the hand at the board's next poll, as a CLI write.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ledger.errors import LedgerError
from ledger.i18n import LANGUAGES, Msg, language, language_of, speaking, t
from ledger.jsontext import parse_json

MAX_BODY = 1_000_000  # bytes of a request's body; 413 beyond
REMEMBERED = 2000  # Idempotency-Key answers kept (the oldest forgotten first)
REMEMBERED_BYTES = 16_000_000  # and their JSON bodies' bytes in all: a 409 carries a whole scoreboard
MAX_KEY = 200  # characters of an Idempotency-Key
SOURCE = "page"  # what a hand entered here records as where it came from (hand.source)
PAGE_PATHS = ("/api/page/",)  # the scorekeeper's page's own posts (ledger.web.keeper)
NEW_MATCH_FIELDS = ("game", "rules", "players", "sides", "options")

# the store's errors that are not about the input: an unknown match or hand, a match that takes no more
NOT_FOUND = frozenset({"store.no_match", "store.no_match_yet", "store.not_match_number", "store.no_such_hand",
                       "store.no_hand_yet"})
CLOSED = frozenset({"store.match_over", "store.match_ended", "store.over_reopen", "store.ended_reopen"})
_AT_HAND = re.compile(r"^hand \d+(: |$)")

Answer = tuple[int, dict]  # a status and its JSON body
Opened = Callable[[], Any]  # the application's open Ledger (ledger.store.service.Ledger)


class TooLarge(Exception):
    """A request body over :data:`MAX_BODY` bytes."""


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The request's body, at most ``limit`` bytes: :class:`TooLarge` as soon as a declared
    ``Content-Length`` or the bytes received so far pass it (the rest is never read or held)."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def answer_language(accept: str | None) -> str:
    """The language of the answers to a request whose ``Accept-Language`` is ``accept``: the one
    of :data:`ledger.i18n.LANGUAGES` it prefers (highest ``q``, the first of equals), else the
    server's (:func:`ledger.i18n.language`)."""
    best, best_q = None, 0.0
    for item in (accept or "").split(","):
        name, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        found = language_of(name.strip()) if name.strip() not in ("*", "") else None
        if found in LANGUAGES and q > best_q:
            best, best_q = found, q
    return best or language()


def read_json_body(raw: bytes) -> Any:
    """The JSON value of a request body (None for an empty one), read as the CLI reads a file
    (:func:`ledger.jsontext.parse_json`); ``LedgerError`` on ``body`` otherwise."""
    if not raw.strip():
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LedgerError(t("input.not_utf8", "not UTF-8 text"), "body", None) from None
    return parse_json(text, "body", "body")


def error_json(err: LedgerError) -> dict:
    """``{"error", "field"}`` of ``err`` in the language in use: the line ``--json`` commands
    show (without ``error:``), and the field's path in the document sent, as ``score --json``
    names it (``sides.Anna.denari``: the hand the URL names, never ``hand 4:``)."""
    return {"error": err.for_programs(), "field": _AT_HAND.sub("", err.field)}


def status_of(err: LedgerError) -> int:
    """The HTTP status of a refusal: 404 an unknown match or hand, 409 a match that takes no more
    hands, 422 anything else (bad input)."""
    if err.code in NOT_FOUND:
        return 404
    return 409 if err.code in CLOSED else 422


def message(status: int, msg: Msg, field: str, lang: str) -> JSONResponse:
    """A refusal said before any ledger work (a body too large, a key refused)."""
    with speaking(lang):
        return JSONResponse({"error": str(msg), "field": field}, status_code=status)


def forbidden(request: Request) -> JSONResponse:
    """403: no write without the scorekeeper's key (or the page's token); nothing was read or stored.
    To the page's own forms (``/api/page/``), in the page's language, what its user can do: a page
    of an earlier run, or opened with the players' address, cannot save."""
    if request.url.path.startswith(PAGE_PATHS):
        return message(403, t("api.page_forbidden", "this page cannot save hands: open the scorekeeper's address "
                              "that ledger serve --scorekeeper printed last (scan its code); nothing was saved"),
                       "", language())
    lang = answer_language(request.headers.get("accept-language"))
    return message(403, t("api.forbidden", "only the scorekeeper's key can write (Authorization: Bearer KEY, "
                          "the first address ledger serve --scorekeeper prints); nothing was stored"),
                   "Authorization", lang)


def no_such_path(request: Request) -> JSONResponse:
    """404 for an address under ``/api/`` that is none of the API's (nothing was read or stored)."""
    lang = answer_language(request.headers.get("accept-language"))
    return message(404, t("api.no_such_path", "no such address: the API takes POST /api/matches, "
                          "/api/matches/M/hands and /api/matches/M/hands/N/void"), "path", lang)


class BadKey(Exception):
    """Several ``Idempotency-Key`` headers, or one not of 1 to :data:`MAX_KEY` characters."""


BAD_KEY = t("api.bad_key", "one Idempotency-Key header, of 1 to {limit} characters", limit=MAX_KEY)


def idempotency_key(request: Request) -> str | None:
    """The request's ``Idempotency-Key`` as :class:`Answers` keeps it, None without one: with the
    request's path, since a key answers for the path it was first sent to (the same key on
    another path is another request). :class:`BadKey` for several, or one of the wrong length."""
    keys = request.headers.getlist("idempotency-key")
    if len(keys) > 1 or (keys and not 0 < len(keys[0]) <= MAX_KEY):
        raise BadKey
    return f"{request.url.path} {keys[0]}" if keys else None


class Answers:
    """The answers given to each ``Idempotency-Key`` while the server runs, the newest
    :data:`REMEMBERED` of them and at most :data:`REMEMBERED_BYTES` of their JSON in all (the
    oldest forgotten first: memory stays bounded however many keys come): the same key again gets
    the first answer, whatever its body, and stores nothing; one sent again while its first is
    still being written waits for it. Each answer is worked out by a task of its own, so a client
    gone meanwhile loses nothing."""

    def __init__(self, size: int = REMEMBERED, budget: int = REMEMBERED_BYTES):
        self.size, self.budget = size, budget
        self.by_key: OrderedDict[str, asyncio.Future[Answer]] = OrderedDict()
        self.weights: dict[str, int] = {}  # the bytes of each answer given

    def get(self, key: str) -> asyncio.Future[Answer] | None:
        """The answer to ``key``, given or coming; None for a new key, or one whose first try
        failed (a server error answers nothing: the next try works it out again)."""
        found = self.by_key.get(key)
        if found is not None and found.done() and (found.cancelled() or found.exception() is not None):
            return None
        if found is not None:
            self.by_key.move_to_end(key)
        return found

    async def once(self, key: str | None, work: Callable[[], Awaitable[Answer]]) -> Answer:
        """``work()``'s answer, or the first answer to ``key`` when it has one (None: no key)."""
        if key is None:
            return await work()
        found = self.get(key)
        if found is None:
            found = self.by_key[key] = asyncio.ensure_future(work())
            found.add_done_callback(partial(self._weigh, key))
            self._forget_oldest()
        return await asyncio.shield(found)

    async def answer(self, key: str | None, request: Request, work: Callable[[bytes], Awaitable[Answer]],
                     too_large: Callable[[], Answer]) -> Answer:
        """The answer to ``request`` (``key``: its :func:`idempotency_key`): the first answer to
        ``key`` again, its body left unread, else ``work(body)``'s, remembered under ``key``;
        ``too_large()`` for a body over :data:`MAX_BODY` bytes (nothing remembered). The API and
        the page's own forms (:func:`ledger.web.keeper.page_routes`) answer this way."""
        first = self.get(key) if key is not None else None
        if first is not None:  # a retry: the first answer
            return await asyncio.shield(first)
        try:
            raw = await read_body(request)
        except TooLarge:
            return too_large()
        return await self.once(key, partial(work, raw))

    def _weigh(self, key: str, done: asyncio.Future[Answer]) -> None:
        """Count the bytes of ``key``'s answer, once given, against the budget."""
        if self.by_key.get(key) is not done or done.cancelled() or done.exception() is not None:
            return
        self.weights[key] = len(json.dumps(done.result()[1]))
        self._forget_oldest()

    def _forget_oldest(self) -> None:
        while len(self.by_key) > self.size or (len(self.by_key) > 1 and sum(self.weights.values()) > self.budget):
            key, _ = self.by_key.popitem(last=False)
            self.weights.pop(key, None)


class Writes:
    """The ledger the API writes, opened on first use (in a worker thread: opening may migrate it)
    and shared by every request: ``opened()`` when given (the reads' own Ledger), else ``Ledger(db)``."""

    def __init__(self, db: str | None = None, opened: Opened | None = None):
        self.db = db
        self.opened = opened
        self._ledger: Any = None
        self._lock = threading.Lock()

    def __call__(self) -> Any:
        with self._lock:
            if self._ledger is None:
                if self.opened is not None:
                    self._ledger = self.opened()
                else:
                    from ledger.store.service import Ledger

                    self._ledger = Ledger(self.db)
            return self._ledger


# --- the work of each endpoint, in a worker thread ---------------------------------------------------
def add_hand(led: Any, match: str, body: Any) -> Answer:
    """``POST /api/matches/{match}/hands``: the hand stored as ``hand add --file`` stores it."""
    from ledger.store.service import check_after

    doc = _object(body)
    after = check_after(doc.get("after"))
    view = led.enter_hand(match, {k: v for k, v in doc.items() if k != "after"}, source=SOURCE, after=after)
    last = view.to_json()["hands"][-1]
    return 201, {"match": view.match.id, "number": len(view.hands), "result": last["result"],
                 "totals": last["totals"]}


def void_hand(led: Any, match: str, number: str, body: Any) -> Answer:
    """``POST /api/matches/{match}/hands/{n}/void``: as ``hand void MATCH N --reason R``; with
    ``after`` (the live hands the sender saw), checked in the void's own transaction."""
    from ledger.store.service import check_after

    doc = _object({} if body is None else body)
    _known(doc, ("reason", "after"))
    reason = doc.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise LedgerError(t("api.expected_text", "expected a text"), "reason", reason)
    view = led.void_hand(match, _hand_number(number), reason, after=check_after(doc.get("after")))
    board = view.to_json()
    return 200, {"match": view.match.id, "voided": _hand_number(number), "totals": board["totals"],
                 "hands": board["hands"]}


def new_match(led: Any, body: Any) -> Answer:
    """``POST /api/matches``: as ``match new``, the players and options as in match documents."""
    doc = _object(body)
    _known(doc, NEW_MATCH_FIELDS)
    game = doc.get("game")
    if not isinstance(game, str):
        raise LedgerError(t("api.game_missing", "the game to play, e.g. \"scopa\"") if game is None
                          else t("api.expected_text", "expected a text"), "game", game)
    rules = doc.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise LedgerError(t("api.expected_text", "expected a text"), "rules", rules)
    players, sides, options = doc.get("players"), doc.get("sides"), doc.get("options")
    if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise LedgerError(t("api.expected_names", "expected a list of names"), "players", players)
    if sides is not None and not (isinstance(sides, dict) and all(
            isinstance(m, list) and all(isinstance(p, str) for p in m) for m in sides.values())):
        raise LedgerError(t("api.expected_sides", "expected an object: each side's name and its players' names"),
                          "sides", sides)
    if options is not None and not isinstance(options, dict):
        raise LedgerError(t("api.expected_object", "expected a JSON object"), "options", options)
    from ledger.games import command_game

    game, rules = command_game(game, rules)  # a rule set players name as a game (scopone), as match new takes it
    view = led.new_match(game, rules, players, sides, options)
    return 201, {"match": view.match.id}


def _object(body: Any) -> dict:
    if not isinstance(body, dict):
        raise LedgerError(t("api.expected_object", "expected a JSON object"), "body", body)
    return body


def _known(doc: Mapping[str, Any], fields: tuple[str, ...]) -> None:
    for key in doc:
        if key not in fields:
            raise LedgerError(t("api.unknown_field", "unknown field {name!r} (fields: {fields})", name=key,
                                fields=", ".join(fields)), key, doc[key])


def _hand_number(number: str) -> int | str:
    return int(number) if number.isascii() and number.isdigit() else number


def answered(writes: Writes, work: Callable[..., Answer], lang: str, *args: Any) -> Answer:
    """``work(ledger, *args)`` (in a worker thread), its refusals as answers in ``lang``: a
    ``LedgerError`` by :func:`status_of`; a stale ``after`` 409 with the scoreboard now."""
    from ledger.store.service import Stale

    with speaking(lang):
        led = writes()
        try:
            return work(led, *args)
        except Stale as err:
            board = err.board if err.board is not None else led.view(err.match).to_json()
            return 409, {**error_json(err), "totals": board["totals"], "hands": board["hands"]}
        except LedgerError as err:
            return status_of(err), error_json(err)


def api_routes(writes: Writes, answers: Answers | None = None) -> list[Route]:
    """The API's routes (module docstring), writing through ``writes``; ``answers`` keeps the
    Idempotency-Key answers (a new :class:`Answers` when None)."""
    remembered = answers if answers is not None else Answers()

    async def respond(request: Request, work: Callable[..., Answer], *args: Any) -> Response:
        lang = answer_language(request.headers.get("accept-language"))
        try:
            key = idempotency_key(request)
        except BadKey:
            return message(422, BAD_KEY, "Idempotency-Key", lang)

        def too_large() -> Answer:
            with speaking(lang):
                return 413, {"error": str(t("api.too_large", "the body is larger than {limit} bytes; nothing was "
                                              "stored", limit=MAX_BODY)), "field": "body"}

        async def work_out(raw: bytes) -> Answer:
            with speaking(lang):
                try:
                    body = read_json_body(raw)
                except LedgerError as err:
                    return 422, error_json(err)
            return await anyio.to_thread.run_sync(partial(answered, writes, work, lang, *args, body))

        status, payload = await remembered.answer(key, request, work_out, too_large)
        return JSONResponse(payload, status_code=status)

    async def hands(request: Request) -> Response:
        return await respond(request, add_hand, request.path_params["match"])

    async def void(request: Request) -> Response:
        return await respond(request, void_hand, request.path_params["match"], request.path_params["n"])

    async def matches(request: Request) -> Response:
        return await respond(request, new_match)

    return [Route("/api/matches", matches, methods=["POST"]),
            Route("/api/matches/{match}/hands", hands, methods=["POST"]),
            Route("/api/matches/{match}/hands/{n}/void", void, methods=["POST"])]
