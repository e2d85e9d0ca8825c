"""Sette e mezzo (RULES.md "Sette e mezzo (no seed)", FORMATS.md "Sette e mezzo hand/match
document"): the rules on their own, the worked cases, every impossible input refused on its field,
a property of every match, and the game at the table through the CLI in English and Italian."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import Card
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.replay import replay
from ledger.games.documents import replay_document
from ledger.games.sette_e_mezzo import hand as entry
from ledger.games.sette_e_mezzo import rules

GAME = get_game("sette_e_mezzo")
CASES = [c for c in json.loads((Path(__file__).parents[1] / "cases.json").read_text())
         if c["id"].startswith(("settemezzo", "error-settemezzo"))]
DEFAULT = rules.Options()


def held(text: str, options: rules.Options = DEFAULT) -> rules.Held:
    return rules.read_held(text, "hand", options.matta)


def score(banker_hand: object, players: dict, options: dict | None = None) -> dict:
    doc = {"game": "sette_e_mezzo", "banker": "Anna", "banker_hand": banker_hand,
           "players": {p: {"stake_cents": 100, "hand": h} for p, h in players.items()}}
    if options is not None:
        doc["options"] = options
    return GAME.score(doc).to_json()


# --- the worked cases ----------------------------------------------------------------------------------
@pytest.mark.parametrize("case", [c for c in CASES if not c.get("expect_error")], ids=lambda c: c["id"])
def test_worked_cases(case):
    if case["kind"] == "score":
        got = GAME.score(case["doc"]).to_json()
    else:
        setup, rp = replay_document(case["doc"])
        got = {**rp.final.to_json(), "hands": [r.to_json() for r in rp.results]}
    for key, value in case["expect"].items():
        assert got[key] == value


@pytest.mark.parametrize("case", [c for c in CASES if c.get("expect_error")], ids=lambda c: c["id"])
def test_worked_error_cases(case):
    with pytest.raises(LedgerError) as err:
        GAME.score(case["doc"])
    assert err.value.field.startswith("players.")


# --- values ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, halves, reale", [
    ("6C QS", 13, False),          # 6 + ½
    ("5D JS KC", 12, False),       # 5 + ½ + ½ (KC is no matta)
    ("7D QS", 15, True),           # 7 + figure: reale
    ("KD 7S", 15, True),           # the matta at ½ with a 7: reale
    ("KD QH", 15, True),           # the matta at 7 with a figure: reale
    ("KD 5D", 14, False),          # the matta takes 2: 7
    ("AC 2H 4S", 14, False),
    ("3C 2C 2H QD", 15, False),    # 7½ with four cards: a simple 7½
    ("7 di denari, re di spade", 15, True),  # the cards in Italian words
    ("6½", 13, False), ("6 e mezzo", 13, False), ("sei e mezzo", 13, False), ("½", 1, False),
    ("7.5", 15, False),            # 7½ given as a value is a simple 7½
    ("reale", 15, True), ("sette e mezzo reale", 15, True),
])
def test_values(text, halves, reale):
    h = held(text)
    assert (h.halves, h.reale) == (halves, reale)


@pytest.mark.parametrize("text", ["bust", "sballato", "SBALLATA", "ha sballato", "7C 7S", "5C 2S JD 4H"])
def test_bust(text):
    assert held(text).bust


def test_the_matta_is_an_option():
    plain = rules.read_options({"matta": None})
    assert held("KD 7S", plain).halves == 15 and held("KD 6S", plain).halves == 13
    queen = rules.read_options({"matta": "donna di coppe"})
    assert queen.matta == Card("Q", "H") and held("QH 5D", queen).halves == 14


# --- the payment lines (RULES.md) ------------------------------------------------------------------------
@pytest.mark.parametrize("banker, player, line, net", [
    ("bust", "bust", 1, -100),           # line 1: a busted player pays, whatever the banker does
    ("bust", "4", 2, 100),               # line 2: the banker busts
    ("bust", "reale", 2, 200),           # ... paid double to a reale
    ("reale", "reale", 3, -100),         # line 3: a reale ties the banker's: pays once
    ("reale", "7.5", 3, -200),           # ... every other player pays double
    ("6", "reale", 4, 200),              # line 4: a reale paid double
    ("3C 4C QH", "reale", 4, 100),       # ... once against the banker's simple 7½
    ("6", "6", 5, -100),                 # line 5: ties to the banker
    ("6", "6.5", 5, 100),
])
def test_payment_lines(banker, player, line, net):
    got = score(banker, {"Bruno": player})
    assert got["items"]["Bruno"]["line"] == line
    assert got["net_cents"] == {"Anna": -net, "Bruno": net}


def test_options_halve_the_reale_payments():
    options = {"reale_double": False, "banker_reale_double": False}
    assert score("6", {"Bruno": "reale"}, options)["net_cents"]["Bruno"] == 100
    assert score("bust", {"Bruno": "reale"}, options)["net_cents"]["Bruno"] == 100
    assert score("reale", {"Bruno": "5"}, options)["net_cents"]["Bruno"] == -100


def test_the_bank_passes_to_the_first_reale_paid():
    got = score("6", {"Bruno": "5", "Carla": "reale", "Dario": "reale"})
    assert got["next_banker"] == "Carla"
    assert score("reale", {"Bruno": "reale"})["next_banker"] == "Anna"  # not paid: the banker keeps it
    assert score("6", {"Bruno": "5", "Carla": "7"}, {"bank_passes": "every_hand"})["next_banker"] == "Bruno"
    assert score("6", {"Bruno": "5"}, {"passa_banco": "ogni mano"})["next_banker"] == "Bruno"


# --- impossible input (RULES.md), each on its field -------------------------------------------------------
@pytest.mark.parametrize("doc, field", [
    ({"banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "5D"}}}, "banker"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"anna": {"stake_cents": 100, "hand": "5D"}}},
     "players.anna"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {}}, "players"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 0, "hand": "5D"}}},
     "players.Bruno.stake_cents"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 1.5, "hand": "5D"}}},
     "players.Bruno.stake_cents"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": -5, "hand": "5D"}}},
     "players.Bruno.stake_cents"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"hand": "5D"}}}, "players.Bruno.stake_cents"),
    ({"banker": "Anna", "banker_hand": "8C", "players": {"Bruno": {"stake_cents": 100, "hand": "5D"}}},
     "banker_hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "5D 5D"}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "6C"}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": 6.25}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": 8}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": 0}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "sbalato"}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "7D QS reale"}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C",
      "players": {"Bruno": {"stake_cents": 100, "hand": "7D QS", "outcome": "reale"}}}, "players.Bruno.outcome"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "7C 7S 6D"}}},
     "players.Bruno.hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100}}}, "players.Bruno.hand"),
    ({"banker": "Anna", "players": {"Bruno": {"stake_cents": 100, "hand": "5D"}}}, "banker_hand"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "5D"}},
      "options": {"matta": "9D"}}, "options.matta"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "5D"}},
      "options": {"bank_passes": "never"}}, "options.bank_passes"),
    ({"banker": "Anna", "banker_hand": "6C", "players": {"Bruno": {"stake_cents": 100, "hand": "5D"}},
      "limit": 5}, "limit"),
])
def test_impossible_input_names_its_field(doc, field):
    with pytest.raises(LedgerError) as err:
        GAME.score({"game": "sette_e_mezzo", **doc})
    assert err.value.field == field


def test_a_match_refuses_a_stranger_and_unknown_options():
    setup = GAME.setup(None, ["Anna", "Bruno"])
    with pytest.raises(LedgerError) as err:
        GAME.apply(setup, GAME.start(setup), {"banker": "Anna", "banker_hand": "6C",
                                              "players": {"Zeno": {"stake_cents": 100, "hand": "5D"}}})
    assert err.value.field == "players.Zeno"
    with pytest.raises(LedgerError) as err:
        GAME.setup(None, ["Anna", "Bruno"], None, {"limit": 5})
    assert err.value.field == "options.limit"
    assert GAME.setup(None, ["Anna", "Bruno"], None, {"reale_doppio": "no", "valuta": "eur"}).options[
        "reale_double"] is False


# --- a property of every match --------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_every_hand_sums_to_zero_and_a_stored_state_replays_the_same(seed):
    rng = random.Random(seed)
    setup = GAME.sample_setup(["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina"], rng)
    state, docs = GAME.start(setup), []
    for _ in range(6):
        doc = GAME.sample_hand(setup, state, rng)
        try:
            after, result = GAME.apply(setup, state, doc)
        except LedgerError:
            continue
        assert sum(result.to_json()["net_cents"].values()) == 0
        assert sum(after.totals.values()) == 0
        stored = GAME.load_state(setup, json.loads(json.dumps(after.to_json())))
        nxt = GAME.sample_hand(setup, after, random.Random(seed))
        try:
            assert GAME.apply(setup, stored, nxt)[0].to_json() == GAME.apply(setup, after, nxt)[0].to_json()
        except LedgerError:
            pass
        state = after
        docs.append(doc)
    assert replay(GAME, setup, docs).final.to_json() == state.to_json()
    assert GAME.settlement(state) == dict(state.totals)


# --- entry at the table --------------------------------------------------------------------------------
SETUP = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
TABLE = {"banker": "Anna", "banker_hand": 6.5,
         "players": {"Bruno": {"stake_cents": 200, "hand": 6}, "Carla": {"stake_cents": 100, "hand": "bust"},
                     "Dario": {"stake_cents": 50, "hand": "reale"}}}


@pytest.mark.parametrize("words", [
    ["banco Anna 6 e mezzo; Bruno 2 euro 6; Carla 1 euro sballato; Dario 50 centesimi reale"],
    ["bank Anna 6½, Bruno 2 euro 6, Carla 1 euro bust, Dario 50 cent reale"],
    ["banker=Anna", "banker_hand=6.5", "Bruno=2 euro 6", "Carla=1 euro sballato", "Dario=50c reale"],
    ["banco", "Anna", "sei", "e", "mezzo;", "Bruno", "€2", "6;", "Carla", "1,00", "euro", "sballato;", "Dario",
     "0,50", "euro", "reale"],
])
def test_the_table_words(words):
    assert GAME.parse_entry(SETUP, words) == TABLE


def test_a_stake_and_a_card_are_told_apart():
    read = GAME.parse_entry(SETUP, ["banco Anna 6; Bruno 5C 2D; Carla 50c 5C; Dario 1 euro 3c 2D"])["players"]
    assert read == {"Bruno": {"hand": "5C 2D"}, "Carla": {"stake_cents": 50, "hand": "5C"},
                    "Dario": {"stake_cents": 100, "hand": "3c 2D"}}


def test_the_last_stakes_are_the_default_and_questions_keep_the_answers():
    state, _ = GAME.apply(SETUP, GAME.start(SETUP), TABLE)
    doc = GAME.parse_entry(SETUP, ["banco Dario 7D 2C; Bruno 4; Carla 3 euro 5D JS"])
    qs = GAME.questions(SETUP, doc, state)
    assert [q.key for q in qs] == ["players.Bruno.stake_cents"] and qs[0].default == "2.00"
    doc = qs[0].answer(doc, qs[0].default)
    assert doc["players"]["Bruno"] == {"hand": 4, "stake_cents": 200}
    assert doc["players"]["Carla"] == {"stake_cents": 300, "hand": "5D JS"}
    asked = GAME.questions(SETUP, {}, state)
    assert [q.key for q in asked] == ["banker", "banker_hand", "players"] and asked[0].default == "Dario"


def test_a_typo_at_the_table_gets_the_nearest_word():
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(SETUP, ["banco Anna 6; Brnuo 2 euro 6"])
    assert "'Bruno'" in err.value.message
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(SETUP, ["banco Anna 6; Bruno 2 euro 8 di denari"])
    assert err.value.field.startswith("players.Bruno.hand")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_entry_help_examples_are_read(lang):
    import shlex

    from ledger.i18n import speaking

    with speaking(lang):
        lines = [line.strip() for line in str(entry.entry_help()).splitlines() if line.startswith("  ")]
    assert len(lines) == 2
    for line in lines:
        doc = GAME.parse_entry(SETUP, shlex.split(line))
        assert doc["banker"] == "Anna" and doc["players"]


# --- the CLI ----------------------------------------------------------------------------------------
def test_a_night_at_the_table(cli):
    cli("match", "new", "sette e mezzo", "-p", "Anna,Bruno,Carla,Dario")
    out = cli("hand", "add", "1", "banco Anna 6 e mezzo; Bruno 2 euro 6; Carla 1 euro sballato; "
              "Dario 50 centesimi reale").stdout
    assert "Next bank: Dario." in out and "+2.00" in out
    cli("hand", "add", "1", "banco Dario 7D 2C; Bruno 4; Carla sballato")  # the last stakes
    hands = json.loads(cli("export", "1", "--json").stdout)["hands"]
    assert hands[1]["players"]["Bruno"] == {"hand": 4, "stake_cents": 200}  # the last stakes by default
    cli("hand", "void", "1", "2")
    cli("hand", "edit", "1", "1", "banco Anna 6 e mezzo; Bruno 2 euro 7; Carla 1 euro sballato")
    assert "replays to its stored results" in cli("db", "check").stdout
    # hand 1 as corrected (the edit keeps what it does not retype: Dario's reale), hand 2 voided
    settle = cli.json("settle", "1")["currencies"]["EUR"]
    assert settle["nets"] == {"Anna": -200, "Bruno": 200, "Carla": -100, "Dario": 100}
    assert sorted((t["payer"], t["payee"], t["cents"]) for t in settle["transfers"]) == [
        ("Anna", "Bruno", 200), ("Carla", "Dario", 100)]
    exported = cli("export", "1", "--json").stdout
    doc = json.loads(exported)
    assert doc["game"] == "sette_e_mezzo" and doc["options"]["matta"] == "KD"


def test_errors_are_one_line_and_nothing_is_stored(cli):
    cli("match", "new", "sette_e_mezzo", "-p", "Anna,Bruno,Carla")
    line = cli.error("hand", "add", "1", "banco Anna 6; Bruno 2 euro 7C 7S 6D")
    assert "Bruno" in line and "7C 7S 6D" in line
    line = cli.error("hand", "add", "1", "banco Anna 6; Anna 2 euro 5")
    assert "Anna" in line
    line = cli.error("--lang", "it", "hand", "add", "1", "banco Anna 6; Bruno 2 euro 6.25")
    assert line.startswith("errore:") and "multiplo" in line
    assert json.loads(cli("export", "1", "--json").stdout)["hands"] == []  # nothing stored


def test_italian_output_and_the_same_json(cli):
    doc = json.dumps(CASES[0]["doc"])
    assert cli("--lang", "it", "score", "-", "--json", input=doc).stdout == cli("score", "-", "--json",
                                                                                input=doc).stdout
    cli("match", "new", "sette e mezzo", "-p", "Anna,Bruno,Carla", "--lang", "it")
    out = cli("--lang", "it", "hand", "add", "1", "banco Anna 6; Bruno 1 euro 7; Carla 50 centesimi sballato").stdout
    assert "Prossimo banco: Anna." in out and "Carla ha sballato" in out and "+1,00" in out
    line = cli.error("--lang", "it", "match", "new", "settemezzo", "-p", "Anna,Bruno", "-o", "limite=5")
    assert "passa_banco" in line and "posta" in line  # the options as Italians name them
    setup = cli.json("--lang", "it", "match", "new", "settemezzo", "-p", "Anna,Bruno", "-o", "posta=0,50",
                     "-o", "passa_banco=ogni mano", "-o", "matta=donna di coppe")
    assert setup["match"]["options"] == {"matta": "QH", "reale_double": True, "banker_reale_double": True,
                                         "bank_passes": "every_hand", "currency": "EUR", "stake_cents": 50}
    assert "Sette e mezzo" in cli("--lang", "it", "games").stdout


def test_the_prompts_ask_only_what_is_missing_in_italian(cli):
    cli("match", "new", "settemezzo", "-p", "Anna,Bruno,Carla")
    out = cli("--lang", "it", "hand", "add", "1", "-i", input="\n6C QS\nBruno 2 euro 6; Carla sballato\n1 euro\n")
    assert "chi tiene il banco (Invio: Anna)" in out.stdout and "Carla: posta" in out.stdout
    assert "Bruno: posta" not in out.stdout  # given on the line: not asked again
    nets = json.loads(cli("export", "1", "--json").stdout)["hands"][0]["players"]
    assert nets == {"Bruno": {"stake_cents": 200, "hand": 6}, "Carla": {"hand": "bust", "stake_cents": 100}}
    played = cli("--lang", "it", "play", "1", input="banco Anna 5; Bruno 7; Carla 3 euro 4\nesci\n")
    assert "mano 2 · banco Anna" in played.stdout
    assert len(json.loads(cli("export", "1", "--json").stdout)["hands"]) == 2


def test_a_mistyped_outcome_gets_the_word_meant():
    with pytest.raises(LedgerError) as err:
        held("sballto")
    assert "'sballato'" in str(err.value.message) and err.value.field == "hand"


def test_the_last_card_rule_waits_for_the_matches_matta():
    setup = GAME.setup(None, ["Anna", "Bruno"], None, {"matta": "7D"})
    doc = GAME.parse_entry(setup, ["banco Anna 6; Bruno 1 euro 7D 7C 6S"])  # with the matta at ½: 13½
    assert GAME.apply(setup, GAME.start(setup), doc)[1].to_json()["values"]["Bruno"] == "bust"
    with pytest.raises(LedgerError) as err:  # with no matta the hand had no last card
        GAME.apply(GAME.setup(None, ["Anna", "Bruno"], None, {"matta": None}),
                   GAME.start(GAME.setup(None, ["Anna", "Bruno"])), doc)
    assert err.value.field == "players.Bruno.hand"
