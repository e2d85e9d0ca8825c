"""A long JSON list printed exactly as ``json.dumps(doc, ensure_ascii=False, indent=2)`` would print
it, without holding the list: each item is written as it comes into a spooled temporary file
(memory up to :data:`SPOOL_BYTES`, then disk), and the whole document goes to standard output only
once every item is in, so an error half-way still prints nothing (``score`` of a list of boards,
``pbn import``). What is printed passes :func:`ledger.safetext.safe` (``json=True``).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ledger.games.record import JsonRecord, plain
from ledger.safetext import safe_json_writer

SPOOL_BYTES = 8 * 1024 * 1024
_BATCH = 1 << 16  # characters of items gathered before they go to the spool in one write
_STRING = json.encoder.encode_basestring  # json's own (C) quoting of a string, ensure_ascii=False
_MARK = "\x00ledger-list\x00"  # a string no document holds (names refuse control characters)


class JsonList:
    """The items of the list at ``key`` of a document (``key`` None: the document is the list)."""

    def __init__(self, key: str | None = None):
        self.key = key
        self.count = 0
        self.spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES, mode="w+", encoding="utf-8")
        self.indent = "\n" + "  " * (2 if key is not None else 1)
        self.pending: list[str] = []  # texts not yet in the spool (written a batch at a time)
        self.pending_size = 0

    def add(self, item: Any) -> None:
        """Append ``item`` (its JSON written now, the item itself not kept)."""
        self.add_text(indented(item, self.indent))

    def add_text(self, text: str) -> None:
        """Append an item already written as :func:`indented` writes it at this list's margin."""
        if self.count:
            self.pending.append("," + self.indent)
        self.pending.append(text)
        self.count += 1
        self.pending_size += len(text)
        if self.pending_size > _BATCH:
            self._flush()

    def _flush(self) -> None:
        self.spool.write("".join(self.pending))
        self.pending.clear()
        self.pending_size = 0

    def print(self, doc: Mapping[str, Any] | None = None, tail: Mapping[str, Any] | None = None) -> None:
        """Print the document: ``doc`` with the list at ``key`` (the list alone when ``key`` is
        None), then the fields of ``tail``."""
        self._flush()
        out = safe_json_writer(sys.stdout)
        whole = [_MARK] if self.key is None else {**(doc or {}), self.key: [_MARK], **(tail or {})}
        text = json.dumps(whole, ensure_ascii=False, indent=2)
        if not self.count:
            out.write(json.dumps([] if self.key is None else {**(doc or {}), self.key: [], **(tail or {})},
                                 ensure_ascii=False, indent=2) + "\n")
        else:
            before, after = text.split(json.dumps(_MARK), 1)
            out.write(before)
            self.spool.seek(0)
            shutil.copyfileobj(self.spool, out)
            out.write(after + "\n")
        sys.stdout.flush()
        self.spool.close()


def indented(value: Any, margin: str = "\n") -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)`` with every line break followed by
    ``margin`` (``"\\n"`` plus the spaces the value is nested by), several times quicker than
    ``json``'s pure-Python indenting encoder: the containers are laid out here and every string,
    number and constant is written by ``json`` itself. A value of any other kind (or a key that is
    not a string) is left to ``json.dumps``, so the text is the same in every case (a test
    compares them). A :class:`~ledger.games.record.JsonRecord` anywhere in ``value`` is written
    as its ``to_json()`` is, without that object being built."""
    try:
        return _indented(value, margin)
    except _Other:
        return json.dumps(plain(value), ensure_ascii=False, indent=2).replace("\n", margin)


class _Other(Exception):
    """A value :func:`indented` leaves to ``json.dumps``."""


_CONSTANTS = {True: "true", False: "false", None: "null"}


def _indented(value: Any, margin: str) -> str:
    kind = type(value)
    if kind is str:
        return _STRING(value)
    if kind is int:
        return int.__repr__(value)  # what json writes for an int
    if kind is dict:
        return _object(value.items(), margin)
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        inner = margin + "  "
        return "[" + inner + ("," + inner).join([_inner(v, inner) for v in value]) + margin + "]"
    if kind is bool or value is None:
        return _CONSTANTS[value]
    if kind is float:
        return json.dumps(value)
    if isinstance(value, JsonRecord):  # its to_json() written without building it
        return _object(value.json_items(), margin)
    raise _Other


_HELD = 1 << 16
_RECORD_TEXTS: dict[tuple[int, str], tuple[Callable[[], Any], str]] = {}  # (id, margin) -> record's weakref, text


def _inner(value: Any, margin: str) -> str:
    """A value inside another. A record met again (the same object: a game that gives the same
    frozen entry to many results, as bridge does) is written from the text made for it before
    (the record is not kept alive for it)."""
    if not isinstance(value, JsonRecord):
        return _indented(value, margin)
    return text_of(value, margin, _RECORD_TEXTS, _indented)


def text_of(value: Any, margin: str, texts: dict, write: Callable[[Any, str], str]) -> str:
    """``write(value, margin)``, or the text it gave before for this very object (frozen: the same
    text), held in ``texts`` by the object's identity and a weak reference to it (so a text is
    never given to another object that came to have the same identity)."""
    held = texts.get((id(value), margin))
    if held is not None and held[0]() is value:
        return held[1]
    text = write(value, margin)
    if len(texts) < _HELD:
        texts[(id(value), margin)] = (weakref.ref(value), text)
    return text


def _object(items: Iterable[tuple[Any, Any]], margin: str) -> str:
    inner = margin + "  "
    parts = []
    for k, v in items:
        if type(k) is not str:
            raise _Other
        t = type(v)
        parts.append(_STRING(k) + ": " + (_STRING(v) if t is str else int.__repr__(v) if t is int
                                          else _inner(v, inner)))
    if not parts:
        return "{}"
    return "{" + inner + ("," + inner).join(parts) + margin + "}"
