"""Sette e mezzo's hand result and match state as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``score``/``replay --json`` print and the ledger stores
(FORMATS.md "Sette e mezzo hand document" and "Sette e mezzo match document"). Money is integer
cents."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.record import JsonRecord, frozen, optional


@frozen
class PaidItem(JsonRecord):
    """How one hand went for one player: the payment ``line`` of RULES.md (1 to 5; None for the
    banker) and its ``rule`` in words (``"player bust"``, ``"banker bust"``, ``"banker reale"``,
    ``"player reale"``, ``"higher value"``, ``"banker"``), the ``stake_cents``, the ``cards`` as
    read (left out for an outcome) and the ``matta``'s value when it was among them."""

    line: int | None
    rule: str
    stake_cents: int | None = optional()
    cards: str | None = optional()
    matta: float | int | None = optional()


@frozen
class SetteMezzoResult(JsonRecord):
    """One hand: the ``banker``, each hand's ``values`` (a number in halves such as 6.5,
    ``"bust"`` or ``"reale"``), every ``net_cents`` (the banker's first; summing to zero), the
    ``next_banker`` proposed, and the ``items`` per player."""

    banker: str
    values: Mapping[str, float | int | str]
    net_cents: Mapping[str, int]
    next_banker: str
    items: Mapping[str, PaidItem]


@frozen
class SetteMezzoState(JsonRecord):
    """The match's own state: each player's net so far (``totals_cents``, summing to zero), the
    ``settlement`` (the same nets: what ``ledger settle`` squares), the ``next_banker`` proposed and
    each player's last stake (``stakes_cents``: the default stake at the table for the next hand)."""

    totals_cents: Mapping[str, int]
    settlement: Mapping[str, int]
    next_banker: str
    stakes_cents: Mapping[str, int]
