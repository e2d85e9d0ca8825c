"""Benchmark of ``ledger serve``: how soon a saved hand reaches an open page.

    python bench/serve.py [--hands 15]

Starts the real ``ledger serve --port 0`` on a temporary ledger with one Simone match, opens the
page's event stream (as a phone's page does), then saves hands one at a time through the store
(``Ledger.add_hand``, in this process) and measures, for each, the time from the write's commit to
the arrival of the new board on the stream. Prints the median and the worst, in milliseconds (the
page's goal is two seconds; the server reads the change token every 0.5 s). Nothing outside the
temporary directory is touched; tests never time anything.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=15)
    args = parser.parse_args()

    import httpx2 as httpx

    from ledger.store.service import Ledger

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        ledger = Ledger(db)
        ledger.new_match("simone", players=["Anna", "Bruno"])
        env = {**os.environ, "LEDGER_DB": db, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen([sys.executable, "-m", "ledger", "serve", "--port", "0"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, env=env)
        try:
            url = proc.stdout.readline().strip()
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # the QR code: not needed
            base, key = url.split("?key=")
            arrived: list[float] = []
            got = threading.Event()

            def listen() -> None:
                with httpx.Client(timeout=60) as c, c.stream("GET", base + "events", params={"key": key}) as s:
                    for line in s.iter_lines():
                        if line.startswith("event: board"):
                            arrived.append(time.perf_counter())
                            got.set()

            threading.Thread(target=listen, daemon=True).start()
            if not got.wait(60):
                raise SystemExit("no first board from ledger serve")
            delays = []
            for n in range(args.hands):
                got.clear()
                ledger.add_hand(1, {"hands": {"Anna": 1 + n % 3, "Bruno": 2 + n % 5}, "knocked_by": "Anna"})
                saved = time.perf_counter()
                if not got.wait(30):
                    raise SystemExit(f"hand {n + 1}: no board within 30 s")
                delays.append((arrived[-1] - saved) * 1000)
                time.sleep(0.2)
            print(f"serve: saved hand -> board on the page: median {statistics.median(delays):.0f} ms, "
                  f"worst {max(delays):.0f} ms over {len(delays)} hands (goal: 2000 ms)")
        finally:
            proc.terminate()
            proc.wait(15)


if __name__ == "__main__":
    main()
