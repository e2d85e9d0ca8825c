"""Alembic environment for the ledger's schema.

Run by :func:`ledger.store.engine.upgrade`, which passes an open connection in
``config.attributes["connection"]``; developers can also run ``alembic`` with a config that sets
``sqlalchemy.url``. SQLite gets batch mode so later migrations can alter tables.
"""

from alembic import context
from sqlalchemy import engine_from_config, pool

from ledger.store.models import SQLModel

config = context.config
target_metadata = SQLModel.metadata


def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    engine = engine_from_config(config.get_section(config.config_ini_section) or {},
                                prefix="sqlalchemy.", poolclass=pool.NullPool)
    with engine.connect() as conn:
        _run(conn)
