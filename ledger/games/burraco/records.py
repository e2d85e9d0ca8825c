"""Burraco's records: a hand's result as ``--json`` prints it and the ledger stores it
(FORMATS.md "Burraco and Scopa hand documents"; a match's state is the base's, totals only)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ledger.games.base import JsonRecord, PointsResult


@dataclass(frozen=True)
class SideFacts(JsonRecord):
    """A side as a hand's result gives it: its burrachi by kind, melded and in-hand points, and
    whether it took its pozzetto."""

    burraco: tuple[str, ...]
    melded_points: int
    hand_points: int
    pozzetto: bool


@dataclass(frozen=True)
class BurracoResult(PointsResult):
    """A hand's result: ``points`` and ``items`` per side, each side's facts (``sides``) and the
    side that closed (``closed_by``, None when nobody did)."""

    sides: Mapping[str, SideFacts]
    closed_by: str | None
