"""A hand document's sides and its closer (ledger.games.hand_sides), as Burraco, Canasta,
Trentasette and Tressette read them: each in its own words, with the same fields and values."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.hand_sides import closer_of, sides_by_name
from ledger.games.parsing import named_sides
from ledger.i18n import Msg, t

SIDES = {"NS": {"melded_points": 90}, "EW": {"melded_points": 50}}


def TWICE(side: str) -> Msg:
    return t("test.twice", "{side} twice", side=side)


def MISSING(side: str) -> Msg:
    return t("test.missing", "{side} missing", side=side)


def NOT_A_SIDE(value: object) -> Msg:
    return t("test.not_side", "{value} is no side", value=value)


def refused(fn, *args) -> LedgerError:
    with pytest.raises(LedgerError) as err:
        fn(*args)
    return err.value


def test_each_side_is_kept_under_its_name_with_its_key_and_value():
    resolve = named_sides({"ns": 0, "ew": 0})
    assert sides_by_name(SIDES, resolve, ["ns", "ew"], TWICE, MISSING) == {"ns": ("NS", SIDES["NS"]),
                                                                             "ew": ("EW", SIDES["EW"])}


def test_a_side_twice_a_side_missing_and_a_key_of_no_side_are_named():
    resolve = named_sides({"NS": 0, "EW": 0})
    err = refused(sides_by_name, {"NS": 1, "ns": 2}, resolve, None, TWICE, MISSING)
    assert (err.code, err.field, err.value, str(err.message)) == ("test.twice", "sides.ns", "ns", "NS twice")
    err = refused(sides_by_name, {"EW": 1}, resolve, ["NS", "EW"], TWICE, MISSING)
    assert (err.code, err.field, err.value) == ("test.missing", "sides.NS", None)
    assert refused(sides_by_name, {"Zed": 1}, resolve, None, TWICE, MISSING).field == "sides.Zed"


@pytest.mark.parametrize("said, closer", [(None, None), ("  Nessuno ", None), ("ns", "NS"), ("EW", "EW")])
def test_the_closer_is_a_side_of_the_hand_or_nobody(said, closer):
    resolve = named_sides(SIDES)
    assert closer_of({"closed_by": said}, resolve, SIDES, {"nessuno"}, t("test.closed", "say who"), NOT_A_SIDE) == closer


def test_a_closer_missing_or_not_in_the_hand_is_refused():
    resolve = named_sides({**SIDES, "X": 0})
    err = refused(closer_of, {}, resolve, SIDES, {"nobody"}, t("test.closed", "say who"), NOT_A_SIDE)
    assert (err.code, err.field) == ("test.closed", "closed_by")
    err = refused(closer_of, {"closed_by": "x"}, resolve, SIDES, {"nobody"}, t("test.closed", "say who"), NOT_A_SIDE)
    assert (err.code, err.field, err.value) == ("test.not_side", "closed_by", "x")


@pytest.mark.parametrize("game, twice, missing", [
    ("burraco", "burraco.side_twice", "burraco.hand_of_missing"),
    ("canasta", "canasta.side_twice", "canasta.hand_of_missing"),
    ("trentasette", "trentasette.side_twice", "trentasette.missing_pile"),
    ("tressette", "tressette.side_twice", "tressette.pile_missing"),
])
def test_each_game_names_a_side_twice_or_missing_in_its_own_words(game, twice, missing):
    g = get_game(game)
    s = g.setup(None, ["Anna", "Bruno"])
    closer = {"closed_by": None} if game in ("burraco", "canasta") else {}
    err = refused(g.apply, s, g.start(s), {"sides": {"Anna": {}, "anna": {}}, **closer})
    assert (err.code, err.field) == (twice, "sides.anna")
    err = refused(g.apply, s, g.start(s), {"sides": {"Anna": {}}, **closer})
    assert (err.code, err.field) == (missing, "sides.Bruno")
