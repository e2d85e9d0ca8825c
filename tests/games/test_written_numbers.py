"""Numbers typed as the ledger prints them (issue 15): a whole number with thousands separators
(``1.005``, ``1,200``) wherever a whole number is read, an amount with both separators
(``1.000,00``, ``1,000.00``); what :func:`ledger.i18n.number` and :func:`ledger.i18n.money` print
in either language reads back to the same value (one reader: ``games.base.read_written``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.errors import LedgerError
from ledger.games.parsing import as_int, phrase_parts, read_written
from ledger.games.settle import parse_money
from ledger.i18n import money, number

LANGS = ("en", "it")


@given(st.integers(-10 ** 15, 10 ** 15), st.sampled_from(LANGS))
def test_a_whole_number_as_printed_reads_back(n, lang):
    assert as_int(number(n, lang), "x") == n


@given(st.integers(0, 10 ** 14), st.sampled_from(LANGS), st.sampled_from(("EUR", "€", "USD", "GBP", "CHF")))
def test_an_amount_as_printed_reads_back(cents, lang, currency):
    assert parse_money(money(cents, currency, lang), "x") == cents


@given(st.integers(1000, 10 ** 12))
def test_grouped_by_hand_in_either_style(n):
    groups = f"{n:,}"
    assert as_int(groups, "x") == n
    assert as_int(groups.replace(",", "."), "x") == n
    assert parse_money(groups + ".00", "x") == n * 100
    assert parse_money(groups.replace(",", ".") + ",50", "x") == n * 100 + 50


@pytest.mark.parametrize("text, value", [("1.005", 1005), ("1,200", 1200), ("-1.520", -1520), ("12.000.000", 12000000),
                                         (" 42 ", 42), ("007", 7)])
def test_whole_numbers_with_thousands(text, value):
    assert as_int(text, "options.target") == value


@pytest.mark.parametrize("text", ["1.5", "1,20", "1.2.3", "1.20.000", "1,000,00", "0.500", "1.000,00", "+5", "1 000"])
def test_what_is_no_whole_number_is_refused_naming_the_field(text):
    with pytest.raises(LedgerError) as info:
        as_int(text, "options.target")
    assert info.value.field == "options.target"


@pytest.mark.parametrize("text, cents", [("1.000,00", 100000), ("1,000.00", 100000), ("1.000,00 €", 100000),
                                         ("€1,000.50", 100050), ("1.000.000", 100000000), ("0,50", 50), ("2", 200)])
def test_amounts_with_both_separators(text, cents):
    assert parse_money(text, "options.stake") == cents


@pytest.mark.parametrize("text", ["1.000", "1,000", "-1,00", "0.505", "1.000,000", "1,000,00"])
def test_ambiguous_or_wrong_amounts_are_refused(text):
    """``1.000`` alone could be one euro or a thousand: refused, as before."""
    with pytest.raises(LedgerError) as info:
        parse_money(text, "options.stake")
    assert info.value.field == "options.stake"


def test_the_reader_says_what_it_read():
    assert read_written("1.200").ambiguous and not read_written("1.200").fraction
    assert read_written("1.000,50").fraction == "50" and not read_written("1.000,50").ambiguous
    assert read_written("12") is not None and read_written("1e5") is None and read_written("9" * 20) is None


def test_a_phrase_keeps_the_comma_of_a_number():
    assert phrase_parts("1 pulito, calate 1,200, in mano 0") == ["1 pulito", "calate 1,200", "in mano 0"]
    assert phrase_parts("2 puliti,1 sporco;calate 40,35 in mano") == ["2 puliti", "1 sporco", "calate 40", "35 in mano"]


def test_at_the_cli_target_words_and_stake_as_an_italian_types_them(cli):
    cli("--lang", "it", "match", "new", "burraco", "-p", "Anna,Bruno", "-o", "target=1.005", "-o", "stake=1.000,00",
        "-o", "stake_per=match")
    options = json.loads(cli("export", "1").stdout)["options"]
    assert options["target"] == 1005 and options["stake_cents"] == 100000
    # the deck holds 1080 card points: one side's thousand a hand (written 1.000 or 1,000)
    cli("--lang", "it", "hand", "add", "1", "Anna=1 pulito, calate 1.000, in mano 0, chiuso",
        "Bruno=calate 0, in mano 80, pozzetto preso")
    cli("--lang", "it", "match", "new", "burraco", "-p", "Anna,Bruno")
    cli("--lang", "it", "hand", "add", "2", "Anna=calate 40, in mano 0, pozzetto preso",
        "Bruno=calate 1,000, in mano 10, pozzetto preso", "chiusura=nessuno")
    first, second = (json.loads(cli("export", str(m)).stdout)["hands"][0] for m in (1, 2))
    assert (first["sides"]["Anna"]["melded_points"], second["sides"]["Bruno"]["melded_points"],
            second["sides"]["Bruno"]["hand_points"]) == (1000, 1000, 10)


def test_canasta_words_take_thousands(cli):
    cli("match", "new", "canasta", "-p", "Anna,Bruno")
    # the decks hold 1740 card points: one side's thousands a hand
    cli("hand", "add", "1", "Anna=1 pura, 1 sporca, calate 1.200, in mano 0, chiuso",
        "Bruno=calate 0, in mano 500, not opened")
    cli("hand", "add", "1", "Bruno=1 pura, 1 sporca, calate 335, in mano 0, chiuso",
        "Anna=calate 0, in mano 1,050, not opened")
    first, second = json.loads(cli("export", "1").stdout)["hands"][:2]
    assert first["sides"]["Anna"]["melded_points"] == 1200 and second["sides"]["Anna"]["hand_points"] == 1050
