"""Reading what the user gives the CLI: JSON documents (with a size limit), options, hand entry.

Nothing here imports the store. Errors are ``LedgerError`` with the field named.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError, os_reason
from ledger.i18n import Msg, t
from ledger.safetext import safe

MAX_INPUT_BYTES = 20 * 1024 * 1024  # FORMATS.md: input larger than 20 MB is refused unread
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # a \uD800-\uDFFF escape: maybe half a character


def _whole_characters(text: str, value: Any) -> None:
    """``UnicodeEncodeError`` when ``value``, parsed from the JSON ``text``, holds half a character
    (a lone ``\\uD800``-``\\uDFFF`` escape: no character at all); most texts have no ``\\u`` escape."""
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):
        json.dumps(value, ensure_ascii=False).encode("utf-8")


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


def not_json(why: str, line: int | None = None, column: int | None = None) -> Msg:
    """``not valid JSON (Expecting value at line 1, column 2)``: ``why`` is Python's json's words."""
    if line is None:
        return t("input.not_json", "not valid JSON ({why})", why=_json_words(why))
    return t("input.not_json_at", "not valid JSON ({why} at line {line}, column {column})", why=_json_words(why),
             line=line, column=column)


# what Python's json module says (English only), in the language in use
_JSON_WORDS = {
    "Expecting value": lambda: t("json.expecting_value", "Expecting value"),
    "Extra data": lambda: t("json.extra_data", "Extra data"),
    "Expecting property name enclosed in double quotes": lambda: t(
        "json.expecting_name", "Expecting property name enclosed in double quotes"),
    "Expecting ',' delimiter": lambda: t("json.expecting_comma", "Expecting ',' delimiter"),
    "Expecting ':' delimiter": lambda: t("json.expecting_colon", "Expecting ':' delimiter"),
    "Unterminated string starting at": lambda: t("json.unterminated", "Unterminated string starting at"),
    "Invalid control character at": lambda: t("json.control", "Invalid control character at"),
    "Invalid \\escape": lambda: t("json.escape", "Invalid \\escape"),
    "Illegal trailing comma before end of object": lambda: t("json.comma_object",
                                                             "Illegal trailing comma before end of object"),
    "Illegal trailing comma before end of array": lambda: t("json.comma_array",
                                                            "Illegal trailing comma before end of array"),
    "extra data after the list": lambda: t("json.after_list", "extra data after the list"),
    "extra data": lambda: t("json.extra", "extra data"),
    "no list of matches": lambda: t("json.no_matches", "no list of matches"),
    "expecting a property name": lambda: t("json.property", "expecting a property name"),
}


def _json_words(why: str) -> Msg | str:
    word = _JSON_WORDS.get(why)
    if word is not None:
        return word()
    m = re.fullmatch(r"(?P<name>\w+) is not a JSON number", why)
    if m:
        return t("json.constant", "{name} is not a JSON number", name=m["name"])
    m = re.fullmatch(r"number out of range: (?P<text>.*)", why)
    if m:
        return t("json.out_of_range", "number out of range: {value}", value=m["text"])
    m = re.fullmatch(r"expecting (?P<chars>'.'(?: or '.')*)", why)
    if m:
        return t("json.expecting", "expecting {chars}", chars=m["chars"])
    return why


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} kB"


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"number out of range: {text[:20]}")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class RepeatedKey(ValueError):
    """A JSON object that gives a key twice (``{"scope": 5, "scope": 0}``). json alone keeps the
    last one silently; as the command line refuses a word given twice, the document is refused."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's ``(key, value)`` pairs made a dict; :class:`RepeatedKey` for a key given
    twice. The dict is built by C first: only an object with a repeated key is looked at again."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(key)
            seen.add(key)
    return obj


def repeated_key(err: RepeatedKey) -> Msg:
    """``not valid JSON (the key 'scope' is given twice in one object)``."""
    return t("input.repeated_key", "not valid JSON (the key {key!r} is given twice in one object)", key=err.key)


def json_decoder() -> json.JSONDecoder:
    """The one strict JSON decoder of every document read (hands, matches, exports, club
    sessions): no ``NaN``/``Infinity``, no number beyond a float's range, no key given twice in an
    object (:class:`RepeatedKey`, which is a ``ValueError``)."""
    return json.JSONDecoder(parse_float=_finite, parse_constant=_no_constant, object_pairs_hook=_unique_keys)


_DECODER = json_decoder()


def read_json(path: str, field: str = "FILE", text: str | None = None) -> Any:
    """Parse the JSON in ``path``; ``LedgerError`` naming the line and column when it is not JSON.

    Strict JSON: ``NaN``, ``Infinity`` and numbers beyond a float's range are refused, and so is
    an integer of more digits than Python converts (4300). ``text``: what ``path`` holds, when it
    was read already (standard input read by :func:`read_items`).
    """
    return parse_json(read_text(path, field) if text is None else text, field, path)


