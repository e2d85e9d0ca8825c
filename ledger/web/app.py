"""The web application of ``ledger serve`` (Starlette): one page, one event stream, nothing else.

- ``GET /`` (``?key=KEY`` on the first visit): the page, as :mod:`ledger.web.page` renders the
  latest board;
- ``GET /events``: server-sent events: an ``event: board`` with the new board's HTML whenever the
  ledger changes (``id:`` is the change token, so a reconnecting browser gets only what is new), a
  comment every :data:`KEEPALIVE_SECONDS` otherwise;
- with a scorekeeper's key (``ledger serve --scorekeeper``), ``GET /`` adds the scorekeeper's part
  (:mod:`ledger.web.keeper`: a form for each open match's next hand, undo, a new match), and its
  forms post to ``POST /page/matches/{match}/hands``, ``POST /page/matches/{match}/undo`` and
  ``POST /page/matches`` with the page's token in the ``X-Ledger-Page`` header.

One :class:`Board` per application reads the ledger: every :data:`POLL_SECONDS` it asks for the
change token (a few small queries, :func:`ledger.web.tonight.change_token`) in a short read
transaction, and only when it changed reads and replays tonight's matches and renders the board
once for every reader. Requests never touch the ledger: any number of phones cost the ledger one
poll twice a second, and a writer is never waited for or blocked (SQLite in WAL mode; readers take
no lock a writer needs).

:class:`Guard` closes it (docs/serve.md): a Host header naming this server (421 otherwise, before
anything else: the door to DNS rebinding), only GET and HEAD (405 otherwise), every request with
the run's key, from the query (``?key=``) or the cookie set on the
first visit (HttpOnly, SameSite=Strict), compared in constant time (403 otherwise: a wrong key in
the query is refused whatever the cookie says), and the
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
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ledger.web.door import KEYED
from ledger.web.page import board_html, message_html, page_html

POLL_SECONDS = 0.5  # how often the change token is read: a saved hand shows within a second
KEEPALIVE_SECONDS = 10  # a comment on an idle stream, so proxies and phones keep it open
MAX_STREAMS = 100  # event streams at once; more get 503 (uvicorn's limit_concurrency bounds the rest)
RETRY_MS = 1000  # how soon a browser reconnects a dropped stream
ALLOWED = ("GET", "HEAD")
WRITING = ("POST",)  # the scorekeeper's posts: only with the scorekeeper's key, from this server's own pages
MAX_BODY = 1_000_000  # bytes of a post's body; more is refused (413)
LOOPBACK = ("localhost", "127.0.0.1", "::1")  # the names of this machine for itself

Reading = Callable[[], ContextManager[Any]]  # e.g. ledger.cli.app.reading: Reads in one read transaction


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
               max_streams: int = MAX_STREAMS, hosts: Iterable[str] = LOOPBACK,
               scorekeeper: str | None = None, writer: Callable[[], Any] | None = None) -> Guard:
    """The application for access key ``key``, reading the ledger through ``reading`` (default:
    :func:`ledger.cli.app.reading`, as ``show`` and ``report`` read), answering to the Host names
    and addresses ``hosts`` (and to the address each connection came in on; see :class:`Guard`).
    With ``scorekeeper`` (a second key) the page shown with that key can write, through the
    :class:`ledger.store.service.Ledger` that ``writer()`` gives (default:
    :func:`ledger.cli.app.ledger`, as ``hand add`` writes)."""
    from ledger.web.keeper import PageTokens

    if reading is None:
        from ledger.cli.app import reading as default_reading

        reading = default_reading
    if writer is None:
        from ledger.cli.app import ledger as writer
    board = Board(reading, poll, max_streams)
    tokens = PageTokens()

    async def page(request: Request) -> Response:
        keeper = ""
        if request.state.keeper:
            keeper = await anyio.to_thread.run_sync(keeper_section, reading, tokens.issue())
        return HTMLResponse(page_html(board.html, board.token, request.state.nonce, keeper))

    async def write(request: Request, handle: Callable[..., tuple[int, dict]], *args: str) -> Response:
        from ledger.web.keeper import TOKEN_HEADER, form_data

        if not request.state.keeper or not tokens.valid(request.headers.get(TOKEN_HEADER)):
            return _message(403, "forbidden")
        body = await request.body()
        if len(body) > MAX_BODY:
            return _message(413, "too_large")
        from urllib.parse import parse_qsl

        posted = form_data(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        status, answer = await anyio.to_thread.run_sync(lambda: handle(writer(), *args, posted))
        if status < 300:
            await board.refresh()  # every page sees the change at once
        return JSONResponse(answer, status_code=status)

    async def post_hand(request: Request) -> Response:
        from ledger.web.keeper import post_hand as handle

        return await write(request, handle, request.path_params["match"])

    async def post_undo(request: Request) -> Response:
        from ledger.web.keeper import post_undo as handle

        return await write(request, handle, request.path_params["match"])

    async def post_match(request: Request) -> Response:
        from ledger.web.keeper import post_match as handle

        return await write(request, handle)

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

    routes = [Route("/", page, methods=["GET"]), Route("/events", events, methods=["GET"]),
              Route("/page/matches/{match}/hands", post_hand, methods=["POST"]),
              Route("/page/matches/{match}/undo", post_undo, methods=["POST"]),
              Route("/page/matches", post_match, methods=["POST"])]
    app = Starlette(routes=routes, exception_handlers={404: not_found}, lifespan=lifespan)
    app.state.board = board
    return Guard(app, key, hosts, scorekeeper)


def keeper_section(reading: Reading, token: str) -> str:
    """The scorekeeper's part of the page (:func:`ledger.web.keeper.keeper_html`) for tonight's
    open matches, read now in one read transaction; what cannot be read is said there."""
    from ledger.errors import LedgerError
    from ledger.web.keeper import keeper_html
    from ledger.web.tonight import read_tonight

    try:
        with reading() as reads:
            tonight = read_tonight(reads, dt.datetime.now())
            views = [reads.view(c.summary.id) for c in tonight.cards if c.summary.unfinished]
        return keeper_html(views, token)
    except LedgerError:  # a match that no longer replays: the board says so; a new match can still be started
        return keeper_html([], token)


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
    key tells the connection so (the ``ledger.keyed`` scope extension, :mod:`ledger.web.door`)."""

    def __init__(self, app: Starlette, key: str, hosts: Iterable[str] = LOOPBACK, scorekeeper: str | None = None):
        self.app = app
        self.key = key.encode("utf-8")
        self.scorekeeper = None if scorekeeper is None else scorekeeper.encode("utf-8")
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
        """Whether ``given`` is one of the run's keys (the players' or the scorekeeper's)."""
        return self.players(given) or self.keeps(given)

    def players(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode("utf-8", "surrogateescape"), self.key)

    def keeps(self, given: str | None) -> bool:
        """Whether ``given`` is the scorekeeper's key (never, without ``--scorekeeper``)."""
        return (given is not None and self.scorekeeper is not None
                and hmac.compare_digest(given.encode("utf-8", "surrogateescape"), self.scorekeeper))

    def same_site(self, scope: dict) -> bool:
        """Whether a post comes from this server's own page: no ``Sec-Fetch-Site`` other than
        ``same-origin`` (or ``none``), and an ``Origin``, when sent, naming this server."""
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", ())
                   if k in (b"origin", b"sec-fetch-site")}
        site = headers.get("sec-fetch-site", "same-origin")
        if site not in ("same-origin", "none"):
            return False
        origin = headers.get("origin")
        if origin is None:
            return True
        scheme, sep, rest = origin.partition("://")
        return bool(sep) and scheme in ("http", "https") and self.ours_named(scope, rest)

    def ours_named(self, scope: dict, value: str) -> bool:
        """Whether the Host-like ``value`` (``name:port``) names this server, as :meth:`ours` asks."""
        parsed = split_host(value)
        if parsed is None:
            return False
        name, port = parsed
        local, local_port = scope.get("server") or ("", None)
        return (port is None or port == local_port) and (name in self.hosts or name == host_name(str(local)))

    def ours(self, scope: dict) -> bool:
        """Whether the request's one Host header names this server (the class docstring)."""
        given = [v for k, v in scope.get("headers", ()) if k == b"host"]
        return len(given) == 1 and self.ours_named(scope, given[0].decode("latin-1"))

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
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

        given = from_query if from_query is not None else request.cookies.get(cookie)
        keeper = self.keeps(given)
        scope["state"]["keeper"] = keeper
        allowed = ALLOWED + WRITING if self.scorekeeper is not None else ALLOWED
        if not self.ours(scope):
            response = _message(421, "misdirected")
        elif scope["method"] not in allowed:
            response = _message(405, "not_allowed", {"Allow": ", ".join(allowed)})
        elif not self.valid(given) or (scope["method"] in WRITING and not (keeper and self.same_site(scope))):
            response = _message(403, "forbidden")
        else:
            (scope.get("extensions") or {}).get(KEYED, _nobody)()  # the connection has shown the key
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
