"""Stored club sessions: start one, enter its traveller lines, void or correct them, read it back.

Each operation is one transaction of the :class:`~ledger.store.service.Ledger` it is given, and
checks everything before writing: a new or corrected result is scored with every live result of
its session (``ledger.club``) first, so a ``LedgerError`` leaves the ledger as it was. The scores
are never stored: a session's ranking and travellers are always computed afresh from its live
results, like a match's scoreboard from its live hands. Sessions are referred to by number, or
``last`` for the newest; a result by its number in the session (the order it was entered in; a
correction takes the number of the result it replaces).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from ledger.errors import LedgerError
from ledger.i18n import Msg, t, tn
from ledger.store.models import ClubResult, ClubSession, utcnow

MAX_POSITION = 9999 * 999  # a result's number in its session: 9999 boards of 999 tables at most


@dataclass(frozen=True)
class ClubView:
    """A stored session: its row, its live results (in the order entered) and its scores
    (:class:`ledger.club.scoring.ScoredSession`)."""

    session: ClubSession
    results: tuple[ClubResult, ...]
    scored: Any

    def document(self) -> dict:
        return session_document(self.session, self.results)


def session_document(row: ClubSession, results: Sequence[ClubResult]) -> dict:
    """The session document (FORMATS.md) of a stored session: its boards in number order, each
    with its live results in the order entered (each result keeps its ``number``)."""
    boards: dict[int, list] = {}
    for r in sorted(results, key=lambda r: r.position):
        boards.setdefault(r.board, []).append({**r.document, "number": r.position})
    doc: dict[str, Any] = {"game": "bridge", "event": row.event, "scoring": row.scoring}
    if row.movement:
        doc["movement"] = row.movement
    if row.title:
        doc["title"] = row.title
    if row.names:
        doc["names"] = dict(row.names)
    doc["boards"] = [{"board": b, "results": boards[b]} for b in sorted(boards)]
    return doc


def _score(doc: dict):
    """Score a session document; an error about a result is named by its number (``result 7``)."""
    from ledger.club import score_document

    try:
        return score_document(doc, partial=True)
    except LedgerError as err:
        m = re.match(r"^boards\[(\d+)\]\.results\[(\d+)\]\.?", err.field)
        if m is None:
            raise
        results = doc["boards"][int(m[1])]["results"]
        number = results[int(m[2])].get("number")
        message = _Renumbered(err.msg.code, err.msg.text, err.msg.params, err.msg.plural, err.msg.n,
                              numbers=tuple(r.get("number") for r in results))
        where = f"result {number}" if number is not None else "result"
        rest = err.field[m.end():]
        raise LedgerError(message, f"{where}.{rest}" if rest else where, err.value) from None


@dataclass(frozen=True)
class _Renumbered(Msg):
    """A message about a session document's results, shown with each result's number where it
    names one by its place (``results[2]`` → ``result 6``), in the language in use."""

    numbers: tuple = ()

    def render(self, lang: str | None = None) -> str:
        return re.sub(r"results\[(\d+)\]", lambda x: str(t("club.result", "result {number}",
                                                             number=str(self.numbers[int(x[1])]))),
                      Msg.render(self, lang))


class ClubLedger:
    """The club sessions of a ledger (``led``: a :class:`ledger.store.service.Ledger`)."""

    def __init__(self, led):
        self.led = led

    # --- reading ------------------------------------------------------------------------------
    def _find(self, s: Session, ref: str | int) -> ClubSession:
        if str(ref).strip().lower() == "last":
            row = s.exec(select(ClubSession).order_by(col(ClubSession.id).desc())).first()
            if row is None:
                raise LedgerError(t("club.no_session_yet", "no club session yet (start one with 'ledger club new')"),
                                  "session", ref)
            return row
        text = str(ref).strip()
        row = s.get(ClubSession, int(text)) if text.isdigit() and len(text) < 10 else None
        if row is None:
            raise LedgerError(t("club.no_session", "no club session {session}", session=str(ref)), "session", ref)
        return row

    def _results(self, s: Session, row: ClubSession, live: bool = True) -> list[ClubResult]:
        q = select(ClubResult).where(ClubResult.session_id == row.id)
        if live:
            q = q.where(col(ClubResult.voided).is_(False))
        return list(s.exec(q.order_by(col(ClubResult.position), col(ClubResult.id))))

    def _view(self, s: Session, row: ClubSession) -> ClubView:
        results = tuple(self._results(s, row))
        return ClubView(row, results, _score(session_document(row, results)))

    def view(self, ref: str | int) -> ClubView:
        """The session with its live results and its scores as they stand."""
        with self.led.transaction() as s:
            return self._view(s, self._find(s, ref))

    def event(self, ref: str | int) -> str:
        """The session's event (``pairs``, ``individual``, ``teams``): how its lines are read."""
        with self.led.transaction() as s:
            return self._find(s, ref).event

    def sessions(self) -> list[dict]:
        """Every session: number, title, event, scoring, live results, when it began."""
        with self.led.transaction() as s:
            rows = list(s.exec(select(ClubSession).order_by(col(ClubSession.id))))
            return [{"session": r.id, "title": r.title, "event": r.event, "scoring": r.scoring,
                     "results": len(self._results(s, r)), "created_at": r.created_at.isoformat()} for r in rows]

    def history(self, ref: str | int) -> list[dict]:
        """Every result ever entered, voided ones too, with when, why and what replaced what."""
        with self.led.transaction() as s:
            row = self._find(s, ref)
            return [{"number": r.position, "board": r.board, "result": r.document,
                     "entered_at": r.entered_at.isoformat(), "voided": r.voided,
                     "voided_at": r.voided_at.isoformat() if r.voided_at else None, "void_reason": r.void_reason,
                     "replaces": r.replaces_id is not None} for r in self._results(s, row, live=False)]

    # --- writing ------------------------------------------------------------------------------
    def new_session(self, event: str = "pairs", scoring: str | None = None, title: str = "",
                    movement: str | None = None, names: Mapping[str, str] | None = None,
                    boards: int | None = None, tables: int | None = None) -> ClubView:
        """Start a session; its settings are checked as a session document's are. ``boards``:
        its boards are 1 to ``boards`` (a line for another board is refused); ``tables``: the
        results each board waits for (``show`` says which boards are not complete)."""
        from ledger.games.parsing import as_int

        boards = as_int(boards, "boards", 1, 9999) if boards is not None else None
        tables = as_int(tables, "tables", 1, 999) if tables is not None else None
        from ledger.club.session import read_session

        doc: dict[str, Any] = {"event": event, "scoring": scoring, "movement": movement, "names": dict(names or {}), "boards": []}
        checked = read_session({k: v for k, v in doc.items() if v is not None})
        with self.led.transaction(write=True) as s:
            row = ClubSession(title=title or "", event=checked.event, scoring=checked.scoring,
                              movement=movement.lower() if movement else None, names=dict(checked.names),
                              boards=boards, tables=tables)
            s.add(row)
            s.flush()
            return self._view(s, row)

    def add(self, ref: str | int, board: int, doc: Mapping[str, Any]) -> tuple[ClubView, int]:
        """Enter a traveller line of board ``board``; returns the session and the result's number."""
        with self.led.transaction(write=True) as s:
            row = self._find(s, ref)
            results = self._results(s, row)
            every = self._results(s, row, live=False)
            number = max((r.position for r in every), default=0) + 1
            assert row.id is not None  # a stored session
            new = ClubResult(session_id=row.id, position=number, board=_board(board, row), document=_clean(doc))
            _check_room(row, results, new.board)
            _score(session_document(row, [*results, new]))
            s.add(new)
            s.flush()
            return self._view(s, row), number

    def _nth(self, s: Session, row: ClubSession, n: int | str) -> ClubResult:
        text = str(n).strip()
        for r in self._results(s, row):
            if text.isdigit() and r.position == int(text):
                return r
        raise LedgerError(t("club.no_result", "session {session} has no result {result}", session=str(row.id),
                            result=str(n)), "result", n)

    def void(self, ref: str | int, n: int | str, reason: str | None = None) -> ClubView:
        """Void result ``n`` (it stays in the history with when and why)."""
        with self.led.transaction(write=True) as s:
            row = self._find(s, ref)
            r = self._nth(s, row, n)
            r.voided, r.voided_at, r.void_reason = True, utcnow(), reason or None
            s.add(r)
            s.flush()
            return self._view(s, row)

    def replace(self, ref: str | int, n: int | str, doc: Mapping[str, Any], board: int | None = None,
                reason: str | None = None) -> ClubView:
        """Correct result ``n``: the old one is voided and the new one takes its number."""
        with self.led.transaction(write=True) as s:
            row = self._find(s, ref)
            old = self._nth(s, row, n)
            assert row.id is not None  # a stored session
            new = ClubResult(session_id=row.id, position=old.position, board=_board(board or old.board, row),
                             document=_clean(doc), replaces_id=old.id)
            _check_room(row, [r for r in self._results(s, row) if r.id != old.id], new.board)
            _score(session_document(row, [*(r for r in self._results(s, row) if r.id != old.id), new]))
            old.voided, old.voided_at, old.void_reason = True, utcnow(), reason or "corrected"
            s.add(old)
            s.add(new)
            s.flush()
            return self._view(s, row)


