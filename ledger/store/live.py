"""A match kept open at the table (``ledger play``): its scoreboard cached, each hand saved the
moment it is entered, in a transaction of its own.

:class:`LiveMatch` holds the match's :class:`~ledger.store.service.MatchView` (its row, setup,
live hands and replay) between hands. Adding a hand scores it against the cached final state (one
``Game.apply``, not a replay of the whole match), writes the hand and the match's new status in one
transaction, and extends the cached replay, so recording a hand costs the same on hand 5 as on
hand 500. Because the replay is a fold, the cached one is exactly what a full replay of the stored
hands gives (each hand document goes through JSON before it is scored, as a stored one does).

Every transaction first reads the match's mark (its status, the number of live hands and the
newest live hand's id): when another scorekeeper changed the match meanwhile, the view is read
and replayed afresh before the hand is scored. Undo and a new match go through the
:class:`~ledger.store.service.Ledger`'s own operations and reload the view.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from sqlmodel import Session, col, func, select

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import HandResult, MatchState, Replay
from ledger.store.models import Hand, Match
from ledger.store.service import Ledger, MatchView


class LiveMatch:
    """Match ``ref`` (an id or ``last``) of ``ledger``, or the match of ``view``, kept open."""

    def __init__(self, ledger: Ledger, ref: str | int | None = None, view: MatchView | None = None):
        self.ledger = ledger
        self._use(view if view is not None else ledger.view(ref))

    def _use(self, view: MatchView) -> None:
        self.view = view
        self.game = get_game(view.match.game)
        self._mark = (view.match.status, len(view.hands), view.hands[-1].id if view.hands else None)

    # --- what the table sees ----------------------------------------------------------------
    @property
    def id(self) -> int:
        return self.view.match.id

    @property
    def state(self) -> MatchState:
        """The match after its last live hand (what the next hand's questions see)."""
        return self.view.replay.final

    @property
    def hands(self) -> int:
        """The number of live hands."""
        return len(self.view.hands)

    @property
    def is_open(self) -> bool:
        return self.view.match.status == "open"

    def next_dealer(self) -> str:
        """Who deals the next hand (the game's own word when its state says, else clockwise)."""
        final = self.state
        return final.extra.get("next_dealer") or self.game.dealer(self.view.setup, final.hands)

    # --- changes ------------------------------------------------------------------------------
    def add(self, doc: Mapping[str, Any]) -> HandResult:
        """Score ``doc`` as the next hand and store it (one transaction); returns its result.

        Raises ``LedgerError`` (naming the hand, e.g. ``hand 8: sides.Anna``) when the hand is bad or
        the match takes no more hands; nothing is written then and the cache is unchanged.
        """
        doc = json.loads(json.dumps(doc))  # exactly what a replay of the stored hand will read
        with self.ledger.transaction(write=True) as s:
            m = s.get(Match, self.id)
            view = self.view
            if _mark(s, m) != self._mark:  # someone else changed the match: start from the truth
                view = self.ledger._view(s, m)
            self.ledger._check_open(m)
            rp = view.replay
            try:
                state, result = self.game.apply(view.setup, rp.final, doc)
            except LedgerError as err:
                raise LedgerError(err.message, f"hand {len(view.hands) + 1}"
                                  + (f": {err.field}" if err.field else ""), err.value) from None
            position = view.hands[-1].position + 1 if view.hands else 1
            h = self.ledger._insert_hand(s, m, position, doc, result.to_json())
            new = Replay(view.setup, rp.start, rp.results + [result], rp.states + [state])
            self.ledger._store_state(m, new)
            s.add(m)
            s.flush()
        self._use(MatchView(m, view.setup, view.hands + [h], new, view.night))
        return result

    def undo(self, reason: str = "undone at the table") -> int:
        """Void the last live hand (it stays in the history); returns its number.

        A match that the hand had finished is reopened first (undoing the winning hand is how a
        table corrects it). Raises ``LedgerError`` when there is no hand to undo.
        """
        self.refresh_if_changed()
        if not self.view.hands:
            raise LedgerError(f"match {self.id} has no hand to undo", "undo", None)
        number = len(self.view.hands)
        if self.view.match.status != "open":
            self.ledger.reopen_match(self.id)
        self._use(self.ledger.void_hand(self.id, number, reason))
        return number

    def again(self) -> "LiveMatch":
        """A new match of the same game, rule set, seats, sides and options, on tonight's night;
        the deal goes on round the table (the next dealer deals first) where the game allows."""
        setup = self.view.setup
        options = {k: v for k, v in setup.options.items() if k != "first_dealer"}
        sides = {k: list(v) for k, v in setup.sides.items()} if setup.teams else None
        players = None if sides else list(setup.players)
        try:
            view = self.ledger.new_match(setup.game, setup.rules, players, sides,
                                         {**options, "first_dealer": self.next_dealer()})
        except LedgerError as err:
            if err.field != "options.first_dealer":
                raise
            view = self.ledger.new_match(setup.game, setup.rules, players, sides, options)
        return LiveMatch(self.ledger, view=view)

    def refresh(self) -> None:
        """Read and replay the match afresh."""
        self._use(self.ledger.view(self.id))

    def refresh_if_changed(self) -> bool:
        """Reload when someone else changed the match since it was read; True when it did."""
        with self.ledger.transaction() as s:
            m = s.get(Match, self.id)
            if m is None:
                raise LedgerError(f"match {self.id} is no longer in the ledger", "match", self.id)
            if _mark(s, m) == self._mark:
                return False
            self._use(self.ledger._view(s, m))
            return True


def _mark(s: Session, m: Match) -> tuple:
    """What changes whenever a match's live hands or status change: any new hand has a higher id,
    any voided one lowers the count."""
    count, newest = s.exec(select(func.count(), func.max(Hand.id))
                           .where(Hand.match_id == m.id, col(Hand.voided).is_(False))).one()
    return (m.status, count, newest)
