"""The types of the JSON boundary of the games: the documents people and stored rows give a game
(FORMATS.md), and the objects a game writes back, are JSON whose shape only a game's own
reading checks; so their values are ``Any`` here, in one place, and everything a game reads from
them into its own values (hands, states, results, seats, sides) has its real type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

JsonValue = Any
"""A value as ``json`` reads one (None, bool, int, float, str, list, dict) before a game has
read it: what a key of a document holds, or what a field of the hand form takes."""

JsonDoc = Mapping[str, JsonValue]
"""A JSON object read, not changed: a hand or match document, a stored ``hand.result``."""

JsonDict = dict[str, JsonValue]
"""A JSON object made: a document being built, a record's ``to_json()``, a game's options."""
