"""A long JSON list printed exactly as ``json.dumps(doc, ensure_ascii=False, indent=2)`` would print
it, without holding the list: each item is written as it comes into a spooled temporary file
(memory up to :data:`SPOOL_BYTES`, then disk), and the whole document goes to standard output only
once every item is in, so an error half-way still prints nothing (``score`` of a list of boards,
``pbn import``). What is printed passes :func:`ledger.safetext.safe` (``json=True``).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from typing import Any, Mapping

from ledger.safetext import safe_json_writer

SPOOL_BYTES = 8 * 1024 * 1024
_MARK = "\x00ledger-list\x00"  # a string no document holds (names refuse control characters)


class JsonList:
    """The items of the list at ``key`` of a document (``key`` None: the document is the list)."""

    def __init__(self, key: str | None = None):
        self.key = key
        self.count = 0
        self.spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES, mode="w+", encoding="utf-8")
        self.indent = "\n" + "  " * (2 if key is not None else 1)

    def add(self, item: Any) -> None:
        """Append ``item`` (its JSON written now, the item itself not kept)."""
        if self.count:
            self.spool.write("," + self.indent)
        self.spool.write(json.dumps(item, ensure_ascii=False, indent=2).replace("\n", self.indent))
        self.count += 1

    def print(self, doc: Mapping[str, Any] | None = None) -> None:
        """Print the document: ``doc`` with the list at ``key`` (the list alone when ``key`` is None)."""
        out = safe_json_writer(sys.stdout)
        whole = [_MARK] if self.key is None else {**(doc or {}), self.key: [_MARK]}
        text = json.dumps(whole, ensure_ascii=False, indent=2)
        if not self.count:
            out.write(json.dumps([] if self.key is None else {**(doc or {}), self.key: []},
                                 ensure_ascii=False, indent=2) + "\n")
        else:
            before, after = text.split(json.dumps(_MARK), 1)
            out.write(before)
            self.spool.seek(0)
            shutil.copyfileobj(self.spool, out)
            out.write(after + "\n")
        sys.stdout.flush()
        self.spool.close()

