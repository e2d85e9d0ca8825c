"""What the report knows about Canasta (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from dataclasses import replace

from ledger.games.canasta.records import CanastaResult
from ledger.games.facts import GameNotes, Highlight, side_label
from ledger.i18n import t
from ledger.games.facts import Record  # noqa: F401 (annotations)


class CanastaNotes(GameNotes):
    rarity = {"jolly canasta": 3, "pure pinelle canasta": 4, "dirty pinelle canasta": 8, "pure canasta of aces": 10}  # rank among all highlight kinds (0 the rarest)
    RARE = {"jolly": ("jolly canasta", 5000), "pinelle pure": ("pure pinelle canasta", 3000),
            "pinelle dirty": ("dirty pinelle canasta", 2000), "pure A": ("pure canasta of aces", 1000)}
    # what a highlight says, in the language in use
    SAYS = {"jolly canasta": t("canasta.hl_jolly", "Jolly canasta for {side} (hand {hand})"),
            "pure pinelle canasta": t("canasta.hl_pinelle_pure", "Pure pinelle canasta for {side} (hand {hand})"),
            "dirty pinelle canasta": t("canasta.hl_pinelle_dirty", "Dirty pinelle canasta for {side} (hand {hand})"),
            "pure canasta of aces": t("canasta.hl_aces", "Pure canasta of aces for {side} (hand {hand})")}

    def highlights(self, rec: Record) -> list[Highlight]:
        out = []
        for i, res in enumerate(rec.replay.results):
            for side, facts in res.detail_as(CanastaResult).sides.items():
                for kind in facts.canastas:
                    if kind in self.RARE:
                        name, value = self.RARE[kind]
                        text = str(replace(self.SAYS[name], params={"side": side_label(rec.setup, side),
                                                                    "hand": i + 1}))
                        out.append(Highlight(name, text, rec.id, i + 1, side, value))
        return out + self.biggest_hand(rec)
