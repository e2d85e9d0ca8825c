"""Bridge's score path as tables (issue 17): each deal's sheet worked out once (``deal_sheet``), a
deal scored on its own kept by its fields (``score_hand``), the texts read once (contracts,
seats, results). Whatever is kept, the result is what the Law 77 / Law 81 scorer gives, in the
language in use, and a refusal is never kept.

Sources: Laws of Duplicate Bridge 2017 Law 77, Laws of Contract Bridge 1993 Law 81, RULES.md
"Bridge" (the reference below is the published table, written out again on its own).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from ledger import i18n
from ledger.cli.json_list import indented
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.bridge import scoring
from ledger.games.bridge.document import DUPLICATE, read_deal
from ledger.games.bridge.summaries import describe
from ledger.games.bridge.rules import deal_entries, deal_fields, duplicate_premium, forget_scores
from ledger.games.bridge.records import DealResult
from ledger.games.bridge.scoring import STRAINS, VULNERABILITIES, board_vulnerability, is_vulnerable, side_of
from ledger.i18n import t

GAME = get_game("bridge")
RULES = ("duplicate", "rubber", "chicago")


def law77(level: int, strain: str, doubled: int, tricks: int, vulnerable: bool) -> int:
    """The declaring side's duplicate score, from the published table alone."""
    over = tricks - level - 6
    if over < 0:
        if not doubled:
            return -(100 if vulnerable else 50) * -over
        steps = [200] + [300] * 12 if vulnerable else [100, 200, 200] + [300] * 10
        return -sum(steps[:-over]) * doubled
    odd = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    trick = (level * odd + (10 if strain == "NT" else 0)) * (1, 2, 4)[doubled]
    premium = (500 if vulnerable else 300) if trick >= 100 else 50
    slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(level, 0)
    overs = over * odd if not doubled else over * (200 if vulnerable else 100) * doubled
    return trick + premium + slam + overs + 50 * doubled


def the_law_scorer(doc: dict, rules: str) -> tuple[DealResult, str]:
    """The scorer as it was before the tables: every entry made afresh, the summary by the message."""
    deal = read_deal(doc, rules)
    vul = board_vulnerability(deal.board) if rules == DUPLICATE and deal.board else deal.vulnerable or "None"
    entries = deal_entries(deal, vul)
    if rules == DUPLICATE:
        entries += duplicate_premium(deal, vul)
    result = DealResult(**deal_fields(deal, vul, entries))
    gain = f"NS {result.score_ns:+d}" if result.score_ns >= 0 else f"EW {-result.score_ns:+d}"
    gain = "NS 0" if not result.score_ns else gain  # a zero has no sign
    return result, str(t("bridge.summary", "{deal}: {gain}", deal=describe(deal), gain=gain))


@st.composite
def documents(draw) -> tuple[dict, str]:
    """Any deal a hand document can give: every contract, declarer, number of tricks (as
    ``tricks`` or as ``result``), vulnerability (given, or by the board in duplicate), honours
    outside duplicate; now and then a passed-out deal."""
    rules = draw(st.sampled_from(RULES))
    doc: dict = {"game": "bridge", "rules": rules}
    if rules == DUPLICATE and draw(st.booleans()):
        doc["board"] = draw(st.integers(1, 99999))
    else:
        doc["vulnerable"] = draw(st.sampled_from(VULNERABILITIES))
    if draw(st.integers(0, 30)) == 0:
        doc["contract"] = "Pass"
        return doc, rules
    level, strain, dbl = draw(st.integers(1, 7)), draw(st.sampled_from(STRAINS)), draw(st.sampled_from(["", "X", "XX"]))
    doc["contract"] = f"{level}{strain}{dbl}"
    doc["declarer"] = draw(st.sampled_from("NESW"))
    tricks = draw(st.integers(0, 13))
    if draw(st.booleans()):
        doc["tricks"] = tricks
    else:
        over = tricks - level - 6
        doc["result"] = "=" if over == 0 else f"{over:+d}"
    if rules != DUPLICATE and draw(st.booleans()):
        points = 150 if strain == "NT" else draw(st.sampled_from([100, 150]))
        doc["honors"] = {"side": draw(st.sampled_from(["NS", "EW"])), "points": points}
    return doc, rules


