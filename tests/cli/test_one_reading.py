"""One path for a hand (DESIGN.md "Layers"): ``hand add`` reads the match and the state the hand
meets once and checks the match open once, all in its one write transaction; the prompts ask
again what the store refused by the error's field path (``LedgerError.path``) read through the
game's declared hand, never by the text of the error's field."""

from __future__ import annotations

import pickle

import pytest
import sqlalchemy
from sqlalchemy import event

from ledger.cli.hand_entry import forget_answer, path_keys
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.store.service import Ledger


@pytest.fixture
def counted(monkeypatch):
    """How often, while it is set, the match is checked open, a read transaction is opened, a
    transaction is opened for writing, and a SELECT reads the ``hand`` table."""
    counts = {"check_open": 0, "reads": 0, "writes": 0, "hand selects": 0}
    check_open, reads, transaction = Ledger.check_open, Ledger.reads, Ledger.transaction

    def counting_check(m):
        counts["check_open"] += 1
        return check_open(m)

    def counting_reads(self):
        counts["reads"] += 1
        return reads(self)

    def counting_transaction(self, write=False):
        counts["writes"] += write
        return transaction(self, write)

    def statement(conn, cursor, sql, params, context, many):
        words = " ".join(sql.split())
        if words.startswith("SELECT") and " FROM hand" in words:
            counts["hand selects"] += 1

    monkeypatch.setattr(Ledger, "check_open", staticmethod(counting_check))
    monkeypatch.setattr(Ledger, "reads", counting_reads)
    monkeypatch.setattr(Ledger, "transaction", counting_transaction)
    event.listen(sqlalchemy.engine.Engine, "before_cursor_execute", statement)
    yield counts
    event.remove(sqlalchemy.engine.Engine, "before_cursor_execute", statement)


def bridge_match(cli) -> str:
    mid = cli.json("match", "new", "bridge", "-p", "Anna,Bruno,Carla,Dario")["match"]["id"]
    cli("hand", "add", str(mid), "4SX", "W", "down", "2")
    cli("hand", "add", str(mid), "3NT", "S", "=")
    return str(mid)


def test_hand_add_reads_once_and_checks_once_in_its_one_write(cli, counted):
    mid = bridge_match(cli)
    for key in counted:
        counted[key] = 0
    out = cli("hand", "add", mid, "6H", "by", "E", "made", "13").stdout
    assert out.startswith("Deal 3: 6H by E +1: EW +710")
    assert counted == {"check_open": 1, "reads": 0, "writes": 1, "hand selects": 1}


def test_hand_add_to_a_finished_match_is_refused_by_that_one_check(cli, counted):
    mid = cli.json("match", "new", "trentasette", "-p", "Anna,Bruno", "-o", "target=11")["match"]["id"]
    cli("hand", "add", str(mid), "Anna=rest", "Bruno=AH")
    assert cli.json("show", str(mid))["match"]["status"] == "finished"
    counted["check_open"] = 0
    line = cli.error("hand", "add", str(mid), "--file", "-", input="[1]")
    assert line.startswith(f"error: match: match {mid} is over (winner: Anna)")  # before the file's own fault
    assert counted["check_open"] == 1


def test_a_hand_read_at_the_prompts_is_stored_without_reading_the_match_again(cli, counted, ledger_db):
    """``hand add -i``: the match is read and checked before the first question; the write trusts
    that reading while the match's revision has not moved, and reads the match afresh when it has."""
    mid = bridge_match(cli)
    led = Ledger(str(ledger_db))
    with led.reads() as r:
        seen = r.entry(mid)
    counted["check_open"] = 0
    led.add_hand(mid, {"contract": "2H", "declarer": "N", "result": 0}, seen=seen)
    assert counted["check_open"] == 0
    led.add_hand(mid, {"contract": "2H", "declarer": "N", "result": 0}, seen=seen)  # the revision moved
    assert counted["check_open"] == 1
    assert len(led.view(mid).hands) == 4


def test_the_refused_field_is_asked_again_by_its_path_in_the_declared_hand():
    form = get_game("scala40").hand
    doc = {"closed_by": "Anna", "others": {"Bruno": "JK AS 7H", "Carla": 34}}
    refused = LedgerError("'7X' is not a card", "others.Bruno[2]", "7X").in_hand(3)
    assert refused.field == "hand 3: others.Bruno[2]" and refused.path == "others.Bruno[2]"
    assert form.answer_at(refused.path) == ("others", "Bruno")
    assert forget_answer(doc, refused, [], form) == {"closed_by": "Anna", "others": {"Carla": 34}}
    closer = LedgerError("nobody closed", "closed_by", "Anna").in_hand(3)
    assert forget_answer(doc, closer, [], form) == {"others": doc["others"]}


def test_a_path_the_hand_does_not_declare_takes_back_the_last_answer():
    form = get_game("scala40").hand
    earlier = {"closed_by": "Anna"}
    refused = LedgerError("over", "match", 4)
    assert form.answer_at("match") is None
    assert forget_answer({"closed_by": "Anna", "in_mano": True}, refused, [earlier], form) == earlier
    assert forget_answer({"closed_by": "Anna"}, refused, [], form) is None


def test_a_game_without_a_declared_hand_forgets_by_the_path_alone():
    doc = {"sides": {"NS": {"melded_points": 300, "cards": "AH"}, "EW": {"melded_points": 100}}}
    refused = LedgerError("too many", "sides.NS.melded_points", 300).in_hand(2)
    assert path_keys(refused.path) == ["sides", "NS", "melded_points"]
    assert forget_answer(doc, refused, []) == {"sides": {"NS": {"cards": "AH"}, "EW": {"melded_points": 100}}}
    both = LedgerError("they cannot both have closed", "sides", None).in_hand(2)
    assert forget_answer(doc, both, [{"sides": {}}]) == {"sides": {}}  # a whole group: the last answer instead


def test_the_path_is_kept_wherever_the_error_is_said():
    err = LedgerError("bad", "sides.Anna", "x")
    assert err.path == "sides.Anna"
    assert err.at("hands[3]").path == "sides.Anna" and err.at("hands[3]").field == "hands[3].sides.Anna"
    moved = pickle.loads(pickle.dumps(err.in_hand(4)))
    assert (moved.field, moved.path, str(moved)) == ("hand 4: sides.Anna", "sides.Anna", "hand 4: sides.Anna: bad")
