"""Reading what the user gives the CLI: JSON documents (with a size limit), lists read item by
item, a whole-ledger export read as a stream, and the options of a match (a hand typed at the
terminal: :mod:`ledger.cli.hand_entry`).

Nothing here imports the store. Errors are ``LedgerError`` with the field named.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError, os_reason
from ledger.i18n import Msg, t
from ledger.jsontext import (_DECODER, RepeatedKey, _whole_characters, json_decoder, not_json,  # noqa: F401
                             parse_json, repeated_key)  # the CLI's JSON reading, re-exported
from ledger.games.match_words import parse_options, parse_players, parse_sides  # noqa: F401 (the CLI reads them here)
from ledger.safetext import safe

MAX_INPUT_BYTES = 20 * 1024 * 1024  # FORMATS.md: input larger than 20 MB is refused unread


def read_text(path: str, field: str = "FILE") -> str:
    """The text of ``path`` (``-`` = standard input), refusing more than 20 MB without reading it all."""
    return _decode(read_bytes(path, field), field, path)


def read_bytes(path: str, field: str = "FILE") -> bytes:
    """The bytes of ``path`` (``-`` = standard input), refusing more than 20 MB without reading it all."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    else:
        p = Path(path)
        try:
            with p.open("rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
        except OSError as err:
            raise LedgerError(cannot_read(path, err), field, path) from None
    if len(data) > MAX_INPUT_BYTES:
        raise LedgerError(t("input.too_large", "input larger than {size} refused", size=_size(MAX_INPUT_BYTES)), field, path)
    return data


def _decode(data: bytes, field: str, path: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LedgerError(t("input.not_utf8", "not UTF-8 text"), field, path) from None


def cannot_read(path: str, err: OSError) -> Msg:
    """``cannot read 'x.json': No such file or directory``."""
    return t("input.cannot_read", "cannot read {path!r}: {why}", path=path, why=os_reason(err))


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} kB"


def read_json(path: str, field: str = "FILE", text: str | None = None) -> Any:
    """Parse the JSON in ``path``; ``LedgerError`` naming the line and column when it is not JSON.

    Strict JSON: ``NaN``, ``Infinity`` and numbers beyond a float's range are refused, and so is
    an integer of more digits than Python converts (4300). ``text``: what ``path`` holds, when it
    was read already (standard input read by :func:`read_items`).
    """
    return parse_json(read_text(path, field) if text is None else text, field, path)


EXPORT_MARKER = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"format"\s*:\s*"ledger-export"')
_CHUNK = 1 << 20


def read_document(path: str, field: str = "FILE") -> Any:
    """What ``import`` and ``restore`` read: the JSON of ``path`` (:func:`read_json`, 20 MB at most),
    or, for a file (not ``-``) that begins with the ledger-export marker, the export's fields before
    its matches with ``"matches"`` an :class:`ExportMatches` that reads the matches one by one as it
    is iterated (any number of them, each at most 20 MB)."""
    if not _starts_as_export(path, field):
        return read_json(path, field)
    reader = _JsonStream(path, field)
    with reader:
        fields = reader.fields_before_matches()
    return {**fields, "matches": ExportMatches(path, field)}


def read_one_document(path: str, what: str, field: str = "FILE", text: str | None = None) -> Any:
    """What ``score`` and ``replay`` read: the JSON of ``path`` (:func:`read_json`), which must not
    be a whole-ledger export. One (its marker at the start of a file, of any size, or ``"format":
    "ledger-export"`` in what was read) is a ``LedgerError`` on ``field`` saying so and that
    ``ledger import`` takes it; ``what`` names what was wanted (``"a match document"``)."""
    export = text is None and _starts_as_export(path, field)
    data = None if export else read_json(path, field, text)
    if export or (isinstance(data, Mapping) and data.get("format") == "ledger-export"):
        import shlex

        name = t("input.stdin", "standard input") if path == "-" else path
        raise LedgerError(t("input.is_export", "{name} is a whole-ledger export ('ledger export --all'), not {what}; "
                            "to load it: ledger import {command}", name=name, what=what, command=shlex.quote(path)),
                          field, path)
    return data


def read_once(path: str) -> bool:
    """Whether ``path`` can be read only once: ``-`` (standard input), or a pipe or a device named
    as a file (``<(…)``, ``/dev/stdin``, a FIFO). Such input is read whole (20 MB at most) before
    anything looks at it, as standard input is; a regular file (or one that cannot be found: its
    error comes when it is read) is looked at first, then read."""
    if path == "-":
        return True
    try:
        return not Path(path).is_file() and Path(path).exists() and not Path(path).is_dir()
    except OSError:
        return False


def _starts_as_export(path: str, field: str) -> bool:
    """True for a file whose first bytes are :data:`EXPORT_MARKER`; False, without a look, for
    input that can be read only once (:func:`read_once`: a look would take its first bytes away),
    which is then parsed whole, 20 MB at most (an export in it is known by its ``"format"``)."""
    if read_once(path):
        return False
    try:
        with Path(path).open("rb") as f:
            head = f.read(256)
    except OSError as err:
        raise LedgerError(cannot_read(path, err), field, path) from None
    return EXPORT_MARKER.match(head) is not None


def read_items(path: str, what: str, field: str = "FILE") -> tuple[Any, Any]:
    """What ``score`` and ``pbn``-free list readers take: ``(items, None)`` when ``path`` holds a
    JSON list, ``items`` (:class:`ListItems`) yielding its elements one at a time as they are
    parsed, as many times as it is iterated (the list is never held whole: a 20 MB list of boards
    is scored in bounded memory); else ``(None, document)`` as :func:`read_one_document` reads it.
    At most 20 MB either way (FORMATS.md). Input that can be read only once (:func:`read_once`)
    is read whole first."""
    if read_once(path):
        data = read_bytes(path, field)
        if data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] != b"[":
            return None, read_one_document(path, what, field, _decode(data, field, path))
        return ListItems(path, field, data), None
    try:
        with Path(path).open("rb") as f:
            head = f.read(256).lstrip(b"\xef\xbb\xbf \t\r\n")
            size = Path(path).stat().st_size
    except OSError as err:
        raise LedgerError(cannot_read(path, err), field, path) from None
    if head[:1] != b"[":
        return None, read_one_document(path, what, field)
    if size > MAX_INPUT_BYTES:
        raise LedgerError(t("input.too_large", "input larger than {size} refused", size=_size(MAX_INPUT_BYTES)), field, path)
    return ListItems(path, field), None


