"""A hand document's ``sides`` object and its closer, read the same way by the games that key a
hand by side (Burraco, Canasta, Trentasette, Tressette; FORMATS.md): each side given once under a
key that ``resolve`` names (a match's side or one of its players, or a lone document's own key),
every side of a match there, and ``closed_by`` naming one of the hand's sides or nobody.

Each game keeps its own messages (their codes are what programs match, ``--json``), and its own
checks of how many sides a hand has. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDoc, JsonValue
from ledger.games.match_setup import Resolve
from ledger.i18n import Msg


def sides_by_name(raw: JsonDoc, resolve: Resolve, expected: Sequence[str] | None,
                  twice: Callable[[str], Msg], missing: Callable[[str], Msg]) -> dict[str, tuple[str, JsonValue]]:
    """``raw``, a document's ``sides`` → side name → (its key in the document, its value), in
    the document's order.

    Raises ``LedgerError``: whatever ``resolve`` raises for a key that names no side (on
    ``sides.KEY``); ``twice(side)`` on ``sides.KEY`` for a key naming a side already given;
    ``missing(side)`` on ``sides.SIDE`` for the first of ``expected`` (a match's sides) not given.
    """
    sides: dict[str, tuple[str, JsonValue]] = {}
    for key, value in raw.items():
        name = resolve(key, f"sides.{key}")
        if name in sides:
            raise LedgerError(twice(name), f"sides.{key}", key)
        sides[name] = (key, value)
    for side in expected or ():
        if side not in sides:
            raise LedgerError(missing(side), f"sides.{side}", None)
    return sides


def closer_of(doc: JsonDoc, resolve: Resolve, sides: Collection[str], nobody: Collection[str],
              missing: Msg, not_a_side: Callable[[object], Msg]) -> str | None:
    """``closed_by`` of ``doc`` (required): the side among ``sides`` that closed, or None when
    nobody did (null, or one of the ``nobody`` words, case-folded).

    Raises ``LedgerError`` on ``closed_by``: ``missing`` when it is absent, what ``resolve``
    raises for a name of no side, ``not_a_side(value)`` for a side the hand does not have.
    """
    if "closed_by" not in doc:
        raise LedgerError(missing, "closed_by", None)
    value = doc["closed_by"]
    if value is None or (isinstance(value, str) and value.strip().casefold() in nobody):
        return None
    name = resolve(value, "closed_by")
    if name not in sides:
        raise LedgerError(not_a_side(value), "closed_by", value)
    return name
