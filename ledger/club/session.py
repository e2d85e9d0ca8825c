"""A club session document read and checked into frozen values (FORMATS.md "Club session
documents", RULES.md "Bridge club sessions").

:func:`read_session` takes the parsed JSON object and returns a :class:`Session`: its event
(``pairs``, ``individual``, ``teams``), its scoring, its boards (each result with the duplicate
score of its contract by the Bridge section's scoring, ``ledger.games.bridge.scoring``) and its
match totals. Every fault is a ``LedgerError`` whose field names the board and the result
(``boards[3].results[5].contract``), in the order of the document.

Who played: a result names its pairs ``ns``/``ew`` (numbers or names), in an individual event its
``players`` ``{"N", "S", "E", "W"}``, in a teams event the teams ``ns``/``ew``. Each competitor is
an :class:`Entrant`. In a pairs event the movement decides whether a pair's number is its own
(a Howell: one list) or its number within its direction (a Mitchell whose NS and EW pairs share
numbers: NS 1 and EW 1 are two pairs). ``movement`` may say so; without it a Mitchell is
recognised when every number plays in one direction only, or when a number plays one board in
both directions (two pairs that share it).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ledger.errors import LedgerError
from ledger.games.parsing import as_int, check_keys, need
from ledger.games.bridge.document import FIELD_WORDS
from ledger.games.bridge.scoring import (
    SIDES, board_vulnerability, duplicate_score, is_vulnerable, parse_contract, parse_seat,
    parse_vulnerable, side_of, tricks_from,
)
from ledger.games.suggest import nearest
from ledger.i18n import Msg, t

EVENTS = ("pairs", "individual", "teams")
SCORINGS = ("mp", "mp-acbl", "butler", "cross-imps", "imps")
MATCHPOINT_SCORINGS = ("mp", "mp-acbl")
DEFAULT_SCORING = {"pairs": "mp", "individual": "mp", "teams": "imps"}
MOVEMENTS = ("mitchell", "howell")
SESSION_KEYS = {"game", "event", "scoring", "boards", "matches", "movement", "names", "title", "date", "site"}
BOARD_KEYS = {"board", "vulnerable", "results"}
MATCH_KEYS = {"home", "away", "imps", "boards", "round"}
COMPASS = ("N", "S", "E", "W")
ADJUSTED = {"A+": "A+", "A": "A", "A=": "A", "A-": "A-"}
MAX_BOARD = 9999
MAX_ENTRANT = 9999  # a pair's, player's or team's number, as a board's: no club numbers beyond
EVENT_WORDS = {"pairs": t("club.event.pairs", "pairs"), "individual": t("club.event.individual", "individual"),
               "teams": t("club.event.teams", "teams")}
"""The events as they are named in a sentence."""


@dataclass(frozen=True, order=True, slots=True)
class Entrant:
    """One competitor: a pair, a player or a team, by ``key`` (its number or name as text) and, in
    a Mitchell whose directions share numbers, the ``direction`` it plays (``NS``/``EW``; None
    otherwise)."""

    key: str
    direction: str | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """One result on a board (one table's play of it): the entrants sitting ``ns`` and ``ew``
    (one pair or team each; an individual's two players each), its NS score in points
    (``score_ns``; None for an artificial adjusted score) or ``adjusted`` (``(ns, ew)``, each of
    ``A+``, ``A``, ``A-``), the document's ``index`` in its board, and the result as ``given``."""

    index: int
    ns: tuple[Entrant, ...]
    ew: tuple[Entrant, ...]
    score_ns: int | None
    adjusted: tuple[str, str] | None
    given: Mapping[str, Any] = field(compare=False, repr=False)

    @property
    def real(self) -> bool:
        return self.score_ns is not None

    def side(self, side: str) -> tuple[Entrant, ...]:
        return self.ns if side == "NS" else self.ew


@dataclass(frozen=True)
class Board:
    """A board (``number``, its ``vulnerable``) with its results in the document's order;
    ``index`` is its place in the document's ``boards``."""

    index: int
    number: int
    vulnerable: str
    results: tuple[Result, ...]


@dataclass(frozen=True)
class MatchTotal:
    """A teams match given by its totals: ``home`` and ``away`` team keys, their IMP totals and
    the number of boards played."""

    index: int
    home: str
    away: str
    imps: tuple[float, float]
    boards: int


@dataclass(frozen=True)
class Session:
    """A checked session document. ``labels`` maps an entrant's key to its number or name as the
    document first wrote it (``7`` or ``"Rossi - Bianchi"``); ``names`` maps a key to a name
    given in the document's ``names``; ``mitchell`` says NS and EW are ranked apart."""

    event: str
    scoring: str
    boards: tuple[Board, ...]
    matches: tuple[MatchTotal, ...]
    mitchell: bool
    labels: Mapping[str, Any]
    names: Mapping[str, str]
    title: str = ""


def _choice(value: object, allowed: Sequence[str], field: str, default: str) -> str:
    if value is None:
        return default
    if isinstance(value, str) and (text := value.strip().lower()) in allowed:
        return text
    near = nearest(value, allowed)
    what = _CHOICE_WORDS.get(field, field)
    msg = (t("club.unknown_choice_near", "unknown {what} {value!r} (did you mean {near!r}?)", what=what, value=value,
             near=near) if near is not None else
           t("club.unknown_choice", "unknown {what} {value!r} ({known})", what=what, value=value,
             known=", ".join(allowed)))
    raise LedgerError(msg, field, value)


_CHOICE_WORDS = {"event": t("club.word.event", "event"), "scoring": t("club.word.scoring", "scoring"),
                 "movement": t("club.word.movement", "movement")}


def read_session(doc: object, partial: bool = False) -> Session:
    """Check a session document (FORMATS.md) into a :class:`Session`.

    Raises ``LedgerError`` naming the field: an unknown field, event or scoring; a board number
    given twice; a result with no outcome, a contract or score that bridge cannot produce, an
    unknown adjusted score; a board with two vulnerabilities; an entrant playing one board twice or
    against itself; a teams board whose two tables do not hold the same two teams the other way
    round (unless ``partial``: a session still being entered, whose boards wait for their other
    table); a bad match total.
    """
    if not isinstance(doc, Mapping):
        raise LedgerError(t("club.not_object", "a session document must be a JSON object"), "document", None)
    check_keys(doc, SESSION_KEYS)
    if doc.get("game") not in (None, "bridge"):
        raise LedgerError(t("club.not_bridge", "a club session is a bridge session, not {game!r}", game=doc["game"]),
                          "game", doc["game"])
    event = _choice(doc.get("event"), EVENTS, "event", "pairs")
    scoring = _choice(doc.get("scoring"), SCORINGS, "scoring", DEFAULT_SCORING[event])
    if (scoring == "imps") != (event == "teams"):
        msg = (t("club.teams_imps", "a teams event is scored in imps (IMPs between its two tables)")
               if event == "teams" else
               t("club.imps_teams_only", "scoring imps is for teams; {event} are scored by mp, mp-acbl, butler or "
                 "cross-imps", event=EVENT_WORDS[event]))
        raise LedgerError(msg, "scoring", doc.get("scoring"))
    movement = _choice(doc.get("movement"), MOVEMENTS, "movement", "") or None
    if movement and event != "pairs":
        raise LedgerError(t("club.movement_pairs", "a movement is for a pairs event, not {event}",
                            event=EVENT_WORDS[event]), "movement", doc["movement"])
    labels: dict[str, Any] = {}
    raw = [_read_board(b, i, event, labels) for i, b in enumerate(_list(doc.get("boards", []), "boards"))]
    _check_numbers(raw)
    per_direction = event == "pairs" and _per_direction(raw, movement)
    mitchell = event == "pairs" and (movement == "mitchell" or (movement is None and (
        per_direction or _one_direction_each(raw))))
    seen: dict = {}
    boards = tuple(_entrants(b, per_direction, seen) for b in raw)
    for b in boards:
        _check_plays_once(b, event)
        if event == "teams":
            _check_team_tables(b, partial)
    matches = tuple(_read_match(m, i, labels) for i, m in enumerate(_list(doc.get("matches", []), "matches")))
    if matches and event != "teams":
        raise LedgerError(t("club.matches_teams", "match totals are for a teams event"), "matches", None)
    return Session(event, scoring, boards, matches, mitchell, MappingProxyType(labels),
                   MappingProxyType(_read_names(doc.get("names"), labels)), str(doc.get("title") or ""))


def _list(value: object, field: str) -> list:
    if not isinstance(value, list):
        raise LedgerError(t("club.expected_list", "expected a list"), field, value)
    return value


# --- one board ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _RawResult:
    index: int
    ns: tuple[str, ...]
    ew: tuple[str, ...]
    score_ns: int | None
    adjusted: tuple[str, str] | None
    given: Mapping[str, Any]


@dataclass(frozen=True)
class _RawBoard:
    index: int
    number: int
    vulnerable: str
    results: tuple[_RawResult, ...]


def _read_board(doc: object, i: int, event: str, labels: dict) -> _RawBoard:
    where = f"boards[{i}]"
    if not isinstance(doc, Mapping):
        raise LedgerError(t("club.board_object", "a board must be a JSON object"), where, None)
    try:
        check_keys(doc, BOARD_KEYS, prefix=".")
        number = as_int(need(doc, "board"), "board", 1, MAX_BOARD)
        board_vul = parse_vulnerable(doc["vulnerable"]) if doc.get("vulnerable") is not None else None
        results_doc = _list(doc.get("results", []), "results")
    except LedgerError as err:
        raise _under(err, where) from None
    vul = board_vul or _results_vulnerability(results_doc, where) or board_vulnerability(number)
    results = []
    for j, r in enumerate(results_doc):
        try:
            results.append(_read_result(r, event, vul, board_vul, labels))
        except LedgerError as err:
            raise _under(err, f"{where}.results[{j}]") from None
    return _RawBoard(i, number, vul, tuple(results))


def _under(err: LedgerError, prefix: str) -> LedgerError:
    """``err`` with ``prefix`` before its field (a board's own fields are written ``.board``)."""
    if err.field.startswith("."):
        return err.moved(prefix + err.field)
    return err.at(prefix)


def _results_vulnerability(results: list, where: str) -> str | None:
    """The vulnerability the results give when the board gives none (all must agree)."""
    seen: str | None = None
    for j, r in enumerate(results):
        if isinstance(r, Mapping) and r.get("vulnerable") is not None:
            field = f"{where}.results[{j}].vulnerable"
            vul = parse_vulnerable(r["vulnerable"], field)
            if seen is not None and vul != seen:
                raise LedgerError(t("club.two_vulnerabilities", "this board has results of two vulnerabilities "
                                    "({first} and {second})", first=seen, second=vul), field, r["vulnerable"])
            seen = vul
    return seen


def _read_result(doc: object, event: str, vul: str, board_vul: str | None, labels: dict) -> _RawResult:
    if not isinstance(doc, Mapping):
        raise LedgerError(t("club.result_object", "a result must be a JSON object"), "", None)
    if doc.get("vulnerable") is not None and board_vul is not None:
        own = parse_vulnerable(doc["vulnerable"])
        if own != board_vul:
            raise LedgerError(t("club.result_vulnerability", "the board is {board} vulnerable, this result says "
                                "{own}", board=board_vul, own=own), "vulnerable", doc["vulnerable"])
    if event == "individual":
        players = doc.get("players")
        if not isinstance(players, Mapping):
            raise LedgerError(t("club.individual_players", "missing: an individual's result names its four players "
                                "{{\"N\": …, \"S\": …, \"E\": …, \"W\": …}}"), "players", players)
        check_keys(players, set(COMPASS), prefix="players.")
        keys = [_entrant_key(need(players, s, f"players.{s}"), f"players.{s}", labels) for s in COMPASS]
        for k, s in enumerate(COMPASS):
            if keys[k] in keys[:k]:
                raise LedgerError(t("club.sits_twice", "player {player!r} sits twice at the table", player=players[s]),
                                  f"players.{s}", players[s])
        ns, ew = tuple(keys[:2]), tuple(keys[2:])
    else:
        ns = (_entrant_key(need(doc, "ns"), "ns", labels),)
        ew = (_entrant_key(need(doc, "ew"), "ew", labels),)
        if ns == ew and event == "teams":  # pairs: once their numbering is known (_check_plays_once)
            raise LedgerError(t("club.team_itself", "team {team!r} cannot play against itself", team=doc["ew"]), "ew",
                              doc["ew"])
    score, adjusted = _outcome(doc, vul)
    if adjusted and event == "teams":
        raise LedgerError(t("club.teams_adjusted", "an artificial adjusted score in a teams match: give the board's "
                            "score (score_ns) as the director assigns it"), "adjusted", doc.get("adjusted"))
    return _RawResult(0, ns, ew, score, adjusted, MappingProxyType(doc if type(doc) is dict else dict(doc)))


def _entrant_key(value: object, field: str, labels: dict) -> str:
    """A pair, player or team: a whole number (0 to :data:`MAX_ENTRANT`) or a name; its key is
    its text. ``LedgerError`` on ``field`` for anything else (``-1``, ``10**20``, ``1e20``)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or (isinstance(value, str) and not value.strip()):
        raise LedgerError(t("club.entrant_expected", "expected a number or a name, got {value!r}", value=value),
                          field, value)
    key = sys.intern(str(value).strip())  # one string per entrant, however many results name it
    if isinstance(value, int) and value < 0:
        raise LedgerError(t("club.entrant_negative", "{value} is not a number of a pair, player or team",
                            value=str(value)), field, value)
    if isinstance(value, int) and value > MAX_ENTRANT:
        raise LedgerError(t("club.entrant_too_large", "{value} is not a number of a pair, player or team (at most "
                            "{most})", value=_shown(value), most=str(MAX_ENTRANT)), field, value)
    labels.setdefault(key, value.strip() if isinstance(value, str) else value)
    return key


def _shown(number: int) -> str:
    """A number as a message shows it: its first 19 digits and ``…`` when longer (10**4000 too)."""
    text = str(number)
    return text if len(text) <= 20 else text[:19] + "…"


_CONTRACT_KEYS = ("contract", "declarer", "tricks", "result")


def _outcome(doc: Mapping[str, Any], vul: str) -> tuple[int | None, tuple[str, str] | None]:
    """The result's NS score (from its contract, or as written), or its adjusted score."""
    has_contract = doc.get("contract") not in (None, "")
    has_score = doc.get("score_ns") is not None
    if doc.get("adjusted") is not None:
        if has_contract or has_score:
            which = "contract" if has_contract else "score_ns"
            raise LedgerError(t("club.adjusted_and", "an adjusted score replaces the result: give {which} or "
                                "adjusted, not both", which=which), "adjusted", doc["adjusted"])
        return None, read_adjusted(doc["adjusted"])
    if not has_contract and not has_score:
        raise LedgerError(t("club.outcome_missing", "missing: give the contract (with declarer and tricks or "
                            "result), score_ns or adjusted"), "contract", None)
    written = None
    if has_score:
        written = as_int(doc["score_ns"], "score_ns", -99999, 99999)
        if written not in possible_scores(vul):
            raise LedgerError(t("club.impossible_score", "{score} is not a score bridge can produce with {vulnerable} "
                                "vulnerable", score=str(written), vulnerable=vul), "score_ns", doc["score_ns"])
    if not has_contract:
        return written, None
    score = contract_score(doc, vul)
    if written is not None and written != score:
        raise LedgerError(t("club.score_disagrees", "score_ns {written} disagrees with the contract, which scores "
                            "{score}", written=str(written), score=str(score)), "score_ns", doc["score_ns"])
    return score, None


def contract_score(doc: Mapping[str, Any], vul: str) -> int:
    """The NS duplicate score (Law 77) of ``contract``/``declarer``/``tricks`` (or ``result``) on a
    board with ``vul`` vulnerable; ``LedgerError`` on the field at fault."""
    contract = parse_contract(doc["contract"])
    if contract.passed:
        for key in ("declarer", "tricks", "result"):
            if doc.get(key) not in (None, ""):
                raise LedgerError(t("club.passed_has_no", "a passed-out board has no {key} ({value!r})",
                                    key=FIELD_WORDS[key], value=doc[key]), key, doc[key])
        return 0
    declarer = parse_seat(need(doc, "declarer"), "declarer")
    tricks = tricks_from(contract, doc.get("tricks"), doc.get("result"))
    side = side_of(declarer)
    score = duplicate_score(contract, tricks, is_vulnerable(vul, side))
    return score if side == "NS" else -score


def read_adjusted(value: object, field: str = "adjusted") -> tuple[str, str]:
    """An artificial adjusted score (Law 12C2) as ``{"ns": "A+", "ew": "A-"}``, ``"A+/A-"`` or one
    ``"A"`` for both sides → ``(ns, ew)``, each ``A+``, ``A`` (also ``A=``) or ``A-``."""
    if isinstance(value, Mapping):
        check_keys(value, {"ns", "ew"}, prefix=f"{field}.")
        return (_one_adjusted(need(value, "ns", f"{field}.ns"), f"{field}.ns"),
                _one_adjusted(need(value, "ew", f"{field}.ew"), f"{field}.ew"))
    if isinstance(value, str):
        parts = [p.strip() for p in value.split("/")]
        if len(parts) == 2:
            return _one_adjusted(parts[0], field), _one_adjusted(parts[1], field)
        if _one_adjusted(value, field) == "A":
            return "A", "A"
        raise LedgerError(t("club.adjusted_one_side", "{value!r} gives one side only: write both, e.g. \"A+/A-\"",
                            value=value), field, value)
    raise LedgerError(t("club.adjusted_expected", "expected an adjusted score like {{\"ns\": \"A+\", \"ew\": \"A-\"}}, "
                        "got {value!r}", value=value), field, value)


def _one_adjusted(value: object, field: str) -> str:
    key = value.strip().upper() if isinstance(value, str) else None
    if key not in ADJUSTED:
        raise LedgerError(t("club.adjusted_unknown", "unknown adjusted score {value!r} (A+, A or A=, A-)", value=value),
                          field, value)
    return ADJUSTED[key]


@lru_cache(maxsize=None)
def possible_scores(vul: str) -> frozenset[int]:
    """Every NS duplicate score bridge can produce on a board with ``vul`` vulnerable (Law 77):
    each contract, doubling and number of tricks, by either side, and 0 for a passed-out board."""
    from ledger.games.bridge.scoring import STRAINS, Contract

    out = {0}
    for side in SIDES:
        sign = 1 if side == "NS" else -1
        vulnerable = is_vulnerable(vul, side)
        for level in range(1, 8):
            for strain in STRAINS:
                for doubled in range(3):
                    c = Contract(level, strain, doubled)
                    out.update(sign * duplicate_score(c, t, vulnerable) for t in range(14))
    return frozenset(out)


# --- who played ---------------------------------------------------------------------------------
def _check_numbers(boards: Sequence[_RawBoard]) -> None:
    seen: dict[int, int] = {}
    for b in boards:
        if b.number in seen:
            raise LedgerError(t("club.board_twice", "board {board} is given twice (also boards[{index}])",
                                board=str(b.number), index=str(seen[b.number])), f"boards[{b.index}].board", b.number)
        seen[b.number] = b.index


def _per_direction(boards: Sequence[_RawBoard], movement: str | None) -> bool:
    """Whether pair numbers count within each direction (a Mitchell whose NS and EW pairs share
    numbers): said by ``movement``, or seen when one number plays a board in both directions."""
    if movement == "howell":
        return False
    both = any(_in_both_directions(b) for b in boards)
    if movement == "mitchell":
        return both or not _one_direction_each(boards)
    return both


def _in_both_directions(b: _RawBoard) -> bool:
    """A number plays the board NS at one table and EW at another (one result naming the same
    number twice is a typo, not a sign)."""
    ns = {k: j for j, r in enumerate(b.results) for k in r.ns}
    return any(k in ns and ns[k] != j for j, r in enumerate(b.results) for k in r.ew)


def _one_direction_each(boards: Sequence[_RawBoard]) -> bool:
    """Every number plays in one direction only (and there is at least one result)."""
    ns = {k for b in boards for r in b.results for k in r.ns}
    ew = {k for b in boards for r in b.results for k in r.ew}
    return bool(ns) and not (ns & ew)


def _entrants(b: _RawBoard, per_direction: bool, seen: dict) -> Board:
    """The board with its results' entrants; ``seen`` holds each side's entrants made so far, one
    tuple for all its results (a large session holds each pair once, not once a result)."""
    def side(keys: tuple[str, ...], direction: str) -> tuple[Entrant, ...]:
        made = seen.get((keys, direction))
        if made is None:
            made = seen[keys, direction] = tuple(Entrant(k, direction if per_direction else None) for k in keys)
        return made

    results = tuple(Result(j, side(r.ns, "NS"), side(r.ew, "EW"), r.score_ns, r.adjusted, r.given)
                    for j, r in enumerate(b.results))
    return Board(b.index, b.number, b.vulnerable, results)


def entrant_field(event: str, side: str, seat: int = 0) -> str:
    """The document field that names an entrant: ``ns``/``ew``, or ``players.N`` … in an individual."""
    if event == "individual":
        return f"players.{(COMPASS[:2] if side == 'NS' else COMPASS[2:])[seat]}"
    return side.lower()


def _check_plays_once(b: Board, event: str) -> None:
    played: dict[Entrant, int] = {}
    for r in b.results:
        if event == "pairs" and r.ns == r.ew:
            raise LedgerError(t("club.pair_itself", "pair {pair} cannot play against itself", pair=r.ew[0].key),
                              f"boards[{b.index}].results[{r.index}].ew", r.ew[0].key)
        for side in SIDES:
            for seat, e in enumerate(r.side(side)):
                if e in played and event != "teams":
                    field = f"boards[{b.index}].results[{r.index}].{entrant_field(event, side, seat)}"
                    raise LedgerError(_plays_twice(event, e.key, b.number, played[e]), field, e.key)
                played.setdefault(e, r.index)


def _plays_twice(event: str, key: str, board: int, other: int) -> Msg:
    params = {"who": key, "board": str(board), "index": str(other)}
    if event == "pairs":
        return t("club.pair_twice", "pair {who} plays board {board} twice (also results[{index}])", **params)
    if event == "individual":
        return t("club.player_twice", "player {who} plays board {board} twice (also results[{index}])", **params)
    return t("club.team_twice", "team {who} plays board {board} twice (also results[{index}])", **params)


def _check_team_tables(b: Board, partial: bool = False) -> None:
    """A teams board: each table's result has its other table, the same two teams the other way
    round; a team plays the board at two tables only (once each way)."""
    tables: dict[tuple[Entrant, Entrant], int] = {}
    for r in b.results:
        key = (r.ns[0], r.ew[0])
        field = f"boards[{b.index}].results[{r.index}]"
        if key in tables:
            raise LedgerError(t("club.team_table_twice", "team {ns} sits NS against team {ew} twice on board {board} "
                                "(also results[{index}])", ns=r.ns[0].key, ew=r.ew[0].key, board=str(b.number),
                                index=str(tables[key])), f"{field}.ns", r.ns[0].key)
        tables[key] = r.index
    seen_team: dict[Entrant, tuple[Entrant, ...]] = {}
    for r in b.results:
        field = f"boards[{b.index}].results[{r.index}]"
        if (r.ew[0], r.ns[0]) not in tables and not partial:
            raise LedgerError(t("club.other_table", "board {board}: the other table of team {ns} (NS) against team "
                                "{ew} (EW) is missing: a teams board is played at two tables with the directions "
                                "swapped", board=str(b.number), ns=r.ns[0].key, ew=r.ew[0].key), f"{field}.ew",
                              r.ew[0].key)
        pair = tuple(sorted((r.ns[0], r.ew[0])))
        for team in (r.ns[0], r.ew[0]):
            if seen_team.setdefault(team, pair) != pair:
                raise LedgerError(t("club.two_matches", "team {team} plays board {board} in two matches", team=team.key,
                                    board=str(b.number)), f"{field}.ns", team.key)


# --- match totals and names ---------------------------------------------------------------------
def _read_match(doc: object, i: int, labels: dict) -> MatchTotal:
    where = f"matches[{i}]"
    if not isinstance(doc, Mapping):
        raise LedgerError(t("club.match_object", "a match must be a JSON object"), where, None)
    check_keys(doc, MATCH_KEYS, prefix=f"{where}.")
    home = _entrant_key(need(doc, "home", f"{where}.home"), f"{where}.home", labels)
    away = _entrant_key(need(doc, "away", f"{where}.away"), f"{where}.away", labels)
    if home == away:
        raise LedgerError(t("club.team_plays_itself", "team {team!r} cannot play itself", team=doc["away"]),
                          f"{where}.away", doc["away"])
    imps = need(doc, "imps", f"{where}.imps")
    if (not isinstance(imps, list) or len(imps) != 2
            or any(isinstance(x, bool) or not isinstance(x, (int, float)) or x < 0 for x in imps)):
        raise LedgerError(t("club.match_imps", "expected the two teams' IMP totals, e.g. [25, 8]"), f"{where}.imps",
                          imps)
    boards = as_int(need(doc, "boards", f"{where}.boards"), f"{where}.boards", 1, MAX_BOARD)
    return MatchTotal(i, home, away, (imps[0], imps[1]), boards)


def _read_names(value: object, labels: Mapping[str, Any]) -> dict[str, str]:
    """``names``: ``{"7": "Rossi - Bianchi", …}``, an entrant's number or name → what to print."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise LedgerError(t("club.names_object", "expected an object of numbers → names"), "names", value)
    out = {}
    for k, v in value.items():
        if not isinstance(v, str):
            raise LedgerError(t("club.name_expected", "expected a name, got {value!r}", value=v), f"names.{k}", v)
        out[str(k).strip()] = v
    return out
