"""Who may hold a connection to ``ledger serve``, and for how long (docs/serve.md, "Bounded").

uvicorn counts every connection against its one limit and keeps a connection that sends nothing
(or dribbles its headers a byte at a time) open for ever, so a stranger on the Wi-Fi could fill
the server with idle sockets without the key. :class:`Door` keeps the books, and
:func:`protocol_class` is uvicorn's own HTTP protocol (h11) with these changes:

- **a deadline for every request's headers**: from the moment a connection waits for a request
  (when it opens, and after each response), the request's headers must be complete within
  :data:`HEADER_SECONDS`, however the bytes come; otherwise the connection is closed. Between
  requests uvicorn's keep-alive timeout (:data:`IDLE_SECONDS`) closes it sooner.
- **room kept for the key**: a connection is *keyless* until one of its requests shows the run's
  key (with a Host header of this server; :class:`ledger.web.app.Guard` says so through the
  ``ledger.keyed`` scope extension). At most :data:`MAX_KEYLESS_PER_ADDRESS` keyless connections
  per client address and :data:`MAX_KEYLESS` in all are kept: beyond either bound the oldest
  keyless connections are closed (of the crowded address, or of the address holding the most),
  but never one younger than :data:`GRACE_SECONDS`, the time a phone with the key takes to show
  it (its first bytes). So however many keyless sockets are open, or opened again as fast as
  they are closed, a phone with the key gets its page and its event stream.
- **requests, not connections, counted**: at most ``max_requests`` requests in flight at once
  (uvicorn's 503 beyond), whatever the number of connections; uvicorn's own limit, which counts
  keyless connections too, is not used.
"""

from __future__ import annotations

import asyncio
from typing import Any

HEADER_SECONDS = 5.0  # a request's headers complete within this, from when the connection waits for one
IDLE_SECONDS = 5  # uvicorn's keep-alive timeout: an idle connection between requests is closed after it
GRACE_SECONDS = 1.0  # a new connection is never closed to make room before this: time to show the key
MAX_KEYLESS = 128  # connections that have not shown the key, from every address together
MAX_KEYLESS_PER_ADDRESS = 64  # ... from one client address (a phone opens a handful; a test, 50 at once)
MAX_HEADER_BYTES = 16 * 1024  # h11's bound on a request line and its headers; beyond, 400 and closed
KEYED = "ledger.keyed"  # the scope extension: a callable the application calls when the key is shown


class Door:
    """The keyless connections, oldest first, per client address and in all, with the time each
    was let in (seconds of a monotonic clock, given by the caller).

    :meth:`admit` counts a new connection; :meth:`crowd` says which to close (and takes them off
    the books); :meth:`keyed` takes a connection off the books once it has shown the key;
    :meth:`gone` when it is closed. Connections are any hashable objects (the protocols)."""

    def __init__(self, max_keyless: int = MAX_KEYLESS, per_address: int = MAX_KEYLESS_PER_ADDRESS,
                 grace: float = GRACE_SECONDS):
        self.max_keyless = max_keyless
        self.per_address = per_address
        self.grace = grace
        self.keyless: dict[Any, str] = {}  # connection -> client address, oldest first
        self.by_address: dict[str, dict[Any, float]] = {}  # address -> {connection: let in at}, oldest first
        self.timer: asyncio.TimerHandle | None = None  # the next look at the crowd (see close_crowd)

    def admit(self, conn: Any, address: str, now: float) -> None:
        """Count ``conn``, keyless, from ``address``, let in at ``now``."""
        self.keyless[conn] = address
        self.by_address.setdefault(address, {})[conn] = now

    def crowded(self) -> bool:
        """Whether a bound is passed (by connections too young to close, when :meth:`crowd` has
        just been asked)."""
        return len(self.keyless) > self.max_keyless or any(len(c) > self.per_address for c in self.by_address.values())

    def crowd(self, now: float) -> list[Any]:
        """The keyless connections to close at ``now`` so that the bounds hold again, as far as
        connections older than the grace allow: the oldest of each address over its bound, then
        the oldest of the address holding the most (of those with one past the grace). They are
        off the books already."""
        out = []
        for address in [a for a, conns in self.by_address.items() if len(conns) > self.per_address]:
            while len(self.by_address.get(address, ())) > self.per_address and self._old(address, now):
                out.append(self._close_oldest(address))
        while len(self.keyless) > self.max_keyless:
            crowded = sorted(self.by_address, key=lambda a: (-len(self.by_address[a]), self._first(a)))
            ripe = [a for a in crowded if self._old(a, now)]
            if not ripe:
                break
            out.append(self._close_oldest(ripe[0]))
        return out

    def keyed(self, conn: Any) -> None:
        """``conn`` has shown the key: it no longer counts against the bounds."""
        self.gone(conn)

    def gone(self, conn: Any) -> None:
        """``conn`` is closed (or keyed): forget it."""
        address = self.keyless.pop(conn, None)
        if address is not None:
            conns = self.by_address[address]
            del conns[conn]
            if not conns:
                del self.by_address[address]

    def _first(self, address: str) -> float:
        return next(iter(self.by_address[address].values()))

    def _old(self, address: str, now: float) -> bool:
        return self._first(address) <= now - self.grace

    def _close_oldest(self, address: str) -> Any:
        oldest = next(iter(self.by_address[address]))
        self.gone(oldest)
        return oldest


def close_crowd(door: Door, loop: asyncio.AbstractEventLoop) -> None:
    """Close the connections ``door`` says are too many (their transports), and look again once
    the young ones are past the grace while a bound is still passed."""
    for old in door.crowd(loop.time()):
        old.transport.close()
    if door.crowded() and door.timer is None:
        door.timer = loop.call_later(door.grace, _look_again, door, loop)


def _look_again(door: Door, loop: asyncio.AbstractEventLoop) -> None:
    door.timer = None
    close_crowd(door, loop)


def protocol_class(door: Door, max_requests: int, header_seconds: float = HEADER_SECONDS) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with the header deadline, ``door``'s bounds and at most
    ``max_requests`` requests in flight (module docstring), for ``uvicorn.Config(http=...)``
    (with ``limit_concurrency`` left unset)."""
    from uvicorn.protocols.http.flow_control import service_unavailable
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class DoorProtocol(H11Protocol):
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            inner = self.app

            async def app(scope, receive, send):
                if len(self.tasks) > max_requests:  # this request's task is one of them
                    await service_unavailable(scope, receive, send)
                    return
                scope.setdefault("extensions", {})[KEYED] = lambda: door.keyed(self)
                await inner(scope, receive, send)

            self.app = app
            door.admit(self, self.client[0] if self.client else "", self.loop.time())
            close_crowd(door, self.loop)
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
