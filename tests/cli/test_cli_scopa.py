"""The CLI end to end on Scopa and Scopone matches (Typer's CliRunner, a temporary ledger per test)."""

from __future__ import annotations

import json

from ledger.cards import ITALIAN_40

DECK = [str(c) for c in ITALIAN_40.cards()]
DENARI_COPPE = " ".join(c for c in DECK if c[-1] in "DH")  # 20 cards: every denaro and every coppe
ITALIAN = "7 di denari, re di coppe, fante di spade, asso di bastoni, sette di coppe, cavallo di denari"


def test_a_match_with_piles_italian_words_counts_and_the_deal_to_the_right(cli):
    out = cli.json("match", "new", "scopa", "-p", "Anna,Bruno,Carla,Dario", "-o", "target=21")
    assert out["match"]["sides"] == {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}
    out = cli.json("hand", "add", "1", f"Anna={DENARI_COPPE}", "Anna.scope=2", "EW=rest", "dario.scope=1")
    hand = out["hands"][0]["result"]
    assert hand["points"] == {"NS": 4, "EW": 1} and hand["rest"] == "EW"  # denari, settebello, 2 scope; 1 scopa
    assert hand["counts"]["NS"] == {"cards": 20, "denari": 10, "settebello": True, "primiera": 0, "scope": 2}
    out = cli.json("hand", "add", "1", f"Carla={ITALIAN}", "Bruno=rest")
    assert out["hands"][1]["result"]["counts"]["NS"]["cards"] == 6
    out = cli.json("hand", "add", "1", "NS=22 carte, 6 denari, settebello, primiera 78, 2 scope",
                   "EW.cards=18", "EW.denari=4", "EW.primiera=70", "EW.scope=1")
    assert out["hands"][2]["result"]["points"] == {"NS": 6, "EW": 1}
    shown = cli.json("show", "1")
    assert shown["totals"] == out["totals"] and not shown["finished"]
    text = cli("show", "1").stdout
    assert "Points by kind" in text and "settebello" in text and "primiera" in text
    # Anna dealt the first hand; the deal passes to her right: Dario, Carla, then Bruno
    assert "Next dealer: Bruno." in text
    rows = [row.split() for row in text.splitlines()]
    dealt = [r[1] for r in rows if len(r) > 2 and r[0] in ("1", "2", "3") and r[2][0] in "+-0123456789"]  # the table's rows
    assert dealt == ["Anna", "Dario", "Carla"]


def test_scopone_in_pairs_to_21_and_no_hand_after_the_end(cli):
    cli("match", "new", "scopa", "-r", "scopone", "-s", "Noi=Anna,Carla", "-s", "Voi=Bruno,Dario", "-o", "target=11")
    assert cli.error("hand", "add", "1", "Noi=rest", "Voi=rest") == (
        "error: hand 1: Voi, cards: only one side may be the rest of the deck")
    assert cli.error("hand", "add", "1", "Noi=rest", "Voi=rest", "--json") == (
        "error: hand 1: sides.Voi.cards: only one side may be the rest of the deck")
    big = ["Noi.cards=26", "Noi.denari=7", "Noi.settebello=sì", "Noi.primiera=84", "Noi.scope=9",
           "Voi.cards=14", "Voi.denari=3", "Voi.primiera=60"]
    out = cli.json("hand", "add", "1", *big)
    assert out["totals"] == {"Noi": 13, "Voi": 0} and out["finished"] and out["winner"] == "Noi"
    assert "is over" in cli.error("hand", "add", "1", *big)
    assert cli("match", "new", "scopa", "-r", "scopone", "-p", "Anna,Bruno,Carla", code=2).exit_code == 2


def test_bad_input_is_one_line_and_writes_nothing(cli):
    """People read the side and the count in their words, programs (--json) the field's path."""
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    before = cli("export", "1").stdout
    for words, field, label in (
            (["Anna=8D 7D 6D", "Bruno=rest"], "sides.Anna.cards", "Anna, cards"),
            (["Anna=AD AD", "Bruno=rest"], "sides.Anna.cards", "Anna, cards"),
            ([f"Anna={DENARI_COPPE}", "Bruno=AS"], "sides", "captured piles"),
            (["Anna=AD 2D", "Anna.scope=2", "Bruno=rest"], "sides.Anna.scope", "Anna, scope"),
            (["Anna=22 carte 6 denari settebello primiera 78", "Bruno=rest"], "sides.Bruno.cards", "Bruno, cards"),
            (["Anna.cards=14", "Anna.denari=4", "Anna.settebello=yes", "Anna.primiera=70",
              "Bruno.cards=26", "Bruno.denari=6", "Bruno.settebello=yes", "Bruno.primiera=70"],
             "sides.Bruno.settebello", "Bruno, settebello"),
            (["Anna.denari=11"], "sides.Anna.denari", "Anna, denari"),
            (["Anna=rest", "Zoe=AD"], "hand", "hand")):
        for shown, json_flag in ((label, ()), (field, ("--json",))):
            line = cli.error("hand", "add", "1", *words, *json_flag)
            assert line.startswith((f"error: {shown}:", f"error: hand 1: {shown}:")), line
    assert cli.error("--lang", "it", "hand", "add", "1", "Anna=AD AD", "Bruno=rest").startswith("errore: Anna, carte:")
    assert cli("export", "1").stdout == before


