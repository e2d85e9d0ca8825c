"""Running the page: the listening socket, the addresses the phones use, the QR code, uvicorn.

:func:`serve` binds ``host:port`` itself (so ``--port 0`` takes a free port and the address
printed is the real one), prints the page's address with the run's key as the first line of
standard output (with ``--scorekeeper``: the scorekeeper's address with its own key, its QR code,
then the players' address), then its QR code, then runs uvicorn until Ctrl-C (SIGINT) or SIGTERM, which end
the event streams at once so that the server stops cleanly within a second or two. uvicorn runs
with :mod:`ledger.web.door`'s protocol (deadlines for headers, room kept for the key) and the
application answers only to the names in :func:`answering_hosts`.
"""

from __future__ import annotations

import asyncio
import errno
import io
import ipaddress
import socket
from collections.abc import Callable

from ledger.errors import LedgerError, os_reason
from ledger.i18n import t
from ledger.web import DEFAULT_HOST, DEFAULT_PORT
from ledger.web.app import LOOPBACK, MAX_STREAMS, Guard, create_app, new_key
from ledger.web.door import HEADER_SECONDS, IDLE_SECONDS, MAX_HEADER_BYTES, Door, protocol_class

MAX_REQUESTS = MAX_STREAMS + 100  # requests in flight at once (the streams and pages); 503 beyond
BACKLOG = 1024  # connections the kernel holds before they are accepted (each is then admitted or not)
OPEN_FILES = 16384  # the open-file limit asked for (every socket is a file; 1024 is a common default)
ANY_HOST = ("0.0.0.0", "::", "")
NO_PACKET_ADDRESS = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): a UDP connect there sends nothing


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port``; ``LedgerError`` on ``host`` for a name that does
    not resolve or an address of another machine, on ``port`` for one that cannot be listened on
    (in use, privileged)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as err:
        raise LedgerError(t("serve.not_here", "not an address of this machine ({error})", error=str(err)),
                          "host", host) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRNOTAVAIL:  # an address, but of another machine
            raise LedgerError(t("serve.not_here", "not an address of this machine ({error})", error=os_reason(err)),
                              "host", host) from None
        raise LedgerError(t("serve.cannot_listen", "cannot listen on {host}:{port} ({error})", host=host, port=str(port),
                            error=os_reason(err)), "port", port) from None
    return sock


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses that another device on the network may reach: the one
    outgoing traffic would leave from first, then the host name's; 127.0.0.1 when there is none."""
    found = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(NO_PACKET_ADDRESS)
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    out = [a for a in dict.fromkeys(found) if not a.startswith("127.") and a != "0.0.0.0"]
    return out or ["127.0.0.1"]


def answering_hosts(host: str, bound: str) -> list[str]:
    """The Host names the page answers to when listening on ``host`` (as given; ``bound`` is the
    address it resolved to): those, ``localhost``, the loopback addresses when bound to one, and
    for every interface also this machine's names and addresses. Each connection's own address
    is accepted besides (:class:`ledger.web.app.Guard`)."""
    names = [host, bound, "localhost"]
    if host in ANY_HOST or _loopback(bound):
        names += LOOPBACK
    if host in ANY_HOST:
        hostname = socket.gethostname()
        names += [hostname, f"{hostname}.local", *machine_addresses()]  # no reverse lookup: no waiting on DNS
        try:
            names += [str(info[4][0]) for info in socket.getaddrinfo(hostname, None)]
        except OSError:
            pass
    return [n for n in dict.fromkeys(names) if n and n not in ANY_HOST]


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def more_open_files(wanted: int = OPEN_FILES) -> None:
    """Raise this process's soft limit of open files towards ``wanted`` (never above the hard
    limit, never lower): the door's bounds and deadlines, not a default of 1024 files, should say
    how many sockets may be open. Nothing where the system has no such limit (Windows)."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):  # a system that allows less than it says: keep its limit
            pass


def page_urls(host: str, port: int, key: str) -> list[str]:
    """The page's address with its key, for each address the phones may use (``host``'s own, or
    every address of this machine when ``host`` is every interface)."""
    hosts = machine_addresses() if host in ANY_HOST else [host]
    return [f"http://{f'[{h}]' if ':' in h else h}:{port}/?key={key}" for h in hosts]


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for a phone's camera (segno)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


class _Server:
    """uvicorn's server, told to end the event streams as soon as it is asked to stop."""

    def __init__(self, app: Guard, config):
        import uvicorn

        class Server(uvicorn.Server):
            async def serve(self, sockets=None):
                self.loop = asyncio.get_running_loop()
                await super().serve(sockets)

            def handle_exit(self, sig, frame):
                loop = getattr(self, "loop", None)
                if loop is not None:
                    loop.call_soon_threadsafe(app.stop)
                super().handle_exit(sig, frame)

        self.server = Server(config)

    def run(self, sock: socket.socket) -> None:
        self.server.run(sockets=[sock])


def show_address(urls: list[str], echo: Callable[[str], None]) -> None:
    """``echo`` the first of ``urls``, its QR code, then the others (the machine's other addresses)."""
    echo(urls[0])
    try:
        echo(qr_text(urls[0]).rstrip("\n"))
    except UnicodeEncodeError:  # a terminal that cannot draw block characters: the address will do
        pass
    for other in urls[1:]:
        echo(str(t("serve.also", "also: {address}", address=other)))


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, echo: Callable[[str], None] = print,
          note: Callable[..., None] = print, scorekeeper: bool = False, db: str | None = None) -> None:
    """Serve tonight's page of the ledger ``db`` (None: ``$LEDGER_DB`` or the default file) on
    ``host:port`` until Ctrl-C: ``echo`` the address with the run's key (first), its QR code, and
    the other addresses of the machine; ``note`` says how to stop. With ``scorekeeper``, first
    the scorekeeper's address with its own key (it writes: :mod:`ledger.web.api`) and its QR code,
    a ``note(text, again=False)`` to keep it private (the address is not printed again: the
    next address printed is the players'), then the players' as without it.
    ``LedgerError`` on ``host``/``port`` when it cannot listen there; KeyboardInterrupt on Ctrl-C."""
    import uvicorn

    key = new_key()
    writer = new_key() if scorekeeper else None
    sock = bind(host, port)
    more_open_files()
    if writer is not None:
        show_address(page_urls(host, sock.getsockname()[1], writer), echo)
        note(str(t("serve.scorekeeper", "The scorekeeper's address above can enter hands: keep it private. "
                   "The players' address follows.")), again=False)
    show_address(page_urls(host, sock.getsockname()[1], key), echo)
    note(str(t("serve.read_only", "Read only: the players open the address above (or scan the code). "
               "Ctrl-C stops it.")))
    app = create_app(key, hosts=answering_hosts(host, sock.getsockname()[0]), scorekeeper=writer, db=db)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", server_header=False,
                            http=protocol_class(Door(), MAX_REQUESTS, HEADER_SECONDS),
                            timeout_keep_alive=IDLE_SECONDS, h11_max_incomplete_event_size=MAX_HEADER_BYTES,
                            timeout_graceful_shutdown=3, proxy_headers=False)
    _Server(app, config).run(sock)
