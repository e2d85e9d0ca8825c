"""Ctrl-C (SIGINT) held back while the ledger writes: a write is in the ledger whole, or not at all.

Python's SIGINT handler raises ``KeyboardInterrupt`` between any two bytecodes, SQLAlchemy's
own included: cut inside a commit or a rollback, SQLAlchemy's transaction is left half closed
and its next ``assert`` fails (an ``AssertionError`` and a traceback instead of the CLI's one
"interrupted" line). The transactions of the ledger (:func:`transaction_held`, used by
``Ledger.transaction``, ``Ledger.reads`` and the schema upgrade) run inside :func:`held_back`:

- a **write** transaction holds Ctrl-C back from before its ``BEGIN`` to after its ``COMMIT``
  or ``ROLLBACK``. One that came while the write was read, scored and its rows sent (the body,
  then the flush) rolls the transaction back at the commit point (:meth:`Hold.check`): nothing of
  it is written. One that came during the ``COMMIT`` itself lets the commit finish: the write is
  in whole (:data:`committed` counts it). Either way the ``KeyboardInterrupt`` is raised right
  after the transaction ended, and the command stops with the CLI's interrupted line (exit code
  130). A long write (an import, a restore) gives the Ctrl-C a chance between its steps
  (:func:`checkpoint`): it stops there and rolls back, rather than at the end.
- a **read** transaction stays interruptible: a Ctrl-C stops it at once; only its end (the
  commit or rollback that closes it) is held back, then delivered.

A hold hands the Ctrl-C it held to the handler it replaced: Python's (``KeyboardInterrupt``), an
outer hold's (``ledger play`` holds it over a hand's saving and drawing: it learns that one came),
the default action; a SIGINT that was ignored when the block began stays ignored (nothing is
held). Signal handlers belong to the main thread: in any other thread (``ledger serve``'s
request threads) nothing is held and the block runs as it is. The standard library only: the CLI
imports this module before it knows whether a command opens the ledger.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

committed = 0  # write transactions committed since the command began (the CLI resets it, app.py)


class Hold:
    """The SIGINT handler of a :func:`held_back` block: notes a Ctrl-C while ``defer`` (else hands
    it on at once). ``came``: one came and was not yet handed on; ``write``: the block is a write
    transaction, which :func:`checkpoint` may stop."""

    def __init__(self, defer: bool = True, write: bool = False):
        self.defer = defer
        self.write = write
        self.came = False
        self.previous: Any = None  # the handler this hold replaced

    def __call__(self, signum: int, frame: Any) -> None:
        if self.defer:
            self.came = True
        else:
            _hand_on(self.previous)

    def check(self) -> None:
        """A point where stopping is safe (nothing committed yet, no SQLAlchemy step under way):
        raise ``KeyboardInterrupt`` now if a Ctrl-C came."""
        if self.came:
            self.came = False
            raise KeyboardInterrupt


def _hand_on(handler: Any) -> None:
    """Deliver one SIGINT to ``handler`` (a handler :func:`signal.signal` returned)."""
    if handler is signal.default_int_handler:
        raise KeyboardInterrupt
    if handler == signal.SIG_DFL:  # the default action: the process ends by SIGINT
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.raise_signal(signal.SIGINT)
    elif callable(handler):  # an outer hold, or another program's handler (uvicorn's)
        handler(signal.SIGINT, None)


def _can_hold() -> bool:
    """Whether this thread may set the SIGINT handler, and a Ctrl-C would do anything at all."""
    if threading.current_thread() is not threading.main_thread():
        return False
    return signal.getsignal(signal.SIGINT) not in (signal.SIG_IGN, None)


@contextmanager
def held_back(defer: bool = True, deliver: bool = True, write: bool = False) -> Iterator[Hold]:
    """Run the block with Ctrl-C held back (``defer``; the block may change ``hold.defer`` as it
    goes) and deliver the one that came once the block is over, to the handler that was there
    before (``deliver=False``: the caller reads ``hold.came`` and decides). A block that ends with
    ``KeyboardInterrupt`` already on its way delivers nothing more. Outside the main thread, or
    with SIGINT ignored, nothing is held."""
    hold = Hold(defer, write)
    if not _can_hold():
        yield hold
        return
    try:
        hold.previous = signal.signal(signal.SIGINT, hold)
    except ValueError:  # not the main interpreter: nothing to hold back
        yield hold
        return
    try:
        yield hold
    except KeyboardInterrupt:
        hold.came = False
        raise
    finally:
        signal.signal(signal.SIGINT, hold.previous)
        if hold.came and deliver:
            hold.came = False
            _hand_on(hold.previous)


@contextmanager
def transaction_held(begin: Callable[[], AbstractContextManager[T]], write: bool,
                     before_commit: Callable[[T], Any] | None = None, counted: bool = True) -> Iterator[T]:
    """The transaction ``begin()`` opens (a context manager that commits on a normal exit and
    rolls back on an exception: ``Connection.begin``, a session begun) with Ctrl-C held back as
    the module docstring says. ``write``: held from before the begin to after the commit;
    ``before_commit(tx)`` (the ORM's flush) runs first, then a Ctrl-C that came rolls it all back;
    once committed it counts in :data:`committed` (``counted=False``: the schema's upgrade, no
    write of the command's own). A read is held back only while it ends."""
    global committed
    with held_back(defer=write, write=write) as hold:
        with begin() as tx:
            try:
                yield tx
                if write:
                    if before_commit is not None:
                        before_commit(tx)
                    hold.check()  # the last moment a Ctrl-C means none of it
            finally:
                hold.defer = True  # the end (commit or rollback) is never cut
        if write and counted:
            wrote()


def wrote() -> None:
    """One more write of the command is in the ledger (:data:`committed`)."""
    global committed
    committed += 1


def checkpoint() -> None:
    """Between two steps of a long write (a match of an import): stop here, rolling the write
    back, if a Ctrl-C came meanwhile (:meth:`Hold.check` of the write transaction under way)."""
    hold = signal.getsignal(signal.SIGINT)
    if isinstance(hold, Hold) and hold.write and threading.current_thread() is threading.main_thread():
        hold.check()
