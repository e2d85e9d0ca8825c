"""Phrases Italian players say, read where the games read words: who knocked, who re-enters."""

from __future__ import annotations


def test_who_knocked_said_as_a_phrase(cli):
    cli("match", "new", "simone", "--players", "Marco,Giulia")
    for words in (["Marco=12", "Giulia=20", "ha", "bussato", "Marco"], ["Marco=12", "Giulia=20", "Giulia ha bussato"],
                  ["Marco=12", "Giulia=20", "Marco", "knocked"]):
        cli("hand", "add", "1", *words)
    knocked = [h["result"]["knocked_by"] for h in cli.json("show", "1")["hands"]]
    assert knocked == ["Marco", "Giulia", "Marco"]


def test_reentries_named_with_e(cli):
    cli("match", "new", "trentuno", "--players", "Giulia,Sara,Marco,Luca", "-o", "rientro=sì", "-o", "vite=1")
    cli("hand", "add", "1", "Giulia=10", "Sara=12", "Marco=30", "Luca=25", "bussa=Marco")
    cli("--lang", "it", "hand", "add", "1", "Marco=30", "Luca=26", "Giulia=7", "Sara=9", "bussa=Marco",
        "rientro=Giulia e Sara")
    assert cli.json("show", "1")["hands"][-1]["result"]["reentry"] == ["Giulia", "Sara"]
