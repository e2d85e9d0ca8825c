"""The web application of ``ledger serve`` (Starlette): one page, one event stream, nothing else.

- ``GET /`` (``?key=KEY`` on the first visit): the page, as :mod:`ledger.web.page` renders the
  latest board;
- ``GET /events``: server-sent events: an ``event: board`` with the new board's HTML whenever the
  ledger changes (``id:`` is the change token, so a reconnecting browser gets only what is new), a
  comment every :data:`KEEPALIVE_SECONDS` otherwise.

One :class:`Board` per application reads the ledger: every :data:`POLL_SECONDS` it asks for the
change token (a few small queries, :func:`ledger.web.tonight.change_token`) in a short read
transaction, and only when it changed reads and replays tonight's matches and renders the board
once for every reader. Requests never touch the ledger: any number of phones cost the ledger one
poll twice a second, and a writer is never waited for or blocked (SQLite in WAL mode; readers take
no lock a writer needs).

- ``POST /api/...``: the scorekeeper's writes (:mod:`ledger.web.api`), with ``--scorekeeper`` only;
  the scorekeeper's page (``GET /`` with the scorekeeper's key) has a form for each open match's
  next hand, undo and a new match (:mod:`ledger.web.keeper`), posted to ``POST /api/page/...``.

:class:`Guard` closes it (docs/serve.md): a Host header naming this server (421 otherwise, before
anything else: the door to DNS rebinding), only GET and HEAD, and POST under ``/api/`` (405
otherwise), every read with one of the run's keys (the players' or the scorekeeper's), from the
query (``?key=``) or the cookie set on the
first visit (HttpOnly, SameSite=Strict), compared in constant time (403 otherwise: a wrong key in
the query is refused whatever the cookie says), every write with the scorekeeper's key as
``Authorization: Bearer`` or the page's token beside the scorekeeper's cookie from this server's
own origin (:meth:`Guard.may_write`; 403 otherwise, and always without ``--scorekeeper``), and the
security headers on every response (a Content-Security-Policy whose per-response nonce is the only
way the inline style and script run, no framing, no referrer, no sniffing, no caching).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hmac
import ipaddress
import secrets
from collections.abc import AsyncIterator, Callable, Iterable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any, ContextManager

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from ledger.i18n import language, speaking
from ledger.web.door import KEYED
from ledger.web.page import board_html, message_html, page_html

POLL_SECONDS = 0.5  # how often the change token is read: a saved hand shows within a second
KEEPALIVE_SECONDS = 10  # a comment on an idle stream, so proxies and phones keep it open
MAX_STREAMS = 100  # event streams at once; more get 503 (uvicorn's limit_concurrency bounds the rest)
RETRY_MS = 1000  # how soon a browser reconnects a dropped stream
ALLOWED = ("GET", "HEAD")
LOOPBACK = ("localhost", "127.0.0.1", "::1")  # the names of this machine for itself

WRITE_METHODS = ("POST",)  # on the paths of WRITE_PATHS only, with the scorekeeper's key or the page's token
WRITE_PATHS = ("/api/",)  # where writes go (ledger.web.api)
TOKEN_HEADER = "x-ledger-token"  # the page's token on a write from the page's own forms

Reading = Callable[[], ContextManager[Any]]  # e.g. ledger.store.reads.reading: Reads in one read transaction


def new_key() -> str:
    """A fresh access key for one run: 128 random bits (:mod:`secrets`), URL-safe text."""
    return secrets.token_urlsafe(16)


def read_board(reading: Reading, last: str | None) -> tuple[str, str | None]:
    """``(token, board HTML)`` read now; the HTML is None when the token is still ``last``. A
    ledger that cannot be read (a match that no longer replays, a damaged file) gives a board that
    says so, and the server goes on (the next change is read again)."""
    from ledger.web.tonight import change_token, read_tonight

    now = dt.datetime.now()
    try:
        with reading() as reads:  # one short read transaction: the token, then (when new) the night
            token = change_token(reads, now)
            if token == last:
                return token, None
            tonight = read_tonight(reads, now)
        return token, board_html(tonight, now)
    except Exception as err:  # noqa: BLE001  the page says what is wrong; serving goes on
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        return f"error {message}", board_html(None, now, message)


class Board:
    """The latest board, shared by every reader: ``token`` and ``html``, read again by
    :meth:`run` every ``poll`` seconds; :meth:`changes` waits for the next change."""

    def __init__(self, reading: Reading, poll: float = POLL_SECONDS, max_streams: int = MAX_STREAMS):
        self.reading = reading
        self.poll = poll
        self.max_streams = max_streams
        self.token = ""
        self.html = ""
        self.streams = 0
        self._changed = asyncio.Event()
        self._stopping = asyncio.Event()

    async def refresh(self) -> None:
        """Read the token (and the board when it changed) in a worker thread; wake the streams."""
        token, html = await anyio.to_thread.run_sync(read_board, self.reading, self.token)
        if html is not None:
            self.token, self.html = token, html
            woken, self._changed = self._changed, asyncio.Event()
            woken.set()

    async def run(self) -> None:
        """Poll until :meth:`stop`."""
        while not self._stopping.is_set():
            try:
                await asyncio.wait_for(self._stopping.wait(), self.poll)
            except asyncio.TimeoutError:
                await self.refresh()

    def stop(self) -> None:
        """End the polling and every event stream (the server is shutting down)."""
        self._stopping.set()
        self._changed.set()

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    async def changes(self, since: str) -> AsyncIterator[str | None]:
        """The tokens after ``since`` as they come (None after :data:`KEEPALIVE_SECONDS` without
        one), until :meth:`stop`."""
        sent = since
        while not self.stopping:
            if self.token != sent:
                sent = self.token
                yield sent
                continue
            waiting = self._changed
            try:
                await asyncio.wait_for(waiting.wait(), KEEPALIVE_SECONDS)
            except asyncio.TimeoutError:
                yield None


def sse(event: str, data: str, ident: str) -> str:
    """One server-sent event: every line of ``data`` a ``data:`` line (``data`` comes from
    :mod:`ledger.web.page`, where nothing from the ledger can hold a line break)."""
    lines = "".join(f"data: {line}\n" for line in data.split("\n"))
    return f"event: {event}\nid: {ident}\n{lines}\n"


def create_app(key: str, reading: Reading | None = None, poll: float = POLL_SECONDS,
               max_streams: int = MAX_STREAMS, hosts: Iterable[str] = LOOPBACK, scorekeeper: str | None = None,
               db: str | None = None) -> Guard:
    """The application for the players' access key ``key`` and, when given, the scorekeeper's
    key ``scorekeeper`` (it reads as ``key`` does and writes through :mod:`ledger.web.api`;
    without it nothing can be written), on the ledger ``db`` (None: ``$LEDGER_DB`` or the
    default file): read through ``reading`` (default: :func:`ledger.store.reads.reading`, as
    ``show`` and ``report`` read), answering to the Host names and addresses ``hosts`` (and to
    the address each connection came in on; see :class:`Guard`)."""
    from ledger.store.reads import reading as store_reading
    from ledger.web.api import Writes, api_routes
    from ledger.web.keeper import page_routes

    writes = Writes(db)
    if reading is None:
        def reading() -> ContextManager[Any]:
            return store_reading(db, writes)
    board = Board(reading, poll, max_streams)

    async def page(request: Request) -> Response:
        keeper = ""
        if request.state.scorekeeper:  # the scorekeeper's key opened it: the forms (ledger.web.keeper)
            keeper = await anyio.to_thread.run_sync(keeper_section, reading, guard.page_token())
        return HTMLResponse(page_html(board.html, board.token, request.state.nonce, keeper))

    async def events(request: Request) -> Response:
        headers = {"X-Accel-Buffering": "no"}
        if request.method == "HEAD":
            return Response(media_type="text/event-stream", headers=headers)
        if board.streams >= board.max_streams:
            return _message(503, "busy", {"Retry-After": "5"})
        since = request.headers.get("last-event-id") or request.query_params.get("since") or ""

        async def stream() -> AsyncIterator[str]:
            yield f"retry: {RETRY_MS}\n\n"
            async for token in board.changes(since):
                yield ": keep-alive\n\n" if token is None else sse("board", board.html, token)

        return EventStream(board, stream(), headers)

    async def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith(WRITE_PATHS):  # the API answers JSON, its refusals included
            from ledger.web.api import no_such_path

            return no_such_path(request)
        return _message(404, "not_found")

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await board.refresh()  # the first board is there before the first request
        task = asyncio.create_task(board.run())
        app.state.board = board
        try:
            yield
        finally:
            board.stop()
            await task

    app = Starlette(routes=[Route("/", page, methods=["GET"]), Route("/events", events, methods=["GET"]),
                            *api_routes(writes), *page_routes(writes, board)],
                    exception_handlers={404: not_found}, lifespan=lifespan)
    app.state.board = board
    guard = app.state.guard = Guard(app, key, hosts, scorekeeper)  # a route's request.app.state.guard (page_token)
    return guard


def keeper_section(reading: Reading, token: str) -> str:
    """The scorekeeper's part of the page (:func:`ledger.web.keeper.keeper_html`) for tonight's
    open matches, read now in one read transaction; a ledger that cannot be read shows only the
    new-match form (the board says what is wrong)."""
    from ledger.errors import LedgerError
    from ledger.web.keeper import keeper_html
    from ledger.web.tonight import read_tonight

    try:
        with reading() as reads:
            tonight = read_tonight(reads, dt.datetime.now())
            views = [reads.view(c.summary.id) for c in tonight.cards if c.summary.unfinished]
    except LedgerError:
        views = []
    return keeper_html(views, token)


class EventStream(StreamingResponse):
    """An event stream that holds one of the board's places from its creation until it ends,
    however it ends (the page closed, the server stopping, a client gone before the first byte)."""

    def __init__(self, board: Board, content: AsyncIterator[str], headers: dict):
        super().__init__(content, media_type="text/event-stream", headers=headers)
        self.board = board
        board.streams += 1

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.board.streams -= 1


class Guard:
    """ASGI middleware around the application: the Host, the method, the key and the headers (see
    the module docstring); the application's :class:`Board` is :attr:`board`.

    The Host header must name this server: one of ``hosts`` (normalised by :func:`host_name`), or
    the address the connection came in on (an address literal, which no DNS answer can stand
    for); a port, when given, must be the one the connection came in on. A request that shows the
    key tells the connection so (the ``ledger.keyed`` scope extension, :mod:`ledger.web.door`).

    The application speaks ``lang`` (default: the language in use when it is made, the one the
    server was started in), whatever the process's language later is (:func:`ledger.i18n.use`:
    another command run in the same process, a test's): a board, a page or a refusal is never
    said in another language, nor half in one and half in another."""

    def __init__(self, app: Starlette, key: str, hosts: Iterable[str] = LOOPBACK, scorekeeper: str | None = None,
                 lang: str | None = None):
        self.app = app
        self.lang = lang or language()  # the server's, as it was started: a later i18n.use elsewhere never changes it
        self.key = key.encode("utf-8")
        self.scorekeeper = scorekeeper.encode("utf-8") if scorekeeper else None
        self.hosts = frozenset(host_name(h) for h in hosts)

    @property
    def board(self) -> Board:
        return self.app.state.board

    def stop(self) -> None:
        """End the event streams, so that the server can stop at once (Ctrl-C)."""
        self.board.stop()

    def cookie_name(self, scope: dict) -> str:
        """The key's cookie, one per port (cookies are shared by every port of a host)."""
        server = scope.get("server") or ("", 0)
        return f"ledger-key-{server[1] or 0}"

    def valid(self, given: str | None) -> bool:
        """Whether ``given`` is a key that may read: the players' or the scorekeeper's."""
        return _same(given, self.key) or self.is_scorekeeper(given)

    def is_scorekeeper(self, given: str | None) -> bool:
        """Whether ``given`` is the scorekeeper's key (never, without ``--scorekeeper``)."""
        return self.scorekeeper is not None and _same(given, self.scorekeeper)

    def page_token(self) -> str:
        """A fresh token for one rendering of the scorekeeper's page, for its forms to send back
        (header ``X-Ledger-Token``): a random part and its HMAC under the scorekeeper's key, so
        only this run's server makes one and nothing needs keeping. ``ValueError`` without
        ``--scorekeeper`` (a players' page has no form)."""
        if self.scorekeeper is None:
            raise ValueError("no scorekeeper's key: the page has no form")
        nonce = secrets.token_urlsafe(12)
        return f"{nonce}.{self._sign(nonce)}"

    def valid_page_token(self, token: str | None) -> bool:
        """Whether ``token`` is one :meth:`page_token` made in this run."""
        if self.scorekeeper is None or not token or token.count(".") != 1:
            return False
        nonce, mac = token.split(".")
        return hmac.compare_digest(mac.encode("utf-8", "surrogateescape"), self._sign(nonce).encode("ascii"))

    def _sign(self, nonce: str) -> str:
        assert self.scorekeeper is not None
        return hmac.new(self.scorekeeper, b"page " + nonce.encode("utf-8", "surrogateescape"), "sha256").hexdigest()

    def cross_site(self, scope: dict) -> bool:
        """Whether the request says it comes from another site: ``Sec-Fetch-Site: cross-site``, or
        an ``Origin`` header that does not name this server (as the Host must, :meth:`ours`)."""
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", ())}
        if headers.get("sec-fetch-site", "").strip().lower() == "cross-site":
            return True
        origin = headers.get("origin")
        if origin is None:
            return False
        scheme, sep, rest = origin.strip().partition("://")
        parsed = split_host(rest) if sep and scheme.lower() in ("http", "https") and "/" not in rest else None
        if parsed is None:
            return True  # "null" (a sandboxed or file page), or anything else that names no server of ours
        if parsed[1] is None:  # an origin without a port is on its scheme's own
            rest = f"{rest}:{443 if scheme.lower() == 'https' else 80}"
        return not self._names_us(rest, scope)

    def may_write(self, scope: dict, token: str | None = None) -> bool:
        """Whether the request may write (docs/serve.md): with ``--scorekeeper`` only, either
        ``Authorization: Bearer`` the scorekeeper's key, or the page's own form: the page's token
        (``token``, else the ``X-Ledger-Token`` header) with the scorekeeper's key in the cookie,
        from this server's own origin (a cookie goes with a cross-site request too: such a
        request never writes)."""
        if self.scorekeeper is None:
            return False
        headers = [(k, v.decode("latin-1")) for k, v in scope.get("headers", ())]
        auth = [v for k, v in headers if k == b"authorization"]
        if auth:
            scheme, _, given = auth[0].strip().partition(" ")
            return len(auth) == 1 and scheme.lower() == "bearer" and self.is_scorekeeper(given.strip())
        if token is None:
            token = next((v for k, v in headers if k == TOKEN_HEADER.encode("ascii")), None)
        cookie = Request(scope).cookies.get(self.cookie_name(scope))
        return self.is_scorekeeper(cookie) and self.valid_page_token(token) and not self.cross_site(scope)

    def ours(self, scope: dict) -> bool:
        """Whether the request's one Host header names this server (the class docstring)."""
        given = [v for k, v in scope.get("headers", ()) if k == b"host"]
        return len(given) == 1 and self._names_us(given[0].decode("latin-1"), scope)

    def _names_us(self, value: str, scope: dict) -> bool:
        """Whether ``value`` (a Host header's ``name[:port]``) names this server."""
        parsed = split_host(value)
        if parsed is None:
            return False
        name, port = parsed
        local, local_port = scope.get("server") or ("", None)
        return (port is None or port == local_port) and (name in self.hosts or name == host_name(str(local)))

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Every request, and the lifespan (the board's polling, made in it), in :attr:`lang`."""
        with speaking(self.lang):
            await self._guarded(scope, receive, send)

    async def _guarded(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        nonce = secrets.token_urlsafe(16)
        scope.setdefault("state", {})["nonce"] = nonce
        request = Request(scope)
        cookie = self.cookie_name(scope)
        from_query = request.query_params.get("key")
        extra = security_headers(nonce)

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  *((k.encode("latin-1"), v.encode("latin-1")) for k, v in extra)]}
            await send(message)

        writing = scope["path"].startswith(WRITE_PATHS)
        allowed = (*ALLOWED, *WRITE_METHODS) if writing else ALLOWED
        shown = from_query if from_query is not None else request.cookies.get(cookie)
        response: Response
        if not self.ours(scope):
            response = _message(421, "misdirected")
        elif scope["method"] not in allowed:
            response = _message(405, "not_allowed", {"Allow": ", ".join(allowed)})
        elif scope["method"] in WRITE_METHODS:
            if not self.may_write(scope):
                from ledger.web.api import forbidden

                response = forbidden(request)
            else:
                scope["state"]["scorekeeper"] = True
                (scope.get("extensions") or {}).get(KEYED, _nobody)()  # the connection has shown the key
                await self.app(scope, receive, send_with_headers)
                return
        elif not self.valid(shown):
            response = _message(403, "forbidden")
        else:
            (scope.get("extensions") or {}).get(KEYED, _nobody)()  # the connection has shown the key
            scope["state"]["scorekeeper"] = self.is_scorekeeper(shown)  # the page the scorekeeper's key opens
            if from_query is not None and request.cookies.get(cookie) != from_query:
                extra.append(("set-cookie", f"{cookie}={from_query}; Path=/; HttpOnly; SameSite=Strict"))
            await self.app(scope, receive, send_with_headers)
            return
        await response(scope, receive, send_with_headers)


