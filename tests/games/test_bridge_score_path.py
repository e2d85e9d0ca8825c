"""The quick path of a board scored on its own (issue 17, fifth session) against the detailed one.

``score_document`` takes a game it has met by its registered name at once; ``deal_parts`` reads
a canonical result (``"="``, ``"+1"``, ``"-2"``) and vulnerability from a table; ``score_hand``
copies its result's fields from the deal's table cell and gives a :class:`DealScore` whose
summary is written in the language that reads it. On hypothesis-generated documents, right and
wrong alike, each gives what the detailed checks give: the same result, or the same error (field,
message, value). Sources: FORMATS.md (hand documents), RULES.md "Bridge", Law 77 / rubber Law 81.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from ledger import i18n
from ledger.cli import cmd_documents
from ledger.cli.cmd_documents import score_document
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import HandResult
from ledger.games.bridge import document, scoring
from ledger.games.bridge import rules as bridge_rules
from ledger.games.bridge.records import DealResult, DealScore
from ledger.games.documents import check_kind

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 16), st.sampled_from([99999, 100000, 2.0, "", "x", "9", [], {}, [1]]),
    st.sampled_from(["=", "+1", "-2", "+7", "-13", "+0", "made", "down 1", "sotto 2", "0", "=0"]),
    st.sampled_from(["N", "E", "S", "W", "X", "Nord", "o", "NS", "EW", "All", "None", "Both", "-", "ns", "tutti"]),
    st.sampled_from(["4S", "3NT", "1C", "7NTXX", "8NT", "0S", "Pass", "pass", "2♠ contre", "4sx"]),
    st.sampled_from(["NS 100", "EW 150", "none", {"side": "NS", "points": 100}, {"side": "EW"}]),
    st.sampled_from(["duplicate", "rubber", "chicago", "bridge", "Bridge", "BRIDGE", "scopa", "burraco"]),
)
KEYS = st.sampled_from(["game", "rules", "contract", "declarer", "tricks", "result", "vulnerable", "board", "honors",
                        "honours", "onori", "players", "hands", "ended_early", "note", "contrat", "options"])
BOARDS = [
    {"game": "bridge", "rules": "duplicate", "board": 3, "contract": "4S", "declarer": "N", "tricks": 10},
    {"game": "bridge", "rules": "duplicate", "board": 30, "contract": "3NTX", "declarer": "W", "result": "-2"},
    {"game": "bridge", "rules": "rubber", "vulnerable": "NS", "contract": "3NT", "declarer": "E", "result": "+1"},
    {"game": "bridge", "contract": "Pass", "vulnerable": "None"},
    {"game": "bridge", "rules": "chicago", "vulnerable": "All", "contract": "6HX", "declarer": "S", "result": "=",
     "honors": "NS 100"},
]


@st.composite
def documents(draw):
    """A correct board, then up to three fields set to any value or dropped: right and wrong documents."""
    doc = dict(draw(st.sampled_from(BOARDS)))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(KEYS)
        if draw(st.booleans()) and key in doc:
            del doc[key]
        else:
            doc[key] = draw(VALUES)
    return doc


def outcome(score, doc):
    """What scoring ``doc`` gives: its JSON and summary, or the error's field, message and value."""
    try:
        result = score(doc)
    except LedgerError as err:
        return "refused", err.field, str(err), repr(err.value)
    return "scored", result.to_json(), result.summary


def detailed(doc):
    """``score_document``'s checks one by one: the document's kind, its game by ``get_game``, the game's score."""
    if not isinstance(doc, dict):
        return score_document(doc)
    check_kind(doc, "hand")
    return get_game(doc.get("game"), document=True).score(doc, doc.get("rules"))


@settings(max_examples=400, deadline=None)
@given(documents(), st.sampled_from(["en", "it"]))
def test_a_document_scores_as_the_detailed_checks(doc, lang):
    with i18n.speaking(lang):
        quick = outcome(score_document, doc)
        bridge_rules.forget_scores()
        assert quick == outcome(detailed, doc)


@settings(max_examples=400, deadline=None)
@given(documents(), st.sampled_from(["rubber", "chicago", "duplicate"]))
def test_the_tables_read_as_the_readers(doc, rules):
    """``deal_parts`` with its tables (a canonical contract, seat, result, vulnerability) gives
    what it gives with none, every field read by its reader (``parse_contract``, ``parse_seat``,
    ``tricks_from``, ``parse_vulnerable``): the same deal, or the same error."""
    quick = parts(doc, rules)
    with pytest.MonkeyPatch.context() as mp:
        for name, empty in (("CONTRACT_OF_TEXT", {}), ("SEAT_SET", frozenset()), ("DIFF_OF_TEXT", {}),
                            ("VULNERABILITY_SET", frozenset())):
            mp.setattr(document, name, empty)
        assert parts(doc, rules) == quick


def parts(doc, rules):
    try:
        return document.deal_parts(doc, rules)
    except LedgerError as err:
        return err.field, str(err), repr(err.value)


def test_the_tables_are_what_the_readers_read():
    assert all(scoring.parse_result(text) == diff for text, diff in scoring.DIFF_OF_TEXT.items())
    assert set(scoring.DIFF_OF_TEXT.values()) == set(range(-13, 14))
    assert all(scoring.parse_vulnerable(v) == v for v in scoring.VULNERABILITY_SET)


def test_a_kept_deal_speaks_the_language_that_reads_it():
    doc = {"game": "bridge", "rules": "duplicate", "board": 9, "contract": "3NT", "declarer": "W", "result": "-1"}
    bridge_rules.forget_scores()
    english = score_document(doc)
    with i18n.speaking("it"):
        italian = score_document(doc)
        assert italian is english  # one kept value
        assert italian.summary.startswith("3SA da O -1")
    assert english.summary == "3NT by W -1: NS +100"
    assert type(english) is DealScore and english == HandResult(english.detail, "3NT by W -1: NS +100")


def test_a_result_from_its_cell_is_the_dataclass_value():
    """The fields copied from a cell and set are a ``DealResult`` as its own ``__init__`` makes it,
    the cell itself untouched."""
    doc = {"game": "bridge", "rules": "chicago", "vulnerable": "EW", "contract": "4HX", "declarer": "E",
           "tricks": 11, "honours": "EW 100"}
    bridge_rules.forget_scores()
    result = score_document(doc).detail
    fields = {f.name: getattr(result, f.name) for f in dataclasses.fields(DealResult)}
    assert list(vars(result)) == list(fields) and result == DealResult(**fields)
    assert fields["declarer"] == "E" and fields["vulnerable"] == "EW" and fields["score_ns"] == -(2 * 120 + 200 + 50 + 100)
    cell = bridge_rules.deal_sheet(scoring.Contract(4, "H", 1), 11, "EW", True, ("EW", 100), False)
    assert cell["declarer"] is None and cell["vulnerable"] is None and cell["board"] is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.score_ns = 0  # type: ignore[misc]
