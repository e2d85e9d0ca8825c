"""A hand entered without a terminal that still misses an item: the error shown comes from the
store's one reading of the hand (``Ledger.append``'s apply, ``hand_entry.complete_hand``), the
plainer fault first, and nothing is written."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.store.service import Ledger


def new_match(cli) -> int:
    return cli.json("match", "new", "trentasette", "-p", "Anna,Bruno")["match"]["id"]


def test_a_missing_pile_is_named(cli):
    mid = new_match(cli)
    line = cli.error("hand", "add", str(mid), "Anna=rest")
    assert line.startswith("error: Bruno: missing (Bruno: captured pile")
    assert cli.json("show", str(mid))["hands"] == []


def test_an_unknown_field_is_named_before_what_is_missing(cli):
    mid = new_match(cli)
    line = cli.error("hand", "add", str(mid), "--file", "-", input='{"sides": {"Anna": "rest"}, "tabel": "AH"}')
    assert line.startswith("error: tabel: unknown field 'tabel'")
    assert cli.json("show", str(mid))["hands"] == []


def test_a_correction_missing_an_item_is_refused_the_same_way(cli):
    """``hand edit`` with neither words nor a file asks every item afresh: without a terminal the
    first is missing, and the hand stays as it was."""
    mid = new_match(cli)
    cli("hand", "add", str(mid), "Anna=rest", "Bruno=AH")
    before = cli.json("show", str(mid))["hands"]
    assert cli.error("hand", "edit", str(mid), "1").startswith("error: Anna: missing (")
    assert cli.json("show", str(mid))["hands"] == before
    assert len(cli.json("match", "history", str(mid))) == 1


def test_the_store_raises_the_missing_items_error_even_for_a_hand_the_scorer_would_take(ledger_db):
    """``incomplete`` is raised unless the one apply finds a plainer fault: nothing is stored."""
    led = Ledger(str(ledger_db))
    mid = led.new_match("trentasette", players=["Anna", "Bruno"]).match.id
    missing = LedgerError("missing (Bruno's pile)", "sides.Bruno", None)
    with pytest.raises(LedgerError) as err:
        led.add_hand(mid, {"sides": {"Anna": "rest", "Bruno": "AH"}}, missing)
    assert err.value is missing
    assert led.view(mid).hands == []
