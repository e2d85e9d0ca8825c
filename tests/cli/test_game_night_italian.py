"""Findings of a game night played in Italian by a new scorekeeper: every message names the
field in the user's words, and what the table says is scored as it was said."""

from __future__ import annotations


def test_a_hand_that_is_not_there_names_the_hand_in_italian(cli):
    cli("match", "new", "briscola", "--players", "Marco,Giulia")
    cli("hand", "add", "1", "Marco", "68", "Giulia", "resto")
    line = cli.error("--lang", "it", "hand", "void", "1", "9")
    assert line == "errore: mano: la partita 1 non ha la mano 9 (ne ha 1)"
    assert cli.error("hand", "void", "1", "9") == "error: hand: match 1 has no hand 9 (it has 1)"
    assert len(cli.json("show", "1")["hands"]) == 1
