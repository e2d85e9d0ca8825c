"""docs/cli.md is made from the commands' own help (tools/cli_docs.py) and names every command."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("cli_docs", ROOT / "tools" / "cli_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_is_what_the_commands_say():
    assert (ROOT / "docs" / "cli.md").read_text(encoding="utf-8") == _tool().page(), \
        "docs/cli.md is stale: run python tools/cli_docs.py"


def test_the_page_names_every_command():
    import typer

    from ledger.cli import app

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    root = typer.main.get_command(app)
    for name, command in root.commands.items():
        if not command.hidden:
            assert f"`ledger {name}" in text, name
