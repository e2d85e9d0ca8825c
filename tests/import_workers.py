"""Imports read by worker processes in tests: turned on for any size, and counted."""

from __future__ import annotations

from typing import Optional


def workers_on(monkeypatch, workers: Optional[int] = 2) -> list[int]:
    """Turn the workers on for any import (chunks of about three hands; ``workers`` of them, or
    as many as the machine gives with None) and return the list each pool's size is added to
    as an import starts one (``ledger.store.reading._in_workers``)."""
    from ledger.store import reading

    pools: list[int] = []
    real = reading._in_workers

    def spied(docs, raw, count):
        pools.append(count)
        yield from real(docs, raw, count)

    monkeypatch.setattr(reading, "PARALLEL_HANDS", 0)
    monkeypatch.setattr(reading, "CHUNK_HANDS", 3)
    if workers is not None:
        monkeypatch.setattr(reading, "_workers", lambda: workers)
    monkeypatch.setattr(reading, "_in_workers", spied)
    return pools
