"""Bridge: the scoring table cell by cell, rubber / Chicago / duplicate matches, entry, PBN.

Sources: Laws of Duplicate Bridge 2017 Law 77 (and Law 2), Laws of Contract Bridge (Rubber
Bridge) 1993 Laws 72-81, RULES.md "Bridge". The shared cases of ../shared/cases/cases.json are
copied here as literals.
"""

from __future__ import annotations

import json
from importlib.resources import files

import pytest
from hypothesis import given, settings, strategies as st

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import replay
from ledger.games.bridge.pbn import pbn_games, read_pbn, write_pbn
from ledger.games.bridge.scoring import (
    BOARD_VULNERABILITY, Contract, board_dealer, board_vulnerability, contract_entries,
    duplicate_score, parse_contract, undertrick_points,
)

GAME = get_game("bridge")
SIDES = {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}


def score(doc, rules=None):
    return GAME.score({"game": "bridge", **doc}, rules).to_json()


def play(hands, rules="rubber", options=None, ended_early=False, sides=SIDES):
    setup = GAME.setup(rules, None, sides, options, ended_early)
    return setup, replay(GAME, setup, hands)


def final(hands, **kw):
    return play(hands, **kw)[1].final.to_json()


def error_field(fn, *args, **kw) -> str:
    with pytest.raises(LedgerError) as info:
        fn(*args, **kw)
    return info.value.field


# --- the shared cases (cases.json, copied) --------------------------------------------------------
SCORE_CASES = [
    ("bridge-1-0", {"rules": "duplicate", "contract": "4NT", "declarer": "S", "vulnerable": "EW", "result": "-1"}, -50),
    ("bridge-1-1", {"rules": "duplicate", "contract": "5DXX", "declarer": "E", "vulnerable": "None", "result": "+1"}, -1000),
    ("bridge-1-2", {"rules": "duplicate", "contract": "3D", "declarer": "S", "vulnerable": "All", "result": "-5"}, -500),
    ("bridge-1-3", {"rules": "duplicate", "contract": "3CX", "declarer": "W", "vulnerable": "EW", "tricks": 9}, -670),
    ("bridge-1-4", {"rules": "duplicate", "contract": "5SX", "declarer": "E", "vulnerable": "None", "tricks": 9}, 300),
    ("bridge-1-5", {"rules": "duplicate", "contract": "1NT", "declarer": "W", "vulnerable": "EW", "result": "+1"}, -120),
]


@pytest.mark.parametrize("case_id,doc,expected", SCORE_CASES, ids=[c[0] for c in SCORE_CASES])
def test_score_cases(case_id, doc, expected):
    assert score(doc)["score_ns"] == expected


RUBBER_CASES = [
    ("bridge_rubber-1-0",
     [{"contract": "5H", "declarer": "N", "tricks": 13, "honors": {"side": "NS", "points": 150}},
      {"contract": "5S", "declarer": "N", "tricks": 13}], False,
     {"totals": {"NS": 1270, "EW": 0}, "games": {"NS": 2, "EW": 0}, "finished": True, "winner": "NS",
      "rubber_bonus": 700}),
    ("bridge_rubber-1-1",
     [{"contract": "3NT", "declarer": "W", "tricks": 9}, {"contract": "3DX", "declarer": "E", "tricks": 7},
      {"contract": "4S", "declarer": "S", "tricks": 7}, {"contract": "3S", "declarer": "S", "tricks": 11},
      {"contract": "2S", "declarer": "W", "tricks": 5}, {"contract": "3SXX", "declarer": "S", "tricks": 9},
      {"contract": "3SX", "declarer": "E", "tricks": 7},
      {"contract": "6CX", "declarer": "N", "tricks": 13, "honors": {"side": "EW", "points": 150}}], False,
     {"totals": {"NS": 3650, "EW": 400}, "games": {"NS": 2, "EW": 1}, "finished": True, "winner": "NS",
      "rubber_bonus": 500}),
    ("bridge_rubber-1-2",
     [{"contract": "2HXX", "declarer": "W", "tricks": 7}, {"contract": "3HX", "declarer": "E", "tricks": 12},
      {"contract": "3H", "declarer": "S", "tricks": 4}, {"contract": "1DX", "declarer": "W", "tricks": 4},
      {"contract": "6NTXX", "declarer": "E", "tricks": 10}, {"contract": "7D", "declarer": "E", "tricks": 13}], False,
     {"totals": {"NS": 2000, "EW": 3120}, "games": {"NS": 0, "EW": 2}, "finished": True, "winner": "EW",
      "rubber_bonus": 700}),
    ("bridge_rubber-1-3",
     [{"contract": "4C", "declarer": "E", "tricks": 7},
      {"contract": "1C", "declarer": "E", "tricks": 7, "honors": {"side": "EW", "points": 100}},
      {"contract": "3C", "declarer": "E", "tricks": 7}, {"contract": "4H", "declarer": "E", "tricks": 10},
      {"contract": "5CX", "declarer": "N", "tricks": 10}, {"contract": "4SX", "declarer": "W", "tricks": 7},
      {"contract": "3S", "declarer": "E", "tricks": 9}], True,
     {"totals": {"NS": 1050, "EW": 830}, "games": {"NS": 0, "EW": 1}, "finished": False, "winner": "NS",
      "rubber_bonus": 0}),
    ("bridge_rubber-1-4",
     [{"contract": "3NT", "declarer": "N", "tricks": 5}, {"contract": "1SX", "declarer": "W", "tricks": 6},
      {"contract": "4SX", "declarer": "N", "tricks": 11}, {"contract": "3C", "declarer": "N", "tricks": 7},
      {"contract": "3D", "declarer": "N", "tricks": 9}, {"contract": "7S", "declarer": "N", "tricks": 13}], False,
     {"totals": {"NS": 2960, "EW": 400}, "games": {"NS": 2, "EW": 0}, "finished": True, "winner": "NS",
      "rubber_bonus": 700}),
    ("bridge_rubber-1-5",
     [{"contract": "4NTXX", "declarer": "W", "tricks": 8},
      {"contract": "1D", "declarer": "S", "tricks": 9, "honors": {"side": "NS", "points": 100}},
      {"contract": "4NT", "declarer": "W", "tricks": 10}, {"contract": "1S", "declarer": "N", "tricks": 7},
      {"contract": "3HXX", "declarer": "W", "tricks": 8}, {"contract": "2S", "declarer": "E", "tricks": 9},
      {"contract": "5SXX", "declarer": "W", "tricks": 11}], False,
     {"totals": {"NS": 1190, "EW": 1620}, "games": {"NS": 0, "EW": 2}, "finished": True, "winner": "EW",
      "rubber_bonus": 700}),
]


