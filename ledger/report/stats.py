"""Player statistics over all time or a period, and head-to-head records (pure: no I/O).

``build_stats(records, period)`` reads replayed matches (:class:`MatchRecord`) and gives, per
player: matches played, won (a shared win counts as a win), still open, the win rate (wins over
matches decided, None when none is), money per currency (integer cents, every game played for
money), and per game the same plus the game's own figures (:attr:`ledger.games.protocol.Game.facts`):
bridge rubbers played and won and the average margin per rubber from the player's side (signed,
points); Trentuno lives lost; Canasta and Trentasette the average hand score of the player's side;
Simone hands won and the average sum. With ``period.vs`` it adds the head-to-head record of
``period.player`` against (and with) ``period.vs``.

The statistics read only :func:`ledger.summary.match_facts` of each match (outcome, money, the game's counters).
The store keeps those facts in each match's stored summary, written with every change of the
match, so ``ledger stats`` reads them instead of replaying (:class:`Outcome`,
:func:`ledger.store.reports.load_outcomes`); ``ledger db check`` compares them with a replay.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ledger.games import get_game
from ledger.summary import MatchRecord, Outcome, Period


def rate(won: int, decided: int) -> float | None:
    """Wins over decided matches, rounded to 3 places; None when nothing was decided."""
    return round(won / decided, 3) if decided else None


@dataclass
class GameStats:
    """A player's record in one game: played, won, open, and the game's added-up counters."""

    game: str
    played: int = 0
    won: int = 0
    open: int = 0
    counters: dict[str, int] = field(default_factory=dict)

    def add(self, won: bool, open_: bool, counters: dict[str, int]) -> None:
        self.played += 1
        self.won += won
        self.open += open_
        for k, v in counters.items():
            self.counters[k] = self.counters.get(k, 0) + v

    @property
    def win_rate(self) -> float | None:
        return rate(self.won, self.played - self.open)

    def figures(self) -> dict[str, Any]:
        return get_game(self.game).facts.figures(self.counters)

    def to_json(self) -> dict:
        return {"played": self.played, "won": self.won, "open": self.open, "win_rate": self.win_rate,
                **self.figures()}


@dataclass
class PlayerStats:
    """A player's record over the period, overall and per game, with money per currency."""

    player: str
    played: int = 0
    won: int = 0
    open: int = 0
    games: dict[str, GameStats] = field(default_factory=dict)
    money: dict[str, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float | None:
        return rate(self.won, self.played - self.open)

    def to_json(self) -> dict:
        return {"player": self.player, "played": self.played, "won": self.won, "open": self.open,
                "win_rate": self.win_rate, "money": dict(self.money),
                "games": {g: s.to_json() for g, s in self.games.items()}}


@dataclass
class HeadToHead:
    """Two players' record in the matches they both played: against each other (``a_won``,
    ``b_won``, ``neither``: no winner between them or a shared win, ``open``) and as partners
    (``played``, ``won``, ``open``), overall and per game, and each one's money in those matches."""

    a: str
    b: str
    opponents: dict[str, int] = field(default_factory=lambda: _h2h_zero())
    partners: dict[str, int] = field(default_factory=lambda: {"played": 0, "won": 0, "open": 0})
    games: dict[str, dict[str, int]] = field(default_factory=dict)
    money: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, rec: "Outcome") -> None:
        sa, sb = rec.side_of(self.a), rec.side_of(self.b)
        game = self.games.setdefault(rec.group, _h2h_zero())
        if sa == sb:
            self.partners["played"] += 1
            key = "open" if not rec.over else ("won" if sa in rec.winners else None)
            if key:
                self.partners[key] += 1
            return
        if not rec.over:
            key = "open"
        elif sa in rec.winners and sb not in rec.winners:
            key = "a_won"
        elif sb in rec.winners and sa not in rec.winners:
            key = "b_won"
        else:
            key = "neither"
        for book in (self.opponents, game):
            book["played"] += 1
            book[key] += 1

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "opponents": dict(self.opponents), "partners": dict(self.partners),
                "games": {g: dict(v) for g, v in self.games.items() if v["played"]}, "money": self.money}


@dataclass
class Stats:
    period: Period
    players: list[PlayerStats]
    matches: int
    head_to_head: HeadToHead | None = None

    def to_json(self) -> dict:
        out = {"period": self.period.to_json(), "matches": self.matches,
               "players": [p.to_json() for p in self.players]}
        if self.head_to_head is not None:
            out["head_to_head"] = self.head_to_head.to_json()
        return out


def build_stats(records: Iterable[MatchRecord | Outcome], period: Period) -> Stats:
    """Statistics of ``records`` (already limited to ``period``): every player in them, most wins
    first, then by name; or only ``period.player`` when named, with the head-to-head against
    ``period.vs`` (over the records both played) when that is named too. A record is a replayed
    match, or an :class:`Outcome` (read from the stored summaries): both give the same figures."""
    recs = [r if isinstance(r, Outcome) else Outcome.of(r) for r in records]
    rows: dict[str, PlayerStats] = {}
    h2h = HeadToHead(period.player, period.vs) if period.player and period.vs else None
    for rec in recs:
        money = rec.facts["money"]
        nets = money["nets"] if money else None
        counters = rec.facts["players"]
        for side, members in rec.sides.items():
            won, open_ = side in rec.winners, not rec.over
            for p in members:
                st = rows.setdefault(p, PlayerStats(p))
                st.played += 1
                st.won += won
                st.open += open_
                st.games.setdefault(rec.group, GameStats(rec.game)).add(won, open_, counters.get(p, {}))
                if nets is not None:
                    st.money[money["currency"]] = st.money.get(money["currency"], 0) + nets.get(p, 0)
        if h2h is not None and rec.side_of(h2h.a) and rec.side_of(h2h.b):
            h2h.add(rec)
            if nets is not None:
                for p in (h2h.a, h2h.b):
                    book = h2h.money.setdefault(p, {})
                    book[money["currency"]] = book.get(money["currency"], 0) + nets.get(p, 0)
    if period.player:
        players = [rows[period.player]] if period.player in rows else []
    else:
        players = sorted(rows.values(), key=lambda s: (-s.won, s.played, s.player.casefold()))
    return Stats(period, players, len(recs), h2h)


def _h2h_zero() -> dict[str, int]:
    return {"played": 0, "a_won": 0, "b_won": 0, "neither": 0, "open": 0}
