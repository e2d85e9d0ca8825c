"""Simone's hand results and match state as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``score``/``replay --json`` print and the ledger stores
(FORMATS.md "Gioco di Simone")."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.record import JsonRecord, frozen


@frozen
class SimoneResult(JsonRecord):
    """One hand: each player's ``sums`` (lowest wins), the ``winners``, who ``knocked_by`` (None:
    nobody) and whether the knocker won, and each player's ``cards`` as entered (None for a sum)."""

    sums: Mapping[str, int]
    winners: tuple[str, ...]
    knocked_by: str | None
    knocker_won: bool | None
    cards: Mapping[str, str | None]


@frozen
class Place(JsonRecord):
    """One row of the standing: the ``place`` (shared by players level on both), the player,
    hands won and the total of sums."""

    place: int
    player: str
    hands_won: int
    sum: int


@frozen
class PlayerStats(JsonRecord):
    """A player's statistics over the match: ``hands`` played and won, the total of sums and its
    average (text, one decimal), the best (lowest) and worst hand, knocks and knocks won."""

    hands: int = 0
    hands_won: int = 0
    sum: int = 0
    average_sum: str | None = None
    best_hand: int | None = None
    worst_hand: int | None = None
    knocks: int = 0
    knocks_won: int = 0


@frozen
class Knocks(JsonRecord):
    """Hands with a knocker, and how many of them the knocker won."""

    hands: int = 0
    knocker_won: int = 0


@frozen
class SimoneState(JsonRecord):
    """The match's own state: each player's total of ``sums``, the ``standing`` (best first),
    each player's ``stats``, the ``knocks`` and the match's ``target`` (hands won; None: none)."""

    sums: Mapping[str, int]
    standing: tuple[Place, ...]
    stats: Mapping[str, PlayerStats]
    knocks: Knocks
    target: int | None
