"""The one error type that user input can raise, shared by every layer.

A ``LedgerError`` carries a message (:class:`ledger.i18n.Msg`: a code, the English text, the
parameters), the field and the value at fault; the CLI prints it in the user's language on
standard error, one line, and exits with code 2, writing nothing (DESIGN.md, "What a user can
count on"). Programs read its code, field and value (``--json`` outputs), the same in every
language.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ledger.i18n import Msg, t


class LedgerError(ValueError):
    """Bad input: a wrong card, an impossible count, a missing or unknown field.

    - ``msg``: what is wrong, as a message (``str(err.msg)`` in the language in use); a plain
      string is taken as an English text without a code.
    - ``field``: the dotted path of the offending field in the hand or match document (e.g.
      ``sides.Anna``), or ``""`` when the error is not about one field.
    - ``value``: the value at fault (JSON-ready), or None.
    - ``path``: the field's path inside the hand document it is about (``sides.Anna``), whatever
      ``field`` puts before it to say where that hand is (``hand 8: sides.Anna``, ``hands[7].sides.Anna``):
      what the CLI reads to ask the refused item again. ``field`` itself when nothing was put before it.

    ``str(err)`` is the one line shown to the user, ``FIELD: message``, in the language in use.
    """

    def __init__(self, message: Msg | str, field: str = "", value: Any = None, path: str | None = None):
        self.msg = message if isinstance(message, Msg) else Msg("", message)
        self.field = field
        self.value = value
        self.path = field if path is None else path
        super().__init__(field, message)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as it was made: its message (with its code), field, value and path."""
        return type(self), (self.msg, self.field, self.value, self.path)

    @property
    def code(self) -> str:
        """The message's identifier (``card.unknown``): what programs match on."""
        return self.msg.code

    @property
    def message(self) -> str:
        """The message alone, without the field, in the language in use."""
        return str(self.msg)

    def __str__(self) -> str:
        return f"{shown_field(self.field)}: {self.message}" if self.field else self.message

    def for_programs(self) -> str:
        """The line as ``--json`` shows it: the field by its path in the document (``others.Bruno[2]``)."""
        return f"{shown_field(self.field, labelled=False)}: {self.message}" if self.field else self.message

    def at(self, prefix: str) -> "LedgerError":
        """Return the same error with ``prefix`` put before its field path (e.g. ``hands[3]``)."""
        if not prefix:
            return self
        field = f"{prefix}.{self.field}" if self.field else prefix
        return LedgerError(self.msg, field, self.value, self.path)

    def in_hand(self, number: int, why: Msg | None = None) -> "LedgerError":
        """The same error said of hand ``number`` (1-based) of a match, for people entering hands
        one by one: its field ``hand 4: sides.Anna`` (``hand 4`` alone for none), its
        :attr:`path` still ``sides.Anna``; with ``why`` (a correction broke a later hand), the
        message prefixed by it."""
        field = f"hand {number}" + (f": {self.field}" if self.field else "")
        msg = t("store.why_error", "{why}: {error}", why=why, error=self.msg) if why else self.msg
        return LedgerError(msg, field, self.value, self.path)

    def moved(self, field: str) -> "LedgerError":
        """The same error about another field path (a document's field as the user wrote it)."""
        return LedgerError(self.msg, field, self.value)


_AT_HAND = re.compile(r"hand (\d+)(?=: |$)")


_LABELS: ContextVar[Callable[[str], str | None] | None] = ContextVar("ledger_hand_labels", default=None)


def use_labels(words: Callable[[str], str | None] | None) -> None:
    """Errors shown from now on (in this context) name their field with ``words(path)`` where it
    gives a text: the declared hand of the game at hand (:func:`ledger.games.declare.labelling`);
    None: by their paths."""
    _LABELS.set(words)


@contextmanager
def match_settings() -> Iterator[None]:
    """Errors raised inside are about a match's settings (its players, sides, rule set and options),
    not about a hand: shown with the match's words (:func:`match_field`: ``players`` / ``giocatori``)
    even where a field of the game's declared hand has the same path (Sette e mezzo's per-player
    ``players``, its stake and hand). The hand's words are given back when nothing is raised."""
    try:
        yield
    except LedgerError:
        use_labels(None)
        raise


