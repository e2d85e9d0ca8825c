"""What the report knows about Scala 40 (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.protocol.Game.facts`): read only from the replay. Totals are penalty points, so
the lowest total is the best, and a player still in ranks above every player who is out."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.facts import GameNotes, Highlight, Record, Said, average
from ledger.games.jsontypes import JsonDict
from ledger.games.scala40.records import Scala40Result, Scala40State
from ledger.games.settle import Money
from ledger.i18n import t


class Scala40Notes(GameNotes):
    unit = "penalty points"
    rarity = {"in mano": 17}  # rank among all highlight kinds (0 the rarest): the next free one

    def order(self, rec: Record) -> list[str]:
        """The winner first, then the players still in by lowest total, then those out, last out first."""
        final = rec.replay.final
        x = final.extra_as(Scala40State)
        players = list(rec.setup.players)
        still = sorted((p for p in players if p not in x.out), key=lambda p: (p != final.winner, final.totals[p],
                                                                             players.index(p)))
        return still + list(reversed(x.out))

    def details(self, rec: Record) -> list[str]:
        """The pot (when played for money), and who re-entered (how often)."""
        x = rec.replay.final.extra_as(Scala40State)
        out: list[str] = []
        if x.stake_cents:
            out.append(Said(t("scala40.details_pot", "pot {amount}", amount=Money(x.pot_cents, x.currency))))
        back = [f"{p} ×{n}" for p, n in x.reentries.items() if n]
        if back:
            out.append(Said(t("scala40.details_reentered", "re-entered: {players}", players=", ".join(back))))
        return out

    def hand_value(self, rec: Record, i: int, side: str) -> int | None:
        """The player's penalty in that hand (None when he was out)."""
        return rec.replay.results[i].detail_as(Scala40Result).penalties.get(side)

    def highlights(self, rec: Record) -> list[Highlight]:
        """Every closing in mano (the re-entries are in :meth:`details`)."""
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.detail_as(Scala40Result)
            if d.in_mano:
                out.append(Highlight("in mano", t("scala40.highlight_in_mano", "{player} closed in mano (hand {hand})",
                                                  player=d.closed_by, hand=i + 1), rec.id, i + 1, d.closed_by))
        return out

    def counters(self, rec: Record, side: str, player: str) -> dict[str, int]:
        """Hands played, hands closed, penalty points paid, re-entries, times out."""
        played = [r.detail_as(Scala40Result) for r in rec.replay.results]
        mine = [d for d in played if player in d.penalties]
        x = rec.replay.final.extra_as(Scala40State)
        return {"hands": len(mine), "closed": sum(d.closed_by == player for d in mine),
                "points": sum(d.penalties[player] for d in mine), "reentries": x.reentries.get(player, 0),
                "out": sum(player in d.out for d in played)}

    def figures(self, c: Mapping[str, int]) -> JsonDict:
        return {"hands": c.get("hands", 0), "closed": c.get("closed", 0),
                "average_hand": average(c.get("points", 0), c.get("hands", 0)), "reentries": c.get("reentries", 0)}
