"""The one error type that user input can raise, shared by every layer.

A ``LedgerError`` carries a one-line message that names the field and the value at fault; the CLI
prints it on standard error and exits with code 2, writing nothing (DESIGN.md, "What a user can
count on").
"""

from __future__ import annotations

from typing import Any


class LedgerError(ValueError):
    """Bad input: a wrong card, an impossible count, a missing or unknown field.

    ``field`` is the dotted path of the offending field in the hand or match document (e.g.
    ``sides.Anna``), or ``""`` when the error is not about one field. ``str(err)`` is the
    one-line message shown to the user.
    """

    def __init__(self, message: str, field: str = "", value: Any = None):
        self.field = field
        self.value = value
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)

    def at(self, prefix: str) -> "LedgerError":
        """Return the same error with ``prefix`` put before its field path (e.g. ``hands[3]``)."""
        if not prefix:
            return self
        field = f"{prefix}.{self.field}" if self.field else prefix
        return LedgerError(self.message, field, self.value)


def fail(field: str, message: str, value: Any = None) -> LedgerError:
    """Build a ``LedgerError`` for ``field`` (a helper so callers can ``raise fail(...)``)."""
    return LedgerError(message, field, value)
