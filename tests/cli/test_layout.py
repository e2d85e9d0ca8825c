"""Scoreboards drawn by rich (``render.print_table``) fit the screen and keep every word whole
where the words fit: every demo scoreboard and random tables, at several widths; a notes column
goes under the table when it would be squeezed beside the others."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

import ledger.cli.render as render
from ledger.games import get_game
from ledger.games.replay import replay
from ledger.games.tables import Column, Table

DEMO = Path(__file__).resolve().parents[2] / "ledger" / "demo"
WORDS = ["a", "bb", "ccc", "Anna", "Bruno & Carla", "♥", "A♥", "·", "run hearts", "supercalifragilistic",
         "10", "-3", "+12", "x" * 30, "漢字", "é", "", "  lead", "trail  ", "out✗", "–"]


def drawn(t: Table, width: int, monkeypatch) -> str:
    """What ``print_table`` prints on a console ``width`` cells wide (no colours)."""
    con = Console(file=io.StringIO(), width=width, highlight=False, soft_wrap=False, color_system=None)
    monkeypatch.setattr(render, "_console", con)
    render.print_table(t)
    return con.file.getvalue()


def demo_tables():
    for f in sorted(DEMO.glob("*.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        for doc in data if isinstance(data, list) else [data]:
            game = get_game(doc["game"])
            setup = game.setup(doc.get("rules"), doc.get("players"), doc.get("sides"), doc.get("options"))
            rp = replay(game, setup, [h for h in doc["hands"] if not h.get("voided")])
            yield from game.board(setup, rp).tables


def random_tables(n: int, seed: int = 1):
    rnd = random.Random(seed)
    for _ in range(n):
        ncol = rnd.randint(1, 10)
        cols = tuple(Column(rnd.choice(WORDS + ["notes", "total"]), rnd.choice(["left", "right", "center"]))
                     for _ in range(ncol))
        rows = tuple(tuple(" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 6))) for _ in range(ncol))
                     for _ in range(rnd.randint(0, 6)))
        lines = tuple(sorted(rnd.sample(range(len(rows)), k=min(len(rows), rnd.randint(0, 2)))))
        yield Table(rnd.choice(["", "Title", "A long title " * rnd.randint(1, 8)]), cols, rows,
                    rnd.choice(["", "cap", "a long caption " * rnd.randint(1, 8)]), lines)


def words_of(t: Table) -> set[str]:
    return {w for c in t.columns for w in c.header.split()} | {w for row in t.rows for cell in row for w in cell.split()}


def fits_whole(t: Table, width: int) -> bool:
    """Whether every column can have its longest word (padded) within ``width``."""
    longest = [max([cell_len(w) for w in c.header.split()] + [cell_len(w) for row in t.rows if k < len(row)
                                                               for w in row[k].split()] + [0]) + 2
               for k, c in enumerate(t.columns)]
    return sum(longest) + len(t.columns) + 1 <= width


@pytest.mark.parametrize("width", [40, 60, 80, 100, 160])
def test_every_demo_scoreboard_fits_and_keeps_its_words(width, monkeypatch):
    for t in demo_tables():
        text = drawn(t, width, monkeypatch)
        assert all(cell_len(line) <= width for line in text.splitlines()), (t.title, width)
        if fits_whole(replace(t, columns=tuple(c for c in t.columns if not c.below),
                              rows=tuple(tuple(x for x, c in zip(row, t.columns) if not c.below) for row in t.rows)),
                      width):
            assert "…" not in text, (t.title, width)
            notes = {w for c in t.columns if c.below for w in c.header.split()}  # its header goes with it
            assert {w for w in words_of(t) - notes if w not in text} == set(), (t.title, width)


@pytest.mark.parametrize("width", [60, 80, 120])
def test_a_notes_column_goes_under_the_table_when_it_would_be_squeezed(width, monkeypatch):
    seen = 0
    for t in demo_tables():
        below = [j for j, c in enumerate(t.columns) if c.below]
        if not below:
            continue
        text = drawn(t, width, monkeypatch)
        lines = text.splitlines()
        rule = next(i for i, line in enumerate(lines) if "━" in line)  # under the header
        header = " ".join(" ".join(lines[:rule]).replace(t.title, "").split())
        if t.columns[below[0]].header in header:  # kept in the table: there is room beside it
            continue
        seen += 1  # the column left the table ...
        flat = " ".join(text.split())
        for row in t.rows:  # ... and every note is there whole, word for word, after its row's label
            note = " ".join(row[below[0]].split())
            if note:
                assert f"{row[0]} {note}" in flat, (t.title, note)
    if width < 120:
        assert seen >= 3


@pytest.mark.slow  # hundreds of random tables
def test_random_tables_fit_and_keep_whole_words_where_they_fit(monkeypatch):
    checked = 0
    for t in random_tables(150):
        for width in (20, 33, 60, 80, 120):
            text = drawn(t, width, monkeypatch)
            assert all(cell_len(line) <= width for line in text.splitlines()), (t, width)
            if fits_whole(t, width) and not any(re.search(r"\s{2}", c) for row in t.rows for c in row):
                checked += 1
                for w in words_of(t):
                    assert w in text, (t, width, w)
    assert checked > 100
