"""A match kept open at the table (``ledger play``): its scoreboard cached, each hand saved the
moment it is entered, in a transaction of its own, and what other scorekeepers wrote seen before
every prompt and every write.

:class:`LiveMatch` holds the match's :class:`~ledger.store.reads.MatchView` (its row, setup,
live hands and replay) and the match's ``revision`` as it read them. A hand goes through the
ledger's one append path (:meth:`ledger.store.service.Ledger.append`), given the cached replay, so
it is applied once to the cached state (not a replay of the whole match) and recording a hand
costs the same on hand 5 as on hand 5,000.

Every other writer (another ``play`` session, a one-shot ``ledger hand add``, a correction on
another machine) raises the match's revision. :meth:`LiveMatch.changes` reads it (one small
query) and, when it moved, reads the match afresh and says what changed ("hand 5 was added from
another terminal"); the session calls it before each prompt, and :meth:`add` checks it again in
the write's own transaction, so the number a session prints is always the stored one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import select

from ledger.errors import LedgerError
from ledger.i18n import Msg, t
from ledger.games import get_game
from ledger.games.results import HandResult, MatchState
from ledger.store.models import Match
from ledger.store.reads import MatchView
from ledger.store.service import Ledger


class LiveMatch:
    """Match ``ref`` (an id or ``last``) of ``ledger``, or the match of ``view``, kept open.

    ``mine`` holds the ids of the hands this session entered (``undo`` asks before taking back
    another scorekeeper's).
    """

    def __init__(self, ledger: Ledger, ref: str | int | None = None, view: MatchView | None = None):
        self.ledger = ledger
        self.mine: set[int] = set()
        if view is None:
            assert ref is not None, "LiveMatch takes a match: ref or view"
            view = ledger.view(ref)
        self._use(view)

    def _use(self, view: MatchView) -> None:
        self.view = view
        self.game = get_game(view.match.game)
        self.revision = getattr(view.match, "revision", 0) or 0

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

    def next_dealer(self) -> str | None:
        """Who deals the next hand (the game's own word when its state says, else clockwise; None
        when the game shows no dealer)."""
        final = self.state
        return self.game.next_dealer(self.view.setup, final)

    # --- others' writes -----------------------------------------------------------------------
    def changes(self) -> Msg | None:
        """Read the match afresh when another writer changed it since this session read it, and
        say how (``"hand 5 was added from another terminal"``); None when nothing changed."""
        with self.ledger.transaction() as s:
            revision = s.exec(select(Match.revision).where(Match.id == self.id)).first()
            if revision is None:
                raise LedgerError(t("store.match_gone", "match {match} is no longer in the ledger", match=str(self.id)),
                                  "match", self.id)
            if revision == self.revision:
                return None
            m = s.get(Match, self.id)
            assert m is not None  # its revision was just read
            return self._reread(self.ledger._view(s, m))

    def _reread(self, new: MatchView) -> Msg:
        old = self.view
        self._use(new)
        return describe_change(old, new)

    # --- changes ------------------------------------------------------------------------------
    def add(self, doc: Mapping[str, Any]) -> tuple[HandResult, Msg | None]:
        """Score ``doc`` as the next hand and store it (one transaction, the ledger's append path);
        returns its result, and what another writer had changed meanwhile (None if nothing), so
        the hand's number, ``self.hands``, is the stored one.

        Raises ``LedgerError`` (naming the hand, e.g. ``hand 8: sides.Anna``) when the hand is bad or
        the match takes no more hands; nothing is written then and the cache is unchanged.
        """
        with self.ledger.transaction(write=True) as s:
            m = s.get(Match, self.id)
            if m is None:
                raise LedgerError(t("store.match_gone", "match {match} is no longer in the ledger", match=str(self.id)),
                                  "match", self.id)
            changed = None
            view = self.view
            if m.revision != self.revision:  # someone else wrote meanwhile: go on from the truth
                view = self.ledger._view(s, m)
                changed = describe_change(self.view, view)
            done = self.ledger.append(s, m, [doc], cached=view.replay)
            night = view.night
        self.mine.update(h.id for h in done.hands if h.id is not None)
        self._use(MatchView(m, view.setup, [*view.hands, *done.hands], done.replay, night))
        return done.replay.results[-1], changed

    def undo(self, reason: str = "undone at the table") -> int:
        """Void the last live hand (it stays in the history); returns its number.

        A match that the hand had finished is reopened first, in the same transaction (undoing the
        winning hand is how a table corrects it). Raises ``LedgerError`` when there is no hand to
        undo. The last hand is the ledger's, whoever entered it (the match is read afresh first
        when it changed).
        """
        self.changes()
        if not self.view.hands:
            raise LedgerError(no_hand_to_undo(self.id), "undo", None)
        number = len(self.view.hands)
        self._use(self.ledger.void_hand(self.id, number, reason, reopen=True))  # one transaction
        return number

    def last_is_mine(self) -> bool:
        """Whether this session entered the last live hand."""
        return bool(self.view.hands) and self.view.hands[-1].id in self.mine

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
        """Read the match afresh."""
        self._use(self.ledger.view(self.id))


def no_hand_to_undo(match: Any) -> Msg:
    """``match 3 has no hand to undo``."""
    return t("store.nothing_to_undo", "match {match} has no hand to undo", match=str(match))


def describe_change(old: MatchView, new: MatchView) -> Msg:
    """What another writer did to a match, from the session's view before and the stored one now:
    ``"hand 5 was added from another terminal"``, ``"hands 5 to 7 were added …"``, ``"hand 3 was
    corrected …"``, ``"hand 6 was taken back …"``, ``"the match was reopened …"``."""
    before, after = [h.id for h in old.hands], [h.id for h in new.hands]
    if after[:len(before)] == before and len(after) > len(before):
        first, last = len(before) + 1, len(after)
        return (t("live.added", "hand {hand} was added from another terminal", hand=first) if first == last
                else t("live.added_many", "hands {first} to {last} were added from another terminal",
                       first=first, last=last))
    gone = [i + 1 for i, h in enumerate(before) if h not in after]
    if len(after) == len(before) and gone:
        return (t("live.corrected", "hand {hand} was corrected from another terminal", hand=gone[0]) if len(gone) == 1
                else t("live.corrected_many", "hands were corrected from another terminal"))
    if gone and len(after) < len(before):
        return (t("live.taken_back", "hand {hand} was taken back from another terminal", hand=gone[0])
                if len(gone) == 1 else t("live.taken_back_many", "hands were taken back from another terminal"))
    match = str(new.match.id)
    if old.match.status != new.match.status:
        if new.match.status == "open":
            return t("live.reopened", "match {match} was reopened from another terminal", match=match)
        if new.match.status == "finished":
            return t("live.finished", "match {match} was finished from another terminal", match=match)
        if new.match.status == "ended":
            return t("live.ended", "match {match} was ended from another terminal", match=match)
    return t("live.changed", "match {match} was changed from another terminal", match=match)
