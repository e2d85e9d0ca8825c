"""The CLI in the user's language: ``--lang``, and Typer's own texts in the catalogue.

:func:`setup` runs first in every invocation (``ledger`` or a test's CliRunner): it picks the
language (``--lang``, ``LEDGER_LANG``, the locale: :func:`ledger.i18n.choose`) and puts the help
of every command and option in it. It uses only what the libraries offer for this:

- Typer's own words ("Options", "[required]", "Aborted!") are marked for the standard library's
  ``gettext``: the ledger's catalogue becomes the process's text domain, in the language in use.
- The help texts, metavars and panel titles are the commands' and parameters' own attributes
  (``help``, ``metavar``, ``rich_help_panel``, ``options_metavar``), set on the command tree that
  Typer builds for each invocation; the usage line's "Usage:" comes from a help formatter given
  through click's ``Context.formatter_class``.
- Usage errors of the copy of click that Typer carries (English literals, no gettext) are read
  back into messages of the catalogue by :func:`usage_error`; a value that Typer could not
  convert is said from the conversion's own error (pydantic's ``ValidationError``).

The help texts stay English in the source (the catalogue's msgids); ``tools/messages.py``
extracts them from the command tree, and Typer's marked words from its modules.
"""

from __future__ import annotations

import gettext as _stdlib_gettext
import os
import re
from collections.abc import Callable, Iterator
from typing import Any

import typer

from ledger import i18n
from ledger.errors import LedgerError
from ledger.i18n import Msg, t, tn

TYPER_MODULES = ("core", "rich_utils")  # the modules of Typer whose words are marked for gettext


def setup(lang: str | None, root: Any) -> None:
    """Speak the language the user chose for this invocation (``lang``: the ``--lang`` option's
    value, found by :func:`ledger.cli.app.global_options`, else the environment); ``root`` is the
    click command tree, whose help texts are shown in it. Raises ``LedgerError`` (field ``lang``)
    for a language the ledger does not speak."""
    try:
        i18n.use(i18n.choose(lang))
    except LedgerError:
        # the language asked for by name is not one of ours: say so in the locale's language
        locale = {k: v for k, v in os.environ.items() if k != "LEDGER_LANG"}
        i18n.use(i18n.choose(None, locale))
        raise
    _typer_words()
    english = i18n.language() == "en"
    for item in commands_and_params(root):
        if not english:
            _translate(item)
        if hasattr(item, "commands") or hasattr(item, "params"):
            _command(item, english)


def _typer_words() -> None:
    """Typer's own words through the standard library's gettext, as Typer marks them: the
    ledger's catalogue is the text domain, in the language in use (``LANGUAGE``). Typer reads its
    panel titles and "[required]" once, when its help module is imported (by the first help page
    of the process), so a process speaks one language there."""
    _stdlib_gettext.bindtextdomain(i18n.DOMAIN, str(i18n.LOCALEDIR))
    _stdlib_gettext.textdomain(i18n.DOMAIN)
    os.environ["LANGUAGE"] = i18n.language()


def commands_and_params(root: Any) -> Iterator[Any]:
    """Every command, group and parameter under ``root`` (a click command), the root first."""
    yield root
    yield from getattr(root, "params", ())
    for sub in getattr(root, "commands", {}).values():
        yield from commands_and_params(sub)


HELP_ATTRS = ("help", "short_help", "epilog")
_ONE_LINE = r"(?<!\n)\n(?!\n)"  # a line break inside a paragraph (not between two)


_METAVARS = {"options_metavar": ("[OPTIONS]", lambda: t("click.options_metavar", "[OPTIONS]")),
             "subcommand_metavar": ("COMMAND [ARGS]...", lambda: t("click.subcommand_metavar", "COMMAND [ARGS]..."))}