def _board(board: object, row: ClubSession) -> int:
    from ledger.games.parsing import as_int

    return as_int(board, "board", 1, row.boards or 9999)


def _check_room(row: ClubSession, results: Sequence[ClubResult], board: int) -> None:
    """Refuse a result on a board that already has as many results as the session has tables
    (``--tables``): ``LedgerError`` on ``board``, nothing written (docs/club.md)."""
    if not row.tables:
        return
    have = sum(1 for r in results if r.board == board)
    if have >= row.tables:
        raise LedgerError(tn("club.board_full", "board {board} already has its {n} result (the session has {n} "
                             "table): correct a line with ledger club edit",
                             "board {board} already has its {n} results (the session has {n} tables): correct a "
                             "line with ledger club edit", row.tables, board=str(board)), "board", board)


def waiting(view: ClubView) -> list[tuple[int, int]]:
    """The boards that wait for results: ``(board, results in)`` for each board of a session that
    said its boards and tables and has fewer results than tables on it (a board with none too)."""
    row = view.session
    if not row.tables:
        return []
    count: dict[int, int] = {}
    for r in view.results:
        count[r.board] = count.get(r.board, 0) + 1
    numbers = range(1, row.boards + 1) if row.boards else sorted(count)
    return [(b, count.get(b, 0)) for b in numbers if count.get(b, 0) < row.tables]


