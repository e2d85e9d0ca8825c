"""Canasta's records: a hand's result and a match's own state, as ``--json`` prints them and the
ledger stores them (FORMATS.md "Canasta hand document")."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.base import JsonRecord, PointsResult, frozen, optional


@frozen
class SideFacts(JsonRecord):
    """A side as a hand's result gives it: its canastas (``"pure K"``), melded and in-hand
    points, red threes, and whether it had opened."""

    canastas: tuple[str, ...]
    melded_points: int
    hand_points: int
    red_threes: int
    opened: bool


@frozen
class CanastaHand(PointsResult):
    """One hand on its own (``ledger score``): ``points`` and ``items`` per side, each side's
    facts (``sides``), who closed (None: the stock ran out), and in the classic game whether the
    closing was ``concealed``."""

    sides: Mapping[str, SideFacts]
    closed_by: str | None
    concealed: bool | None = optional()


@frozen(kw_only=True)
class CanastaResult(CanastaHand):
    """A hand of a match: the hand's own fields, then the running ``totals`` and each side's
    ``opening_minimum`` for the next hand."""

    totals: Mapping[str, int]
    opening_minimum: Mapping[str, int]


@frozen
class CanastaState(JsonRecord):
    """A match's own state: each side's ``opening_minimum`` for the next hand."""

    opening_minimum: Mapping[str, int]
