"""What is read of the stored matches, below the store and the report (pure: imports the games only).

:class:`Period` says which matches (a report's or the statistics'); :class:`MatchRecord` is one
match as the store read it, replayed. :func:`match_facts` is what the statistics read of a
replayed match: the store keeps it in the match's stored summary, written with every change of the
match (:mod:`ledger.store.service`), and ``ledger stats`` reads it back through
:func:`usable_facts` as an :class:`Outcome` instead of replaying (:mod:`ledger.store.reports`,
:mod:`ledger.report.stats`).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from ledger.games import get_game
from ledger.games.match_setup import MatchSetup
from ledger.games.replay import Replay
from ledger.games.facts import Record
from ledger.games.stakes import match_money
from ledger.i18n import Msg, t

@dataclass(frozen=True)
class Period:
    """Which matches a report or the statistics cover.

    - ``date_from``/``date_to``: nights from and to (inclusive), None for open-ended;
    - ``demo``: the demo night(s) instead of the real ones (the two are never mixed);
    - ``stand_in``: the demo night was taken because the ledger has no other match;
    - ``player``/``vs``/``game``: only matches with that player (and that other player), of that game.
    """

    date_from: dt.date | None = None
    date_to: dt.date | None = None
    demo: bool = False
    player: str | None = None
    game: str | None = None
    vs: str | None = None
    stand_in: bool = False

    @property
    def one_night(self) -> bool:
        return self.date_from is not None and self.date_from == self.date_to

    def label(self) -> str:
        """``"the night of Sunday 29 November 2026"``, ``"2026-11-01 to 2026-11-29"``, ``"all time"``:
        :meth:`label_msg` in the language in use."""
        return str(self.label_msg())

    def label_msg(self) -> Msg:
        """The period as a message (shown in the language in use: ``"la serata di domenica 29
        novembre 2026"``); a range names its nights as ``YYYY-MM-DD``."""
        a, b = self.date_from, self.date_to
        if self.one_night and a is not None:
            text = t("period.night", "the night of {day}", day=a)
        elif a and b:
            text = t("period.range", "{start} to {end}", start=a.isoformat(), end=b.isoformat())
        elif a:
            text = t("period.since", "since {start}", start=a.isoformat())
        elif b:
            text = t("period.until", "until {end}", end=b.isoformat())
        else:
            text = t("period.all", "all time")
        return t("period.demo", "{period} (demo)", period=text) if self.demo else text

    def to_json(self) -> dict:
        return {"from": _iso(self.date_from), "to": _iso(self.date_to), "label": self.label_msg().render("en"),
                "demo": self.demo, "player": self.player, "vs": self.vs, "game": self.game,
                "demo_stands_in": self.stand_in}


@dataclass
class MatchRecord:
    """One match as the store read it, replayed: the input of every report.

    ``status`` is the stored ``open``/``finished``/``ended``; ``corrections`` counts its voided
    hands (corrected or taken off); ``replay`` is the replay of its live hands (the truth).
    """

    id: int
    night: dt.date
    setup: MatchSetup
    replay: Replay
    status: str = "open"
    demo: bool = False
    corrections: int = 0
    note: str | None = None

    @property
    def over(self) -> bool:
        """The match has a result: finished, or ended early by the scorekeeper."""
        return self.status != "open" or self.replay.final.finished

    @property
    def winners(self) -> list[str]:
        """The winning sides (several for a shared win), none while in play or for no winner."""
        if not self.over:
            return []
        w = get_game(self.setup.game).winning(self.replay.final)
        return [x for x in ([w] if isinstance(w, str) else list(w or [])) if x in self.setup.sides]

    @property
    def group(self) -> str:
        """The name its results are counted under per game (:meth:`ledger.games.protocol.Game.group`)."""
        return str(get_game(self.setup.game).group(self.setup))

    def side_of(self, player: str) -> str | None:
        for side, members in self.setup.sides.items():
            if player in members:
                return side
        return None


FACTS_VERSION = 1


def match_facts(rec: Record) -> dict:
    """What the statistics read of one replayed match, as JSON (kept in the match's stored summary
    so that ``ledger stats`` need not replay it): ``{"v": 1, "status", "sides", "finished", "winner",
    "money": {"currency", "nets": {player: cents}} | null, "players": {player: counters}}`` where
    ``status`` is the stored status the facts were taken with, ``sides`` the match's sides (side →
    players, as :attr:`MatchSetup.sides`), ``finished``/``winner`` the replay's final state, ``money`` each player's net when the match is played for money and settled, and
    ``counters`` the game's own (:meth:`ledger.games.facts.GameNotes.counters`)."""
    final = rec.replay.final
    money = match_money(rec.setup, final)
    nets = money.nets if money and money.nets is not None else None
    notes = get_game(rec.setup.game).facts
    members = [(side, p) for side, ps in rec.setup.sides.items() for p in ps]
    facts = {"v": FACTS_VERSION, "status": rec.status, "sides": {side: list(ps) for side, ps in rec.setup.sides.items()},
             "finished": bool(final.finished), "winner": get_game(rec.setup.game).winning(final),
             "money": None if money is None or nets is None else {"currency": money.currency,
                                                 "nets": {p: int(nets.get(p, 0)) for _, p in members}},
             "players": {p: notes.counters(rec, side, p) for side, p in members}}
    group = get_game(rec.setup.game).group(rec.setup)
    if group != rec.setup.game:  # a match counted apart from its game's others (a score sheet's title)
        facts["group"] = group
    return json.loads(json.dumps(facts))  # exactly as stored and read back (tuples are lists)


def usable_facts(summary: Any, status: str) -> dict | None:
    """The facts kept in a stored match summary when they still hold (taken with the match's
    current status, in this program's version of them); None when the match must be replayed."""
    facts = summary.get("stats") if isinstance(summary, dict) else None
    if isinstance(facts, dict) and facts.get("v") == FACTS_VERSION and facts.get("status") == status:
        return facts
    return None


@dataclass(frozen=True)
class Outcome:
    """One match as the statistics see it: its game, stored status and :func:`match_facts` (its
    sides among them: read from the stored summary, no seat need be read)."""

    id: int
    game: str
    status: str
    facts: dict

    @classmethod
    def of(cls, rec: MatchRecord) -> "Outcome":
        return cls(rec.id, rec.setup.game, rec.status, match_facts(rec))

    @property
    def sides(self) -> dict[str, list[str]]:
        return self.facts["sides"]

    @property
    def group(self) -> str:
        """As :attr:`MatchRecord.group`."""
        return str(self.facts.get("group") or self.game)

    @property
    def over(self) -> bool:
        """As :attr:`MatchRecord.over`: finished, or ended early by the scorekeeper."""
        return self.status != "open" or self.facts["finished"]

    @property
    def winners(self) -> list[str]:
        """As :attr:`MatchRecord.winners`."""
        if not self.over:
            return []
        w = self.facts["winner"]
        return [x for x in ([w] if isinstance(w, str) else list(w or [])) if x in self.sides]

    def side_of(self, player: str) -> str | None:
        for side, members in self.sides.items():
            if player in members:
                return side
        return None


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None
