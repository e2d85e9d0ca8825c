"""Scoring a checked :class:`~ledger.club.session.Session`: each result against the others on its
board, then the ranking (RULES.md "Bridge club sessions").

:func:`score_session` returns a :class:`ScoredSession`: per board its top (matchpoints) or datum
(Butler) and per result its matchpoints and percentages (``mp``, ``mp-acbl``, with Neuberg where
the board has artificial scores) or its IMPs (``butler``, ``cross-imps``, ``imps``); the teams
matches with their IMP totals and victory points; and the ranking. Pure: no I/O.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ledger.club import scales
from ledger.club.session import (
    MATCHPOINT_SCORINGS, Board, Entrant, MatchTotal, Result, Session,
)

RANK_PLACES = 6  # totals equal to this many decimals share a rank


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A result with its figures: matchpoints ``mp_ns``/``mp_ew`` and percentages ``pct_ns``/
    ``pct_ew`` (matchpoint scorings), or IMPs ``imp_ns``/``imp_ew`` (the others); None where the
    scoring has no such figure."""

    result: Result
    mp_ns: float | None = None
    mp_ew: float | None = None
    pct_ns: float | None = None
    pct_ew: float | None = None
    imp_ns: float | None = None
    imp_ew: float | None = None

    def points(self, side: str) -> float:
        """What ``side`` (NS/EW) earned: its matchpoints or its IMPs."""
        got = (self.mp_ns if side == "NS" else self.mp_ew) if self.mp_ns is not None else (
            self.imp_ns if side == "NS" else self.imp_ew)
        assert got is not None  # ranked results are scored: a teams board waiting for its other table is not
        return got


@dataclass(frozen=True)
class ScoredBoard:
    """A board with its ``top`` (matchpoints: 2(N−1), or N−1 on the ACBL scale, N its results),
    its ``datum`` (Butler), and its scored results in the document's order."""

    board: Board
    results: tuple[ScoredResult, ...]
    top: int | None = None
    datum: int | None = None


@dataclass(frozen=True)
class MatchScore:
    """A teams match: ``home`` and ``away`` keys, their IMP totals, boards played and VPs."""

    home: str
    away: str
    imps: tuple[float, float]
    boards: int
    vp: tuple[float, float]


@dataclass(frozen=True)
class RankRow:
    """One line of the ranking: ``rank`` (equal totals share it), the ``entrant``, its
    ``direction`` (a pair's: the one it is ranked in in a Mitchell, else its starting direction,
    :func:`starting_directions`; None for a player or a team), its ``total`` (matchpoints, IMPs or VPs),
    its percentage (matchpoints: total over the sum of the tops of the boards it played), the
    ``boards`` it played, and for teams its IMP total."""

    rank: int
    entrant: Entrant
    direction: str | None
    total: float
    pct: float | None
    boards: int
    imps: float | None = None


@dataclass(frozen=True)
class ScoredSession:
    session: Session
    boards: tuple[ScoredBoard, ...]
    ranking: tuple[RankRow, ...]
    matches: tuple[MatchScore, ...]


def score_session(session: Session) -> ScoredSession:
    """Score every board of ``session`` by its scoring, then its matches and its ranking."""
    method = _METHODS[session.scoring]
    boards = tuple(method(b, session.scoring) for b in session.boards)
    if session.event == "teams":
        matches = tuple(_board_matches(boards)) + tuple(_given_match(m) for m in session.matches)
        ranking = team_ranking(matches)
    else:
        matches = ()
        ranking = entrant_ranking(boards, session.scoring in MATCHPOINT_SCORINGS, session.mitchell,
                                  session.event == "pairs")
    return ScoredSession(session, boards, ranking, matches)


# --- one board, by each method ------------------------------------------------------------------
def score_matchpoints(board: Board, scale: str) -> ScoredBoard:
    """Matchpoints (2/1 or ACBL scale) of each real score among the real scores, made up to the
    board's full count by Neuberg's formula; an artificial score is its share of the top."""
    real = {r.index: r.score_ns for r in board.results if r.score_ns is not None}
    count = len(board.results)
    top = scales.top(count, scale)
    raw = dict(zip(real, scales.matchpoints(list(real.values()), scale)))
    out = []
    for r in board.results:
        if r.score_ns is not None:
            ns = scales.neuberg(raw[r.index], len(real), count, scale)
            pct_ns = 100 * ns / top if top else 50.0
            out.append(ScoredResult(r, ns, top - ns, pct_ns, 100 - pct_ns))
        else:
            share_ns, share_ew = (scales.ARTIFICIAL_SHARE[a] for a in _artificial(r))
            out.append(ScoredResult(r, share_ns * top, share_ew * top, 100 * share_ns, 100 * share_ew))
    return ScoredBoard(board, tuple(out), top=top)