def parse_json(text: str, field: str = "FILE", path: str = "-") -> Any:
    """Parse JSON ``text`` read from ``path`` as :func:`read_json` does (the same strictness and
    the same one-line errors)."""
    try:
        data = _DECODER.decode(text)
        _whole_characters(text, data)
        return data
    except json.JSONDecodeError as err:
        raise LedgerError(not_json(err.msg, err.lineno, err.colno), field, path) from None
    except RepeatedKey as err:
        raise LedgerError(repeated_key(err), field, path) from None
    except RecursionError:
        raise LedgerError(t("input.too_deep", "JSON nested too deeply"), field, path) from None
    except UnicodeEncodeError:
        raise LedgerError(t("input.half_char", "not valid JSON (a \\u escape that is half of a character)"), field, path) from None
    except ValueError as err:  # NaN, Infinity, 1e999, an integer of 5000 digits
        raise LedgerError(not_json(str(err).split(';')[0]), field, path) from None


def parse_options(items: Sequence[str]) -> dict:
    """``["lives=3", "stake=0.50", "reentry=yes"]`` → a dict; numbers stay text for the game to read
    unless they are plain integers; ``true``/``false`` become booleans."""
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise LedgerError(t("input.expected_option", "expected KEY=VALUE, got {item!r}", item=item), "option", item)
        k, v = (x.strip() for x in item.split("=", 1))
        k = k.replace("-", "_")
        if re.fullmatch(r"-?\d{1,18}", v):  # longer digit strings stay text: the game refuses them
            out[k] = int(v)
        elif v.lower() in ("true", "false"):
            out[k] = v.lower() == "true"
        elif v.lower() in ("null", "none", ""):
            out[k] = None
        else:
            out[k] = v
    return out


def parse_sides(items: Sequence[str]) -> dict[str, list[str]]:
    """``["Noi=Anna,Carla", "Voi=Bruno,Dario"]`` → ``{"Noi": ["Anna", "Carla"], ...}``."""
    out: dict[str, list[str]] = {}
    for item in items:
        if "=" not in item:
            raise LedgerError(t("input.expected_side", "expected NAME=PLAYER,PLAYER, got {item!r}", item=item), "side", item)
        name, members = item.split("=", 1)
        out[name.strip()] = [m.strip() for m in members.split(",") if m.strip()]
    return out


