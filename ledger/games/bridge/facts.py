"""What the report knows about Bridge (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from typing import Mapping

from ledger.games.bridge.records import RubberState
from ledger.games.facts import GameNotes, SEATS, Highlight, Record, average, number, side_label


class BridgeNotes(GameNotes):
    rarity = {"slam": 2, "rubber 2-0": 9, "penalty": 11, "doubled made": 12}  # rank among all highlight kinds (0 the rarest)

    def details(self, rec):
        ex = rec.replay.final.extra
        out = []
        if not isinstance(ex, RubberState):
            return out
        for r in ex.rubbers:
            out.append(f"rubber {r.rubber}: games {r.games['NS']}–{r.games['EW']}, "
                       f"rubber bonus {r.rubber_bonus}, margin {r.margin}")
        for e in ex.unfinished_premiums or ():
            out.append(f"unfinished rubber: {e.side} +{e.points} ({e.item.split(': ')[-1]})")
        return out

    def highlights(self, rec):
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.detail
            who = self._declarer(rec, d.declarer)
            for e in d.entries:
                if e.item in ("small slam", "grand slam"):
                    out.append(Highlight("slam", f"{e.item.capitalize()} made: {d.contract} by {who} "
                                         f"(hand {i + 1}, +{e.points})", rec.id, i + 1, e.side, e.points))
                elif e.item in ("doubled contract made", "redoubled contract made"):
                    out.append(Highlight("doubled made", f"{d.contract} made by {who} (hand {i + 1})",
                                         rec.id, i + 1, e.side, e.points))
                elif e.item == "undertricks" and e.points >= 500:
                    out.append(Highlight("penalty", f"{side_label(rec.setup, e.side)} set {d.contract} "
                                         f"by {who} for {e.points} (hand {i + 1})", rec.id, i + 1, e.side,
                                         e.points))
        ex = rec.replay.final.extra
        for r in ex.rubbers if isinstance(ex, RubberState) else ():
            if r.rubber_bonus == 700:
                out.append(Highlight("rubber 2-0", f"{side_label(rec.setup, r.winner)} won rubber "
                                     f"{r.rubber} two games to nil (+700)", rec.id, None, r.winner, 700))
        return out + self.biggest_hand(rec)

    def _declarer(self, rec: Record, seat: str | None) -> str:
        if seat in SEATS and len(rec.setup.players) == 4:
            return f"{seat} ({rec.setup.players[SEATS.index(seat)]})"
        return str(seat)

    def counters(self, rec, side, player):
        ex = rec.replay.final.extra
        rubbers: list[tuple[Mapping[str, int], str | None]] = []
        if isinstance(ex, RubberState):
            rubbers = [(r.totals, r.winner) for r in ex.rubbers]
            if ex.ended_early and not ex.rubber_over and ex.deals:
                rubbers.append((ex.rubber_totals, _bridge_leader(ex.rubber_totals)))
        elif rec.over:
            rubbers = [(dict(rec.replay.final.totals), rec.replay.final.winner)]
        other = [s for s in rec.setup.side_names if s != side]
        margin = sum(number(totals.get(side, 0)) - sum(number(totals.get(o, 0)) for o in other)
                     for totals, _ in rubbers)
        return {"rubbers": len(rubbers), "rubbers_won": sum(1 for _, winner in rubbers if winner == side),
                "margin": margin, "hands": rec.replay.final.hands}

    def figures(self, c):
        return {"rubbers": c.get("rubbers", 0), "rubbers_won": c.get("rubbers_won", 0),
                "average_margin": average(c.get("margin", 0), c.get("rubbers", 0))}


def _bridge_leader(totals: Mapping[str, int]) -> str | None:
    ns, ew = totals.get("NS", 0), totals.get("EW", 0)
    return None if ns == ew else ("NS" if ns > ew else "EW")
