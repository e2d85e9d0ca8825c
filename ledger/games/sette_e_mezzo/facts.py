"""What the report knows about Sette e mezzo (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay. The unit is cents: each hand's
net of a player is its value, the biggest win of the night and every reale are its highlights."""

from __future__ import annotations

from typing import Any

from ledger.games.facts import GameNotes, Highlight, Record, Said
from ledger.games.sette_e_mezzo.records import SetteMezzoResult, SetteMezzoState
from ledger.games.settle import Money
from ledger.i18n import t


class SetteMezzoNotes(GameNotes):
    unit = "cents"
    rarity = {"sette e mezzo reale": 8, "biggest win": 16}  # rank among all highlight kinds (0 the rarest)

    def details(self, rec: Record) -> list[str]:
        """Who holds the bank next, while the match is open."""
        if rec.over:
            return []
        return [Said(t("sette_e_mezzo.details_bank", "bank: {player}", player=rec.replay.final.extra_as(SetteMezzoState).next_banker))]

    def hand_value(self, rec: Record, i: int, side: str) -> Any:
        """The player's net in cents in hand ``i`` (None when the player sat out)."""
        return rec.replay.results[i].detail_as(SetteMezzoResult).net_cents.get(side)

    def highlights(self, rec: Record) -> list[Highlight]:
        out = []
        currency = rec.setup.options.get("currency", "EUR")
        best: tuple[int, int, str] | None = None
        for i, res in enumerate(rec.replay.results):
            d = res.detail_as(SetteMezzoResult)
            for player, value in d.values.items():
                if value == "reale":
                    out.append(Highlight("sette e mezzo reale", t("sette_e_mezzo.reale_fact", "{player}: sette e mezzo "
                                         "reale (hand {hand})", player=player, hand=i + 1), rec.id, i + 1, player))
            for player, cents in d.net_cents.items():
                if cents > 0 and (best is None or cents > best[0]):
                    best = (cents, i, player)
        if best is not None:
            cents, i, player = best
            out.append(Highlight("biggest win", t("sette_e_mezzo.biggest_win", "Biggest win: {player} {amount} in "
                                 "hand {hand}", player=player, amount=Money(cents, currency), hand=i + 1),
                                 rec.id, i + 1, player, cents))
        return out

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

    def figures(self, c: dict[str, int]) -> dict[str, Any]:  # type: ignore[override]
        """Hands played, hands as banker and reali (the money is in the players' table already)."""
        return {"hands": c.get("hands", 0), "banks": c.get("banker", 0), "reali": c.get("reali", 0)}
