"""Every table a person reads fits the terminal (issue 16): the demo night's report, statistics,
match list, settlement, every game's scoreboard and every match's history, drawn 80 and 120
columns wide, have no line wider than the screen, and every amount, score and name of the
command's JSON output is in the text whole (never cut, never split over two lines)."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

import ledger.cli.render as render

WIDTHS = (80, 120)
AMOUNT = re.compile(r"[+\-−]?\d[\d.,]*")


@pytest.fixture
def demo(cli):
    cli("demo")
    return cli


@pytest.fixture
def columns(monkeypatch):
    """Run a command on a console ``width`` cells wide (COLUMNS, as a terminal or tmux sets it)."""
    def at(width: int) -> None:
        monkeypatch.setenv("COLUMNS", str(width))
        monkeypatch.setattr(render, "_console", None)  # made again, at that width
    return at


def tokens(text: str) -> set[str]:
    """The words of ``text`` and the amounts in them (``-3.50``, ``+12``, ``2/2`` gives 2 and 2)."""
    words = set(text.split())
    return words | {m.group(0).rstrip(".,") for w in words for m in AMOUNT.finditer(w)} | {
        w.strip(".,;:()") for w in words}


def money(cents: int, signed: bool = False) -> str:
    sign = "-" if cents < 0 else ("+" if signed and cents > 0 else "")
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def check(text: str, width: int, wanted: list[str], command: str) -> None:
    wide = [line for line in text.splitlines() if cell_len(line) > width]
    assert not wide, f"{command} at {width}: {len(wide)} lines wider than the screen, e.g. {wide[0]!r}"
    # the one "…" allowed is the report's own line for the highlights it leaves to the HTML page
    cut = [line for line in text.splitlines() if "…" in line and not re.search(r"… and \d+ more", line)]
    assert not cut, f"{command} at {width}: a value cut short: {cut[0]!r}"
    have = tokens(text)
    missing = sorted({w for w in wanted if w not in have and f"+{w}" not in have})  # a score: 0 or +0
    assert not missing, f"{command} at {width}: not in the text whole: {missing[:10]}"


def numbers(values) -> list[str]:
    return [str(v) for v in values if isinstance(v, int) and not isinstance(v, bool)]


def amounts_of_text(text: str) -> list[str]:
    """The amounts written in a line of the JSON (a hand's description, a transfer)."""
    return [m.group(0).rstrip(".,") for m in AMOUNT.finditer(text)]


def run(cli, columns, width, *args):
    columns(width)
    return cli(*args).stdout


@pytest.mark.parametrize("width", WIDTHS)
def test_report_stats_settle_and_match_list_fit_and_keep_every_amount(demo, columns, width):
    report = demo.json("report")
    wanted = [s["player"] for s in report["standings"]]
    wanted += [money(c, signed=True) for s in report["standings"] for c in s["money"].values()]
    for m in report["matches"]:  # a match scored in money (Sette e mezzo) shows it as money
        wanted += ([money(c, signed=True) for c in m["totals"].values()] if m["unit"] == "cents"
                   else numbers(m["totals"].values()))
    for part in report["settlement"]["currencies"].values():
        wanted += [a for t in part["transfers"] for a in amounts_of_text(t["text"])]
    check(run(demo, columns, width, "report"), width, wanted, "report")

    stats = demo.json("stats")
    wanted = [s["player"] for s in stats["players"]]
    wanted += [money(c, signed=True) for s in stats["players"] for c in s["money"].values()]
    wanted += [str(v) for s in stats["players"] for g in s["games"].values() for k, v in g.items()
               if k not in ("win_rate", "open") and isinstance(v, (int, float))]
    check(run(demo, columns, width, "stats"), width, wanted, "stats")

    settle = demo.json("settle", "--demo")
    wanted = [money(c) for part in settle["currencies"].values() for c in part["nets"].values()]
    wanted += [a for part in settle["currencies"].values() for t in part["transfers"] for a in amounts_of_text(t["text"])]
    check(run(demo, columns, width, "settle", "--demo"), width, wanted, "settle")

    listed = demo.json("match", "list")
    wanted = [str(r["id"]) for r in listed] + numbers(r["hands"] for r in listed)
    wanted += [p.rstrip(",") for r in listed for p in r["players"]]
    text = run(demo, columns, width, "match", "list")
    check(text, width, wanted, "match list")
    rows = [line for line in text.splitlines() if re.match(r"^\s+\d+\s+[a-z]", line)]
    assert len(rows) == len(listed), "one line per match"


@pytest.mark.parametrize("width", WIDTHS)
def test_every_scoreboard_and_history_fits_and_keeps_every_score(demo, columns, width):
    listed = demo.json("match", "list")
    assert {r["game"] for r in listed} >= {"trentasette", "trentuno", "simone", "bridge", "canasta", "burraco",
                                           "scopa"}
    for r in listed:
        mid = str(r["id"])
        shown = demo.json("show", mid)
        if "totals_cents" in shown:  # a game whose totals are money (Sette e mezzo): shown as amounts
            wanted = [money(v, signed=True) for v in shown["totals_cents"].values()]
        else:
            wanted = numbers(shown["totals"].values())
        for h in shown["hands"]:
            res = h["result"]
            out = res.get("sitting_out")  # a player sitting out (Briscola chiamata at six) is shown "–"
            wanted += numbers(v for p, v in (res.get("points") or {}).items() if p != out)
            if isinstance(res.get("pot_cents"), int):
                wanted.append(money(res["pot_cents"]))
        check(run(demo, columns, width, "show", mid), width, wanted, f"show {mid}")

        history = demo.json("match", "history", mid)
        wanted = [str(h["id"]) for h in history]
        wanted += [a for h in history for a in amounts_of_text(h["description"] or "")]
        check(run(demo, columns, width, "match", "history", mid), width, wanted, f"match history {mid}")


def test_a_long_notes_column_goes_under_its_rows_at_80_and_stays_beside_them_when_there_is_room(demo, columns):
    narrow = run(demo, columns, 80, "show", "1")
    wide = run(demo, columns, 200, "show", "1")
    assert "notes" not in narrow.split() and "notes" in wide.split()
    assert "A♥" in narrow and "A♥" in wide
    assert "A♥ ace of hearts" in narrow  # the signs, explained once under the table


def test_report_standings_split_at_80_and_wide_keeps_one_table(demo, columns):
    narrow = run(demo, columns, 80, "report")
    assert "by game: won/played" in narrow and "trentasette" in narrow
    wide = run(demo, columns, 80, "report", "--wide")
    header = next(line for line in wide.splitlines() if line.split()[:3] == ["player", "played", "won"])
    assert "trentasette" in header.split() and "EUR" in header.split()


@pytest.mark.parametrize("rate, shown", [(0.125, "13 %"), (0.625, "63 %"), (0.145, "15 %"), (0.6, "60 %"),
                                         (1 / 3, "33 %"), (2 / 3, "67 %"), (0.0, "0 %"), (None, "—")])
def test_win_rates_are_rounded_half_up(rate, shown):
    from ledger.report.text import _pct

    assert _pct(rate) == shown