@pytest.mark.parametrize("case_id,hands,early,expect", RUBBER_CASES, ids=[c[0] for c in RUBBER_CASES])
def test_rubber_cases(case_id, hands, early, expect):
    out = final(hands, ended_early=early)
    assert {k: out[k] for k in expect} == expect
    json.dumps(out)  # JSON-ready


def test_error_cases():
    assert error_field(score, {"rules": "duplicate", "contract": "8NT", "declarer": "N", "tricks": 13,
                               "vulnerable": "None"}) == "contract"
    assert error_field(score, {"rules": "duplicate", "contract": "4S", "declarer": "N", "result": "+4",
                               "vulnerable": "None"}) == "result"


# --- the scoring table, cell by cell ----------------------------------------------------------------
def reference_score(level: int, strain: str, doubled: int, vul: bool, tricks: int) -> int:
    """An independent, differently written Law 77 formula (declarer's side's duplicate score)."""
    need = 6 + level
    factor = (1, 2, 4)[doubled]
    if tricks < need:
        down = need - tricks
        if doubled == 0:
            return -down * (100 if vul else 50)
        if vul:
            penalty = 200 + 300 * (down - 1)
        else:
            penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -penalty * doubled
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    contract_points = (per * level + (10 if strain == "NT" else 0)) * factor
    over = tricks - need
    overtricks = over * per if doubled == 0 else over * 50 * factor * (2 if vul else 1)
    premium = (500 if vul else 300) if contract_points >= 100 else 50
    slam = {6: (500, 750), 7: (1000, 1500)}.get(level, (0, 0))[vul]
    return contract_points + overtricks + premium + slam + 50 * doubled


CELLS = [(lvl, s, d, v, t) for lvl in range(1, 8) for s in ("C", "D", "H", "S", "NT") for d in (0, 1, 2)
         for v in (False, True) for t in range(14)]


def test_complete_table_against_independent_formula():
    assert len(CELLS) == 7 * 5 * 3 * 2 * 14
    wrong = [(c, duplicate_score(Contract(c[0], c[1], c[2]), c[4], c[3]), reference_score(*c)) for c in CELLS
             if duplicate_score(Contract(c[0], c[1], c[2]), c[4], c[3]) != reference_score(*c)]
    assert wrong == []


def test_complete_table_through_score_documents():
    """Every cell again through the hand document: contract text, declarer, vulnerability, tricks."""
    marks = ("", "X", "XX")
    for lvl, strain, dbl, vul, tricks in CELLS:
        for declarer, side in (("N", "NS"), ("W", "EW")):
            vul_text = side if vul else ("EW" if side == "NS" else "NS")
            out = score({"rules": "duplicate", "contract": f"{lvl}{strain}{marks[dbl]}", "declarer": declarer,
                         "tricks": tricks, "vulnerable": vul_text})
            expected = reference_score(lvl, strain, dbl, vul, tricks)
            assert out["score_ns"] == (expected if side == "NS" else -expected), (lvl, strain, dbl, vul, tricks)


# published rows (standard duplicate scoring chart): contract made exactly, not vulnerable / vulnerable
PUBLISHED_MADE = {
    "1C": (70, 70), "2C": (90, 90), "3C": (110, 110), "4C": (130, 130), "5C": (400, 600), "6C": (920, 1370),
    "7C": (1440, 2140), "1D": (70, 70), "5D": (400, 600),
    "1H": (80, 80), "2H": (110, 110), "3H": (140, 140), "4H": (420, 620), "5H": (450, 650), "6H": (980, 1430),
    "7H": (1510, 2210), "4S": (420, 620), "6S": (980, 1430),
    "1NT": (90, 90), "2NT": (120, 120), "3NT": (400, 600), "4NT": (430, 630), "5NT": (460, 660),
    "6NT": (990, 1440), "7NT": (1520, 2220),
    "1CX": (140, 140), "2CX": (180, 180), "3CX": (470, 670), "4CX": (510, 710), "5CX": (550, 750),
    "6CX": (1090, 1540), "7CX": (1630, 2330),
    "1HX": (160, 160), "2HX": (470, 670), "3HX": (530, 730), "4HX": (590, 790), "5HX": (650, 850),
    "6HX": (1210, 1660), "7HX": (1770, 2470),
    "1NTX": (180, 180), "2NTX": (490, 690), "3NTX": (550, 750), "6NTX": (1230, 1680), "7NTX": (1790, 2490),
    "1CXX": (230, 230), "2CXX": (560, 760), "1HXX": (520, 720), "1NTXX": (560, 760), "7NTXX": (2280, 2980),
}
PUBLISHED_OVERTRICKS = {  # contract, overtricks: (not vulnerable, vulnerable)
    ("4S", 1): (450, 650), ("3NT", 1): (430, 630), ("2H", 2): (170, 170), ("5D", 2): (440, 640),
    ("1NTX", 1): (280, 380), ("1NTX", 2): (380, 580), ("1NTXX", 1): (760, 1160), ("4HX", 1): (690, 990),
    ("6NT", 1): (1020, 1470), ("3CXX", 2): (1040, 1640),
}
PUBLISHED_UNDERTRICKS = {  # 1 to 7 down
    (0, False): [50, 100, 150, 200, 250, 300, 350],
    (0, True): [100, 200, 300, 400, 500, 600, 700],
    (1, False): [100, 300, 500, 800, 1100, 1400, 1700],
    (1, True): [200, 500, 800, 1100, 1400, 1700, 2000],
    (2, False): [200, 600, 1000, 1600, 2200, 2800, 3400],
    (2, True): [400, 1000, 1600, 2200, 2800, 3400, 4000],
}