# what a parameter stands for, in the usage line and the help's tables: an argument by its name
# (`ledger hand add {partita}`), an option's value by its own word (`PERCORSO|URL`)
_ARGUMENTS = {
    "board": lambda: t("click.arg.board", "board"), "entry": lambda: t("click.arg.entry", "entry"),
    "file": lambda: t("click.arg.file", "file"), "game": lambda: t("click.arg.game", "game"),
    "match": lambda: t("click.arg.match", "match"), "matches": lambda: t("click.arg.matches", "matches"),
    "names": lambda: t("click.arg.names", "names"), "new": lambda: t("click.arg.new", "new"),
    "number": lambda: t("click.arg.number", "number"), "old": lambda: t("click.arg.old", "old"),
    "result": lambda: t("click.arg.result", "result"), "session": lambda: t("click.arg.session", "session"),
    "words": lambda: t("click.arg.words", "words"),
}
_VALUES = {
    "MATCH|GAME": lambda: t("click.value.match_game", "MATCH|GAME"), "FILE": lambda: t("click.value.file", "FILE"),
    "PATH|URL": lambda: t("click.value.path_url", "PATH|URL"), "DIR": lambda: t("click.value.dir", "DIR"),
    "LANG": lambda: t("click.value.lang", "LANG"), "DIALECT": lambda: t("click.value.dialect", "DIALECT"),
    "PAIR=NAME": lambda: t("click.value.pair_name", "PAIR=NAME"), "ADDRESS": lambda: t("click.value.address", "ADDRESS"),
}
# the kind of a value, as Typer names it (``<int>``), in words (``<numero>``)
_VALUE_KINDS = {"int": lambda: t("click.value.integer", "INTEGER"), "str": lambda: t("click.value.text", "TEXT")}


def _translate(item: Any) -> None:
    for attr in HELP_ATTRS:
        text = getattr(item, attr, None)
        if isinstance(text, str) and text:  # a translation's lines make one paragraph, as a docstring's do
            setattr(item, attr, re.sub(_ONE_LINE, " ", i18n.gettext(text)))
    for attr, (english, word) in _METAVARS.items():  # the usage line's words
        if getattr(item, attr, None) == english:
            setattr(item, attr, str(word()))
    _metavar(item)


def _metavar(item: Any) -> None:
    """A parameter's metavar in the language in use: an argument named by what it is
    (``{partita}``, ``[partite]...``), an option's value by its own word (``PERCORSO|URL``)."""
    kind = type(item).__name__
    if not kind.endswith(("Argument", "Option")) or getattr(item, "is_flag", False) or getattr(item, "count", False):
        return
    word = _VALUES.get(item.metavar) if item.metavar else _ARGUMENTS.get(item.name) if kind.endswith("Argument") else None
    if word is not None:
        item.metavar = str(word())


