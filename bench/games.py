"""Every game of the registry, measured the same way (``python bench/run.py --only games``).

For each game whose package deals matches at random (``Game.samples``):

- ``score`` of 10,000 of its hand documents in one process (``ledger score FILE --json``), beside
  the floor of reading the same list (``python -c "import json; json.load(...)"``);
- ``hand add`` of one hand to a 500-hand match, beside the same on a 2-hand match (target: at most
  1.25x). Each add is taken back (``hand undo``, not timed) so every run adds the same hand to the
  same match.

The hands are dealt by the game's own ``sample_hand`` and scored by its scorer before they are
used, so only hands the scorer takes are measured.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
TRIES = 50


def dealt_hands(game: Any, n: int, seed: int, long: bool = False) -> tuple[Any, list[dict]]:
    """A match of ``game`` set up by its ``sample_setup`` (``long``: by its samples module's
    ``long_setup`` when it has one, a match that goes on for hundreds of hands) and ``n`` hands dealt by its
    ``sample_hand`` that its scorer took one after the other (fewer when the match ends first: a
    new match is then begun, and only the longest run is kept)."""
    rng = random.Random(seed)
    best: tuple[Any, list[dict]] = (None, [])
    import importlib

    long_setup = getattr(importlib.import_module(game.samples), "long_setup", None) if long else None
    for _ in range(20):
        setup = long_setup(game, PLAYERS, rng) if long_setup is not None else game.sample_setup(PLAYERS, rng)
        state, hands = game.start(setup), []
        while len(hands) < n and not state.finished:
            for _try in range(TRIES):
                doc = game.sample_hand(setup, state, rng)
                try:
                    state, _ = game.apply(setup, state, doc)
                    hands.append(doc)
                    break
                except LedgerError:
                    continue
            else:
                break
        if len(hands) > len(best[1]):
            best = (setup, hands)
        if len(hands) >= n:
            break
    return best


def lone_documents(game: Any, n: int, seed: int) -> list[dict]:
    """``n`` hand documents of ``game`` that ``ledger score`` takes on their own (each with its
    match's ``game``, ``rules`` and ``options``), from as many dealt matches as it takes."""
    docs: list[dict] = []
    seed_now = seed
    while len(docs) < n:
        setup, hands = dealt_hands(game, min(200, n - len(docs)), seed_now)
        seed_now += 1
        for h in hands:
            doc = {"game": game.name, "rules": setup.rules, **h}
            try:
                game.score(doc)
            except LedgerError:
                continue
            docs.append(doc)
    return docs[:n]


def measure(games: list[Any], tmp: Path, env: dict, ledger: list[str], py: str, runs: int,
            run_once: Callable[..., float], record: Callable[..., None], floors: dict[str, float]) -> None:
    """Record the two measurements of every game in ``games`` (see the module's docstring)."""
    for game in games:
        if game.samples is None:
            record(f"{game.name}: score 10,000", None, note="deals no matches at random")
            continue
        docs = lone_documents(game, 10_000, 11)
        path = tmp / f"{game.name}-hands.json"
        path.write_text(json.dumps(docs))
        floor = f"{game.name}: json.load"
        floors[floor] = statistics.median(run_once([py, "-c", f"import json; json.load(open({str(path)!r}))"], env)
                                          for _ in range(max(3, runs // 4)))
        score = statistics.median(run_once(ledger + ["score", str(path), "--json"], env) for _ in range(max(3, runs // 4)))
        record(f"{game.name}: score 10,000", score, floor, "(beside the floor)")
        _hand_add(game, tmp, env, ledger, runs, record, floors)


def _hand_add(game: Any, tmp: Path, env: dict, ledger: list[str], runs: int,
              record: Callable[..., None], floors: dict[str, float]) -> None:
    times: dict[int, float] = {}
    for size in (2, 500):
        setup, hands = dealt_hands(game, size + 1, 5, long=True)
        if len(hands) < size + 1:
            record(f"{game.name}: hand add ({size})", None, note=f"matches end before {size + 1} hands")
            return
        match = {**setup.to_json(), "hands": hands[:size]}
        (tmp / f"{game.name}-{size}.json").write_text(json.dumps(match))
        out = subprocess.run(ledger + ["import", str(tmp / f"{game.name}-{size}.json"), "--json"], env=env,
                             capture_output=True, text=True, check=True)
        mid = str(json.loads(out.stdout)["match"]["id"])
        (tmp / f"{game.name}-{size}-next.json").write_text(json.dumps(hands[size]))
        add = ledger + ["hand", "add", mid, "--file", str(tmp / f"{game.name}-{size}-next.json")]
        samples = []
        for _ in range(runs):
            samples.append(_timed(add, env))
            subprocess.run(ledger + ["hand", "undo", mid], env=env, capture_output=True, check=True)
        times[size] = statistics.median(samples)
    floors[f"{game.name}: hand add (2)"] = times[2]
    record(f"{game.name}: hand add (2)", times[2])
    record(f"{game.name}: hand add (500)", times[500], f"{game.name}: hand add (2)",
                    "<= 1.25x the same on 2 hands", (1.25,))


def _timed(cmd: list[str], env: dict) -> float:
    import time

    t = time.perf_counter()
    subprocess.run(cmd, env=env, capture_output=True, check=True)
    return (time.perf_counter() - t) * 1000