@pytest.mark.parametrize("text", sorted(PUBLISHED_MADE))
def test_published_made_rows(text):
    c = parse_contract(text)
    assert (duplicate_score(c, c.tricks_needed, False), duplicate_score(c, c.tricks_needed, True)) == PUBLISHED_MADE[text]


@pytest.mark.parametrize("text,over", sorted(PUBLISHED_OVERTRICKS))
def test_published_overtrick_rows(text, over):
    c = parse_contract(text)
    t = c.tricks_needed + over
    assert (duplicate_score(c, t, False), duplicate_score(c, t, True)) == PUBLISHED_OVERTRICKS[(text, over)]


@pytest.mark.parametrize("dbl,vul", sorted(PUBLISHED_UNDERTRICKS))
def test_published_undertrick_rows(dbl, vul):
    assert [undertrick_points(n, dbl, vul) for n in range(1, 8)] == PUBLISHED_UNDERTRICKS[(dbl, vul)]
    c = Contract(7, "S", dbl)
    assert [-duplicate_score(c, 13 - n, vul) for n in range(1, 8)] == PUBLISHED_UNDERTRICKS[(dbl, vul)]


def test_rubber_split_above_and_below_for_every_made_cell():
    """Rubber (Law 72, 81): trick score below the line, the rest above, no game premium per deal."""
    for lvl, strain, dbl, vul, tricks in CELLS:
        c = Contract(lvl, strain, dbl)
        if tricks < c.tricks_needed:
            continue
        out = score({"contract": str(c), "declarer": "S", "tricks": tricks, "vulnerable": "NS" if vul else "EW"},
                    "rubber")
        per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
        below = (per * lvl + (10 if strain == "NT" else 0)) * (1, 2, 4)[dbl]
        premium = (500 if vul else 300) if below >= 100 else 50
        assert out["ns"]["below"] == below
        assert out["ns"]["above"] == reference_score(lvl, strain, dbl, vul, tricks) - below - premium
        assert out["ew"] == {"above": 0, "below": 0}


def test_rubber_undertricks_go_above_for_the_defenders():
    out = score({"contract": "4SX", "declarer": "N", "result": "-2", "vulnerable": "NS"}, "rubber")
    assert out["ew"] == {"above": 500, "below": 0} and out["ns"] == {"above": 0, "below": 0}
    assert out["score_ns"] == -500


def test_board_vulnerability_and_dealer_law_2():
    assert [board_vulnerability(b) for b in range(1, 17)] == [
        "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW"]
    assert board_vulnerability(17) == "None" and board_vulnerability(32) == "EW" == BOARD_VULNERABILITY[15]
    assert [board_dealer(b) for b in (1, 2, 3, 4, 5, 16)] == ["N", "E", "S", "W", "N", "W"]
    out = score({"rules": "duplicate", "board": 4, "contract": "3NT", "declarer": "E", "tricks": 9})
    assert out["vulnerable"] == "All" and out["score_ns"] == -600
    # a vulnerability given beside the board must agree with Law 2
    out = score({"rules": "duplicate", "board": 4, "contract": "3NT", "declarer": "E", "tricks": 9,
                 "vulnerable": "Both"})
    assert out["vulnerable"] == "All" and out["score_ns"] == -600
    with pytest.raises(LedgerError) as err:
        score({"rules": "duplicate", "board": 4, "contract": "3NT", "declarer": "E", "tricks": 9,
               "vulnerable": "-"})
    assert err.value.field == "vulnerable" and "Law 2" in str(err.value)


# --- reading hand documents --------------------------------------------------------------------
@pytest.mark.parametrize("text,canonical", [
    ("4SX", "4SX"), ("4sx", "4SX"), ("3Nt", "3NT"), ("3N", "3NT"), ("3SA", "3NT"), ("3 senza atout", "3NT"),
    ("6H XX", "6HXX"), ("4♠ contre", "4SX"), ("2C surcontre", "2CXX"), ("7ntxx", "7NTXX"), ("pass", "Pass"),
    ("PASSO", "Pass"), ("1d", "1D"),
])
def test_contract_spellings(text, canonical):
    assert str(parse_contract(text)) == canonical


def test_output_shape_follows_formats():
    out = score({"rules": "rubber", "contract": "4SX", "declarer": "N", "tricks": 9, "vulnerable": "NS",
                 "honors": None})
    assert out["ns"] == {"above": 0, "below": 0}
    assert out["ew"] == {"above": 200, "below": 0}
    assert out["score_ns"] == -200
    assert out["result"] == "-1" and out["contract"] == "4SX"


def test_honours_scored_for_either_side_and_not_doubled():
    out = score({"contract": "4HX", "declarer": "S", "tricks": 10, "vulnerable": "None",
                 "honors": {"side": "EW", "points": 100}}, "rubber")
    assert out["ns"] == {"above": 50, "below": 240} and out["ew"] == {"above": 100, "below": 0}
    assert out["score_ns"] == 190
    out = score({"contract": "3NT", "declarer": "S", "tricks": 8, "vulnerable": "None",
                 "honours": "NS 150"}, "chicago")
    assert out["ns"]["above"] == 150 and out["ew"]["above"] == 50 and out["honors"] == {"side": "NS", "points": 150}


def test_passed_out_deal():
    out = score({"contract": "Pass"}, "rubber")
    assert out["score_ns"] == 0 and out["ns"] == out["ew"] == {"above": 0, "below": 0}
    assert score({"contract": "pass", "board": 3}, "duplicate")["score_ns"] == 0


def test_result_and_tricks_agreeing_is_fine():
    assert score({"rules": "duplicate", "contract": "4S", "declarer": "N", "tricks": 10, "result": "=",
                  "vulnerable": "None"})["score_ns"] == 420


