"""What the report knows about a score sheet (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.protocol.Game.facts`): read only from the replay. The sheet's title ("Cirulla")
heads its details; the order is the sheet's own ranking (high or low wins, sides out last)."""

from __future__ import annotations

from ledger.games.facts import GameNotes, Highlight, Record, Said
from ledger.i18n import t


class SheetNotes(GameNotes):
    def order(self, rec: Record) -> list[str]:
        """The sides as the sheet ranks them, best first."""
        ranking = getattr(rec.replay.final.extra, "ranking", ())
        return [r.side for r in ranking] or super().order(rec)

    def details(self, rec: Record) -> list[str]:
        """The sheet's title and the sides that went out."""
        out: list[str] = []
        title = rec.setup.options.get("title")
        if title:
            out.append(Said(t("segnapunti.details_title", "sheet: {title}", title=title)))
        gone = getattr(rec.replay.final.extra, "out", ())
        if gone:
            out.append(Said(t("segnapunti.details_out", "out: {sides}", sides=list(gone))))
        return out

    def highlights(self, rec: Record) -> list[Highlight]:
        """The biggest round, where the highest total is best (in ``low`` a big round is a bad one)."""
        if rec.setup.options.get("mode") == "low":
            return []
        return self.biggest_hand(rec)
