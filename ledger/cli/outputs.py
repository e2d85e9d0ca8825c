"""Where the CLI writes files (``export -o``, ``pbn export -o``, ``report --html/--csv``): checked
before anything is read or written, and written whole or not at all, with one-line errors.

Nothing here imports the store. Errors are ``LedgerError`` on the option's field, naming the path.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from ledger.errors import LedgerError, os_reason
from ledger.i18n import Msg, t


def check_output(path: str | os.PathLike | None, field: str, folder: bool = False) -> None:
    """Refuse an output that cannot be written, before anything is read or written: a file that is
    a folder or is in a folder that does not exist; with ``folder``, a folder (made when missing)
    that is a file. None (no such option given) passes."""
    if path is None:
        return
    p = Path(path)
    if folder:
        if p.exists() and not p.is_dir():
            raise LedgerError(t("output.is_file", "{path} is a file, not a folder", path=str(path)), field, str(path))
    elif p.is_dir():
        raise LedgerError(t("output.is_folder", "{path} is a folder", path=str(path)), field, str(path))
    elif not p.parent.is_dir():
        raise LedgerError(t("output.no_folder", "{path} is in a folder that does not exist", path=str(path)), field,
                          str(path))


def _cannot_write(path, err: OSError) -> Msg:
    """The one line for a file that cannot be written (a full disk: "No space left on device")."""
    return t("output.cannot_write", "cannot write {path}: {why}; nothing of it was written", path=str(path),
             why=os_reason(err))


def replaced_whole(path: str | os.PathLike) -> bool:
    """Whether :func:`create` writes ``path`` under a temporary name put in place at the end (so
    that what was written is thrown away should the writing fail): a file, new or not, rather
    than a device or a pipe written through."""
    target = Path(os.path.realpath(path))
    return not (target.exists() and not target.is_file())


@contextmanager
def create(path: str | os.PathLike, field: str, mode: int = 0o600) -> Iterator[IO[str]]:
    """A text file (UTF-8) to write ``path`` with: written beside it under a temporary name, with
    ``mode`` (by default owner-only: what the ledger holds stays its owner's), and put in its
    place only when the ``with`` block ends without an error, so a failure half-way leaves
    ``path`` as it was; ``LedgerError`` when it cannot be written. A symbolic link is followed
    (its target is replaced); a device or a pipe (``/dev/stdout``) is written through."""
    target = Path(os.path.realpath(path))  # a symbolic link: its target is written
    if not replaced_whole(target):  # a device or a pipe (/dev/stdout): written through
        try:
            with open(target, "w", encoding="utf-8") as f:
                yield f
        except OSError as err:
            raise LedgerError(_cannot_write(path, err), field, str(path)) from None
        return
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                yield f
            os.replace(tmp, target)
        except OSError as err:
            raise LedgerError(_cannot_write(path, err), field, str(path)) from None
    finally:
        tmp.unlink(missing_ok=True)
