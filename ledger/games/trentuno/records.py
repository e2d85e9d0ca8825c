"""Trentuno's match state and hand results as frozen values (:class:`ledger.games.record.JsonRecord`):
the fields, in order, are the JSON that ``replay --json`` prints and the ledger stores (FORMATS.md
"Trentuno"). Money is in cents of the match's ``currency``."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.record import JsonRecord, frozen, optional


@frozen
class TrentunoState(JsonRecord):
    """The match after a hand: lives and what each player paid (``paid_cents``), the pot,
    ``settlement`` (player → net cents, once the pot is won or shared), who is ``out``, who
    ``reentered``, the ``next_dealer`` (None once finished), the stake, and the pot for people;
    ``pot_shares`` only in a match ended early (the pot shared by lives)."""

    lives: Mapping[str, int]
    pot_cents: int
    paid_cents: Mapping[str, int]
    settlement: Mapping[str, int] | None
    out: tuple[str, ...]
    reentered: tuple[str, ...]
    next_dealer: str | None
    stake_cents: int
    currency: str
    pot: str
    pot_shares: Mapping[str, int] | None = optional()


@frozen
class BetResult(JsonRecord):
    """A re-entry bet of the 40-card game as settled: its bettors and ``number``, the hand's
    ``lowest``, whether it was ``won`` and by whom (``drawn``), its ``seed``, and whether the
    bettors ``paid`` (not when the hand did not count)."""

    players: tuple[str, ...]
    number: int
    lowest: int | str  # HandValue.to_json: a total, or "tris K"
    won: bool
    drawn: str | None
    seed: str | int | None
    paid: bool


@frozen
class TrentunoHand(JsonRecord):
    """One hand on its own (``ledger score``): each player's hand ``values`` (a number, or
    ``"tris R"``), how it ended (``ended_by``, ``knocked_by``, ``shown31``, ``took_widow``), the
    ``lowest`` value and who loses a life (``lose_life``)."""

    values: Mapping[str, int | str]  # HandValue.to_json of each player's hand
    ended_by: str
    knocked_by: str | None
    shown31: str | None
    took_widow: str | None
    lowest: int | str
    lose_life: tuple[str, ...]


@frozen
class TrentunoResult(TrentunoHand):
    """A hand of a match: the hand's own fields, then whether it ``counts``, ``final_two`` and who
    came ``back_in``, who went ``out``, the ``reentry`` before it, the ``bet``, what each paid in
    it (``paid_cents``), ``lives`` and ``pot_cents`` after it, its ``dealer``, the match's
    ``winner``; ``would_lose`` only for a hand that does not count."""

    counts: bool
    final_two: bool
    back_in: tuple[str, ...]
    out: tuple[str, ...]
    reentry: tuple[str, ...]
    bet: BetResult | None
    paid_cents: Mapping[str, int]
    lives: Mapping[str, int]
    pot_cents: int
    dealer: str
    winner: str | list[str] | None  # the one left in, the players sharing the pot, or None
    would_lose: tuple[str, ...] | None = optional()
