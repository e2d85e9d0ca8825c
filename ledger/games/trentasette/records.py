"""What a Trentasette hand's result holds, as ``--json`` prints it and the ledger stores it
(FORMATS.md: ``points``, ``items``, ``piles``, ``rest``)."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.base import JsonRecord, PointsResult, frozen, optional


@frozen
class PileFacts(JsonRecord):
    """A pile as a hand's result gives it (``piles`` of FORMATS.md): ranks and suits in order."""

    cards: int
    figures: int
    ranks: tuple[str, ...]
    ace_of_hearts: bool
    two_of_spades: bool
    sevens: bool
    runs: tuple[str, ...]
    missing_suits: tuple[str, ...]


@frozen
class TrentasetteResult(PointsResult):
    """A hand's result: ``points`` and ``items`` per side, each side's ``piles`` facts, and
    ``rest``, the side whose pile was the rest of the deck, when one was."""

    piles: Mapping[str, PileFacts]
    rest: str | None = optional()
