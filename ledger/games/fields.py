"""What a declared hand is made of (:mod:`ledger.games.declare`): each :class:`Field` of a hand
document, whose it is (:class:`Per`), the kinds its value takes (:class:`Kind`), the values said
in words (:class:`Said`), the sides or players it is asked for (:class:`Who`) and a question for
what is missing (:class:`Question`). Pure data: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from enum import Enum

from ledger.games.jsontypes import JsonDict, JsonValue as JsonValue
from ledger.games.match_setup import Resolve
from ledger.i18n import LANGUAGES, Msg


class Per(Enum):
    """Whose a field is: one value for the hand, one per side, or one per player."""

    HAND = "hand"
    SIDE = "side"
    PLAYER = "player"


class Kind(Enum):
    """What a value is. A field may take several (:attr:`Field.kinds`), tried in order."""

    CARDS = "cards"      # a card list, kept as typed (the game reads it with its deck)
    COUNT = "count"      # a whole number within the field's lo..hi
    FLAG = "flag"        # yes or no
    PLAYER = "player"    # one player of the match
    PLAYERS = "players"  # one or more players of the match ("Giulia e Sara")
    SIDE = "side"        # one side of the match (a player, in an each-for-self game)
    CHOICE = "choice"    # one of the field's :attr:`Field.values`
    TEXT = "text"        # free text, kept as typed


@dataclass(frozen=True)
class Said:
    """A value said in words: ``value`` (JSON) and every way it is typed, in any language
    (``Said("rest", ("rest", "resto", "il resto"))``, ``Said({"opened": False}, ("not opened",
    "non ha aperto", "non aperto"))``). ``shown``: its word in the language in use (a message),
    where a form shows the value as a button; None: its first word."""

    value: JsonValue
    words: tuple[str, ...]
    shown: Msg | None = None


@dataclass(frozen=True)
class Field:
    """One field of a hand document.

    - ``key``: its name in the document (``closed_by``; for a per-side or per-player field the
      object that holds one value per side or player: ``others``).
    - ``name``: what people call it, a message (``t("scala40.field.others", "cards left or
      penalty")``): error labels, questions and the docs' table use it.
    - ``kinds``: the forms its value may take, tried in this order on a typed word.
    - ``per``: :class:`Per`. ``required``: a complete hand has it (for each side or player that
      :meth:`ledger.games.protocol.Game.entry_who` names, when per side or player).
    - ``lo``, ``hi``: the range of a count. ``values``: constants said in words (:class:`Said`).
    - ``words``: words that name the field when typed (``chiude``, ``closed``, ``in mano``).
      For a ``FLAG`` a word alone sets it; for a ``PLAYER`` or ``SIDE`` field the word goes before
      or after the name (``chiude Anna``, ``Anna closed``).
    - ``ask``: the question for it (a message with ``{who}`` for a per-side or per-player
      field); default: its name. ``example``: what an answer looks like (``JK AS 7H or 34``).
    - ``default``: the value of an optional field left out, as typed (``""`` for none: the field
      stays out of the document); None: no default (a required field).
    - ``read``: the game's own reading of a typed value, ``(text, path) -> JSON``, tried before
      the kinds (a count phrase such as ``3 assi 12 figure``); it raises ``LedgerError`` or returns
      None when the text is not its form.
    - ``within``: for a per-side or per-player field that is one part of each side's object, the
      key of the object holding them (``within="sides"``: Burraco's ``sides.NS.pozzetto``); None:
      the field's own object of one value per side (``others.Bruno``).
    - ``counted_key``: the key a whole number of this field is kept under, when its other values
      (cards) have the field's own key (``melded_points`` for ``melded``: ``310`` or ``KH KD KC``).
    - ``item``: the n-th element of the field's list in an error's label, a message with ``{n}``
      (``burraco {n}``: ``sides.NS.burraco[1]`` → ``NS, burrachi, burraco 2``); None: a card.
    """

    key: str
    name: Msg
    kinds: tuple[Kind, ...]
    per: Per = Per.HAND
    required: bool = True
    lo: int | None = None
    hi: int | None = None
    values: tuple[Said, ...] = ()
    words: tuple[str, ...] = ()
    ask: Msg | None = None
    example: str = ""
    default: str | None = None
    read: Reader | None = None
    within: str | None = None
    counted_key: str | None = None
    item: Msg | None = None

    def path(self, name: str | None, value: JsonValue = None) -> list[str]:
        """Where this field's ``value`` (of side or player ``name``) sits in the document, as keys:
        ``[key]`` (a hand field), ``[key, name]``, or ``[within, name, key]`` for a part of each
        side's object; a whole number of a field with a ``counted_key`` sits under that key."""
        counted = isinstance(value, int) and not isinstance(value, bool)
        key = self.counted_key if self.counted_key is not None and counted else self.key
        if name is None or self.per is Per.HAND:
            return [key]
        return [self.within, name, key] if self.within else [key, name]

    def spellings(self) -> frozenset[str]:
        """Every word that names the field, folded: its key (and counted key), its name in each
        language, its words (worked out once a field: every word typed is looked up here)."""
        return self._spellings

    @cached_property
    def _spellings(self) -> frozenset[str]:
        names = {self.key, self.key.replace("_", " "), *self.words, *([self.counted_key] if self.counted_key else [])}
        names.update(self.name.render(lang) for lang in LANGUAGES)
        return frozenset(fold(n) for n in names)


@dataclass(frozen=True)
class Who:
    """The sides or players a hand's per-side or per-player fields are asked for, and how names
    resolve: ``names`` in order (players still in, sides, the others of a closer ...), ``resolve``
    a name typed → the name as the match spells it (``LedgerError`` on the path for none)."""

    names: tuple[str, ...]
    resolve: Resolve


Reader = Callable[[str, str], JsonValue]
"""A game's own reading of a typed value (:attr:`Field.read`): ``read(text, path)`` is the JSON
value the text says, None when the text is not its form; ``LedgerError`` on ``path``."""

Answer = Callable[[JsonDict, str], JsonDict]
"""How a question's answer enters the hand: ``answer(doc, text)`` is ``doc`` with ``text`` read in."""


@dataclass(frozen=True)
class Question:
    """One thing to ask (:class:`ledger.games.declare.Question`'s shape: ``key``, ``text``,
    ``answer(doc, text) -> doc``, ``choices``, ``default``)."""

    key: str
    text: str
    answer: Answer
    choices: tuple[str, ...] = ()
    default: str | None = None


def fold(text: str) -> str:
    return " ".join(str(text).replace("_", " ").split()).casefold()
