"""What the language machinery costs: ``--help``, ``hand add --help``, ``show`` and a one-shot
``hand add``, in English and in Italian, beside the same commands of an installation without it.

    python bench/language.py --baseline /path/to/old/venv/bin/ledger [--runs 21]

Issue 15's target: with the catalogues in, ``--help``, ``show`` and one-shot ``hand add`` no more
than 5% slower than before. Every command runs in the same rounds (bench/run.py's
``interleaved_ms``: each once a round, shuffled), on copies of one ledger, so a busy machine
slows them alike; the figure is the ratio to the baseline's median in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import LEDGER, interleaved_ms, trentasette_deals  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", required=True, help="the ledger executable of the installation to compare with")
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    _compiled()
    tmp = Path(tempfile.mkdtemp(prefix="ledger-lang-"))
    env = {**os.environ, "COLUMNS": "100", "LANG": "C.UTF-8"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("LEDGER_LANG", None)
    db = tmp / "seed.db"
    seed = {**env, "LEDGER_DB": str(db)}
    deals = trentasette_deals(560)
    (tmp / "big.json").write_text(json.dumps({"game": "trentasette", "players": ["Anna", "Bruno"],
                                              "options": {"target": 100000}, "hands": deals[:500]}))
    subprocess.run(LEDGER + ["import", str(tmp / "big.json")], env=seed, capture_output=True, check=True)
    one_shot = [f"{k}={v}" for k, v in deals[500]["sides"].items()]
    if deals[500].get("table"):
        one_shot += [f"table={deals[500]['table']}", f"last={deals[500]['last_capture']}"]
    who = {"before": [args.baseline], "en": LEDGER, "it": [*LEDGER, "--lang", "it"]}
    cmds = {}
    for name, ledger in who.items():
        copy = tmp / f"{name}.db"
        shutil.copy(db, copy)
        e = {**env, "LEDGER_DB": str(copy)}
        for what, words in (("--help", ["--help"]), ("hand add --help", ["hand", "add", "--help"]),
                            ("show (500 hands)", ["show", "1"]), ("hand add (one-shot)", ["hand", "add", "1", *one_shot])):
            cmds[f"{what} [{name}]"] = ([*ledger, *words] if name != "it" else [*LEDGER, *words, "--lang", "it"], None, e)
    medians = _interleaved(cmds, args.runs)
    print(f"medians of {args.runs} fresh processes, ms; ratio to the baseline in the same run (target <= 1.05)")
    for what in ("--help", "hand add --help", "show (500 hands)", "hand add (one-shot)"):
        base = medians[f"{what} [before]"]
        line = f"  {what:22s} before {base:7.1f}"
        for name in ("en", "it"):
            ms = medians[f"{what} [{name}]"]
            line += f"   {name} {ms:7.1f} ({ms / base:4.2f}x)"
        print(line)
    shutil.rmtree(tmp, ignore_errors=True)


def _compiled() -> None:
    """Compile the catalogues of this working copy first: a ``.po`` newer than its ``.mo`` (a
    translation being edited) is read through Babel, which an installed ledger never does."""
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    from setup import compile_catalogues

    compile_catalogues(root / "ledger" / "locale")


def _interleaved(cmds: dict, runs: int) -> dict[str, float]:
    """interleaved_ms with a ledger of its own for each command: ``env LEDGER_DB=...`` runs it
    (the same small cost for every command)."""
    wrapped = {name: (["env", f"LEDGER_DB={e['LEDGER_DB']}", *cmd], stdin) for name, (cmd, stdin, e) in cmds.items()}
    return interleaved_ms(wrapped, runs, next(iter(cmds.values()))[2])


if __name__ == "__main__":
    main()
