"""The ledger in Italian (issue 15, "Done when"): every message translated with the same
placeholders, click's and Typer's own words in Italian, every error case of tests/cases.json in
Italian with the same exit code, and every ``--json`` output the same in both languages.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402  (tools/messages.py: the catalogues kept with Babel)

from ledger.errors import LedgerError  # noqa: E402
from ledger.i18n import placeholders  # noqa: E402

CASES = json.loads((Path(__file__).parent / "cases.json").read_text(encoding="utf-8"))
BIN = Path(sys.executable).parent / "ledger"

# The areas whose messages must all be translated: every message id (help, click's and Typer's
# words, every t()/tn() of ledger/).
AREAS: tuple[str, ...] = ()


# --- the catalogue --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def fresh_template(tmp_path_factory):
    """The template as the code makes it now (not the .pot on disk, which may be stale)."""
    path = tmp_path_factory.mktemp("pot") / "ledger.pot"
    messages.write(path, messages.template())
    return path


def test_every_message_has_its_italian_translation_with_the_same_placeholders(fresh_template, monkeypatch):
    monkeypatch.setattr(messages, "TEMPLATE", fresh_template)
    assert messages.problems("it", AREAS) == []


def test_the_check_finds_a_missing_translation_and_different_placeholders(fresh_template, monkeypatch, tmp_path):
    """The test above can fail: a message without its Italian, and one whose Italian names another
    placeholder, are both found."""
    po = tmp_path / "it" / "LC_MESSAGES" / "ledger.po"
    cat = messages.read(messages.po_path("it"), "it")
    gone = cat.get("no match {match}", context="store.no_match")
    gone.string = ""
    bad = cat.get("no player called {name!r}", context="store.no_player")
    bad.string = "nessun giocatore di nome {nome!r}"
    messages.write(po, cat)
    monkeypatch.setattr(messages, "TEMPLATE", fresh_template)
    monkeypatch.setattr(messages, "po_path", lambda lang: po)
    found = messages.problems("it", ("ledger/store",))
    assert any("not translated" in p and "store.no_match" in p for p in found)
    assert any("placeholders differ" in p and "store.no_player" in p for p in found)


def test_every_message_of_the_code_is_in_the_template(fresh_template):
    """Every ``t(code, ...)``/``tn(code, ...)`` call of ``ledger/`` (read from the syntax tree, not
    by Babel) has its message in the template Babel extracts: none is hidden from translation, as
    one nested inside another's arguments was (``trentuno.share``)."""
    import ast

    template = messages.read(fresh_template)
    extracted = {msg.context for msg in template if msg.id}
    in_code = set()
    for path in (ROOT / "ledger").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("t", "tn") \
                    and node.args and isinstance(node.args[0], ast.Constant):
                in_code.add(node.args[0].value)
    assert "trentuno.share" in in_code
    assert sorted(in_code - extracted) == []


# --- click's and Typer's words ------------------------------------------------------------------
LANGUAGE_VARIABLES = ("LEDGER_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


def run(*args, db, env=None):
    """The installed ``ledger`` in a subprocess, in English unless ``env`` or ``--lang`` says otherwise."""
    environ = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    environ.update({"LEDGER_DB": str(db), "COLUMNS": "100", **(env or {})})
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, env=environ, timeout=120)


needs_bin = pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed")


@needs_bin
def test_the_help_is_italian(tmp_path):
    out = run("--lang", "it", "--help", db=tmp_path / "l.db").stdout
    assert "Uso: ledger" in out and "Opzioni" in out and "Comandi" in out
    assert "Mostra questo messaggio ed esci." in out and "Segna i punti" in out
    for english in ("Usage:", "Options", "Commands", "Show this message", "Score card games"):
        assert english not in out
    sub = run("--lang", "it", "hand", "add", "--help", db=tmp_path / "l.db").stdout
    assert "Uso: ledger hand add" in sub and "Argomenti" in sub and "Calcola e salva la mano" in sub
    assert "[obbligatorio]" in sub and "Usage:" not in sub and "required" not in sub


