"""Benchmarks: medians of fresh ``ledger`` processes beside their floors, measured in the same run.

    python bench/run.py [--runs 21]

Prints one line per measurement: the median wall time in milliseconds, and for each command the
floor it should be compared with (the bare interpreter, ``import sqlmodel``, a standard-library
sqlite3 insert). Uses a temporary ledger; touches nothing else. Tests never time anything: the
numbers live here and in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable
LEDGER = [str(Path(PY).parent / "ledger")]
if not Path(LEDGER[0]).exists():
    LEDGER = [PY, "-m", "ledger"]


def median_ms(cmd: list[str], runs: int, env: dict, stdin: str | None = None) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        r = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env)
        times.append((time.perf_counter() - t) * 1000)
        if r.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {r.stderr.strip()[-300:]}")
    return statistics.median(times)


def hand_pile() -> str:
    return " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    runs = ap.parse_args().runs
    tmp = Path(tempfile.mkdtemp(prefix="ledger-bench-"))
    env = {**os.environ, "LEDGER_DB": str(tmp / "bench.db")}
    doc = json.dumps({"game": "trentasette", "sides": {"Anna": hand_pile(), "Bruno": "rest"}})
    subprocess.run(LEDGER + ["match", "new", "trentasette", "-p", "Anna,Bruno", "-o", "target=100000"],
                   env=env, capture_output=True, check=True)
    # a 500-hand match for `show`
    big = {"game": "trentasette", "players": ["Anna", "Bruno"], "options": {"target": 100000},
           "hands": [{"sides": {"Anna": hand_pile(), "Bruno": "rest"}}] * 500}
    (tmp / "big.json").write_text(json.dumps(big))
    subprocess.run(LEDGER + ["import", str(tmp / "big.json")], env=env, capture_output=True, check=True)

    floors = {
        "bare interpreter": [PY, "-c", "pass"],
        "import sqlmodel": [PY, "-c", "import sqlmodel"],
        "sqlite3 insert": [PY, "-c", "import sqlite3; c = sqlite3.connect(%r); c.execute('create table if not "
                           "exists t (x)'); c.execute('insert into t values (1)'); c.commit()" % str(tmp / "floor.db")],
    }
    cases = {
        "ledger --version": (LEDGER + ["--version"], None),
        "ledger --help": (LEDGER + ["--help"], None),
        "ledger score (one hand)": (LEDGER + ["score", "-", "--json"], doc),
        "ledger hand add (one-shot)": (LEDGER + ["hand", "add", "1", f"Anna={hand_pile()}", "Bruno=rest"], None),
        "ledger show (500 hands)": (LEDGER + ["show", "2"], None),
    }
    print(f"medians of {runs} fresh processes, milliseconds ({sys.platform}, {os.cpu_count()} cores, Python "
          f"{sys.version.split()[0]})")
    for name, cmd in floors.items():
        print(f"  floor  {name:28s} {median_ms(cmd, runs, env):8.1f}")
    for name, (cmd, stdin) in cases.items():
        print(f"  ledger {name:28s} {median_ms(cmd, runs, env, stdin):8.1f}")


if __name__ == "__main__":
    main()
