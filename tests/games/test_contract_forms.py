"""Only the documented forms of a contract are read (issue 14, item 9; docs/rules/bridge.md): a
separator the documentation does not name (``-``, ``.``, ``/``, ``_``) is refused, not dropped."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.bridge.pbn import read_pbn
from ledger.games.bridge.scoring import parse_contract

BRIDGE = get_game("bridge")


@pytest.mark.parametrize("text", ["-1S", "1-S", "--4S", "4S-", "4.S", "4/S", "4SX-", "4_S", "4S/X", "pass-", "3-NT"])
def test_undocumented_separators_are_refused(text):
    with pytest.raises(LedgerError) as err:
        parse_contract(text)
    assert err.value.field == "contract"
    with pytest.raises(LedgerError):
        BRIDGE.score({"rules": "duplicate", "contract": text, "declarer": "N", "tricks": 9})


@pytest.mark.parametrize("text, shown", [("4sx", "4SX"), ("3Nt", "3NT"), ("3 senza atout", "3NT"),
                                         ("4♠ contre", "4SX"), ("6H XX", "6HXX"), ("2C surcontre", "2CXX"),
                                         (" 4 S X ", "4SX"), ("passed out", "Pass"), ("Pass", "Pass")])
def test_the_documented_forms_are_read(text, shown):
    assert str(parse_contract(text)) == shown


def test_a_pbn_contract_with_a_stray_separator_is_refused():
    with pytest.raises(LedgerError) as err:
        read_pbn('[Board "1"]\n[Declarer "S"]\n[Contract "-1S"]\n[Result "7"]\n')
    assert err.value.field == "games[0].Contract"


def test_hand_add_words_with_a_stray_separator_are_refused(cli):
    cli("match", "new", "bridge", "-p", "Anna,Bruno,Carla,Dario", "-r", "duplicate")
    line = cli.error("hand", "add", "1", "4S-", "N", "10")
    assert "4S-" in line
