"""A fixed evening for the report tests, recorded from the shipped example matches (the
fixtures that record it are in conftest.py).

Night 2026-03-07: match 1, Simone, Anna beats Bruno.
Night 2026-03-14 (the most recent real night):
  2 Trentasette (Anna, Bruno, Carla), a corrected hand, 0.10 EUR per point of margin;
  3 Trentuno (5 players, 0.50 EUR a life, re-entries, a 31 shown);
  4 Simone (4 players), 1.00 EUR per match;
  5 Bridge rubber, NS Carla & Elena v EW Dario & Franco, 0.10 EUR per 100 points;
  6 Canasta, still in play after 3 hands, 0.01 EUR per point (not counted yet);
  7 Simone, "Zoë <3" beats Anna (a name the HTML page must escape).
The ``with_demo`` fixture adds the demo night (today), which reports must keep apart.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

DEMO = Path(__file__).resolve().parents[2] / "ledger" / "demo"
NIGHT = "2026-03-14"
EARLIER = "2026-03-07"


def demo_doc(name: str, index: int = 0) -> dict:
    data = json.loads((DEMO / name).read_text(encoding="utf-8"))
    return copy.deepcopy(data[index] if isinstance(data, list) else data)


def simone(players, hands, night, target=1, **options):
    return {"game": "simone", "players": players, "options": {"target": target, **options},
            "hands": [{"hands": h} for h in hands], "night": night}


def evening_documents() -> list[dict]:
    t37 = demo_doc("10_trentasette.json")
    t37.update(night=NIGHT, options={"stake": "0.10", "stake_per": "point"})
    t31 = demo_doc("20_trentuno.json")
    t31["night"] = NIGHT
    sim = demo_doc("30_simone.json")
    sim.update(night=NIGHT, options={"target": 3, "stake": "1.00", "stake_per": "match"})
    bridge = demo_doc("40_bridge.json")
    bridge.update(night=NIGHT, options={"first_dealer": "Carla", "stake_cents": 10, "stake_per": 100})
    canasta = demo_doc("50_canasta.json")
    canasta.update(night=NIGHT, options={"stake": "0.01", "stake_per": "point"}, hands=canasta["hands"][:3])
    return [simone(["Anna", "Bruno"], [{"Anna": 3, "Bruno": 12}], EARLIER),
            t37, t31, sim, bridge, canasta,
            simone(["Zoë <3", "Anna"], [{"Zoë <3": 4, "Anna": 9}], NIGHT)]