def shown_field(field: str, labelled: bool = True) -> str:
    """A field path as the error line shows it: in the words of the declared hand in use
    (:func:`ledger.games.declare.label`: ``others.Bruno[2]`` → ``Bruno, 3ª carta``) when it has
    them and ``labelled``, else the path itself (the document's own names, the same in every
    language: what ``--json`` errors show), with the hand it is in said in the language
    (``hand 4: sides.Anna`` → ``mano 4: sides.Anna``). Programs read ``field`` as it is."""
    words = _LABELS.get()

    def label(path: str) -> str | None:
        return words(path) if labelled and words is not None else None

    m = _AT_HAND.match(field)
    rest = field[m.end() + 2:] if m and field[m.end():].startswith(": ") else None
    if not m:
        return label(field) or match_field(field) or field
    if rest is not None:
        return str(t("error.at_hand", "hand {hand}", hand=m.group(1))) + ": " + (label(rest) or match_field(rest) or rest)
    return str(t("error.at_hand", "hand {hand}", hand=m.group(1))) + field[m.end():]


def match_field(field: str) -> str | None:
    """A match's setting named in words, in the language in use, or None for another path:
    ``options.stake`` → ``option posta`` (its name: :mod:`ledger.games.option_words`),
    ``players`` (or one of them, ``players[2]``) → ``players`` / ``giocatori``, ``hand`` →
    ``hand`` / ``mano``, ``rules`` → ``rules`` / ``variante``, a word of a hand typed
    ``entry.Marko`` → ``hand, Marko`` / ``mano, Marko``."""
    if field.startswith("options.") and "." not in field[8:]:
        from ledger.games.option_words import option_name

        return str(t("error.option_field", "option {name}", name=option_name(field[8:])))
    if field.startswith("entry.") and "." not in field[6:]:  # a KEY=VALUE word of a hand typed
        return str(t("error.entry_field", "hand, {key}", key=field[6:]))
    # one of the players (players[2]): the message names which
    word = _MATCH_FIELDS.get(field.partition("[")[0] if field.endswith("]") else field)
    return None if word is None else str(word())


_MATCH_FIELDS = {
    "match": lambda: t("error.field_match", "match"),
    "hand": lambda: t("error.field_hand", "hand"),
    "players": lambda: t("error.field_players", "players"),
    "sides": lambda: t("error.field_sides", "sides"),
    "side": lambda: t("error.field_side", "side"),
    "rules": lambda: t("error.field_rules", "rules"),
    "game": lambda: t("error.field_game", "game"),
    "option": lambda: t("error.field_option", "option"),
    "night": lambda: t("error.field_night", "night"),
    "entry": lambda: t("error.field_entry", "hand"),
    "ending": lambda: t("error.field_ending", "end of the hand"),  # Trentuno's question: knock, 31, widow
}


def fail(field: str, message: Msg | str, value: Any = None) -> LedgerError:
    """Build a ``LedgerError`` for ``field`` (a helper so callers can ``raise fail(...)``)."""
    return LedgerError(message, field, value)


_OS_REASONS = {
    errno.ENOENT: lambda: t("os.no_such_file", "no such file or folder"),
    errno.EACCES: lambda: t("os.permission", "permission denied"),
    errno.EPERM: lambda: t("os.permission", "permission denied"),
    errno.EISDIR: lambda: t("os.is_a_folder", "it is a folder"),
    errno.ENOTDIR: lambda: t("os.not_a_folder", "a part of the path is not a folder"),
    errno.ENOSPC: lambda: t("os.disk_full", "no space left on the disk"),
    errno.EROFS: lambda: t("os.read_only", "the disk is read-only"),
    errno.EEXIST: lambda: t("os.exists", "it exists already"),
    errno.EFBIG: lambda: t("os.too_big", "the file is too large"),
    errno.EADDRINUSE: lambda: t("os.address_in_use", "the address is already in use"),
    errno.EADDRNOTAVAIL: lambda: t("os.address_not_here", "the address is not available"),
}


def os_reason(err: BaseException) -> Msg | str:
    """Why the system refused (an ``OSError``), in the language in use for the common reasons
    (``ENOENT`` → "no such file or folder"), else the system's own words (``strerror``)."""
    word = _OS_REASONS.get(getattr(err, "errno", None) or -1)
    return word() if word else str(getattr(err, "strerror", None) or err)
