"""Stakes for any game (ledger/games/stakes.py): the options every game takes, and the nets of a
match in integer cents, summing to zero."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.errors import LedgerError
from ledger.games import available, get_game
from ledger.games.match_setup import MatchSetup
from ledger.games.replay import replay
from ledger.games.results import MatchState
from ledger.games.stakes import match_money, read_stake_options, round_hundreds, stake_nets
from ledger.games.documents import read_match_document

from evening import demo_doc


def options(**kw):
    return read_stake_options(dict(kw))


def error_field(**kw) -> str:
    with pytest.raises(LedgerError) as info:
        options(**kw)
    return info.value.field


# --- the options ------------------------------------------------------------------------------------
def test_no_stake_adds_nothing_and_a_stake_fills_its_defaults():
    assert options() == {}
    assert options(stake="0.10", stake_per="point") == {"stake_cents": 10, "stake_per": "point", "currency": "EUR"}
    assert options(stake_cents=25, stake_per=100, currency="chf") == {"stake_cents": 25, "stake_per": "100",
                                                                       "currency": "CHF"}
    assert options(stake=2, stake_per="match")["stake_cents"] == 200  # a whole number is whole units
    assert options(stake="0", stake_per="match") == {}
    assert options(stake_cents="0.05", stake_per="points")["stake_cents"] == 5


def test_bad_stake_options_name_their_field():
    assert error_field(stake="0.10") == "options.stake"  # a stake needs what it is for
    assert error_field(stake_cents=10) == "options.stake_cents"
    assert error_field(stake="0.10", stake_cents=10, stake_per="point") == "options.stake"
    assert error_field(stake="lots", stake_per="point") == "options.stake"
    assert error_field(stake="0.10", stake_per="trick") == "options.stake_per"
    assert error_field(stake_per="point") == "options.stake_per"
    assert error_field(currency="EUR") == "options.currency"


def test_every_game_but_trentuno_takes_stakes_and_keeps_its_options_without():
    four = ["Anna", "Bruno", "Carla", "Dario"]
    for name in ("trentasette", "simone", "bridge", "canasta"):
        game = get_game(name)
        plain = game.setup(None, four).options
        assert "stake_cents" not in plain and "currency" not in plain
        staked = game.setup(None, four, None, {"stake": "0.05", "stake_per": "match"}).options
        assert staked["stake_cents"] == 5 and staked["stake_per"] == "match" and staked["currency"] == "EUR"
    # Trentuno keeps its own stake, per life, and refuses stake_per
    trentuno = get_game("trentuno")
    assert trentuno.setup("52", four, None, {"stake": "0.20"}).options["stake_cents"] == 20
    with pytest.raises(LedgerError) as info:
        trentuno.setup("52", four, None, {"stake": "0.20", "stake_per": "point"})
    assert info.value.field == "options.stake_per"


# --- the nets ---------------------------------------------------------------------------------------
def replayed(doc: dict, **opts):
    doc = dict(doc, options={**doc.get("options", {}), **opts})
    setup, live, _ = read_match_document(doc)
    return setup, replay(get_game(setup.game), setup, live).final


def test_canasta_per_point_each_player_of_a_pair_wins_or_pays_the_margin():
    setup, final = replayed(demo_doc("50_canasta.json"), stake_cents=1, stake_per="point")
    money = match_money(setup, final)
    assert final.totals == {"NS": 15020, "EW": 11275}
    assert money.nets == {"Anna": 3745, "Bruno": -3745, "Carla": 3745, "Dario": -3745}
    assert money.describe() == "0.01 EUR per point of margin"


def test_bridge_per_hundred_rounds_the_margin_to_the_nearest_hundred():
    setup, final = replayed(demo_doc("40_bridge.json"), stake_cents=50, stake_per="100")
    assert final.to_json()["margin"] == 350
    assert match_money(setup, final).nets == {"Carla": 200, "Dario": -200, "Elena": 200, "Franco": -200}


def test_rounding_to_hundreds_goes_half_away_from_zero():
    assert [round_hundreds(p) for p in (0, 49, 50, 149, 150, 350, -49, -50, -250, 1040)] == \
        [0, 0, 1, 1, 2, 4, 0, -1, -3, 10]


def bridge_setup(**extra) -> MatchSetup:
    return MatchSetup("bridge", "rubber", ("N", "E", "S", "W"), {"NS": ("N", "S"), "EW": ("E", "W")},
                      {"rubbers": 2, "stake_cents": 100, "stake_per": "100", **extra})


def rubber_sheet(setup: MatchSetup, rubbers: list[dict], **fields) -> object:
    """A rubber bridge match's own state: the start's, with ``rubbers`` (their totals and winner)
    and ``fields`` changed."""
    start = get_game("bridge").start(setup).extra.to_json()
    done = [{"rubber": i + 1, "games": {"NS": 0, "EW": 0}, "rubber_bonus": 0, "margin": 0, "deals": 0, **r}
            for i, r in enumerate(rubbers)]
    return get_game("bridge").load_state(setup, {"hands": 0, "totals": {}, "winner": None, "finished": False,
                                                 **start, "rubbers": done, **fields}).extra


def test_each_rubber_of_a_match_is_rounded_and_settled_on_its_own():
    rubbers = [{"totals": {"NS": 750, "EW": 500}, "winner": "NS"},
               {"totals": {"NS": 400, "EW": 549}, "winner": "EW"}]
    state = MatchState(10, {"NS": 1150, "EW": 1049}, True, "NS",
                       rubber_sheet(bridge_setup(), rubbers, rubber_totals={"NS": 400, "EW": 549}, rubber_over=True,
                                    deals=5))
    # 250 → 3 hundreds to NS, then 149 → 1 hundred to EW: NS +2 (the total margin, 101, would say 1)
    assert stake_nets(bridge_setup(), state, 100, "100") == {"N": 200, "E": -200, "S": 200, "W": -200}


def test_a_rubber_ended_early_counts_its_unfinished_rubber_too():
    setup = MatchSetup("bridge", "rubber", ("N", "E", "S", "W"), {"NS": ("N", "S"), "EW": ("E", "W")},
                       {"rubbers": 1, "stake_cents": 100, "stake_per": "100"}, ended_early=True)
    state = MatchState(3, {"NS": 420, "EW": 60}, False, "NS",
                       rubber_sheet(setup, [], rubber_totals={"NS": 420, "EW": 60}, rubber_over=False, deals=3))
    assert match_money(setup, state).nets == {"N": 400, "E": -400, "S": 400, "W": -400}


def test_three_players_settle_every_difference():
    setup, final = replayed(demo_doc("10_trentasette.json"), stake_cents=10, stake_per="point")
    assert final.totals == {"Anna": 25, "Bruno": 1, "Carla": 38}
    assert match_money(setup, final).nets == {"Anna": 110, "Bruno": -610, "Carla": 500}


def test_per_match_the_losers_pay_the_winner_and_a_shared_win_splits_the_cents_in_seat_order():
    setup, final = replayed(demo_doc("30_simone.json"), stake_cents=100, stake_per="match")
    assert match_money(setup, final).nets == {"Anna": -100, "Bruno": 300, "Carla": -100, "Dario": -100}
    three = MatchSetup("simone", "standard", ("A", "B", "C"), {"A": ("A",), "B": ("B",), "C": ("C",)})
    shared = MatchState(4, {"A": 2, "B": 2, "C": 0}, True, ["B", "A"])
    assert stake_nets(three, shared, 101, "match") == {"A": 51, "B": 50, "C": -101}
    assert stake_nets(three, MatchState(4, {"A": 1, "B": 1, "C": 1}, True, None), 101, "match") == \
        {"A": 0, "B": 0, "C": 0}


def test_no_money_while_in_play_and_none_for_a_match_not_played_for_money():
    doc = demo_doc("50_canasta.json")
    doc["hands"] = doc["hands"][:2]
    setup, final = replayed(doc, stake_cents=1, stake_per="point")
    money = match_money(setup, final)
    assert money is not None and money.nets is None
    plain_setup, plain_final = replayed(demo_doc("50_canasta.json"))
    assert match_money(plain_setup, plain_final) is None


def test_trentuno_keeps_its_own_settlement():
    setup, final = replayed(demo_doc("20_trentuno.json"))
    money = match_money(setup, final)
    assert money.per == "life" and money.describe() == "0.50 EUR per life"
    assert money.nets == final.to_json()["settlement"]
    # the unit is the game's own (Game.own_stakes); the games without their own money have none
    assert [g for g in available() if get_game(g).own_stakes][:1] == ["trentuno"]  # others keep theirs too


@given(st.lists(st.integers(-5000, 20000), min_size=2, max_size=6), st.integers(1, 500),
       st.sampled_from(["match", "point", "100"]), st.data())
def test_nets_always_sum_to_zero_in_whole_cents(totals, stake, per, data):
    names = [f"P{i}" for i in range(len(totals))]
    setup = MatchSetup("simone", "standard", tuple(names), {n: (n,) for n in names})
    winners = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    state = MatchState(1, dict(zip(names, totals)), True, winners[0] if len(winners) == 1 else winners)
    nets = stake_nets(setup, state, stake, per)
    assert sum(nets.values()) == 0
    assert all(isinstance(v, int) for v in nets.values())
