"""Who may hold a connection to ``ledger serve``, and for how long (docs/serve.md, "Bounded").

uvicorn counts every connection against its one limit and keeps a connection that sends nothing
(or dribbles its headers a byte at a time) open for ever, so a stranger on the Wi-Fi could fill
the server with idle sockets without the key. :class:`Door` keeps the books, and
:func:`protocol_class` is uvicorn's own HTTP protocol (h11) with two additions:

- **a deadline for every request's headers**: from the moment a connection waits for a request
  (when it opens, and after each response), the request's headers must be complete within
  :data:`HEADER_SECONDS`, however the bytes come; otherwise the connection is closed. Between
  requests uvicorn's keep-alive timeout (:data:`IDLE_SECONDS`) closes it sooner.
- **room kept for the key**: a connection is *keyless* until one of its requests shows the run's
  key (with a Host header of this server; :class:`ledger.web.app.Guard` says so through the
  ``ledger.keyed`` scope extension). At most :data:`MAX_KEYLESS_PER_ADDRESS` keyless connections
  per client address and :data:`MAX_KEYLESS` in all are kept: a new connection beyond either bound
  closes the oldest keyless one (of its own address, or of the address holding the most). The
  newest connection is always let in, so a phone with the key gets its page and its event stream
  however many keyless sockets are open: it shows the key in its first bytes.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

HEADER_SECONDS = 5.0  # a request's headers complete within this, from when the connection waits for one
IDLE_SECONDS = 5  # uvicorn's keep-alive timeout: an idle connection between requests is closed after it
MAX_KEYLESS = 128  # connections that have not shown the key, from every address together
MAX_KEYLESS_PER_ADDRESS = 64  # ... from one client address (a phone opens a handful; a test, 50 at once)
MAX_HEADER_BYTES = 16 * 1024  # h11's bound on a request line and its headers; beyond, 400 and closed
KEYED = "ledger.keyed"  # the scope extension: a callable the application calls when the key is shown


class Door:
    """The keyless connections, oldest first, per client address and in all.

    :meth:`admit` takes a new connection and says which to close to make room for it;
    :meth:`keyed` takes a connection off the books once it has shown the key; :meth:`gone` when it
    is closed. Connections are any hashable objects (the protocols)."""

    def __init__(self, max_keyless: int = MAX_KEYLESS, per_address: int = MAX_KEYLESS_PER_ADDRESS):
        self.max_keyless = max_keyless
        self.per_address = per_address
        self.keyless: dict[Any, str] = {}  # connection -> client address, oldest first
        self.counts: Counter[str] = Counter()

    def admit(self, conn: Any, address: str) -> list[Any]:
        """Count ``conn`` (keyless, from ``address``); the older keyless connections to close so that
        neither bound is passed (``conn`` itself is never one of them)."""
        evicted = []
        if self.counts[address] >= self.per_address:
            evicted.append(self._oldest(address))
        elif len(self.keyless) >= self.max_keyless:
            evicted.append(self._oldest(self.counts.most_common(1)[0][0]))
        for old in evicted:
            self.gone(old)
        self.keyless[conn] = address
        self.counts[address] += 1
        return evicted

    def keyed(self, conn: Any) -> None:
        """``conn`` has shown the key: it no longer counts against the bounds."""
        self.gone(conn)

    def gone(self, conn: Any) -> None:
        """``conn`` is closed (or keyed): forget it."""
        address = self.keyless.pop(conn, None)
        if address is not None:
            self.counts[address] -= 1
            if not self.counts[address]:
                del self.counts[address]

    def _oldest(self, address: str) -> Any:
        return next(conn for conn, at in self.keyless.items() if at == address)


def protocol_class(door: Door, header_seconds: float = HEADER_SECONDS) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with the header deadline and ``door``'s bounds (module docstring),
    for ``uvicorn.Config(http=...)``."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class DoorProtocol(H11Protocol):
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            inner = self.app

            async def app(scope, receive, send):
                scope.setdefault("extensions", {})[KEYED] = lambda: door.keyed(self)
                await inner(scope, receive, send)

            self.app = app
            for old in door.admit(self, self.client[0] if self.client else ""):
                old.transport.close()
            self._wait_for_request()

        def connection_lost(self, exc: Exception | None) -> None:
            door.gone(self)
            self._stop_waiting()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if not self._between_requests():
                self._stop_waiting()  # the headers are in: the application has the request

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self._between_requests():
                self._wait_for_request()

        def _between_requests(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _wait_for_request(self) -> None:
            self._stop_waiting()
            self.deadline = self.loop.call_later(header_seconds, self._too_slow)

        def _stop_waiting(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing() and self._between_requests():
                self.transport.close()

    return DoorProtocol
