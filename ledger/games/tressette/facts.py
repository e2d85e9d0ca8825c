"""What the report knows about Tressette (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.protocol.Game.facts`): read only from the replay."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.facts import GameNotes, Highlight, Record, Said, side_label
from ledger.games.match_setup import MatchSetup
from ledger.games.tressette.records import TressetteResult, TressetteState
from ledger.i18n import t


class TressetteNotes(GameNotes):
    """Points, highest first; the card points and accusi under the result; the cappotti and the
    richest accusi as highlights (the statistics are a points game's: hands and average hand)."""

    rarity = {"cappotto": 18, "accusi": 19}  # rank among all highlight kinds (0 the rarest): the next free ones

    def details(self, rec: Record) -> list[str]:
        """``card points Anna & Carla 30, Bruno & Dario 25; accusi Anna & Carla 6, Bruno & Dario 3``
        (each side as shown: :meth:`MatchSetup.shown_side`; the accusi only when they are played)."""
        x = rec.replay.final.extra
        if not isinstance(x, TressetteState) or not rec.replay.results:
            return []
        if not rec.setup.options.get("accusi"):
            return [Said(t("tressette.details_cards", "card points {cards}",
                           cards=_joined(rec.setup, x.card_points)))]
        return [Said(t("tressette.details", "card points {cards}; accusi {accusi}",
                       cards=_joined(rec.setup, x.card_points), accusi=_joined(rec.setup, x.accusi)))]

    def highlights(self, rec: Record) -> list[Highlight]:
        """Each cappotto (a side with no card points), the hand with the most accusi (6 or more),
        then the biggest hand."""
        out = []
        richest: tuple[int, int, str] | None = None
        for i, res in enumerate(rec.replay.results):
            d = res.detail_as(TressetteResult)
            for side, n in d.card_points.items():
                if n == 0 and len(d.card_points) == 2:
                    winner = next(s for s in d.card_points if s != side)
                    out.append(Highlight("cappotto", t("tressette.cappotto", "Cappotto: {side} took every point "
                                                       "(hand {hand})", side=side_label(rec.setup, winner),
                                                       hand=i + 1), rec.id, i + 1, winner))
            for side, n in d.accusi.items():
                if n >= 6 and (richest is None or n > richest[0]):
                    richest = (n, i, side)
        if richest:
            n, i, side = richest
            out.append(Highlight("accusi", t("tressette.rich_accusi", "Accusi: {side} declared {points} in hand {hand}",
                                             side=side_label(rec.setup, side), points=n, hand=i + 1),
                                 rec.id, i + 1, side, n))
        return out + self.biggest_hand(rec)


def _joined(setup: MatchSetup, by_side: Mapping[str, int]) -> str:
    return ", ".join(f"{setup.shown_side(s)} {n}" for s, n in by_side.items())
