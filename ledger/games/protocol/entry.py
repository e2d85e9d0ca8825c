"""The hand's entry, the role that reads what players type: the words of one command line
(``ledger hand add``, a line of ``ledger play``) into a partial hand document, the questions for
what is still missing, and the prompt and help of a play session.

A game with a declared hand (:attr:`GameInfo.hand`, a :class:`ledger.games.declare.HandForm`)
gets all of it from the declaration; a game without one reads ``KEY=VALUE`` words
(:func:`ledger.games.parsing.key_value_entry`) and asks nothing. Bad words are a
``LedgerError`` on the field they give (``sides.Anna.cards``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.errors import LedgerError
from ledger.games.declare import HandForm, Per, Question, Who, Field
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.games.parsing import key_value_entry
from ledger.games.protocol.info import GameInfo
from ledger.games.results import MatchState
from ledger.i18n import Msg, t


class Entry(GameInfo):
    """The entry role: every method has a default read from the declared hand."""

    def entry_help(self) -> Msg | None:
        """How a player writes a hand of this game in one line, for ``help`` in ``ledger play``: a
        message of several lines naming the words and keys :meth:`parse_entry` reads (the Italian
        text the Italian ones), its indented lines examples that :meth:`parse_entry` reads (a test
        checks it), or None. Written for players, never a docstring."""
        return None

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """Turn command-line words into a partial hand document: read by the game's declared hand
        (:attr:`hand`, :meth:`ledger.games.declare.HandForm.read_words`) when it has one, else
        ``KEY=VALUE`` pairs."""
        if self.hand is not None:
            return self.hand.read_words(tokens, self.entry_who(setup, None, {}), setup.resolve_player)
        return key_value_entry(tokens)

    def hand_form(self, setup: MatchSetup) -> HandForm | None:
        """The declared hand of ``setup``'s match (the scorekeeper's form is made from it): the
        game's :attr:`hand` by default; a game whose rule sets declare different hands gives the
        rule set's. None for a game without a declaration."""
        return self.hand

    def entered(self, setup: MatchSetup, doc: JsonDict) -> JsonDict:
        """A partial document read field by field through :meth:`hand_form` as the rules read it,
        what :meth:`parse_entry` does after the declaration's reading (a word of the entry only,
        such as Briscola's ``alone``, put in its document form): ``doc`` itself by default."""
        return doc

    def correction_base(self, old: JsonDoc, new: JsonDoc) -> JsonDict:
        """What of the stored hand ``old`` (a hand document) a correction ``new`` (the partial
        document the user gave) is laid over: by default all of it, so a correction names only
        what changes. A game drops the parts the new ones make wrong (Scala 40: a new closer's
        old penalty)."""
        return dict(old)

    def questions(self, setup: MatchSetup, doc: JsonDoc,
                  state: MatchState | None = None) -> list[Question]:
        """What is still missing from ``doc`` for a complete hand, in the order to ask it: by the
        declared hand (:meth:`ledger.games.declare.HandForm.questions`, for the sides or players
        :meth:`entry_who` names, less the fields :meth:`entry_skips`), else nothing.

        ``state`` is the match before this hand (None when scoring a hand on its own), so a game
        can ask only the players still in, or offer what the state allows (a re-entry, a bet).
        """
        if self.hand is None:
            return []
        return self.hand.questions(doc, self.entry_who(setup, state, doc), setup.resolve_player,
                                   lambda f: self.entry_skips(setup, state, doc, f))

    def completed(self, setup: MatchSetup, doc: JsonDoc,
                  state: MatchState | None = None) -> tuple[JsonDict, LedgerError | None]:
        """``doc`` completed with no one to ask (a file, the page, the HTTP API): each optional
        item still missing (:meth:`questions`) takes its default; at the first missing required
        item, ``(document so far, error naming that item)``, else ``(document, None)``. The
        store refuses an incomplete hand from its one reading of it, naming a plainer fault of
        the hand first (``Ledger.add_hand(..., incomplete=error)``)."""
        out = dict(doc)
        for _ in range(1000):  # every answer fills an item: a hand has far fewer
            qs = self.questions(setup, out, state)
            if not qs:
                break
            q = qs[0]
            if q.default is None:
                return out, LedgerError(t("input.missing", "missing ({question})", question=q.text), q.key, None)
            out = q.answer(out, q.default)
        return out, None

    def entry_who(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc) -> Who:
        """The sides or players whose per-side or per-player fields a hand of the match in ``state``
        asks for, in order, and how a typed name resolves: by default every side (players, in an
        each-for-self game), any of their players naming their side. A game whose hand lists only
        some (the players still in, all but the closer) says so."""
        per_player = self.hand is not None and any(f.per is Per.PLAYER for f in self.hand.fields)
        if per_player:
            return Who(setup.players, setup.resolve_player)
        return Who(setup.side_names, setup.resolve_side)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc, field: Field) -> bool:
        """Whether the declared ``field`` is not asked for a hand of the match in ``state`` (a
        re-entry when nobody is out): never, by default."""
        return False

    def hand_prompt(self, setup: MatchSetup, state: MatchState, number: int, dealer: str | None) -> Msg:
        """The play session's prompt for the next hand, hand ``number`` (1-based) of a match in
        ``state``, dealt by ``dealer``: ``hand 4 · Dario deals > `` (a game whose deals have
        another name says it its way: bridge's ``smazzata`` in Italian, a duplicate board)."""
        return t("play.hand_prompt", "hand {hand} · {dealer} deals > ", hand=number, dealer=dealer)

