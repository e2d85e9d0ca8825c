"""Bridge in Italian (issue 15): errors, questions, the scoreboard and its notes, summaries and PBN
texts come from the catalogue, in the words Italian players use; English output is unchanged and
``--json`` is the same in both languages."""

from __future__ import annotations

import json

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import MatchSetup
from ledger.games.bridge.document import read_deal
from ledger.games.bridge.summaries import describe, result_line
from ledger.games.bridge.pbn import read_pbn
from ledger.games.bridge.scoring import item_text, parse_contract, tricks_from
from ledger.i18n import speaking, use

BRIDGE = get_game("bridge")
SETUP = MatchSetup("bridge", "rubber", ("Anna", "Bruno", "Carla", "Dario"),
                   {"NS": ("Anna", "Carla"), "EW": ("Bruno", "Dario")})


@pytest.fixture
def italian():
    use("it")
    yield
    use("en")


def error_of(fn, *args) -> LedgerError:
    with pytest.raises(LedgerError) as info:
        fn(*args)
    return info.value


@pytest.mark.parametrize("fn, args, code, english, italian", [
    (parse_contract, ("8NT",), "bridge.level", "'8NT': the level must be 1 to 7, not 8",
     "'8NT': il livello va da 1 a 7, non 8"),
    (parse_contract, ("4Z",), "bridge.not_contract", "'4Z' is not a contract",
     "'4Z' non è un contratto"),
    (tricks_from, (parse_contract("4S"), None, "+4"), "bridge.result_impossible",
     "4S+4 would be 14 tricks (0 to 13 exist)", "4S+4 farebbe 14 prese (ne esistono da 0 a 13)"),
    (tricks_from, (parse_contract("4S"), 9, "="), "bridge.result_disagrees",
     "result = means 10 tricks in 4S, but tricks says 9", "il risultato = vuol dire 10 prese in 4S, ma le prese "
     "dicono 9"),
    (BRIDGE.parse_entry, (SETUP, ["4S", "N", "bogus"]), "bridge.cannot_place", "cannot place 'bogus' (e.g.",
     "non so dove mettere 'bogus' (per esempio"),
    (BRIDGE.parse_entry, (SETUP, ["contrac=4S"]), "bridge.flag_unknown_near",
     "'contrac' is not a word of bridge (did you mean 'contract'?)",
     "'contrac' non è una parola del bridge (forse intendevi 'contract'?)"),
    (read_deal, ({"contract": "Pass", "declarer": "N"}, "rubber"), "bridge.passed_has_no",
     "a passed-out deal has no declarer ('N')", "una smazzata passata non ha dichiarante ('N')"),
])
def test_errors_carry_a_code_and_read_in_both_languages(fn, args, code, english, italian):
    err = error_of(fn, *args)
    assert err.code == code
    assert english in err.msg.render("en")
    assert italian in err.msg.render("it")


def test_the_questions_are_asked_in_italian(italian):
    texts = [BRIDGE.questions(SETUP, doc)[0].text for doc in
             ({}, {"contract": "4S"}, {"contract": "4S", "declarer": "N"},
              {"contract": "4S", "declarer": "N", "tricks": 10})]
    assert texts == ["Contratto (per esempio 4♠X, 3SA, 4 cuori contro, 6♥XX, passo)",
                     "Dichiarante (N, E, S, O o il nome di un giocatore)",
                     "Risultato di 4♠: prese fatte dal dichiarante (0-13) oppure =, +1, -2",
                     "Onori (per esempio NS 100, EO 150; Invio per nessuno)"]


def test_summaries_and_sheet_items_in_italian(italian):
    assert describe(read_deal({"contract": "4SX", "declarer": "W", "tricks": 8}, "rubber")) == "4♠X da O -2"
    assert describe(read_deal({"contract": "pass"}, "rubber")) == "passata"
    data = {"contract": "3NT", "declarer": "S", "result": "=", "score_ns": 400, "board": 5,
            "bonuses": [{"item": "rubber bonus", "side": "NS", "points": 700}]}
    assert result_line(data) == "smazzata 5: 3SA da S =: NS +400 (premio di rubber NS 700)"
    assert [item_text(i) for i in ("trick score", "overtricks", "undertricks", "partscore", "game")] == \
        ["punti delle prese", "prese in più", "prese in meno", "parziale", "manche"]


def test_english_summaries_are_as_before():
    data = {"contract": "3NT", "declarer": "S", "result": "=", "score_ns": 400,
            "bonuses": [{"item": "rubber bonus", "side": "NS", "points": 700}]}
    assert result_line(data) == "3NT by S =: NS +400 (rubber bonus NS 700)"


