"""How a typed value of a declared field is read: the field's own reading, its words, then each
of its kinds (a count, a flag, a player or side, players, cards, a choice, text), the error of
the kind the text looks like when none fits. Used by :meth:`ledger.games.declare.HandForm.value`
(the words typed at the table, the answers to questions and the phone form's inputs)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable

from ledger.errors import LedgerError
from ledger.games.fields import Field, JsonValue, Kind, Who
from ledger.games.fields import fold as _fold
from ledger.games.match_setup import Resolve
from ledger.games.suggest import nearest
from ledger.i18n import t

NUMERIC = re.compile(r"[+-]?[\d.,]+")
"""A text that is a number as typed (``12``, ``-3``, ``1,50``)."""


def typed_value(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    """A typed value of field ``f`` as the document holds it, tried as the field's own reading,
    its words, then its kinds in order; ``LedgerError`` on ``path`` when none fits (the last
    kind's reason, or a list of the words it takes)."""
    text = " ".join(text.split())
    folded = _fold(text)
    for said in f.values:
        if folded in {_fold(w) for w in said.words}:
            return copy.deepcopy(said.value)  # the document's own, never the declaration's
    if f.read is not None:
        got = f.read(text, path)
        if got is not None:
            return got
    errors: dict[Kind, LedgerError] = {}
    for kind in f.kinds:
        try:
            return KINDS[kind](f, text, path, who, resolve_player)
        except LedgerError as refused:
            errors[kind] = refused
    if f.values and nearest(text, [w for said in f.values for w in said.words]) is not None:
        return unknown_word(f, text, path)  # a word of the field's, mistyped
    numeric = bool(NUMERIC.fullmatch(text))
    for kind, why in errors.items():  # the reason of the kind the text looks like
        if (kind is Kind.COUNT) == numeric and not (f.values and kind is Kind.CARDS and " " not in text):
            raise why
    if f.values or not errors:
        return unknown_word(f, text, path)
    raise next(iter(errors.values()))


def unknown_word(f: Field, text: str, path: str) -> JsonValue:
    """``LedgerError`` on ``path`` for ``text``, not one of the words of field ``f``: the nearest
    word, or the list of the field's words in the language in use."""
    words = [w for said in f.values for w in said.words]
    near = nearest(text, words)
    if near is not None:
        msg = t("entry.value_near", "{value!r}: did you mean {word!r}?", value=text, word=near)
    else:  # each value by its word in the language in use ('nessuno'), not by all its spellings
        shown = [str(said.shown) if said.shown is not None else said.words[0] for said in f.values if said.words]
        msg = t("entry.value_unknown", "{value!r} is not one of: {words}", value=text, words=", ".join(shown))
    raise LedgerError(msg, path, text)


# --- reading each kind of value --------------------------------------------------------------------
def _count(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    from ledger.games.parsing import as_int

    return as_int(text, path, f.lo, f.hi)


def _flag(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    from ledger.games.parsing import as_bool

    return as_bool(text, path)


def _player(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    return resolve_player(text, path)


def _side(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    return who.resolve(text, path)


_AND = re.compile(r"\s*(?:,|&|\+|\band\b|\be\b|\bed\b)\s*|\s+", re.IGNORECASE)


def _players(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    """``Giulia e Sara``, ``Giulia, Sara``, ``Giulia & Sara`` → ``["Giulia", "Sara"]`` (a name
    of two words is tried whole first)."""
    try:
        return [resolve_player(text, path)]
    except LedgerError:
        pass
    names = [n for n in _AND.split(text) if n]
    if not names:
        raise LedgerError(t("entry.no_names", "give one or more players"), path, text)
    return [resolve_player(n, path) for n in names]


def _cards(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    from ledger.cards import parse_cards

    parse_cards(text, path, italian=True)  # a card that cannot be read is named here, at once
    return text


def _choice(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    return unknown_word(f, text, path)


def _text(f: Field, text: str, path: str, who: Who, resolve_player: Resolve) -> JsonValue:
    return text


KINDS: dict[Kind, Callable[[Field, str, str, Who, Resolve], JsonValue]] = {
    Kind.COUNT: _count, Kind.FLAG: _flag, Kind.PLAYER: _player, Kind.SIDE: _side, Kind.PLAYERS: _players,
    Kind.CARDS: _cards, Kind.CHOICE: _choice, Kind.TEXT: _text,
}
