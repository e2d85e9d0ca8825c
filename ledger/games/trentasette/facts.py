"""What the report knows about Trentasette (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from ledger.games.facts import GameNotes, Highlight, and_names, side_label


class TrentasetteNotes(GameNotes):
    rarity = {"run": 13}  # rank among all highlight kinds (0 the rarest)

    def highlights(self, rec):
        """The runs (+3 each: a suit's numeric cards in a row), one line per match, then the biggest hand."""
        runs: dict[str, list[str]] = {}
        first = None
        for i, res in enumerate(rec.replay.results):
            for side, items in res.detail.items.items():
                for it in items:
                    label = it.item
                    if label.startswith("run in "):
                        runs.setdefault(side, []).append(f"{label.removeprefix('run in ')} (hand {i + 1})")
                        first = first or (i + 1, side)
        out = []
        if runs:
            text = "; ".join(f"{side_label(rec.setup, s)} in {and_names(r)}" for s, r in runs.items())
            count = sum(len(r) for r in runs.values())
            out.append(Highlight("run", f"{'Runs' if count > 1 else 'A run'}: {text}", rec.id, first[0], first[1],
                                 count))
        return out + self.biggest_hand(rec)
