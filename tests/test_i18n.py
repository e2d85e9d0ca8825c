"""ledger.i18n: choosing the language, messages rendered when shown, the locale's numbers, money,
lists and dates (docs/languages.md)."""

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, strategies as st

from ledger import i18n
from ledger.errors import LedgerError
from ledger.i18n import Msg, choose, language_of, t, tn


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


@pytest.mark.parametrize("value, lang", [
    ("it", "it"), ("it_IT.UTF-8", "it"), ("it-IT", "it"), ("IT", "it"), ("it_CH@euro", "it"),
    ("en_GB.UTF-8", "en"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("de_DE.UTF-8", None),
    ("", None), (None, None), ("it:en", "it"),
])
def test_language_of(value, lang):
    assert language_of(value) == lang


@pytest.mark.parametrize("option, env, lang", [
    (None, {}, "en"),
    (None, {"LANG": "it_IT.UTF-8"}, "it"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),  # a locale in another language: English
    (None, {"LC_ALL": "en_US.UTF-8", "LANG": "it_IT.UTF-8"}, "en"),  # LC_ALL first
    (None, {"LC_MESSAGES": "it_IT", "LANG": "en_US"}, "it"),
    (None, {"LEDGER_LANG": "it", "LC_ALL": "en_US.UTF-8"}, "it"),  # LEDGER_LANG before the locale
    ("en", {"LEDGER_LANG": "it", "LANG": "it_IT"}, "en"),  # --lang before everything
    ("it", {}, "it"),
])
def test_choose_order(option, env, lang):
    assert choose(option, env) == lang


@pytest.mark.parametrize("option, env, field", [("xx", {}, "lang"), (None, {"LEDGER_LANG": "de"}, "LEDGER_LANG")])
def test_choose_refuses_a_language_asked_for_by_name(option, env, field):
    with pytest.raises(LedgerError) as err:
        choose(option, env)
    assert err.value.field == field and err.value.code == "lang.unknown"


def test_a_message_is_rendered_when_shown_not_when_built():
    msg = t("cli.error", "error: {what}", what="x")
    assert str(msg) == "error: x"
    i18n.use("it")
    assert str(msg) == "errore: x"  # the same object, now in Italian
    assert msg.render("en") == "error: x" and i18n.language() == "it"


def test_speaking_is_this_threads_only():
    """A text asked for in another language (the JSON's English, a page served in a thread) never
    changes the language another thread speaks: ``speaking`` is a context variable, not the process's."""
    import threading

    msg = tn("report.count.hands", "{n} hand", "{n} hands", 12000)
    i18n.use("it")
    inside, outside = threading.Event(), threading.Event()
    seen = {}

    def english_thread():
        with i18n.speaking("en"):
            inside.set()
            outside.wait(5)
            seen["thread"] = str(msg)

    th = threading.Thread(target=english_thread)
    th.start()
    inside.wait(5)
    seen["main"] = str(msg)  # while the other thread speaks English
    outside.set()
    th.join()
    assert seen == {"main": "12.000 mani", "thread": "12000 hands"}
    assert i18n.language() == "it"
    with i18n.speaking("en"):
        assert i18n.language() == "en" and msg.render("it") == "12.000 mani" and i18n.language() == "en"
    with pytest.raises(ValueError):
        with i18n.speaking("xx"):
            pass


def test_error_keeps_code_field_value_and_renders_in_the_language():
    err = LedgerError(t("cli.error", "error: {what}", what="a"), "sides.Anna", 3)
    assert (err.code, err.field, err.value) == ("cli.error", "sides.Anna", 3)
    assert str(err) == "sides.Anna: error: a"
    moved = err.at("hands[2]")
    assert (moved.field, moved.code, moved.value) == ("hands[2].sides.Anna", "cli.error", 3)
    i18n.use("it")
    assert str(moved) == "hands[2].sides.Anna: errore: a"


def test_plain_text_error_still_works():
    err = LedgerError("bad", "x", 1)
    assert (str(err), err.message, err.code) == ("x: bad", "bad", "")


def test_plural_forms_choose_by_count():
    assert str(tn("t.hands", "{n} hand", "{n} hands", 1)) == "1 hand"
    assert str(tn("t.hands", "{n} hand", "{n} hands", 2)) == "2 hands"


def test_parameters_in_the_language():
    i18n.use("it")
    msg = Msg("", "{a} {b} {c} {d}", {"a": 12000, "b": Decimal("-0.5"), "c": ["Anna", "Bruno", "Carla"],
                                      "d": date(2026, 12, 1)})
    assert str(msg) == "12.000 -0,5 Anna, Bruno e Carla martedì 1 dicembre 2026"
    assert msg.render("en") == "12000 -0.5 Anna, Bruno and Carla Tuesday 1 December 2026"


@given(st.dates(), st.lists(st.text(min_size=1, max_size=5), min_size=2, max_size=5))
def test_english_dates_and_lists_are_cldrs_without_babel(day, words):
    """English writes its long dates and lists itself (no Babel import at start-up): the same as CLDR's en_GB."""
    from babel.dates import format_date
    from babel.lists import format_list

    assert i18n.long_date(day, "en") == format_date(day, "EEEE d MMMM y", locale="en_GB")
    assert i18n.listing(words, "en") == format_list(words, locale="en_GB")


def test_a_format_spec_keeps_pythons_formatting():
    assert str(Msg("", "{p:+d} {v!r}", {"p": 3, "v": "x"})) == "+3 'x'"


@pytest.mark.parametrize("cents, currency, en, it", [
    (150, "EUR", "1.50 EUR", "1,50\xa0€"),
    (-25, "EUR", "-0.25 EUR", "-0,25\xa0€"),
    (1234567, "EUR", "12345.67 EUR", "12.345,67\xa0€"),
    (350, "€", "3.50 €", "3,50\xa0€"),
    (50, "gettoni", "0.50 gettoni", "0,50 gettoni"),
])
def test_money(cents, currency, en, it):
    assert i18n.money(cents, currency, "en") == en
    assert i18n.money(cents, currency, "it") == it


@given(st.integers(min_value=-10**12, max_value=10**12))
def test_italian_digits_read_back(n):
    written = i18n.number(n, "it")
    assert int(written.replace(".", "")) == n


def test_placeholders():
    assert i18n.placeholders("{a!r} and {b:+d} {{literal}} {c.x}") == {"a", "b", "c"}


def test_global_options_anywhere_before_the_double_dash():
    from ledger.cli.app import global_options

    assert global_options(["show", "3", "--lang", "it"]) == ({"--lang": "it"}, ["show", "3"])
    assert global_options(["--lang=en", "show", "--db=x.db"]) == ({"--lang": "en", "--db": "x.db"}, ["show"])
    assert global_options(["--lang", "it", "show", "--lang", "en"]) == ({"--lang": "en"}, ["show"])  # the last wins
    assert global_options(["score", "--", "--lang", "it"]) == ({}, ["score", "--", "--lang", "it"])
    assert global_options(["--language=it"]) == ({}, ["--language=it"])


def test_the_systems_common_refusals_in_the_language():
    import errno

    from ledger.errors import os_reason

    missing = FileNotFoundError(errno.ENOENT, "No such file or directory")
    assert str(os_reason(missing)) == "no such file or folder"
    i18n.use("it")
    assert str(os_reason(missing)) == "file o cartella inesistente"
    assert str(os_reason(OSError(errno.ENOSPC, "No space left on device"))) == "il disco è pieno"
    assert str(os_reason(OSError(errno.ELOOP, "Too many levels of symbolic links"))) == \
        "Too many levels of symbolic links"  # a rare one: the system's words


def test_the_hand_an_error_is_in_is_said_in_the_language_its_field_is_not():
    err = LedgerError(t("cli.error", "error: {what}", what="x"), "hand 4: sides.Anna[5]", "ZZ")
    assert str(err) == "hand 4: sides.Anna[5]: error: x"
    i18n.use("it")
    assert str(err) == "mano 4: sides.Anna[5]: errore: x" and err.field == "hand 4: sides.Anna[5]"
    assert str(LedgerError("x", "hand 12")) == "mano 12: x"
    assert str(LedgerError("x", "hands.Anna")) == "hands.Anna: x"  # a document's own field name stays


@given(st.integers(-10**12, 10**12), st.integers(-10**9, 10**9), st.dates(),
       st.lists(st.text("abc ", min_size=1, max_size=4), min_size=2, max_size=6),
       st.sampled_from(["EUR", "USD", "GBP", "CHF", "€", "gettoni"]))
def test_the_cldr_digest_says_what_babel_says(n, cents, day, words, currency):
    """Italian numbers, money, dates and lists come from the install's CLDR digest (no Babel import
    at start-up): each is exactly Babel's text."""
    digest = i18n.cldr_digest("it")
    for lang in (x for x in i18n.LANGUAGES if x != "en"):
        i18n._digests[lang] = digest
        fast = (i18n.number(n, lang), i18n.money(cents, currency, lang), i18n.long_date(day, lang),
                i18n.listing(words, lang), i18n.currency_sign(currency.replace("€", "EUR"), lang))
        i18n._digests[lang] = None  # Babel itself
        try:
            assert fast == (i18n.number(n, lang), i18n.money(cents, currency, lang), i18n.long_date(day, lang),
                            i18n.listing(words, lang), i18n.currency_sign(currency.replace("€", "EUR"), lang))
        finally:
            i18n._digests.pop(lang, None)


def test_the_install_writes_the_digest_it_reads():
    from ledger.i18n import LOCALEDIR

    import json

    assert json.loads((LOCALEDIR / "it" / "cldr.json").read_text(encoding="utf-8")) == i18n.cldr_digest("it")


def test_italian_help_texts_are_paragraphs_as_the_english_docstrings_are():
    """A translation's own line breaks would break the command list of ``ledger --help`` mid-sentence."""
    import re

    import typer

    from ledger.cli import commands  # noqa: F401
    from ledger.cli.app import app
    from ledger.cli.language import HELP_ATTRS, commands_and_params, setup

    root = typer.main.get_command(app)
    setup("it", root)
    texts = [getattr(x, a) for x in commands_and_params(root) for a in HELP_ATTRS if getattr(x, a, None)]
    assert texts and not [x for x in texts if re.search(r"(?<!\n)\n(?!\n)", x)]
