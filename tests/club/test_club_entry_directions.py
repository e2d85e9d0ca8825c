"""``ledger club add`` as a new scorer types it (issue 15): ``NS=1 EW=2`` names the pairs (never
pairs called "NS=1"), and a board takes no more results than the session has tables (``--tables``):
refused with one line, exit 2, nothing written."""

from __future__ import annotations

import pytest

from ledger.club.entry import result_words
from ledger.errors import LedgerError


@pytest.mark.parametrize("words, who", [
    ("NS=1 EW=2 3NT S =", {"ns": 1, "ew": 2}),
    ("EW=2 NS=1 3NT S =", {"ns": 1, "ew": 2}),
    ("3NT S = ns=1 ew=2", {"ns": 1, "ew": 2}),
    ("N-S=7 E-O=12 3NT S =", {"ns": 7, "ew": 12}),
    ("1 2 3NT S =", {"ns": 1, "ew": 2}),
])
def test_pairs_by_direction_or_by_place(words, who):
    doc = result_words("pairs", words.split())
    assert {k: doc[k] for k in ("ns", "ew")} == who
    assert (doc["contract"], doc["declarer"], doc["tricks"]) == ("3NT", "S", 9)


def test_the_players_of_an_individual_by_seat():
    doc = result_words("individual", "N=Anna S=Bruno E=Carla O=Dario 4S N =".split())
    assert doc["players"] == {"N": "Anna", "S": "Bruno", "E": "Carla", "W": "Dario"}


@pytest.mark.parametrize("words, field", [
    ("NS=1 3NT S =", "ew"),               # one direction only
    ("NS=1 NS=3 EW=2 3NT S =", "ns"),     # a direction twice
    ("NS= EW=2 3NT S =", "ns"),           # no pair
    ("1 X=2 3NT S =", "ew"),              # a pair with '=' in its name
])
def test_directions_said_wrong_are_refused_naming_the_field(words, field):
    with pytest.raises(LedgerError) as info:
        result_words("pairs", words.split())
    assert info.value.field == field


def test_the_cli_reads_ns_ew_as_the_pairs_and_ranks_them(cli):
    cli("club", "new", "--boards", "2")
    cli("club", "add", "1", "1", "NS=1", "EW=2", "3NT", "S", "=")
    cli("club", "add", "1", "1", "3", "4", "3NT", "S", "+1")
    shown = cli.json("club", "show", "1")
    assert [(r["ns"], r["ew"]) for r in shown["boards"][0]["results"]] == [(1, 2), (3, 4)]
    assert "NS=1" not in cli("club", "show", "1").stdout


def test_a_result_beyond_the_tables_is_refused_and_nothing_is_written(cli):
    cli("club", "new", "--tables", "2")
    cli("club", "add", "1", "1", "1", "2", "3NT", "S", "=")
    cli("club", "add", "1", "1", "3", "4", "3NT", "S", "+1")
    before = cli("club", "show", "1", "--json").stdout
    line = cli.error("club", "add", "1", "1", "5", "6", "4S", "N", "=")
    assert line == ("error: board: board 1 already has its 2 results (the session has 2 tables): correct a line "
                    "with ledger club edit")
    italian = cli.error("--lang", "it", "club", "add", "1", "1", "5", "6", "4S", "N", "=")
    assert italian.startswith("errore: board: la smazzata 1 ha già i suoi 2 risultati (il torneo ha 2 tavoli)")
    assert cli("club", "show", "1", "--json").stdout == before
    cli("club", "add", "1", "2", "5", "6", "4S", "N", "=")          # another board has room
    cli("club", "edit", "1", "1", "1", "2", "3NT", "S", "-1")       # a correction keeps its board's count
    cli.error("club", "edit", "1", "3", "5", "6", "4S", "N", "=", "--board", "1")  # moved onto a full board


def test_a_pair_called_with_an_equals_sign_is_refused_at_the_cli(cli):
    cli("club", "new")
    assert cli.error("club", "add", "1", "1", "1", "X=2", "3NT", "S", "=") == (
        "error: ew: 'X=2' is not a pair, a team or a player: say who played as 7 12 or NS=7 EW=12")
