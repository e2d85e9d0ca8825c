"""docs/cli.md, made from the commands' own help: every command, its arguments and options.

    python tools/cli_docs.py          # write docs/cli.md
    python tools/cli_docs.py --check  # exit 1 when docs/cli.md is not what the commands say

The text is the commands' help in English (the catalogue's source language), walked from the
Typer app as click sees it, so the page can never name a command or an option that is not there.
tests/test_cli_docs.py fails when the page is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PAGE = ROOT / "docs" / "cli.md"

HEAD = """# The commands

Every command of `ledger`, as its own `--help` says it (this page is made from the help by
`python tools/cli_docs.py`; a test fails when it is stale). `ledger COMMAND --help` prints the
same in the language in use. A night at the table is in [README.md](../README.md); the hand's
words of each game are on its page in [rules/](rules/).

Options that every command takes: `--db PATH|URL` (the ledger: a file, or an SQLAlchemy URL such as
`postgresql+psycopg://...`; also `LEDGER_DB`), `--lang en|it` (also `LEDGER_LANG` and the locale),
`--json` where a command prints data (output for programs, the same in every language).
"""


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").strip().split("\n\n")[0].split())


def _param_line(param: Any) -> str:
    if param.param_type_name == "argument":
        name = (param.metavar or param.name).upper()
        help_ = _first_paragraph(getattr(param, "help", None))
        return f"- `{name}`{'' if param.required else ' (optional)'}" + (f": {help_}" if help_ else "")
    names = ", ".join(f"`{o}`" for o in [*param.opts, *param.secondary_opts])
    help_ = _first_paragraph(param.help)
    return f"- {names}: {help_}" if help_ else f"- {names}"


def _section(path: list[str], command: Any) -> list[str]:
    usage = " ".join(["ledger", *path])
    out = [f"## `{usage}`", "", _first_paragraph(command.help) or _first_paragraph(command.short_help), ""]
    params = [p for p in command.params if not getattr(p, "hidden", False) and p.name not in ("help",)]
    if params:
        out += [_param_line(p) for p in params] + [""]
    return out


def _walk(path: list[str], command: Any) -> list[str]:
    if hasattr(command, "commands"):  # a group (click's, or the one Typer ships)
        lines: list[str] = []
        if path:
            lines += [f"## `ledger {' '.join(path)} ...`", "", _first_paragraph(command.help), ""]
        for name in sorted(command.commands):
            sub = command.commands[name]
            if not sub.hidden:
                lines += _walk([*path, name], sub)
        return lines
    return _section(path, command)


def page() -> str:
    """The text of docs/cli.md, in English."""
    import typer

    from ledger.cli import app
    from ledger.i18n import speaking

    with speaking("en"):
        root = typer.main.get_command(app)
        return HEAD + "\n" + "\n".join(_walk([], root)).rstrip() + "\n"


def main() -> int:
    text = page()
    if "--check" in sys.argv[1:]:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            print("docs/cli.md is stale: run python tools/cli_docs.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