@pytest.mark.parametrize("doc,field", [
    ({"contract": "4S", "declarer": "N", "tricks": 14, "vulnerable": "None"}, "tricks"),
    ({"contract": "4S", "declarer": "N", "tricks": 9, "result": "=", "vulnerable": "None"}, "result"),
    ({"contract": "4S", "declarer": "N", "result": "-11", "vulnerable": "None"}, "result"),
    ({"contract": "4S", "declarer": "N", "result": "lots", "vulnerable": "None"}, "result"),
    ({"contract": "4S", "declarer": "Q", "tricks": 9, "vulnerable": "None"}, "declarer"),
    ({"contract": "4S", "tricks": 9, "vulnerable": "None"}, "declarer"),
    ({"contract": "4S", "declarer": "N", "vulnerable": "None"}, "tricks"),
    ({"contract": "4S", "declarer": "N", "tricks": 9, "vulnerable": "maybe"}, "vulnerable"),
    ({"contract": "4S", "declarer": "N", "tricks": 9}, "vulnerable"),
    ({"contract": "0NT", "declarer": "N", "tricks": 9, "vulnerable": "None"}, "contract"),
    ({"contract": "4Z", "declarer": "N", "tricks": 9, "vulnerable": "None"}, "contract"),
    ({"declarer": "N", "tricks": 9, "vulnerable": "None"}, "contract"),
    ({"contract": "3NT", "declarer": "N", "tricks": 9, "vulnerable": "None",
      "honors": {"side": "NS", "points": 100}}, "honors.points"),
    ({"contract": "4S", "declarer": "N", "tricks": 9, "vulnerable": "None",
      "honors": {"side": "NS", "points": 120}}, "honors.points"),
    ({"contract": "4S", "declarer": "N", "tricks": 9, "vulnerable": "None",
      "honors": {"side": "XY", "points": 100}}, "honors.side"),
    ({"contract": "4S", "declarer": "N", "tricks": 9, "vulnerable": "None",
      "honors": {"side": "NS", "points": 100, "extra": 1}}, "honors.extra"),
    ({"contract": "Pass", "honors": {"side": "NS", "points": 100}}, "honors.points"),
    ({"contract": "Pass", "declarer": "N"}, "declarer"),
    ({"contract": "Pass", "tricks": 7}, "tricks"),
    ({"contract": "4S", "declarer": "N", "tricks": 9, "vulnerable": "None", "trump": "S"}, "trump"),
])
def test_rubber_document_errors(doc, field):
    assert error_field(score, doc, "rubber") == field


def test_honours_are_not_scored_in_duplicate():
    assert error_field(score, {"contract": "4S", "declarer": "N", "tricks": 10, "vulnerable": "None",
                               "honors": {"side": "NS", "points": 100}}, "duplicate") == "honors"


def test_unknown_rule_set():
    assert error_field(score, {"contract": "Pass"}, "contract-bridge") == "rules"


# --- a worked rubber: honours, a doubled set, a game-cancelled partscore, a 2-1 finish --------------
WORKED_RUBBER = [
    {"contract": "2H", "declarer": "S", "tricks": 8, "honors": {"side": "NS", "points": 100}},  # NS 60 below, 100 hon
    {"contract": "3NT", "declarer": "E", "tricks": 10},   # EW game 100 + 30: NS's 60 partscore is cancelled
    {"contract": "4SX", "declarer": "W", "tricks": 8},    # EW vulnerable, doubled, two down: NS 500
    {"contract": "4H", "declarer": "N", "tricks": 10, "honors": {"side": "EW", "points": 100}},  # NS game: 1-1
    {"contract": "1NT", "declarer": "S", "tricks": 9},    # NS 40 below, 60 above
    {"contract": "5D", "declarer": "E", "tricks": 11},    # EW game: 2-1, rubber bonus 500; NS's 40 cancelled
]


def test_worked_rubber():
    setup, rp = play(WORKED_RUBBER)
    states = [s.to_json() for s in rp.states]
    assert states[0]["partscore"] == {"NS": 60, "EW": 0} and states[0]["vulnerable"] == "None"
    assert states[1]["partscore"] == {"NS": 0, "EW": 0} and states[1]["games"] == {"NS": 0, "EW": 1}
    assert states[1]["vulnerable"] == "EW"
    assert rp.results[2].to_json()["ns"] == {"above": 500, "below": 0}
    assert states[3]["vulnerable"] == "All" and states[3]["games"] == {"NS": 1, "EW": 1}
    assert states[4]["partscore"] == {"NS": 40, "EW": 0}
    out = rp.final.to_json()
    assert out["games"] == {"NS": 1, "EW": 2} and out["rubber_bonus"] == 500
    assert out["above"] == {"NS": 100 + 500 + 60, "EW": 30 + 100 + 500}
    assert out["below"] == {"NS": 60 + 120 + 40, "EW": 100 + 100}
    # the side with two games is not the winner: NS has more points (Law 74)
    assert out["totals"] == {"NS": 880, "EW": 830} and out["winner"] == "NS" and out["finished"] is True
    assert out["margin"] == 50
    assert [r.to_json()["game_won"] for r in rp.results] == [None, "EW", None, "NS", None, "EW"]
    assert [r.to_json()["dealer"] for r in rp.results] == ["Anna", "Bruno", "Carla", "Dario", "Anna", "Bruno"]
    assert rp.results[5].to_json()["bonuses"] == [{"side": "EW", "line": "above", "item": "rubber bonus", "points": 500}]
    # per-deal score_ns leaves game and rubber premiums out (FORMATS.md)
    assert rp.results[5].to_json()["score_ns"] == -100


