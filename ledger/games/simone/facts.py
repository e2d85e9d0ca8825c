"""What the report knows about Simone (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from ledger.games.facts import GameNotes, Highlight, average, hands_by_side


class SimoneNotes(GameNotes):
    unit = "hands won"
    rarity = {"lowest hand": 14, "knock lost": 15}  # rank among all highlight kinds (0 the rarest)

    def order(self, rec):
        standing = rec.replay.final.extra.standing
        if standing:
            return [row.player for row in standing]
        return super().order(rec)

    def details(self, rec):
        sums = rec.replay.final.extra.sums
        return ["sums: " + ", ".join(f"{p} {s}" for p, s in sums.items())] if sums else []

    def hand_value(self, rec, i, side):
        """The sum of the player's cards in that hand (lowest wins)."""
        return rec.replay.results[i].detail.sums.get(side)

    def highlights(self, rec):
        out = []
        low = None
        for i, side in hands_by_side(rec):
            v = self.hand_value(rec, i, side)
            if isinstance(v, int) and (low is None or v < low[0]):
                low = (v, i, side)
        if low:
            out.append(Highlight("lowest hand", f"Lowest hand: {low[2]} with {low[0]} (hand {low[1] + 1})",
                                 rec.id, low[1] + 1, low[2], low[0]))
        for i, res in enumerate(rec.replay.results):
            d = res.detail
            if d.knocked_by and d.knocker_won is False:
                out.append(Highlight("knock lost", f"{d.knocked_by} knocked and lost (hand {i + 1})",
                                     rec.id, i + 1, d.knocked_by))
        return out

    def counters(self, rec, side, player):
        wins = sum(1 for res in rec.replay.results if player in res.detail.winners)
        sums = [res.detail.sums.get(player) for res in rec.replay.results]
        sums = [s for s in sums if isinstance(s, int)]
        return {"hands": len(sums), "hands_won": wins, "sum": sum(sums)}

    def figures(self, c):
        return {"hands": c.get("hands", 0), "hands_won": c.get("hands_won", 0),
                "average_sum": average(c.get("sum", 0), c.get("hands", 0))}