class ListItems:
    """The elements of the JSON list in ``path``, parsed one at a time each time it is iterated
    (:meth:`_JsonStream.items`): from the file again, or from ``data``, the bytes of input that
    can be read only once (standard input, a pipe: :func:`read_once`), already read."""

    def __init__(self, path: str, field: str, data: bytes | None = None):
        self.path, self.field, self.data = path, field, data

    def __iter__(self):
        import io

        source = io.BytesIO(self.data) if self.data is not None else None
        return _JsonStream(self.path, self.field, source).items()


class ExportMatches:
    """The matches of a ledger export file, parsed one at a time each time it is iterated (strict
    JSON as :func:`read_json`); ``LedgerError`` naming the line for what is not JSON, and for a match
    larger than 20 MB."""

    def __init__(self, path: str, field: str = "FILE"):
        self.path, self.field = path, field

    def __iter__(self):
        reader = _JsonStream(self.path, self.field)
        with reader:
            reader.fields_before_matches()
            yield from reader.matches()

    def texts(self) -> Iterator[bytes]:
        """The text of each match (bytes), unparsed, for an export laid out as ``export --all``
        writes it: the fields before the matches alone on the first line, through
        ``"matches": [``; each match on a line of its own, ending in a comma but the last; then
        ``]}``. Where the file is not so (its first line, the lines around the last match, a line
        over 20 MB) :class:`ledger.store.reading.NotLaidOut` is raised as that line is reached; a
        line that is not one match fails where it is parsed (:func:`parse_match_line`). Either
        way the import then reads the file as :meth:`__iter__` does, which names what is wrong."""
        from ledger.store.reading import NotLaidOut

        def line_of(f) -> bytes:  # the next line, at most 20 MB of it (a longer one: not laid out)
            line = f.readline(MAX_INPUT_BYTES + 1)
            if len(line) > MAX_INPUT_BYTES:
                raise NotLaidOut
            return line

        with open(self.path, "rb") as f:
            if not _head_alone(line_of(f), self.path, self.field):
                raise NotLaidOut
            last = None
            while line := line_of(f):
                if line[:1] == b"]":  # the end: "]}" after a match without its comma
                    if last is None or last.endswith(b",") or (line + f.read(_TAIL)).strip() != b"]}" or f.read(1):
                        raise NotLaidOut
                    yield last
                    return
                if last is not None:
                    if not last.endswith(b","):
                        raise NotLaidOut
                    yield last[:-1]
                last = line.rstrip(b"\r\n")
        raise NotLaidOut  # no end

    @staticmethod
    def parse(line: bytes) -> Any:
        """A line of :meth:`texts` made a match (:func:`parse_match_line`)."""
        return parse_match_line(line)


def parse_match_line(line: bytes) -> Any:
    """One match of an export read a line at a time (:meth:`ExportMatches.texts`), parsed as
    :class:`_JsonStream` parses a match (strict JSON: :func:`read_json`; no ``\\u`` escape that is
    half a character). Whatever is wrong (not UTF-8, not one JSON value) is raised as Python
    raises it: the import then reads the file as a stream, which says it as ``import`` always has."""
    text = line.decode("utf-8")
    value = _DECODER.decode(text)
    _whole_characters(text, value)
    return value


def _head_alone(line: bytes, path: str, field: str) -> bool:
    """Whether ``line`` (the first line of an export file) holds the export's fields before its
    matches, through the ``[`` of ``"matches"``, and nothing after it but white space."""
    import io

    reader = _JsonStream(path, field, io.BytesIO(line))
    try:
        with reader:
            reader.fields_before_matches()
            return reader._skip() == ""
    except Exception:
        return False


