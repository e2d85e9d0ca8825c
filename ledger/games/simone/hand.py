"""Il Gioco di Simone at the table: the hand declared once (:data:`FORM`, :mod:`ledger.games.declare`),
from which come the words read on the command line and in ``ledger play``, the prompts of ``hand
add -i`` (each player's cards or sum, then who knocked: Enter for nobody), the labels of errors in
the user's words and the table of fields of docs/rules/simone.md.

A hand is said as ``KEY=VALUE`` words or as phrases separated by ``;`` or commas::

    Anna="KH JK 3S 5D" Bruno=17 knock=Anna
    Anna KH JK 3S 5D; Bruno 17; bussa Anna
    Marco=12 Giulia=20 ha bussato Marco

What is Simone's own, and kept here: who knocked said in a phrase after the players' words
(``ha bussato Marco``, ``Marco ha bussato``, ``Marco knocked``: :func:`knock_phrase`), and a
player's hand read as its sum (a number) or its cards kept as typed (:func:`entry_value`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.games.base import MatchSetup
from ledger.games.declare import Field, HandForm, Kind, Per, Said, Who
from ledger.games.jsontypes import JsonDict
from ledger.games.simone.rules import MAX_SUM, MIN_SUM, NOBODY_WORDS, read_hand
from ledger.i18n import Msg, t

KNOCK_WORDS = ("knock", "knocked", "knocks", "knocker", "bussa", "bussato", "ha bussato", "ha_bussato")
_KNOCK_PHRASE = ("ha bussato", "bussa", "bussato", "knocked", "knocks", "knock")


def entry_value(text: str, field: str) -> int | str:
    """A hand typed at the table, checked: the sum as an int, or the cards as the text typed.
    ``LedgerError`` on ``field`` (a card: ``hands.Anna[1]``)."""
    cards, total = read_hand(text.strip(), field)
    return total if cards is None else text.strip()


FORM = HandForm((
    Field("hands", t("simone.field.hands", "cards or sum"), (Kind.CARDS, Kind.COUNT), per=Per.PLAYER, lo=MIN_SUM,
          hi=MAX_SUM, read=entry_value,
          ask=t("simone.ask_hand", "{player}: cards (e.g. KH JK 3S 5D) or the sum", player="{who}")),
    Field("knocked_by", t("simone.field.knocked_by", "who knocked"), (Kind.PLAYER,), required=False, default="",
          values=(Said(None, tuple(sorted(w for w in NOBODY_WORDS if w))),), words=KNOCK_WORDS,
          ask=t("simone.ask_knock", "who knocked (Enter for nobody)")),
), game="simone", main="hands", commas_in_values=True)
"""The Simone hand (FORMATS.md "Il Gioco di Simone"), as the table says it."""
_KNOCKED = FORM.fields[1]


def knock_phrase(tokens: Sequence[str]) -> tuple[list[str], str | None]:
    """The words typed without a phrase that says who knocked (``ha bussato Marco``, ``Marco ha
    bussato``, ``knocked Anna``), and the name it says, or None; free words split at spaces.
    Said after ``KEY=VALUE`` words, such a phrase would read as part of the last value."""
    words: list[str] = []
    for token in tokens:
        words += [token] if "=" in token else token.split()
    folded = [w.casefold() for w in words]
    for phrase in _KNOCK_PHRASE:
        n = len(phrase.split())
        for i in range(len(words) - n + 1):
            if " ".join(folded[i:i + n]) != phrase:
                continue
            if i + n < len(words) and "=" not in words[i + n]:  # "ha bussato Marco"
                return words[:i] + words[i + n + 1:], words[i + n]
            if i > 0 and "=" not in words[i - 1]:  # "Marco ha bussato"
                return words[:i - 1] + words[i + n:], words[i - 1]
    return list(tokens), None


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
    """What was typed → a partial hand document (``{"hands": {...}}`` always, then
    ``knocked_by``): a phrase saying who knocked first (:func:`knock_phrase`), the rest read by
    :data:`FORM`. A ``KEY=VALUE`` word whose key is no player and no word of the game is named
    with the nearest (``entry.KEY``)."""
    FORM.check_keys(tokens, lambda key, words: setup.resolve_entry(key, words, players=True))
    rest, knocker = knock_phrase(tokens)
    who = Who(setup.players, setup.resolve_player)
    doc = FORM.read_words(rest, who, setup.resolve_player) if rest else {}
    if knocker is not None:
        doc["knocked_by"] = FORM.value(_KNOCKED, knocker, "knocked_by", who, setup.resolve_player)
    return {"hands": doc.pop("hands", {}), **doc}


def entry_help() -> Msg:
    """How a hand is written in one line, for ``help`` in ``ledger play`` (examples indented)."""
    return t("play.help.simone",
             "Each player's cards or their sum, and who knocked:\n"
             "  Anna=\"KH JK 3S 5D\" Bruno=17 knock=Anna\n"
             "knock=nobody (or leave it out) when nobody knocked.")
