"""Benchmark: a club night of 40 tables and 30 boards (1,200 results) scored by ``ledger club score``.

    python bench/club.py [--runs 11] [--tables 40] [--boards 30]

Prints the median wall time of fresh ``ledger club score SESSION --json`` processes beside its
floor measured in the same run, ``ledger club score`` of a one-board, two-result session (the
same start-up: Python, Typer, the club package, reading and printing JSON), and the difference:
the time spent on the session itself (the issue's target: under 500 ms beyond start-up). Both are
run in rounds in a shuffled order (``bench/run.py``'s ``interleaved_ms``), and in-process the
scoring alone is timed too. The session is a Mitchell (NS 1-40, EW 101-140), every result a
contract, declarer and tricks, drawn with a fixed seed. Nothing outside a temporary directory
is touched.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from run import LEDGER, interleaved_ms  # noqa: E402

TARGET_MS = 500
CONTRACTS = ("1NT", "2H", "2S", "3C", "3D", "3NT", "4H", "4S", "4SX", "5C", "5DX", "6NT", "3NTX")


def session(tables: int, boards: int, seed: int = 18) -> dict:
    """A Mitchell session: every NS pair plays every board, against a different EW pair each round."""
    rng = random.Random(seed)
    out = []
    for b in range(1, boards + 1):
        results = []
        for t in range(1, tables + 1):
            contract = rng.choice(CONTRACTS)
            level = int(contract[0])
            tricks = max(0, min(13, 6 + level + rng.choice((-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
            results.append({"ns": t, "ew": 100 + (t + b) % tables + 1, "table": t, "contract": contract,
                            "declarer": rng.choice("NESW"), "tricks": tricks})
        out.append({"board": b, "results": results})
    return {"game": "bridge", "event": "pairs", "scoring": "mp", "boards": out}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--boards", type=int, default=30)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        big, tiny = Path(tmp) / "night.json", Path(tmp) / "tiny.json"
        doc = session(args.tables, args.boards)
        big.write_text(json.dumps(doc), encoding="utf-8")
        tiny.write_text(json.dumps(session(2, 1)), encoding="utf-8")
        env = {**os.environ, "LEDGER_DB": str(Path(tmp) / "ledger.db"), "XDG_DATA_HOME": tmp}
        cmds = {"floor": ([*LEDGER, "club", "score", str(tiny), "--json"], None),
                "night": ([*LEDGER, "club", "score", str(big), "--json"], None)}
        ms = interleaved_ms(cmds, args.runs, env)
    from ledger.club import score_document
    from ledger.club.output import session_json

    t = time.perf_counter()
    for _ in range(5):
        session_json(score_document(doc))
    inside = (time.perf_counter() - t) * 1000 / 5
    results = args.tables * args.boards
    beyond = ms["night"] - ms["floor"]
    print(f"club score, {args.tables} tables x {args.boards} boards ({results} results), median of {args.runs}:")
    print(f"  floor (1 board, 2 results)  {ms['floor']:8.1f} ms")
    print(f"  the night                   {ms['night']:8.1f} ms")
    print(f"  beyond start-up             {beyond:8.1f} ms   target < {TARGET_MS} ms: "
          f"{'ok' if beyond < TARGET_MS else 'MISSED'}")
    print(f"  in-process read+score+JSON  {inside:8.1f} ms")


if __name__ == "__main__":
    main()
