"""ledger: a scoring assistant and match ledger for card games played at a real table.

The package has three layers (see docs/architecture.md): ``ledger.games`` (pure scorers),
``ledger.store`` (SQLModel tables, engine, Alembic migrations) and ``ledger.cli`` (Typer
commands and rich rendering). ``ledger.cards`` holds the card notation shared by every game.
"""

__version__ = "0.1.0"
