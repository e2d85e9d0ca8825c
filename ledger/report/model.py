"""The values a report is made of: what was asked (:class:`Period`), what the store read
(:class:`MatchRecord`), and what the report says (:class:`MatchSummary`, :class:`Standing`,
:class:`Highlight`, :class:`Report`). Plain data, no I/O; every renderer (terminal, JSON, CSV,
HTML) reads the same :class:`Report`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Mapping

from ledger.games.base import MatchSetup, Replay
from ledger.games.stakes import MatchMoney

STATUS_TEXT = {"open": "in play", "finished": "finished", "ended": "ended early"}


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
        """``"the night of Sunday 29 November 2026"``, ``"2026-11-01 to 2026-11-29"``, ``"all time"``."""
        a, b = self.date_from, self.date_to
        if self.one_night and a is not None:
            text = f"the night of {a:%A} {a.day} {a:%B %Y}"
        elif a and b:
            text = f"{a.isoformat()} to {b.isoformat()}"
        elif a:
            text = f"since {a.isoformat()}"
        elif b:
            text = f"until {b.isoformat()}"
        else:
            text = "all time"
        return text + (" (demo)" if self.demo else "")

    def to_json(self) -> dict:
        return {"from": _iso(self.date_from), "to": _iso(self.date_to), "label": self.label(),
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
        w = self.replay.final.winner
        return [x for x in ([w] if isinstance(w, str) else list(w or [])) if x in self.setup.sides]

    def side_of(self, player: str) -> str | None:
        for side, members in self.setup.sides.items():
            if player in members:
                return side
        return None


@dataclass(frozen=True)
class Highlight:
    """Something worth telling: ``kind`` (e.g. ``"slam"``, ``"31"``, ``"biggest hand"``), the sentence,
    and where it happened (match id, hand number 1-based or None, side or player, a value)."""

    kind: str
    text: str
    match: int | None = None
    hand: int | None = None
    who: str | None = None
    value: Any = None

    def to_json(self) -> dict:
        return {"kind": self.kind, "text": self.text, "match": self.match, "hand": self.hand,
                "who": self.who, "value": self.value}


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


def side_label(setup: MatchSetup, side: str) -> str:
    """How a side is called in a report: ``"Carla"``, ``"Anna & Carla"``, ``"NS (Carla & Elena)"``."""
    members = setup.sides.get(side, ())
    joined = " & ".join(members)
    if not members or side == joined:
        return side
    return f"{side} ({joined})"


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None
