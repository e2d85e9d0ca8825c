"""What the report knows about each game: its unit, how to order a final score, the extra lines under
a result, a hand's own value for the hands table, the highlights worth telling, and the counters
behind each game's statistics.

Every game gets :class:`GameNotes` (points, highest first, the biggest hand as a highlight); the
games with more to say override it. A game added later reports with the defaults until it gets
its own notes here (:func:`notes_for`). Everything reads only the replay (``MatchRecord.replay``:
each hand's result data and the states after it, the fields documented in docs/formats.md).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from ledger.games.settle import format_money
from ledger.report.model import Highlight, MatchRecord, side_label

SEATS = ("N", "E", "S", "W")


class GameNotes:
    """The defaults: a points game, the highest total first."""

    unit = "points"

    def order(self, rec: MatchRecord) -> list[str]:
        """The sides, best first (by total, then seat order)."""
        totals = rec.replay.final.totals
        sides = list(rec.setup.side_names)
        return sorted(sides, key=lambda s: (-_num(totals.get(s, 0)), sides.index(s)))

    def details(self, rec: MatchRecord) -> list[str]:
        """Short lines under the result (e.g. games and rubber bonus); none by default."""
        return []

    def hand_value(self, rec: MatchRecord, i: int, side: str) -> Any:
        """What side ``side`` made in hand ``i`` (0-based) in the game's own terms: its points."""
        pts = rec.replay.results[i].data.get("points")
        return pts.get(side) if isinstance(pts, Mapping) else None

    def highlights(self, rec: MatchRecord) -> list[Highlight]:
        return self.biggest_hand(rec)

    def biggest_hand(self, rec: MatchRecord, min_hands: int = 2) -> list[Highlight]:
        """The best single hand of the match (the first one on a tie), when it had a few hands."""
        best = None
        for i, side in _hands_by_side(rec):
            v = self.hand_value(rec, i, side)
            if isinstance(v, int) and (best is None or v > best[0]):
                best = (v, i, side)
        if best is None or rec.replay.final.hands < min_hands or best[0] <= 0:
            return []
        v, i, side = best
        return [Highlight("biggest hand", f"Biggest hand: {side_label(rec.setup, side)} +{v} in hand {i + 1}",
                          rec.id, i + 1, side, v)]

    # --- statistics ---------------------------------------------------------------------------
    def counters(self, rec: MatchRecord, side: str, player: str) -> dict[str, int]:
        """Counters that add up over matches, for ``ledger stats`` (hands and points by default)."""
        pts = [self.hand_value(rec, i, side) for i in range(rec.replay.final.hands)]
        pts = [p for p in pts if isinstance(p, int)]
        return {"hands": len(pts), "points": sum(pts)}

    def figures(self, c: Mapping[str, int]) -> dict[str, Any]:
        """The statistics shown for a player from the added-up counters."""
        return {"hands": c.get("hands", 0), "average_hand": _avg(c.get("points", 0), c.get("hands", 0))}


class TrentunoNotes(GameNotes):
    unit = "lives"

    def details(self, rec):
        ex = rec.replay.final.extra
        cur = rec.setup.options.get("currency", "EUR")
        out = [f"pot {format_money(ex.get('pot_cents', 0), cur)}"]
        shares = ex.get("pot_shares")
        if shares:
            out.append("shared: " + ", ".join(f"{p} {format_money(c, cur)}" for p, c in shares.items()))
        if ex.get("reentered"):
            out.append("re-entered: " + ", ".join(ex["reentered"]))
        return out

    def hand_value(self, rec, i, side):
        """The hand's value for each player in (a number, or ``"tris K"``)."""
        return rec.replay.results[i].data.get("values", {}).get(side)

    def highlights(self, rec):
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.data
            if d.get("shown31"):
                late = " in the extra round after the knock" if d.get("ended_by") == "31 after knock" else ""
                out.append(Highlight("31", f"{d['shown31']} showed 31{late} (hand {i + 1})", rec.id, i + 1,
                                     d["shown31"], 31))
            if d.get("final_two"):
                out.append(Highlight("final two", f"The final two: {_and(d.get('lose_life', []))} paid their "
                                     f"last life and everyone came back (hand {i + 1})", rec.id, i + 1))
            bet = d.get("bet")
            if bet and bet.get("won"):
                out.append(Highlight("bet", f"{bet['drawn']} came back on a bet on {bet['number']} (hand {i + 1})",
                                     rec.id, i + 1, bet["drawn"], bet["number"]))
        return out

    def counters(self, rec, side, player):
        lost = sum(1 for res in rec.replay.results
                   if res.data.get("counts", True) and player in res.data.get("lose_life", []))
        return {"lives_lost": lost, "hands": rec.replay.final.hands}

    def figures(self, c):
        return {"lives_lost": c.get("lives_lost", 0)}


