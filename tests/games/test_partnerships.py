"""Partners at the table (ledger.games.partnerships): four players paired by seat, two named sides
seated alternately, each game answering a seating that cannot be with its own message codes; and
the target option every game with a total to reach reads the same way (Rules.options_with_target)."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.partnerships import SeatingErrors, pairs_by_seat, seat_partners
from ledger.i18n import t

ERRORS = SeatingErrors(t("test.not_two", "not two"), t("test.sizes", "sizes"), t("test.other", "other people"),
                       t("test.opposite", "not opposite"))
PAIRS = {"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]}


def refused(*args: object, **kwargs: object) -> LedgerError:
    with pytest.raises(LedgerError) as err:
        seat_partners(*args, **kwargs)  # type: ignore[arg-type]
    return err.value


def test_four_players_pair_by_seat_and_fewer_play_each_for_self():
    assert pairs_by_seat(("A", "B", "C", "D")) == (("A", "B", "C", "D"), {"NS": ("A", "C"), "EW": ("B", "D")})
    assert pairs_by_seat(("A", "B", "C")) == (("A", "B", "C"), {"A": ("A",), "B": ("B",), "C": ("C",)})
    assert pairs_by_seat(("A", "B", "C", "D"), by_players=True)[1] == {"A & C": ("A", "C"), "B & D": ("B", "D")}
    assert pairs_by_seat(("A", "B"), by_players=True)[1] == {"A": ("A",), "B": ("B",)}


def test_two_sides_sit_alternately_or_as_the_players_are_listed():
    assert seat_partners(PAIRS, None, ERRORS) == (("Anna", "Bruno", "Carla", "Dario"),
                                                  {"Noi": ("Anna", "Carla"), "Voi": ("Bruno", "Dario")})
    seated, _ = seat_partners(PAIRS, ["dario", "anna", "bruno", "carla"], ERRORS)
    assert seated == ("Dario", "Anna", "Bruno", "Carla")  # the seating listed, each name as the sides write it
    assert seat_partners({"A": ["Anna"], "B": ["Bruno"]}, ["Bruno", "Anna"], ERRORS, sizes=(1, 2))[0] == ("Bruno",
                                                                                                         "Anna")


@pytest.mark.parametrize("sides, players, sizes, code, field", [
    (["Anna", "Bruno"], None, (2,), "test.not_two", "sides"),
    ({**PAIRS, "Loro": ["Elena", "Fabio"]}, None, (2,), "test.not_two", "sides"),
    ({"A": ["Anna"], "B": ["Bruno"]}, None, (2,), "test.sizes", "sides"),
    ({"A": ["Anna"], "B": ["Bruno", "Dario"]}, None, (1, 2), "test.sizes", "sides"),
    (PAIRS, ["Anna", "Bruno", "Carla", "Elena"], (2,), "test.other", "players"),
    (PAIRS, ["Anna", "Bruno", "Dario", "Carla"], (2,), "test.opposite", "players"),
    (PAIRS, ["Anna", "Carla", "Bruno", "Dario"], (2,), "test.opposite", "players"),
    ({"A": ["Anna", "Bruno"], "B": ["anna", "Dario"]}, None, (2,), "names.twice", "sides"),
])
def test_a_seating_that_cannot_be_is_refused_in_the_games_words(sides, players, sizes, code, field):
    err = refused(sides, players, ERRORS, sizes=sizes)
    assert (err.code, err.field) == (code, field)


@pytest.mark.parametrize("game", ["burraco", "canasta"])
def test_each_game_keeps_its_own_codes(game):
    with pytest.raises(LedgerError) as err:
        get_game(game).setup(None, ["Anna", "Carla", "Bruno", "Dario"], PAIRS)
    assert err.value.code == f"{game}.opposite" and err.value.field == "players"


@pytest.mark.parametrize("game, default, lo, hi", [("burraco", 2005, 5, 100_000), ("canasta", 15000, 100, 1_000_000)])
def test_the_target_is_the_rule_sets_unless_given_within_its_range(game, default, lo, hi):
    g = get_game(game)
    assert g.setup(None, ["Anna", "Bruno"]).options["target"] == default
    assert g.setup(None, ["Anna", "Bruno"], None, {"target": str(lo)}).options["target"] == lo
    for bad in (lo - 1, hi + 1, "lots"):
        with pytest.raises(LedgerError) as err:
            g.setup(None, ["Anna", "Bruno"], None, {"target": bad})
        assert err.value.field == "options.target"
    with pytest.raises(LedgerError) as err:  # an unknown option is named before a wrong target
        g.setup(None, ["Anna", "Bruno"], None, {"target": "lots", "traget": 1})
    assert err.value.field == "options.traget"
