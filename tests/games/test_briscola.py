"""Briscola, rule sets classica and chiamata (RULES.md "Briscola"): the worked cases, the rulings'
examples, every impossible input RULES.md lists, the match, the deal to the right, the words at
the table in English and Italian, and the CLI from a new match to a clean ``db check``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import ITALIAN_40, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games import command_game, get_game
from ledger.games.replay import replay
from ledger.games.briscola import hand as entry
from ledger.games.briscola.rules import (
    ChiamataHand, ChiamataOptions, bid_multiplier, card_points, score_chiamata,
)
from ledger.cards import Card
from ledger.games.documents import replay_document
from tests.cli.test_widths import columns  # noqa: F401 (a fixture: the console COLUMNS wide)

GAME = get_game("briscola")
CASES = [c for c in json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
         if c["id"].startswith(("briscola", "error-briscola"))]
FIVE = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
DECK = ITALIAN_40.cards()


def score(doc: dict, rules: str | None = None) -> dict:
    return GAME.score({"game": "briscola", **doc}, rules).to_json()


def call(**fields) -> dict:
    doc = {"rules": "chiamata", "players": FIVE, "caller": "Anna", "bid": 70, "called": "3D", "partner": "Carla",
           "caller_points": 78, **fields}
    return score(doc)


def refused(doc: dict, rules: str | None = None) -> LedgerError:
    with pytest.raises(LedgerError) as err:
        GAME.score({"game": "briscola", **doc}, rules)
    return err.value


# --- the worked cases --------------------------------------------------------------------------------------
def test_the_worked_cases_are_all_here():
    ids = {c["id"] for c in CASES}
    assert len(ids) == 11 and {"briscola-draw", "briscola-chiamata-match-six", "error-briscola-points-119"} <= ids


def _sub(expect, got) -> bool:
    if isinstance(expect, dict):
        return isinstance(got, dict) and all(k in got and _sub(v, got[k]) for k, v in expect.items())
    return expect == got


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_case(case):
    doc = case["doc"]
    if case.get("expect_error"):
        with pytest.raises(LedgerError):
            GAME.score(doc, doc.get("rules")) if case["kind"] == "score" else replay_document(doc)
        return
    if case["kind"] == "score":
        got = GAME.score(doc, doc.get("rules")).to_json()
    else:
        _, rp = replay_document(doc)
        got = {**rp.final.to_json(), "hands": [r.to_json() for r in rp.results]}
    assert _sub(case["expect"], got), (case["expect"], got)


# --- card points and the examples of RULES.md -------------------------------------------------------------
def test_the_deck_is_worth_120_and_each_rank_its_points():
    assert card_points(DECK) == 120
    assert card_points(parse_cards("AD 3D KD QD JD 2D 4D 5D 6D 7D", italian=True)) == 30
    assert card_points(parse_cards("asso di coppe, tre di spade, re di denari", italian=True)) == 25


def test_a_pile_and_the_rest_split_the_120_and_61_wins():
    got = score({"sides": {"Anna": "AD AC 3D 3S KH KC QD JS JH 4C 5C 6D 7S 2S 5H 6C 7D 4S 2H 5S 6S 4H",
                           "Bruno": "rest"}})
    assert got["points"] == {"Anna": 57, "Bruno": 63} and got["winner"] == "Bruno" and got["rest"] == "Bruno"
    assert {it["item"]: it["points"] for it in got["items"]["Anna"]} == {"A": 22, "3": 20, "K": 8, "Q": 3, "J": 4}


def test_60_60_is_a_draw_unless_the_last_trick_decides():
    assert score({"sides": {"NS": 60, "EW": 60}})["winner"] is None
    tied = {"sides": {"NS": 60, "EW": 60}, "options": {"tie_last_trick": True}}
    assert score({**tied, "last_trick": "NS"})["winner"] == "NS"
    assert refused(tied).field == "last_trick"


def test_three_players_the_unique_highest_wins_without_a_two():
    assert score({"sides": {"Anna": 50, "Bruno": 41, "Carla": 29}})["winner"] == "Anna"
    assert score({"sides": {"Anna": 41, "Bruno": 41, "Carla": 38}, "removed": "2C"})["winner"] is None
    deck = [c for c in DECK if c != Card("2", "H")]
    got = score({"sides": {"Anna": format_cards(deck[:12]), "Bruno": format_cards(deck[12:27]), "Carla": "rest"}})
    assert sum(got["points"].values()) == 120
    assert refused({"sides": {"Anna": "2H AS 3S", "Bruno": 50, "Carla": 40}}).field == "sides.Anna"


def test_chiamata_points_per_player_with_a_partner_and_alone():
    assert call()["points"] == {"Anna": 2, "Bruno": -1, "Carla": 1, "Dario": -1, "Elena": -1}
    assert call(caller_points=69)["points"] == {"Anna": -2, "Bruno": 1, "Carla": -1, "Dario": 1, "Elena": 1}
    alone = call(partner="Anna", caller_points=40)
    assert alone["points"] == {"Anna": -4, "Bruno": 1, "Carla": 1, "Dario": 1, "Elena": 1} and alone["alone"]


def test_cappotto_doubles_and_the_bid_multiplier_multiplies():
    assert call(caller_points=0)["multiplier"] == 2 and call(caller_points=0)["points"]["Anna"] == -4
    assert call(caller_points=120, options={"cappotto_double": False})["multiplier"] == 1
    assert [bid_multiplier(b) for b in (61, 70, 71, 80, 81, 90, 91, 100, 101, 120)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    got = call(bid=95, caller_points=120, options={"bid_multiplier": True})
    assert got["multiplier"] == 8 and got["points"]["Anna"] == 16


def test_chiamata_from_the_piles_adds_the_callers_and_the_partners():
    cuts = [0, 10, 15, 25, 30, 40]
    piles = {p: format_cards(DECK[cuts[i]:cuts[i + 1]]) for i, p in enumerate(FIVE)}
    doc = {"rules": "chiamata", "players": FIVE, "caller": "Anna", "bid": 61, "called": "AS", "partner": "Carla",
           "piles": piles}
    want = card_points(DECK[:10]) + card_points(DECK[15:25])
    assert score(doc)["caller_side_points"] == want


# --- every impossible input RULES.md lists ----------------------------------------------------------------
@pytest.mark.parametrize("sides, extra, field", [
    ({"Anna": "AS 8S", "Bruno": "rest"}, {}, "sides.Anna"),                      # an 8: not in the 40
    ({"Anna": "AS AS", "Bruno": "rest"}, {}, "sides.Anna"),                      # a card twice
    ({"Anna": "AS 3S", "Bruno": "AS 2S"}, {}, "sides.Bruno"),                    # in two piles
    ({"Anna": "AS 3S", "Bruno": "KS 2S"}, {}, "sides"),                          # not the 40 cards
    ({"Anna": "AS 3S KS", "Bruno": "rest"}, {}, "sides.Anna"),                   # odd with two players
    ({"Anna": 70, "Bruno": 60}, {}, "sides"),                                    # not 120
    ({"Anna": -2, "Bruno": 122}, {}, "sides.Anna"),                              # negative
    ({"Anna": 130, "Bruno": 0}, {}, "sides.Anna"),                               # over 120
    ({"Anna": 60.5, "Bruno": 59.5}, {}, "sides.Anna"),                           # not whole
    ({"NS": 119, "EW": 1}, {}, "sides.NS"),                                      # cannot be made
    ({"Anna": 60, "Bruno": "rest"}, {}, "sides.Anna"),                           # rest beside a number
    ({"Anna": "rest", "Bruno": "rest"}, {}, "sides.Bruno"),                      # two rests
    ({"Anna": 60}, {}, "sides"),                                                 # one side
    ({"A": 30, "B": 30, "C": 30, "D": 30}, {}, "sides"),                         # four sides
    ({"Anna": 50, "Bruno": 40, "Carla": 30}, {"removed": "3C"}, "removed"),      # not a 2
    ({"Anna": 60, "Bruno": 60}, {"removed": "2C"}, "removed"),                   # a 2 out with two
    ({"Anna": "AS 3S 2H", "Bruno": 40, "Carla": 59}, {}, "sides.Anna"),          # the removed 2 in a pile
    ({"Anna": "AS 3S KS QS", "Bruno": 60, "Carla": 35}, {}, "sides.Anna"),   # not a multiple of 3
    ({"Anna": "", "Bruno": "rest"}, {"last_trick": "Anna"}, "last_trick"),       # an empty pile's last trick
    ({"Anna": 60, "Bruno": 60}, {"last_trick": "Carla"}, "last_trick"),          # not a side
])
def test_impossible_classica_input_is_refused_naming_the_field(sides, extra, field):
    assert refused({"sides": sides, **extra}).field == field


@pytest.mark.parametrize("fields, field", [
    ({"players": FIVE[:4]}, "players"),
    ({"caller": "Fabio"}, "caller"),
    ({"partner": "Fabio"}, "partner"),
    ({"bid": 55}, "bid"),
    ({"bid": 121}, "bid"),
    ({"bid": 70.5}, "bid"),
    ({"called": "8D"}, "called"),
    ({"called": "XX"}, "called"),
    ({"caller_points": 119}, "caller_points"),
    ({"caller_points": 121}, "caller_points"),
    ({"piles": {p: "" for p in FIVE}}, "piles"),
    ({"caller_points": None, "piles": {**{p: "" for p in FIVE}, "Anna": format_cards(DECK[:39])}}, "piles.Anna"),
    ({"caller_points": None, "piles": {"Anna": format_cards(DECK)}}, "piles.Bruno"),
    ({"caller_points": None, "piles": {p: format_cards(DECK[:5]) for p in FIVE}}, "piles"),
    ({"caller_points": None}, "caller_points"),
])
def test_impossible_chiamata_input_is_refused_naming_the_field(fields, field):
    doc = {"rules": "chiamata", "players": FIVE, "caller": "Anna", "bid": 70, "called": "3D", "partner": "Carla",
           "caller_points": 78, **fields}
    doc = {k: v for k, v in doc.items() if v is not None}
    assert refused(doc).field == field


def test_an_unknown_field_or_option_is_named():
    assert refused({"sides": {"A": 60, "B": 60}, "last_trik": "A"}).field == "last_trik"
    assert refused({"sides": {"A": 60, "B": 60}, "options": {"wins": 3}}).field == "options.wins"


# --- the match ---------------------------------------------------------------------------------------------
def test_setup_seats_pairs_alternately_and_checks_the_options():
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    assert setup.sides == {"Anna & Carla": ("Anna", "Carla"), "Bruno & Dario": ("Bruno", "Dario")}
    assert setup.options == {"wins": 2, "tie_last_trick": False}
    setup = GAME.setup("classica", None, {"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]}, {"hands": 3})
    assert setup.players == ("Anna", "Bruno", "Carla", "Dario") and setup.options["hands"] == 3
    for rules, players, options, field in [
            (None, FIVE, {}, "players"), ("chiamata", FIVE[:4], {}, "players"),
            (None, FIVE[:2], {"wins": 2, "hands": 3}, "options.hands"), (None, FIVE[:2], {"wins": 0}, "options.wins"),
            ("chiamata", FIVE, {"wins": 2}, "options.wins"), ("chiamata", FIVE, {"stake_cents": -5},
                                                                "options.stake_cents")]:
        with pytest.raises(LedgerError) as err:
            GAME.setup(rules, players, None, options)
        assert err.value.field == field


def test_briscola_chiamata_is_a_game_name_at_the_command_line():
    assert command_game("briscola chiamata") == ("briscola", "chiamata")
    assert GAME.check_rules("classic") == "classica"


def test_the_deal_passes_to_the_right():
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    assert [GAME.dealer(setup, i) for i in range(5)] == ["Anna", "Dario", "Carla", "Bruno", "Anna"]
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla"], None, {"first_dealer": "Bruno"})
    assert [GAME.dealer(setup, i) for i in range(3)] == ["Bruno", "Anna", "Carla"]


def test_a_fixed_number_of_hands_plays_on_while_the_most_wins_are_level():
    setup = GAME.setup(None, ["Anna", "Bruno"], None, {"hands": 2})
    rp = replay(GAME, setup, [{"sides": {"Anna": 70, "Bruno": 50}}, {"sides": {"Anna": 30, "Bruno": 90}}])
    assert not rp.final.finished and rp.final.totals == {"Anna": 1, "Bruno": 1}
    rp = replay(GAME, setup, [{"sides": {"Anna": 70, "Bruno": 50}}, {"sides": {"Anna": 30, "Bruno": 90}},
                              {"sides": {"Anna": 60, "Bruno": 60}}, {"sides": {"Anna": 64, "Bruno": 56}}])
    assert rp.final.finished and rp.final.winner == "Anna" and rp.final.extra.draws == 1
    with pytest.raises(LedgerError) as err:
        GAME.apply(setup, rp.final, {"sides": {"Anna": 64, "Bruno": 56}})
    assert err.value.field == "hand"


def test_ended_early_the_most_wins_or_nobody_and_a_chiamata_is_settled():
    setup = GAME.setup(None, ["Anna", "Bruno"], None, {}, ended_early=True)
    assert replay(GAME, setup, [{"sides": {"Anna": 70, "Bruno": 50}}]).final.winner == "Anna"
    assert replay(GAME, setup, [{"sides": {"Anna": 60, "Bruno": 60}}]).final.winner is None
    setup = GAME.setup("chiamata", FIVE, None, {"stake_cents": 25}, ended_early=True)
    rp = replay(GAME, setup, [{"caller": "Anna", "bid": 61, "called": "AS", "partner": "Bruno", "caller_points": 61}])
    assert rp.final.winner == "Anna" and GAME.settlement(rp.final) == {"Anna": 50, "Bruno": 25, "Carla": -25,
                                                                      "Dario": -25, "Elena": -25}


def test_a_hand_of_a_match_names_exactly_its_sides_and_keeps_its_options():
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    state = GAME.start(setup)
    for doc, field in [({"sides": {"Anna": 60}}, "sides.Bruno & Dario"),
                       ({"sides": {"Anna": 60, "Elena": 60}}, "sides.Elena"),
                       ({"sides": {"Anna": "AS 3S", "Bruno": "rest"}}, "sides.Anna"),  # pairs: multiples of 4
                       ({"sides": {"Anna": 60, "Bruno": 60}, "options": {"tie_last_trick": True}},
                        "options.tie_last_trick")]:
        with pytest.raises(LedgerError) as err:
            GAME.apply(setup, state, doc)
        assert err.value.field == field
    _, result = GAME.apply(setup, state, {"sides": {"carla": 64, "Bruno": 56}})
    assert result.to_json()["points"] == {"Anna & Carla": 64, "Bruno & Dario": 56}


def test_a_six_player_chiamata_needs_who_sits_out_who_scores_0():
    setup = GAME.setup("chiamata", [*FIVE, "Fabio"])
    hand = {"caller": "Anna", "bid": 61, "called": "AS", "partner": "Bruno", "caller_points": 70}
    with pytest.raises(LedgerError) as err:
        GAME.apply(setup, GAME.start(setup), hand)
    assert err.value.field == "sitting_out"
    with pytest.raises(LedgerError) as err:
        GAME.apply(setup, GAME.start(setup), {**hand, "sitting_out": "Anna"})
    assert err.value.field == "caller"
    state, result = GAME.apply(setup, GAME.start(setup), {**hand, "sitting_out": "Fabio"})
    assert result.to_json()["points"]["Fabio"] == 0 and state.extra.next_dealer == "Fabio"


CALL = st.fixed_dictionaries({
    "caller": st.sampled_from(FIVE), "partner": st.sampled_from(FIVE), "bid": st.integers(61, 120),
    "called": st.sampled_from([str(c) for c in DECK]),
    "caller_points": st.integers(0, 120).filter(lambda p: p not in (1, 119))})


@settings(max_examples=60, deadline=None)
@given(st.lists(CALL, min_size=1, max_size=8), st.booleans(), st.booleans())
def test_chiamata_points_are_zero_sum_and_a_stored_state_replays_as_a_fresh_one(hands, cappotto, multiplier):
    options = {"cappotto_double": cappotto, "bid_multiplier": multiplier, "stake_cents": 10}
    setup = GAME.setup("chiamata", FIVE, None, options)
    rp = replay(GAME, setup, hands)
    for res in rp.results:
        assert sum(res.to_json()["points"].values()) == 0
    assert sum(rp.final.totals.values()) == 0
    stored = GAME.load_state(setup, json.loads(json.dumps(rp.states[0].to_json())))
    state = stored
    for doc in hands[1:]:
        state, _ = GAME.apply(setup, state, doc)
    assert state.to_json() == rp.final.to_json()


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([2, 3, 4]))
def test_classica_piles_the_rest_and_the_points_score_the_same(rng, players):
    setup = GAME.setup(None, FIVE[:players])
    deck = [c for c in DECK if players != 3 or c != Card("2", "H")]
    rng.shuffle(deck)
    cut = rng.randint(0, len(deck) // players) * players
    a, b = setup.side_names[0], setup.side_names[1]
    docs = [{"sides": {a: format_cards(deck[:cut]), b: "rest"}},
            {"sides": {a: "rest", b: format_cards(deck[cut:])}}]
    if players != 3:
        docs.append({"sides": {a: card_points(deck[:cut]), b: card_points(deck[cut:])}})
    else:
        docs = [{"sides": {a: format_cards(deck[:cut]), b: format_cards(deck[cut:]), setup.side_names[2]: ""}}]
    results = [GAME.apply(setup, GAME.start(setup), d)[1].to_json() for d in docs]
    assert all(r["points"] == results[0]["points"] and r["winner"] == results[0]["winner"] for r in results)
    assert sum(results[0]["points"].values()) == 120


def test_the_samples_are_hands_the_scorer_takes():
    rng = random.Random(5)
    for _ in range(10):
        setup = GAME.sample_setup([*FIVE, "Fabio"], rng)
        state = GAME.start(setup)
        for _ in range(3):
            if state.finished:
                break
            state, _ = GAME.apply(setup, state, GAME.sample_hand(setup, state, rng))


# --- the words at the table --------------------------------------------------------------------------------
def words(setup, text: str) -> dict:
    import shlex
    return entry.parse_entry(setup, shlex.split(text))


def test_classica_words_in_italian_and_english():
    setup = GAME.setup(None, ["Marco", "Giulia"])
    assert words(setup, "Marco 68 Giulia resto") == {"sides": {"Marco": 68, "Giulia": 52}}
    assert words(setup, "marco 68 punti, giulia 52") == {"sides": {"Marco": 68, "Giulia": 52}}
    assert words(setup, "Marco=AD Giulia=rest last=Marco") == {"sides": {"Marco": "AD", "Giulia": "rest"},
                                                               "last_trick": "Marco"}
    doc = words(setup, 'Marco "asso di denari, tre di coppe" Giulia resto ultima Giulia')
    assert doc["last_trick"] == "Giulia" and doc["sides"]["Giulia"] == "rest"
    assert GAME.apply(setup, GAME.start(setup), doc)[1].to_json()["points"] == {"Marco": 21, "Giulia": 99}
    doc = words(setup, "Marco settebello, re bello, asso di coppe, 3S Giulia resto")
    assert GAME.apply(setup, GAME.start(setup), doc)[1].to_json()["points"] == {"Marco": 25, "Giulia": 95}
    three = GAME.setup(None, ["Anna", "Bruno", "Carla"])
    assert words(three, "Anna 50 Bruno 41 Carla resto tolto 2C") == {
        "sides": {"Anna": 50, "Bruno": 41, "Carla": 29}, "removed": "2C"}


def test_a_player_names_the_pair():
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    assert words(setup, "Anna 64 Bruno 56") == {"sides": {"Anna & Carla": 64, "Bruno & Dario": 56}}


def test_the_call_as_the_table_says_it():
    setup = GAME.setup("chiamata", FIVE)
    want = {"caller": "Anna", "called": "3D", "bid": 70, "partner": "Carla", "caller_points": 78}
    assert words(setup, "chiama Anna il tre di denari a 70, socio Carla, 78 punti") == want
    assert words(setup, "chiama anna il tre di denari a 70 socio carla 78 punti") == want
    assert words(setup, "calls Anna 3D at 70, partner Carla, 78 points") == want
    assert words(setup, "caller=Anna called=3D bid=70 partner=Carla punti=78") == want
    assert words(setup, "chiama Dario asso di spade a 85, da solo, 120 punti")["partner"] == "Dario"
    six = GAME.setup("chiamata", [*FIVE, "Fabio"])
    assert words(six, "fuori Fabio, chiama Anna il re di coppe a 61, socio Bruno, 40")["sitting_out"] == "Fabio"


@pytest.mark.parametrize("text, field", [
    ("Marko 68 Giulia resto", "entry"),
    ("Marco 68 Marco 52", "sides.Marco"),
    ("Marco Giulia resto", "sides.Marco"),
    ("Marco=68 Marco=70", "sides.Marco"),
])
def test_classica_words_that_cannot_be_read(text, field):
    setup = GAME.setup(None, ["Marco", "Giulia"])
    with pytest.raises(LedgerError) as err:
        words(setup, text)
    assert err.value.field == field


def test_call_words_that_cannot_be_read():
    setup = GAME.setup("chiamata", FIVE)
    for text, field in [("chiama Fabio il tre di denari", "caller"), ("chiama Anna il nove di denari", "called"),
                        ("chiama Anna, socio Carla, fatto tutto", "entry")]:
        with pytest.raises(LedgerError) as err:
            words(setup, text)
        assert err.value.field == field


def test_questions_ask_only_what_is_missing_and_keep_the_answers():
    setup = GAME.setup(None, ["Marco", "Giulia"], None, {"tie_last_trick": True})
    doc = words(setup, "Marco 60")
    (q,) = GAME.questions(setup, doc)
    assert q.key == "sides.Giulia"
    with pytest.raises(LedgerError):
        q.answer(doc, "70 e mezzo")
    doc = q.answer(doc, "resto")
    assert doc["sides"] == {"Marco": 60, "Giulia": 60}
    (q,) = GAME.questions(setup, doc)
    assert q.key == "last_trick"
    doc = q.answer(doc, "giulia")
    assert GAME.questions(setup, doc) == [] and GAME.apply(setup, GAME.start(setup), doc)[0].winner is None
    call_setup = GAME.setup("chiamata", [*FIVE, "Fabio"])
    doc = words(call_setup, "chiama Anna il tre di denari")
    asked = []
    while (qs := GAME.questions(call_setup, doc, GAME.start(call_setup))):
        asked.append(qs[0].key)
        doc = qs[0].answer(doc, {"sitting_out": "Fabio", "bid": "61", "partner": "da solo",
                                 "caller_points": "80"}[qs[0].key])
    assert asked == ["sitting_out", "bid", "partner", "caller_points"] and doc["partner"] == "Anna"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_example_of_the_help_is_read_and_scored(lang):
    import re
    from ledger import i18n
    i18n.use(lang)
    setups = [GAME.setup("classica", ["Anna", "Bruno"]), GAME.setup("chiamata", FIVE)]
    lines = [x for line in str(GAME.entry_help()).splitlines() if line.startswith("  ")
             for x in re.split(r"\s{3,}", line.strip())]
    assert len(lines) == 3
    for example in lines:
        scored = []
        for setup in setups:
            try:
                scored.append(GAME.apply(setup, GAME.start(setup), words(setup, example)))
            except LedgerError:
                pass
        assert scored, example


# --- the CLI -------------------------------------------------------------------------------------------------
def test_a_classica_match_at_the_command_line(cli):
    cli("match", "new", "briscola", "--players", "Marco,Giulia")
    out = cli("hand", "add", "1", "Marco", "68", "Giulia", "resto").stdout
    assert "Marco 68, Giulia 52: Marco wins" in out
    cli("hand", "add", "1", "Marco=50", "Giulia=70")
    shown = cli("show", "1").stdout
    assert "Hand wins" in shown and "Next dealer: Marco." in shown
    cli("hand", "void", "1", "2", "--reason", "typed the wrong way round")
    cli("hand", "add", "1", "Marco=70", "Giulia=50")
    assert json.loads(cli("show", "1", "--json").stdout)["finished"] is True
    assert "replays to its stored results" in cli("db", "check").stdout


def test_a_chiamata_match_at_the_command_line_settles_its_money(cli):
    cli("match", "new", "briscola chiamata", "--players", "Anna,Bruno,Carla,Dario,Elena", "-o", "hands=2",
        "-o", "stake_cents=50")
    cli("hand", "add", "1", "chiama", "Anna", "il", "tre", "di", "denari", "a", "70,", "socio", "Carla,", "78",
        "punti")
    cli("hand", "edit", "1", "1", "caller=Anna", "called=3D", "bid=70", "partner=Carla", "points=60")
    cli("hand", "add", "1", "calls", "Bruno", "AS", "at", "61,", "alone,", "61", "points")
    settled = cli("settle", "1").stdout
    assert "Bruno" in settled and "pays" in settled
    got = json.loads(cli("show", "1", "--json").stdout)
    assert got["finished"] is True
    assert "replays to its stored results" in cli("db", "check").stdout


def test_bad_input_is_one_line_exit_2_and_nothing_stored(cli):
    cli("match", "new", "briscola", "--players", "Marco,Giulia")
    err = cli.error("hand", "add", "1", "Marco=119", "Giulia=1")
    assert "Marco" in err and "119" in err
    err = cli.error("--lang", "it", "hand", "add", "1", "Marco=AS", "Giulia=resto")
    assert "Marco" in err and "multiplo" in err
    assert "Hand 1" not in cli("match", "history", "1").stdout
    assert "replays to its stored results" in cli("db", "check").stdout


def test_italian_at_the_table(cli):
    cli("match", "new", "briscola", "-r", "classica", "--players", "Marco,Giulia")
    out = cli("--lang", "it", "hand", "add", "1", "Marco", "68", "Giulia", "resto").stdout
    assert "Marco 68, Giulia 52: vince Marco" in out and "Prossimo mazziere: Giulia" in out
    assert "Vittorie" in cli("--lang", "it", "show", "1").stdout


def test_play_asks_what_is_missing_in_italian_and_keeps_what_was_typed(cli):
    lines = ["Marco 60", "resto", "Marco", "esci"]
    out = cli("--lang", "it", "play", "briscola", "--players", "Marco,Giulia", "-o", "tie_last_trick=sì",
              input="".join(line + "\n" for line in lines)).stdout
    assert "Giulia: punti, o le carte prese" in out and "60 a 60: chi ha fatto l'ultima presa?" in out
    assert "Marco 60, Giulia 60: vince Marco" in out


def test_play_a_chiamata_at_six_proposes_the_dealer_as_who_sits_out(cli):
    lines = ["", "", "Bruno", "asso di spade", "75", "da solo", "80", "quit"]
    out = cli("play", "briscola chiamata", "--players", "Anna,Bruno,Carla,Dario,Elena,Fabio",
              input="".join(line + "\n" for line in lines)).stdout
    assert "who sits out this hand (the dealer)?" in out
    assert "Anna 0, Bruno +4, Carla -1, Dario -1, Elena -1, Fabio -1" in out


def test_export_then_import_then_export_gives_the_same_document(cli, tmp_path):
    demo = json.loads((Path(__file__).parent.parent.parent / "ledger" / "demo" / "82_briscola.json").read_text())
    for i, match in enumerate(demo):
        source = tmp_path / f"in{i}.json"
        source.write_text(json.dumps(match))
        cli("import", str(source))
    for number in ("1", "2"):
        first = cli("export", number, "--json").stdout
        again = tmp_path / f"again{number}.json"
        again.write_text(first)
        new_id = json.loads(cli("import", str(again), "--json").stdout)["match"]["id"]
        second = json.loads(cli("export", str(new_id), "--json").stdout)
        first_doc = json.loads(first)
        for doc in (first_doc, second):
            doc.pop("created_at", None)
        assert second == first_doc
    assert "replays to its stored results" in cli("db", "check").stdout


def test_the_demo_replays_to_its_own_ends():
    demo = json.loads((Path(__file__).parent.parent.parent / "ledger" / "demo" / "82_briscola.json").read_text())
    classica, chiamata = (replay_document(m)[1].final for m in demo)
    assert classica.totals == {"Anna & Carla": 2, "Bruno & Dario": 1} and classica.extra.draws == 1
    assert chiamata.finished and sum(chiamata.extra.settlement.values()) == 0


def test_an_error_in_italian_is_one_line_naming_the_player_and_the_value(cli):
    cli("match", "new", "chiamata", "--players", "Anna,Bruno,Carla,Dario,Elena")
    err = cli.error("--lang", "it", "hand", "add", "1", "chiama", "Fabio", "il", "tre", "di", "denari", "a", "70")
    assert "chi chiama" in err and "Fabio" in err
    err = cli.error("--lang", "it", "hand", "add", "1", "chiama", "Anna", "il", "tre", "di", "denari", "a", "55,",
                    "socio", "Carla,", "78", "punti")
    assert "puntata" in err and "55" in err


@pytest.mark.parametrize("rules, players", [("classica", "Marco,Giulia"), ("chiamata", "Anna,Bruno,Carla,Dario,Elena")])
def test_aiuto_teaches_the_italian_words_within_80_columns(cli, columns, rules, players):  # noqa: F811 (the fixture)
    from rich.cells import cell_len
    columns(80)
    out = cli("--lang", "it", "play", "briscola", "-r", rules, "--players", players,
              input="aiuto\nesci\n").stdout
    assert not [line for line in out.splitlines() if cell_len(line) > 80]
    for word in ("resto", "ultima", "tolto", "chiama", "socio", "punti", "da solo", "fuori"):
        assert word in out, word
    help_text = out[out.index("aiuto\n"):out.index("A ogni richiesta")]
    assert "rest" not in help_text.replace("resto", "") and "partner" not in help_text
