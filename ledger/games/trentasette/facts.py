"""What the report knows about Trentasette (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations


from ledger.cards import SUIT_NAMES, suit_name
from ledger.games.facts import GameNotes, Highlight, Joined, side_label
from ledger.i18n import t, tn, Msg
from ledger.games.facts import Record  # noqa: F401 (annotations)

_SUIT_BY_NAME = {name: code for code, name in SUIT_NAMES.items()}


class TrentasetteNotes(GameNotes):
    rarity = {"run": 13}  # rank among all highlight kinds (0 the rarest)

    def highlights(self, rec: Record) -> list[Highlight]:
        """The runs (+3 each: a suit's numeric cards in a row), one line per match, then the biggest hand."""
        from ledger.games.trentasette.records import TrentasetteResult

        runs: dict[str, dict[int, list[Msg | str]]] = {}  # side → hand → the suits of its runs in that hand
        first = None
        for i, res in enumerate(rec.replay.results):
            for side, items in res.detail_as(TrentasetteResult).items.items():
                for it in items:
                    label = it.item
                    if label.startswith("run in "):
                        name = label.removeprefix("run in ")
                        suit = suit_name(_SUIT_BY_NAME[name]) if name in _SUIT_BY_NAME else name
                        runs.setdefault(side, {}).setdefault(i + 1, []).append(suit)
                        first = first or (i + 1, side)
        out: list[Highlight] = []
        if runs and first is not None:  # "Bruno in spades, hearts and diamonds (hand 1) and clubs (hand 3)": each hand said once
            by_side = Joined(t("trentasette.runs_of", "{side} in {runs}", side=side_label(rec.setup, s),
                               runs=_by_hand(by_hand)) for s, by_hand in runs.items())
            count = sum(len(suits) for by_hand in runs.values() for suits in by_hand.values())
            out.append(Highlight("run", tn("trentasette.runs", "A run: {runs}", "Runs: {runs}", count, runs=by_side),
                                 rec.id, first[0], first[1], count))
        return out + self.biggest_hand(rec)


def _by_hand(suits_by_hand: dict[int, list[Msg | str]]) -> list[Msg]:
    """``[spades and hearts (hand 1), clubs (hand 3)]``: a side's runs, hand by hand."""
    return [t("trentasette.run_hand", "{suit} (hand {hand})", suit=suits, hand=h) for h, suits in suits_by_hand.items()]
