"""Registers every command module on the root app (imported by :func:`ledger.cli.app.main`)."""

from __future__ import annotations

import importlib

from ledger.cli import cmd_documents, cmd_hands, cmd_ledger, cmd_matches, cmd_players  # noqa: F401
from ledger.cli import cmd_backup  # noqa: F401  (backup, restore)
from ledger.cli.app import app

# command modules that define register(app) (a module missing from an installation is skipped)
for _name in ("cmd_settle", "cmd_bridge", "cmd_report", "cmd_play", "cmd_club", "cmd_serve"):
    try:
        _mod = importlib.import_module(f"ledger.cli.{_name}")
    except ModuleNotFoundError as err:
        if err.name != f"ledger.cli.{_name}":
            raise
        continue
    _mod.register(app)
