"""Hands that come from elsewhere than the table: matches dealt at random for the benchmarks and
property tests (a game's ``samples`` module, ``bench/synthetic.py``) and the field's files of
deals (a game with ``deal_files``: bridge's PBN, ``ledger pbn``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol, cast

from ledger.games.jsontypes import JsonDict
from ledger.games.match_setup import MatchSetup
from ledger.games.protocol.rules import Rules
from ledger.games.results import HandResult, MatchState
from ledger.i18n import Msg


class Samples(Protocol):
    """A game's ``samples`` module (``Game.sample_setup``, ``Game.sample_hand``)."""

    def sample_setup(self, game: Rules, players: Sequence[str], rng: random.Random) -> MatchSetup: ...

    def sample_hand(self, setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict: ...


class DealsRead(Protocol):
    """What a file of deals held (``Game.read_deals``): ``hands`` (hand documents, in file order),
    ``skipped_notes`` (one message per deal left out) and ``scoring`` (the rule set the file
    names, or None)."""

    hands: list[JsonDict]
    skipped_notes: list[Msg]
    scoring: str | None


class Dealing(Rules):
    """Dealt hands and files of deals: a game sets ``samples`` (its module's name) and
    ``sample_weight`` to be dealt at random, and implements :meth:`read_deals` and
    :meth:`write_deals` when it has ``deal_files``. It builds on the rules: a sample match is set
    up by them."""

    def sample_setup(self, players: Sequence[str], rng: random.Random) -> MatchSetup:
        """A match's settings among ``players``, chosen with ``rng`` (a ``random.Random``), as a
        real table would play it: the ``sample_setup`` of the game's ``samples`` module."""
        return self._samples().sample_setup(self, players, rng)

    def sample_hand(self, setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
        """The next hand of the match in ``state``, dealt at random with ``rng``: a hand document
        as entered (the scorer may still refuse it: deal again)."""
        return self._samples().sample_hand(setup, state, rng)

    def _samples(self) -> Samples:
        import importlib

        if self.samples is None:
            raise NotImplementedError(f"{self.name} deals no matches at random")
        return cast(Samples, importlib.import_module(self.samples))  # a module the type system cannot look into

    # --- files of deals (a game with ``deal_files``: ``ledger pbn``) ------------------------------
    def read_deals(self, text: str | Iterable[str]) -> DealsRead:
        """A file of deals in the game's ``deal_files`` format → what was read of it: ``hands``
        (hand documents, in order), ``skipped`` (one line for each deal not read) and ``scoring``
        (the rule set the file names, or None). ``LedgerError`` naming the deal and tag."""
        raise NotImplementedError

    def write_deals(self, setup: MatchSetup, results: Sequence[HandResult], event: str = "", site: str = "",
                    date: str = "") -> str:
        """The text of a match's scored deals in the ``deal_files`` format (``date`` as it writes it)."""
        raise NotImplementedError

