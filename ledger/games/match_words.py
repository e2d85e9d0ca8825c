"""A new match as typed: its players, sides and options in the words of ``ledger match new``
(``--players Anna,Bruno``, ``--side Noi=Anna,Carla``, ``--option stake=0.50``), read alike by the
CLI and by the scorekeeper's page (ledger/web/keeper.py). Errors are ``LedgerError`` on the field
(``option``, ``side``); the game checks the values (:meth:`ledger.games.base.Game.setup`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict
from ledger.i18n import t


def parse_options(items: Sequence[str]) -> JsonDict:
    """``["lives=3", "stake=0.50", "reentry=yes"]`` → a dict; numbers stay text for the game to read
    unless they are plain integers; ``true``/``false`` become booleans."""
    out: JsonDict = {}
    for item in items:
        if "=" not in item:
            raise LedgerError(t("input.expected_option", "expected KEY=VALUE, got {item!r}", item=item), "option", item)
        k, v = (x.strip() for x in item.split("=", 1))
        k = k.replace("-", "_")
        if re.fullmatch(r"-?\d{1,18}", v):  # longer digit strings stay text: the game refuses them
            out[k] = int(v)
        elif v.lower() in ("true", "false"):
            out[k] = v.lower() == "true"
        elif v.lower() in ("null", "none", ""):
            out[k] = None
        else:
            out[k] = v
    return out


def parse_sides(items: Sequence[str]) -> dict[str, list[str]]:
    """``["Noi=Anna,Carla", "Voi=Bruno,Dario"]`` → ``{"Noi": ["Anna", "Carla"], ...}``."""
    out: dict[str, list[str]] = {}
    for item in items:
        if "=" not in item:
            raise LedgerError(t("input.expected_side", "expected NAME=PLAYER,PLAYER, got {item!r}", item=item), "side", item)
        name, members = item.split("=", 1)
        out[name.strip()] = [m.strip() for m in members.split(",") if m.strip()]
    return out


def parse_players(text: str | None) -> list[str] | None:
    """``"Anna, Bruno ,Carla"`` → ``["Anna", "Bruno", "Carla"]``; None stays None."""
    if text is None:
        return None
    return [p.strip() for p in re.split(r"\s*,\s*", text.strip()) if p.strip()]