def test_worked_rubber_scorepad():
    setup, rp = play(WORKED_RUBBER)
    board = GAME.board(setup, rp)
    pad, deals = board.tables
    rows = [r for r in pad.rows]
    # above the line: newest entries on top, growing up from the line
    line = pad.lines_after[0]
    above = rows[:line + 1]
    assert [r[1] for r in above if r[1]] == ["60", "500", "100"]
    assert [r[2] for r in above if r[2]] == ["500", "100", "30"]
    below = rows[line + 1:]
    assert below[0] == ("game 1", "60", "100")
    assert ("game 2", "120", "") in below and ("game 3", "40", "100") in below
    assert rows[-1] == ("total", "880", "830")
    # a line under the line itself and under each of the three games
    assert len(pad.lines_after) == 4
    assert "We — NS" in pad.columns[1].header and "They — EW" in pad.columns[2].header
    assert deals.rows[-1][3] == "5D E =" and deals.rows[-1][6:8] == ("880", "830")
    assert any("NS wins" in n for n in board.notes)


def test_hand_after_the_rubber_is_over():
    setup, rp = play(RUBBER_CASES[0][1])
    with pytest.raises(LedgerError) as info:
        GAME.apply(setup, rp.final, {"contract": "1C", "declarer": "N", "tricks": 7})
    assert info.value.field == "hand"


def test_rubber_vulnerability_given_must_agree():
    setup, rp = play([{"contract": "4S", "declarer": "N", "tricks": 10}])
    assert rp.final.to_json()["vulnerable"] == "NS"
    GAME.apply(setup, rp.final, {"contract": "1C", "declarer": "N", "tricks": 7, "vulnerable": "NS"})
    with pytest.raises(LedgerError) as info:
        GAME.apply(setup, rp.final, {"contract": "1C", "declarer": "N", "tricks": 7, "vulnerable": "None"})
    assert info.value.field == "vulnerable"


def test_player_names_for_declarer_and_honours():
    _, rp = play([{"contract": "4S", "declarer": "Bruno", "tricks": 10, "honors": {"side": "Carla", "points": 100}}])
    d = rp.results[0].to_json()
    assert d["declarer"] == "E" and d["honors"] == {"side": "NS", "points": 100}
    assert error_field(play, [{"contract": "4S", "declarer": "Zeno", "tricks": 10}]) == "hands[0].declarer"


# --- the unfinished rubber (Law 80) -----------------------------------------------------------------
def test_unfinished_rubber_premiums():
    hands = [{"contract": "4S", "declarer": "N", "tricks": 10}, {"contract": "2C", "declarer": "E", "tricks": 8}]
    out = final(hands, ended_early=True)
    assert out["totals"] == {"NS": 120 + 300, "EW": 40 + 100}
    assert out["finished"] is False and out["winner"] == "NS" and out["rubber_bonus"] == 0
    out = final(hands, ended_early=True, options={"unfinished_partscore": 50})
    assert out["totals"] == {"NS": 420, "EW": 90}
    # while still open: the sheet as it stands, no premiums
    assert final(hands)["totals"] == {"NS": 120, "EW": 40} and final(hands)["winner"] is None


def test_unfinished_rubber_one_game_all_and_both_partscores_get_nothing():
    hands = [{"contract": "4S", "declarer": "N", "tricks": 10}, {"contract": "4H", "declarer": "E", "tricks": 10},
             {"contract": "2C", "declarer": "E", "tricks": 8}, {"contract": "2D", "declarer": "N", "tricks": 8}]
    out = final(hands, ended_early=True)
    assert out["totals"] == {"NS": 160, "EW": 160} and out["winner"] is None
    assert out["unfinished_premiums"] == []


def test_unfinished_partscore_option_checked():
    assert error_field(GAME.setup, "rubber", None, SIDES, {"unfinished_partscore": 70}) == "options.unfinished_partscore"


# --- rubbers following each other ---------------------------------------------------------------
def test_several_rubbers_in_one_match():
    two_nil = [{"contract": "4S", "declarer": "N", "tricks": 10}, {"contract": "4S", "declarer": "N", "tricks": 10}]
    setup, rp = play(two_nil + two_nil[:1], options={"rubbers": 2})
    st = rp.final.to_json()
    assert st["rubber"] == 2 and st["games"] == {"NS": 1, "EW": 0} and st["finished"] is False
    assert st["rubbers"][0]["totals"] == {"NS": 940, "EW": 0} and st["rubbers"][0]["rubber_bonus"] == 700
    assert st["totals"] == {"NS": 940 + 120, "EW": 0}
    assert st["vulnerable"] == "NS"
    _, rp = play(two_nil * 2, options={"rubbers": 2})
    assert rp.final.finished and rp.final.totals == {"NS": 1880, "EW": 0}
    # open-ended: only the scorekeeper ends it; premiums only for a rubber under way
    _, rp = play(two_nil, options={"rubbers": 0}, ended_early=True)
    assert rp.final.to_json()["unfinished_premiums"] == [] and rp.final.winner == "NS"


# --- Chicago ------------------------------------------------------------------------------------
CHICAGO_ROUND = [
    {"contract": "2S", "declarer": "N", "tricks": 8},    # deal 1, Anna deals, nobody vulnerable: NS 60
    {"contract": "Pass"},                                 # passed out: Bruno deals again
    {"contract": "2H", "declarer": "S", "tricks": 9},    # deal 2, EW vulnerable: NS 60+30, game 120: +300
    {"contract": "3NTX", "declarer": "W", "tricks": 7},  # deal 3, NS vulnerable: EW not, down 2 X: NS 300
    {"contract": "2C", "declarer": "E", "tricks": 9},    # deal 4, all vulnerable: EW 40+20, partscore +100
]


def test_chicago_round():
    setup, rp = play(CHICAGO_ROUND, rules="chicago")
    data = [r.to_json() for r in rp.results]
    assert [d["dealer"] for d in data] == ["Anna", "Bruno", "Bruno", "Carla", "Dario"]
    assert [d["deal"] for d in data] == [1, 2, 2, 3, 4]
    assert [d["vulnerable"] for d in data] == ["None", "EW", "EW", "NS", "All"]
    assert data[2]["bonuses"] == [{"side": "NS", "line": "above", "item": "game", "points": 300}]
    assert data[4]["bonuses"] == [{"side": "EW", "line": "above", "item": "partscore on deal 4", "points": 100}]
    out = rp.final.to_json()
    assert out["totals"] == {"NS": 60 + 90 + 300 + 300, "EW": 160}
    assert out["finished"] is True and out["winner"] == "NS" and out["games"] == {"NS": 1, "EW": 0}


