"""A match replayed: :class:`Replay` (every result and state after each hand), :func:`replay`
(fold hand documents through a game's rules) and :func:`stored_replay` (the same read from the
ledger's stored results and states, scoring nothing again).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.games.results import HandResult, MatchState
from ledger.i18n import t

if TYPE_CHECKING:  # a replay reads a game, and the game's protocol names Replay
    from ledger.games.protocol import Game


@dataclass
class Replay:
    """Every step of a match replayed: ``results[i]`` and ``states[i]`` are after hand ``i``.

    In a match ended early the last state is the game's :meth:`Game.finish_early` of it;
    ``played`` then keeps the state the last hand itself left (what the ledger stores).
    """

    setup: MatchSetup
    start: MatchState
    results: list[HandResult]
    states: list[MatchState]
    played: MatchState | None = None
    offset: int = 0  # hands before results[0]: a window (tail) holds the last hands only

    def tail(self, keep: int) -> "Replay":
        """The last ``keep`` hands only (``offset`` says how many come before; ``start`` is then
        the state before the first of them): what a scoreboard drawn after a hand shows."""
        cut = len(self.results) - keep
        if cut <= 0:
            return self
        return Replay(self.setup, self.states[cut - 1], self.results[cut:], self.states[cut:], self.played,
                      self.offset + cut)

    def state_after(self, i: int) -> MatchState:
        """The state hand ``i`` (0-based) left, before any early end: what is stored with it."""
        if self.played is not None and i == len(self.states) - 1:
            return self.played
        return self.states[i]

    @property
    def final(self) -> MatchState:
        return self.states[-1] if self.states else self.start


class StoredHand(Protocol):
    """A live hand as the ledger stores it (a row of ``ledger.store``): what :func:`stored_replay`
    reads of it."""

    @property
    def document(self) -> JsonDoc: ...  # the hand document (FORMATS.md)

    @property
    def result(self) -> JsonDoc: ...  # HandResult.to_json() of it

    @property
    def state(self) -> JsonDoc | None: ...  # MatchState.to_json() after it; None: not stored

    @property
    def scorer_version(self) -> str: ...  # Game.version of the scorer that wrote result and state


def stored_replay(game: Game, setup: MatchSetup, rows: Sequence[StoredHand]) -> Replay | None:
    """The replay of a match as the ledger stored it, without scoring anything again: ``rows``
    are its live hands in order, each with ``document``, ``result`` (the hand's
    :meth:`HandResult.to_json`), ``state`` (:meth:`MatchState.to_json` after it) and
    ``scorer_version``. None when some row has no state or was scored by another version of the
    game's scorer: the caller replays the documents then (:func:`replay`). The stored rows equal
    a replay because every write re-stores the hands it changes (``ledger db check`` verifies it).
    """
    states = []
    for r in rows:
        if r.state is None or r.scorer_version != game.version:
            return None
        states.append(game.load_state(setup, r.state))
    results = [game.stored_result(setup, r.result) for r in rows]
    if rows:  # the one line said of a hand: only the newest one is ever printed
        last = rows[-1]
        results[-1] = HandResult(results[-1]._detail, partial(game.describe_hand, last.document, last.result, setup))
    start, played = game.start(setup), None
    if setup.ended_early:
        if states:
            played, states[-1] = states[-1], game.finish_early(setup, states[-1])
        else:
            start = game.finish_early(setup, start)
    return Replay(setup, start, results, states, played)


def replay(game: Game, setup: MatchSetup, docs: Sequence[JsonDoc]) -> Replay:
    """Fold ``docs`` (live hand documents in order) through ``game``.

    Raises ``LedgerError`` with the hand's index in the field path (``hands[3].sides``) for the
    first hand that is bad or does not fit the match. When ``setup.ended_early`` the final state
    is the game's :meth:`Game.finish_early` of the last one.
    """
    state = game.start(setup)
    start = state
    results, states = [], []
    for i, doc in enumerate(docs):
        if type(doc) is not dict and not isinstance(doc, Mapping):
            raise LedgerError(t("document.hand_not_object", "a hand must be a JSON object"), f"hands[{i}]", doc)
        try:
            state, result = game.apply(setup, state, doc)
        except LedgerError as err:
            raise err.at(f"hands[{i}]") from None
        results.append(result)
        states.append(state)
    played = None
    if setup.ended_early:
        final = game.finish_early(setup, states[-1] if states else start)
        if states:
            played, states[-1] = states[-1], final
        else:
            start = final
    return Replay(setup, start, results, states, played)
