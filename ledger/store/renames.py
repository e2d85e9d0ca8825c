"""A player's rename carried into the JSON the ledger stores (hand documents, results, states,
a match's winner, options and summary): the name swapped where it is a name, never where it is
a field's.
"""

from __future__ import annotations

from typing import Any


def swap_summary(summary: Any, old: str, new: str) -> Any:
    """A match summary after a rename: names swapped where names are (totals, winner, the facts'
    players and money), never in the names of the fields or counters."""
    if not isinstance(summary, dict):
        return swap_name(summary, old, new)
    out = {k: (v if k == "stats" else swap_name(v, old, new, False)) for k, v in summary.items()}
    facts = summary.get("stats")
    if isinstance(facts, dict):
        def keys(d: Any) -> Any:
            return {swap_name(k, old, new): v for k, v in d.items()} if isinstance(d, dict) else d

        money, sides = facts.get("money"), facts.get("sides")
        out["stats"] = {**facts, "winner": swap_name(facts.get("winner"), old, new),
                        "sides": swap_name(sides, old, new, False),  # side names and members: all names
                        "players": keys(facts.get("players")),
                        "money": {**money, "nets": keys(money.get("nets"))} if isinstance(money, dict) else money}
    return out


def swap_name(value: Any, old: str, new: str, top: bool = True) -> Any:
    """``value`` (JSON) with every key or string that is the name ``old`` (in any letter case)
    replaced by ``new``; everything else as it was. The keys of the outermost object are field
    names (``hands``, ``sides``, ``knocked_by``), never a player's, and are left alone."""
    key = old.casefold()
    if isinstance(value, str):
        return new if value.strip().casefold() == key else value
    if isinstance(value, list):
        return [swap_name(v, old, new, False) for v in value]
    if isinstance(value, dict):
        return {(k if top else swap_name(k, old, new, False)): swap_name(v, old, new, False)
                for k, v in value.items()}
    return value