@settings(max_examples=400, deadline=None)
@given(documents(), st.booleans())
def test_the_tables_agree_with_the_law_scorer(case, cold):
    doc, rules = case
    if cold:
        forget_scores()
    got = GAME.score(doc)
    expected, summary = the_law_scorer(doc, rules)
    assert got.detail == expected
    assert got.summary == summary
    assert got.to_json() == expected.to_json()
    assert GAME.score(doc) is got  # kept: the same frozen value
    deal = read_deal(doc, rules)
    if rules == DUPLICATE and not deal.contract.passed:
        c, side = deal.contract, side_of(deal.declarer)
        own = law77(c.level, c.strain, c.doubled, deal.tricks, is_vulnerable(expected.vulnerable, side))
        assert got.detail.score_ns == (own if side == "NS" else -own)


@settings(max_examples=200, deadline=None)
@given(documents())
def test_a_record_is_written_as_its_json(case):
    result = GAME.score(case[0])
    for margin in ("\n", "\n  ", "\n    "):
        assert indented(result.json_value, margin) == json.dumps(result.to_json(), ensure_ascii=False,
                                                                indent=2).replace("\n", margin)


def test_every_cell_of_the_tables_is_the_laws():
    forget_scores()
    for level in range(1, 8):
        for strain in STRAINS:
            for dbl in range(3):
                c = scoring.Contract(level, strain, dbl)
                assert scoring.trick_score(c) == scoring.trick_score.__wrapped__(c)
    for n in range(1, 14):
        for dbl in range(3):
            for vul in (False, True):
                assert scoring.undertrick_points(n, dbl, vul) == scoring.undertrick_points.__wrapped__(n, dbl, vul)


def test_a_kept_result_is_not_changed_by_its_reader():
    doc = {"game": "bridge", "rules": "duplicate", "board": 5, "contract": "4SX", "declarer": "N", "tricks": 11}
    first = GAME.score(doc).to_json()
    first["entries"].clear()
    first["ns"]["above"] = 0
    again = GAME.score(doc).to_json()
    assert again["ns"]["above"] == 750 and len(again["entries"]) == 4


def test_each_language_has_its_own_summary():
    doc = {"game": "bridge", "contract": "4SX", "declarer": "W", "tricks": 8, "vulnerable": "None"}
    english = GAME.score(doc).summary
    i18n.use("it")
    try:
        italian = GAME.score(doc).summary
    finally:
        i18n.use("en")
    assert english == "4SX by W -2: NS +300"
    assert italian.startswith("4♠X da O -2")
    assert GAME.score(doc).summary == english


@pytest.mark.parametrize("doc,field", [
    ({"contract": "8NT", "declarer": "N", "tricks": 7, "vulnerable": "None"}, "contract"),
    ({"contract": "3NT", "declarer": "X", "tricks": 7, "vulnerable": "None"}, "declarer"),
    ({"contract": "3NT", "declarer": "N", "result": "+9", "vulnerable": "None"}, "result"),
    ({"contract": "3NT", "declarer": "N", "tricks": True, "vulnerable": "None"}, "tricks"),
    ({"contract": "3NT", "declarer": "N", "tricks": 9}, "vulnerable"),
    ({"rules": "duplicate", "board": 2, "contract": "3NT", "declarer": "N", "tricks": 9, "vulnerable": "EW"},
     "vulnerable"),
])
def test_a_refusal_is_never_kept(doc, field):
    doc = {"game": "bridge", **doc}
    messages = set()
    for _ in range(3):
        with pytest.raises(LedgerError) as info:
            GAME.score(doc)
        assert info.value.field == field
        messages.add(str(info.value))
    assert len(messages) == 1


def test_a_text_read_before_is_refused_under_its_own_field():
    for read in (scoring.parse_contract, scoring.parse_seat, scoring.parse_result):
        for field in ("first", "second"):
            with pytest.raises(LedgerError) as info:
                read("nonsense", field)
            assert info.value.field == field
    assert scoring.parse_contract("4sx") is scoring.parse_contract("4sx")
    assert scoring.parse_contract(" 4 S X ") == scoring.Contract(4, "S", 1)


