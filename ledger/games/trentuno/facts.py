"""What the report knows about Trentuno (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from ledger.games.jsontypes import JsonDict
from ledger.games.trentuno.records import TrentunoResult, TrentunoState

from ledger.games.facts import GameNotes, Highlight, Joined, Said, number
from ledger.games.settle import Money
from ledger.i18n import t
from collections.abc import Mapping  # noqa: F401 (annotations)
from ledger.games.facts import Record  # noqa: F401 (annotations)


class TrentunoNotes(GameNotes):
    unit = "lives"
    rarity = {"31": 5, "final two": 6, "bet": 7}  # rank among all highlight kinds (0 the rarest)

    def details(self, rec: Record) -> list[str]:
        ex = rec.replay.final.extra_as(TrentunoState)
        cur = rec.setup.options.get("currency", "EUR")
        out: list[str] = [Said(t("trentuno.details_pot", "pot {amount}", amount=Money(ex.pot_cents, cur)))]
        if ex.pot_shares:
            shares = [t("trentuno.share", "{player} {amount}", player=p, amount=Money(c, cur))
                      for p, c in ex.pot_shares.items()]
            out.append(Said(t("trentuno.details_shared", "shared: {shares}", shares=Joined(shares, ", "))))
        if ex.reentered:
            out.append(Said(t("trentuno.details_reentered", "re-entered: {players}", players=", ".join(ex.reentered))))
        return out

    def hand_value(self, rec: Record, i: int, side: str) -> int | str | None:
        """The hand's value for each player in (a number, or ``"tris K"``)."""
        return rec.replay.results[i].detail_as(TrentunoResult).values.get(side)

    def highlights(self, rec: Record) -> list[Highlight]:
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.detail_as(TrentunoResult)
            if d.shown31:
                if d.ended_by == "31 after knock":
                    said = t("trentuno.shown31_late", "{player} showed 31 in the extra round after the knock (hand "
                             "{hand})", player=d.shown31, hand=i + 1)
                else:
                    said = t("trentuno.shown31", "{player} showed 31 (hand {hand})", player=d.shown31, hand=i + 1)
                out.append(Highlight("31", said, rec.id, i + 1, d.shown31, 31))
            if d.final_two:
                out.append(Highlight("final two", t("trentuno.final_two", "The final two: {players} paid their last "
                                                    "life and everyone came back (hand {hand})",
                                                    players=list(d.lose_life), hand=i + 1), rec.id, i + 1))
            if d.bet and d.bet.won:
                out.append(Highlight("bet", t("trentuno.bet_won", "{player} came back on a bet on {number} (hand {hand})",
                                              player=d.bet.drawn, number=d.bet.number, hand=i + 1),
                                     rec.id, i + 1, d.bet.drawn, d.bet.number))
        return out

    def counters(self, rec: Record, side: str, player: str) -> dict[str, int]:
        lost = sum(1 for res in rec.replay.results
                   if res.detail_as(TrentunoResult).counts and player in res.detail_as(TrentunoResult).lose_life)
        return {"lives_lost": lost, "hands": rec.replay.final.hands}

    def figures(self, c: Mapping[str, int]) -> JsonDict:
        return {"lives_lost": c.get("lives_lost", 0)}
