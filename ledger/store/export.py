"""The ledger export (docs/formats.md, "The whole ledger"), read in plain SQL and written match by match.

Everything here reads through :class:`ledger.store.reads.Reads`, in one read transaction of the
store (:meth:`ledger.store.service.Ledger.reads`), on every database.

- :func:`export_document`: the whole export as one ``dict`` (held in memory).
- :func:`write_export`: the same document written to a text stream one match at a time.
- :func:`match_document`: one match document from its rows (also what ``ledger export MATCH``
  writes, through :meth:`ledger.store.service.Ledger.export`).

Speed (issue 17, bench/README.md): a hand's stored ``document`` and ``result`` are JSON texts
already on SQLite, written by ``json.dumps`` with its default separators (SQLAlchemy's JSON type,
every write of this program and migration). Where the compact export would write exactly that
text (:func:`spliceable`: ASCII without any escape, so ``ensure_ascii`` changes nothing, and, for
a document, none of the keys the export puts beside it), it is copied into the output as it is
instead of being decoded and encoded again: the bytes are those of ``json.dumps(doc,
ensure_ascii=False)`` all the same (tests compare both ways on every game's matches). Other
texts, PostgreSQL's decoded values and ``--indent`` take the plain ``json.dumps`` path.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator, Sequence
from typing import IO, Any, NamedTuple, overload

from ledger import __version__
from ledger.games.match_setup import MatchSetup
from ledger.store.reads import (HAND, MATCH, NIGHT, NIGHT_COLUMNS, PLAYER, NightRow, Reads, columns, damaged,
                                setup_from_seats)

EXPORT_FORMAT = "ledger-export"
EXPORT_VERSION = 1
MATCHES_A_QUERY = 500  # matches whose hands one query reads: memory bounded on any database

# what the ledger itself records about a hand (docs/formats.md): never taken from a hand as entered
BOOKKEEPING = frozenset({"entered_at", "source", "voided", "voided_at", "void_reason", "replaces", "replaced_by",
                         "stored"})
_BOOKKEEPING_KEY = re.compile("|".join(f'"{k}"' for k in sorted(BOOKKEEPING)))

EXPORT_MATCH_COLUMNS = ("id", "night_id", "game", "rules", "options", "status", "note", "created_at",
                        "finished_at")  # what a match document needs of a match row
EXPORT_HAND_COLUMNS = ("id", "match_id", "position", "document", "result", "voided", "entered_at", "voided_at",
                       "void_reason", "replaces_id", "scorer_version", "source")  # every column but state and rules


class ExportMatch(NamedTuple):
    """A match row as the export reads it (``options`` decoded; times as read: :func:`iso` takes them)."""

    id: int
    night_id: int
    game: str
    rules: str
    options: dict
    status: str
    note: str | None
    created_at: Any
    finished_at: Any


class ExportHand(NamedTuple):
    """A hand row as the export reads it: ``document`` and ``result`` as stored (SQLite's JSON text,
    or a database server's decoded value; :func:`decoded` gives the values); times as read."""

    id: int
    match_id: int
    position: int
    document: Any
    result: Any
    voided: Any  # as read (SQLite: 0 or 1): only ever tested for truth
    entered_at: Any
    voided_at: Any
    void_reason: str | None
    replaces_id: int | None
    scorer_version: str
    source: str | None


def iso(t: dt.datetime | str | None) -> str | None:
    """ISO 8601 in UTC (a time read back without a zone was stored as UTC); ``t`` a datetime or a
    datetime column's value as read (:func:`moment`). SQLite's usual text
    (``2026-12-01 20:30:00.000000``) is rewritten directly (``2026-12-01T20:30:00+00:00``: what
    the datetime would give), skipping the parse."""
    if t is None:
        return None
    if isinstance(t, str):
        if len(t) == 26 and t[10] == " " and t[19] == "." and t[:4].isdigit() and t[20:].isdigit():
            return f"{t[:10]}T{t[11:19]}+00:00" if t.endswith(".000000") else f"{t[:10]}T{t[11:]}+00:00"
        t = moment(t)
    return (t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)).astimezone(dt.timezone.utc).isoformat()


@overload
def moment(value: None) -> None: ...
@overload
def moment(value: str | dt.datetime) -> dt.datetime: ...
def moment(value: Any) -> dt.datetime | None:
    """A datetime column's value as a datetime: SQLite's text (``2026-12-01 20:30:00.000000``, as
    SQLAlchemy writes it) parsed, a database server's datetime as it is, None as None."""
    return value if value is None or isinstance(value, dt.datetime) else dt.datetime.fromisoformat(value)