def test_the_same_deal_however_written_is_scored_alike():
    base = {"game": "bridge", "rules": "duplicate", "board": 7, "contract": "3NT", "declarer": "S"}
    forms = [{**base, "tricks": 10}, {**base, "result": "+1"}, {**base, "tricks": "10"},
             {"result": "+1", **base}, {**base, "contract": "3nt", "result": "+1", "vulnerable": "All"}]
    results = [GAME.score(d) for d in forms]
    assert all(r is results[0] for r in results[:4])  # the same deal read: one result kept
    assert all(r.to_json() == results[0].to_json() for r in results)
    assert results[0].detail.score_ns == 630


def test_every_made_row_is_the_law_functions():
    """The rows of a made contract (trick score, one overtrick, insult and slam, Law 77's premium)
    are what the scoring table's own functions give, for every contract, side and vulnerability."""
    forget_scores()
    for c in scoring.CONTRACTS[1:]:
        for side in ("NS", "EW"):
            for vul in (False, True):
                row = scoring.made_row(c, side, vul)
                assert row.trick == scoring.Entry(side, "below", "trick score", scoring.trick_score.__wrapped__(c))
                assert row.overtrick == scoring.overtrick_points(c, 1, vul)
                bonuses = [(e.item, e.points) for e in row.bonuses]
                insult = [("doubled contract made", 50)] if c.doubled == 1 else (
                    [("redoubled contract made", 100)] if c.doubled == 2 else [])
                slam = {6: [("small slam", 750 if vul else 500)], 7: [("grand slam", 1500 if vul else 1000)]}
                assert bonuses == insult + slam.get(c.level, [])
                assert all(e.side == side and e.line == "above" for e in row.bonuses)
                premium = scoring.game_premium(scoring.trick_score.__wrapped__(c), vul)
                assert (row.premium.item, row.premium.points) == ("game" if premium > 50 else "partscore", premium)
                assert scoring.made_row(c, side, vul) is row  # worked out once


def test_every_contract_text_is_what_the_reader_reads():
    assert len(scoring.CONTRACTS) == 1 + 7 * 5 * 3
    for c in scoring.CONTRACTS:
        text = str(c)
        assert scoring.CONTRACT_OF_TEXT[text] is c
        assert scoring._read_contract(text, "contract") == c
        assert scoring.parse_contract(text) == c
    assert str(scoring.Contract(4, "S", 1)) == "4SX" and str(scoring.Contract(0, None)) == "Pass"
    assert hash(scoring.Contract(3, "NT", 0)) == hash(scoring.parse_contract("3nt"))


def test_a_result_built_in_one_step_is_the_dataclass_value():
    """``deal_result`` gives the value the dataclass's own ``__init__`` gives (every field, in the
    dataclass's order), frozen alike."""
    import dataclasses

    from ledger.games.bridge.records import Honours, Line, deal_result

    entries = (scoring.Entry("NS", "below", "trick score", 120),)
    values = dict(contract="4S", declarer="N", tricks=10, result="=", vulnerable="NS", honors=Honours("NS", 100),
                  board=5, ns=Line(50, 120), ew=Line(0, 0), score_ns=170, entries=entries)
    fast = deal_result(*values.values())
    assert [f.name for f in dataclasses.fields(DealResult)] == list(values)
    assert fast == DealResult(**values) and type(fast) is DealResult
    assert fast.to_json() == DealResult(**values).to_json()
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.score_ns = 0  # type: ignore[misc]


def test_the_summary_is_written_from_the_result_in_the_language_in_use():
    doc = {"game": "bridge", "rules": "duplicate", "board": 3, "contract": "2♠ contre", "declarer": "O", "result": "-3"}
    forget_scores()
    result = GAME.score(doc)
    assert result.detail.summary_line() == "2SX by W -3: NS +800"
    i18n.use("it")
    try:
        assert result.detail.summary_line().startswith("2♠X da O -3")
    finally:
        i18n.use("en")
    assert result.summary == "2SX by W -3: NS +800"