def parse_players(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [p.strip() for p in re.split(r"\s*,\s*", text.strip()) if p.strip()]


UNDO = "undo"  # the answer that takes back the previous one at the prompts
_KEYED = re.compile(r"(?:^|\s)[^\s=]+=")  # a KEY=VALUE word: a line typed as a whole hand


def regroup(tokens: list[str]) -> list[str]:
    """``["Anna=AH", "2H", "Bruno=rest"]`` → ``["Anna=AH 2H", "Bruno=rest"]``: words without ``=``
    belong to the KEY=VALUE before them (so piles need no quotes); free words before the first
    KEY=VALUE are left alone (``["4SX", "W", "-2", "honours=NS", "100"]`` → ``["4SX", "W", "-2",
    "honours=NS 100"]``)."""
    out: list[str] = []
    keyed = False
    for t in tokens:
        if "=" in t and not t.startswith("="):
            out.append(t)
            keyed = True
        elif keyed:
            out[-1] = f"{out[-1]} {t}"
        else:
            out.append(t)
    return out


def entry_keys(tokens: Sequence[str]) -> list[str]:
    """The keys of the ``KEY=VALUE`` words of a hand typed on a line (``Anna="7D 6D"`` → ``Anna``)."""
    return [tok.split("=", 1)[0] for tok in tokens if "=" in tok and not tok.startswith("=")]


def parse_line(game, setup, text: str) -> dict:
    """The partial hand document of one typed line in the game's words (quotes optional: words
    without ``=`` go with the ``KEY=VALUE`` before them); ``LedgerError`` as ``parse_entry`` says."""
    import shlex

    try:
        tokens = shlex.split(text)
    except ValueError:
        raise LedgerError(t("play.quote", "a quote is not closed"), "entry", text) from None
    setup.check_pairs_whole(entry_keys(tokens), "entry")
    try:
        return game.parse_entry(setup, tokens)
    except LedgerError:
        grouped = regroup(tokens)
        if grouped == tokens:
            raise
    return game.parse_entry(setup, grouped)


def retyped_hand(game, setup, state, text: str, first: bool) -> dict | None:
    """The hand document of ``text`` when it is a whole hand typed again in answer to a question
    (the natural move after a refusal: ``Anna=AH 2H … Bruno=rest``), else None. ``first``:
    before the question's own reading, when only a line of ``KEY=VALUE`` words counts; after
    that reading refused it, a line in the game's phrasing (``4SX W -2``) counts too when it is
    a complete hand."""
    keyed = bool(_KEYED.search(text))
    if first and not keyed:
        return None
    try:
        doc = parse_line(game, setup, text)
        missing = [q for q in game.questions(setup, doc, state) if q.default is None]
    except LedgerError:
        return None
    if not doc or (missing and not keyed):
        return None
    return doc


def answer_error(game, setup, text: str, err: LedgerError) -> LedgerError:
    """What to say of an answer a question refused: when the answer is a line of ``KEY=VALUE``
    words (a whole hand typed again, ``NS=... EW=...``), what is wrong with that hand (an unknown
    player, two sides that closed), rather than the question's own reading of it; else ``err``."""
    if not _KEYED.search(text):
        return err
    try:
        parse_line(game, setup, text)
    except LedgerError as whole:
        return whole
    return err


UNDO_WORDS = (UNDO, "annulla")  # and as Italian players say it


def retyped() -> Msg:
    """``(the line typed replaces the hand)``: said when an answer was a whole hand typed again."""
    return t("play.retyped", "(the line typed replaces the hand)")


def _say(text: str) -> None:
    """A remark at a prompt of ``hand add -i`` on standard error, two spaces in, folded to the screen."""
    from ledger.cli.screen import echo

    echo(text, err=True, indent="  ")


def say_error(text: str) -> None:
    """An answer refused at a prompt of ``hand add -i``: ``error: ...`` on standard error, two
    spaces in, folded to the screen (:func:`ledger.cli.screen.wrap`)."""
    from ledger.cli.screen import wrap

    sys.stderr.write("\n".join(wrap(str(t("cli.error", "error: {what}", what=text)), indent="  ")) + "\n")


def complete_hand(game, setup, doc: dict, ask: Callable[[Any], str] | None, state=None,
                  history: list | None = None) -> tuple[dict, LedgerError | None]:
    """Ask the game's questions until the hand document is complete: ``(document, None)``.

    ``ask(question)`` returns the user's answer; with ``ask`` None (no terminal), an optional item
    takes its default, and at the first missing required item the document is returned as it is
    with the error naming that item: ``(document, error)``. The store refuses such a hand from
    its one reading of it (``Ledger.add_hand(..., incomplete=error)``), naming a plainer fault of
    the hand (an unknown field) first. A bad answer is shown and asked again. ``history`` (if given) receives the document as it was before each answer;
    then the answer ``undo`` takes back the previous answer and asks it again.
    """
    for _ in range(1000):
        qs = game.questions(setup, doc, state)
        if not qs:
            return doc, None
        q = qs[0]
        if ask is None:
            if q.default is None:
                return doc, LedgerError(t("input.missing", "missing ({question})", question=q.text), q.key, None)
            doc = q.answer(doc, q.default)  # an optional item, left at its default
            continue
        while True:
            answer = ask(q)
            if answer.strip().lower() in UNDO_WORDS and history is not None:
                new = None  # take back the last answer and ask it again
                break
            new = retyped_hand(game, setup, state, answer, first=True)  # the whole hand typed again
            try:
                if new is None:
                    new = q.answer(doc, answer)
                else:
                    _say(str(retyped()))
                break
            except LedgerError as err:
                new = retyped_hand(game, setup, state, answer, first=False)
                if new is not None:
                    _say(str(retyped()))
                    break
                say_error(safe(answer_error(game, setup, answer, err)))  # in the language in use (str(err))
        if new is None:
            if history:
                doc = history.pop()
            else:
                _say(str(t("input.nothing_to_undo", "nothing to undo yet")))
            continue
        if history is not None:
            history.append(doc)
        doc = new
    raise LedgerError(t("cli.too_many_questions", "too many questions"), "hand", None)


def forget_answer(doc: dict, err: LedgerError, history: list) -> dict | None:
    """After the scorer refused a prompted hand, the document without the refused part, so the
    prompts ask it again: the field the error names if the document has it, else the last answer.
    None when there is nothing to ask again."""
    path = re.sub(r"^(hand \d+: |hands\[\d+\]\.)", "", err.field)
    parts = [p for p in re.split(r"\.", re.sub(r"\[\d+\]", "", path)) if p]
    whole_group = len(parts) == 1 and isinstance(doc.get(parts[0]), dict) and len(doc[parts[0]]) > 1
    if parts and parts[0] in doc and not whole_group:
        return _without(doc, parts)
    return history.pop() if history else None


def _without(doc: dict, parts: list[str]) -> dict:
    """``doc`` without the deepest part of the path ``parts`` that it has: ``sides.NS.melded_points``
    drops that one number of side NS (its other answers are kept), ``sides.NS`` the whole side."""
    out = dict(doc)
    key, rest = parts[0], parts[1:]
    inner = out[key]
    if rest and isinstance(inner, dict) and rest[0] in inner:
        out[key] = _without(inner, rest)
    else:
        del out[key]
    return out


def merge(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict:
    """``base`` with ``extra`` laid over it, nested objects merged at every depth: correcting
    ``EW.hand=…`` of a hand whose sides are ``{"sides": {"EW": {…}}}`` changes that one field and
    keeps the side's others. A value that is not an object on either side replaces the other."""
    out = dict(base)
    for k, v in extra.items():
        old = out.get(k)
        out[k] = merge(old, v) if isinstance(v, Mapping) and isinstance(old, Mapping) else v
    return out


# --- a whole-ledger export, read as a stream ------------------------------------------------------
# A file whose first bytes are this marker (what `ledger export --all` writes) is a ledger export:
# it may be of any size, and is read match by match, each value within the 20 MB of any input.
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
