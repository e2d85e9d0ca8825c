"""The command-line interface: Typer commands, prompts and rich rendering (never SQL).

``main`` is the ``ledger`` console script; ``app`` (with every command registered) is what tests
drive through Typer's CliRunner.
"""

from ledger.cli.app import app, main
from ledger.cli import commands  # noqa: F401,E402  (registers the commands on app)

__all__ = ["app", "main"]
