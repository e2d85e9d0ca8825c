"""Bridge's hand results and match states as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``score``/``replay --json`` print and the ledger stores
(FORMATS.md "Bridge"). ``Sides`` values are ``{"NS": n, "EW": n}``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ledger.games.base import HandResult
from ledger.games.bridge.scoring import Entry, Side, Vulnerability
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.record import Fields, JsonRecord, optional

Sides = Mapping[str, int]


@dataclass(frozen=True)
class Honours(JsonRecord):
    """Honours held: the side and their points (100 or 150)."""

    side: Side
    points: int


@dataclass(frozen=True)
class Line(JsonRecord):
    """A side's points of one deal above and below the line."""

    above: int
    below: int


@dataclass(frozen=True, kw_only=True)
class DealResult(JsonRecord):
    """One deal scored (``ledger score``): the contract, declarer, tricks and result as players
    write it (``"-1"``, ``"="``), the vulnerability, honours, the ``board`` when given, what each
    side wrote (``ns``, ``ew``), the net from North-South's side (``score_ns``) and every sheet
    entry."""

    contract: str
    declarer: str | None
    tricks: int | None
    result: str
    vulnerable: Vulnerability
    honors: Honours | None
    board: int | None = optional()
    ns: Line
    ew: Line
    score_ns: int
    entries: tuple[Entry, ...]

    def summary_line(self) -> str:
        """The deal as one line for people, ``4SX by N -1: EW +200``, in the language in use
        (:func:`ledger.games.bridge.summaries.summary_line`: a deal scored on its own)."""
        from ledger.games.bridge.summaries import summary_line

        return summary_line(self)


_new = object.__new__
_set_attribute = object.__setattr__


def deal_result(contract: str, declarer: str | None, tricks: int | None, result: str, vulnerable: str,
                honors: Honours | None, board: int | None, ns: Line, ew: Line, score_ns: int,
                entries: tuple[Entry, ...]) -> DealResult:
    """``DealResult(contract=contract, ...)``, the same frozen value, its fields given in their
    order and set in one step (:func:`deal_record`)."""
    return deal_record({
        "contract": contract, "declarer": declarer, "tricks": tricks, "result": result, "vulnerable": vulnerable,
        "honors": honors, "board": board, "ns": ns, "ew": ew, "score_ns": score_ns, "entries": entries})


def deal_record(fields: Fields) -> DealResult:
    """The :class:`DealResult` whose fields are ``fields`` (a new dict, every field of the
    dataclass in its order, taken as it is: the record's own), the same frozen value as
    ``DealResult(**fields)``, set in one step (the dataclass's ``__init__`` sets each field
    through ``object.__setattr__``: a third of a board scored on its own, issue 17). The value
    stays immutable: nothing writes its fields after this (nor ``fields``)."""
    record = _new(DealResult)
    _set_attribute(record, "__dict__", fields)
    return record


class DealScore(HandResult):
    """A deal scored on its own (``Bridge.score``): the :class:`~ledger.games.base.HandResult`
    of a :class:`DealResult`, whose summary is written from the result whenever it is read, in
    the language in use then (:meth:`DealResult.summary_line`, each line made once a language):
    one frozen value serves every language, so a deal met again is given the value made for it
    (``match.score_hand``) whatever language reads it. Built as ``DealScore(result)``."""

    _detail: DealResult  # always: it is built from one

    @property
    def summary(self) -> str:
        return self._detail.summary_line()


@dataclass(frozen=True, kw_only=True)
class RubberResult(DealResult):
    """A deal of a rubber: the deal, then the premiums the sheet gave (``bonuses``), each side's
    ``points``, the ``dealer``, the ``rubber`` and ``game`` it was played in, and the side that
    won that game with it (``game_won``)."""

    bonuses: tuple[Entry, ...]
    points: Sides
    dealer: str
    rubber: int
    game: int
    game_won: str | None


@dataclass(frozen=True, kw_only=True)
class ChicagoResult(DealResult):
    """A deal of a Chicago round: as a rubber's, with the ``round`` and its ``deal`` (1-4)."""

    bonuses: tuple[Entry, ...]
    points: Sides
    dealer: str
    round: int
    deal: int
    game: int
    game_won: str | None


@dataclass(frozen=True, kw_only=True)
class DuplicateResult(DealResult):
    """A board of a duplicate match: the deal, then its ``board`` (after the entries when the
    hand did not name it: the number follows the previous board), ``dealer`` and ``points``."""

    next_board: int | None = optional(key="board")
    dealer: str
    points: Sides

    @property
    def board_number(self) -> int | None:
        """The board's number: the one the hand named, else the one the match gave it."""
        return self.board if self.board is not None else self.next_board

    @classmethod
    def from_json(cls, doc: JsonDoc) -> "DuplicateResult":
        """As written: a ``board`` after ``entries`` is the board the match numbered."""
        keys = list(doc)
        numbered = "board" in keys and "entries" in keys and keys.index("board") > keys.index("entries")
        read = super().from_json(doc)
        if not numbered:
            return read
        return cls(**{**read.fields(), "board": None, "next_board": doc["board"]})


@dataclass(frozen=True)
class RubberSummary(JsonRecord):
    """A finished rubber: its number, games, rubber bonus, totals, winner, margin and deals."""

    rubber: int
    games: Sides
    rubber_bonus: int
    totals: Sides
    winner: str | None
    margin: int
    deals: int


@dataclass(frozen=True)
class RoundSummary(JsonRecord):
    """A finished Chicago round: its number, games, totals and winner."""

    round: int
    games: Sides
    totals: Sides
    winner: str | None


@dataclass(frozen=True, kw_only=True)
class RubberState(JsonRecord):
    """A rubber bridge match: the current ``rubber``'s sheet (``games``, ``partscore``, points
    ``above`` and ``below`` the line, ``deals``), its ``rubber_bonus``, who is ``vulnerable``
    next, whether it is over, its totals and margin; the points of the rubbers before it
    (``previous``), the finished ``rubbers`` and the ``next_dealer``. Ended early (Law 80): the
    ``unfinished_premiums`` and ``ended_early``."""

    rubber: int
    games: Sides
    partscore: Sides
    above: Sides
    below: Sides
    deals: int
    rubber_bonus: int
    vulnerable: Vulnerability
    rubber_over: bool
    rubber_totals: Sides
    margin: int
    previous: Sides
    rubbers: tuple[RubberSummary, ...]
    next_dealer: str
    unfinished_premiums: tuple[Entry, ...] | None = optional()
    ended_early: bool | None = optional()


@dataclass(frozen=True, kw_only=True)
class ChicagoState(JsonRecord):
    """A Chicago match: the current ``round`` and ``deal`` (1-4), its sheet (as a rubber's),
    whether it is over, who is ``vulnerable`` next, its totals, the points of the rounds before
    (``previous``), the finished ``rounds``, the ``next_dealer`` and the deals ``passed_out``."""

    round: int
    deal: int
    games: Sides
    partscore: Sides
    above: Sides
    below: Sides
    deals: int
    round_over: bool
    vulnerable: Vulnerability
    round_totals: Sides
    previous: Sides
    rounds: tuple[RoundSummary, ...]
    next_dealer: str
    passed_out: int
    ended_early: bool | None = optional()


@dataclass(frozen=True, kw_only=True)
class DuplicateState(JsonRecord):
    """A duplicate match: boards played, the next board and its vulnerability, the net score from
    North-South's side."""

    boards_played: int
    next_board: int
    vulnerable: Vulnerability
    score_ns: int
    ended_early: bool | None = optional()

