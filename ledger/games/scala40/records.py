"""Scala 40's hand results and match state as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``score --json`` and ``replay --json`` print and the ledger
stores (FORMATS.md "Scala 40 hand document" and "Scala 40 match document"). Points are penalty
points (lower is better); money is in cents of the match's ``currency``."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.results import Item
from ledger.games.record import JsonRecord, frozen, optional


@frozen
class Scala40Hand(JsonRecord):
    """One hand on its own (``ledger score``): each player's ``penalties`` (the closer 0), whether
    they were ``doubled`` (closing in mano), and ``items``: per player how the penalty was made
    (each card, ``counted``, ``not opened``, ``in mano`` for the doubling)."""

    penalties: Mapping[str, int]
    doubled: bool
    items: Mapping[str, tuple[Item, ...]]
    closed_by: str
    in_mano: bool


@frozen
class Scala40Result(Scala40Hand):
    """A hand of a match: the hand's own fields, then who re-entered before it (``reentry``) and
    with what total (``reentry_total``), who went ``out`` after it, the running ``totals``, the
    ``pot_cents`` after it, its ``dealer`` and the match's ``winner`` (None while in play)."""

    reentry: tuple[str, ...]
    reentry_total: int | None
    out: tuple[str, ...]
    totals: Mapping[str, int]
    pot_cents: int
    dealer: str
    winner: str | None


@frozen
class Scala40State(JsonRecord):
    """The match after a hand: who is ``out`` (in the order they went out), ``reentries`` used per
    player, each player's points ``to_limit`` (limit - total, 0 once out), the ``pot_cents`` and
    what each ``paid_cents`` into it, ``settlement`` (player → net cents, once the match is won or
    ended early; None before), who dealt the last hand (``dealer``) and deals the next
    (``next_dealer``, None once won), the ``limit``, the stake, and the pot for people (``pot``, in
    English); ``pot_shares`` only in a match ended early (the pot shared by points left)."""

    out: tuple[str, ...]
    reentries: Mapping[str, int]
    to_limit: Mapping[str, int]
    pot_cents: int
    paid_cents: Mapping[str, int]
    settlement: Mapping[str, int] | None
    dealer: str | None
    next_dealer: str | None
    limit: int
    stake_cents: int
    currency: str
    pot: str
    pot_shares: Mapping[str, int] | None = optional()