_TAIL = 4096  # what may follow "]}" at the end of an export read a line at a time (white space)


class _JsonStream:
    """A JSON object read from a file piece by piece: its top-level fields, and the elements of its
    ``"matches"`` list one at a time (json's own ``raw_decode`` on a window of the file)."""

    def __init__(self, path: str, field: str, source=None):
        import codecs

        self.path, self.field, self.source = path, field, source
        self.decoder = _DECODER
        self.text, self.pos, self.line, self.eof = "", 0, 0, False
        self.fields: set[str] = set()  # the keys of the object read so far (a repeated one is refused)
        self.utf8 = codecs.getincrementaldecoder("utf-8-sig")()

    def __enter__(self):
        self.f = self.source if self.source is not None else open(self.path, "rb")
        return self

    def __exit__(self, *exc):
        self.f.close()

    def _fill(self) -> bool:
        if self.eof:
            return False
        chunk = self.f.read(_CHUNK)
        self.eof = not chunk
        try:
            more = self.utf8.decode(chunk, final=self.eof)
        except UnicodeDecodeError:
            raise LedgerError(t("input.not_utf8", "not UTF-8 text"), self.field, self.path) from None
        self.line += self.text.count("\n", 0, self.pos)
        self.text, self.pos = self.text[self.pos:] + more, 0
        return bool(chunk)

    def _skip(self) -> str:
        """The next character that is not white space (the position left on it); "" at the end."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.text) or not self._fill():
                return self.text[self.pos:self.pos + 1]

    def _expect(self, chars: str) -> str:
        c = self._skip()
        if not c or c not in chars:
            self._bad(f"expecting {' or '.join(repr(x) for x in chars)}")  # Python's json words: see not_json
        self.pos += 1
        return c

    def _bad(self, msg: str, lineno: int | None = None, colno: int | None = None):
        if lineno is None:
            lineno = self.text.count("\n", 0, self.pos) + 1
            colno = self.pos - self.text.rfind("\n", 0, self.pos)
        raise LedgerError(not_json(msg, self.line + lineno, colno), self.field, self.path)

    def _value(self) -> Any:
        """The next JSON value (at most 20 MB of text)."""
        self._skip()
        while True:
            if len(self.text) - self.pos < _CHUNK and not self.eof:
                self._fill()
                continue
            try:
                value, end = self.decoder.raw_decode(self.text, self.pos)
                if end < len(self.text) or self.eof:  # a number might go on in the next piece
                    break
            except json.JSONDecodeError as err:
                if self.eof:
                    self._bad(err.msg, err.lineno, err.colno)
            except RecursionError:
                raise LedgerError(t("input.too_deep", "JSON nested too deeply"), self.field, self.path) from None
            except RepeatedKey as err:
                raise LedgerError(repeated_key(err), self.field, self.path) from None
            except ValueError as err:
                raise LedgerError(not_json(str(err).split(';')[0]), self.field, self.path) from None
            if len(self.text) - self.pos > MAX_INPUT_BYTES:
                raise LedgerError(t("input.value_too_large", "a value larger than {size} in a ledger export refused",
                                    size=_size(MAX_INPUT_BYTES)), self.field, self.path)
            self._fill()
        try:
            _whole_characters(self.text[self.pos:end], value)
        except UnicodeEncodeError:
            raise LedgerError(t("input.half_char", "not valid JSON (a \\u escape that is half of a character)"),
                              self.field, self.path) from None
        self.pos = end
        return value

    def items(self):
        """Each element of a JSON list that is the whole input, parsed one at a time, then the end
        of the input checked (nothing but white space after the list)."""
        with self:
            self._expect("[")
            yield from self._elements()
            if self._skip():
                self._bad("extra data after the list")

    def _elements(self):
        """The elements of the list whose ``[`` was just read, one at a time, through its ``]``."""
        if self._skip() == "]":
            self.pos += 1
            return
        while True:
            yield self._value()
            if self._expect(",]") == "]":
                return

    def fields_before_matches(self) -> dict:
        """The object's fields up to ``"matches"`` (the stream is left at the list's first element)."""
        self._expect("{")
        fields: dict = {}
        while True:
            if fields and self._expect(",}") == "}":
                self._bad("no list of matches")
            key = self._value()
            if not isinstance(key, str):
                self._bad("expecting a property name")
            self._expect(":")
            if key in fields:
                raise LedgerError(repeated_key(RepeatedKey(key)), self.field, self.path)
            if key == "matches":
                self._expect("[")
                self.fields = {*fields, key}
                return fields
            fields[key] = self._value()

    def matches(self):
        """Each element of the matches list, then the rest of the object (checked to be JSON)."""
        yield from self._elements()
        while self._expect(",}") == ",":
            key = self._value()
            self._expect(":")
            self._value()
            if key in ("format", "version", "players"):
                raise LedgerError(t("input.before_matches", "in a ledger export read as a stream, {key!r} must come "
                                    "before the matches", key=key), key, None)
            if key in self.fields:
                raise LedgerError(repeated_key(RepeatedKey(key)), self.field, self.path)
            self.fields.add(key)
        if self._skip():
            self._bad("extra data")