def _value_kind(param: Any) -> str | None:
    """The kind of a parameter's value as the help's table shows it, in words of the language in
    use (``<text>``, ``<integer>``; Typer would say ``<str>``, ``<list[str]>``); None for a flag,
    which takes no value, and for an option whose value has its own word (its metavar)."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return None
    if type(param).__name__.endswith("Option") and param.metavar is not None:
        return str(param.metavar)
    bare = param.bare_type() if hasattr(param, "bare_type") else "str"
    said = _VALUE_KINDS.get(bare.removeprefix("list[").removesuffix("]"), _VALUE_KINDS["str"])
    return f"<{str(said()).lower()}>"


def _command(command: Any, english: bool) -> None:
    """A command's usage line, ``--help`` option and panel titles in the language in use: the
    context class (click's ``Context.formatter_class``) writes "Usage:" in it; the help option and
    the parameters are put in Typer's panels by name (``rich_help_panel``), so the titles follow
    the language of this invocation even where Typer's help module was imported in another."""
    command.context_class = LedgerContext
    found = command.get_help_option(typer.Context(command, help_option_names=["-h", "--help"]))
    if found is not None:
        found.help = str(t("click.help", "Show this message and exit."))
    for param in [*getattr(command, "params", ()), *([found] if found is not None else [])]:
        param.display_type_rich = lambda ctx=None, param=param: _value_kind(param)  # what the help's table shows
    if english:
        return
    for param in [*command.params, *([found] if found is not None else [])]:
        if getattr(param, "rich_help_panel", None) is None:
            argument = type(param).__name__.endswith("Argument")
            param.rich_help_panel = (i18n.gettext("Arguments") if argument else i18n.gettext("Options"))
    for sub in getattr(command, "commands", {}).values():
        if getattr(sub, "rich_help_panel", None) is None:
            sub.rich_help_panel = i18n.gettext("Commands")


class LedgerFormatter(typer.Context.formatter_class):  # type: ignore[name-defined,misc,valid-type]
    """click's help formatter, its usage line opening with "Usage:" in the language in use."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = str(t("click.usage", "Usage:")) + " "
        super().write_usage(prog, args, prefix)


class LedgerContext(typer.Context):
    """The context of every ``ledger`` command: its help formatter is :class:`LedgerFormatter`."""

    formatter_class = LedgerFormatter


# the patterns (here and below) are compiled by re on a usage error's first look, not at start-up
_USAGE_ERRORS: list[tuple[str, Callable[[re.Match[str]], Msg]]] = [
    (r"No such option:? '?(?P<name>[^' ]+)'?\.?(?: \(Possible options: (?P<options>.*)\))?",
     lambda m: t("click.no_such_option_maybe", "No such option: {name} (Possible options: {options})",
                 name=m["name"], options=m["options"]) if m["options"]
     else t("click.no_such_option", "No such option: {name}", name=m["name"])),
    (r"Got unexpected extra arguments? ?(?:\(s\))? \((?P<args>.*)\)",
     lambda m: t("click.extra_arguments", "Got unexpected extra arguments ({args})", args=m["args"])),
    (r"Missing (?P<what>argument|option|parameter) (?P<name>.+?)\.(?: (?P<more>.*))?",
     lambda m: t("click.missing", "Missing {what} {name}.", what=_PARAM_KINDS[m["what"]](), name=m["name"])
     if not m["more"] else t("click.missing_more", "Missing {what} {name}. {more}",
                              what=_PARAM_KINDS[m["what"]](), name=m["name"], more=m["more"])),
    (r"Missing parameter: (?P<name>.+)",
     lambda m: t("click.missing_parameter", "Missing parameter: {name}", name=m["name"])),
    (r"Option (?P<name>'.+?') requires an argument\.",
     lambda m: t("click.option_needs_value", "Option {name} requires an argument.", name=m["name"])),
    (r"Option (?P<name>'.+?') requires (?P<n>\d+) arguments\.",
     lambda m: tn("click.option_needs_values", "Option {name} requires {n} argument.",
                  "Option {name} requires {n} arguments.", int(m["n"]), name=m["name"])),
    (r"Option (?P<name>'.+?') does not take a value\.",
     lambda m: t("click.option_no_value", "Option {name} does not take a value.", name=m["name"])),
    (r"Invalid value for (?P<name>.+?): (?P<why>.*)",
     lambda m: t("click.invalid_for", "Invalid value for {name}: {why}", name=m["name"], why=m["why"])),
    (r"Invalid value: (?P<why>.*)",
     lambda m: t("click.invalid", "Invalid value: {why}", why=m["why"])),
]

_PARAM_KINDS: dict[str, Callable[[], Msg]] = {
    "argument": lambda: t("click.argument", "argument"),
    "option": lambda: t("click.option", "option"),
    "parameter": lambda: t("click.parameter", "parameter"),
}

_KINDS: dict[str, Callable[[], Any]] = {
    "int": lambda: t("click.integer", "integer"),
    "float": lambda: t("click.float", "number"),
    "bool": lambda: t("click.boolean", "yes or no value"),
}
_PARSING = {"int_parsing": "int", "int_from_float": "int", "int_type": "int", "float_parsing": "float",
            "float_type": "float", "bool_parsing": "bool", "bool_type": "bool"}
_LIMITS = ("greater_than_equal", "less_than_equal", "greater_than", "less_than")


def _conversion(error: BaseException) -> Msg | None:
    """What was wrong with a value Typer could not convert, from the conversion's own error (the
    ``ValidationError`` that Typer's ``BadParameter`` was raised from): ``'x' is not a valid
    integer.``, or the range as the ledger says it of any number (:func:`ledger.games.parsing.out_of_range`:
    ``99.999 is out of range (0 to 65.535)``). None for any other error."""
    errors = getattr(error.__cause__, "errors", None)
    if not callable(errors):
        return None
    found = errors()
    if not found:
        return None
    kind, value = found[0].get("type"), found[0].get("input")
    if kind in _PARSING:
        return t("click.not_a_number", "{value} is not a valid {kind}.", value=f"'{value}'", kind=_KINDS[_PARSING[kind]]())
    param = getattr(error, "param", None)
    if kind in _LIMITS and param is not None and re.fullmatch(r"[+-]?\d+", str(value).strip()):
        from ledger.games.parsing import out_of_range

        return out_of_range(int(value), getattr(param, "min", None), getattr(param, "max", None))
    return None


def usage_error(error: BaseException | str) -> Msg | str:
    """click's message for a mistyped command line (``No such option: --x``, ``Missing argument
    'MATCH'.``, a value that is not a number) as a message in the language in use; a message of
    another shape as it is. ``error``: the exception click raised (or its message)."""
    text = error if isinstance(error, str) else error.format_message()  # type: ignore[attr-defined]
    said = None if isinstance(error, str) else _conversion(error)
    if said is not None:
        param = getattr(error, "param", None)
        hint = param.get_error_hint() if param is not None else None
        return t("click.invalid_for", "Invalid value for {name}: {why}", name=hint, why=said) if hint \
            else t("click.invalid", "Invalid value: {why}", why=said)
    if i18n.language() == "en":
        return text
    for pattern, build in _USAGE_ERRORS:
        m = re.fullmatch(pattern, text)
        if m:
            return build(m)
    return text
