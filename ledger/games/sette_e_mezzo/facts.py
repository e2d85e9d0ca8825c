"""What the report knows about Sette e mezzo (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.protocol.Game.facts`): read only from the replay. The unit is cents: each hand's
net of a player is its value; the match's reali (who made them, in which hands) are its highlight."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.facts import GameNotes, Highlight, Joined, Record, Said
from ledger.games.jsontypes import JsonDict
from ledger.games.sette_e_mezzo.records import SetteMezzoResult, SetteMezzoState
from ledger.i18n import t, tn


class SetteMezzoNotes(GameNotes):
    unit = "cents"
    rarity = {"sette e mezzo reale": 20}  # the next free rank among all highlight kinds (0 the rarest)

    def details(self, rec: Record) -> list[str]:
        """Who holds the bank next, while the match is open."""
        if rec.over:
            return []
        return [Said(t("sette_e_mezzo.details_bank", "bank: {player}", player=rec.replay.final.extra_as(SetteMezzoState).next_banker))]

    def hand_value(self, rec: Record, i: int, side: str) -> int | None:
        """The player's net in cents in hand ``i`` (None when the player sat out)."""
        return rec.replay.results[i].detail_as(SetteMezzoResult).net_cents.get(side)

    def highlights(self, rec: Record) -> list[Highlight]:
        """One line for the match's sette e mezzo reali, who made them and in which hands."""
        hands: dict[str, list[int]] = {}
        for i, res in enumerate(rec.replay.results):
            for player, value in res.detail_as(SetteMezzoResult).values.items():
                if value == "reale":
                    hands.setdefault(player, []).append(i + 1)
        if not hands:
            return []
        made = [tn("sette_e_mezzo.reali_of", "{player} (hand {hands})", "{player} (hands {hands})", len(h),
                   player=p, hands=list(map(str, h))) for p, h in hands.items()]
        first = next(iter(hands))
        return [Highlight("sette e mezzo reale", t("sette_e_mezzo.reali_fact", "Sette e mezzo reale: {made}",
                                                   made=Joined(made, ", ")), rec.id, hands[first][0], first,
                          sum(map(len, hands.values())))]

    def counters(self, rec: Record, side: str, player: str) -> dict[str, int]:
        """Hands played, hands as banker, reali made, and the net in cents."""
        hands = banker = reali = net = 0
        for res in rec.replay.results:
            d = res.detail_as(SetteMezzoResult)
            if player not in d.net_cents:
                continue
            hands += 1
            banker += int(d.banker == player)
            reali += int(d.values.get(player) == "reale")
            net += d.net_cents[player]
        return {"hands": hands, "banker": banker, "reali": reali, "net_cents": net}

    def figures(self, c: Mapping[str, int]) -> JsonDict:
        """Hands played, hands as banker and reali (the money is in the players' table already)."""
        return {"hands": c.get("hands", 0), "banks": c.get("banker", 0), "reali": c.get("reali", 0)}
