"""The bridge scoreboard: the score sheet the way a scorepad looks (plain tables, no rich).

Rubber and Chicago: the pad of the current rubber (round) in two columns, We = NS and They = EW.
Premiums are written above the line, growing upwards from it (the newest on top); trick points
below it, game by game, with a line drawn under each finished game; the totals at the bottom.
Then one row per deal with who dealt, the vulnerability, the contract and result, what each side
wrote and the running totals. Duplicate: one row per board. The notes say who is vulnerable,
the games, who deals next, and who won.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ledger.games.base import Board, Column, MatchSetup, Replay, Table
from ledger.games.bridge.scoring import SIDES

DUPLICATE = "duplicate"


def bridge_board(game, setup: MatchSetup, rp: Replay) -> Board:
    if setup.rules == DUPLICATE:
        return Board((deals_table(setup, rp),), tuple(duplicate_notes(setup, rp)))
    return Board((scorepad(setup, rp), deals_table(setup, rp)), tuple(sheet_notes(setup, rp)))


def _side_header(setup: MatchSetup, side: str) -> str:
    who = "We" if side == "NS" else "They"
    return f"{who} — {side} ({' & '.join(setup.sides[side])})"


def _sheet_key(setup: MatchSetup) -> str:
    return "rubber" if setup.rules == "rubber" else "round"


def _stack_rows(ns: Sequence[Any], ew: Sequence[Any], upward: bool) -> list[tuple[str, str]]:
    """Two columns of numbers side by side; ``upward`` stacks them from the bottom (above the line)."""
    n = max(len(ns), len(ew))
    rows = []
    for r in range(n):
        k = n - 1 - r if upward else r
        rows.append((str(ns[k]) if k < len(ns) else "", str(ew[k]) if k < len(ew) else ""))
    return rows


def scorepad(setup: MatchSetup, rp: Replay) -> Table:
    """The current rubber's (Chicago round's) sheet above and below the line; the totals at its
    foot once the rubber (round) is over or the match was ended early."""
    key = _sheet_key(setup)
    final = rp.final
    current = final.extra.get(key, 1)
    results = [r.data for r in rp.results if r.data.get(key) == current]
    above: dict[str, list[int]] = {s: [] for s in SIDES}
    below: dict[int, dict[str, list[int]]] = {}
    for data in results:
        for e in list(data.get("entries", [])) + list(data.get("bonuses", [])):
            if e["line"] == "above":
                above[e["side"]].append(e["points"])
            else:
                below.setdefault(data["game"], {s: [] for s in SIDES})[e["side"]].append(e["points"])
    for e in final.extra.get("unfinished_premiums", []) or []:
        above[e["side"]].append(e["points"])
    rows: list[tuple[str, str, str]] = []
    lines: list[int] = []
    top = _stack_rows(above["NS"], above["EW"], upward=True) or [("", "")]
    rows += [("above" if i == 0 else "", a, b) for i, (a, b) in enumerate(top)]
    lines.append(len(rows) - 1)
    games_done = final.extra.get("games", {"NS": 0, "EW": 0})
    finished_games = games_done["NS"] + games_done["EW"]
    for g in sorted(below):
        block = _stack_rows(below[g]["NS"], below[g]["EW"], upward=False) or [("", "")]
        rows += [(f"game {g}" if i == 0 else "", a, b) for i, (a, b) in enumerate(block)]
        if g <= finished_games:
            lines.append(len(rows) - 1)
    if not below:
        rows.append(("below", "", ""))
    closed = final.extra.get(f"{key}_over") or final.extra.get("ended_early")
    if closed:  # the totals are written at the foot of the sheet once it is closed
        totals = final.extra.get(f"{key}_totals", {"NS": 0, "EW": 0})
        if lines[-1] != len(rows) - 1:
            lines.append(len(rows) - 1)
        rows.append(("total", str(totals["NS"]), str(totals["EW"])))
    title = f"{'Rubber' if key == 'rubber' else 'Chicago round'} {current}"
    cols = (Column("", "left"), Column(_side_header(setup, "NS")), Column(_side_header(setup, "EW")))
    return Table(title, cols, tuple(rows), caption="premiums above the line, trick points below; "
                 "a line under each game", lines_after=tuple(lines))


def deals_table(setup: MatchSetup, rp: Replay) -> Table:
    """One row per deal: number, dealer, vulnerability, contract, declarer, result, each side's
    points for the deal (premiums included) and the running totals (before any premium for an
    unfinished rubber, which the notes and the pad's total show)."""
    dup = setup.rules == DUPLICATE
    cols = [Column("board" if dup else "#"), Column("dealer", "left"), Column("vul", "left"),
            Column("contract", "left", nowrap=True), Column("NS"), Column("EW"), Column("total NS"), Column("total EW"),
            Column("notes", "left", below=True)]
    rows = []
    lines = []
    running = {s: rp.start.totals.get(s, 0) for s in SIDES}  # 0, or the totals before a window's first deal
    for i, res in enumerate(rp.results, rp.offset):
        d = res.data
        number = str(d.get("board") if dup else i + 1)
        pts = d.get("points", {"NS": 0, "EW": 0})
        running = {s: running[s] + pts[s] for s in SIDES}
        rows.append((number, str(d.get("dealer", "")), d["vulnerable"], _contract_text(d), _pts(pts["NS"]),
                     _pts(pts["EW"]), str(running["NS"]), str(running["EW"]), _deal_notes(d)))
        if d.get("game_won"):
            lines.append(i - rp.offset)
    return Table("Boards" if dup else "Deals", tuple(cols), tuple(rows), lines_after=tuple(lines))


def _pts(n: int) -> str:
    return str(n) if n else ""


def _contract_text(d: Mapping[str, Any]) -> str:
    """``"4SX W -2"`` as players write it; ``"passed out"``."""
    if d["contract"] == "Pass":
        return "passed out"
    return f"{d['contract']} {d['declarer']} {d['result']}"


def _deal_notes(d: Mapping[str, Any]) -> str:
    notes = []
    if d.get("honors"):
        notes.append(f"honours {d['honors']['side']} {d['honors']['points']}")
    if d.get("game_won") and not any(b["item"] == "game" for b in d.get("bonuses", [])):
        notes.append(f"game {d['game_won']}")
    for b in d.get("bonuses", []):
        notes.append(f"{b['item']} {b['points']}" if b["item"] == "rubber bonus"
                     else f"{b['item']} {b['side']} {b['points']}")
    return "; ".join(notes)


def _games_text(games: Mapping[str, int]) -> str:
    return f"games NS {games['NS']}, EW {games['EW']}"


def _vul_text(vul: str) -> str:
    return {"None": "nobody", "All": "both sides"}.get(vul, vul)


def sheet_notes(setup: MatchSetup, rp: Replay) -> list[str]:
    """Vulnerability, games, finished rubbers (rounds), who deals next, who won."""
    ex = rp.final.extra
    key = _sheet_key(setup)
    notes = []
    for done in ex.get(f"{key}s", []):
        w = done["winner"]
        won = f"{w} by {done['totals'][w] - done['totals'][_other(w)]}" if w else "level"
        extra = f", rubber bonus {done['rubber_bonus']}" if key == "rubber" else ""
        notes.append(f"{key.capitalize()} {done[key]}: NS {done['totals']['NS']}, EW {done['totals']['EW']} "
                     f"({_games_text(done['games'])}{extra}) — {won}.")
    for e in ex.get("unfinished_premiums", []) or []:
        notes.append(f"Rubber ended early (Law 80): {e['side']} +{e['points']} ({e['item'].split(': ')[1]}).")
    final = rp.final
    if final.finished or ex.get("ended_early"):
        t = final.totals
        if final.winner:
            notes.append(f"{final.winner} wins by {abs(t['NS'] - t['EW'])} points (NS {t['NS']}, EW {t['EW']}).")
        else:
            notes.append(f"Level at {t['NS']} each.")
        return notes
    t = final.totals
    notes.append(f"Totals so far: NS {t['NS']}, EW {t['EW']}.")
    notes.append(f"Vulnerable: {_vul_text(ex['vulnerable'])}; {_games_text(ex['games'])}; "
                 f"partscores NS {ex['partscore']['NS']}, EW {ex['partscore']['EW']}.")
    if key == "round":
        deal = 1 if ex["round_over"] else ex["deal"]
        notes.append(f"Next: deal {deal} of 4, dealt by {ex['next_dealer']}.")
    else:
        notes.append(f"Next dealer: {ex['next_dealer']}.")
    return notes


def duplicate_notes(setup: MatchSetup, rp: Replay) -> list[str]:
    ex = rp.final.extra
    t = rp.final.totals
    notes = [f"NS {t['NS']}, EW {t['EW']} (net NS {ex['score_ns']:+d})."]
    if rp.final.finished or ex.get("ended_early"):
        notes.append(f"{rp.final.winner} wins." if rp.final.winner else "Level.")
    else:
        b = ex["next_board"]
        from ledger.games.bridge.scoring import board_dealer, SEATS
        dealer = setup.players[SEATS.index(board_dealer(b))]
        notes.append(f"Next: board {b}, dealer {dealer}, vulnerable: {_vul_text(ex['vulnerable'])}.")
    return notes


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"