def _utc(value: Any) -> str | None:
    """A datetime column's value (:func:`moment`) in ISO 8601 with its zone (a time stored without
    one is UTC): ``datetime.isoformat`` of the time as the ORM reads it."""
    t = moment(value)
    return None if t is None else (t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)).isoformat()


# --- documents ----------------------------------------------------------------------------------
def hand_entry(h: Any, ids: dict[int, int], stored: bool, result: Any = None) -> dict:
    """What the export writes beside a hand's document (in this order): ``entered_at``,
    ``source`` when the hand was not entered at the terminal (``"page"``: the scorekeeper's page
    or its HTTP API), for a voided hand ``voided``, ``voided_at``, ``void_reason``, ``replaces``
    (the index of the hand it replaces), and with ``stored`` the ``"stored"`` object
    (``result``: the stored result)."""
    entry: dict[str, Any] = {"entered_at": iso(h.entered_at)}
    if shown_source(h.source):
        entry["source"] = h.source
    if h.voided:
        entry.update({"voided": True, "voided_at": iso(h.voided_at), "void_reason": h.void_reason})
    if h.replaces_id in ids:
        entry["replaces"] = ids[h.replaces_id]
    if stored:
        entry["stored"] = {"id": h.id, "result": result, "scorer_version": h.scorer_version}
    return entry


def match_document(m: Any, setup: MatchSetup, night: Any, hands: Sequence[Any], stored: bool = False) -> dict:
    """The match document of ``m`` from its rows (``hands``: every hand, voided ones too, in
    position then entry order, with ``document`` and ``result`` as dicts); ``stored`` adds what
    only a backup needs (docs/formats.md). Rows are ORM objects or the rows read here alike."""
    doc = _match_fields(m, setup, night, stored)
    ids = {h.id: i for i, h in enumerate(hands)}
    doc["hands"] = [{**{k: v for k, v in h.document.items() if k not in BOOKKEEPING},
                     **hand_entry(h, ids, stored, h.result)} for h in hands]
    if m.status == "ended":
        doc["ended_early"] = True
    if stored:
        doc["stored"] = {"id": m.id, "status": m.status, "finished_at": iso(m.finished_at), "demo": night.demo}
    return doc


def _match_fields(m: Any, setup: MatchSetup, night: Any, stored: bool) -> dict:
    """A match document's fields before its ``hands``."""
    doc = setup.to_json()
    doc["night"] = night.date.isoformat()
    if night.label:
        doc["night_label"] = night.label
    doc["created_at"] = iso(m.created_at)
    if m.note:
        doc["note"] = m.note
    return doc


def spliceable(text: Any, document: bool = False) -> bool:
    """Whether a stored JSON text can be written into a compact export as it is: a text (not a
    server's decoded value) of ASCII alone with no escape in it (``ensure_ascii`` then changes
    nothing), an object written with ``json.dumps``'s separators (no line break; its first key
    followed by ``": "``: another tool's compact or indented text is decoded and written afresh);
    for a hand's ``document`` also none of :data:`BOOKKEEPING`'s keys in it (the export leaves them
    out). A text changed by hand in one place only, keeping those marks, is copied as it is."""
    if not (isinstance(text, str) and text.isascii() and "\\" not in text and text[:1] == "{" and "\n" not in text):
        return False
    colon = text.find('":')
    return (colon < 0 or text[colon + 2:colon + 3] == " ") and not (document and _BOOKKEEPING_KEY.search(text))


def match_text(m: Any, setup: MatchSetup, night: Any, hands: Sequence[ExportHand]) -> str:
    """``json.dumps(match_document(m, setup, night, decoded(hands), stored=True), ensure_ascii=False)``,
    with each stored text that is :func:`spliceable` copied in as it is rather than decoded and
    encoded again."""
    ids = {h.id: i for i, h in enumerate(hands)}
    parts = [_dumps(_match_fields(m, setup, night, True))[:-1], ', "hands": [']
    for k, h in enumerate(hands):
        if k:
            parts.append(", ")
        parts.append(_hand_text(h, ids))
    tail: dict[str, Any] = {"ended_early": True} if m.status == "ended" else {}
    tail["stored"] = {"id": m.id, "status": m.status, "finished_at": iso(m.finished_at), "demo": night.demo}
    parts += ["], ", _dumps(tail)[1:]]
    return "".join(parts)


