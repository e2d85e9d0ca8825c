"""Languages: which one the user reads, and every text in it, from gettext catalogues.

The texts a person reads are messages: an identifier (a *code*, the catalogue's ``msgctxt``), the
English text (the ``msgid``, with named ``{placeholders}``) and the parameters. The games, the
store and the CLI build messages with :func:`t` (and :func:`tn` for a count that takes a plural
form); nothing is translated when a message is built, only when it is shown (``str(msg)``), in the
language chosen by :func:`use`. So the games stay pure, and an error carries its code, field,
value and parameters (``LedgerError``) up to the edge that prints it.

The catalogues are ``ledger/locale/<lang>/LC_MESSAGES/ledger.po``, kept with Babel
(``python -m ledger.tools.messages``, docs/languages.md); the install compiles them to ``.mo``.
Only the catalogue in use is loaded, on the first text that needs it; English needs none.

Parameters are shown in the language too: a number (``int``, ``float``, ``Decimal``) with the
locale's digits (``12.000``, ``0,5`` in Italian), a list or tuple as the language's list (``Anna e
Bruno``), a ``datetime.date`` as the locale's long date, a message as its own text.
"""

from __future__ import annotations

import gettext as _gettext
import os
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any, TypedDict

LANGUAGES = ("en", "it")
"""The languages the ledger speaks; English is the source language of every message."""

DOMAIN = "ledger"
LOCALEDIR = Path(__file__).parent / "locale"

_lang = "en"  # the process's language (use())
_speaking: ContextVar[str | None] = ContextVar("ledger_speaking", default=None)  # speaking()'s, this context only
_catalogues: dict[str, _gettext.NullTranslations] = {}  # each language's, loaded once


def language_of(value: str | None) -> str | None:
    """The ledger's language named by ``value`` (``it``, ``it_IT.UTF-8``, ``it-IT``, ``en_GB``,
    ``C``), or None when it names none of :data:`LANGUAGES` (``C`` and ``POSIX`` are English)."""
    if not value:
        return None
    head = value.split(":")[0].split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if head in ("c", "posix"):
        return "en"
    return head if head in LANGUAGES else None


def choose(lang: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``lang`` (the ``--lang`` option) if given, then ``LEDGER_LANG``,
    then the locale variables ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (the first one set decides);
    English when none names a language of the ledger.

    Raises ``LedgerError`` (field ``lang``) when ``lang`` or ``LEDGER_LANG`` names a language the
    ledger does not speak: the user asked for it by name.
    """
    env = os.environ if environ is None else environ
    for name, value in (("lang", lang), ("LEDGER_LANG", env.get("LEDGER_LANG"))):
        if value:
            found = language_of(value)
            if found is None:
                from ledger.errors import LedgerError

                raise LedgerError(t("lang.unknown", "{value!r} is not a language of the ledger "
                                    "(languages: {languages})", value=value,
                                    languages=", ".join(LANGUAGES)), name, value)
            return found
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return language_of(env[name]) or "en"
    return "en"


def use(lang: str) -> None:
    """Speak ``lang`` (one of :data:`LANGUAGES`) from now on; its catalogue loads when first needed."""
    global _lang
    if lang not in LANGUAGES:
        raise ValueError(f"not a language of the ledger: {lang!r}")
    _lang = lang


def language() -> str:
    """The language in use (``en`` or ``it``): :func:`speaking`'s inside it, else :func:`use`'s."""
    return _speaking.get() or _lang


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block, in this thread (or task) only: the process's
    language (:func:`use`) is untouched, so a thread of ``ledger serve`` or a text asked for in
    English (``Msg.render("en")``, the JSON) never changes what another thread says."""
    if lang not in LANGUAGES:
        raise ValueError(f"not a language of the ledger: {lang!r}")
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def catalogue(lang: str | None = None) -> _gettext.NullTranslations:
    """The translations of ``lang`` (default: the one in use). English is the source language:
    its catalogue translates nothing. A catalogue compiled by the install (``.mo``) is read; a
    ``.po`` newer than it (a working copy being translated) is read instead, through Babel."""
    lang = lang or language()
    found = _catalogues.get(lang)
    if found is None:
        found = _catalogues[lang] = _load(lang)
    return found


def _load(lang: str) -> _gettext.NullTranslations:
    if lang == "en":
        return _gettext.NullTranslations()
    folder = LOCALEDIR / lang / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with open(mo, "rb") as fh:
            return _gettext.GNUTranslations(fh)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    import io

    with open(po, "rb") as fh:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(fh, locale=lang))
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def gettext(text: str, code: str | None = None) -> str:
    """``text`` (an English msgid) in the language in use, within context ``code`` if given."""
    lang = language()
    if lang == "en":
        return text
    cat = catalogue(lang)
    return cat.pgettext(code, text) if code else cat.gettext(text)


