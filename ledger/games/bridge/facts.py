"""What the report knows about Bridge (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from typing import Mapping

from ledger.games.facts import GameNotes, SEATS, Highlight, Record, average, number, side_label


class BridgeNotes(GameNotes):
    rarity = {"slam": 2, "rubber 2-0": 9, "penalty": 11, "doubled made": 12}  # rank among all highlight kinds (0 the rarest)

    def details(self, rec):
        ex = rec.replay.final.extra
        out = []
        for r in ex.get("rubbers") or []:
            g = r.get("games", {})
            out.append(f"rubber {r['rubber']}: games {g.get('NS', 0)}–{g.get('EW', 0)}, "
                       f"rubber bonus {r.get('rubber_bonus', 0)}, margin {r.get('margin', 0)}")
        for e in ex.get("unfinished_premiums") or []:
            out.append(f"unfinished rubber: {e['side']} +{e['points']} ({e['item'].split(': ')[-1]})")
        return out

    def highlights(self, rec):
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.data
            who = self._declarer(rec, d)
            for e in d.get("entries", []):
                item = e.get("item")
                if item in ("small slam", "grand slam"):
                    out.append(Highlight("slam", f"{item.capitalize()} made: {d['contract']} by {who} "
                                         f"(hand {i + 1}, +{e['points']})", rec.id, i + 1, e["side"], e["points"]))
                elif item in ("doubled contract made", "redoubled contract made"):
                    out.append(Highlight("doubled made", f"{d['contract']} made by {who} (hand {i + 1})",
                                         rec.id, i + 1, e["side"], e["points"]))
                elif item == "undertricks" and e["points"] >= 500:
                    out.append(Highlight("penalty", f"{side_label(rec.setup, e['side'])} set {d['contract']} "
                                         f"by {who} for {e['points']} (hand {i + 1})", rec.id, i + 1, e["side"],
                                         e["points"]))
        for r in rec.replay.final.extra.get("rubbers") or []:
            if r.get("rubber_bonus") == 700:
                out.append(Highlight("rubber 2-0", f"{side_label(rec.setup, r['winner'])} won rubber "
                                     f"{r['rubber']} two games to nil (+700)", rec.id, None, r["winner"], 700))
        return out + self.biggest_hand(rec)

    def _declarer(self, rec: Record, d: Mapping) -> str:
        seat = d.get("declarer")
        if seat in SEATS and len(rec.setup.players) == 4:
            return f"{seat} ({rec.setup.players[SEATS.index(seat)]})"
        return str(seat)

    def counters(self, rec, side, player):
        ex = rec.replay.final.extra
        rubbers = list(ex.get("rubbers") or [])
        if ex.get("ended_early") and not ex.get("rubber_over") and ex.get("deals"):
            rubbers.append({"totals": ex["rubber_totals"], "winner": _bridge_leader(ex["rubber_totals"])})
        if not rubbers and rec.setup.rules != "rubber" and rec.over:
            rubbers = [{"totals": dict(rec.replay.final.totals), "winner": rec.replay.final.winner}]
        other = [s for s in rec.setup.side_names if s != side]
        margin = sum(number(r["totals"].get(side, 0)) - sum(number(r["totals"].get(o, 0)) for o in other)
                     for r in rubbers)
        return {"rubbers": len(rubbers), "rubbers_won": sum(1 for r in rubbers if r.get("winner") == side),
                "margin": margin, "hands": rec.replay.final.hands}

    def figures(self, c):
        return {"rubbers": c.get("rubbers", 0), "rubbers_won": c.get("rubbers_won", 0),
                "average_margin": average(c.get("margin", 0), c.get("rubbers", 0))}


def _bridge_leader(totals: Mapping[str, int]) -> str | None:
    ns, ew = totals.get("NS", 0), totals.get("EW", 0)
    return None if ns == ew else ("NS" if ns > ew else "EW")
