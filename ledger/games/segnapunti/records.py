"""The score sheet's hand result and match state as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``score``/``replay --json`` print and the ledger stores
(FORMATS.md "Generic score sheet (segnapunti)"). Money in cents of the match's currency."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.record import JsonRecord, frozen


@frozen
class SheetResult(JsonRecord):
    """One round: each side's whole ``points`` (negative and 0 allowed)."""

    points: Mapping[str, int]


@frozen
class Rank(JsonRecord):
    """One row of the ranking: ``rank`` (shared by equal places), the side and its total."""

    rank: int
    side: str
    total: int


@frozen
class SheetState(JsonRecord):
    """The sheet's own state after a round: the ``ranking`` (best first), the sides ``out`` (in
    the order they went out), the ``winners`` (a shared win lists several; none: ``[]``), each
    player's ``settlement`` in cents once the match is over and played for money (else None),
    the ``next_dealer`` (None with no dealer or once over) and whether a side has
    ``target_reached`` (the match then ends as soon as one side is alone best)."""

    ranking: tuple[Rank, ...] = ()
    out: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    settlement: Mapping[str, int] | None = None
    next_dealer: str | None = None
    target_reached: bool = False
