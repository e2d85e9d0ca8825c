"""Whatever a session document or a PBN file holds, bad input is a LedgerError (one line at the
CLI), never a crash."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club_helpers import session_doc
from ledger.cli.app import one_line
from ledger.club import score_document
from ledger.club.output import session_json
from ledger.club.pbn import read_club_pbn
from ledger.errors import LedgerError

VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                      | st.text(max_size=8) | st.sampled_from(["4S", "3NT", "A+", "A-/A+", "N", "EW", "Pass", "-2"]),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                      max_leaves=8)
FIELDS = st.sampled_from(["ns", "ew", "contract", "declarer", "tricks", "result", "score_ns", "adjusted",
                          "vulnerable", "players", "board", "results", "event", "scoring", "movement", "names"])


def _scores_or_refuses(doc) -> None:
    try:
        session_json(score_document(doc))
    except LedgerError as err:
        assert "\n" not in one_line(str(err))  # as the CLI prints it


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 21), st.integers(0, 21), FIELDS, VALUES)
def test_a_changed_field_scores_or_is_refused(board, result, field, value):
    doc = copy.deepcopy(session_doc("liigaButler1b"))
    b = doc["boards"][board % len(doc["boards"])]
    r = b["results"][result % len(b["results"])]
    target = doc if field in ("event", "scoring", "movement", "names") else b if field in ("board", "vulnerable") else r
    target[field] = value
    _scores_or_refuses(doc)


@settings(max_examples=100)
@given(VALUES)
def test_any_json_value_scores_or_is_refused(value):
    _scores_or_refuses(value)
    _scores_or_refuses({"boards": [value]})
    _scores_or_refuses({"event": "teams", "matches": [value]})


@settings(max_examples=150)
@given(st.lists(st.sampled_from(['[Board "1"]', '[Board "x"]', '[Vulnerable "NS"]', '[Contract "4S"]',
                                 '[Declarer "S"]', '[Result "10"]', '[Result "14"]', '[Score "NS 420"]', "",
                                 '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract;Declarer;Result;Score_NS;Score_EW"]',
                                 ' 1  2 4S S 10 "420" -', ' 3 4 - - - "A+" "A-"', ' 5 6 9H N 9 - "50"', '{', '}',
                                 '[PairNS "3"]', '[Competition "Teams"]', '[HomeTeam "A"]', '[Room "Open"]']),
                max_size=20))
def test_any_pbn_reads_or_is_refused(lines):
    try:
        got = read_club_pbn("\n".join(lines))
    except LedgerError:
        return
    _scores_or_refuses(got.document)
