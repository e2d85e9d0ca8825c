"""Near misses: the known word nearest to a mistyped one, for errors that say what was meant.

``nearest("lsat", ["last", "table", "Anna"])`` → ``"last"``; ``did_you_mean("lsat", [...])`` →
``" (did you mean 'last'?)"``, ready to end an error message. Case is ignored in the comparison
and the candidate is returned as it is spelled. Pure: no I/O.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from ledger.i18n import Msg, t

# how alike two words must be (difflib's ratio) to suggest one for the other
CUTOFF = 0.6


def nearest(word: object, candidates: Iterable[str]) -> str | None:
    """The candidate closest to ``word`` (ignoring case), or None when none is close or ``word``
    is not text."""
    if not isinstance(word, str) or not word.strip():
        return None
    by_key: dict[str, str] = {}
    for c in candidates:
        by_key.setdefault(c.casefold(), c)
    found = difflib.get_close_matches(word.strip().casefold(), list(by_key), n=1, cutoff=CUTOFF)
    return by_key[found[0]] if found else None


def did_you_mean(word: object, candidates: Iterable[str], otherwise: Msg | str = "") -> Msg | str:
    """``" (did you mean 'last'?)"`` for the nearest candidate (a message, shown in the language
    in use: a parameter of the error's message), else ``otherwise`` (e.g. a list of what is known:
    ``" (sides: NS, EW)"``)."""
    near = nearest(word, candidates)
    return t("suggest.did_you_mean", " (did you mean {word!r}?)", word=near) if near is not None else otherwise