def score_butler(board: Board, scoring: str = "butler") -> ScoredBoard:
    """Butler: each real NS score's IMPs against the board's datum; an artificial score ±3 IMPs."""
    datum = scales.datum([r.score_ns for r in board.results if r.score_ns is not None])
    out = []
    for r in board.results:
        if r.score_ns is not None:
            assert datum is not None  # a board with a real score has a datum
            ns = scales.imps(r.score_ns - datum)
            out.append(ScoredResult(r, imp_ns=ns, imp_ew=-ns))
        else:
            a_ns, a_ew = (scales.ARTIFICIAL_BUTLER_IMPS[a] for a in _artificial(r))
            out.append(ScoredResult(r, imp_ns=a_ns, imp_ew=a_ew))
    return ScoredBoard(board, tuple(out), datum=datum)


def score_cross_imps(board: Board, scoring: str = "cross-imps") -> ScoredBoard:
    """Cross-IMPs: each real NS score's IMPs against every other real score on the board, summed;
    an artificial score ±1.5 IMPs per comparison (the board's results less one)."""
    counts: dict[int, int] = defaultdict(int)
    for r in board.results:
        if r.score_ns is not None:
            counts[r.score_ns] += 1
    by_score = {s: sum(n * scales.imps(s - t) for t, n in counts.items()) for s in counts}
    comparisons = len(board.results) - 1
    out = []
    for r in board.results:
        if r.score_ns is not None:
            ns = by_score[r.score_ns]
            out.append(ScoredResult(r, imp_ns=ns, imp_ew=-ns))
        else:
            a_ns, a_ew = (scales.ARTIFICIAL_CROSS_IMPS[a] * comparisons for a in _artificial(r))
            out.append(ScoredResult(r, imp_ns=a_ns, imp_ew=a_ew))
    return ScoredBoard(board, tuple(out))


def score_team_board(board: Board, scoring: str = "imps") -> ScoredBoard:
    """Teams: each table's NS score against the NS score at the other table of the same match
    (the same two teams the other way round); its IMPs go to the NS team there."""
    other = {(r.ns[0], r.ew[0]): r for r in board.results}
    out = []
    for r in board.results:
        partner = other.get((r.ew[0], r.ns[0]))
        if partner is None:  # a session still being entered: the other table has not played yet
            out.append(ScoredResult(r))
            continue
        assert r.score_ns is not None and partner.score_ns is not None  # a teams result has no artificial score
        ns = scales.imps(r.score_ns - partner.score_ns)
        out.append(ScoredResult(r, imp_ns=ns, imp_ew=-ns))
    return ScoredBoard(board, tuple(out))


def _artificial(r: Result) -> tuple[str, str]:
    """The artificial adjusted score ``(ns, ew)`` of a result without a real score."""
    assert r.adjusted is not None  # read_session gives every result a score_ns or an adjusted score
    return r.adjusted


_METHODS: dict[str, Callable[[Board, str], ScoredBoard]] = {
    "mp": score_matchpoints, "mp-acbl": score_matchpoints, "butler": score_butler,
    "cross-imps": score_cross_imps, "imps": score_team_board,
}


# --- teams matches ------------------------------------------------------------------------------
def match_score(home: str, away: str, imps: tuple[float, float], boards: int) -> MatchScore:
    """A match's VPs from its IMP totals (WBF continuous scale, :func:`scales.victory_points`)."""
    win, lose = scales.victory_points(abs(imps[0] - imps[1]), boards)
    vp = (win, lose) if imps[0] >= imps[1] else (lose, win)
    return MatchScore(home, away, imps, boards, vp)


def _given_match(m: MatchTotal) -> MatchScore:
    return match_score(m.home, m.away, m.imps, m.boards)