def test_chicago_vulnerable_game_bonus_and_carry():
    hands = [{"contract": "1NT", "declarer": "E", "tricks": 7},   # deal 1: EW 40 carried
             {"contract": "2NT", "declarer": "W", "tricks": 8},   # deal 2, E dealt, EW vulnerable: 70 → game 500
             {"contract": "4S", "declarer": "S", "tricks": 10},   # deal 3, S dealt, NS vulnerable: game 500
             {"contract": "3NT", "declarer": "N", "tricks": 9}]   # deal 4, all: game 500 (no 100 on top)
    _, rp = play(hands, rules="chicago")
    assert [r.to_json()["bonuses"] for r in rp.results][1:] == [
        [{"side": "EW", "line": "above", "item": "game", "points": 500}],
        [{"side": "NS", "line": "above", "item": "game", "points": 500}],
        [{"side": "NS", "line": "above", "item": "game", "points": 500}]]
    assert rp.final.totals == {"NS": 120 + 500 + 100 + 500, "EW": 40 + 70 + 500}


def test_chicago_rounds_follow_each_other():
    four = [{"contract": "1C", "declarer": "N", "tricks": 7}] * 4
    setup, rp = play(four + four[:1], rules="chicago", options={"rounds": 2})
    st = rp.final.to_json()
    assert st["round"] == 2 and st["deal"] == 2 and len(st["rounds"]) == 1
    # round 1: 20+20+20+20 = 80 below, the fourth deal's partscore +100
    assert st["rounds"][0]["totals"] == {"NS": 180, "EW": 0}
    assert st["partscore"] == {"NS": 20, "EW": 0}   # round 2 starts clean
    assert rp.results[4].to_json()["dealer"] == "Anna" and rp.results[4].to_json()["vulnerable"] == "None"


def test_chicago_finished_match_refuses_a_deal():
    setup, rp = play(CHICAGO_ROUND, rules="chicago")
    with pytest.raises(LedgerError):
        GAME.apply(setup, rp.final, {"contract": "Pass"})


# --- duplicate as a match -----------------------------------------------------------------------
def test_duplicate_series_of_boards():
    hands = [{"contract": "4S", "declarer": "N", "tricks": 10},     # board 1, None: NS 420
             {"contract": "3NT", "declarer": "E", "tricks": 8},    # board 2, NS vul: EW down 1: NS 50
             {"contract": "4HX", "declarer": "S", "tricks": 9},    # board 3, EW vul: NS NV down 1 X: EW 100
             {"contract": "Pass"}]                                  # board 4
    setup, rp = play(hands, rules="duplicate", options={"boards": 4})
    out = rp.final.to_json()
    assert [r.to_json()["board"] for r in rp.results] == [1, 2, 3, 4]
    assert [r.to_json()["dealer"] for r in rp.results] == ["Anna", "Bruno", "Carla", "Dario"]
    assert [r.to_json()["score_ns"] for r in rp.results] == [420, 50, -100, 0]
    assert out["totals"] == {"NS": 470, "EW": 100} and out["score_ns"] == 370
    assert out["finished"] and out["winner"] == "NS"
    assert GAME.dealer(setup, 4) == "Anna"
    assert error_field(GAME.setup, "duplicate", None, SIDES, {"first_dealer": "Bruno"}) == "options.first_dealer"


def test_duplicate_board_numbers_given():
    _, rp = play([{"board": 7, "contract": "3NT", "declarer": "S", "tricks": 9},
                  {"contract": "3NT", "declarer": "S", "tricks": 9}], rules="duplicate")
    assert [r.to_json()["board"] for r in rp.results] == [7, 8]
    assert [r.to_json()["score_ns"] for r in rp.results] == [600, 400]


# --- seating ------------------------------------------------------------------------------------
def test_seating():
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    assert setup.rules == "rubber" and setup.sides == {"NS": ("Anna", "Carla"), "EW": ("Bruno", "Dario")}
    setup = GAME.setup("chicago", None, {"N-S": ["Anna", "Carla"], "Est-Ovest": ["Bruno", "Dario"]})
    assert setup.players == ("Anna", "Bruno", "Carla", "Dario")
    assert setup.to_json()["sides"] == {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}
    assert error_field(GAME.setup, None, ["Anna", "Bruno", "Carla"]) == "players"
    assert error_field(GAME.setup, None, None, {"NS": ["Anna"], "EW": ["Bruno", "Dario"]}) == "sides.NS"
    assert error_field(GAME.setup, None, None, {"NS": ["Anna", "Carla"], "EW": ["anna", "Dario"]}) == "sides"
    assert error_field(GAME.setup, None, None, SIDES, {"colour": "red"}) == "options.colour"


# --- entry at the table -------------------------------------------------------------------------
SETUP = GAME.setup("rubber", None, SIDES)


@pytest.mark.parametrize("tokens,doc", [
    (["4SX", "N", "-2"], {"contract": "4SX", "declarer": "N", "tricks": 8}),
    (["3NT", "S", "="], {"contract": "3NT", "declarer": "S", "tricks": 9}),
    (["6H", "by", "E", "made", "13"], {"contract": "6H", "declarer": "E", "tricks": 13}),
    (["pass"], {"contract": "Pass"}),
    (["4SX N -2"], {"contract": "4SX", "declarer": "N", "tricks": 8}),
    (["3", "senza", "atout", "Sud", "+1"], {"contract": "3NT", "declarer": "S", "tricks": 10}),
    (["4S", "contre", "Ovest", "sotto", "1"], {"contract": "4SX", "declarer": "W", "tricks": 9}),
    (["2H", "XX", "Bruno", "8"], {"contract": "2HXX", "declarer": "E", "tricks": 8}),
    (["4H", "S", "=", "honours", "NS", "100"],
     {"contract": "4H", "declarer": "S", "tricks": 10, "honors": {"side": "NS", "points": 100}}),
    (["contract=4SX", "declarer=N", "tricks=9"], {"contract": "4SX", "declarer": "N", "tricks": 9}),
    (["contract=3NT", "by=Carla", "result=+1", "honors=EW 150"],
     {"contract": "3NT", "declarer": "S", "tricks": 10, "honors": {"side": "EW", "points": 150}}),
    (["4SX"], {"contract": "4SX"}),
    (["N", "-1"], {"declarer": "N", "result": "-1"}),
])
def test_parse_entry(tokens, doc):
    assert GAME.parse_entry(SETUP, tokens) == doc


