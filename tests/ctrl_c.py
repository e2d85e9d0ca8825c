"""Ctrl-C for the tests that send it to a real ``ledger`` process: started with SIGINT at its
default, as at a terminal, and the signal sent from inside the process at a chosen step (a
SQLAlchemy method, a store function), deterministically, by a small wrapper around the
installed command's entry point."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

BIN = Path(sys.executable).parent / "ledger"

INTERRUPTED = "interrupted: nothing was written for the command in progress"
INTERRUPTED_SAVED = "interrupted: what the command had written is in the ledger, whole; the rest was not done"

# The commit of a write transaction, after SQLite's COMMIT (where SQLAlchemy, cut by a
# KeyboardInterrupt, failed its own assert) and before it (the COMMIT not yet sent).
AFTER_COMMIT = "sqlalchemy.engine.base:RootTransaction._deactivate_from_connection"
BEFORE_COMMIT = "sqlalchemy.engine.base:Connection._commit_impl"

# ``python -c WRAPPER TARGET WHEN N ARGS...``: ``ledger ARGS...`` with SIGINT sent to itself the
# N-th time TARGET ("module:attribute.path") is called, counting only the calls WHEN says:
# "write" (on a connection of a write transaction) or "any". The ``ledger`` command's own
# entry point (ledger.cli:main) then runs as the console script would.
WRAPPER = r'''
import importlib, os, signal, sys

target, when, nth = sys.argv[1], sys.argv[2], int(sys.argv[3])
module, _, path = target.partition(":")
*owners, name = path.split(".")
owner = importlib.import_module(module)
for part in owners:
    owner = getattr(owner, part)
original = getattr(owner, name)
calls = []

def counted(first):
    if when == "any":
        return True
    conn = first if hasattr(first, "get_execution_options") else getattr(first, "connection", None)  # a transaction's
    options = getattr(conn, "get_execution_options", None)
    return bool(options and options().get("ledger_write"))

def interrupted(*args, **kwargs):
    if counted(args[0] if args else None):
        calls.append(1)
        if len(calls) == nth:
            os.kill(os.getpid(), signal.SIGINT)
    return original(*args, **kwargs)

setattr(owner, name, interrupted)
sys.argv = ["ledger", *sys.argv[4:]]
from ledger.cli import main
sys.exit(main())
'''


@contextmanager
def sigint_as_at_a_terminal():
    """Start a child with SIGINT at its default, as a terminal's foreground job has it, however
    pytest itself was started. A shell without job control (a script's ``bash .ci/run &``) starts a
    background job with SIGINT ignored; the ignore is inherited through exec, Python then installs
    no KeyboardInterrupt handler, and ``ledger`` rightly keeps it (a program started immune
    to Ctrl-C stays immune): the Ctrl-C sent would never arrive."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield  # Python's handler (or the default) is reset to the default across exec
        return
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def env(db: Path) -> dict:
    return {**os.environ, "LEDGER_DB": str(db), "COLUMNS": "100", "LANG": "C.UTF-8", "LEDGER_LANG": "en"}


def ledger(db: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """The installed ``ledger ARGS`` on the ledger ``db``."""
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, env=env(db), check=check, timeout=120)


def interrupted(db: Path, at: str, *args: str, when: str = "write", nth: int = 1) -> subprocess.CompletedProcess:
    """``ledger ARGS`` with a Ctrl-C sent from inside it the ``nth`` time ``at`` is called
    (``when``: counting the calls on a write transaction's connection, or ``"any"``)."""
    with sigint_as_at_a_terminal():
        return subprocess.run([sys.executable, "-c", WRAPPER, at, when, str(nth), *args], capture_output=True,
                              text=True, env=env(db), timeout=120)
