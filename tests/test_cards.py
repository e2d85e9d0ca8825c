"""Card notation and deck checks (ledger/cards.py; RULES.md "Conventions for every game")."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import (FRENCH_52, ITALIAN_40, JOKER, THREE_DECKS_SIX_JOKERS, TWO_DECKS_FOUR_JOKERS, Card,
                          _read_card, _split_cards, multiple, parse_card, parse_cards, typed_names)
from ledger.errors import LedgerError
from ledger.i18n import Msg


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


# --- the replay's shortcuts (issue 17): the same answers as reading everything ---------------------
_DECKS = (FRENCH_52, ITALIAN_40, TWO_DECKS_FOUR_JOKERS, THREE_DECKS_SIX_JOKERS)
_SOME_CARDS = [*FRENCH_52.cards(), JOKER]


def _checks(deck, cards) -> bool:
    try:
        deck.check(cards)
    except LedgerError:
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_DECKS), st.lists(st.sampled_from(_SOME_CARDS), max_size=30))
def test_holds_is_what_check_says(deck, cards):
    assert deck.holds(cards) == _checks(deck, cards)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(_DECKS), st.integers(0, 6), st.randoms(use_true_random=False))
def test_holds_a_whole_deck_and_not_one_card_more(deck, extra, rnd):
    cards = deck.cards()
    rnd.shuffle(cards)
    assert deck.holds(cards)
    assert not deck.holds(cards + cards[:1 + extra])


def _read_slowly(text: str, italian: bool = False):
    """What parse_cards reads, reading every card (no shortcut): cards, or the index that fails."""
    read = [_read_card(item, italian) for item in _split_cards(text)]
    bad = [i for i, c in enumerate(read) if isinstance(c, Msg)]
    return read if not bad else bad[0]


_WORDS_TYPED = st.sampled_from(["AH", "ah", "10c", "T♠", "♠3", "JK", "jolly", "7", "di", "coppe", "re", "denari",
                                "ZZ", "RH", "DD", "2S", "QS", "sette", "cc", "10", "F", "C"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_WORDS_TYPED, max_size=8), st.sampled_from([" ", "  ", "\t", " , ", ";", "\n"]), st.booleans())
def test_cards_read_twice_read_as_the_first_time(words, gap, italian):
    text = gap.join(words)
    slow = _read_slowly(text, italian)
    for _ in range(2):  # the second time from the readings kept the first time
        try:
            got = parse_cards(text, "cards", italian)
        except LedgerError as err:
            assert err.field == f"cards[{slow}]"
        else:
            assert got == slow
    if not isinstance(slow, int):
        assert parse_cards(list(_split_cards(text)), "cards", italian) == slow


@settings(max_examples=200, deadline=None)
@given(st.lists(_WORDS_TYPED, max_size=8), st.sampled_from([" ", ", ", ";"]))
def test_typed_names_of_cards_in_codes_are_none(words, gap):
    text = gap.join(words)
    slow = {}
    for item in _split_cards(text):
        card = _read_card(item, False)
        if " " in item and not isinstance(card, Msg):
            slow.setdefault(card, " ".join(item.split()))
    assert typed_names(text) == slow


# --- what players type: the cards they call by name, and typos answered with the right word -------
@pytest.mark.parametrize("typed, cards", [
    ("7C settebello 3D", "7C 7D 3D"),
    ("re bello, asso di coppe", "KD AH"),
    ("sette bello 2 di spade", "7D 2S"),
])
def test_cards_called_by_name_are_cards(typed, cards):
    from ledger.cards import format_cards

    assert format_cards(parse_cards(typed, "pile", italian=True)) == cards


@pytest.mark.parametrize("typed, index, word, near", [
    ("7 di denri", 0, "denri", "denari"),
    ("KS 7 denri", 1, "denri", "denari"),
    ("sete di coppe", 0, "sete", "sette"),
])
def test_a_typo_in_a_card_names_the_word_and_the_right_one(typed, index, word, near):
    from ledger.i18n import speaking

    with pytest.raises(LedgerError) as err:
        parse_cards(typed, "pile", italian=True)
    assert err.value.field == f"pile[{index}]"
    with speaking("it"):
        assert err.value.message == f"{word!r}: intendevi {near!r}?"


def test_no_french_hints_for_the_italian_deck():
    with pytest.raises(LedgerError) as err:
        parse_cards("XX", "pile", italian=True)
    assert "QH" not in err.value.message and "JK" not in err.value.message