def _hand_text(h: ExportHand, ids: dict[int, int]) -> str:
    """One hand of :func:`match_text`: its document's text, then :func:`hand_entry`'s fields
    (the stored result's text among them)."""
    doc, result = h.document, h.result
    if not spliceable(doc, document=True):
        doc = _dumps({k: v for k, v in _value(doc).items() if k not in BOOKKEEPING})
    result = result if spliceable(result) else _dumps(_value(result))
    if h.voided or h.replaces_id in ids or shown_source(h.source):  # the rarer shapes of hand_entry: written from it
        entry = _encode(hand_entry(h, ids, True, Raw(result)))[1:]
    else:  # its usual shape, {"entered_at", "stored"}, written directly (an ISO time needs no escape)
        entry = (f'"entered_at": "{iso(h.entered_at)}", "stored": {{"id": {int(h.id)}, "result": {result}, '
                 f'"scorer_version": {_encode(h.scorer_version)}}}}}')
    return f"{doc[:-1]}{', ' if len(doc) > 2 else ''}{entry}"


def shown_source(source: str | None) -> bool:
    """Whether a hand's ``source`` is written in its document: every source but the terminal's
    (null or ``"cli"``), so the export of a ledger kept at the terminal is what it always was."""
    return source not in (None, "cli")


class Raw(str):
    """A JSON text already written, taken as it is by :func:`_encode` (a stored result's text)."""


