"""The one error type that user input can raise, shared by every layer.

A ``LedgerError`` carries a message (:class:`ledger.i18n.Msg`: a code, the English text, the
parameters), the field and the value at fault; the CLI prints it in the user's language on
standard error, one line, and exits with code 2, writing nothing (DESIGN.md, "What a user can
count on"). Programs read its code, field and value (``--json`` outputs), the same in every
language.
"""

from __future__ import annotations

from typing import Any

from ledger.i18n import Msg


class LedgerError(ValueError):
    """Bad input: a wrong card, an impossible count, a missing or unknown field.

    - ``msg``: what is wrong, as a message (``str(err.msg)`` in the language in use); a plain
      string is taken as an English text without a code.
    - ``field``: the dotted path of the offending field in the hand or match document (e.g.
      ``sides.Anna``), or ``""`` when the error is not about one field.
    - ``value``: the value at fault (JSON-ready), or None.

    ``str(err)`` is the one line shown to the user, ``FIELD: message``, in the language in use.
    """

    def __init__(self, message: Msg | str, field: str = "", value: Any = None):
        self.msg = message if isinstance(message, Msg) else Msg("", message)
        self.field = field
        self.value = value
        super().__init__(field, message)

    @property
    def code(self) -> str:
        """The message's identifier (``card.unknown``): what programs match on."""
        return self.msg.code

    @property
    def message(self) -> str:
        """The message alone, without the field, in the language in use."""
        return str(self.msg)

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message

    def at(self, prefix: str) -> "LedgerError":
        """Return the same error with ``prefix`` put before its field path (e.g. ``hands[3]``)."""
        if not prefix:
            return self
        field = f"{prefix}.{self.field}" if self.field else prefix
        return LedgerError(self.msg, field, self.value)

    def moved(self, field: str) -> "LedgerError":
        """The same error about another field path (a document's field as the user wrote it)."""
        return LedgerError(self.msg, field, self.value)


def fail(field: str, message: Msg | str, value: Any = None) -> LedgerError:
    """Build a ``LedgerError`` for ``field`` (a helper so callers can ``raise fail(...)``)."""
    return LedgerError(message, field, value)