def _board_matches(boards: Sequence[ScoredBoard]) -> Iterable[MatchScore]:
    """The matches the boards hold: two teams meeting (in a round, when results name one); each
    team scores the IMPs it gains on a board (RULES.md, teams)."""
    totals: dict[tuple, dict[str, float]] = {}
    played: dict[tuple, int] = defaultdict(int)
    order: dict[tuple, tuple[str, str]] = {}
    for sb in boards:
        for sr in sb.results:
            r = sr.result
            if sr.imp_ns is None:
                continue
            home, away = r.ns[0].key, r.ew[0].key
            key = (r.given.get("round"), frozenset((home, away)))
            order.setdefault(key, (home, away))
            t = totals.setdefault(key, {home: 0, away: 0})
            if sr.imp_ns > 0:
                t[home] += sr.imp_ns
            played[key] += 1
    for key, (home, away) in order.items():
        t = totals[key]
        yield match_score(home, away, (t[home], t[away]), played[key] // 2)


# --- rankings -----------------------------------------------------------------------------------
def _ranked(rows: list[tuple[float, Entrant, tuple]], directions: Mapping[Entrant, str]) -> list[RankRow]:
    """Rank ``(total, entrant, rest)`` rows, best first; equal totals share the rank; each row's
    direction from ``directions`` (None for an entrant it does not hold)."""
    rows = sorted(rows, key=lambda x: (-round(x[0], RANK_PLACES), _natural(x[1].key)))
    out, rank, last = [], 0, None
    for i, (total, entrant, rest) in enumerate(rows):
        if round(total, RANK_PLACES) != last:
            rank, last = i + 1, round(total, RANK_PLACES)
        out.append(RankRow(rank, entrant, directions.get(entrant), total, *rest))
    return out


def _natural(key: str) -> tuple:
    return (0, int(key), "") if key.isdigit() else (1, 0, key.casefold())


def starting_directions(boards: Sequence[Board]) -> dict[Entrant, str]:
    """Each entrant's starting direction (``NS``/``EW``): the side it sat in its first round, its
    result with the lowest ``round`` (results keep the round they were given), else, where its
    results give no round, its first result in the document's order (boards in the document's
    order). What club programs print as a pair's direction (Magic Contest, Ruter: the
    ``Direction`` of the ``[TotalScoreTable]``, the pair's seat at its starting table), also
    when pairs change direction during the session (docs/club.md, "Readings taken")."""
    first: dict[Entrant, tuple[float, int, str]] = {}
    order = 0
    for b in boards:
        for r in b.results:
            when = _round_number(r.given.get("round"))
            for side in ("NS", "EW"):
                for e in r.side(side):
                    if e not in first or (when, order) < first[e][:2]:
                        first[e] = (when, order, side)
            order += 1
    return {e: side for e, (_, _, side) in first.items()}


def _round_number(value: object) -> float:
    """A result's ``round`` as a number (a whole number or its digits); infinity for none."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return math.inf


def entrant_ranking(boards: Sequence[ScoredBoard], matchpoints: bool, mitchell: bool,
                    pairs: bool = True) -> tuple[RankRow, ...]:
    """Pairs or players (``pairs`` False: an individual, whose rows have no direction) by total
    matchpoints (with the percentage: the total over the sum of the tops of the boards played) or
    total IMPs; a Mitchell ranks NS and EW apart, otherwise one list. A pair's row gives its
    direction: in a Mitchell the one it plays, else its starting direction
    (:func:`starting_directions`)."""
    total: dict[Entrant, float] = defaultdict(float)
    tops: dict[Entrant, float] = defaultdict(float)
    played: dict[Entrant, int] = defaultdict(int)
    for sb in boards:
        for sr in sb.results:
            for side in ("NS", "EW"):
                for e in sr.result.side(side):
                    total[e] += sr.points(side)
                    tops[e] += sb.top or 0
                    played[e] += 1
    direction = starting_directions([sb.board for sb in boards]) if pairs else {}

    def row(e: Entrant) -> tuple[float, Entrant, tuple]:
        pct = (100 * total[e] / tops[e] if tops[e] else 50.0) if matchpoints else None
        return total[e], e, (pct, played[e])

    if not mitchell:
        return tuple(_ranked([row(e) for e in total], direction))
    return tuple(r for side in ("NS", "EW")
                 for r in _ranked([row(e) for e in total if direction.get(e) == side], direction))


def team_ranking(matches: Sequence[MatchScore]) -> tuple[RankRow, ...]:
    """Teams by total victory points, with their IMP totals and the boards they played."""
    vp: dict[str, float] = defaultdict(float)
    imps: dict[str, float] = defaultdict(int)
    played: dict[str, int] = defaultdict(int)
    for m in matches:
        for team, v, i in ((m.home, m.vp[0], m.imps[0]), (m.away, m.vp[1], m.imps[1])):
            vp[team] += v
            imps[team] += i
            played[team] += m.boards
    return tuple(_ranked([(scales.round_half_away(vp[t], 2), Entrant(t), (None, played[t], imps[t])) for t in vp],
                         {}))
