"""A scored session as the JSON object of FORMATS.md ("Club session documents"): :func:`session_json`.

Per board: ``board``, ``vulnerable``, ``top`` (matchpoints) or ``datum`` (Butler), and its results
in the order given, each as given (pairs, contract, table, names…) with ``score_ns`` (null for
an adjusted score) and ``mp_ns``/``mp_ew``/``pct_ns``/``pct_ew`` or ``imp_ns``/``imp_ew``.
``ranking``: ``rank``, ``pair`` (``player``, ``team``), ``direction``, ``mp`` and ``pct`` or
``imps`` or ``vp``, ``boards``. ``matches`` (teams): ``home``, ``away``, ``imps``, ``boards``,
``vp``. Fractional figures carry :data:`PLACES` decimals (VPs two).
"""

from __future__ import annotations

from typing import Any

from ledger.club.scoring import MatchScore, RankRow, ScoredBoard, ScoredResult, ScoredSession
from ledger.club.session import MATCHPOINT_SCORINGS, Session

PLACES = 4
ENTRANT_WORD = {"pairs": "pair", "individual": "player", "teams": "team"}


def number(value: float | int | None, places: int = PLACES) -> float | int | None:
    """A figure for JSON: whole numbers as integers when they are integers, else rounded."""
    if value is None or isinstance(value, int):
        return value
    return round(value, places) + 0.0  # + 0.0: no -0.0


def result_json(sr: ScoredResult, matchpoints: bool) -> dict[str, Any]:
    r = sr.result
    out = dict(r.given)
    out["score_ns"] = r.score_ns
    if matchpoints:
        out.update(mp_ns=number(sr.mp_ns), mp_ew=number(sr.mp_ew), pct_ns=number(sr.pct_ns),
                   pct_ew=number(sr.pct_ew))
    else:
        out.update(imp_ns=number(sr.imp_ns), imp_ew=number(sr.imp_ew))
    return out


def board_json(sb: ScoredBoard, scoring: str) -> dict[str, Any]:
    mp = scoring in MATCHPOINT_SCORINGS
    out: dict[str, Any] = {"board": sb.board.number, "vulnerable": sb.board.vulnerable}
    if mp:
        out["top"] = sb.top
    if scoring == "butler":
        out["datum"] = sb.datum
    out["results"] = [result_json(sr, mp) for sr in sb.results]
    return out


def label(session: Session, key: str) -> Any:
    """An entrant's number or name as the document wrote it."""
    return session.labels.get(key, key)


def rank_json(row: RankRow, session: Session) -> dict[str, Any]:
    out: dict[str, Any] = {"rank": row.rank, ENTRANT_WORD[session.event]: label(session, row.entrant.key),
                           "direction": row.direction}
    if session.names.get(row.entrant.key):
        out["name"] = session.names[row.entrant.key]
    if session.event == "teams":
        out.update(vp=number(row.total, 2), imps=number(row.imps))
    elif session.scoring in MATCHPOINT_SCORINGS:
        out.update(mp=number(row.total), pct=number(row.pct))
    else:
        out["imps"] = number(row.total)
    out["boards"] = row.boards
    return out


def match_json(m: MatchScore, session: Session) -> dict[str, Any]:
    return {"home": label(session, m.home), "away": label(session, m.away),
            "imps": [number(x) for x in m.imps], "boards": m.boards, "vp": [number(x, 2) for x in m.vp]}


def session_json(scored: ScoredSession) -> dict[str, Any]:
    """The whole scored session (FORMATS.md), ready for ``json.dumps``: :func:`session_head`,
    ``boards`` (:func:`board_json` of each), :func:`session_tail`."""
    boards = [board_json(b, scored.session.scoring) for b in scored.boards]
    return {**session_head(scored), "boards": boards, **session_tail(scored)}


def session_head(scored: ScoredSession) -> dict[str, Any]:
    """What comes before the boards: ``event``, ``scoring`` and ``title`` (when it has one)."""
    s = scored.session
    out: dict[str, Any] = {"event": s.event, "scoring": s.scoring}
    if s.title:
        out["title"] = s.title
    return out


def session_tail(scored: ScoredSession) -> dict[str, Any]:
    """What comes after the boards: ``ranking`` and ``matches``."""
    s = scored.session
    return {"ranking": [rank_json(r, s) for r in scored.ranking], "matches": [match_json(m, s) for m in scored.matches]}