@needs_bin
def test_the_locale_chooses_italian_and_english_stays_as_it_was(tmp_path):
    it = run("show", "--help", db=tmp_path / "l.db", env={"LANG": "it_IT.UTF-8"})
    assert "Uso: ledger show" in it.stdout
    en = run("show", "--help", db=tmp_path / "l.db", env={"LANG": "C.UTF-8"})
    assert "Usage: ledger show" in en.stdout and "Show this message and exit." in en.stdout


@needs_bin
@pytest.mark.parametrize("args, italian, english", [
    (["nosuchcommand"], "errore: comando 'nosuchcommand' inesistente.", "error: No such command 'nosuchcommand'."),
    (["show", "--nosuchoption"], "errore: opzione inesistente: --nosuchoption", "error: No such option: --nosuchoption"),
    (["show"], "errore: manca l'argomento 'partita'.", "error: Missing argument 'match'."),
    (["show", "1", "2"], "errore: argomenti in più inattesi (2)", "error: Got unexpected extra argument"),
    (["hand", "void", "1", "x"], "errore: valore non valido per 'numero': 'x' non è un numero intero valido.",
     "error: Invalid value for 'number': 'x' is not a valid integer."),
    (["serve", "--port", "x"], "errore: valore non valido per '--port': 'x' non è un numero intero valido.",
     "error: Invalid value for '--port': 'x' is not a valid integer."),
    (["serve", "--port", "99999"], "errore: valore non valido per '--port': 99.999 è fuori dai limiti (da 0 a 65.535)",
     "error: Invalid value for '--port': 99999 is out of range (0 to 65535)"),
    (["show", "1", "--last", "0"], "errore: valore non valido per '--last': 0 è fuori dai limiti (almeno 1)",
     "error: Invalid value for '--last': 0 is out of range (at least 1)"),
])
def test_a_mistyped_command_line_is_one_italian_line_with_exit_code_2(tmp_path, args, italian, english):
    it = run("--lang", "it", *args, db=tmp_path / "l.db")
    assert (it.returncode, it.stdout, it.stderr.strip()) == (2, "", italian)
    en = run(*args, db=tmp_path / "l.db")
    assert en.returncode == 2 and en.stderr.startswith(english)


@pytest.mark.parametrize("click_says, italian", [
    ("No such option: --x", "opzione inesistente: --x"),
    ("Missing argument 'MATCH'.", "manca l'argomento 'MATCH'."),
    ("Option '--port' requires an argument.", "l'opzione '--port' richiede un argomento."),
])
def test_click_s_usage_errors_are_put_in_italian(click_says, italian):
    """The usage errors of the click that Typer carries (English literals, no gettext) are read
    back into the catalogue's messages; in English they stay click's own words."""
    from ledger.cli.language import usage_error
    from ledger.i18n import speaking

    with speaking("it"):
        assert str(usage_error(click_says)) == italian
    assert usage_error(click_says) == click_says


def test_the_language_layer_patches_no_library_module():
    """Typer's words come through gettext and the command tree's own attributes: no import hook
    is installed, and no function of click's copy in Typer is replaced."""
    import sys

    import typer._click.core as click_core
    import typer._click.formatting as formatting
    from ledger.cli import commands  # noqa: F401
    from ledger.cli.app import app

    before = (list(sys.meta_path), formatting.HelpFormatter.write_usage, click_core.Command.get_help_option)
    from typer.testing import CliRunner

    CliRunner().invoke(app, ["--lang", "it", "hand", "add", "--help"])
    assert (list(sys.meta_path), formatting.HelpFormatter.write_usage, click_core.Command.get_help_option) == before


def test_an_unknown_language_is_refused(cli):
    line = cli.error("--lang", "fr", "games")
    assert line == "error: lang: 'fr' is not a language of the ledger (languages: en, it)"


# --- the error cases of tests/cases.json --------------------------------------------------------
ERRORS = [c for c in CASES if c.get("expect_error")]

# Cases whose error may fall back to English (none: every area speaks Italian).
FALLING_BACK: set[str] = set()