def test_a_misspelt_count_word_is_named_not_the_number_it_left_as_a_card(cli):
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    typed = ["Anna", "22", "crate", "6", "denari,", "Bruno", "18", "carte", "4", "denari"]
    assert cli.error("hand", "add", "1", *typed) == \
        "error: Anna: 'crate' is not a count of the pile: did you mean 'carte'?"
    assert cli.error("--lang", "it", "hand", "add", "1", *typed) == \
        "errore: Anna: 'crate' non è un conteggio del mazzetto: intendevi 'carte'?"
    assert "'XX'" in cli.error("hand", "add", "1", "Anna", "7D", "XX", "Bruno", "resto")  # a card is still named
    # the misspelt word first, as KEY=VALUE: still the count word, not a card it looks like
    assert cli.error("--lang", "it", "hand", "add", "1", "Anna=crate 22", "Bruno=carte 18") == \
        "errore: Anna: 'crate' non è un conteggio del mazzetto: intendevi 'carte'?"
    assert "'fnate'" in cli.error("hand", "add", "1", "Anna=fnate 7D", "Bruno=resto")  # no number: a card's typo
    assert cli.json("show", "1")["hands"] == []


def test_prompts_ask_the_pile_the_counts_and_the_scope(cli):
    cli("match", "new", "scopa", "-p", "Anna,Bruno", "-o", "napola=yes")
    answers = "\n".join(["22 carte 6 denari primiera 78", "sì", "4", "2", "rest", "0"]) + "\n"
    r = cli("hand", "add", "1", "-i", "--json", input=answers, code=None)
    assert cli.json("show", "1")["hands"] == []
    assert "a side can be 'rest' only when every other side is given as cards" in r.stderr  # asked again
    answers = "\n".join(["22 carte 6 denari primiera 78", "sì", "4", "2",
                         "18 carte, 4 denari, no settebello, primiera 70, napola 0", "1"]) + "\n"
    r = cli("hand", "add", "1", "-i", "--json", input=answers)
    out = json.loads(r.stdout[r.stdout.index("{"):])
    assert out["totals"] == {"Anna": 10, "Bruno": 1}  # 4 + napola 4 + 2 scope; 1 scopa


def test_void_edit_check_export_and_import_round_trip(cli, tmp_path):
    cli("match", "new", "scopa", "-p", "Anna,Bruno,Carla", "-o", "first_dealer=Carla")
    cli("hand", "add", "1", "Anna=AD 2D 3D 7D 7C 7S 7H", "Bruno=KD QD JD KC", "Carla=rest", "Carla.scope=3")
    cli("hand", "add", "1", f"Anna={DENARI_COPPE}", "Bruno=rest", "Carla=")
    shown = cli.json("hand", "void", "1", "1", "--reason", "misdeal")
    assert len(shown["hands"]) == 1
    out = cli.json("hand", "edit", "1", "1", "Carla=AS", "Bruno=rest", "--reason", "Carla had the ace of spades")
    assert out["hands"][0]["result"]["counts"]["Carla"]["cards"] == 1
    assert cli.json("db", "check") == {"ok": True, "problems": []}
    history = cli.json("match", "history", "1")
    assert [h["voided"] for h in history] == [True, True, False]
    exported = cli("export", "1").stdout
    (tmp_path / "m.json").write_text(exported)
    replayed = cli.json("replay", str(tmp_path / "m.json"))
    assert replayed["totals"] == out["totals"] and replayed["hands"][0]["result"]["points"] == \
        out["hands"][0]["result"]["points"]
    cli("import", str(tmp_path / "m.json"))
    again = cli("export", "2").stdout
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k not in ("created_at", "night")}  # noqa: E731
    assert strip(again)["hands"] == strip(exported)["hands"]
    assert cli.json("show", "2")["totals"] == out["totals"]
    assert "Next dealer: Bruno." in cli("show", "2").stdout  # Carla dealt; to her right: Bruno


def test_score_and_replay_documents(cli):
    doc = {"game": "scopa", "options": {"re_bello": True},
           "sides": {"Anna": {"cards": "rest"}, "Bruno": {"cards": "KD 7C 6S 5H AD 2C JS QH", "scope": 2}}}
    assert cli.json("score", "-", input=json.dumps(doc))["points"] == {"Anna": 4, "Bruno": 3}
    text = cli("score", "-", input=json.dumps(doc)).stdout
    assert "re bello" in text and "Anna +4, Bruno +3" in text
    match = {"game": "scopa", "players": ["Anna", "Bruno"], "options": {"target": 5},
             "hands": [{"sides": {"Anna": DENARI_COPPE, "Bruno": "rest"}}] * 3}
    out = cli.json("replay", "-", input=json.dumps(match))  # Anna: denari and settebello each hand
    assert (out["totals"], out["winner"], out["finished"]) == ({"Anna": 6, "Bruno": 0}, "Anna", True)
    assert [h["result"]["points"]["Anna"] for h in out["hands"]] == [2, 2, 2]
    assert cli.error("replay", "-", input=json.dumps({**match, "ended_early": 3})).startswith("error: ended_early")


def test_the_demo_night_has_a_scopa_and_a_scopone(cli):
    views = cli.json("demo")
    games = [(v["match"]["game"], v["match"]["rules"]) for v in views]
    assert ("scopa", "scopa") in games and ("scopa", "scopone") in games
    assert cli.json("db", "check")["ok"]
    assert "Scopa" in cli("report", "--demo").stdout
