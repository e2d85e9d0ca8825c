"""The fast reading of a Trentasette pile (a 52-bit set) says what reading it card by card says."""

from __future__ import annotations

import random

from ledger.cards import FRENCH_52, JOKER, Card
from ledger.games.trentasette import rules as T


def test_piles_read_as_bits_agree_with_piles_read_card_by_card():
    rnd = random.Random(5)
    deck = FRENCH_52.cards()
    for _ in range(3000):
        rnd.shuffle(deck)
        pile = deck[:rnd.randint(0, 52)]
        for sides in (2, 3):
            assert T.pile_from_cards(pile, sides) == T._pile_card_by_card(pile, *T.thresholds(sides))


def test_a_pile_the_bits_cannot_hold_is_read_card_by_card():
    twice = [Card("7", "H"), Card("7", "H"), Card("K", "S")]
    assert T.pile_from_cards(twice, 2).cards == 3 and T.pile_from_cards(twice, 2).figures == 1
    assert T.pile_from_cards([JOKER, Card("A", "H")], 2).ace_of_hearts


def test_sets_of_ranks_and_suits_are_given_in_the_order_of_a_result():
    from itertools import combinations

    from ledger.cards import NUMERIC_RANKS, SUITS

    for values, order in ((NUMERIC_RANKS, NUMERIC_RANKS), (SUITS, SUITS)):
        for n in range(len(values) + 1):
            for chosen in combinations(reversed(values), n):
                assert T._in_order(frozenset(chosen)) == tuple(v for v in order if v in chosen)