def _encode(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)`` for the export's own small objects (a hand's
    :func:`hand_entry`): texts, whole numbers, booleans, None and objects of them are written here
    (a text only when it has nothing JSON escapes), :class:`Raw` as it is, anything else by
    ``json.dumps``. For one small object this is several times quicker than ``json.dumps``, whose
    encoder costs microseconds to set up on every call."""
    kind = type(value)
    if kind is str or kind is Raw:
        return value if kind is Raw else f'"{value}"' if value.isascii() and value.isprintable() \
            and '"' not in value and "\\" not in value else _dumps(value)
    if kind is dict:
        return "{" + ", ".join([f"{_KEYS.get(k) or _encode(k) + ': '}{_encode(v)}" for k, v in value.items()]) + "}"
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    return int.__repr__(value) if kind is int else _dumps(value)


_KEYS = {k: f'"{k}": ' for k in (*BOOKKEEPING, "id", "result", "scorer_version")}  # hand_entry's keys, written


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _value(stored: Any) -> Any:
    """A stored JSON value: SQLite's text decoded, a server's value as it is."""
    return json.loads(stored) if isinstance(stored, str) else stored


def decoded(h: ExportHand) -> ExportHand:
    """The hand with its ``document`` and ``result`` as values."""
    return h._replace(document=_value(h.document), result=_value(h.result))


# --- reading the whole ledger ---------------------------------------------------------------------
def export_head(reads: Reads) -> dict:
    """Everything of the export before its matches: format, version, program, schema, the time of
    the export, every player (by number) and, when there are any, the club sessions. A damaged
    hand (:meth:`Reads.damaged_hands`) is refused first."""
    from ledger.store.engine import HEAD

    _refuse_damaged(reads.damaged_hands())  # refused before the first match is written
    players = [{"id": pid, "name": name, "created_at": iso(created), "demo": bool(demo)}
               for pid, name, created, demo in reads.rows(f"SELECT id, name, created_at, demo FROM {PLAYER} ORDER BY id")]
    head = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "program": f"ledger {__version__}",
            "schema": HEAD, "exported_at": iso(dt.datetime.now(dt.timezone.utc)), "players": players}
    clubs = club_sessions(reads)
    if clubs:  # a ledger without club sessions exports as it always did
        head["club_sessions"] = clubs
    return head


def club_sessions(reads: Reads) -> list[dict]:
    """Every club session with every line ever entered (voided ones too), for a ledger export:
    ``[{"id", "title", "event", "scoring", "movement", "names", "boards", "tables", "created_at",
    "results": [{"id", "number", "board", "result", "entered_at", "voided", "voided_at",
    "void_reason", "replaces"}]}]`` (``replaces``: the id of the line a correction replaces; the
    times in ISO 8601, in UTC, as the ORM reads them)."""
    results: dict[int, list[dict]] = {}
    for sid, rid, number, board, doc, entered, voided, voided_at, reason, replaces in reads.rows(
            "SELECT session_id, id, position, board, document, entered_at, voided, voided_at, void_reason, replaces_id"
            " FROM club_result ORDER BY session_id, id"):
        results.setdefault(sid, []).append(
            {"id": rid, "number": number, "board": board, "result": reads.json(doc), "entered_at": _utc(entered),
             "voided": bool(voided), "voided_at": _utc(voided_at), "void_reason": reason, "replaces": replaces})
    return [{"id": sid, "title": title, "event": event, "scoring": scoring, "movement": movement,
             "names": dict(reads.json(names)), "boards": boards, "tables": tables,
             "created_at": _utc(created), "results": results.get(sid, [])}
            for sid, title, event, scoring, movement, names, boards, tables, created in reads.rows(
                "SELECT id, title, event, scoring, movement, names, boards, tables, created_at FROM club_session"
                " ORDER BY id")]


def export_matches(reads: Reads) -> Iterator[tuple[ExportMatch, MatchSetup, NightRow, list[ExportHand]]]:
    """Every match in number order with its setup, night and every hand (voided ones too, in
    position then entry order; ``document`` and ``result`` as stored): the matches, nights and
    seats in three queries, the hands :data:`MATCHES_A_QUERY` matches at a time."""
    nights = {r[0]: reads.night_row(r) for r in reads.rows(f"SELECT {columns(NIGHT, NIGHT_COLUMNS)} FROM {NIGHT}")}
    seats = reads.seats(None)
    matches = [ExportMatch(r[0], r[1], r[2], r[3], reads.json(r[4]) or {}, r[5], r[6], r[7], r[8])
               for r in reads.rows(f"SELECT {columns(MATCH, EXPORT_MATCH_COLUMNS)} FROM {MATCH} ORDER BY id")]
    for k in range(0, len(matches), MATCHES_A_QUERY):
        chunk = matches[k:k + MATCHES_A_QUERY]
        own: dict[int, list[ExportHand]] = {}
        for r in reads.rows(f"SELECT {columns(HAND, EXPORT_HAND_COLUMNS)} FROM {HAND}"
                            " WHERE match_id >= ? AND match_id <= ? ORDER BY match_id, position, id",
                            [chunk[0].id, chunk[-1].id]):
            own.setdefault(r[1], []).append(ExportHand._make(r))
        for m in chunk:
            yield m, setup_from_seats(m, seats.get(m.id, [])), nights[m.night_id], own.pop(m.id, [])


def export_document(reads: Reads) -> dict:
    """Every player and every match of the ledger in one document (docs/formats.md, "The whole
    ledger"): ``{"format": "ledger-export", "version": 1, "program", "schema", "exported_at",
    "players": [{"id", "name", "created_at", "demo"}], ["club_sessions",] "matches": [match
    document, ...]}``, each match and hand with its ``"stored"`` object. Held in memory whole:
    :func:`write_export` writes the same one match by match."""
    head = export_head(reads)
    head["matches"] = [match_document(m, setup, night, [decoded(h) for h in hands], stored=True)
                       for m, setup, night, hands in export_matches(reads)]
    return head


def write_export(reads: Reads, out: IO[str], indent: int | None = None) -> int:
    """Write :func:`export_document`'s document to the text stream ``out`` match by match, holding
    one batch of matches at a time; returns the number of matches.

    Compact by default: the head on the first line, then each match document on a line of its
    own — the bytes of ``json.dumps(doc, ensure_ascii=False)`` with a line break before each match
    and before the closing ``]}`` (stored texts spliced in, :func:`match_text`). With ``indent``
    the bytes are exactly ``json.dumps(doc, ensure_ascii=False, indent=indent)``.

    A damaged hand (stored text that is not JSON) is refused with ``LedgerError`` (``damaged``)
    before anything is written."""
    n, closing = _write_matches(reads, out, indent)
    out.write(closing)
    return n


def _write_matches(reads: Reads, out: IO[str], indent: int | None) -> tuple[int, str]:
    """:func:`write_export` but its last text, which is returned (with how many matches)."""
    head = export_head(reads)
    inner = "\n" if indent is None else "\n" + " " * (2 * indent)  # before each match in the list
    n = 0
    for m, setup, night, hands in export_matches(reads):
        if not n:
            text = json.dumps({**head, "matches": [None]}, ensure_ascii=False, indent=indent)
            before, after = text.rsplit("null", 1)  # the matches go there, one by one
            out.write(before.rstrip(" \n") + inner)
        else:
            out.write("," + inner)
        if indent is None:
            out.write(match_text(m, setup, night, hands))
        else:
            doc = match_document(m, setup, night, [decoded(h) for h in hands], stored=True)
            out.write(json.dumps(doc, ensure_ascii=False, indent=indent).replace("\n", inner))
        n += 1
    if n:
        return n, (after if indent is not None else "\n" + after)
    return n, json.dumps({**head, "matches": []}, ensure_ascii=False, indent=indent)


def _refuse_damaged(found: list[tuple[int, int]]) -> None:
    for mid, entry in found:
        raise damaged(mid, entry)