class SimoneNotes(GameNotes):
    unit = "hands won"

    def order(self, rec):
        standing = rec.replay.final.extra.get("standing")
        if standing:
            return [row["player"] for row in standing]
        return super().order(rec)

    def details(self, rec):
        sums = rec.replay.final.extra.get("sums")
        return ["sums: " + ", ".join(f"{p} {s}" for p, s in sums.items())] if sums else []

    def hand_value(self, rec, i, side):
        """The sum of the player's cards in that hand (lowest wins)."""
        return rec.replay.results[i].data.get("sums", {}).get(side)

    def highlights(self, rec):
        out = []
        low = None
        for i, side in _hands_by_side(rec):
            v = self.hand_value(rec, i, side)
            if isinstance(v, int) and (low is None or v < low[0]):
                low = (v, i, side)
        if low:
            out.append(Highlight("lowest hand", f"Lowest hand: {low[2]} with {low[0]} (hand {low[1] + 1})",
                                 rec.id, low[1] + 1, low[2], low[0]))
        for i, res in enumerate(rec.replay.results):
            d = res.data
            if d.get("knocked_by") and d.get("knocker_won") is False:
                out.append(Highlight("knock lost", f"{d['knocked_by']} knocked and lost (hand {i + 1})",
                                     rec.id, i + 1, d["knocked_by"]))
        return out

    def counters(self, rec, side, player):
        wins = sum(1 for res in rec.replay.results if player in res.data.get("winners", []))
        sums = [res.data.get("sums", {}).get(player) for res in rec.replay.results]
        sums = [s for s in sums if isinstance(s, int)]
        return {"hands": len(sums), "hands_won": wins, "sum": sum(sums)}

    def figures(self, c):
        return {"hands": c.get("hands", 0), "hands_won": c.get("hands_won", 0),
                "average_sum": _avg(c.get("sum", 0), c.get("hands", 0))}


class BridgeNotes(GameNotes):
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

    def _declarer(self, rec: MatchRecord, d: Mapping) -> str:
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
        margin = sum(_num(r["totals"].get(side, 0)) - sum(_num(r["totals"].get(o, 0)) for o in other)
                     for r in rubbers)
        return {"rubbers": len(rubbers), "rubbers_won": sum(1 for r in rubbers if r.get("winner") == side),
                "margin": margin, "hands": rec.replay.final.hands}

    def figures(self, c):
        return {"rubbers": c.get("rubbers", 0), "rubbers_won": c.get("rubbers_won", 0),
                "average_margin": _avg(c.get("margin", 0), c.get("rubbers", 0))}


class CanastaNotes(GameNotes):
    RARE = {"jolly": ("jolly canasta", 5000), "pinelle pure": ("pure pinelle canasta", 3000),
            "pinelle dirty": ("dirty pinelle canasta", 2000), "pure A": ("pure canasta of aces", 1000)}

    def highlights(self, rec):
        out = []
        for i, res in enumerate(rec.replay.results):
            for side, facts in (res.data.get("sides") or {}).items():
                for kind in facts.get("canastas", []):
                    if kind in self.RARE:
                        name, value = self.RARE[kind]
                        out.append(Highlight(name, f"{name.capitalize()} for {side_label(rec.setup, side)} "
                                             f"(hand {i + 1})", rec.id, i + 1, side, value))
        return out + self.biggest_hand(rec)


class TrentasetteNotes(GameNotes):
    def highlights(self, rec):
        """The runs (+3 each: a suit's numeric cards in a row), one line per match, then the biggest hand."""
        runs: dict[str, list[str]] = {}
        first = None
        for i, res in enumerate(rec.replay.results):
            for side, items in (res.data.get("items") or {}).items():
                for it in items:
                    label = str(it.get("item", ""))
                    if label.startswith("run in "):
                        runs.setdefault(side, []).append(f"{label.removeprefix('run in ')} (hand {i + 1})")
                        first = first or (i + 1, side)
        out = []
        if runs:
            text = "; ".join(f"{side_label(rec.setup, s)} in {_and(r)}" for s, r in runs.items())
            count = sum(len(r) for r in runs.values())
            out.append(Highlight("run", f"{'Runs' if count > 1 else 'A run'}: {text}", rec.id, first[0], first[1],
                                 count))
        return out + self.biggest_hand(rec)


_NOTES: dict[str, GameNotes] = {"trentuno": TrentunoNotes(), "simone": SimoneNotes(), "bridge": BridgeNotes(),
                                "canasta": CanastaNotes(), "trentasette": TrentasetteNotes()}
_DEFAULT = GameNotes()


def notes_for(game: str) -> GameNotes:
    """The report notes of ``game`` (the points-game defaults for a game without its own)."""
    return _NOTES.get(game, _DEFAULT)


# --- small helpers ------------------------------------------------------------------------------
def _hands_by_side(rec: MatchRecord) -> Iterator[tuple[int, str]]:
    for i in range(len(rec.replay.results)):
        for side in rec.setup.side_names:
            yield i, side


def _num(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def _avg(total: int, n: int) -> float | None:
    return round(total / n, 1) if n else None


def _and(names) -> str:
    """``["a"]`` → ``"a"``; ``["a", "b", "c"]`` → ``"a, b and c"``."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _bridge_leader(totals: Mapping[str, int]) -> str | None:
    ns, ew = totals.get("NS", 0), totals.get("EW", 0)
    return None if ns == ew else ("NS" if ns > ew else "EW")
