"""Benchmarks: medians of fresh ``ledger`` processes beside their floors, measured in the same run.

    python bench/run.py [--runs 21] [--nights 150 | --full] [--only NAME ...] [--json FILE]

Prints one line per measurement: the median wall time in milliseconds, the floor it is compared
with (measured in the same run, on the same machine), the ratio and the issue's target. Floors:
the bare interpreter, ``python -c "import sqlmodel"``, a standard-library sqlite3 insert, a minimal
Typer app's ``--help`` (and its one command's ``--help``), and a minimal Typer program that opens a
SQLModel engine, inserts one row, commits and prints a rich table. Floors and commands are run in
rounds (each once a round, in a shuffled order), so a machine busy for a while slows both alike;
the child processes write and read Python's bytecode cache as an installed program does.

Measured: ``--version``, ``--help``, ``score`` of a hand document, a one-shot ``hand add``, the
time inside ``ledger play`` from a hand sent on its standard input to the redrawn scoreboard
(``ledger play`` driven through a pipe), ``show`` of a 500-hand match, and on a synthetic ledger
(``bench/synthetic.py``; ``--nights`` evenings, 150 by default so the whole run takes a few
minutes; ``--full`` for the issue's 2,000 nights, about 200,000 hands): ``report`` of one night,
``stats`` of one player, ``export --all`` and ``import`` of that export into an empty ledger. A
command that this installation does not have is skipped with a note.

Everything happens in a temporary directory; nothing else is touched. Tests never time
anything: the numbers live here and in bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import select
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

PY = sys.executable
LEDGER = [str(Path(PY).parent / "ledger")]
if not Path(LEDGER[0]).exists():
    LEDGER = [PY, "-m", "ledger"]

MINI_TYPER = '''
import typer

app = typer.Typer()


@app.callback()
def root(verbose: bool = False) -> None:
    """A minimal Typer app."""


@app.command()
def hello(name: str = "world") -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


app()
'''

MINI_STORE = '''
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table
from sqlmodel import Field, Session, SQLModel, create_engine, func, select

app = typer.Typer()


class Row(SQLModel, table=True):
    id: Optional[int] = Field(default=None, primary_key=True)
    value: int


@app.command()
def add(db: str, value: int = 1) -> None:
    """Insert one row, commit, print the rows as a rich table."""
    engine = create_engine(f"sqlite:///{db}")
    SQLModel.metadata.create_all(engine)
    with Session(engine) as s:
        s.add(Row(value=value))
        s.commit()
        n = s.exec(select(func.count()).select_from(Row)).one()
    t = Table("rows", "value")
    t.add_row(str(n), str(value))
    Console().print(t)


app()
'''


# --- measuring ---------------------------------------------------------------------------------------
class Failed(Exception):
    """A measured command failed: its last line of standard error."""


def run_once(cmd: list[str], env: dict, stdin: str | None = None) -> float:
    t = time.perf_counter()
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env)
    elapsed = (time.perf_counter() - t) * 1000
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise Failed(f"exit {r.returncode}: {last[:200]}")
    return elapsed


def median_ms(cmd: list[str], runs: int, env: dict, stdin: str | None = None, warm: bool = True) -> float:
    if warm:  # one run to warm the page cache, not counted
        run_once(cmd, env, stdin)
    return statistics.median(run_once(cmd, env, stdin) for _ in range(runs))


def interleaved_ms(cmds: dict[str, tuple[list[str], str | None]], runs: int, env: dict) -> dict[str, float]:
    """Medians of ``runs`` runs of each command, run in rounds (every command once a round, in a
    shuffled order), so that a machine busy for a while slows floors and commands alike."""
    rng = random.Random(0)
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for name, (cmd, stdin) in cmds.items():  # warm the page cache, not counted
        run_once(cmd, env, stdin)
    for _ in range(runs):
        order = list(cmds)
        rng.shuffle(order)
        for name in order:
            cmd, stdin = cmds[name]
            times[name].append(run_once(cmd, env, stdin))
    return {name: statistics.median(t) for name, t in times.items()}


def has_command(env: dict, *words: str) -> bool:
    r = subprocess.run(LEDGER + [*words, "--help"], capture_output=True, text=True, env=env)
    return r.returncode == 0


def play_hand_ms(env: dict, match: int, lines: list[str]) -> list[float]:
    """``ledger play MATCH`` through pipes: for each line, the time from writing it to the prompt of
    the next hand (the hand scored, saved and the scoreboard drawn again)."""
    p = subprocess.Popen(LEDGER + ["play", str(match)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, bufsize=0)
    out = b""

    def wait_for(marker: bytes, timeout: float = 60) -> None:
        nonlocal out
        end = time.monotonic() + timeout
        while marker not in out:
            ready, _, _ = select.select([p.stdout], [], [], max(0.0, end - time.monotonic()))
            if not ready:
                p.kill()
                raise SystemExit(f"ledger play: no {marker!r} (stderr: {p.stderr.read()[-300:]!r})")
            chunk = os.read(p.stdout.fileno(), 1 << 16)
            if not chunk:
                raise SystemExit(f"ledger play ended early (stderr: {p.stderr.read()[-300:]!r})")
            out += chunk

    times = []
    n = _hands_of(env, match)
    wait_for(f"hand {n + 1} · ".encode())
    for line in lines:
        out = b""
        t = time.perf_counter()
        p.stdin.write((line + "\n").encode())
        n += 1
        wait_for(f"hand {n + 1} · ".encode())
        times.append((time.perf_counter() - t) * 1000)
    p.stdin.write(b"quit\n")
    p.stdin.close()
    p.wait(timeout=60)
    return times


def _hands_of(env: dict, match: int) -> int:
    r = subprocess.run(LEDGER + ["show", str(match), "--json"], capture_output=True, text=True, env=env, check=True)
    return len(json.loads(r.stdout)["hands"])


# --- the data ------------------------------------------------------------------------------------------
def duplicate_match(n: int, seed: int = 3) -> dict:
    """A duplicate bridge match of ``n`` boards with random contracts and results."""
    rng = random.Random(seed)
    boards = []
    for _ in range(n):
        level = rng.randint(1, 7)
        boards.append({"contract": f"{level}{rng.choice(['C', 'D', 'H', 'S', 'NT'])}{rng.choice(['', '', 'X'])}",
                       "declarer": rng.choice("NESW"), "tricks": min(13, max(0, level + 6 + rng.randint(-3, 2)))})
    return {"game": "bridge", "rules": "duplicate", "sides": {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]},
            "hands": boards}


def trentasette_deals(n: int, seed: int = 7, target: int = 100000) -> list[dict]:
    """``n`` Trentasette hands between Anna and Bruno dealt at random (bench/synthetic.py)."""
    from ledger.games import get_game

    game = get_game("trentasette")
    setup = game.setup(None, ["Anna", "Bruno"], None, {"target": target})
    rng = random.Random(seed)
    state = game.start(setup)
    docs = []
    for _ in range(n):
        doc = game.sample_hand(setup, state, rng)
        state, _ = game.apply(setup, state, doc)
        docs.append(doc)
    return docs


def words_of(doc: dict) -> str:
    """A Trentasette hand as the words typed at the table (no quotes: ``play`` regroups them)."""
    parts = [f"{side}={pile}" for side, pile in doc["sides"].items()]
    if doc.get("table"):
        parts += [f"table={doc['table']}", f"last={doc['last_capture']}"]
    return " ".join(parts)


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores (nproc), {cpu}, "
            f"Python {platform.python_version()}")


# --- the run -------------------------------------------------------------------------------------------
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=21, help="fresh processes per quick measurement (21)")
    ap.add_argument("--heavy-runs", type=int, default=5, help="runs of report, stats, export (5)")
    ap.add_argument("--import-runs", type=int, default=1,
                    help="runs of the import of the export (1: on the full ledger one takes minutes)")
    ap.add_argument("--nights", type=int, default=150, help="evenings in the synthetic ledger (150)")
    ap.add_argument("--full", action="store_true", help="the issue's synthetic ledger: 2,000 nights")
    ap.add_argument("--synthetic", metavar="DB", help="use this synthetic ledger (made by bench/synthetic.py)")
    ap.add_argument("--only", nargs="*", help="only the measurements whose name contains one of these")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (ledgers, export)")
    args = ap.parse_args()
    nights = 2000 if args.full else args.nights
    runs = args.runs
    tmp = Path(tempfile.mkdtemp(prefix="ledger-bench-"))
    env = {**os.environ, "LEDGER_DB": str(tmp / "bench.db"), "COLUMNS": "100"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: compiled once, then read from __pycache__
    wanted = (lambda name: not args.only or any(w in name for w in args.only))
    results: list[dict] = []

    def record(name: str, ms: float | None, floor: str | None = None, target: str = "", limit=None,
               note: str = "") -> None:
        base = floors.get(floor) if floor else None
        ratio = ms / base if ms is not None and base else None
        if limit is None or ms is None:
            met = None
        elif isinstance(limit, tuple):  # (factor, floor)
            met = ratio is not None and ratio <= limit[0]
        else:
            met = ms <= limit
        results.append({"name": name, "ms": ms, "floor": floor, "floor_ms": base, "ratio": ratio,
                        "target": target, "met": met, "note": note})
        shown = "skipped" if ms is None else f"{ms:9.1f}"
        vs = f"{floor} {base:.1f}" if base else ""
        r = f"{ratio:5.2f}x" if ratio else "     "
        mark = "" if met is None else ("  met" if met else "  NOT met")
        print(f"  {name:34s} {shown:>9s}  {r}  {vs:38s} {target}{mark}{('  ' + note) if note else ''}", flush=True)

    print(f"ledger benchmark: medians in milliseconds ({runs} fresh processes each, {args.heavy_runs} for "
          f"the synthetic ledger)\nmachine: {machine()}\n", flush=True)

    # floors
    (tmp / "mini_typer.py").write_text(MINI_TYPER)
    (tmp / "mini_store.py").write_text(MINI_STORE)
    floor_cmds = {
        "bare interpreter": [PY, "-c", "pass"],
        "import sqlmodel": [PY, "-c", "import sqlmodel"],
        "sqlite3 insert": [PY, "-c", "import sqlite3; c = sqlite3.connect(%r); c.execute('create table if not "
                           "exists t (x)'); c.execute('insert into t values (1)'); c.commit()" % str(tmp / "floor.db")],
        "typer --help": [PY, str(tmp / "mini_typer.py"), "--help"],
        "typer sub --help": [PY, str(tmp / "mini_typer.py"), "hello", "--help"],
        "typer+sqlmodel+rich insert": [PY, str(tmp / "mini_store.py"), str(tmp / "floor2.db")],
    }
    # a match to add hands to, a 500-hand match to show, a match to play on
    subprocess.run(LEDGER + ["match", "new", "trentasette", "-p", "Anna,Bruno", "-o", "target=100000"],
                   env=env, capture_output=True, check=True)
    deals = trentasette_deals(560)
    big = {"game": "trentasette", "players": ["Anna", "Bruno"], "options": {"target": 100000},
           "hands": deals[:500]}
    (tmp / "big.json").write_text(json.dumps(big))
    subprocess.run(LEDGER + ["import", str(tmp / "big.json")], env=env, capture_output=True, check=True)
    subprocess.run(LEDGER + ["match", "new", "trentasette", "-p", "Anna,Bruno", "-o", "target=100000"],
                   env=env, capture_output=True, check=True)
    # duplicate matches of 2 and of 2,000 boards (matches 4 and 5): hand add on both
    if wanted("duplicate"):
        for n in (2, 2000):
            (tmp / f"dup{n}.json").write_text(json.dumps(duplicate_match(n)))
            subprocess.run(LEDGER + ["import", str(tmp / f"dup{n}.json")], env=env, capture_output=True, check=True)
    hand_doc = json.dumps({"game": "trentasette", **deals[0]})
    one_shot = [f"{k}={v}" for k, v in deals[1]["sides"].items()]
    if deals[1].get("table"):
        one_shot += [f"table={deals[1]['table']}", f"last={deals[1]['last_capture']}"]

    quick = [
        ("--version", LEDGER + ["--version"], None, "typer --help", "<= 1.3x typer --help", (1.3,)),
        ("--help", LEDGER + ["--help"], None, "typer --help", "<= 1.3x typer --help", (1.3,)),
        ("hand add --help", LEDGER + ["hand", "add", "--help"], None, "typer sub --help", "", None),
        ("score (one hand)", LEDGER + ["score", "-"], hand_doc, "typer+sqlmodel+rich insert",
         "<= 1.25x typer+sqlmodel+rich insert", (1.25,)),
        ("hand add (one-shot)", LEDGER + ["hand", "add", "1", *one_shot], None, "typer+sqlmodel+rich insert",
         "<= 1.25x typer+sqlmodel+rich insert", (1.25,)),
        ("show (500 hands)", LEDGER + ["show", "2"], None, "import sqlmodel", "< 500 ms", 500),
        ("hand add (2-board duplicate)", LEDGER + ["hand", "add", "4", "4SX", "W", "-2"], None,
         "typer+sqlmodel+rich insert", "", None),
        ("hand add (2,000-board duplicate)", LEDGER + ["hand", "add", "5", "4SX", "W", "-2"], None,
         "hand add (2-board duplicate)", "<= 1.25x the same on 2 boards", (1.25,)),
    ]
    quick = [q for q in quick if wanted(q[0])]
    medians = interleaved_ms({**{n: (c, None) for n, c in floor_cmds.items()},
                              **{q[0]: (q[1], q[2]) for q in quick}}, runs, env)
    floors: dict[str, float] = {n: medians[n] for n in floor_cmds}
    print("floors")
    for name in floor_cmds:
        record(name, floors[name])
    print("\nledger")
    for name, _cmd, _stdin, floor, target, limit in quick:
        record(name, medians[name], floor, target, limit)
        floors.setdefault(name, medians[name])  # a measurement may be the next one's floor

    if wanted("games"):
        import games as per_game

        from ledger.games import available, get_game

        print("\nevery game (bench/games.py)")
        per_game.measure([get_game(n) for n in available()], tmp, env, LEDGER, PY, runs, run_once, record, floors)
    if wanted("play"):
        if has_command(env, "play"):
            times = play_hand_ms(env, 3, [words_of(d) for d in deals[500:530]])
            record("play: hand -> scoreboard (30)", statistics.median(times), None, "< 20 ms", 20,
                   note=f"max {max(times):.1f}, hands 1-30 of a Trentasette match")
        else:
            record("play: hand -> scoreboard", None, note="no 'ledger play' in this installation")
    if wanted("play 5000"):
        long = trentasette_deals(5030)
        (tmp / "long.json").write_text(json.dumps({"game": "trentasette", "players": ["Anna", "Bruno"],
                                                   "options": {"target": 100000}, "hands": long[:5000]}))
        r = subprocess.run(LEDGER + ["import", str(tmp / "long.json"), "--json"], env=env, capture_output=True,
                           text=True, check=True)
        mid = json.loads(r.stdout)["match"]["id"]
        times = play_hand_ms(env, mid, [words_of(d) for d in long[5000:]])
        record("play 5000: hand -> scoreboard (30)", statistics.median(times), None, "< 20 ms", 20,
               note=f"max {max(times):.1f}, hands 5,001-5,030 of a Trentasette match")

    # the synthetic ledger
    heavy = [n for n in ("report (one night)", "stats (one player)", "export --all", "import (export --all)")
             if wanted(n)]
    if heavy:
        import synthetic

        db = args.synthetic
        if db is None:
            db = str(tmp / "synthetic.db")
            t = time.perf_counter()
            counts = synthetic.build(db, nights, quiet=True)
            print(f"\nsynthetic ledger: {counts['nights']} nights, {counts['matches']} matches, {counts['hands']} "
                  f"hands, generated and written in {time.perf_counter() - t:.1f} s", flush=True)
        else:
            print(f"\nsynthetic ledger: {db}", flush=True)
        senv = {**env, "LEDGER_DB": db}
        night = _middle_night(senv)
        hr = args.heavy_runs
        size = "" if args.full or args.synthetic else f" (a {nights}-night ledger; the target is for 2,000)"
        cases = [("report (one night)", ["report", "--night", night], "< 1000 ms" + size, 1000),
                 ("stats (one player)", ["stats", "--player", "Anna"], "< 1000 ms" + size, 1000)]
        for name, words, target, limit in cases:
            if name in heavy:
                if has_command(senv, words[0]):
                    try:
                        record(name, median_ms(LEDGER + words, hr, senv, warm=False), "import sqlmodel", target, limit)
                    except Failed as err:
                        record(name, None, note=f"failed: {err}")
                else:
                    record(name, None, note=f"no 'ledger {words[0]}' in this installation")
        export = tmp / "all.json"
        can_export = subprocess.run(LEDGER + ["export", "--help"], capture_output=True, text=True,
                                    env=senv).stdout.find("--all") >= 0
        if "export --all" in heavy or "import (export --all)" in heavy:
            if can_export:
                try:
                    ms = median_ms(LEDGER + ["export", "--all", "-o", str(export)], hr, senv, warm=False)
                except Failed as err:
                    ms, note = None, f"failed: {err}"
                else:
                    note = f"{export.stat().st_size / 1e6:.0f} MB"
                if "export --all" in heavy:
                    record("export --all", ms, None, "< 30000 ms" + size, 30000, note=note)
                if "import (export --all)" in heavy and ms is not None:
                    try:
                        times = [run_once(LEDGER + ["import", str(export)], {**env, "LEDGER_DB": str(tmp / f"i{k}.db")})
                                 for k in range(max(1, args.import_runs))]
                        record("import (export --all)", statistics.median(times), None, "(no target)")
                    except Failed as err:
                        record("import (export --all)", None, note=f"failed: {err}")
            else:
                record("export --all", None, note="no 'export --all' in this installation")
    issue17(args, env, tmp, wanted, record, floors)
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": machine(), "runs": runs, "nights": nights,
                                               "results": results}, indent=2))
    if args.keep:
        print(f"\n(temporary files kept in {tmp})")
    else:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)


# --- issue 17: big inputs beside floors measured in the same rounds ------------------------------
TIME = "/usr/bin/time"  # GNU time: a command's own peak resident memory (%M, kB)


def run_peak(cmd: list[str], env: dict, tmp: Path) -> tuple[float, float]:
    """(wall ms, peak MB) of one run of ``cmd``: the larger of its own peak resident memory (GNU
    time) and the peak, sampled every 20 ms, of the proportional memory (PSS: a page shared by
    several processes counted once between them) of the command and every process it starts."""
    report = tmp / "peak.txt"
    t = time.perf_counter()
    p = subprocess.Popen([TIME, "-f", "%M", "-o", str(report), *cmd], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    tree_kb = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal tree_kb
        while not done.wait(0.02):
            tree_kb = max(tree_kb, sum(_pss_kb(pid) for pid in _tree(p.pid)))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, err = p.communicate()
    done.set()
    sampler.join()
    ms = (time.perf_counter() - t) * 1000
    if p.returncode != 0:
        raise Failed(f"exit {p.returncode}: {(err.strip().splitlines() or [''])[-1][:200]}")
    own_kb = int(report.read_text().split()[-1])
    return ms, max(own_kb, tree_kb) / 1024


def _tree(pid: int) -> list[int]:
    """``pid`` and every process under it (Linux's /proc; just ``pid`` elsewhere)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return out


def _pss_kb(pid: int) -> int:
    """The proportional set size of a process in kB (0 once it is gone, or off Linux)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def rounds(cmds: dict[str, tuple[list[str], Any]], runs: int, env: dict, tmp: Path) -> dict[str, tuple[float, float]]:
    """Median wall ms and largest peak MB of each command, run in shuffled rounds; a command's
    second item, when callable, is run before each of its runs (to lay out a fresh ledger)."""
    rng = random.Random(17)
    got: dict[str, list[tuple[float, float]]] = {n: [] for n in cmds}
    for _ in range(runs):
        order = list(cmds)
        rng.shuffle(order)
        for name in order:
            cmd, before = cmds[name]
            if before:
                before()
            got[name].append(run_peak(cmd, env, tmp))
    return {n: (statistics.median(t for t, _ in v), max(m for _, m in v)) for n, v in got.items()}


def issue17(args, env: dict, tmp: Path, wanted, record, floors: dict) -> None:
    """``score`` of 33,240 boards beside endplay and a pure-Python scorer, and in one process the
    microseconds a board (``floors.py per-board``: each pass starts with nothing kept, the
    cycle collector on as in every ``ledger`` command; on the 33,240 boards and on ``boards.distinct_boards``, which never
    repeat what ledger keeps of a board scored); ``show`` of 5,000 hands
    beside 50; ``import``/``restore`` of a 20,000-hand (and with --full or --synthetic the 200,000-hand)
    export beside parsing it and inserting a row a hand with sqlite3; ``export --all`` beside a
    compact ``json.dumps`` of the same data."""
    floor_py = [PY, str(HERE / "floors.py")]
    runs = args.heavy_runs
    if wanted("score (33,240 boards)"):
        import boards

        f = tmp / "boards.json"
        f.write_text(json.dumps(boards.boards(33240)))
        cmds = {"score (33,240 boards)": (LEDGER + ["score", str(f), "--json"], None),
                "floor: pure-Python scorer": (floor_py + ["python", str(f)], None)}
        has_endplay = subprocess.run([PY, "-c", "import endplay"], capture_output=True).returncode == 0
        if has_endplay:
            cmds["floor: endplay"] = (floor_py + ["endplay", str(f)], None)
        got = rounds(cmds, runs, env, tmp)
        print("\nissue 17: score of 33,240 duplicate boards (wall ms, peak MB)")
        for name in cmds:
            floors[name] = got[name][0]
        record("floor: pure-Python scorer", got["floor: pure-Python scorer"][0])
        if has_endplay:
            record("floor: endplay", got["floor: endplay"][0])
        record("score (33,240 boards)", got["score (33,240 boards)"][0],
               "floor: endplay" if has_endplay else "floor: pure-Python scorer",
               "<= 1.2x endplay" if has_endplay else "(endplay not installed)",
               (1.2,) if has_endplay else None, note=f"peak {got['score (33,240 boards)'][1]:.0f} MB")
        per = json.loads(subprocess.run(floor_py + ["per-board", str(f)], capture_output=True, text=True,
                                        env=env, check=True).stdout)
        for suffix, what in (("", "33,240 boards"), (" distinct", "distinct boards")):
            floor = f"pure-Python µs a board ({what})"
            floors[floor] = per["python" + suffix]
            record(f"score: µs a board ({what})", per["ledger" + suffix], floor, "<= 3x pure Python", (3,),
                   note="; ".join(f"{k} {v:.1f} µs" for k, v in per.items()
                                  if k.endswith(suffix) and (suffix or not k.endswith(" distinct"))))
    if wanted("show (5,000 hands)"):
        deals = trentasette_deals(5000)
        ids = []
        for n in (50, 5000):
            (tmp / f"t{n}.json").write_text(json.dumps({"game": "trentasette", "players": ["Anna", "Bruno"],
                                                        "options": {"target": 100000}, "hands": deals[:n]}))
            r = subprocess.run(LEDGER + ["import", str(tmp / f"t{n}.json"), "--json"], env=env,
                               capture_output=True, text=True, check=True)
            ids.append(str(json.loads(r.stdout)["match"]["id"]))
        got = interleaved_ms({"show (50 hands)": (LEDGER + ["show", ids[0]], None),
                              "show (5,000 hands)": (LEDGER + ["show", ids[1]], None),
                              "show (5,000 hands) --all": (LEDGER + ["show", ids[1], "--all"], None)},
                             args.runs, env)
        print("\nissue 17: show of a long match")
        floors["show (50 hands)"] = got["show (50 hands)"]
        record("show (50 hands)", got["show (50 hands)"])
        record("show (5,000 hands)", got["show (5,000 hands)"], "show (50 hands)", "<= 2x show of 50", (2.0,),
               note="the last 100 hands drawn")
        record("show (5,000 hands) --all", got["show (5,000 hands) --all"], "show (50 hands)", "(every hand)")
    sizes = []
    if wanted("20k export"):
        sizes.append(("20k export", None))
    if wanted("200k export") and (args.full or args.synthetic):
        sizes.append(("200k export", args.synthetic))
    for label, db in sizes:
        import synthetic

        if db is None:
            db = str(tmp / f"{label[:4]}.db")
            if not Path(db).exists():
                synthetic.build(db, 200 if label == "20k export" else 2000, quiet=True)
        export = tmp / f"{label[:4]}.json"
        senv = {**env, "LEDGER_DB": db}
        print(f"\nissue 17: {label} ({db})")
        got = rounds({f"export --all ({label})": (LEDGER + ["export", "--all", "-o", str(export)], None)},
                     runs, senv, tmp)
        dump = statistics.median(json.loads(subprocess.run(floor_py + ["dump", str(export)], capture_output=True,
                                                           text=True, check=True).stdout)["ms"] for _ in range(runs))
        floors[f"compact json.dumps ({label})"] = dump
        record(f"floor: compact json.dumps ({label})", dump)
        ms, mb = got[f"export --all ({label})"]
        record(f"export --all ({label})", ms, f"compact json.dumps ({label})", "<= 1.5x compact json.dumps", (1.5,),
               note=f"{export.stat().st_size / 1e6:.0f} MB, peak {mb:.0f} MB")
        target, restored = tmp / f"imp-{label[:4]}.db", tmp / f"res-{label[:4]}.db"

        def fresh() -> None:
            target.unlink(missing_ok=True)

        if not restored.exists():
            subprocess.run(LEDGER + ["--db", str(restored), "import", str(export)], env=env, capture_output=True,
                           check=True)
        cmds = {f"floor: parse + sqlite3 rows ({label})": (floor_py + ["rows", str(export), str(tmp / "rows.db")], None),
                f"import ({label})": (LEDGER + ["--db", str(target), "import", str(export)], fresh),
                f"restore --force ({label})": (LEDGER + ["--db", str(restored), "restore", str(export), "--force"],
                                               None)}
        got = rounds(cmds, max(1, args.import_runs), env, tmp)
        floor = f"floor: parse + sqlite3 rows ({label})"
        floors[floor] = got[floor][0]
        record(floor, got[floor][0], note=f"peak {got[floor][1]:.0f} MB")
        for name in (f"import ({label})", f"restore --force ({label})"):
            record(name, got[name][0], floor, "<= 5x the floor, < 300 MB", (5.0,), note=f"peak {got[name][1]:.0f} MB")


def _middle_night(env: dict) -> str:
    r = subprocess.run(LEDGER + ["match", "list", "--json"], capture_output=True, text=True, env=env, check=True)
    nights = sorted({m["night"] for m in json.loads(r.stdout)})
    return nights[len(nights) // 2]


if __name__ == "__main__":
    main()
