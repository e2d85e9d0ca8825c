"""The protocol every game implements, split by role, and :class:`Game`, composed of the roles.

A game is a :class:`Game` subclass with no I/O (DESIGN.md "Layers"): the store, the CLI, the
report and the page talk to a game only through these methods.

- :mod:`.info`, :class:`GameInfo`: the identity and settings every role reads (name, title,
  rule sets, players, the declared hand, the records of its results and states).
- :mod:`.rules`, :class:`Rules`: match setup, the state before the first hand, applying a hand
  (``apply``: a :class:`~ledger.games.results.HandResult` and the next
  :class:`~ledger.games.results.MatchState`), ending early, who deals, what stakes and the report
  ask of a state. Pure.
- :mod:`.entry`, :class:`Entry`: the words people type, the questions for what is missing, the
  play session's prompt and help; read from the declared hand (:mod:`ledger.games.declare`).
- :mod:`.presentation`, :class:`Presentation`: the scoreboard (:mod:`ledger.games.tables`), the
  note beside a hand, a hand's line in ``match history``, the heading after a hand.
- :mod:`.dealing`, :class:`Dealing`: matches dealt at random and files of deals.

The values they exchange live beside them: :mod:`ledger.games.results` (results and states),
:mod:`ledger.games.replay` (a match replayed), :mod:`ledger.games.tables` (boards) and
:mod:`ledger.games.parsing` (names, numbers and words as people write them).
"""

from __future__ import annotations

from ledger.games.protocol.dealing import Dealing, DealsRead, Samples
from ledger.games.protocol.entry import Entry
from ledger.games.protocol.info import GameInfo
from ledger.games.protocol.presentation import Presentation
from ledger.games.protocol.rules import Rules, running_winner

__all__ = ["Game", "GameInfo", "Rules", "Entry", "Presentation", "Dealing", "DealsRead", "Samples",
           "running_winner"]


class Game(Entry, Presentation, Dealing):
    """A scorer: the rules, the entry, the presentation and the dealt hands of one game.

    Subclasses set the class attributes of :class:`GameInfo` and implement the methods marked
    "must" (:meth:`Rules.score`, :meth:`Rules.apply`; :meth:`Dealing.read_deals` and
    :meth:`Dealing.write_deals` for a game with ``deal_files``); the others have sensible
    defaults. The registry (:mod:`ledger.games`) holds one instance of each, ``GAME``.
    """
