"""The CLI in the user's language: ``--lang``, and click's and Typer's own texts in the catalogue.

:func:`setup` runs first in every invocation (``ledger`` or a test's CliRunner): it picks the
language (``--lang``, ``LEDGER_LANG``, the locale: :func:`ledger.i18n.choose`) and, for a language
other than English, shows the help of every command and option, and click's and Typer's own words
("Usage:", "No such option", "Options"), from the catalogue. The help texts stay English in the
source (the catalogue's msgids); ``tools/messages.py`` extracts them from the command tree.
"""

from __future__ import annotations

import copy
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ledger import i18n
from ledger.errors import LedgerError
from ledger.i18n import Msg, t, tn

_CLICK_MODULES = ("click.core", "click.decorators", "click.exceptions", "click.formatting",
                  "click.parser", "click.termui", "click.types", "click.utils",
                  "click.shell_completion", "typer.core")
_RICH_TEXTS = ("DEPRECATED_STRING", "DEFAULT_STRING", "ENVVAR_STRING", "REQUIRED_LONG_STRING",
               "ARGUMENTS_PANEL_TITLE", "OPTIONS_PANEL_TITLE", "COMMANDS_PANEL_TITLE",
               "ERRORS_PANEL_TITLE", "ABORTED_TEXT", "RICH_HELP")
_english: dict[str, str] = {}


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
    _click_texts()
    _vendored_click()
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
_ONE_LINE = r"(?<!\n)\n(?!\n)"  # a line break inside a paragraph (not between two)


_METAVARS = {"options_metavar": ("[OPTIONS]", lambda: t("click.options_metavar", "[OPTIONS]")),
             "subcommand_metavar": ("COMMAND [ARGS]...", lambda: t("click.subcommand_metavar", "COMMAND [ARGS]..."))}


# what a parameter stands for, in the usage line and the help's tables: an argument by its name
# (`ledger hand add {partita}`), an option's value by its own word (`PERCORSO|URL`), a value's
# kind by its word (`<testo>`, `<numero>`)
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
_VALUE_KINDS = {"StringParamType": lambda: t("click.value.text", "TEXT"),
                "IntParamType": lambda: t("click.value.integer", "INTEGER"),
                "IntRange": lambda: t("click.value.integer", "INTEGER")}


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
    (``{partita}``, ``[partite]...``), an option's value by its own word (``PERCORSO|URL``), and
    the kind of a value by its word (``<testo>``, ``<numero>``) rather than Python's (``<str>``)."""
    kind = type(item).__name__
    if not kind.endswith(("Argument", "Option")) or getattr(item, "is_flag", False) or getattr(item, "count", False):
        return
    word = _VALUES.get(item.metavar) if item.metavar else _ARGUMENTS.get(item.name) if kind.endswith("Argument") else None
    if word is not None:
        item.metavar = str(word()) + ("..." if kind.endswith("Argument") and item.nargs != 1 else "")
    said = _VALUE_KINDS.get(type(item.type).__name__)
    if said is not None:  # a copy: the type is click's, shared by every command; its name stays
        shown = f"<{str(said()).lower()}>"  # (click's refusals name it: "'x' is not a valid int")
        item.type = copy.copy(item.type)
        item.type.get_metavar = lambda param=None, ctx=None: shown


def _click_texts() -> None:
    """click's and Typer's texts through the catalogue (their modules call ``_``/``ngettext``
    at run time; Typer's rich panel titles are set once, when ``typer.rich_utils`` is imported,
    so they are set again then: only a help page or a usage error imports it)."""
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
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is not None:
        _rich_texts(rich_utils)
    elif not any(isinstance(f, _AfterImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport("typer.rich_utils", _rich_texts))


def _rich_texts(rich_utils: Any) -> None:
    """Typer's help panels' titles in the language in use; "Uso: " highlighted as "Usage: " is."""
    for name in _RICH_TEXTS:
        _english.setdefault(name, getattr(rich_utils, name))
        setattr(rich_utils, name, i18n.gettext(_english[name]))
    highlighter = getattr(rich_utils, "highlighter", None)
    if highlighter is not None and not any("Uso" in h for h in highlighter.highlights):
        highlighter.highlights = [h.replace("(?P<usage>Usage: )", "(?P<usage>(?:Usage|Uso): )")
                                  for h in highlighter.highlights]


class _AfterImport:
    """A finder of ``sys.meta_path`` (the protocol of ``importlib.abc.MetaPathFinder``, whose
    import costs start-up): runs ``then(module)`` once the module ``name`` is imported, and leaves
    ``sys.meta_path``; so a command that shows no help does not pay for importing Typer's (60 ms)."""

    def __init__(self, name: str, then: Callable[[Any], None]) -> None:
        self.name, self.then = name, then

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        exec_module, then = spec.loader.exec_module, self.then

        def exec_then(module: Any) -> None:
            exec_module(module)
            then(module)

        spec.loader.exec_module = exec_then  # type: ignore[method-assign]
        return spec


# --- the copy of click that Typer carries (typer._click) ------------------------------------------
# Typer 0.2x ships its own click, whose words are English literals (no gettext): its usage line,
# its --help option and its usage errors are put in the language here, at the points where they
# are shown.

def _vendored_click() -> None:
    """"Usage:" and the --help option's help of Typer's own click in the language in use
    (installed once, the first time a language other than English is spoken; English is left as
    it is)."""
    global _patched
    if _patched or i18n.language() == "en":
        return
    try:
        from typer._click import core, formatting
    except ImportError:  # a Typer that uses click itself: _click_texts() covers it
        _patched = True
        return
    write_usage = formatting.HelpFormatter.write_usage

    def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = str(t("click.usage", "Usage:")) + " "
        write_usage(self, prog, args, prefix)

    get_help_option = core.Command.get_help_option

    def help_option(self: Any, ctx: Any) -> Any:
        found = get_help_option(self, ctx)
        if found is not None:
            found.help = str(t("click.help", "Show this message and exit."))
        return found

    formatting.HelpFormatter.write_usage = usage  # type: ignore[method-assign]
    core.Command.get_help_option = help_option  # type: ignore[method-assign]
    _patched = True


_patched = False

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
     lambda m: t("click.invalid_for", "Invalid value for {name}: {why}", name=m["name"], why=_value_error(m["why"]))),
    (r"Invalid value: (?P<why>.*)",
     lambda m: t("click.invalid", "Invalid value: {why}", why=_value_error(m["why"]))),
]

