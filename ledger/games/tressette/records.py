"""Tressette's hand result and match state as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``score``/``replay --json`` print and the ledger stores
(FORMATS.md "Tressette hand document", "Tressette match document")."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.results import PointsResult
from ledger.games.record import JsonRecord, frozen, optional


@frozen
class TressetteResult(PointsResult):
    """One hand: each side's ``points`` (card points + accusi) and the ``items`` they came from
    (the thirds, the remainder dropped, the last trick, each declaration and whether a cappotto
    voided it), then the ``card_points`` and ``accusi`` points apart, and the card ``removed``
    in the 3-player game when the hand names it."""

    card_points: Mapping[str, int]
    accusi: Mapping[str, int]
    removed: str | None = optional()


@frozen
class TressetteState(JsonRecord):
    """The match's own state: each side's ``card_points`` and ``accusi`` over the match (what
    the totals came from), the ``target`` and the ``next_dealer`` (to the dealer's right)."""

    card_points: Mapping[str, int]
    accusi: Mapping[str, int]
    target: int
    next_dealer: str
