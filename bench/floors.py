"""Floors for issue 17's figures, each a program run beside ``ledger`` in the same round (bench/run.py).

    python bench/floors.py endplay BOARDS.json        # endplay scores the boards, prints the scores
    python bench/floors.py python BOARDS.json         # the same with a 30-line pure-Python scorer
    python bench/floors.py per-board BOARDS.json      # microseconds a board in one process: ledger,
                                                      # endplay, the pure-Python scorer (JSON line),
                                                      # on BOARDS and on boards.distinct_boards(),
                                                      # the cycle collector paused as `ledger score`
                                                      # pauses it (and "... gc-on": not paused)
    python bench/floors.py rows EXPORT.json DB        # parse a ledger export, insert one row a hand
    python bench/floors.py dump EXPORT.json           # ms of a compact json.dumps of the export's data

The boards are ``bench/boards.py``'s hand documents (``contract``, ``declarer``, ``tricks`` or
``result``, ``board`` or ``vulnerable``). endplay (``pip install -e ".[bench]"``) is a benchmark-only
dependency; without it the endplay floor is reported missing.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sqlite3
import sys
import time

VUL_OF_BOARD = ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None",
                "NS", "EW"]  # Law 2: board 1 is VUL_OF_BOARD[0], repeating every 16 boards


def over(d: dict) -> int:
    """Tricks over (or under, negative) the contract, from ``tricks`` or ``result``."""
    if "tricks" in d:
        return d["tricks"] - int(d["contract"][0]) - 6
    return 0 if d["result"] == "=" else int(d["result"])


def py_score(d: dict) -> int:
    """The pure-Python floor: a duplicate board's score from North-South's side (Law 77)."""
    c = d["contract"]
    if c == "Pass":
        return 0
    level, x = int(c[0]), c.count("X")
    strain = c[1:len(c) - x]
    vul = d.get("vulnerable") or VUL_OF_BOARD[(d["board"] - 1) % 16]
    ns = d["declarer"] in "NS"
    v = vul == "All" or vul == ("NS" if ns else "EW")
    o = over(d)
    if o < 0:
        if not x:
            pts = -(100 if v else 50) * -o
        else:
            steps = [200, 300] if v else [100, 200, 200, 300]
            pts = -sum(steps[min(i, len(steps) - 1)] for i in range(-o)) * x
    else:
        odd = 30 if strain in ("H", "S") else 20 if strain in ("C", "D") else 30
        trick = (level * odd + (10 if strain == "NT" else 0)) * (1, 2, 4)[x]
        bonus = (500 if v else 300) if trick >= 100 else 50
        bonus += (750 if v else 500) if level == 6 else (1500 if v else 1000) if level == 7 else 0
        overs = o * odd if not x else o * (200 if v else 100) * x
        pts = trick + bonus + overs + 50 * x
    return pts if ns else -pts


def endplay_scorer():
    from endplay.types import Contract, Vul

    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}

    def score(d: dict) -> int:
        c = d["contract"]
        if c == "Pass":
            return 0
        o = over(d)
        bare = c.rstrip("X")
        con = Contract(f"{bare}{d['declarer']}{c[len(bare):]}{'=' if o == 0 else f'{o:+d}'}")
        pts = con.score(vuls[d.get("vulnerable") or VUL_OF_BOARD[(d["board"] - 1) % 16]])
        return pts if d["declarer"] in "NS" else -pts

    return score


def scores(score, boards: list) -> None:
    sys.stdout.write(json.dumps([{"score_ns": score(d)} for d in boards]) + "\n")


PASSES = 7  # a pass of the pure-Python floor is 30-60 ms: the best of a few leaves out what the others on the machine did


def per_board(boards: list) -> dict:
    """Microseconds a board in this one process (the best of :data:`PASSES` passes) for each scorer, on
    ``boards`` and on :func:`boards.distinct_boards` (``"... distinct"``): ``{"ledger": µs,
    "python": µs, "endplay": µs, "ledger distinct": µs, ...}``.

    Every scorer (ledger, endplay and the pure-Python floor alike) is timed with Python's cycle
    collector paused by ``ledger.games.collector_paused``, as ``ledger score`` of a list scores
    (``gc.disable``/``gc.enable`` for an older ledger without it): the target's figure measures
    what the command does. The same passes with the collector on are reported too, under
    ``"<scorer> gc-on"`` (``"ledger gc-on"``, ``"ledger gc-on distinct"`` ...), as notes beside
    the figure (bench/run.py), not as the figure.

    ledger keeps what it read and scored (``ledger.games.bridge.rules.score_hand``): every pass
    starts with nothing kept (``forget_scores``), as one ``ledger score`` process does, so a
    board is found again only when the same list has it twice; the distinct boards never repeat
    what is kept."""
    here = __import__("pathlib").Path(__file__).resolve()
    sys.path.insert(0, str(here.parents[1]))
    sys.path.insert(0, str(here.parent))
    from boards import distinct_boards

    from ledger.cli.cmd_documents import score_document
    try:
        from ledger.games.bridge import rules as scorer
    except ImportError:  # an older ledger: its match module
        from ledger.games.bridge import match as scorer  # type: ignore[attr-defined, no-redef]  # absent today

    forget_scores = getattr(scorer, "forget_scores", lambda: None)  # an older ledger keeps nothing
    paused = _collector_paused()
    scorers = {"ledger": score_document, "python": py_score}
    try:
        scorers["endplay"] = endplay_scorer()
    except ImportError:
        pass
    out = {}
    for suffix, docs in (("", boards), (" distinct", distinct_boards())):
        for collector, context in (("", paused), (" gc-on", contextlib.nullcontext)):
            for name, f in scorers.items():
                best = float("inf")
                for _ in range(PASSES):
                    forget_scores()
                    gc.collect()  # each pass starts from the same heap
                    with context():
                        t = time.perf_counter()
                        for d in docs:
                            f(d)
                        best = min(best, time.perf_counter() - t)
                out[name + collector + suffix] = best / len(docs) * 1e6
    return out


def _collector_paused():
    """``ledger.games.collector_paused`` (what ``ledger score`` of a list scores inside), or for
    an older ledger that lacks it the same pause by hand (``gc.disable``, then ``gc.enable``)."""
    try:
        from ledger.games import collector_paused

        return collector_paused
    except ImportError:
        @contextlib.contextmanager
        def paused():
            was = gc.isenabled()
            gc.disable()
            try:
                yield
            finally:
                if was:
                    gc.enable()

        return paused


def main() -> None:
    what, path = sys.argv[1], sys.argv[2]
    if what == "endplay":
        scores(endplay_scorer(), json.load(open(path)))
    elif what == "python":
        scores(py_score, json.load(open(path)))
    elif what == "per-board":
        print(json.dumps(per_board(json.load(open(path)))))
    elif what == "rows":
        d = json.load(open(path, encoding="utf-8"))
        c = sqlite3.connect(sys.argv[3])
        c.execute("create table if not exists h (m, doc)")
        c.execute("delete from h")
        c.executemany("insert into h values (?, ?)", ((i, json.dumps(h)) for i, m in enumerate(d["matches"])
                                                      for h in m["hands"]))
        c.commit()
    elif what == "dump":
        d = json.load(open(path, encoding="utf-8"))
        t = time.perf_counter()
        json.dumps(d, ensure_ascii=False)
        print(json.dumps({"ms": (time.perf_counter() - t) * 1000}))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