_PARAM_KINDS: dict[str, Callable[[], Msg]] = {
    "argument": lambda: t("click.argument", "argument"),
    "option": lambda: t("click.option", "option"),
    "parameter": lambda: t("click.parameter", "parameter"),
}

# Typer 0.28's click: "'x' is not a valid int." / "... int range." / "99999 is not in the range 0<=x<=65535."
_VALUE_ERRORS: list[tuple[str, Callable[[re.Match[str]], Msg]]] = [
    (r"(?P<value>'.*') is not a valid (?P<kind>int(?:eger)?|float|boolean|UUID)(?: range)?\b.*",
     lambda m: t("click.not_a_number", "{value} is not a valid {kind}.", value=m["value"],
                 kind=_KINDS.get(m["kind"], lambda: m["kind"])())),
    (r"(?P<value>.+?) is not in the range (?P<range>.+)\.", lambda m: _out_of_range(m["value"], m["range"])),
]

_KINDS: dict[str, Callable[[], Any]] = {
    "int": lambda: t("click.integer", "integer"),
    "integer": lambda: t("click.integer", "integer"),
    "float": lambda: t("click.float", "number"),
    "number": lambda: t("click.float", "number"),
    "boolean": lambda: t("click.boolean", "yes or no value"),
}
# click's closed ranges of whole numbers: "0<=x<=65535", "x>=1", "x<=10"
_RANGE = r"(?:(?P<lo>-?\d+)<=)?x(?:<=(?P<hi>-?\d+)|>=(?P<min>-?\d+))?"


def _out_of_range(value: str, described: str) -> Msg:
    """click's "``value`` is not in the range ``described``" in words, as the ledger says it of any
    number (:func:`ledger.games.parsing.out_of_range`: "12 is out of range (1 to 10)"); a range with
    open bounds or decimals in click's signs."""
    m = re.fullmatch(_RANGE, described)
    lo, hi = (m["lo"] or m["min"], m["hi"]) if m and re.fullmatch(r"-?\d+", value) else (None, None)
    if lo is None and hi is None:
        return t("click.out_of_range", "{value} is not in the range {range}.", value=value, range=described)
    from ledger.games.parsing import out_of_range

    return out_of_range(int(value), None if lo is None else int(lo), None if hi is None else int(hi))


# Typer 0.29's conversions speak pydantic's words (the project pins Typer below 0.29: pyproject.toml)
_LIMITS: dict[str, Callable[[str], Msg]] = {
    "greater than or equal to": lambda n: t("click.at_least", "Input should be at least {limit}", limit=n),
    "less than or equal to": lambda n: t("click.at_most", "Input should be at most {limit}", limit=n),
    "greater than": lambda n: t("click.more_than", "Input should be greater than {limit}", limit=n),
    "less than": lambda n: t("click.less_than", "Input should be less than {limit}", limit=n),
}
# "Input should be a valid integer, unable to parse ...", "Input should be less than or equal to 65535"
_VALUE_ERRORS += [
    (r"Input should be a valid (?P<kind>integer|number|boolean)\b.*",
     lambda m: t("click.should_be", "Input should be a valid {kind}", kind=_KINDS[m["kind"]]())),
    (r"Input should be (?P<op>(?:greater|less) than(?: or equal to)?) (?P<limit>-?[\d.]+)",
     lambda m: _LIMITS[m["op"]](m["limit"])),
]


def _value_error(text: str) -> Msg | str:
    for pattern, build in _VALUE_ERRORS:
        m = re.fullmatch(pattern, text)
        if m:
            return build(m)
    return text


def usage_error(text: str) -> Msg | str:
    """click's message for a mistyped command line (``No such option: --x``, ``Missing argument
    'MATCH'.``) as a message in the language in use; a message of another shape as it is (those
    of click's own ``gettext`` are in the language already). English: ``text`` as click wrote it."""
    if i18n.language() == "en":
        return text
    for pattern, build in _USAGE_ERRORS:
        m = re.fullmatch(pattern, text)
        if m:
            return build(m)
    return text
