"""Helpers of the club session tests: the real sessions in fixtures/ and how their printed figures
are compared (cases/club/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
SESSIONS = ("test_set", "liigaButler1b", "team")


def printed_places(value: float | int) -> int:
    """Decimals a figure was printed with (``40.0`` → 1, ``95`` → 0)."""
    text = repr(value)
    return len(text.split(".")[1]) if "." in text and "e" not in text else 0


def agrees(ours, printed, tol=None) -> bool:
    """Our figure agrees with a printed one: within half a unit of its last decimal (or ``tol``)."""
    if ours is None or printed is None:
        return ours == printed
    return abs(ours - printed) <= (tol if tol is not None else 0.5 * 10 ** -printed_places(printed) + 1e-9)


def differences(ours: dict, expect: dict) -> list[str]:
    """Every figure of an ``*.expect.json`` that our ``club score --json`` output does not reproduce
    (cases/club/README.md: results in input order, datum, ranking totals with their ``tol``, VPs).
    A ranking row is found by its number and its direction (``NS``/``EW``, null for a team), as
    an outside checker finds it: a row printed with another direction is a difference."""
    bad = []
    by_number = {b["board"]: b for b in ours["boards"]}
    for eb in expect["boards"]:
        b = by_number.get(eb["board"])
        if b is None:
            bad.append(f"board {eb['board']}: missing")
            continue
        if "datum" in eb and not agrees(b.get("datum"), eb["datum"]):
            bad.append(f"board {eb['board']} datum {b.get('datum')} != {eb['datum']}")
        assert len(b["results"]) == len(eb["results"])
        for i, (o, e) in enumerate(zip(b["results"], eb["results"])):
            bad += [f"board {eb['board']} result {i} {k}: {o.get(k)} != {v}" for k, v in e.items()
                    if not agrees(o.get(k), v)]
    if len(ours["ranking"]) != len(expect["ranking"]):
        bad.append(f"ranking: {len(ours['ranking'])} rows, expected {len(expect['ranking'])}")
    for er in expect["ranking"]:
        same_id = [r for r in ours["ranking"] if str(r.get("pair", r.get("team", r.get("player")))) == er["id"]]
        rows = [r for r in same_id if r["direction"] == er["direction"]]
        if len(rows) != 1:
            bad.append(f"ranking {er['id']} {er['direction']}: {len(rows)} rows "
                       f"(directions printed: {[r['direction'] for r in same_id]})")
            continue
        r = rows[0]
        total = r["vp"] if "vp" in r else r.get("mp", r.get("imps"))
        if not agrees(total, er["total"], er.get("tol")):
            bad.append(f"ranking {er['id']} total {total} != {er['total']}")
        if "pct" in er and not agrees(r.get("pct"), er["pct"], er.get("pct_tol")):
            bad.append(f"ranking {er['id']} pct {r.get('pct')} != {er['pct']}")
    assert len(ours["matches"]) == len(expect["matches"])
    for i, (m, em) in enumerate(zip(ours["matches"], expect["matches"])):
        if (str(m["home"]), str(m["away"])) != (em["home"], em["away"]):
            bad.append(f"match {i}: {m['home']}-{m['away']} != {em['home']}-{em['away']}")
        bad += [f"match {i} vp {m['vp']} != {em['vp']}" for a, e in zip(m["vp"], em["vp"]) if not agrees(a, e)]
    return bad


def expect(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.expect.json").read_text(encoding="utf-8"))


def session_doc(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.session.json").read_text(encoding="utf-8"))


def pbn_text(name: str) -> str:
    """A real club PBN file (ISO-8859-1, as PBN 2.1 writes it)."""
    return (FIXTURES / name).read_bytes().decode("latin-1")
