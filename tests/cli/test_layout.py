"""``ledger.cli.layout`` lays a scoreboard out exactly as rich lays out ``render.rich_table``."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from rich.console import Console

from ledger.cli.layout import fits, table_lines
from ledger.cli.render import rich_table
from ledger.games import get_game
from ledger.games.base import Column, Table, replay

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
    for t in demo_tables():
        assert by_layout(t, width) == by_rich(t, width), t.title


def test_random_tables_are_laid_out_as_rich_does():
    checked = 0
    for t in random_tables(150):
        for width in (20, 33, 60, 80, 120):
            if fits(t, width):
                assert by_layout(t, width) == by_rich(t, width), (t, width)
                checked += 1
    assert checked > 500