def _clean(doc: Mapping[str, Any]) -> dict:
    """A result as stored: what was entered, without a board or number of its own."""
    return {k: v for k, v in doc.items() if k not in ("board", "number")}


# --- in a ledger export (ledger/store/backup.py) ------------------------------------------------
def import_sessions(s: Session, sessions: object) -> int:
    """Store the club sessions of a ledger export (:func:`ledger.store.export.club_sessions`' shape), each checked
    by scoring its live lines; into a ledger with no club session their numbers are kept.
    Returns how many were stored. ``LedgerError`` on ``club_sessions[i]…`` for bad input."""
    import datetime as dt

    from ledger.games.parsing import as_int
    from ledger.store.engine import after_explicit_ids

    if sessions is None:
        return 0
    if not isinstance(sessions, list):
        raise LedgerError(t("club.expected_sessions", "expected a list of club sessions"), "club_sessions", None)
    keep = s.exec(select(ClubSession)).first() is None

    def when(value: object, field: str) -> dt.datetime:
        try:
            return dt.datetime.fromisoformat(str(value))
        except ValueError:
            raise LedgerError(t("backup.expected_time", "expected a date and time"), field, value) from None

    for i, doc in enumerate(sessions):
        where = f"club_sessions[{i}]"
        if not isinstance(doc, Mapping) or not isinstance(doc.get("results", []), list):
            raise LedgerError(t("club.expected_session", "expected a club session with its results"), where, None)
        row = ClubSession(id=doc.get("id") if keep else None, title=str(doc.get("title") or ""),
                          event=str(doc.get("event", "pairs")), scoring=str(doc.get("scoring", "mp")),
                          movement=doc.get("movement"), names=dict(doc.get("names") or {}),
                          boards=doc.get("boards"), tables=doc.get("tables"),
                          created_at=when(doc.get("created_at", utcnow().isoformat()), f"{where}.created_at"))
        s.add(row)
        s.flush()
        assert row.id is not None  # flushed: it has its id
        ids: dict[Any, int | None] = {}
        lines = []
        for j, r in enumerate(doc.get("results", [])):
            field = f"{where}.results[{j}]"
            if not isinstance(r, Mapping) or not isinstance(r.get("result"), Mapping):
                raise LedgerError(t("club.expected_line", "expected a result line"), field, None)
            line = ClubResult(session_id=row.id, position=as_int(r.get("number"), f"{field}.number", 1, MAX_POSITION),
                              board=_board(r.get("board"), row), document=_clean(r["result"]),
                              entered_at=when(r.get("entered_at", utcnow().isoformat()), f"{field}.entered_at"),
                              voided=bool(r.get("voided")), void_reason=r.get("void_reason"),
                              voided_at=when(r["voided_at"], f"{field}.voided_at") if r.get("voided_at") else None,
                              replaces_id=ids.get(r.get("replaces")))
            s.add(line)
            s.flush()
            ids[r.get("id")] = line.id
            lines.append(line)
        try:
            _score(session_document(row, [x for x in lines if not x.voided]))
        except LedgerError as err:
            raise err.at(where) from None
    if keep:
        after_explicit_ids(s.connection(), ("club_session",))
    return len(sessions)


def wipe_sessions(s: Session) -> None:
    """Delete every club session (a restore follows, in the caller's transaction)."""
    from sqlmodel import delete, update

    s.exec(update(ClubResult).where(ClubResult.replaces_id.is_not(None)).values(replaces_id=None))  # type: ignore[union-attr]
    s.exec(delete(ClubResult))
    s.exec(delete(ClubSession))
