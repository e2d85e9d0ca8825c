"""Scala 40 (RULES.md "Scala 40 (no seed)"): penalties, not opened, in mano, the limit, re-entries,
the pot and its early-end share, the dealer, every impossible input, the words of the table and
the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import parse_card
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.replay import replay
from ledger.games.scala40 import rules
from ledger.games.scala40.records import Scala40State

GAME = get_game("scala40")
PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
CASES = [c for c in json.loads((Path(__file__).parents[1] / "cases.json").read_text())
         if c["id"].startswith(("scala40", "error-scala40"))]


def score(others, closed_by="Anna", **more):
    return GAME.score({"game": "scala40", "closed_by": closed_by, "others": others, **more}).to_json()


def play(docs, players=PLAYERS, ended_early=False, **options):
    s = GAME.setup(None, players, None, options, ended_early=ended_early)
    return s, replay(GAME, s, docs)


def final_json(docs, **kw):
    return play(docs, **kw)[1].final.to_json()


def error_of(fn, *args, **kwargs) -> LedgerError:
    with pytest.raises(LedgerError) as info:
        fn(*args, **kwargs)
    return info.value


# --- the worked cases ------------------------------------------------------------------------------
def subset(expect, got):
    if isinstance(expect, dict):
        return all(k in got and subset(v, got[k]) for k, v in expect.items())
    if isinstance(expect, list) and all(isinstance(x, str) for x in expect):
        return sorted(expect) == sorted(got)
    return expect == got


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_cases(case):
    doc = case["doc"]
    if case["kind"] == "score":
        run = lambda: GAME.score(doc).to_json()  # noqa: E731
    else:
        run = lambda: final_json(doc["hands"], players=doc["players"], ended_early=doc.get("ended_early", False),  # noqa: E731
                                 **doc.get("options", {}))
    if case.get("expect_error"):
        error_of(run)
    else:
        assert subset(case["expect"], run()), (case["expect"], run())


def test_there_are_worked_cases():
    assert len(CASES) >= 8


# --- penalties (RULES.md, FORMATS.md examples) -------------------------------------------------------
def test_card_values():
    assert [rules.card_points(parse_card(c)) for c in ("JK", "AS", "KH", "QD", "JC", "10S", "2H", "9D")] == \
        [25, 11, 10, 10, 10, 10, 2, 9]


def test_formats_example_and_in_mano_doubling():
    others = {"Bruno": "JK AS 7H", "Carla": 34, "Dario": {"opened": False}}
    out = score(others)
    assert out["penalties"] == {"Anna": 0, "Bruno": 43, "Carla": 34, "Dario": 100}
    assert out["doubled"] is False
    doubled = score(others, in_mano=True)
    assert doubled["penalties"] == {"Anna": 0, "Bruno": 86, "Carla": 68, "Dario": 200}
    assert doubled["doubled"] is True
    assert {"item": "in mano", "points": 43} in doubled["items"]["Bruno"]


def test_options_of_a_lone_hand():
    assert score({"Bruno": {"opened": False}}, options={"not_opened_points": 50})["penalties"]["Bruno"] == 50
    assert score({"Bruno": "AS"}, options={"lone_ace_one": True})["penalties"]["Bruno"] == 1
    assert score({"Bruno": "AS"})["penalties"]["Bruno"] == 11
    assert score({"Bruno": "AS 2S"}, options={"lone_ace_one": True})["penalties"]["Bruno"] == 13
    assert score({"Bruno": 20}, in_mano=True, options={"in_mano_double": False})["penalties"]["Bruno"] == 20


def test_not_opened_counted_with_null_flat():
    cards = "2S 2S 3D 3D 4H 4H 5C 5C 6S 7S 8S 9S KC"
    out = score({"Bruno": {"opened": False, "cards": cards}}, options={"not_opened_points": None})
    assert out["penalties"]["Bruno"] == 68
    err = error_of(score, {"Bruno": {"opened": False}}, options={"not_opened_points": None})
    assert err.field == "others.Bruno"


# --- every impossible input RULES.md lists ----------------------------------------------------------
@pytest.mark.parametrize("others, closed_by, field", [
    ({"Bruno": "KS KS 4D", "Carla": "KS 9C"}, "Anna", "others.Carla"),          # a card three times
    ({"Bruno": "JK JK JK", "Carla": "JK JK"}, "Anna", "others.Carla"),          # five jokers
    ({"Bruno": {"opened": False, "cards": "2S 3S"}}, "Anna", "others.Bruno.cards"),  # not opened, not 13 cards
    ({"Bruno": "2S 3S 4S 5S 6S 7S 8S 9S 10S KH"}, "Anna", "others.Bruno"),     # opened, 10 cards
    ({"Bruno": []}, "Anna", "others.Bruno"),                                   # opened, no card
    ({"Bruno": -3}, "Anna", "others.Bruno"),                                   # negative
    ({"Bruno": 12.5}, "Anna", "others.Bruno"),                                 # not whole
    ({"Bruno": 1}, "Anna", "others.Bruno"),                                    # below 2
    ({"Bruno": {"cards": "AS", "points": 11}}, "Anna", "others.Bruno"),        # cards and a number
    ({"Bruno": 10, "Anna": 4}, "Anna", "others.Anna"),                         # the closer pays
    ({"Bruno": "7X"}, "Anna", "others.Bruno[0]"),                              # no such card
])
def test_impossible_hands_are_refused_naming_the_field(others, closed_by, field):
    assert error_of(score, others, closed_by).field == field


def test_missing_closer_and_player_counts():
    assert error_of(GAME.score, {"game": "scala40", "others": {"Bruno": 4}}).field == "closed_by"
    assert error_of(score, {}).field == "others"  # one player alone
    many = {n: 5 for n in ("B", "C", "D", "E", "F", "G")}
    assert error_of(score, many).field == "others"  # seven players
    assert error_of(score, {"Bruno": 4}, typo=1).field == "typo"


@pytest.mark.parametrize("players", [["Anna"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_two_to_six_players(players):
    assert error_of(GAME.setup, None, players, None, {}).field == "players"


@pytest.mark.parametrize("options, field", [
    ({"limit": 0}, "options.limit"), ({"reentries": -1}, "options.reentries"),
    ({"in_mano_double": "maybe"}, "options.in_mano_double"), ({"lives": 3}, "options.lives"),
    ({"stake_cents": "a lot"}, "options.stake_cents"), ({"first_dealer": "Zoe"}, "options.first_dealer"),
])
def test_bad_options(options, field):
    assert error_of(GAME.setup, None, PLAYERS, None, options).field == field


def test_italian_option_names():
    s = GAME.setup(None, PLAYERS, None, {"limite": 201, "rientri": 1, "posta": "2,00"})
    assert (s.options["limit"], s.options["reentries"], s.options["stake_cents"]) == (201, 1, 200)


MATCH = [{"closed_by": "Anna", "others": {"Bruno": 60, "Carla": 34, "Dario": {"opened": False}}},
         {"closed_by": "Carla", "others": {"Anna": 12, "Bruno": 45, "Dario": 5}}]


@pytest.mark.parametrize("hand, field", [
    ({"closed_by": "Zoe", "others": {"Anna": 5, "Carla": 5}}, "closed_by"),         # not in the match
    ({"closed_by": "Bruno", "others": {"Anna": 5, "Carla": 5}}, "closed_by"),       # the closer is out
    ({"closed_by": "Anna", "others": {"Carla": 5, "Bruno": 5}}, "others.Bruno"),    # a player out
    ({"closed_by": "Anna", "others": {}}, "others.Carla"),                          # a player in left out
    ({"closed_by": "Anna", "others": {"Carla": 5, "carla": 6}}, "others.carla"),    # twice
    ({"reentry": ["Carla"], "closed_by": "Anna", "others": {"Carla": 5}}, "reentry"),  # re-entry while in
    ({"reentry": ["Bruno"], "closed_by": "Anna", "others": {"Carla": 5, "Bruno": 5}}, "reentry"),  # none agreed
])
def test_impossible_match_hands(hand, field):
    err = error_of(play, MATCH + [hand])
    assert err.field == f"hands[2].{field}"


def test_reentry_rules():
    opts = {"reentries": 1}
    back = {"reentry": ["Bruno"], "closed_by": "Anna", "others": {"Carla": "KH QH", "Bruno": 9, "Dario": 4}}
    assert error_of(play, MATCH + [back], **opts).field == "hands[2].others.Dario"  # Dario out, not re-entered
    hand3 = {"reentry": ["Dario"], "closed_by": "Anna", "others": {"Carla": "KH QH", "Dario": 9}}
    _, rp = play(MATCH + [hand3], **opts)
    assert rp.final.totals == {"Anna": 12, "Bruno": 105, "Carla": 54, "Dario": 43}  # FORMATS.md example
    again = {"closed_by": "Anna", "others": {"Carla": 10, "Dario": 70}}  # Dario out again
    twice = {"reentry": ["Dario"], "closed_by": "Anna", "others": {"Carla": 2, "Dario": 9}}
    err = error_of(play, MATCH + [hand3, again, twice], **opts)
    assert err.field == "hands[4].reentry" and err.code == "scala40.reentry_used"


def test_the_match_document_example():
    hand3 = {"reentry": ["Dario"], "closed_by": "Anna", "others": {"Carla": "KH QH", "Dario": 9}}
    out = final_json(MATCH + [hand3], reentries=1, stake_cents=200)
    assert out["out"] == ["Bruno"] and out["pot_cents"] == 1000 and out["reentries"]["Dario"] == 1
    assert out["settlement"] is None and out["winner"] is None and out["finished"] is False
    assert out["next_dealer"] == "Dario"  # Anna, Bruno, Carla dealt; Dario is back in his seat


def test_the_deal_skips_players_out_and_gives_the_seat_back_on_reentry():
    _, rp = play(MATCH, reentries=1)
    assert [r.detail.dealer for r in rp.results] == ["Anna", "Bruno"]
    assert rp.final.extra_as(Scala40State).next_dealer == "Carla"  # Bruno dealt; Carla is in
    hand3 = {"reentry": ["Dario"], "closed_by": "Anna", "others": {"Carla": 4, "Dario": 9}}
    _, rp = play(MATCH + [hand3], reentries=1)
    assert rp.results[-1].detail.dealer == "Carla"
    assert rp.final.extra_as(Scala40State).next_dealer == "Dario"  # back in his seat
    _, rp = play(MATCH, first_dealer="Carla")
    assert [r.detail.dealer for r in rp.results] == ["Carla", "Dario"]


def test_at_or_over_the_limit_is_out_and_the_last_one_in_wins():
    docs = [{"closed_by": "Anna", "others": {"Bruno": 101}}]
    out = final_json(docs, players=["Anna", "Bruno"], stake_cents=150)
    assert out["out"] == ["Bruno"] and out["winner"] == "Anna" and out["finished"] is True
    assert out["settlement"] == {"Anna": 150, "Bruno": -150}
    err = error_of(play, docs + [{"closed_by": "Anna", "others": {"Bruno": 3}}], players=["Anna", "Bruno"])
    assert err.code == "scala40.over"
    assert final_json([{"closed_by": "Anna", "others": {"Bruno": 100}}], players=["Anna", "Bruno"])["out"] == []


def test_a_limit_option():
    out = final_json([{"closed_by": "Anna", "others": {"Bruno": 150, "Carla": 151}}], players=PLAYERS[:3], limit=151)
    assert out["out"] == ["Carla"] and out["to_limit"] == {"Anna": 151, "Bruno": 1, "Carla": 0}


def test_ended_early_with_a_tie_has_no_winner_and_shares_the_pot():
    docs = [{"closed_by": "Anna", "others": {"Bruno": 30, "Carla": 40}},
            {"closed_by": "Bruno", "others": {"Anna": 30, "Carla": 2}}]
    out = final_json(docs, players=PLAYERS[:3], ended_early=True, stake_cents=100)
    assert out["winner"] is None and out["finished"] is False
    # points left 71, 71, 59 of 201: 300 x 71 / 201 = 105.97, 300 x 59 / 201 = 88.06; 2 cents left to the most
    assert out["pot_shares"] == {"Anna": 106, "Bruno": 106, "Carla": 88}
    assert sum(out["settlement"].values()) == 0


# --- invariants ------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(2, 6), st.integers(0, 2), st.integers(0, 500), st.booleans())
def test_random_matches_keep_their_invariants(seed, n, reentries, stake, early):
    """Nets sum to zero; a total only grows, except a re-entry's; a player out never plays; the
    state stored after each hand, read back, gives what a fresh replay gives."""
    rng = random.Random(seed)
    players = PLAYERS + ["Elena", "Franco"]
    s = GAME.setup(None, players[:n], None, {"reentries": reentries, "stake_cents": stake}, ended_early=early)
    state, docs = GAME.start(s), []
    for _ in range(30):
        if state.finished:
            break
        doc = GAME.sample_hand(s, state, rng)
        try:
            new, result = GAME.apply(s, state, doc)
        except LedgerError:
            continue
        back = set(result.detail.reentry)
        x = state.extra_as(Scala40State)
        assert not (set(result.detail.penalties) & (set(x.out) - back))
        assert all(new.totals[p] >= state.totals[p] for p in s.players if p not in back)
        stored = GAME.load_state(s, json.loads(json.dumps(state.to_json())))
        assert GAME.apply(s, stored, doc)[0].to_json() == new.to_json()
        state, docs = new, docs + [doc]
    final = replay(GAME, s, docs).final
    x = final.extra_as(Scala40State)
    assert x.pot_cents == sum(x.paid_cents.values())
    if final.finished or early:
        assert x.settlement is not None and sum(x.settlement.values()) == 0
    else:
        assert x.settlement is None


def test_sampled_matches_are_taken():
    rng = random.Random(3)
    s = GAME.sample_setup(PLAYERS, rng)
    state = GAME.start(s)
    for _ in range(40):
        if state.finished:
            break
        state, _ = GAME.apply(s, state, GAME.sample_hand(s, state, rng))
    assert state.hands > 0


# --- the words of the table ------------------------------------------------------------------------
def entry(text, players=PLAYERS, **options):
    s = GAME.setup(None, players, None, options)
    return GAME.parse_entry(s, text.split(" "))


def test_italian_phrase():
    doc = entry("chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto")
    assert doc == {"closed_by": "Anna", "others": {"Bruno": "JK AS 7H", "Carla": 34, "Dario": {"opened": False}}}


def test_english_phrase():
    doc = entry("Anna closed, Bruno JK AS 7H, Carla 34, Dario not opened")
    assert doc == {"closed_by": "Anna", "others": {"Bruno": "JK AS 7H", "Carla": 34, "Dario": {"opened": False}}}


def test_in_mano_reentry_and_italian_cards():
    doc = entry("rientra Dario; chiude in mano Anna; Bruno re di cuori asso di picche; Dario 9", reentries=1)
    assert doc == {"reentry": ["Dario"], "closed_by": "Anna", "in_mano": True,
                   "others": {"Bruno": "re di cuori asso di picche", "Dario": 9}}
    assert score(doc["others"], in_mano=True)["penalties"]["Bruno"] == 42
    assert entry("Anna chiude; in mano")["in_mano"] is True
    assert entry("Carla closed in hand")["in_mano"] is True
    assert entry("Dario non ha aperto 2S 2S 3D 3D 4H 4H 5C 5C 6S 7S 8S 9S KC")["others"]["Dario"] == \
        {"opened": False, "cards": "2S 2S 3D 3D 4H 4H 5C 5C 6S 7S 8S 9S KC"}
    assert entry("Dario not opened 62")["others"]["Dario"] == {"opened": False, "points": 62}
    assert entry("rientrano Dario e Bruno; Anna closed")["reentry"] == ["Dario", "Bruno"]


def test_key_value_words():
    s = GAME.setup(None, PLAYERS, None, {})
    doc = GAME.parse_entry(s, ["closed_by=Anna", "in_mano=yes", "Bruno=JK AS 7H", "Carla=34"])
    assert doc == {"closed_by": "Anna", "in_mano": True, "others": {"Bruno": "JK AS 7H", "Carla": 34}}


@pytest.mark.parametrize("text, field", [
    ("chiude Anan; Bruno 3", "closed_by"),
    ("chiude Anna; Zoe 3", "entry"),
    ("chiude Anna; Dario non ha apreto", "others.Dario"),
    ("chiude Anna; chiude Bruno", "closed_by"),
    ("chiude Anna; Bruno 3; Bruno 4", "others.Bruno"),
    ("chiude Anna; Bruno 7X", "others.Bruno[0]"),
])
def test_bad_words_name_the_part(text, field):
    assert error_of(entry, text).field == field


def test_questions_ask_only_what_is_missing():
    s = GAME.setup(None, PLAYERS, None, {"reentries": 1})
    _, rp = play(MATCH, reentries=1)
    state = rp.final
    qs = GAME.questions(s, {}, state)
    assert qs[0].key == "reentry"
    doc = qs[0].answer({}, "Dario")
    assert GAME.questions(s, doc, state)[0].key == "closed_by"
    doc = GAME.questions(s, doc, state)[0].answer(doc, "Anna")
    assert GAME.questions(s, doc, state)[0].key == "in_mano"
    doc = GAME.questions(s, doc, state)[0].answer(doc, "no")
    keys = []
    while True:
        qs = GAME.questions(s, doc, state)
        if not qs:
            break
        keys.append(qs[0].key)
        doc = qs[0].answer(doc, "non ha aperto" if qs[0].key == "others.Dario" else "KH QH")
    assert keys == ["others.Carla", "others.Dario"]  # Bruno is out: not asked
    assert doc["reentry"] == ["Dario"] and doc["others"] == {"Carla": "KH QH", "Dario": {"opened": False}}
    GAME.apply(s, state, doc)  # the answers make a hand the match takes


# --- the CLI ---------------------------------------------------------------------------------------
def new_match(cli, *options):
    args = ["match", "new", "scala40", "-p", "Anna,Bruno,Carla,Dario"]
    for o in options:
        args += ["-o", o]
    cli(*args)


def test_cli_a_night(cli):
    new_match(cli, "reentries=1", "stake=2")
    out = cli("hand", "add", "1", "chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto").stdout
    assert "Hand 1: Anna 0, Bruno 43, Carla 34, Dario 100" in out
    cli("hand", "add", "1", "Carla", "closed,", "Bruno", "60,", "Anna", "12,", "Dario", "5")
    shown = cli("show", "1").stdout
    assert "Next dealer: Carla." in shown and "pot 8.00 EUR" in shown and "re-entries" in shown
    cli("hand", "add", "1", "rientra Bruno; Anna closed in hand; Bruno 10; Carla 2H")
    state = cli.json("show", "1")
    assert state["pot_cents"] == 1000 and state["reentries"]["Bruno"] == 1 and state["out"] == ["Dario"]
    cli("hand", "void", "1", "3")
    cli("hand", "edit", "1", "2", "chiude Carla; Bruno 61; Anna 12; Dario 5")
    assert "Every match replays" in cli("db", "check").stdout
    exported = cli.json("export", "1")
    assert exported["game"] == "scala40" and exported["options"]["reentries"] == 1


def test_cli_errors_are_one_line_and_store_nothing(cli):
    new_match(cli)
    line = cli.error("hand", "add", "1", "chiude Anna; Bruno 1; Carla 4; Dario 3")
    assert "Bruno: " in line and "others." not in line and "1" in line  # labelled in words
    line = cli.error("hand", "add", "1", "chiude Anna; Bruno 3; Carla 4")
    assert "Dario" in line
    assert "#" not in cli("show", "1").stdout.split("Standing")[0].split("━")[-1]  # no hand row stored
    assert cli.json("export", "1")["hands"] == []


def test_cli_italian(cli):
    new_match(cli, "stake=1")
    out = cli("--lang", "it", "hand", "add", "1", "chiude Anna; Bruno 3; Carla 4; Dario non ha aperto").stdout
    assert "Prossimo mazziere" in out or "mazziere" in out
    line = cli.error("--lang", "it", "hand", "add", "1", "chiude Anna; Bruno 1; Carla 4; Dario 3")
    assert line.startswith("errore:") and "almeno 2" in line


def test_cli_score_and_games(cli):
    doc = {"game": "scala 40", "closed_by": "Anna", "others": {"Bruno": "JK AS 7H"}}
    assert cli.json("score", "-", input=json.dumps(doc))["penalties"] == {"Anna": 0, "Bruno": 43}
    listed = cli("games").stdout
    assert "Scala 40" in listed or "scala40" in listed


def test_cli_play_reads_the_words_of_the_table(cli):
    out = cli("play", "scala40", "-p", "Anna,Bruno,Carla", "-o", "rientri=1",
              input="chiude Anna; Bruno 120; Carla 30\nrientra Bruno; Carla closed; Anna 5; Bruno 9\nquit\n").stdout
    assert "Bruno re-entered at" in " ".join(out.split())  # (at 80 columns the 30 wraps in the notes column)
    shown = cli.json("show", "1")
    assert shown["totals"] == {"Anna": 5, "Bruno": 39, "Carla": 30} and shown["reentries"]["Bruno"] == 1


def test_a_match_without_a_stake_is_not_money(cli):
    from ledger.games.stakes import match_money

    s, rp = play([{"closed_by": "Anna", "others": {"Bruno": 120}}], players=["Anna", "Bruno"])
    assert rp.final.finished and match_money(s, rp.final) is None
    s, rp = play([{"closed_by": "Anna", "others": {"Bruno": 120}}], players=["Anna", "Bruno"], stake="1,50")
    money = match_money(s, rp.final)
    assert money is not None and money.nets == {"Anna": 150, "Bruno": -150}
    new_match(cli)
    cli("hand", "add", "1", "chiude Anna; Bruno 120; Carla 200; Dario non ha aperto")
    assert "EUR" not in cli("show", "1").stdout


def test_cli_prompts_ask_what_is_missing(cli):
    new_match(cli)
    cli("hand", "add", "1", "-i", "chiude Anna; Carla 7", input="\n5\nnon ha aperto\n")  # in mano: Enter for no
    hand = cli.json("show", "1")["hands"][0]["result"]
    assert hand["penalties"] == {"Anna": 0, "Bruno": 5, "Carla": 7, "Dario": 100} and hand["doubled"] is False


# --- found trying it at the table ------------------------------------------------------------------
def test_cli_edit_giving_another_closer_drops_his_old_penalty(cli):
    new_match(cli)
    cli("hand", "add", "1", "chiude in mano Anna; Bruno 3; Carla 4; Dario 5")
    cli("hand", "edit", "1", "1", "chiude Carla; Anna 7; Bruno 3; Dario 5")
    hand = cli.json("show", "1")["hands"][0]["result"]
    # the whole hand was said again: Carla's old 4 and Anna's in mano are gone with the old closer
    assert hand["penalties"] == {"Anna": 7, "Bruno": 3, "Carla": 0, "Dario": 5} and hand["doubled"] is False
    cli("hand", "edit", "1", "1", "Bruno 9")  # a part alone still changes only that part
    assert cli.json("show", "1")["hands"][0]["result"]["penalties"]["Bruno"] == 9


def test_report_unit_in_italian(cli):
    new_match(cli)
    cli("hand", "add", "1", "chiude Anna; Bruno 120; Carla 200; Dario 300")
    out = " ".join(cli("--lang", "it", "report").stdout.split())
    assert "punti di penalità" in out and "penalty points" not in out


def test_a_penalty_beyond_any_hand_is_refused():
    # 9 cards count at most 155 (4 jokers, 5 aces) and 13 at most 198: 1000 is past any hand
    for others in ({"Bruno": 10 ** 26}, {"Bruno": 1001}, {"Bruno": {"opened": False, "points": 5000}}):
        err = error_of(score, others, options={"not_opened_points": None})
        assert err.field.startswith("others.Bruno") and "1000" in str(err).replace(".", "").replace(",", "")
    assert score({"Bruno": 1000})["penalties"]["Bruno"] == 1000


def test_a_negative_count_of_a_player_who_never_opened_is_not_called_opened():
    err = error_of(score, {"Bruno": {"opened": False, "points": -1}}, options={"not_opened_points": None})
    assert err.field == "others.Bruno.points" and "opened" not in err.message and "-1" in err.message


def test_a_refused_answer_is_folded_to_the_terminal(cli, monkeypatch):
    from ledger.cli import render

    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setattr(render, "_console", None)  # a console as wide as COLUMNS, for this test only
    new_match(cli)
    out = cli("hand", "add", "1", "-i", "chiude Anna; Carla 7; Dario 5", input="\n1\n3\n")
    said = [line for line in out.stderr.splitlines() if line.strip()]
    assert "please answer again" in " ".join(line.strip() for line in said)
    assert all(len(line) <= 60 for line in said), said
    assert cli.json("show", "1")["hands"][0]["result"]["penalties"]["Bruno"] == 3


def test_the_score_table_gives_every_player_and_his_total(cli):
    doc = {"game": "scala40", "closed_by": "Anna", "others": {"Bruno": "JK AS 7H", "Carla": 34}}
    rows = [line.split() for line in cli("score", "-", input=json.dumps(doc)).stdout.splitlines()]
    assert ["Anna", "total", "0"] in rows  # the closer has no items: his name is on his total
    assert ["total", "+43"] in rows and ["total", "+34"] in rows


def test_a_word_alone_says_nothing_follows_it(cli):
    new_match(cli, "reentries=1")
    assert cli.error("hand", "add", "1", "chiude Anna; Bruno 5; Carla 5; Dario 4; rientra") == \
        "error: re-entries: 'rientra': say what after it (e.g. rientra Anna)"
    assert cli.error("--lang", "it", "hand", "add", "1", "Bruno 5; Carla 5; Dario 4; chiude") == \
        "errore: chi chiude: 'chiude': di' cosa dopo (ad es. chiude Anna)"


def test_a_part_of_a_player_s_object_is_named_in_the_language(cli):
    doc = {"game": "scala40", "closed_by": "Anna", "others": {"Bruno": {"opened": False, "cards": "2S"}}}
    assert cli.error("--lang", "it", "score", "-", input=json.dumps(doc)).startswith("errore: Bruno, carte: ")
    assert cli.error("score", "-", input=json.dumps(doc)).startswith("error: Bruno, cards: ")
