"""Card notation and deck checks (ledger/cards.py; RULES.md "Conventions for every game")."""

import pytest

from ledger.cards import (FRENCH_52, ITALIAN_40, JOKER, THREE_DECKS_SIX_JOKERS, TWO_DECKS_FOUR_JOKERS, Card,
                          multiple, parse_card, parse_cards)
from ledger.errors import LedgerError


@pytest.mark.parametrize("text,card", [
    ("10S", Card("10", "S")), ("TS", Card("10", "S")), ("ts", Card("10", "S")), ("Q♥", Card("Q", "H")),
    ("a♠", Card("A", "S")), ("K♦", Card("K", "D")), ("7♣", Card("7", "C")), ("RH", Card("K", "H")),
    ("DD", Card("Q", "D")), ("FC", Card("J", "C")), ("JK", JOKER), ("joker", JOKER), ("Jolly", JOKER),
    ("7 coppe", Card("7", "H")), ("re di denari", Card("K", "D")), ("fante bastoni", Card("J", "C")),
    ("asso di spade", Card("A", "S")),
])
def test_notations(text, card):
    assert parse_card(text) == card


def test_cavallo_letter_only_in_the_italian_deck():
    assert parse_card("CC", italian=True) == Card("Q", "C")
    with pytest.raises(LedgerError):
        parse_card("CC")


def test_card_lists_from_strings_and_lists():
    assert parse_cards("AH, 2h ♠3") == [Card("A", "H"), Card("2", "H"), Card("3", "S")]
    assert parse_cards(["10D", "JK"]) == [Card("10", "D"), JOKER]
    assert parse_cards("7 di coppe 3S") == [Card("7", "H"), Card("3", "S")]


@pytest.mark.parametrize("bad", ["1X", "11H", "ZZ", "H", "", "10"])
def test_bad_cards_name_the_field_and_value(bad):
    with pytest.raises(LedgerError) as err:
        parse_cards(["AS", bad], "sides.Anna")
    assert err.value.field == "sides.Anna[1]"


def test_deck_sizes():
    assert FRENCH_52.size == 52 and ITALIAN_40.size == 40
    assert TWO_DECKS_FOUR_JOKERS.size == 108 and THREE_DECKS_SIX_JOKERS.size == 162
    assert multiple(ITALIAN_40, 2).size == 80


def test_deck_check_names_the_impossible_card():
    with pytest.raises(LedgerError, match="8H not in the 40-card Italian deck"):
        ITALIAN_40.check(parse_cards("AH 8H"), "hands.Anna")
    with pytest.raises(LedgerError, match="jokers not in the 52-card French deck"):
        FRENCH_52.check([JOKER])


def test_deck_check_names_the_card_that_appears_too_often():
    with pytest.raises(LedgerError, match="KH appears 3 times, but there are only 2 in two 52-card decks with four jokers"):
        TWO_DECKS_FOUR_JOKERS.check(parse_cards("KH KH KH"))
    with pytest.raises(LedgerError, match="JK appears 7 times"):
        THREE_DECKS_SIX_JOKERS.check([JOKER] * 7)
    assert TWO_DECKS_FOUR_JOKERS.check(parse_cards("KH KH JK JK JK JK"))[JOKER] == 4