def test_pbn_skipped_games_stay_english_for_programs(italian):
    got = read_pbn('[Board "3"]\n[Contract ""]\n\n[Board "4"]\n[Declarer "S"]\n[Contract "2H"]\n')
    assert got.skipped == ["game 1 (board 3): no contract", "game 2 (board 4): no result"]
    assert [str(n) for n in got.skipped_notes] == ["gioco 1 (smazzata 3): nessun contratto",
                                                    "gioco 2 (smazzata 4): nessun risultato"]


def start_rubber(cli, *lang: str) -> None:
    cli("match", "new", "bridge", "-s", "NS=Anna,Carla", "-s", "EW=Bruno,Dario", *lang)


def test_scoreboard_and_notes_in_italian(cli):
    start_rubber(cli)
    cli("hand", "add", "1", "4SX", "W", "-2")
    out = cli("--lang", "it", "show", "1").stdout
    for words in ("Noi — NS (Anna & Carla)", "Loro — EO (Bruno & Dario)", "sopra", "sotto",
                  "premi sopra la linea, punti delle prese sotto", "mazziere", "nessuno",
                  "Totali finora: NS 300, EO 0.", "Vulnerabili: nessuno; manche NS 0, EO 0; parziali NS 0, EO 0.",
                  "Prossimo mazziere: Bruno."):
        assert words in out, words
    english = cli("--lang", "en", "show", "1").stdout
    assert "We — NS (Anna & Carla)" in english and "Vulnerable: nobody; games NS 0, EW 0" in english
    assert "Noi" not in english


def test_hand_add_error_in_italian_with_the_same_exit_code(cli):
    start_rubber(cli)
    italian = cli.error("--lang", "it", "hand", "add", "1", "8NT", "N", "=")  # exit 2, one line, nothing written
    english = cli.error("--lang", "en", "hand", "add", "1", "8NT", "N", "=")
    assert italian.endswith("contratto: '8NT': il livello va da 1 a 7, non 8")  # the field in the user's words
    assert english.endswith("contract: '8NT': the level must be 1 to 7, not 8")


@pytest.mark.parametrize("rules", ["duplicate", "rubber"])
def test_score_json_is_the_same_in_both_languages(cli, tmp_path, rules):
    doc = tmp_path / "hand.json"
    doc.write_text(json.dumps({"game": "bridge", "rules": rules, "contract": "6NTX", "declarer": "E",
                               "tricks": 12, "vulnerable": "EW"}))
    assert cli("--lang", "it", "score", str(doc), "--json").stdout == \
        cli("--lang", "en", "score", str(doc), "--json").stdout
    assert "6SAX da E =" in cli("--lang", "it", "score", str(doc)).stdout


def test_error_cases_of_bridge_in_italian(cli, tmp_path):
    """The worked error cases of bridge (tests/cases.json) exit 2 in Italian too, saying it in Italian."""
    from pathlib import Path

    cases = json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
    ran = 0
    for case in cases:
        if not (case.get("expect_error") and case["doc"].get("game") == "bridge" and case["kind"] == "score"):
            continue
        doc = tmp_path / f"{case['id']}.json"
        doc.write_text(json.dumps(case["doc"]))
        english = cli.error("--lang", "en", "score", str(doc))
        italian = cli.error("--lang", "it", "score", str(doc))
        field = english.split(": ")[1]  # a field of the document, in English its key
        with speaking("it"):
            assert italian.split(": ")[1] == BRIDGE.hand.label(field)  # in Italian the declared hand's word for it
        assert italian.split(": ", 2)[2] != english.split(": ", 2)[2]  # the message is Italian
        ran += 1
    assert ran >= 2


def test_pbn_import_in_italian_and_its_json_unchanged(cli, tmp_path):
    pbn = tmp_path / "deals.pbn"
    pbn.write_text('[Board "1"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n\n'
                   '[Board "2"]\n[Contract ""]\n')
    out = cli("--lang", "it", "pbn", "import", str(pbn)).stdout
    assert "Smazzate PBN contate con i valori del duplicato" in out and "Totale per NS: +420" in out
    assert "saltato: gioco 2 (smazzata 2): nessun contratto" in out
    assert cli("--lang", "it", "pbn", "import", str(pbn), "--json").stdout == \
        cli("--lang", "en", "pbn", "import", str(pbn), "--json").stdout
    assert get_game("bridge").describe_hand({"contract": "Pass"}) == "passed out"
