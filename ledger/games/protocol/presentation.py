"""The presentation of a game, the role that shows: the scoreboard (:class:`~ledger.games.tables.Board`),
the note beside a hand, one line per hand for ``match history``, the heading after a hand and the
words naming hands and deals.

Texts are written when shown, in the language in use; nothing here scores or raises on a stored
hand (a document or result it cannot read gives what can be read of it).
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.jsontypes import JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.games.protocol.rules import Rules
from ledger.games.replay import Replay
from ledger.games.results import HandResult
from ledger.games.tables import Board, points_board, points_line
from ledger.i18n import Msg, t


class Presentation(Rules):
    """The presentation role. It builds on the rules (a scoreboard says who dealt each hand and
    who deals next); every method has a default for a points game (each side's points and
    running totals)."""

    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """The scoreboard: by default one row per hand with each side's points and running totals.

        ``replay`` may be a window (:meth:`Replay.tail`): hands are numbered from its ``offset``
        and running totals go on from its ``start``."""
        return points_board(self, setup, replay)

    def board_window(self, setup: MatchSetup, replay: Replay, keep: int) -> Replay:
        """The part of ``replay`` the scoreboard drawn after a hand shows: its last ``keep`` hands
        (:meth:`Replay.tail`). A game whose scoreboard needs more than those (a rubber's sheet)
        returns more."""
        return replay.tail(keep)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """One short line for a hand (``ledger match history``): with ``result`` (the hand's
        :meth:`HandResult.to_json`, as stored) what it scored, as the hand's ``summary`` says it
        (``"Anna +1, Bruno -8, Carla +12"``, ``"4SX by W -2: NS +500"``); without, what ``doc``
        entered, or ``""``. ``setup`` is the match when known. Never raises: a document or result
        it cannot read (an old scorer's, say) gives what can be read of it, or ``""``.

        Default: each side's points when the result has them (:func:`points_line`).
        """
        return points_line((result or {}).get("points"))

    def hand_note(self, result: HandResult) -> str:
        """The short note beside a hand on the scoreboard (its notable items); empty by default."""
        return ""

    def named(self, hand: Msg, deal: Msg) -> Msg:
        """Of two whole messages saying the same of a hand (``take back hand 3?``, ``take back deal
        3?``), the one in this game's word: ``deal`` for a game whose hands are deals
        (:attr:`deals`: bridge, *smazzata* in Italian), ``hand`` otherwise. Each is a literal
        message of its own (docs/languages.md: never a sentence put together from a noun)."""
        return deal if self.deals else hand

    def hand_number(self, setup: MatchSetup, i: int | None, result: JsonDoc | None = None) -> int | None:
        """The number the players know hand ``i`` (0-based, among the live hands; None for a hand
        voided, off the scoreboard) by, from its stored result (:meth:`HandResult.to_json`) when
        known: ``i + 1``, its place on the scoreboard, None for a voided hand (a duplicate board:
        the board's number, what the scoreboard shows, voided or not)."""
        return None if i is None else i + 1

    def hand_heading(self, setup: MatchSetup, number: int, result: HandResult) -> Msg:
        """The line above the scoreboard after hand ``number`` (1-based) was saved, with its
        ``result``'s summary: ``Hand 4: Anna +1, Bruno -8``; a pair the ledger named ``NS`` is said
        by its players (:meth:`MatchSetup.with_shown_sides`: ``Hand 2: Anna & Carla +11, ...``)."""
        return t("cli.hand_summary", "Hand {hand}: {summary}", hand=number,
                 summary=setup.with_shown_sides(result.summary))

