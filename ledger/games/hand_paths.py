"""Values put at the paths of a hand document as the words typed are read into it
(:mod:`ledger.games.declare`): a value at ``sides.Anna.denari`` (each key once: a value given again
must agree), a copy of a document with one answer in it, a value typed after ``Name.key=``, and a
``KEY=VALUE`` word whose inner commas belong to its value. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ledger.errors import LedgerError
from ledger.i18n import t

JsonValue = Any
"""A value of a hand document: what ``json.loads`` gives."""


def scalar(text: str) -> JsonValue:
    """A value typed after ``Name.key=``: a whole number, yes/no, or the text itself."""
    from ledger.games.parsing import as_bool, as_int

    try:
        return as_int(text, "entry")
    except LedgerError:
        pass
    try:
        return as_bool(text, "entry")
    except LedgerError:
        return text


def set_at(doc: Mapping[str, Any], keys: Sequence[str], value: JsonValue) -> dict[str, Any]:
    """A copy of ``doc`` with ``value`` at ``keys`` (the objects on the way copied, a side's other
    keys kept: an object answered for a side is laid over what the side already has)."""
    out = dict(doc)
    head, rest = keys[0], keys[1:]
    old = out.get(head)
    if rest:
        out[head] = set_at(old if isinstance(old, Mapping) else {}, rest, value)
    else:
        out[head] = {**old, **value} if isinstance(old, Mapping) and isinstance(value, Mapping) else value
    return out


_KEEP, UNKEEP = str.maketrans(",", "\ue000"), str.maketrans("\ue000", ",")  # not a space to str.split


def kept_whole(token: str) -> str:
    """A ``KEY=VALUE`` word as the shell gave it with its inner commas hidden from the cut into
    parts (a trailing one still cuts, and so does every ``;``); any other word as it is."""
    if "=" not in token.split(" ", 1)[0] or token.startswith("="):
        return token
    body = token.rstrip(", ")
    return body.translate(_KEEP) + token[len(body):]


def put_at(doc: dict[str, Any], keys: list[str], value: JsonValue, part: str) -> None:
    """``doc[k1][k2]... = value``; an earlier part that gave another value is a ``LedgerError``."""
    at = doc
    for k in keys[:-1]:
        inner = at.setdefault(k, {})
        if not isinstance(inner, dict):
            at[k] = inner = {}
        at = inner
    last = keys[-1]
    if last in at and at[last] != value:
        if isinstance(at[last], dict) and isinstance(value, dict):
            for k, v in value.items():  # each key once: a value given again must agree
                put_at(doc, [*keys, k], v, part)
            return
        raise LedgerError(t("entry.contradicts", "{part!r} contradicts an earlier part ({key} {earlier!r})",
                            part=part, key=last, earlier=at[last]), ".".join(keys), part)
    at[last] = value
