"""A synthetic ledger of years of evenings, for measuring what must stay fast as a ledger grows.

    python bench/synthetic.py DB [--nights 2000] [--seed 1] [--write bulk|store]

Writes into ``DB`` (a new SQLite file, refused if it exists) about ``nights`` evenings, ten
matches an evening and ten hands a match on average (``--nights 2000``: 2,000 nights, about
20,000 matches and 200,000 hands), over every game in the registry that deals matches at random (``Game.samples``, in its share
``Game.sample_weight``), among sixteen regulars. Every hand is dealt at random by the game's own
``sample_hand`` and scored by the game's own scorer as the next hand of its match
(a hand the scorer refuses is dealt again), so the documents, results, statuses and winners are
what ``ledger`` itself would have stored; about one hand in a hundred is entered wrong first and
voided. Deterministic for a seed.

``--write bulk`` (default) inserts the rows with SQLAlchemy Core ``executemany`` in a few large
transactions, the stored state of each match computed by the store's own ``Ledger._store_state``;
``--write store`` goes through ``Ledger.import_match`` (every check of the store, much slower).
Prints how long generating and writing took.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ledger.errors import LedgerError  # noqa: E402
from ledger.games import available, get_game  # noqa: E402

PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca", "Marta", "Nico",
           "Olga", "Paolo", "Rita", "Sara", "Tommaso", "Ugo"]
START = dt.date(2004, 1, 2)  # 2,000 nights, 2 to 4 days apart, end before today: no night in the future
TRIES = 40  # deals before a match the scorer keeps refusing is ended early


# --- matches and nights -------------------------------------------------------------------------------
def play_match(game, setup, rng: random.Random, max_hands: int = 40) -> tuple[list[dict], Any, bool]:
    """Deal and score hands until the match ends (or ``max_hands``: then it is ended early).

    Returns every hand entered (voided ones marked), the replay's final state, and whether the
    match was ended early.
    """
    deal = game.sample_hand
    state = game.start(setup)
    hands: list[dict] = []
    while not state.finished and len(hands) < max_hands:
        before = state
        for _ in range(TRIES):
            doc = deal(setup, state, rng)
            try:
                state, _result = game.apply(setup, state, doc)
                break
            except LedgerError:
                continue
        else:
            return hands, state, True
        if rng.random() < 0.01:  # entered wrong first (a hand the scorer took), voided, then entered right
            wrong = deal(setup, before, rng)
            try:
                game.apply(setup, before, wrong)
                hands.append({**wrong, "voided": True, "void_reason": "entered wrong"})
            except LedgerError:
                pass
        hands.append(doc)
    return hands, state, not state.finished


def generate(nights: int, seed: int = 1) -> Iterator[dict]:
    """Match documents (FORMATS.md, with ``night`` and ``created_at``) for ``nights`` evenings."""
    rng = random.Random(seed)
    games = [g for g in map(get_game, available()) if g.samples and g.sample_weight > 0]
    day = START
    for _ in range(nights):
        day += dt.timedelta(days=rng.choice((2, 3, 4)))
        crowd = rng.sample(PLAYERS, rng.randint(6, 9))
        start = dt.datetime.combine(day, dt.time(20, 30), dt.timezone.utc)
        for k in range(rng.randint(8, 14)):
            game = rng.choices(games, weights=[g.sample_weight for g in games])[0]
            setup = game.sample_setup(crowd, rng)
            hands, _state, ended = play_match(game, setup, rng)
            when = start + dt.timedelta(minutes=20 * k)
            doc = setup.to_json()
            doc.update({"night": day.isoformat(), "created_at": when.isoformat(), "ended_early": ended})
            for i, h in enumerate(hands):
                h["entered_at"] = (when + dt.timedelta(minutes=i + 1)).isoformat()
            doc["hands"] = hands
            yield doc


# --- writing --------------------------------------------------------------------------------------------
def write_bulk(ledger, docs: Iterator[dict], batch: int = 2000) -> dict:
    """Insert the matches with SQLAlchemy Core in transactions of ``batch`` matches; returns counts."""
    from sqlalchemy import insert

    from ledger.games.replay import replay
    from ledger.store.models import Hand, Match, Night, Player, Seat
    from ledger.games.documents import read_match_document

    counts = {"nights": 0, "matches": 0, "hands": 0}
    player_ids: dict[str, int] = {}
    night_ids: dict[str, int] = {}
    ids = {"match": 0, "hand": 0, "seat": 0}
    rows: dict[str, list] = {"player": [], "night": [], "match": [], "seat": [], "hand": []}

    def flush() -> None:
        with ledger.engine.begin() as conn:
            for table, model in (("player", Player), ("night", Night), ("match", Match), ("seat", Seat),
                                 ("hand", Hand)):
                if rows[table]:
                    conn.execute(insert(model.__table__), rows[table])
                    rows[table].clear()

    for doc in docs:
        setup, live, all_hands = read_match_document(doc)
        game = get_game(setup.game)
        rp = replay(game, setup, live)
        if doc["night"] not in night_ids:
            night_ids[doc["night"]] = len(night_ids) + 1
            rows["night"].append({"id": night_ids[doc["night"]], "date": dt.date.fromisoformat(doc["night"]),
                                  "label": None, "demo": False,
                                  "created_at": dt.datetime.fromisoformat(doc["created_at"])})
        ids["match"] += 1
        mid = ids["match"]
        created = dt.datetime.fromisoformat(doc["created_at"])
        m = Match(id=mid, night_id=night_ids[doc["night"]], game=setup.game, rules=setup.rules,
                  options=dict(setup.options), teams=setup.teams, created_at=created,
                  status="ended" if setup.ended_early else "open")
        ledger._store_state(m, rp)
        if m.finished_at is not None:
            m.finished_at = created + dt.timedelta(minutes=len(all_hands) + 1)
        rows["match"].append({c: getattr(m, c) for c in ("id", "night_id", "game", "rules", "options", "teams",
                                                         "status", "winner", "summary", "note", "created_at",
                                                         "finished_at")})
        side_of = {p: s for s, members in setup.sides.items() for p in members}
        for i, name in enumerate(setup.players):
            if name not in player_ids:
                player_ids[name] = len(player_ids) + 1
                rows["player"].append({"id": player_ids[name], "name": name, "name_key": name.casefold(),
                                       "created_at": created, "demo": False})
            ids["seat"] += 1
            rows["seat"].append({"id": ids["seat"], "match_id": mid, "player_id": player_ids[name], "seat": i,
                                 "side": side_of[name]})
        k = 0
        for pos, h in enumerate(all_hands, 1):
            ids["hand"] += 1
            body = {key: v for key, v in h.items() if key not in ("entered_at", "voided", "void_reason")}
            entered = dt.datetime.fromisoformat(h["entered_at"])
            voided = bool(h.get("voided"))
            result = {} if voided else rp.results[k].to_json()
            k += 0 if voided else 1
            rows["hand"].append({"id": ids["hand"], "match_id": mid, "position": pos, "document": body,
                                 "result": result, "rules": setup.rules, "scorer_version": game.version,
                                 "entered_at": entered, "voided": voided,
                                 "voided_at": entered + dt.timedelta(seconds=30) if voided else None,
                                 "void_reason": h.get("void_reason"), "replaces_id": None})
            counts["hands"] += 0 if voided else 1
        counts["matches"] += 1
        if counts["matches"] % batch == 0:
            flush()
    flush()
    counts["nights"] = len(night_ids)
    return counts


def write_store(ledger, docs: Iterator[dict]) -> dict:
    """Store each match through ``Ledger.import_match`` (one transaction a match)."""
    counts = {"nights": set(), "matches": 0, "hands": 0}
    for doc in docs:
        view = ledger.import_match(doc)
        counts["matches"] += 1
        counts["hands"] += len(view.hands)
        counts["nights"].add(doc["night"])
    counts["nights"] = len(counts["nights"])
    return counts


def build(db: str, nights: int, seed: int = 1, write: str = "bulk", quiet: bool = False) -> dict:
    """Create the synthetic ledger at ``db``; returns the counts and the seconds it took."""
    from ledger.store.service import Ledger

    path = Path(db)
    if path.exists():
        raise SystemExit(f"{db} exists: the synthetic ledger is written into a new file")
    t0 = time.perf_counter()
    ledger = Ledger(str(path))
    docs = generate(nights, seed)
    counts = (write_bulk if write == "bulk" else write_store)(ledger, docs)
    counts["seconds"] = round(time.perf_counter() - t0, 1)
    if not quiet:
        print(f"{counts['nights']} nights, {counts['matches']} matches, {counts['hands']} live hands "
              f"written to {db} in {counts['seconds']} s ({write})")
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("db", help="the new ledger file")
    ap.add_argument("--nights", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", choices=("bulk", "store"), default="bulk")
    args = ap.parse_args()
    build(args.db, args.nights, args.seed, args.write)


if __name__ == "__main__":
    main()
