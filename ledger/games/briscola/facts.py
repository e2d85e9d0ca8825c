"""What the report knows about Briscola (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.protocol.Game.facts`): read only from the replay. Classica counts hand wins (its
totals), chiamata points; the highlights are a cappotto and a caller who won alone."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.briscola.records import ChiamataResult, ClassicaResult
from ledger.games.facts import GameNotes, Highlight, Record, Said
from ledger.games.jsontypes import JsonDict
from ledger.i18n import t

CAPPOTTO = 120


class BriscolaNotes(GameNotes):
    """Classica: hand wins and draws; chiamata: points, calls made and won alone. A hand's value is
    :meth:`GameNotes.hand_value`'s, its points: a classica side's card points, a chiamata player's."""

    # rank among all highlight kinds (0 the rarest); "cappotto" is the kind Tressette ranks (one kind, one rank)
    rarity = {"alone": 21}

    def unit_of(self, rec: Record) -> str:
        """Classica's totals are hand wins; chiamata's are points."""
        return "hands won" if rec.setup.rules == "classica" else "points"

    def details(self, rec: Record) -> list[str]:
        """``draws: 1`` for classica (the hand wins are the totals)."""
        draws = getattr(rec.replay.final.extra, "draws", None)
        if not draws:
            return []
        return [Said(t("briscola.details_draws", "draws: {n}", n=draws))]

    def highlights(self, rec: Record) -> list[Highlight]:
        """A cappotto (one side took all 120 card points), and a caller who made it alone."""
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.detail
            if isinstance(d, ClassicaResult) and CAPPOTTO in d.points.values():
                side = next(s for s, p in d.points.items() if p == CAPPOTTO)
                out.append(Highlight("cappotto", t("briscola.cappotto", "Cappotto: {side} took all 120 card points "
                                                   "(hand {hand})", side=side, hand=i + 1), rec.id, i + 1, side))
            if isinstance(d, ChiamataResult) and d.caller_side_points in (0, CAPPOTTO):
                out.append(Highlight("cappotto", t("briscola.cappotto_call", "Cappotto: {caller}'s call took {points} "
                                                   "card points (hand {hand})", caller=d.caller,
                                                   points=d.caller_side_points, hand=i + 1),
                                     rec.id, i + 1, d.caller))
            elif isinstance(d, ChiamataResult) and d.alone and d.made:
                out.append(Highlight("alone", t("briscola.alone_made", "{caller} called alone and made it (hand "
                                                "{hand})", caller=d.caller, hand=i + 1), rec.id, i + 1, d.caller))
        return out + self.biggest_hand(rec)

    def counters(self, rec: Record, side: str, player: str) -> dict[str, int]:
        """Hands played and won: classica, the hands the side won; chiamata, the hands the player
        ended in credit (a call made with the caller, or beaten as a defender)."""
        won = 0
        for res in rec.replay.results:
            d = res.detail
            if isinstance(d, ClassicaResult):
                won += d.winner == side
            elif isinstance(d, ChiamataResult):
                won += d.points.get(player, 0) > 0
        return {"hands": len(rec.replay.results), "hands_won": won}

    def figures(self, c: Mapping[str, int]) -> JsonDict:
        return {"hands": c.get("hands", 0), "hands_won": c.get("hands_won", 0)}
