"""Two ledgers side by side in the same rounds: the reading commands of this checkout's ``ledger``
and of another installed one (an older commit, installed in a virtual environment of its own),
each command of both run once a round in a shuffled order, so that a busy machine slows them alike.

    python bench/compare.py OTHER_LEDGER [--runs 5] [--nights 200] [--synthetic DB]

``OTHER_LEDGER`` is the path of the other ``ledger`` command (``/path/venv/bin/ledger``). The
ledgers read the same files: a fresh one with Trentasette matches of 2, 50, 500 and 5,000 hands
(``show``: start-up and long matches), and a synthetic ledger (``bench/synthetic.py``, 200 nights:
about 20,000 hands, or ``--synthetic DB``) for ``report --night`` and ``stats --player``. Both
programs must read the same schema. Prints the median milliseconds of each, and this one's over
the other's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import LEDGER, PY, _middle_night, interleaved_ms, trentasette_deals  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", help="the other ledger command")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--nights", type=int, default=200)
    ap.add_argument("--synthetic", help="a ledger made by bench/synthetic.py")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="ledger-compare-"))
    env = {**os.environ, "LEDGER_DB": str(tmp / "long.db"), "COLUMNS": "100"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    deals = trentasette_deals(5000)
    ids = {}
    for n in (2, 50, 500, 5000):
        doc = tmp / f"t{n}.json"
        doc.write_text(json.dumps({"game": "trentasette", "players": ["Anna", "Bruno"],
                                   "options": {"target": 100000}, "hands": deals[:n]}))
        r = subprocess.run(LEDGER + ["import", str(doc), "--json"], env=env, capture_output=True, text=True,
                           check=True)
        ids[n] = str(json.loads(r.stdout)["match"]["id"])
    synthetic = args.synthetic
    if synthetic is None:
        import synthetic as synth

        synthetic = str(tmp / "synthetic.db")
        synth.build(synthetic, args.nights, quiet=True)
    senv = {**env, "LEDGER_DB": synthetic}
    night = _middle_night(senv)
    words = {f"show ({n} hands)": ["show", ids[n]] for n in ids}
    big = {"report --night": ["report", "--night", night], "stats --player": ["stats", "--player", "Anna"]}
    cmds = {}
    for who, ledger in (("this", LEDGER), ("other", [args.other])):
        for name, w in words.items():
            cmds[f"{name} {who}"] = ([*ledger, "--db", env["LEDGER_DB"], *w], None)
        for name, w in big.items():
            cmds[f"{name} {who}"] = ([*ledger, "--db", synthetic, *w], None)
    cmds["floor: import sqlmodel"] = ([PY, "-c", "import sqlmodel"], None)
    got = interleaved_ms(cmds, args.runs, env)
    print(f"medians of {args.runs} rounds, ms: this ({LEDGER[0]}) and other ({args.other})")
    print(f"  floor: import sqlmodel {got['floor: import sqlmodel']:.1f}")
    for name in [*words, *big]:
        this, other = got[f"{name} this"], got[f"{name} other"]
        print(f"  {name:22s} this {this:8.1f}  other {other:8.1f}  this/other {this / other:5.2f}x")


if __name__ == "__main__":
    main()
