"""The CPU time of a few commands of two installations side by side: what a library upgrade costs
at start-up, measured on a busy machine (CPU time, unlike wall time, barely moves with the load).

    python bench/startup_cpu.py OLD/bin/ledger NEW/bin/ledger [--rounds 7]

Each round runs every command once with each installation, in turn, on copies of its own ledger (a
Scopa match of 10 hands made by that installation, so that neither pays for upgrading the other's
ledger); the figure is the median CPU time (user
plus system, ms) of the fresh processes, and the ratio of the second to the first. Last, ``hand add``
split inside the process (the Python beside each ``ledger``): the CPU time of loading the store and
the commands, and of the rest up to the end of ``main`` (reading, scoring, writing, drawing), which
leaves out what the interpreter itself costs to start and to tear down.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

HAND = ["Anna=carte 22 denari 6 settebello primiera 78", "Bruno=carte 18 denari 4 primiera 70"]
COMMANDS = {"--version": ["--version"], "--help": ["--help"], "hand add --help": ["hand", "add", "--help"],
            "show (10 hands)": ["show", "1"], "report (that night)": ["report"],
            "hand add (one-shot)": ["hand", "add", "1", *HAND]}


def cpu_ms(command: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


SPLIT = """
import atexit, os, sys, time
t0 = time.process_time()
import ledger.store.service
from ledger.cli.app import main
t1 = time.process_time()
atexit.register(lambda: os.write(2, f"SPLIT {1000 * (t1 - t0):.1f} {1000 * (time.process_time() - t1):.1f}\\n".encode()))
sys.argv = ["ledger", *sys.argv[1:]]
main()
"""


def split_ms(python: str, env: dict[str, str]) -> tuple[float, float]:
    """``hand add``'s CPU ms inside the process: (loading the store and the commands, the rest)."""
    r = subprocess.run([python, "-c", SPLIT, "hand", "add", "1", *HAND], env=env, capture_output=True, text=True)
    line = [x for x in r.stderr.splitlines() if x.startswith("SPLIT ")][-1].split()
    return float(line[1]), float(line[2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="ledger-cpu-"))
    env = {**os.environ, "LEDGER_LANG": "en", "COLUMNS": "100"}
    for which in ("old", "new"):
        seeding = {**env, "LEDGER_DB": str(tmp / f"{which}.db")}
        program = getattr(args, which)
        subprocess.run([program, "match", "new", "scopa", "--players", "Anna,Bruno", "-o", "target=1000"],
                       env=seeding, capture_output=True, check=True)
        for _ in range(10):
            subprocess.run([program, "hand", "add", "1", *HAND], env=seeding, capture_output=True, check=True)
    times: dict[str, dict[str, list[float]]] = {name: {"old": [], "new": []} for name in COMMANDS}
    for _ in range(args.rounds):
        for name, command in COMMANDS.items():
            for which in ("old", "new"):
                shutil.copy(tmp / f"{which}.db", tmp / "run.db")
                times[name][which].append(cpu_ms([getattr(args, which), *command], {**env, "LEDGER_DB": str(tmp / "run.db")}))
        for which in ("old", "new"):
            shutil.copy(tmp / f"{which}.db", tmp / "run.db")
            python = str(Path(getattr(args, which)).with_name("python"))
            loading, rest = split_ms(python, {**env, "LEDGER_DB": str(tmp / "run.db")})
            times.setdefault("hand add: loading", {"old": [], "new": []})[which].append(loading)
            times.setdefault("hand add: the rest", {"old": [], "new": []})[which].append(rest)
    print(f"median CPU ms of {args.rounds} fresh processes each")
    for name, got in times.items():
        old, new = statistics.median(got["old"]), statistics.median(got["new"])
        print(f"  {name:22} old {old:6.0f}   new {new:6.0f}   {new / old:.2f}x")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