def _error_of(case) -> LedgerError:
    """The error the CLI reports for ``case`` (the same calls ``score`` and ``replay`` make)."""
    from ledger.cli.cmd_documents import score_document
    from ledger.games.documents import check_kind, replay_document

    try:
        if case["kind"] == "score":
            score_document(case["doc"], "-")
        else:
            check_kind(case["doc"], "match", "-")
            replay_document(case["doc"])
    except LedgerError as err:
        return err
    raise AssertionError(f"{case['id']}: no error")


def _only_values(msg) -> bool:
    """True when a message's own text has no words (``{error}``, ``{a}: {b}``): its Italian and
    English are the same text, and that is no fallback; its parameters' messages are looked at."""
    import re

    own = re.sub(r"\{[^}]*\}", "", msg.text)
    if re.search(r"[^\W\d_]{2,}", own):
        return False
    return all(_only_values(p) for p in msg.params.values() if hasattr(p, "render"))


def _case_param(case):
    marks = [pytest.mark.xfail(reason="falls back to English", strict=True)] \
        if case["id"] in FALLING_BACK else []
    return pytest.param(case, id=case["id"], marks=marks)


@pytest.mark.parametrize("case", ERRORS, ids=[c["id"] for c in ERRORS])
def test_every_error_case_is_one_italian_line_with_the_same_exit_code(cli, case):
    verb = "score" if case["kind"] == "score" else "replay"
    doc = json.dumps(case["doc"])
    english = cli.error(verb, "-", "--json", input=doc)
    italian = cli.error("--lang", "it", verb, "-", "--json", input=doc)  # exit 2, one line, nothing on stdout
    assert english.startswith("error: ") and italian.startswith("errore: ")
    err = _error_of(case)
    assert (english, italian) == ("error: " + _line(err, "en"), "errore: " + _line(err, "it"))


@pytest.mark.parametrize("case", [_case_param(c) for c in ERRORS])
def test_no_error_case_falls_back_to_english(case):
    """Its Italian differs from its English, unless the message is only values and names."""
    err = _error_of(case)
    assert _only_values(err.msg) or err.msg.render("it") != err.msg.render("en"), \
        f"falls back to English: {err.msg.render('en')}"


def _line(err: LedgerError, lang: str) -> str:
    from ledger.cli.app import one_line
    from ledger.i18n import language, use

    saved = language()
    use(lang)
    try:
        return one_line(err.for_programs())  # the line of --json: the field by its path
    finally:
        use(saved)


# --- --json is the same in every language -------------------------------------------------------
def _both(cli, *args, input=None):
    en = cli(*args, "--json", input=input)
    it = cli("--lang", "it", *args, "--json", input=input)
    assert it.stdout == en.stdout, f"ledger {' '.join(args)} --json differs in Italian"
    assert it.stdout.strip()
    return en.stdout


@pytest.mark.parametrize("case", [c for c in CASES if not c.get("expect_error")], ids=lambda c: c["id"])
def test_score_and_replay_json_are_byte_identical_in_both_languages(cli, case):
    verb = "score" if case["kind"] == "score" else "replay"
    _both(cli, verb, "-", input=json.dumps(case["doc"]))


# --json outputs that may carry text in the language (none).
DIFFERING: set[str] = set()

NIGHT = [  # commands with --json, writing ones among them, run on a fresh ledger in each language
    ["demo"],  # every game, real hands
    ["match", "new", "trentuno", "--players", "Anna,Bruno,Carla", "-o", "stake=0.50"],
    ["show", "1"], ["show", "last"], ["match", "list"], ["match", "history", "1"], ["player", "list"],
    ["games"], ["db", "check"], ["report", "--demo"], ["stats", "--demo"], ["settle", "--demo"],
    ["stats", "--demo", "--player", "Anna"], ["match", "list", "--open"], ["match", "end", "last"],
    ["match", "reopen", "last"], ["export", "1"], ["player", "add", "Zoe"], ["player", "rename", "Zoe", "Zoë"],
]


