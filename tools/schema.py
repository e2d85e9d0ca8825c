"""Keep ``ledger/store/schema_head.py``: the schema at the newest migration, as SQLite holds it.

    python tools/schema.py write   # run the migrations on a new SQLite file and write the module
    python tools/schema.py check   # exit 1 when the module is not what the migrations make now

A new SQLite ledger is made from that module's statements (:func:`ledger.store.engine.ensure_schema`)
instead of through the Alembic migrations one by one: the same tables, columns, indexes and
constraints, written by SQLite in the same words (``tests/store/test_schema_head.py`` compares
the two), without importing Alembic. Run ``write`` after adding a migration (the test says so).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MODULE = ROOT / "ledger" / "store" / "schema_head.py"


def migrated_statements() -> list[str]:
    """The ``CREATE`` statements SQLite keeps (``sqlite_master``) for a new file brought to
    ``HEAD`` by the Alembic migrations, in the order SQLite lists them (its automatic indexes
    left out: each comes with its table)."""
    import sqlite3

    from ledger.store.engine import dispose_engines, open_engine, upgrade

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "head.db"
        upgrade(open_engine(f"sqlite:///{path}"))
        dispose_engines()
        with sqlite3.connect(path) as con:
            return [sql for (sql,) in con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")]


def module_text() -> str:
    """The text of :data:`MODULE` for the migrations as they are now."""
    from ledger.store.engine import HEAD

    body = "".join(_literal(sql) for sql in migrated_statements())
    return (f'"""The ledger\'s schema at revision {HEAD}, as SQLite holds it after the migrations (written by\n'
            '``python tools/schema.py write``: do not edit). A new SQLite ledger is made from these statements\n'
            '(:func:`ledger.store.engine.ensure_schema`); the revision is then stored as Alembic stores it."""\n\n'
            f'REVISION = "{HEAD}"\n\nSQLITE = (\n{body})\n')


def _literal(sql: str) -> str:
    """One statement as a Python literal of :data:`MODULE`: a line of the module for each of its
    lines (JSON's quoting of an ASCII text is Python's)."""
    import json

    lines = sql.splitlines(keepends=True)
    return "    (" + "\n     ".join(json.dumps(line) for line in lines) + "),\n"


def main() -> int:
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    text = module_text()
    if what == "write":
        MODULE.write_text(text)
        print(f"wrote {MODULE.relative_to(ROOT)}")
        return 0
    if what == "check":
        if MODULE.exists() and MODULE.read_text() == text:
            return 0
        print(f"{MODULE.relative_to(ROOT)} is not the migrations' schema: run python tools/schema.py write")
        return 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
