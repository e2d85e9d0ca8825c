"""Linearity and peak memory of the commands that read big inputs, each beside a floor measured in
the same run (issue 14): ``score`` of a list of boards, ``pbn import``, ``import`` of a ledger
export and ``restore --force`` of it over the same ledger.

    python bench/linear.py [--scale 1.0] [--runs 1] [--json FILE]

Each command runs on an input and on one ten times as big (``--scale`` multiplies both: 1.0 is
about 1 and 10 MB of boards, 1.7 and 17 MB of PBN, a synthetic ledger of 10 and 100 nights).
Printed per command and size: the wall time (median of ``--runs`` fresh processes) and the peak
resident memory of the process, then the floor: a standard-library Python process that does the
least such a command must (parse the same JSON with ``json.load``, read the same PBN text line by
line, insert as many rows with ``sqlite3``), timed and measured the same way in the same run.
``growth`` is the time at ten times the input over the time at the input: linear is 10, the
target at most about 12. Everything happens in a temporary directory.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

PY = sys.executable
LEDGER = str(Path(PY).parent / "ledger")


TIME = "/usr/bin/time"  # GNU time: the peak memory of the command alone (%M, kB)


def measure(cmd: list[str], env: dict, runs: int, tmp: Path) -> tuple[float, float]:
    """(median wall time in ms, largest peak resident memory in MB) of ``runs`` fresh processes.

    The peak is GNU time's ``%M`` of the command itself (a child's own ``ru_maxrss`` would also
    count the pages it had from this process before it started the command)."""
    times, peaks = [], []
    report = tmp / "peak.txt"
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run([TIME, "-f", "%M", "-o", str(report), *cmd], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        times.append((time.perf_counter() - t0) * 1000)
        if r.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr.strip()[:400]}")
        peaks.append(int(report.read_text().split()[-1]) / 1024)
    return statistics.median(times), max(peaks)


def boards(size: int, seed: int = 1) -> str:
    rnd = random.Random(seed)
    out, n = [], 0
    while n < size:
        d = json.dumps({"game": "bridge", "rules": "duplicate", "vulnerable": rnd.choice(["None", "NS", "EW", "All"]),
                        "contract": f"{rnd.randint(1, 7)}{rnd.choice(['C', 'D', 'H', 'S', 'NT'])}{rnd.choice(['', 'X'])}",
                        "declarer": rnd.choice("NESW"), "tricks": rnd.randint(0, 13)})
        out.append(d)
        n += len(d) + 2
    return "[" + ",\n".join(out) + "]"


def pbn(size: int, seed: int = 1) -> str:
    rnd = random.Random(seed)
    out, n, i = ["% PBN 2.1"], 0, 0
    while n < size:
        i += 1
        g = (f'[Event "Club night"]\n[Site "Circolo"]\n[Board "{(i - 1) % 32 + 1}"]\n[North "Anna"]\n[East "Bruno"]\n'
             f'[South "Carla"]\n[West "Dario"]\n[Dealer "N"]\n[Declarer "{rnd.choice("NESW")}"]\n'
             f'[Contract "{rnd.randint(1, 7)}{rnd.choice(["C", "D", "H", "S", "NT"])}"]\n'
             f'[Result "{rnd.randint(0, 13)}"]\n{{played at table {i % 8 + 1}}}\n')
        out.append(g)
        n += len(g) + 1
    return "\n".join(out)


FLOOR_JSON = "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))"
FLOOR_LINES = "import sys\nfor line in open(sys.argv[1], encoding='utf-8'): line.strip()"
FLOOR_ROWS = ("import json, sqlite3, sys\n"
              "d = json.load(open(sys.argv[1], encoding='utf-8'))\n"
              "c = sqlite3.connect(sys.argv[2])\n"
              "c.execute('create table if not exists h (m, doc)')\n"
              "c.execute('delete from h')\n"
              "c.executemany('insert into h values (?, ?)', ((i, json.dumps(h)) for i, m in enumerate(d['matches'])"
              " for h in m['hands']))\n"
              "c.commit()\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every input size (1.0)")
    ap.add_argument("--runs", type=int, default=1, help="fresh processes per figure (1)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="ledger-linear-"))
    env = {**os.environ, "LEDGER_DB": str(tmp / "l.db")}
    results = []

    def row(name: str, size_mb: float, cmd, floor_cmd) -> dict:
        ms, mb = measure(cmd, env, args.runs, tmp)
        fms, fmb = measure(floor_cmd, env, args.runs, tmp)
        r = {"name": name, "input_mb": round(size_mb, 2), "ms": round(ms), "peak_mb": round(mb),
             "floor_ms": round(fms), "floor_peak_mb": round(fmb)}
        print(f"  {name:22s} {size_mb:7.2f} MB in  {ms:9.0f} ms {mb:6.0f} MB peak   floor {fms:7.0f} ms "
              f"{fmb:5.0f} MB  ({ms / fms:5.1f}x floor)", flush=True)
        results.append(r)
        return r

    def pair(name: str, make, n: int) -> None:
        small, big = (make(k) for k in (n, 10 * n))
        ratio = big["ms"] / small["ms"]
        mem = big["peak_mb"] / max(small["peak_mb"], 1)
        print(f"  {name:22s} growth at 10x the input: time {ratio:4.1f}x (floor "
              f"{big['floor_ms'] / small['floor_ms']:4.1f}x), peak memory {mem:4.1f}x  "
              f"{'met' if ratio <= 12 else 'NOT met'} (<= 12x)\n", flush=True)
        results.append({"name": f"{name} growth", "time_x": round(ratio, 2), "memory_x": round(mem, 2),
                        "floor_time_x": round(big["floor_ms"] / small["floor_ms"], 2)})

    print(f"ledger linearity: wall time and peak resident memory, {args.runs} run(s) each, beside "
          "standard-library floors measured in this run\n", flush=True)
    mb = 1024 * 1024

    def score(n: int) -> dict:
        f = tmp / f"boards-{n}.json"
        f.write_text(boards(n))
        return row("score (list)", f.stat().st_size / mb, [LEDGER, "score", str(f), "--json"],
                   [PY, "-c", FLOOR_JSON, str(f)])

    def pbn_import(n: int) -> dict:
        f = tmp / f"boards-{n}.pbn"
        f.write_text(pbn(n))
        return row("pbn import", f.stat().st_size / mb, [LEDGER, "pbn", "import", str(f), "--json"],
                   [PY, "-c", FLOOR_LINES, str(f)])

    def export_of(nights: int) -> Path:
        db, out = tmp / f"synthetic-{nights}.db", tmp / f"export-{nights}.json"
        if not out.exists():
            subprocess.run([PY, str(HERE / "synthetic.py"), str(db), "--nights", str(nights)], env=env,
                           capture_output=True, check=True)
            with out.open("w") as f:
                subprocess.run([LEDGER, "--db", str(db), "export", "--all"], env=env, stdout=f, check=True)
        return out

    def import_(nights: int) -> dict:
        out, target = export_of(nights), tmp / f"import-{nights}.db"
        target.unlink(missing_ok=True)
        return row("import (export)", out.stat().st_size / mb,
                   [LEDGER, "--db", str(target), "import", str(out)],
                   [PY, "-c", FLOOR_ROWS, str(out), str(tmp / "floor.db")])

    def restore(nights: int) -> dict:
        out, target = export_of(nights), tmp / f"import-{nights}.db"  # holds the matches already
        return row("restore --force", out.stat().st_size / mb,
                   [LEDGER, "--db", str(target), "restore", str(out), "--force"],
                   [PY, "-c", FLOOR_ROWS, str(out), str(tmp / "floor.db")])

    pair("score (list)", score, int(1 * mb * args.scale))
    pair("pbn import", pbn_import, int(1.7 * mb * args.scale))
    nights = max(1, int(10 * args.scale))
    pair("import (export)", import_, nights)
    pair("restore --force", restore, nights)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