@pytest.mark.parametrize("tokens", [["4SX", "N", "-2", "banana"], ["8NT", "N", "="], ["4S", "N", "+4"],
                                    ["colour=red"], ["3NT", "N", "S", "="], ["3NT", "honours", "NS", "100"]])
def test_parse_entry_errors(tokens):
    with pytest.raises(LedgerError):
        GAME.parse_entry(SETUP, tokens)


def _ask_all(setup, doc, answers):
    asked = []
    for text in answers:
        qs = GAME.questions(setup, doc)
        assert qs, f"no question left for answer {text!r}"
        asked.append(qs[0].key)
        doc = qs[0].answer(doc, text)
    assert GAME.questions(setup, doc) == []
    return asked, doc


def test_questions_rubber():
    asked, doc = _ask_all(SETUP, {}, ["4S contre", "Bruno", "-2", "ns 100"])
    assert asked == ["contract", "declarer", "tricks", "honors"]  # the result question fills the tricks
    assert doc == {"contract": "4SX", "declarer": "E", "tricks": 8, "honors": {"side": "NS", "points": 100}}
    asked, doc = _ask_all(SETUP, {"contract": "3NT", "declarer": "S"}, ["9", ""])
    assert asked == ["tricks", "honors"] and doc["honors"] is None and doc["tricks"] == 9
    asked, doc = _ask_all(SETUP, {}, ["pass"])
    assert asked == ["contract"] and doc == {"contract": "Pass"}


def test_questions_duplicate_do_not_ask_honours_and_bad_answers_raise():
    setup = GAME.setup("duplicate", None, SIDES)
    asked, _ = _ask_all(setup, {}, ["3NT", "N", "="])
    assert asked == ["contract", "declarer", "tricks"]
    q = GAME.questions(setup, {})[0]
    with pytest.raises(LedgerError):
        q.answer({}, "9NT")
    q = GAME.questions(setup, {"contract": "4S", "declarer": "N"})[0]
    with pytest.raises(LedgerError):
        q.answer({"contract": "4S", "declarer": "N"}, "+4")
    q = GAME.questions(SETUP, {"contract": "3NT", "declarer": "N", "tricks": 9})[0]
    with pytest.raises(LedgerError):
        q.answer({"contract": "3NT", "declarer": "N", "tricks": 9}, "NS 100")


def test_describe_hand():
    assert GAME.describe_hand({"contract": "4SX", "declarer": "N", "tricks": 8}) == "4SX by N -2"
    assert GAME.describe_hand({"contract": "pass"}) == "passed out"


# --- PBN ----------------------------------------------------------------------------------------
PBN_TEXT = """% PBN 2.1
% exported by a club program
[Event "Club night"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Declarer "S"]
[Contract "4S"]
[Result "11"]
[Auction "N"]
1S Pass 3S Pass
4S Pass Pass Pass
{a comment [Contract "7NT"] that is ignored}

[Event "#"]
[Board "2"]
[Vulnerable "NS"]
[Declarer "^E"]
[Contract "3NTX"] ; doubled
[Result "7"]

[Board "3"]
[Vulnerable "EW"]
[Contract "Pass"]
[Declarer ""]
[Result ""]

[Board "4"]
[Vulnerable "Both"]
[Contract "?"]

[Board "5"]
[Vulnerable "NS"]
[Declarer "N"]
[Contract "2H"]
[Result ""]
"""


def test_read_pbn():
    got = read_pbn(PBN_TEXT)
    assert got.hands == [
        {"board": 1, "vulnerable": "None", "contract": "4S", "declarer": "S", "tricks": 11},
        {"board": 2, "vulnerable": "NS", "contract": "3NTX", "declarer": "E", "tricks": 7},
        {"board": 3, "vulnerable": "EW", "contract": "Pass"},
    ]
    assert got.skipped == ["game 4 (board 4): no contract", "game 5 (board 5): no result"]
    assert pbn_games(PBN_TEXT)[1]["Event"] == "Club night"
    assert [score(h, "duplicate")["score_ns"] for h in got.hands] == [450, 300, 0]


def test_read_pbn_errors_name_game_and_tag():
    with pytest.raises(LedgerError) as info:
        read_pbn('[Board "1"]\n[Contract "8NT"]\n[Declarer "N"]\n[Result "13"]\n')
    assert info.value.field == "games[0].Contract"
    with pytest.raises(LedgerError) as info:
        read_pbn('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "14"]\n\n')
    assert info.value.field == "games[0].Result"


def test_write_pbn_and_read_it_back():
    setup, rp = play(WORKED_RUBBER)
    text = write_pbn(setup, rp.results, event="Friday rubber", date="2024.03.15")
    assert '[Scoring "Rubber"]' in text and '[North "Anna"]' in text and '[West "Dario"]' in text
    assert '[Score "NS -100"]' in text  # the last deal's own entries: EW 100 below
    back = read_pbn(text).hands
    assert [(h["contract"], h.get("declarer"), h.get("tricks")) for h in back] == [
        (h["contract"], h["declarer"], h["tricks"]) for h in WORKED_RUBBER]
    assert [h["vulnerable"] for h in back] == ["None", "None", "EW", "EW", "All", "All"]
    assert [h["board"] for h in back] == [1, 2, 3, 4, 5, 6]


