"""What a Scopa hand's result holds, as ``--json`` prints it and the ledger stores it
(FORMATS.md "Scopa": ``points``, ``items``, ``counts``, ``rest``, ``napoleone``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ledger.games.base import JsonRecord, PointsResult, optional


@dataclass(frozen=True)
class PileCounts(JsonRecord):
    """A side's counts as a hand's result gives them (``counts`` of FORMATS.md "Scopa"):
    ``napola`` and ``re_bello`` only in a game played with them."""

    cards: int
    denari: int
    settebello: bool
    primiera: int
    napola: int | None = optional()
    re_bello: bool | None = optional()
    scope: int = 0


@dataclass(frozen=True)
class ScopaResult(PointsResult):
    """A hand's result: ``points`` and ``items`` (every kind: carte, denari, settebello,
    primiera, napola and re bello when on, scope) per side, each side's ``counts``, the side
    whose pile was the ``rest`` and the side of a ``napoleone``, when there are."""

    counts: Mapping[str, PileCounts]
    rest: str | None = optional()
    napoleone: str | None = optional()
