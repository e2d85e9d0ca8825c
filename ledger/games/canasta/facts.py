"""What the report knows about Canasta (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from ledger.games.facts import GameNotes, Highlight, side_label


class CanastaNotes(GameNotes):
    rarity = {"jolly canasta": 3, "pure pinelle canasta": 4, "dirty pinelle canasta": 8, "pure canasta of aces": 10}  # rank among all highlight kinds (0 the rarest)
    RARE = {"jolly": ("jolly canasta", 5000), "pinelle pure": ("pure pinelle canasta", 3000),
            "pinelle dirty": ("dirty pinelle canasta", 2000), "pure A": ("pure canasta of aces", 1000)}

    def highlights(self, rec):
        out = []
        for i, res in enumerate(rec.replay.results):
            for side, facts in res.detail.sides.items():
                for kind in facts.canastas:
                    if kind in self.RARE:
                        name, value = self.RARE[kind]
                        out.append(Highlight(name, f"{name.capitalize()} for {side_label(rec.setup, side)} "
                                             f"(hand {i + 1})", rec.id, i + 1, side, value))
        return out + self.biggest_hand(rec)
