"""The club PBN reader is linear in its input, whatever its braces (issue 31, item 2): ten times
more unclosed ``{`` takes at most about ten times the time, as the game PBN reader does."""

from __future__ import annotations

import time

import pytest

from club_helpers import pbn_text
from ledger.club.pbn import pbn_games, read_club_pbn
from ledger.errors import LedgerError


def _seconds(text: str) -> float:
    """The shortest of three readings of ``text`` (the least disturbed by the other processes)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        read_club_pbn(text)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("braces", [
    "{\n",          # a commentary opened on every line, never closed
    "{ a\n",
    "x { y } {\n",  # closed ones and an unclosed one per line
])
def test_ten_times_the_braces_takes_at_most_twelve_times_the_time(braces):
    real = pbn_text("butler.pbn")
    small, large = (real + "\n\n" + braces * n for n in (3_000, 30_000))
    assert read_club_pbn(large).document == read_club_pbn(small).document  # what follows an unclosed { is dropped
    ratio = _seconds(large) / _seconds(small)
    assert ratio <= 12, f"10x the braces took {ratio:.1f}x the time"


def test_sixteen_thousand_unclosed_braces_read_at_once():
    """The issue's file: 16,000 braces (50 kB) took 11 s read quadratically."""
    start = time.perf_counter()
    games = pbn_games('[Event "x"]\n[Board "1"]\n' + "{ ab\n" * 16_000)
    assert time.perf_counter() - start < 1.0
    assert games[0].tags == {"Event": "x", "Board": "1"}


def test_commentary_is_dropped_and_a_commentary_line_does_not_end_a_game():
    text = ('[Event "Club {night}"]\n[Board "1"]\n{a comment\nover two lines}\n[Vulnerable "None"]\n'
            '{alone on its line}\n[Dealer "N"]\n\n[Board "2"] {never closed\n[Dealer "E"]')
    games = pbn_games(text)
    assert [g.tags for g in games] == [{"Event": "Club  ", "Board": "1", "Vulnerable": "None", "Dealer": "N"},
                                       {"Board": "2"}]


@pytest.mark.parametrize("text", [
    "{" * 1_000_000,                                        # a comment that never closes
    "{}" * 500_000,                                         # a million tiny comments
    '[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R"]\n' + '"' * 1_000_000,  # a quote that never closes
    '[Event "' * 100_000,                                   # tag values that never close
    "[" * 1_000_000,
    ";" * 1_000_000,
    '[Board "1"]\n' + "{ a } " * 200_000,
])
def test_hostile_club_pbn_texts_are_read_at_once(text):
    start = time.perf_counter()
    try:
        read_club_pbn(text)
    except LedgerError:  # naming what is wrong (no result in it): the point is the time
        pass
    assert time.perf_counter() - start < 5.0
