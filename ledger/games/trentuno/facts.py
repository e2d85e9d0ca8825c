"""What the report knows about Trentuno (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from ledger.games.facts import GameNotes, Highlight, and_names, number
from ledger.games.settle import format_money


class TrentunoNotes(GameNotes):
    unit = "lives"
    rarity = {"31": 5, "final two": 6, "bet": 7}  # rank among all highlight kinds (0 the rarest)

    def details(self, rec):
        ex = rec.replay.final.extra
        cur = rec.setup.options.get("currency", "EUR")
        out = [f"pot {format_money(ex.pot_cents, cur)}"]
        if ex.pot_shares:
            out.append("shared: " + ", ".join(f"{p} {format_money(c, cur)}" for p, c in ex.pot_shares.items()))
        if ex.reentered:
            out.append("re-entered: " + ", ".join(ex.reentered))
        return out

    def hand_value(self, rec, i, side):
        """The hand's value for each player in (a number, or ``"tris K"``)."""
        return rec.replay.results[i].detail.values.get(side)

    def highlights(self, rec):
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.detail
            if d.shown31:
                late = " in the extra round after the knock" if d.ended_by == "31 after knock" else ""
                out.append(Highlight("31", f"{d.shown31} showed 31{late} (hand {i + 1})", rec.id, i + 1,
                                     d.shown31, 31))
            if d.final_two:
                out.append(Highlight("final two", f"The final two: {and_names(d.lose_life)} paid their "
                                     f"last life and everyone came back (hand {i + 1})", rec.id, i + 1))
            if d.bet and d.bet.won:
                out.append(Highlight("bet", f"{d.bet.drawn} came back on a bet on {d.bet.number} (hand {i + 1})",
                                     rec.id, i + 1, d.bet.drawn, d.bet.number))
        return out

    def counters(self, rec, side, player):
        lost = sum(1 for res in rec.replay.results
                   if res.detail.counts and player in res.detail.lose_life)
        return {"lives_lost": lost, "hands": rec.replay.final.hands}

    def figures(self, c):
        return {"lives_lost": c.get("lives_lost", 0)}
