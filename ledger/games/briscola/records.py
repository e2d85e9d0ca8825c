"""Briscola's hand results and match states as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``score``/``replay --json`` print and the ledger stores
(FORMATS.md "Briscola hand documents", "Briscola match documents"). One result and one state per
rule set (``Game.result_class``, ``Game.state_class``)."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.results import Item
from ledger.games.record import JsonRecord, frozen, optional


@frozen
class ClassicaResult(JsonRecord):
    """A hand of ``classica``: each side's card ``points``, the ``winner`` (None: a draw) and per
    side its card points by rank (``items``: ``{"item": "A", "points": 22}``; a side given as a
    number: ``{"item": "counted", "points": n}``); ``rest``: the side entered as the rest."""

    points: Mapping[str, int]
    winner: str | None
    items: Mapping[str, tuple[Item, ...]]
    rest: str | None = optional()


@frozen
class ChiamataResult(JsonRecord):
    """A hand of ``chiamata``: each player's ``points`` (zero-sum; a player sitting out 0), whether
    the contract was ``made``, whether the caller played ``alone``, the card points of the
    caller's side, the ``multiplier`` (cappotto × bid), and the hand as entered: ``caller``,
    ``partner``, ``bid``, ``called`` and who sat out."""

    points: Mapping[str, int]
    made: bool
    alone: bool
    caller_side_points: int
    multiplier: int
    caller: str
    partner: str
    bid: int
    called: str
    sitting_out: str | None = optional()


@frozen
class ClassicaState(JsonRecord):
    """A ``classica`` match's own state (its ``totals`` are the hand wins): the ``draws`` and who
    deals next (to the right)."""

    draws: int
    next_dealer: str


@frozen
class ChiamataState(JsonRecord):
    """A ``chiamata`` match's own state (its ``totals`` are the players' points): who deals next
    (to the right) and, played for money, each player's net in cents so far (total × stake)."""

    next_dealer: str
    settlement: Mapping[str, int] | None = optional()
