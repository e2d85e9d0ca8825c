"""What the report knows about Bridge (:class:`ledger.games.facts.GameNotes`, this game's
:attr:`ledger.games.base.Game.facts`): read only from the replay."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.bridge.records import DealResult, DuplicateResult, RubberState
from ledger.games.bridge.scoring import unfinished_text
from ledger.games.facts import GameNotes, SEATS, Highlight, Record, average, number, side_label
from ledger.games.jsontypes import JsonDict
from ledger.games.results import Winner
from ledger.i18n import Msg, t


class BridgeNotes(GameNotes):
    rarity = {"slam": 2, "rubber 2-0": 9, "penalty": 11, "doubled made": 12}  # rank among all highlight kinds (0 the rarest)

    def details(self, rec: Record) -> list[str]:
        ex = rec.replay.final.extra
        out: list[str] = []
        if not isinstance(ex, RubberState):
            return out
        for r in ex.rubbers:
            out.append(str(t("bridge.facts.rubber", "rubber {rubber}: games {ns}–{ew}, rubber bonus {bonus}, margin "
                             "{margin}", rubber=r.rubber, ns=r.games.get("NS", 0), ew=r.games.get("EW", 0),
                             bonus=r.rubber_bonus, margin=r.margin)))
        for e in ex.unfinished_premiums or ():
            out.append(str(t("bridge.facts.unfinished", "unfinished rubber: {side} +{points} ({what})", side=e.side,
                             points=e.points, what=unfinished_text(e.item))))
        return out

    def highlights(self, rec: Record) -> list[Highlight]:
        """Slams made, doubled contracts made, penalties of 500 or more, a rubber won two games to
        nil and the biggest deal; each names the deal as the players know it (a duplicate board by
        its number: ``board 7``, in Italian ``smazzata 7``)."""
        out = []
        for i, res in enumerate(rec.replay.results):
            d = res.detail_as(DealResult)
            who = self._declarer(rec, d.declarer)
            board = d.board_number if isinstance(d, DuplicateResult) else None
            n = board if board is not None else i + 1
            for e in d.entries:
                item = e.item
                if item in ("small slam", "grand slam"):
                    text = _slam_text(item, board is not None, contract=d.contract, who=who, hand=n, points=e.points)
                    out.append(Highlight("slam", str(text), rec.id, i + 1, e.side, e.points))
                elif item in ("doubled contract made", "redoubled contract made"):
                    text = (t("bridge.hl.doubled_made", "{contract} made by {who} (deal {hand})", contract=d.contract,
                              who=who, hand=n) if board is None else
                            t("bridge.hl.doubled_made_board", "{contract} made by {who} (board {hand})",
                              contract=d.contract, who=who, hand=n))
                    out.append(Highlight("doubled made", str(text), rec.id, i + 1, e.side, e.points))
                elif item == "undertricks" and e.points >= 500:
                    params = dict(side=side_label(rec.setup, e.side), contract=d.contract, who=who, points=e.points,
                                  hand=n)
                    text = (t("bridge.hl.penalty", "{side} set {contract} by {who} for {points} (deal {hand})",
                              **params) if board is None else
                            t("bridge.hl.penalty_board", "{side} set {contract} by {who} for {points} (board {hand})",
                              **params))
                    out.append(Highlight("penalty", str(text), rec.id, i + 1, e.side, e.points))
        ex = rec.replay.final.extra
        for r in ex.rubbers if isinstance(ex, RubberState) else ():
            if r.rubber_bonus == 700:
                text = t("bridge.hl.two_nil", "{side} won rubber {rubber} two games to nil (+700)",
                         side=side_label(rec.setup, r.winner or ""), rubber=r.rubber)
                out.append(Highlight("rubber 2-0", str(text), rec.id, None, r.winner, 700))
        return out + self.biggest_hand(rec)

    def biggest_text(self, rec: Record, i: int, side: str, points: int) -> Msg:
        """``Biggest deal: NS +600 in deal 6`` (duplicate: ``on board 7``, its number)."""
        d = rec.replay.results[i].detail
        if isinstance(d, DuplicateResult) and d.board_number is not None:
            return t("bridge.hl.biggest_board", "Biggest deal: {side} +{points} on board {hand}", side=side,
                     points=points, hand=d.board_number)
        return t("bridge.hl.biggest_deal", "Biggest deal: {side} +{points} in deal {hand}", side=side, points=points,
                 hand=i + 1)

    def _declarer(self, rec: Record, seat: str | None) -> str:
        if seat in SEATS and len(rec.setup.players) == 4:
            return f"{seat} ({rec.setup.players[SEATS.index(seat)]})"
        return str(seat)

    def counters(self, rec: Record, side: str, player: str) -> dict[str, int]:
        ex = rec.replay.final.extra
        rubbers: list[tuple[Mapping[str, int], Winner]] = []
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

    def figures(self, c: Mapping[str, int]) -> JsonDict:
        return {"rubbers": c.get("rubbers", 0), "rubbers_won": c.get("rubbers_won", 0),
                "average_margin": average(c.get("margin", 0), c.get("rubbers", 0))}


def _slam_text(item: str, board: bool, **params: object) -> Msg:
    """``Small slam made: 6S by N (Anna) (deal 4, +750)`` (``board 9`` in duplicate)."""
    if item == "small slam":
        return (t("bridge.hl.small_slam_board", "Small slam made: {contract} by {who} (board {hand}, +{points})",
                  **params) if board else
                t("bridge.hl.small_slam", "Small slam made: {contract} by {who} (deal {hand}, +{points})", **params))
    return (t("bridge.hl.grand_slam_board", "Grand slam made: {contract} by {who} (board {hand}, +{points})", **params)
            if board else t("bridge.hl.grand_slam", "Grand slam made: {contract} by {who} (deal {hand}, +{points})",
                            **params))


def _bridge_leader(totals: Mapping[str, int]) -> str | None:
    ns, ew = totals.get("NS", 0), totals.get("EW", 0)
    return None if ns == ew else ("NS" if ns > ew else "EW")