def ngettext(singular: str, plural: str, n: int, code: str | None = None) -> str:
    """The plural form of ``singular``/``plural`` for ``n`` in the language in use."""
    lang = language()
    if lang == "en":
        return singular if n == 1 else plural
    cat = catalogue(lang)
    return cat.npgettext(code, singular, plural, n) if code else cat.ngettext(singular, plural, n)


@dataclass(frozen=True)
class Msg:
    """A text for a person, shown in the language in use when it is turned into a string.

    - ``code``: the message's identifier (``card.unknown``), its context in the catalogues; errors
      carry it to programs.
    - ``text``: the English text with named ``{placeholders}``; ``plural`` its plural form, chosen
      by ``n`` (also the placeholder ``{n}``).
    - ``params``: the placeholders' values (numbers, names, lists, dates, other messages).
    """

    code: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the language in use)."""
        if lang is not None and lang != language():
            with speaking(lang):
                return self.render()
        if self.plural is not None:
            template = ngettext(self.text, self.plural, int(self.n or 0), self.code)
        else:
            template = gettext(self.text, self.code)
        if not self.params:
            return template.replace("{{", "{").replace("}}", "}")
        return _fill(template, self.params)

    def __str__(self) -> str:
        return self.render()

    def __add__(self, other: Any) -> str:
        return str(self) + str(other)

    def __radd__(self, other: Any) -> str:
        return str(other) + str(self)


def t(code: str, text: str, **params: Any) -> Msg:
    """The message ``code`` whose English is ``text`` (``{name}`` placeholders, filled from ``params``)."""
    return Msg(code, text, params)


def tn(code: str, singular: str, plural: str, n: int, **params: Any) -> Msg:
    """A message whose wording depends on the count ``n`` (``{n}`` in the text): ``"{n} hand"`` /
    ``"{n} hands"`` in English, the language's own plural forms in the catalogue."""
    return Msg(code, singular, {"n": n, **params}, plural, n)


def number(value: int | float | Decimal, lang: str | None = None) -> str:
    """``value`` with the digits of ``lang``'s locale (default: the language in use):
    ``12000`` → ``12.000`` in Italian, ``-0.5`` → ``-0,5``. English keeps the digits as the ledger
    has always printed them (``12000``, ``-0.5``), which scripts reading its text rely on."""
    lang = lang or language()
    if lang == "en" or isinstance(value, int) and -1000 < value < 1000:
        return str(value)
    digest = _digest(lang)
    if digest is not None and type(value) is int:
        return ("-" if value < 0 else "") + _grouped(abs(value), digest)
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_LOCALES[lang], group_separator=True)


def signed(value: Any, lang: str | None = None) -> str:
    """Points with their sign, in the language's digits: ``+1460``, ``-8`` in English, ``+1.460``
    in Italian, ``0`` for nothing made (a zero has no sign); anything but a whole number as its text."""
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    return ("-" if value < 0 else "+" if value else "") + number(abs(value), lang)


