"""The one neutraliser for text that came from a person or a file (a void reason, a match note, a
typed line, a name, a PBN tag) on its way to a terminal, a CSV or HTML file, or a JSON line.

A terminal obeys the control characters in what it prints: ``ESC [2J`` clears the screen,
``ESC ]0;…BEL`` sets the window title, a carriage return or backspace overwrites what was shown,
the C1 control ``U+009B`` starts a sequence on its own, and the bidirectional overrides
(``U+202E``) make text read backwards. On a shared ledger one scorekeeper's note would reach
another's terminal. :func:`safe` shows every such character as a visible escape instead
(``\\x1b``, ``\\n``, ``\\u202e``): the text stays readable and nothing in it acts. Printable text,
accents, card suits and emoji pass unchanged (and rich markup such as ``[bold]`` is not a
control character: the renderers print it literally).
"""

from __future__ import annotations

import re
from typing import TextIO
from functools import lru_cache

# C0 controls, DEL and the C1 controls; the bidirectional marks, embeddings, overrides and
# isolates; the line and paragraph separators; lone surrogates (text that was not UTF-8)
_OTHERS = "\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff"
_UNSAFE = f"[\x00-\x1f{_OTHERS}]"
_UNSAFE_KEEPING_LINES = f"[\x00-\x09\x0b-\x1f{_OTHERS}]"
_JSON_RAW = f"[{_OTHERS}]"  # what json.dumps(ensure_ascii=False) leaves raw
_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


@lru_cache(maxsize=None)
def _compiled(chars: str) -> re.Pattern[str]:
    """The character class ``chars``, compiled when first needed: not at start-up, where the three
    (the surrogates' range makes each a table of 65,536 characters) cost a command 2-3 ms."""
    return re.compile(chars)


def _visible(m: re.Match[str]) -> str:
    c = m.group(0)
    n = ord(c)
    return _SHORT.get(c) or (f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}")


def _json_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group(0)):04x}"


class safe_json_writer:
    """A text stream that writes JSON text to ``out`` through :func:`safe` (``json=True``), piece by
    piece (each character is escaped on its own, so pieces may be cut anywhere)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, text: str) -> int:
        return self.out.write(safe(text, json=True))


def safe(text: object, lines: bool = False, json: bool = False) -> str:
    """``text`` (made a ``str``) with every control character written as a visible escape
    (``"\\x1b[2J"`` → ``"\\\\x1b[2J"``, ``"\\u202e"`` → ``"\\\\u202e"``, a tab → ``"\\\\t"``).

    ``lines``: line breaks (``"\\n"``) are kept, for a renderer whose cells or lines are multi-line
    by design (a report's table cell); every other control character is still escaped.
    ``json``: ``text`` is JSON already (``json.dumps`` escapes the C0 controls itself); the
    characters JSON leaves raw (DEL, the C1 controls, the bidirectional controls, U+2028/9) are
    written as ``\\uXXXX`` escapes, so the document means exactly the same and prints safely.

    Linear in the length of ``text``; text with nothing to escape is returned as it is."""
    s = text if isinstance(text, str) else str(text)
    if json:  # of ASCII, JSON leaves only DEL raw: a plain search, far quicker than the pattern's
        return s if s.isascii() and "\x7f" not in s else _compiled(_JSON_RAW).sub(_json_escape, s)
    pattern = _compiled(_UNSAFE_KEEPING_LINES if lines else _UNSAFE)
    return pattern.sub(_visible, s) if pattern.search(s) else s


def one_line(text: str, limit: int = 480) -> str:
    """``text`` with control characters and line breaks (which a field path may carry from a
    document's keys) written as escapes, so that an error is always one line; a message quoting
    a huge value (a million cards) keeps its start and its end."""
    from ledger.i18n import t

    if len(text) > limit:
        text = str(t("cli.cut", "{start} … ({length} characters) … {end}", start=text[:limit * 2 // 3],
                     length=len(text), end=text[-limit // 3:]))
    return safe(text)
