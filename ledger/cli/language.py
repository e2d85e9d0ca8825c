"""The CLI in the user's language: ``--lang``, and click's and Typer's own texts in the catalogue.

:func:`setup` runs first in every invocation (``ledger`` or a test's CliRunner): it picks the
language (``--lang``, ``LEDGER_LANG``, the locale: :func:`ledger.i18n.choose`) and, for a language
other than English, shows the help of every command and option, and click's and Typer's own words
("Usage:", "No such option", "Options"), from the catalogue. The help texts stay English in the
source (the catalogue's msgids); ``tools/messages.py`` extracts them from the command tree.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Iterator, Sequence

from ledger import i18n

_CLICK_MODULES = ("click.core", "click.decorators", "click.exceptions", "click.formatting",
                  "click.parser", "click.termui", "click.types", "click.utils",
                  "click.shell_completion", "typer.core")
_RICH_TEXTS = ("DEPRECATED_STRING", "DEFAULT_STRING", "ENVVAR_STRING", "REQUIRED_LONG_STRING",
               "ARGUMENTS_PANEL_TITLE", "OPTIONS_PANEL_TITLE", "COMMANDS_PANEL_TITLE",
               "ERRORS_PANEL_TITLE", "ABORTED_TEXT", "RICH_HELP")
_english: dict[str, str] = {}


def lang_option(args: Sequence[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` anywhere before ``--`` in ``args``, or None."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg[len("--lang="):]
    return None


def setup(args: Sequence[str], root: Any) -> None:
    """Speak the language the user chose for this invocation; ``root`` is the click command tree,
    whose help texts are shown in it. Raises ``LedgerError`` (field ``lang``) for a language the
    ledger does not speak."""
    try:
        i18n.use(i18n.choose(lang_option(args)))
    except Exception:
        # the language asked for by name is not one of ours: say so in the locale's language
        locale = {k: v for k, v in os.environ.items() if k != "LEDGER_LANG"}
        i18n.use(i18n.choose(None, locale))
        raise
    _click_texts()
    if i18n.language() != "en":
        for item in commands_and_params(root):
            _translate(item)


def commands_and_params(root: Any) -> Iterator[Any]:
    """Every command, group and parameter under ``root`` (a click command), the root first."""
    yield root
    yield from getattr(root, "params", ())
    for sub in getattr(root, "commands", {}).values():
        yield from commands_and_params(sub)


HELP_ATTRS = ("help", "short_help", "epilog")


def _translate(item: Any) -> None:
    for attr in HELP_ATTRS:
        text = getattr(item, attr, None)
        if isinstance(text, str) and text:
            setattr(item, attr, i18n.gettext(text))


def _click_texts() -> None:
    """click's and Typer's texts through the catalogue (their modules call ``_``/``ngettext``
    at run time; Typer's rich panel titles are set once at import, so they are set again)."""
    if i18n.language() == "en" and not _english:
        return
    for name in _CLICK_MODULES:
        module = sys.modules.get(name)
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = i18n.gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext  # type: ignore[attr-defined]
    if i18n.language() != "en":
        import typer.rich_utils  # noqa: F401  (its panel titles are set at import)
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is not None:
        for name in _RICH_TEXTS:
            _english.setdefault(name, getattr(rich_utils, name))
            setattr(rich_utils, name, i18n.gettext(_english[name]))