def money(cents: int, currency: str = "EUR", lang: str | None = None) -> str:
    """An amount in cents as the language writes money: ``150`` → ``3,50 €`` in Italian (CLDR's
    currency format), ``1.50 EUR`` in English as the ledger has always printed it; a currency
    that is not an ISO code (``€``, ``gettoni``) is written after the amount."""
    lang = lang or language()
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    if lang == "en":
        return f"{sign}{whole}.{part:02d} {currency}".rstrip()
    code = {"€": "EUR", "$": "USD", "£": "GBP"}.get(currency, currency)
    digest = _digest(lang)
    if digest is not None and code in digest["currencies"]:
        shown = f"{_grouped(whole, digest)}{digest['decimal']}{part:02d}"
        return digest["currencies"][code][1 if cents < 0 else 0].replace("{}", shown)
    from babel.numbers import format_currency, format_decimal

    amount = Decimal(int(cents)) / 100
    if _iso_code(code):
        return format_currency(amount, code, locale=_LOCALES[lang])
    return f"{format_decimal(amount, format='#,##0.00', locale=_LOCALES[lang])} {currency}".rstrip()


def currency_sign(currency: str, lang: str | None = None) -> str:
    """How the language names ``currency`` in a heading: the ISO code in English (``EUR``, as
    the ledger has always printed it), CLDR's symbol in Italian (``€``); any other word as it is."""
    lang = lang or language()
    if lang == "en" or not _iso_code(currency):
        return currency
    digest = _digest(lang)
    if digest is not None and currency in digest["signs"]:
        return digest["signs"][currency]
    from babel.numbers import get_currency_symbol

    return get_currency_symbol(currency, locale=_LOCALES[lang])


def _iso_code(currency: str) -> bool:
    """Whether ``currency`` is written as an ISO 4217 code (``EUR``), not a word of the match's."""
    return len(currency) == 3 and currency.isalpha() and currency.isupper()


def listing(items: Sequence[Any], lang: str | None = None) -> str:
    """``items`` as the language writes a list: ``Anna, Bruno and Carla``, ``Anna, Bruno e Carla``."""
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    lang = lang or language()
    if lang == "en":  # CLDR's en_GB list, without importing Babel (start-up)
        return f"{', '.join(words[:-1])} and {words[-1]}"
    digest = _digest(lang)
    if digest is not None:  # CLDR's rule for a list, from its patterns
        pat = digest["list"]
        if len(words) == 2:
            return pat["2"].format(*words)
        out = pat["end"].format(words[-2], words[-1])
        for w in reversed(words[1:-2]):
            out = pat["middle"].format(w, out)
        return pat["start"].format(words[0], out)
    from babel.lists import format_list

    return format_list(words, locale=_LOCALES[lang])


def long_date(day: date, lang: str | None = None) -> str:
    """``day`` as the locale writes it in full: ``Tuesday 1 December 2026``, ``martedì 1 dicembre 2026``."""
    lang = lang or language()
    if lang == "en":  # CLDR's en_GB names, without importing Babel (start-up)
        return f"{_EN_DAYS[day.weekday()]} {day.day} {_EN_MONTHS[day.month - 1]} {day.year}"
    digest = _digest(lang)
    if digest is not None:
        return f"{digest['days'][day.weekday()]} {day.day} {digest['months'][day.month - 1]} {day.year}"
    from babel.dates import format_date

    return format_date(day, "EEEE d MMMM y", locale=_LOCALES[lang])


_EN_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December")


_LOCALES = {"en": "en_GB", "it": "it_IT"}
_DIGEST_CURRENCIES = ("EUR", "USD", "GBP", "CHF")
class CldrDigest(TypedDict):
    """The shape of :func:`cldr_digest` (``cldr.json`` beside the compiled catalogue)."""

    group: str
    decimal: str
    days: list[str]  # Monday first
    months: list[str]  # January first
    currencies: dict[str, list[str]]  # ISO code -> [positive, negative] pattern, "{}" the digits
    signs: dict[str, str]  # ISO code -> the locale's sign
    list: dict[str, str]  # CLDR's list patterns (last: the name hides the type list): "2", "start", "middle", "end"


_digests: dict[str, CldrDigest | None] = {}


