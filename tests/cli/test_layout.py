"""``ledger.cli.layout`` lays a scoreboard out exactly as rich lays out ``render.rich_table``."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from dataclasses import replace

from rich.cells import cell_len

from ledger.cli.layout import fits, natural_width, table_lines
from ledger.cli.render import rich_table
from ledger.games import get_game
from ledger.games.replay import replay
from ledger.games.tables import Column, Table

DEMO = Path(__file__).resolve().parents[2] / "ledger" / "demo"
WORDS = ["a", "bb", "ccc", "Anna", "Bruno & Carla", "♥", "A♥", "·", "run hearts", "supercalifragilistic",
         "10", "-3", "+12", "x" * 30, "漢字", "é", "", "  lead", "trail  ", "out✗", "–"]


def by_rich(t: Table, width: int) -> str:
    con = Console(file=io.StringIO(), width=width, highlight=False, soft_wrap=False, color_system=None)
    con.print(rich_table(t))
    return con.file.getvalue()


def by_layout(t: Table, width: int) -> str:
    return "".join(line + "\n" for line, _ in table_lines(t, width))


def demo_tables():
    for f in sorted(DEMO.glob("*.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        for doc in data if isinstance(data, list) else [data]:
            game = get_game(doc["game"])
            setup = game.setup(doc.get("rules"), doc.get("players"), doc.get("sides"), doc.get("options"))
            rp = replay(game, setup, [h for h in doc["hands"] if not h.get("voided")])
            yield from game.board(setup, rp).tables


def inline(t: Table) -> Table:
    """``t`` with its ``below`` columns kept in the table (what rich lays out)."""
    return replace(t, columns=tuple(replace(c, below=False) for c in t.columns))


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


@pytest.mark.parametrize("width", [40, 80, 100, 160])
def test_every_demo_scoreboard_is_laid_out_as_rich_does(width):
    for t in map(inline, demo_tables()):
        same_as_rich_or_whole(t, width)


def same_as_rich_or_whole(t: Table, width: int, whole: bool = True) -> bool:
    """The layout of ``t`` is rich's, except where rich cuts a word short (``Annamar…``): there
    the layout stays within ``width`` and (``whole``) keeps every word whole when they all fit.
    True when it is rich's."""
    rich, mine = by_rich(t, width), by_layout(t, width)
    if "…" not in rich:
        assert mine == rich, (t, width)
        return True
    assert all(cell_len(line) <= width for line in mine.splitlines()), (t, width)
    def words(text):  # as rich wraps: a word with the spaces before it (a cell's leading ones count)
        return [cell_len(w) for w in re.findall(r"\s*\S+", text)] or [0]

    longest = [max([*words(c.header), *(n for row in t.rows if k < len(row) for n in words(row[k]))]) + 2
               for k, c in enumerate(t.columns)]
    if whole and sum(longest) + 2 + len(t.columns) - 1 <= width:
        assert "…" not in mine, (t, width)
    return False


@pytest.mark.parametrize("width", [60, 80, 120])
def test_a_notes_column_goes_under_its_rows_when_the_table_is_too_wide(width):
    seen = 0
    for t in demo_tables():
        below = [j for j, c in enumerate(t.columns) if c.below]
        lines = [line for line, _ in table_lines(t, width)]
        assert all(cell_len(line) <= width for line in lines), t.title
        header = " ".join(line for line, style in table_lines(t, width) if style == "header")
        if not below or t.columns[below[0]].header in header:  # kept in the table: as rich lays it out
            assert lines == [line for line, _ in table_lines(inline(t), width)]
            continue
        seen += 1  # the column left the table ...
        assert natural_width(t) > width
        text = " ".join(" ".join(lines).split())
        for row in t.rows:  # ... and every note is there whole, word for word, under its row
            note = " ".join(row[below[0]].split())
            assert note in text, (t.title, note)
    if width < 120:
        assert seen >= 3


def test_random_tables_are_laid_out_as_rich_does():
    checked = 0
    for t in random_tables(150):
        for width in (20, 33, 60, 80, 120):
            if fits(t, width):
                checked += same_as_rich_or_whole(t, width, whole=False)  # runs of spaces wrap oddly
    assert checked > 150  # the others: rich cuts a word, the layout keeps within the width