# --- properties ---------------------------------------------------------------------------------
contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]), st.integers(0, 2))


@given(contracts, st.booleans(), st.data())
def test_made_contract_is_never_negative_for_declarer(c, vul, data):
    tricks = data.draw(st.integers(c.tricks_needed, 13))
    assert duplicate_score(c, tricks, vul) > 0
    entries = contract_entries(c, tricks, "NS", vul)
    assert all(e.side == "NS" and e.points > 0 for e in entries)


@given(contracts, st.booleans(), st.integers(0, 12))
def test_one_more_trick_never_lowers_declarers_score(c, vul, tricks):
    assert duplicate_score(c, tricks + 1, vul) >= duplicate_score(c, tricks, vul)
    def net(t):
        return sum(e.points if e.side == "NS" else -e.points for e in contract_entries(c, t, "NS", vul))
    assert net(tricks + 1) > net(tricks)


@given(contracts, st.integers(0, 13))
def test_vulnerability_never_helps_a_defeated_declarer(c, tricks):
    if tricks < c.tricks_needed:
        assert duplicate_score(c, tricks, True) < duplicate_score(c, tricks, False) < 0


deal_docs = st.one_of(
    st.just({"contract": "Pass"}),
    st.builds(lambda c, d, t: {"contract": str(c), "declarer": d, "tricks": t},
              contracts, st.sampled_from("NESW"), st.integers(0, 13)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(deal_docs, min_size=1, max_size=25), st.sampled_from(["rubber", "chicago", "duplicate"]))
def test_match_invariants(docs, rules):
    """Totals are the sum of every deal's points; games and partscores stay within the Laws."""
    setup = GAME.setup(rules, None, SIDES, {"rubbers": 0} if rules == "rubber" else
                       ({"rounds": 0} if rules == "chicago" else {}))
    rp = replay(GAME, setup, docs)
    assert {s: sum(r.to_json()["points"][s] for r in rp.results) for s in ("NS", "EW")} == dict(rp.final.totals)
    for state in rp.states:
        ex = state.to_json()
        if rules != "duplicate":
            assert all(0 <= ex["partscore"][s] < 100 for s in ("NS", "EW"))
            assert all(ex["games"][s] <= (2 if rules == "rubber" else 4) for s in ("NS", "EW"))
        json.dumps(state.to_json())
    GAME.board(setup, rp)


# --- the shipped demo ---------------------------------------------------------------------------
def test_demo_match_replays():
    doc = json.loads((files("ledger") / "demo" / "40_bridge.json").read_text(encoding="utf-8"))
    assert doc["game"] == "bridge"
    setup = GAME.setup(doc.get("rules"), doc.get("players"), doc.get("sides"), doc.get("options"),
                       doc.get("ended_early", False))
    rp = replay(GAME, setup, doc["hands"])
    assert rp.final.finished


# --- at the table, through the CLI (the pbn commands are bridge's own) -------------------------------
def test_full_rubber_from_the_cli(cli):
    cli("match", "new", "bridge", "-s", "NS=Anna,Carla", "-s", "EW=Bruno,Dario")
    for words in (["2H", "S", "8", "honours", "NS", "100"], ["3NT", "E", "+1"], ["4SX", "W", "down", "2"],
                  ["4H", "by", "N", "made", "10", "honours", "EW", "100"], ["1NT", "S", "+2"]):
        out = cli.json("hand", "add", "last", *words)
        assert out["finished"] is False
    out = cli.json("hand", "add", "last", "contract=5D", "declarer=Bruno", "result==")
    assert out["finished"] is True and out["totals"] == {"NS": 880, "EW": 830} and out["winner"] == "NS"
    assert out["games"] == {"NS": 1, "EW": 2} and out["rubber_bonus"] == 500
    shown = cli("show", "last").stdout
    assert "We — NS" in shown and "880" in shown and "rubber bonus 500" in shown
    assert "error" in cli.error("hand", "add", "last", "1C", "N", "=")


def test_pbn_commands(cli, tmp_path):
    pbn = tmp_path / "club.pbn"
    pbn.write_text(PBN_TEXT, encoding="utf-8")
    out = cli.json("pbn", "import", str(pbn))
    assert [b["score_ns"] for b in out["boards"]] == [450, 300, 0] and out["total_ns"] == 750
    assert out["skipped"] == ["game 4 (board 4): no contract", "game 5 (board 5): no result"]
    cli("match", "new", "bridge", "-r", "duplicate", "-p", "Anna,Bruno,Carla,Dario")
    out = cli.json("pbn", "import", str(pbn), "--match", "last")
    assert out["totals"] == {"NS": 750, "EW": 0} and len(out["hands"]) == 3
    text = cli("pbn", "export", "last").stdout
    assert text.startswith("% PBN 2.1") and '[Score "NS 450"]' in text and "[Scoring" not in text
    assert [h["tricks"] for h in read_pbn(text).hands if "tricks" in h] == [11, 7]
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "15"]\n', encoding="utf-8")
    assert "games[0].Result" in cli.error("pbn", "import", str(bad))


@given(contracts, st.sampled_from("NESW"), st.integers(0, 13))
def test_spoken_entry_reads_back(c, seat, tricks):
    diff = tricks - c.tricks_needed
    spoken = [str(c).lower(), seat, "=" if diff == 0 else f"{diff:+d}"]
    assert GAME.parse_entry(SETUP, spoken) == {"contract": str(c), "declarer": seat, "tricks": tricks}


def test_a_pbn_file_exported_from_a_rubber_imports_back_with_its_own_scoring(cli, tmp_path):
    cli("match", "new", "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    cli("hand", "add", "1", "4S", "N", "=")
    cli("hand", "add", "1", "3NT", "E", "+1")
    out = tmp_path / "rubber.pbn"
    cli("pbn", "export", "1", "-o", str(out))
    scored = cli.json("pbn", "import", str(out))
    assert scored["rules"] == "rubber" and len(scored["boards"]) == 2
    assert cli.json("pbn", "import", str(out), "--rules", "chicago")["rules"] == "chicago"