def cldr_digest(lang: str) -> CldrDigest:
    """What the ledger shows of ``lang``'s CLDR locale (Babel's data), small enough to read at
    start-up instead of importing Babel: digits (``group``, ``decimal``, thousands grouped by
    three from four digits), the week's days (Monday first) and the months in full, the list
    patterns, and for a few currencies the sign and the pattern of an amount (``{}`` the digits;
    positive, negative). The install writes it beside the compiled catalogue (``setup.py``); a
    test checks that every text it gives is Babel's."""
    from babel import Locale
    from babel.numbers import format_currency, get_currency_symbol

    loc = Locale.parse(_LOCALES[lang])
    pats = loc.list_patterns["standard"]
    sample = "1" + loc.number_symbols["latn"]["group"] + "234" + loc.number_symbols["latn"]["decimal"] + "56"
    currencies: dict[str, list[str]] = {}
    for code in _DIGEST_CURRENCIES:
        pos, neg = (format_currency(Decimal(v), code, locale=loc) for v in ("1234.56", "-1234.56"))
        if sample in pos and sample in neg:
            currencies[code] = [pos.replace(sample, "{}"), neg.replace(sample, "{}")]
    return {"group": loc.number_symbols["latn"]["group"], "decimal": loc.number_symbols["latn"]["decimal"],
            "days": [loc.days["format"]["wide"][i] for i in range(7)],
            "months": [loc.months["format"]["wide"][i] for i in range(1, 13)],
            "list": {"2": pats["2"], "start": pats["start"], "middle": pats["middle"], "end": pats["end"]},
            "currencies": currencies, "signs": {c: get_currency_symbol(c, locale=loc) for c in currencies}}


def _digest(lang: str) -> CldrDigest | None:
    """``lang``'s :func:`cldr_digest` as the install wrote it, or None (then Babel itself)."""
    if lang not in _digests:
        try:
            import json

            _digests[lang] = json.loads((LOCALEDIR / lang / "cldr.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _digests[lang] = None
    return _digests[lang]


def _grouped(whole: int, digest: CldrDigest) -> str:
    """A whole number ≥ 0 with the locale's thousands separator (CLDR ``#,##0``: groups of three
    from four digits)."""
    return f"{whole:,}".replace(",", digest["group"]) if whole >= 1000 else str(whole)


class _Formatter(string.Formatter):
    """str.format with the parameters shown in the language (numbers, lists, dates, messages)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec:
            return format(value, format_spec)  # what string.Formatter.format_field does (typeshed: Any)
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (int, float, Decimal)):
            return number(value)
        if isinstance(value, (list, tuple)):
            return listing(value)
        if isinstance(value, date):
            return long_date(value)
        return str(value)


_FORMATTER = _Formatter()
_PARSED: dict[str, list[Any] | None] = {}  # template -> its pieces (None: one _fill leaves to the formatter)
_CONVERSIONS: dict[str, Callable[[Any], str]] = {"r": repr, "s": str, "a": ascii}
_UNPARSED: Any = object()


def _fill(template: str, params: Mapping[str, Any]) -> str:
    """``_FORMATTER.vformat(template, (), params)``, the template's pieces parsed once (messages are
    rendered by the thousand, e.g. one a hand when a ledger export is imported): a template whose
    every field is a plain name (``{name}``, ``{name!r}``, ``{n:02d}``) is filled here, any other
    by the formatter itself."""
    pieces = _PARSED.get(template, _UNPARSED)
    if pieces is _UNPARSED:
        pieces = _PARSED[template] = list(_FORMATTER.parse(template))
        if any(name is not None and (not name.isidentifier() or "{" in (spec or "") or conv not in (None, *_CONVERSIONS))
               for _, name, spec, conv in pieces):
            pieces = _PARSED[template] = None
    if pieces is None:
        return _FORMATTER.vformat(template, (), params)
    out = []
    for literal, name, spec, conv in pieces:
        out.append(literal)
        if name is not None:
            value = params[name]
            if type(value) is str and not conv and not spec:  # a text is itself (format_field's answer)
                out.append(value)
            else:
                out.append(_FORMATTER.format_field(_CONVERSIONS[conv](value) if conv else value, spec or ""))
    return "".join(out)


def placeholders(text: str) -> set[str]:
    """The named placeholders of ``text`` (``{card!r}`` → ``card``): a translation must use the
    same ones as its English (the catalogue test checks every message)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
