"""The values a report is made of: what was asked (:class:`Period`) and what the store read
(:class:`MatchRecord`), both from :mod:`ledger.summary`, and what the report says
(:class:`MatchSummary`, :class:`Standing`, :class:`Highlight` from :mod:`ledger.games.facts`,
:class:`Report`). Plain data, no I/O; every renderer (terminal, JSON, CSV,
HTML) reads the same :class:`Report`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Mapping

from ledger.games.base import MatchSetup, Replay
from ledger.games.facts import Highlight, side_label
from ledger.summary import MatchRecord, Period
from ledger.games.stakes import MatchMoney

STATUS_TEXT = {"open": "in play", "finished": "finished", "ended": "ended early"}


@dataclass
class MatchSummary:
    """One match in the report: who played, how it stands or ended, hand by hand.

    ``totals`` are in ``unit`` (points, lives, hands won); ``order`` lists the sides best first;
    ``running[k]`` are the totals after ``k`` hands (``running[0]`` before the first hand);
    ``hand_values[k]`` what each side made in hand ``k + 1`` in the game's own terms (points; Simone:
    the sum of the cards; Trentuno: the hand's value); ``target`` the total that ends the match
    (option ``target``), when it has one.
    """

    id: int
    game: str
    title: str
    rules: str
    night: dt.date
    demo: bool
    status: str
    sides: Mapping[str, tuple[str, ...]]
    labels: Mapping[str, str]
    players: tuple[str, ...]
    hands: int
    corrections: int
    unit: str
    totals: Mapping[str, Any]
    order: list[str]
    winners: list[str]
    result: str
    details: list[str]
    running: list[Mapping[str, Any]]
    money: MatchMoney | None = None
    hand_values: list[Mapping[str, Any]] = field(default_factory=list)
    target: int | None = None
    note: str | None = None

    @property
    def unfinished(self) -> bool:
        return self.status == "open"

    @property
    def winning_players(self) -> list[str]:
        return [p for s in self.winners for p in self.sides[s]]

    def score_text(self) -> str:
        """``"Carla 38 · Anna 25 · Bruno 1"`` (best first), with the unit when it is not points."""
        text = " · ".join(f"{self.labels[s]} {self.totals.get(s)}" for s in self.order)
        return text if self.unit == "points" else f"{text} ({self.unit})"

    def winner_text(self) -> str:
        if self.unfinished:
            return "in play"
        if not self.winners:
            return "no winner"
        return " and ".join(self.labels[s] for s in self.winners)

    def to_json(self) -> dict:
        return {"id": self.id, "game": self.game, "title": self.title, "rules": self.rules,
                "night": self.night.isoformat(), "demo": self.demo, "status": self.status,
                "unfinished": self.unfinished, "players": list(self.players),
                "sides": {s: list(p) for s, p in self.sides.items()}, "hands": self.hands,
                "corrections": self.corrections, "unit": self.unit, "totals": dict(self.totals),
                "order": list(self.order), "winner": self.winners[0] if len(self.winners) == 1 else
                (list(self.winners) or None), "winning_players": self.winning_players,
                "result": self.result, "details": list(self.details),
                "money": self.money.to_json() if self.money else None,
                "target": self.target,
                "running": [{"hand": k, "totals": dict(t)} for k, t in enumerate(self.running)],
                "hand_values": [{"hand": k + 1, "values": dict(v)} for k, v in enumerate(self.hand_values)],
                "note": self.note}


@dataclass
class Standing:
    """A player's night (or period): matches played, won and still open, per game, and money."""

    player: str
    played: int = 0
    won: int = 0
    open: int = 0
    games: dict[str, dict[str, int]] = field(default_factory=dict)
    money: dict[str, int] = field(default_factory=dict)

    @property
    def decided(self) -> int:
        return self.played - self.open

    def to_json(self) -> dict:
        return {"player": self.player, "played": self.played, "won": self.won, "open": self.open,
                "games": {g: dict(v) for g, v in self.games.items()}, "money": dict(self.money)}


@dataclass
class Report:
    """The end-of-night report: every match, the standings, the settlement, the highlights.

    ``settlement`` is :func:`ledger.games.settle.night_report` of every match played for money
    (``{"matches", "skipped", "currencies": {cur: {"nets", "transfers", "lines"}}}``).
    """

    period: Period
    matches: list[MatchSummary]
    standings: list[Standing]
    settlement: dict
    highlights: list[Highlight]

    @property
    def nights(self) -> list[dt.date]:
        return sorted({m.night for m in self.matches})

    def to_json(self) -> dict:
        return {"period": {**self.period.to_json(), "nights": [d.isoformat() for d in self.nights]},
                "matches": [m.to_json() for m in self.matches],
                "standings": [s.to_json() for s in self.standings],
                "settlement": self.settlement,
                "highlights": [h.to_json() for h in self.highlights]}
