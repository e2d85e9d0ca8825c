"""Building the end-of-night report from replayed matches (pure: no I/O, no database).

``build_report(records, period)`` turns the :class:`MatchRecord` values that
:func:`ledger.store.reports.load_matches` reads into a :class:`Report`: one
:class:`MatchSummary` per match (in night, then match order), the standings, the settle-up of
every match played for money (Trentuno's lives and any game's stakes, added per currency and
settled with :func:`ledger.games.settle.night_report`), and the highlights.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from ledger.games import get_game
from ledger.games.match_setup import MatchSetup
from ledger import i18n
from ledger.games.settle import night_report
from ledger.i18n import t, tn
from ledger.games.stakes import match_money
from ledger.games.facts import Said as Worded
from ledger.report.model import (Highlight, MatchRecord, MatchSummary, Period, Report, Said, Shown, Standing,
                                 side_label)


class SideLabels(Mapping[str, str]):
    """Each side of a match → how people call it (:func:`side_label`), written when read, in the
    language in use then: a report made once is shown in Italian (``EO (Bruno & Dario)``) and
    written for programs in English (``EW (Bruno & Dario)``, the same bytes in every language)."""

    def __init__(self, setup: MatchSetup):
        self._setup = setup

    def __getitem__(self, side: str) -> str:
        if side not in self._setup.sides:
            raise KeyError(side)
        return side_label(self._setup, side)

    def __iter__(self) -> Iterator[str]:
        return iter(self._setup.sides)

    def __len__(self) -> int:
        return len(self._setup.sides)


def summarize(rec: MatchRecord) -> MatchSummary:
    """One match for the report: final score best first, winner, result line, hand by hand."""
    setup, rp = rec.setup, rec.replay
    notes = get_game(setup.game).facts
    final = rp.final
    sides = setup.side_names
    labels = SideLabels(setup)
    summary = MatchSummary(
        id=rec.id, game=setup.game, title=get_game(setup.game).title or setup.game, rules=setup.rules,
        night=rec.night, demo=rec.demo, status="finished" if rec.status == "open" and final.finished else rec.status,
        sides=dict(setup.sides), labels=labels, players=tuple(setup.players), hands=final.hands,
        corrections=rec.corrections, unit=notes.unit_of(rec), totals=dict(final.totals), order=notes.order(rec),
        winners=rec.winners, result="", details=said(notes.details, rec),
        running=[dict(rp.start.totals)] + [dict(st.totals) for st in rp.states],
        money=match_money(setup, final),
        hand_values=[{s: notes.hand_value(rec, i, s) for s in sides} for i in range(len(rp.results))],
        target=_target(setup.options.get("target")), note=rec.note, group=_group(setup))
    summary.result = summary.result_msg()
    return summary


def _group(setup) -> str:
    group = get_game(setup.game).group(setup)
    return "" if group == setup.game else group


def _target(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def standings(matches: Iterable[MatchSummary]) -> list[Standing]:
    """Per player: matches played, won (a shared win counts for each), still open, per game, and
    money per currency; most wins first, then fewer matches played, then by name."""
    rows: dict[str, Standing] = {}
    for m in matches:
        nets = m.money.nets if m.money and m.money.nets is not None else None
        for p in m.players:
            st = rows.setdefault(p, Standing(p))
            game = st.games.setdefault(m.counted_as, {"played": 0, "won": 0, "open": 0})
            won = p in m.winning_players
            st.played += 1
            game["played"] += 1
            st.won += won
            game["won"] += won
            st.open += m.unfinished
            game["open"] += m.unfinished
            if m.money is not None and nets is not None:
                st.money[m.money.currency] = st.money.get(m.money.currency, 0) + int(nets.get(p, 0))
    return sorted(rows.values(), key=lambda s: (-s.won, s.played, s.player.casefold()))


def settlement(matches: Iterable[MatchSummary]) -> dict:
    """The settle-up of every match played for money (:func:`night_report`); open ones are skipped."""
    return night_report({"match": m.id, "currency": m.money.currency, "settlement": m.money.nets}
                        for m in matches if m.money is not None)


def overall_highlights(matches: list[MatchSummary], table: list[Standing], money: dict) -> list[Highlight]:
    """The player of the night (most wins, alone, at least two; "most wins" over several nights) and
    the biggest winner in money."""
    out = []
    if table and table[0].won >= 2 and (len(table) == 1 or table[1].won < table[0].won):
        top = table[0]
        if len({m.night for m in matches}) == 1:
            text = tn("report.player_of_night", "Player of the night: {player}, {n} win in {played} matches",
                      "Player of the night: {player}, {n} wins in {played} matches", top.won,
                      player=top.player, played=top.played)
        else:
            text = tn("report.most_wins", "Most wins: {player}, {n} win in {played} matches",
                      "Most wins: {player}, {n} wins in {played} matches", top.won,
                      player=top.player, played=top.played)
        out.append(Highlight("player of the night", text, None, None, top.player, top.won))
    for cur, part in money.get("currencies", {}).items():
        nets = part["nets"]
        if nets:
            best = min(nets, key=lambda p: (-nets[p], p.casefold()))
            if nets[best] > 0:
                amount = Shown(partial(i18n.money, nets[best], cur))
                out.append(Highlight("biggest winner", t("report.biggest_winner", "Biggest winner: {player}, up {amount}",
                                                         player=best, amount=amount), None, None, best, nets[best]))
    return out


def build_report(records: Iterable[MatchRecord], period: Period) -> Report:
    """The report of ``records`` (replayed matches) for ``period``."""
    recs = sorted(records, key=lambda r: (r.night, r.id))
    matches = [summarize(r) for r in recs]
    table = standings(matches)
    money = settlement(matches)
    lights = overall_highlights(matches, table, money)
    for r in recs:
        facts = get_game(r.setup.game).facts
        found = facts.highlights(r)
        texts = said(lambda: [h.text for h in facts.highlights(r)], shown=[h.text for h in found])  # noqa: B023
        lights.extend(replace(h, text=x) for h, x in zip(found, texts))
    return Report(period, matches, table, money, lights)


def said(words: Callable[..., list], *args: Any, shown: list | None = None) -> list:
    """``words(*args)`` (or ``shown``, already got from it): what a game says of a match (its
    details, its highlights' texts), each a message or a text; a text is kept with its English
    (:class:`Said`, asked of the game again in English), so that the JSON is the same in every
    language even when the game puts it into words at once."""
    shown = words(*args) if shown is None else shown
    if i18n.language() == "en" or all(not isinstance(x, str) or isinstance(x, Worded) for x in shown):
        return shown  # messages, and texts that carry their message (games.facts.Said), speak for themselves
    with i18n.speaking("en"):
        english = words(*args)
    return [Said(x, e) if isinstance(x, str) and not isinstance(x, Worded) and isinstance(e, str) else x
            for x, e in zip(shown, english)]
