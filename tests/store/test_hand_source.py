"""Where a hand came from (``hand.source``, migration 0005) and the ``after`` check of the one
append path (``Ledger.append``): the page's hands are stored as the terminal's, marked ``page``;
the export carries the mark only for them; ``import`` and ``restore`` keep it."""

from __future__ import annotations

import json

import pytest

from ledger.errors import LedgerError
from ledger.store.service import Ledger, Stale, check_after

HAND = {"sides": {"Anna": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": 1},
                  "Bruno": {"cards": 18, "denari": 4, "settebello": False, "primiera": 70}}}


@pytest.fixture
def led(ledger_db) -> Ledger:
    led = Ledger(str(ledger_db))
    led.new_match("scopa", players=["Anna", "Bruno"])
    return led


def test_a_page_hand_is_stored_and_exported_with_its_source(led, cli):
    led.add_hand(1, HAND)
    led.add_hand(1, HAND, source="page")
    hands = led.export(1)["hands"]
    assert "source" not in hands[0] and hands[1]["source"] == "page"
    assert list(hands[1]) == [*HAND, "entered_at", "source"]
    whole = json.loads(cli("export", "--all").stdout)  # the plain-SQL export writes it too
    assert [h.get("source") for h in whole["matches"][0]["hands"]] == [None, "page"]


def test_the_terminal_s_hands_export_as_before(led):
    led.add_hand(1, HAND, source="cli")  # the terminal's, said: stored as null
    assert list(led.export(1)["hands"][0]) == [*HAND, "entered_at"]


def test_import_and_restore_keep_the_source(led, cli, tmp_path):
    led.add_hand(1, HAND, source="page")
    doc = led.export(1)
    again = led.import_match(doc)
    assert led.export(again.match.id)["hands"] == doc["hands"]
    (tmp_path / "all.json").write_text(cli("export", "--all").stdout)
    fresh = Ledger(str(tmp_path / "fresh.db"))
    cli("--db", str(tmp_path / "fresh.db"), "restore", str(tmp_path / "all.json"))
    assert [h.get("source") for h in fresh.export(1)["hands"]] == ["page"]


def test_an_unknown_source_is_refused_by_import_and_replay(led, cli, tmp_path):
    led.add_hand(1, HAND, source="page")
    doc = led.export(1)
    doc["hands"][0]["source"] = "phone"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert cli.error("import", str(path)).startswith("error: hands[0].source: 'phone' is not where")
    assert cli.error("replay", str(path)).startswith("error: hands[0].source:")
    assert len(led.view(1).hands) == 1


def test_a_source_typed_in_a_hand_is_not_taken(led):
    led.add_hand(1, {**HAND, "source": "page"})  # bookkeeping: the ledger's own, never the sender's
    assert "source" not in led.export(1)["hands"][0]


def test_after_the_hands_seen_stores_the_hand(led):
    assert len(led.add_hand(1, HAND, after=0).hands) == 1
    assert len(led.add_hand(1, HAND, after=1).hands) == 2
    assert all("after" not in h.document for h in led.view(1).hands)


def test_after_another_number_stores_nothing(led):
    led.add_hand(1, HAND)
    revision = led.view(1).match.revision
    with pytest.raises(Stale) as err:
        led.add_hand(1, HAND, source="page", after=0)
    assert (err.value.field, err.value.after, err.value.hands) == ("after", 0, 1)
    assert str(err.value) == ("after: match 1 has 1 hand now, not 0: a hand was entered or taken back meanwhile; "
                              "nothing was stored")
    view = led.view(1)
    assert len(view.hands) == 1 and view.match.revision == revision
    assert err.value.board == view.to_json()  # the scoreboard as it stood, read in the same transaction


@pytest.mark.parametrize("value", [-1, 1.5, "2", True, [1]])
def test_after_must_be_a_number_of_hands(value):
    with pytest.raises(LedgerError) as err:
        check_after(value)
    assert err.value.field == "after"


def test_after_absent_is_none():
    assert check_after(None) is None and check_after(3) == 3
