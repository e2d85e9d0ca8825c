"""The games' replay of an import, in one process (issue 17): per game, the time to replay every
match of a whole-ledger export (``replay_document``) and write each live hand's result and state as
the import stores them (``json_text``), best of ``--runs``.

    python bench/replay.py EXPORT [--runs 3] [--game trentasette] [--profile]

Prints one line a game: its matches, live hands, the best time and µs a hand. The export is read
once; the clock is ``time.process_time`` (CPU time: the machine is shared) around the replay of
that game's matches only.
"""

from __future__ import annotations

import argparse
import collections
import json
import time


def replay_all(docs: list) -> int:
    """Replay ``docs`` and write every live hand's result and state; the number of live hands."""
    from ledger.games.documents import replay_document
    from ledger.games.record import json_text

    n = 0
    for doc in docs:
        _setup, rp = replay_document(doc)
        for k, res in enumerate(rp.results):
            json_text(res.json_value)
            json_text(rp.state_after(k).json_value)
        n += len(rp.results)
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--profile", action="store_true", help="cProfile one run of the games chosen, by tottime")
    args = ap.parse_args()
    with open(args.export, encoding="utf-8") as f:
        matches = json.load(f)["matches"]
    by_game: dict[str, list] = collections.defaultdict(list)
    for m in matches:
        if not args.game or m["game"] in args.game:
            by_game[m["game"]].append(m)
    if args.profile:
        import cProfile
        import pstats

        docs = [m for ms in by_game.values() for m in ms]
        cProfile.runctx("replay_all(docs)", globals(), {"docs": docs}, "/tmp/replay.prof")
        pstats.Stats("/tmp/replay.prof").sort_stats("tottime").print_stats(35)
        return
    total_s, total_n = 0.0, 0
    for game, docs in sorted(by_game.items()):
        best, n = float("inf"), 0
        for _ in range(args.runs):
            t0 = time.process_time()
            n = replay_all(docs)
            best = min(best, time.process_time() - t0)
        total_s, total_n = total_s + best, total_n + n
        print(f"{game:12} {len(docs):5} matches {n:6} hands {best * 1000:8.1f} ms {best / n * 1e6:7.1f} µs a hand")
    print(f"{'all':12} {sum(map(len, by_game.values())):5} matches {total_n:6} hands {total_s * 1000:8.1f} ms "
          f"{total_s / total_n * 1e6:7.1f} µs a hand")


if __name__ == "__main__":
    main()
