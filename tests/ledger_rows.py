"""Every row of a SQLite ledger file, to compare two ledgers made the same way by different paths."""

from __future__ import annotations

import sqlite3


def ledger_rows(db) -> dict:
    """Every row of the ledger's tables (player, night, match, seat, hand) in id order, but the
    players' and nights' ``created_at``: an import gives them the time it runs when the file does
    not date them."""
    con = sqlite3.connect(db)
    try:
        out = {}
        for table in ("player", "night", "match", "seat", "hand"):
            cur = con.execute(f'SELECT * FROM "{table}" ORDER BY id')
            names = [c[0] for c in cur.description]
            dated = table in ("player", "night")
            out[table] = [tuple(v for k, v in zip(names, row) if not (dated and k == "created_at")) for row in cur]
        return out
    finally:
        con.close()
