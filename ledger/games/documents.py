"""Match documents (FORMATS.md): reading one, replaying it, and the JSON that ``replay`` prints.

Pure like the scorers: a match document is a plain dict; nothing here touches the ledger. The
store imports these to import and export matches; ``ledger replay`` uses them without opening a
ledger at all.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import MatchSetup, Replay, replay


def replay_json(rp: Replay, docs: Sequence[Mapping] | None = None) -> dict:
    """What ``replay --json`` prints: the final state's fields, then every hand's result and totals."""
    doc = {"game": rp.setup.game, "rules": rp.setup.rules}
    doc.update(rp.final.to_json())
    doc["hands"] = [
        {"number": i + 1, "result": res.to_json(), "totals": dict(st.totals)}
        for i, (res, st) in enumerate(zip(rp.results, rp.states))
    ]
    return doc


# the fields a match document may have (FORMATS.md, and what an export adds: docs/formats.md)
MATCH_KEYS = frozenset({"game", "rules", "players", "sides", "options", "hands", "ended_early", "night",
                        "night_label", "created_at", "note", "stored"})


def replay_document(doc: object) -> tuple[MatchSetup, Replay]:
    """Read a match document and replay its live hands; errors name hands by their index in the
    document's ``hands`` list (voided hands included)."""
    setup, live, all_hands = read_match_document(doc)
    live_at = [i for i, h in enumerate(all_hands) if not h.get("voided")]
    try:
        return setup, replay(get_game(setup.game), setup, live)
    except LedgerError as err:
        raise _reindex(err, live_at) from None


def read_match_document(doc: object) -> tuple[MatchSetup, list[dict], list[dict]]:
    """Read a match document (FORMATS.md): its setup, its live hands, and all its hands.

    Raises ``LedgerError`` naming the field for anything missing or wrong.
    """
    if not isinstance(doc, Mapping):
        raise LedgerError("a match document must be a JSON object", "document", None)
    game = get_game(doc.get("game"))
    for key in doc:
        if key not in MATCH_KEYS:
            raise LedgerError(f"unknown field {key!r}", key, doc[key])
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        raise LedgerError("expected a list of hands", "hands", hands)
    for i, h in enumerate(hands):
        if not isinstance(h, Mapping):
            raise LedgerError("a hand must be a JSON object", f"hands[{i}]", h)
    ended = doc.get("ended_early", False)
    if not isinstance(ended, bool):
        raise LedgerError("expected true or false", "ended_early", ended)
    options = doc.get("options") or {}
    if not isinstance(options, Mapping):
        raise LedgerError("expected an object", "options", options)
    setup = game.setup(doc.get("rules"), doc.get("players"), doc.get("sides"), options, ended_early=ended)
    # a backup's "stored" bookkeeping (docs/formats.md) is not part of the hand as scored
    live = [{k: v for k, v in h.items() if k != "stored"} for h in hands if not h.get("voided")]
    return setup, live, [dict(h) for h in hands]


def _reindex(err: LedgerError, at: Sequence[int]) -> LedgerError:
    """``hands[i]`` counted among live hands → the same hand's index among all hands."""
    m = re.match(r"hands\[(\d+)\](.*)", err.field)
    if not m or int(m.group(1)) >= len(at):
        return err
    return LedgerError(err.message, f"hands[{at[int(m.group(1))]}]{m.group(2)}", err.value)
