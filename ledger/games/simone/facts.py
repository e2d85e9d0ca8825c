"""What the report knows about Simone (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from ledger.games.jsontypes import JsonDict
from ledger.games.simone.records import SimoneResult, SimoneState

from ledger.games.facts import GameNotes, Highlight, Said, average, hands_by_side
from ledger.i18n import t
from collections.abc import Mapping  # noqa: F401 (annotations)
from ledger.games.facts import Record  # noqa: F401 (annotations)


class SimoneNotes(GameNotes):
    unit = "hands won"
    rarity = {"lowest hand": 14, "knock lost": 15}  # rank among all highlight kinds (0 the rarest)

    def order(self, rec: Record) -> list[str]:
        standing = rec.replay.final.extra_as(SimoneState).standing
        if standing:
            return [row.player for row in standing]
        return super().order(rec)

    def details(self, rec: Record) -> list[str]:
        sums = rec.replay.final.extra_as(SimoneState).sums
        if not sums:
            return []
        return [Said(t("simone.details_sums", "sums: {sums}", sums=", ".join(f"{p} {s}" for p, s in sums.items())))]

    def hand_value(self, rec: Record, i: int, side: str) -> int | None:
        """The sum of the player's cards in that hand (lowest wins)."""
        return rec.replay.results[i].detail_as(SimoneResult).sums.get(side)

    def highlights(self, rec: Record) -> list[Highlight]:
        out = []
        low = None
        for i, side in hands_by_side(rec):
            v = self.hand_value(rec, i, side)
            if isinstance(v, int) and (low is None or v < low[0]):
                low = (v, i, side)
        if low:
            out.append(Highlight("lowest hand", t("simone.lowest_hand", "Lowest hand: {player} with {sum} (hand {hand})",
                                                  player=low[2], sum=low[0], hand=low[1] + 1),
                                 rec.id, low[1] + 1, low[2], low[0]))
        for i, res in enumerate(rec.replay.results):
            d = res.detail_as(SimoneResult)
            if d.knocked_by and d.knocker_won is False:
                out.append(Highlight("knock lost", t("simone.knock_lost", "{player} knocked and lost (hand {hand})",
                                                     player=d.knocked_by, hand=i + 1),
                                     rec.id, i + 1, d.knocked_by))
        return out

    def counters(self, rec: Record, side: str, player: str) -> dict[str, int]:
        wins = sum(1 for res in rec.replay.results if player in res.detail_as(SimoneResult).winners)
        given = [res.detail_as(SimoneResult).sums.get(player) for res in rec.replay.results]
        sums = [s for s in given if isinstance(s, int)]
        return {"hands": len(sums), "hands_won": wins, "sum": sum(sums)}

    def figures(self, c: Mapping[str, int]) -> JsonDict:
        return {"hands": c.get("hands", 0), "hands_won": c.get("hands_won", 0),
                "average_sum": average(c.get("sum", 0), c.get("hands", 0))}