def _untimed(text: str) -> str:
    """``text`` without the moments things were entered (two ledgers are written seconds apart)."""
    import re

    return re.sub(r'"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(\+00:00)?"', '"TIME"', text)


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """Every command of :data:`NIGHT`'s output, in English and in Italian (two fresh ledgers)."""
    from typer.testing import CliRunner

    from ledger.cli import app

    runner, folder, outs = CliRunner(), tmp_path_factory.mktemp("night"), {}

    def run(*args: str) -> str:
        r = runner.invoke(app, list(args))
        assert r.exit_code == 0, f"ledger {' '.join(args)}: {r.stderr}"
        return r.stdout

    for lang in ("en", "it"):
        db = str(folder / f"{lang}.db")
        outs[lang] = {" ".join(args): _untimed(run("--db", db, "--lang", lang, *args, "--json")) for args in NIGHT}
    return outs


@pytest.mark.parametrize("command", [
    pytest.param(" ".join(a), marks=[pytest.mark.xfail(reason="text in the language", strict=True)]
                 if " ".join(a) in DIFFERING else []) for a in NIGHT])
def test_every_json_output_of_a_night_is_byte_identical_in_both_languages(night, command):
    en, it = night["en"][command], night["it"][command]
    assert en.strip() and it == en, f"ledger {command} --json differs in Italian"


def test_play_json_lines_are_byte_identical_in_both_languages(cli, tmp_path):
    hand = "Anna=" + " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()) + " Bruno=rest\n"
    outs = []
    for lang in ("en", "it"):  # the same evening in two fresh ledgers
        db = str(tmp_path / f"{lang}.db")
        cli("--db", db, "match", "new", "trentasette", "--players", "Anna,Bruno")
        r = cli("--db", db, "--lang", lang, "play", "1", "--json", input=hand + "Anna=AS Bruno=rest\nundo\nquit\n")
        outs.append(r.stdout)
    assert outs[0] == outs[1] and len(outs[0].splitlines()) >= 3


# --- a few of the CLI's and the store's own messages, in Italian ----------------------------------
def test_the_store_and_the_cli_speak_italian(cli):
    assert cli.error("--lang", "it", "show", "9") == "errore: partita: nessuna partita 9"
    assert cli.error("--lang", "it", "show", "abc") == "errore: partita: 'abc' non è un numero di partita (né 'ultima')"
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    assert cli.error("--lang", "it", "hand", "undo", "1") == "errore: mano: la partita 1 non ha ancora mani"
    assert cli.error("--lang", "it", "match", "reopen", "1") == "errore: partita: la partita 1 è già aperta"
    out = cli("--lang", "it", "match", "list").stdout
    assert "Serata di" in out and "trentasette" in out and "in corso" in out
    assert "Iniziata la partita 2" in cli("--lang", "it", "match", "new", "scopa", "--players", "Anna,Bruno").stdout
    assert cli.error("--lang", "it", "player", "rename", "Nessuno", "X") == \
        "errore: name: nessun giocatore di nome 'Nessuno'"
    out = cli("--lang", "it", "db", "check").stdout
    assert out.strip() == "Ogni partita rigiocata dà i risultati salvati."


def test_settle_says_who_pays_whom_in_italian_money(cli):
    cli("demo")
    out = cli("--lang", "it", "settle", "--demo").stdout
    import re

    pays = [line for line in out.splitlines() if " paga " in line]
    assert pays and all(re.search(r" \d+,\d\d\xa0€$", line.strip()) for line in pays), pays
    assert " pays " not in out and "Saldi (€)" in out and "Saldo dei conti della serata" in out
    en = cli("settle", "--demo").stdout
    assert " pays " in en and " EUR" in en


def test_play_asks_in_italian_and_takes_the_italian_commands(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    r = cli("--lang", "it", "play", "1", input="aiuto\nannulla\nesci\n")
    assert "mano 1 · mazziere Anna > " in r.stdout
    assert "A ogni richiesta:" in r.stdout and "Partita 1: 0 mani sul tabellone, tutte salvate." in r.stdout
    assert "errore: undo: la partita 1 non ha mani da annullare" in r.stderr
