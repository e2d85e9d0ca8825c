"""A match's sides found by name (``MatchSetup.resolve_side``) through the table made once per match
say what looking through the sides and their players, in order, says (issue 17)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.errors import LedgerError
from ledger.games.match_setup import MatchSetup

NAMES = st.sampled_from(["Anna", "anna", "ANNA", "Bruno", "Carla", "Noi", "noi", "Voi", "Dario", "ß", "SS", "ss"])


def _looked_through(setup: MatchSetup, name: object, field: str) -> str:
    """resolve_side as it was written before: the sides' names first, then their players'."""
    if isinstance(name, str):
        key = name.strip().casefold()
        for side in setup.sides:
            if side.casefold() == key:
                return side
        for side, members in setup.sides.items():
            if any(p.casefold() == key for p in members):
                return side
    if not setup.teams:
        return setup.resolve_player(name, field)
    raise LedgerError("no such side", field, name)


def _outcome(find, setup, name):
    try:
        return find(setup, name, "f")
    except LedgerError as err:
        return ("error", err.field, err.value)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(NAMES, st.lists(NAMES, min_size=1, max_size=2).map(tuple), min_size=1, max_size=3),
       st.one_of(NAMES, NAMES.map(lambda n: f"  {n} "), st.none(), st.integers()))
def test_a_side_is_found_as_looking_through_the_sides_finds_it(sides, name):
    players = tuple(dict.fromkeys(p for members in sides.values() for p in members))
    setup = MatchSetup("x", "standard", players, sides)
    found = _outcome(MatchSetup.resolve_side, setup, name)
    if isinstance(found, tuple):  # both refuse it, on the same field and value
        assert isinstance(_outcome(_looked_through, setup, name), tuple)
        assert found[1:] == _outcome(_looked_through, setup, name)[1:]
    else:
        assert found == _looked_through(setup, name, "f")
    assert setup.side_names == tuple(sides) and setup.teams == any(len(m) > 1 for m in sides.values())