def split_host(value: str) -> tuple[str, int | None] | None:
    """``(name, port)`` of a Host header's ``value`` (``name``, ``name:port``, ``[v6]:port``), the
    name as :func:`host_name` gives it and the port None when absent; None when it is none of these."""
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port = rest[1:] if rest else None
    else:
        name, colon, port = value.partition(":")
        port = port if colon else None
    if not name or (port is not None and not (port.isascii() and port.isdigit() and len(port) <= 5)):
        return None
    return host_name(name), (int(port) if port is not None else None)


def host_name(name: str) -> str:
    """``name`` as Host headers are compared: lower case without a final dot, an address in its
    one standard spelling (an IPv4 address mapped into IPv6 as the IPv4 address)."""
    name = name.strip().lower().rstrip(".")
    try:
        address = ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return name
    mapped = getattr(address, "ipv4_mapped", None)
    return str(mapped or address)


def _same(given: str | None, key: bytes) -> bool:
    """Whether ``given`` is ``key``, compared in constant time."""
    return given is not None and hmac.compare_digest(given.encode("utf-8", "surrogateescape"), key)


def _nobody() -> None:
    """The ``ledger.keyed`` extension where no server gives one (Starlette's TestClient)."""


def security_headers(nonce: str) -> list[tuple[str, str]]:
    """The headers of every response: the inline style and script run only with ``nonce``; nothing
    loads from anywhere but this server's own event stream; no page may frame this one."""
    csp = (f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; connect-src 'self'; "
           "img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return [("content-security-policy", csp), ("x-content-type-options", "nosniff"),
            ("referrer-policy", "no-referrer"), ("x-frame-options", "DENY"), ("cache-control", "no-store"),
            ("cross-origin-opener-policy", "same-origin"), ("cross-origin-resource-policy", "same-origin"),
            ("permissions-policy", "camera=(), microphone=(), geolocation=()")]


def _message(status: int, key: str, headers: dict | None = None) -> Response:
    return HTMLResponse(message_html(key), status_code=status, headers=headers)
