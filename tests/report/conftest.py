"""Fixtures of the report tests: a ledger holding the fixed evening of ``evening.py``."""

from __future__ import annotations

import pytest

from evening import evening_documents
from ledger.store.service import Ledger


@pytest.fixture
def evening(ledger_db) -> Ledger:
    """The ledger with the fixed evening (matches 1-7)."""
    led = Ledger(str(ledger_db))
    for doc in evening_documents():
        led.import_match(doc)
    return led


@pytest.fixture
def with_demo(evening, cli) -> Ledger:
    """The fixed evening, then the demo night (matches 8-13)."""
    cli("demo")
    return evening
