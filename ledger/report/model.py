"""The values a report is made of: what was asked (:class:`Period`) and what the store read
(:class:`MatchRecord`), both from :mod:`ledger.summary`, and what the report says
(:class:`MatchSummary`, :class:`Standing`, :class:`Highlight` from :mod:`ledger.games.facts`,
:class:`Report`). Plain data, no I/O; every renderer (terminal, JSON, CSV,
HTML) reads the same :class:`Report`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ledger.games.match_setup import MatchSetup
from ledger.games.replay import Replay
from ledger.games.facts import Highlight, side_label
from ledger.summary import MatchRecord, Period
from ledger.games.settle import format_money
from ledger.games.stakes import MatchMoney
from ledger.i18n import Msg, listing, number, t, tn

STATUS_TEXT = {"open": t("report.status.open", "in play"), "finished": t("report.status.finished", "finished"),
               "ended": t("report.status.ended", "ended early")}
"""A match's stored status in words (messages: shown in the language in use)."""

UNIT_TEXT = {"points": t("report.unit.points", "points"), "lives": t("report.unit.lives", "lives"),
             "hands won": t("report.unit.hands_won", "hands won"), "cents": t("report.unit.cents", "cents"),
             "penalty points": t("report.unit.penalty_points", "penalty points")}


def _signed_money(cents: Any, currency: str) -> str:
    """Cents won (``+5,50 €``) or lost (``-8,00 €``) in the language in use; not cents: as it is."""
    if not isinstance(cents, int) or isinstance(cents, bool):
        return shown_number(cents)
    return ("+" if cents > 0 else "") + format_money(cents, currency)


def unit_text(unit: str) -> Msg:
    """A game's unit (``points``, ``lives``, ``hands won``, ``penalty points``: a code in the JSON) as a message."""
    return UNIT_TEXT.get(unit) or Msg("", unit)


def english(value: Any) -> Any:
    """``value`` as the JSON keeps it: a message rendered in English (the JSON is the same in
    every language), a :class:`Said` text as its English, anything else as it is."""
    if isinstance(value, Msg):
        return value.render("en")
    return value.english if isinstance(value, Said) else value


@dataclass(frozen=True)
class Said:
    """A text a game put into words at once (``text``, in the language in use when the report was
    built), with its English (``english``, for the JSON): shown as ``text``."""

    text: str
    english: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Shown:
    """A value put into words only when it is shown (a message's parameter: money, a score), so a
    report built once reads in the language it is shown in (the JSON's English included)."""

    show: Callable[[], str]

    def __str__(self) -> str:
        return self.show()


def shown_number(v: Any) -> str:
    """A total or a figure as the language writes it (``12.000``, ``-0,5``); a text (``tris K``)
    or None as it is."""
    return number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)


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
    result: Msg | str
    details: list[Any]
    running: Sequence[Mapping[str, int]]
    money: MatchMoney | None = None
    hand_values: list[Mapping[str, Any]] = field(default_factory=list)
    target: int | None = None
    note: str | None = None
    group: str = ""  # the name it is counted under per game, when not the game's (Game.group)

    @property
    def counted_as(self) -> str:
        """The name its result is counted under in the standings per game: its group, else its game."""
        return self.group or self.game

    @property
    def unfinished(self) -> bool:
        return self.status == "open"

    @property
    def winning_players(self) -> list[str]:
        return [p for s in self.winners for p in self.sides[s]]

    def score_text(self) -> str:
        """``"Carla 38 · Anna 25 · Bruno 1"`` (best first), with the unit when it is not points, in
        the language in use (``NS 12.000 · EW 3.300``); money as money (Sette e mezzo: ``Dario
        +5,50 € · Bruno -8,00 €``)."""
        if self.unit == "cents" and self.money is not None:
            return " · ".join(f"{self.labels[s]} {_signed_money(self.totals.get(s), self.money.currency)}"
                              for s in self.order)
        text = " · ".join(f"{self.labels[s]} {shown_number(self.totals.get(s))}" for s in self.order)
        if self.unit == "points":
            return text
        return str(t("report.score_unit", "{score} ({unit})", score=text, unit=unit_text(self.unit)))

    def winner_text(self) -> str:
        """Who won (``Carla``, ``Anna and Bruno``), ``in play``, or ``no winner``."""
        if self.unfinished:
            return str(STATUS_TEXT["open"])
        if not self.winners:
            return str(t("report.no_winner_lower", "no winner"))
        return listing([self.labels[s] for s in self.winners])

    def headline(self) -> Msg:
        """``"Carla won"``, ``"In play after 3 hands"``, ``"No winner (ended early)"``."""
        early = self.status == "ended"
        if self.unfinished:
            from ledger.games import get_game

            return get_game(self.game).named(
                tn("report.in_play_after", "In play after {n} hand", "In play after {n} hands", self.hands),
                tn("report.in_play_after_deals", "In play after {n} deal", "In play after {n} deals", self.hands))
        if self.winners:
            names = [self.labels[s] for s in self.winners]
            if early:
                return tn("report.won_early", "{winners} won (ended early)", "{winners} won (ended early)",
                          len(self.winning_players), winners=names)
            # the verb agrees with the players: "Anna & Carla hanno vinto"
            return tn("report.won", "{winners} won", "{winners} won", len(self.winning_players), winners=names)
        if early:
            return t("report.no_winner_early", "No winner (ended early)")
        return t("report.no_winner", "No winner")

    def result_msg(self) -> Msg:
        """``"Carla won: Carla 38 · Anna 25 · Bruno 1"``, ``"In play after 3 hands: …"``."""
        return t("report.result", "{head}: {score}", head=self.headline(), score=Shown(self.score_text))

    def to_json(self) -> dict:
        return {"id": self.id, "game": self.game, "title": self.title, "rules": self.rules,
                "night": self.night.isoformat(), "demo": self.demo, "status": self.status,
                "unfinished": self.unfinished, "players": list(self.players),
                "sides": {s: list(p) for s, p in self.sides.items()}, "hands": self.hands,
                "corrections": self.corrections, "unit": self.unit, "totals": dict(self.totals),
                "order": list(self.order), "winner": self.winners[0] if len(self.winners) == 1 else
                (list(self.winners) or None), "winning_players": self.winning_players,
                "result": english(self.result), "details": [english(d) for d in self.details],
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
                "highlights": [{**h.to_json(), "text": english(h.text)} for h in self.highlights]}
