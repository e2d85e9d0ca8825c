"""The scales by hand-worked examples (RULES.md "Bridge club sessions") and their invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.club import scales
from ledger.club.scoring import score_butler, score_cross_imps, score_matchpoints, score_team_board
from ledger.club.session import read_session

SCORES = st.sampled_from([-1100, -800, -500, -300, -200, -100, -50, 0, 50, 90, 110, 140, 170, 400, 420, 430,
                          450, 480, 990, 1520])  # scores of a board nobody is vulnerable on


@pytest.mark.parametrize("diff, imps", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4), (170, 5),
    (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9), (420, 9), (430, 10),
    (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14),
    (1100, 15), (1290, 15), (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18),
    (2000, 19), (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
    (3500, 23), (3990, 23), (4000, 24), (7600, 24)])
def test_imp_scale_law_78b(diff, imps):
    assert scales.imps(diff) == imps
    assert scales.imps(-diff) == -imps


@given(st.integers(-8000, 8000), st.integers(-8000, 8000))
def test_imps_antisymmetric_and_monotonic(a, b):
    assert scales.imps(a) == -scales.imps(-a)
    if a <= b:
        assert scales.imps(a) <= scales.imps(b)


def test_matchpoints_by_hand():
    # 420 beats 3 scores and ties 1: 2*3 + 1 = 7 of a top of 2*(5-1) = 8
    assert scales.matchpoints([420, 420, 170, -50, -100]) == [7, 7, 4, 2, 0]
    assert scales.matchpoints([420, 420, 170, -50, -100], "mp-acbl") == [3.5, 3.5, 2, 1, 0]
    assert scales.top(5) == 8 and scales.top(5, "mp-acbl") == 4 and scales.top(1) == 0


@given(st.lists(SCORES, min_size=1, max_size=30), st.sampled_from(["mp", "mp-acbl"]))
def test_matchpoints_sum_to_top_times_results_over_two(scores, scale):
    mps = scales.matchpoints(scores, scale)
    top = scales.top(len(scores), scale)
    assert sum(mps) == pytest.approx(top * len(scores) / 2)
    assert all(0 <= mp <= top for mp in mps)


def test_neuberg_by_hand():
    # the French final's board 17: 510 beat the other 20 real scores (MP 40 of 21 scores, 22 results)
    assert scales.neuberg(40, 21, 22) == pytest.approx(41 * 22 / 21 - 1)
    assert scales.neuberg(18, 21, 22) == pytest.approx(18.90476, abs=1e-5)
    assert scales.neuberg(3, 4, 4) == 3
    assert scales.neuberg(1.5, 4, 5, "mp-acbl") == pytest.approx(2 * 5 / 4 - 0.5)


@given(st.lists(SCORES, min_size=1, max_size=20), st.integers(1, 5), st.sampled_from(["mp", "mp-acbl"]))
def test_neuberg_keeps_ns_plus_ew_at_the_full_top(scores, artificial, scale):
    n, total = len(scores), len(scores) + artificial
    top_n, top_total = scales.top(n, scale), scales.top(total, scale)
    for mp in scales.matchpoints(scores, scale):
        ns = scales.neuberg(mp, n, total, scale)
        ew = scales.neuberg(top_n - mp, n, total, scale)
        assert ns + ew == pytest.approx(top_total)


@pytest.mark.parametrize("scores, datum", [
    ([50, -50, -100], -50),                 # three scores: the middle one
    ([420], 420), ([420, 170], 300),        # one or two: their mean (295 → 300, half away from zero)
    ([420, 420, 450, 170, -50], 340),       # drop 450 and -50: (420 + 420 + 170) / 3 = 336.7 → 340
    ([-420, -170, -50, -650], -300),        # -295 → -300
    ([], None)])
def test_butler_datum_by_hand(scores, datum):
    assert scales.datum(scores) == datum


@given(st.lists(SCORES, min_size=1, max_size=30))
def test_datum_is_a_multiple_of_ten_within_the_scores(scores):
    d = scales.datum(scores)
    assert d % 10 == 0 and min(scores) - 5 <= d <= max(scores) + 5


@pytest.mark.parametrize("margin, boards, vp", [
    (17, 8, (15.75, 4.25)), (9, 8, (13.45, 6.55)), (53, 8, (20.0, 0.0)), (42, 8, (19.95, 0.05)),
    (0, 8, (10.0, 10.0)), (2, 8, (10.86, 9.14))])
def test_wbf_continuous_vp_by_the_team_event(margin, boards, vp):
    assert scales.victory_points(margin, boards) == vp


@given(st.floats(0, 200, allow_nan=False), st.integers(1, 64))
def test_vp_pairs_sum_to_twenty(margin, boards):
    win, lose = scales.victory_points(margin, boards)
    assert win + lose == pytest.approx(20) and 10 <= win <= 20


@pytest.mark.parametrize("value, places, rounded", [(2.345, 2, 2.35), (-2.345, 2, -2.35), (29.5, 0, 30),
                                                    (-29.5, 0, -30), (15.754, 2, 15.75)])
def test_round_half_away_from_zero(value, places, rounded):
    assert scales.round_half_away(value, places) == rounded


def _board(scores, adjusted=(), event="pairs", scoring="mp"):
    results = [{"ns": i + 1, "ew": 100 + i, "score_ns": s} for i, s in enumerate(scores)]
    results += [{"ns": 50 + i, "ew": 150 + i, "adjusted": a} for i, a in enumerate(adjusted)]
    return read_session({"event": event, "scoring": scoring,
                         "boards": [{"board": 1, "results": results}]}).boards[0]


def test_artificial_scores_are_shares_of_the_top():
    sb = score_matchpoints(_board([420, 170, -50], adjusted=[{"ns": "A+", "ew": "A-"}]), "mp")
    assert sb.top == 6
    adjusted = sb.results[-1]
    assert (adjusted.mp_ns, adjusted.mp_ew, adjusted.pct_ns, adjusted.pct_ew) == pytest.approx((3.6, 2.4, 60, 40))
    # the real scores: 4, 2, 0 among 3, made up to 4 results: (MP + 1) * 4/3 - 1
    assert [r.mp_ns for r in sb.results[:3]] == pytest.approx([17 / 3, 3, 1 / 3])


def test_butler_and_cross_imps_by_hand():
    b = _board([420, 170, -50], adjusted=["A+/A"], scoring="butler")
    sb = score_butler(b)
    assert sb.datum == 170  # the middle of three
    assert [(r.imp_ns, r.imp_ew) for r in sb.results] == [(6, -6), (0, 0), (-6, 6), (3, 0)]
    sx = score_cross_imps(_board([420, 170, -50], adjusted=["A-/A+"], scoring="cross-imps"))
    # 420: +6 (vs 170) +10 (vs -50); 170: -6 +6; -50: -10 -6; the adjusted: ±1.5 × 3 comparisons
    assert [(r.imp_ns, r.imp_ew) for r in sx.results] == [(16, -16), (0, 0), (-16, 16), (-4.5, 4.5)]


@given(st.lists(SCORES, min_size=2, max_size=20))
def test_cross_imps_sum_to_zero_on_a_board(scores):
    sb = score_cross_imps(_board(scores, scoring="cross-imps"))
    assert sum(r.imp_ns for r in sb.results) == 0
    assert all(r.imp_ns == -r.imp_ew for r in sb.results)


@given(SCORES, SCORES)
def test_team_imps_antisymmetric_between_the_two_tables(a, b):
    board = read_session({"event": "teams", "boards": [{"board": 1, "results": [
        {"ns": "A", "ew": "B", "score_ns": a}, {"ns": "B", "ew": "A", "score_ns": b}]}]}).boards[0]
    sb = score_team_board(board)
    assert sb.results[0].imp_ns == -sb.results[1].imp_ns == scales.imps(a - b)
