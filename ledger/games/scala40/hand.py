"""Scala 40 at the table: the hand declared once (:mod:`ledger.games.declare`), from which come the
words read on the command line (``ledger hand add M ...``) and in ``ledger play``, the prompts of
``hand add -i`` for what is missing, and the labels of errors in the user's words.

A hand is said in parts separated by ``;`` or commas (``KEY=VALUE`` words work too)::

    chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto
    Anna closed, Bruno JK AS 7H, Carla 34, Dario not opened
    rientra Dario; chiude in mano Anna; Bruno 12; Dario 9
    closed_by=Anna in_mano=yes Bruno="JK AS 7H" Carla=34 reentry=Dario

- who closed: ``chiude NAME``, ``NAME chiude``, ``ha chiuso NAME``, ``closed NAME``, ``NAME closed``;
- ``in mano`` / ``in hand``: he closed in hand (also ``chiude in mano NAME``, ``NAME closed in hand``);
- ``rientra NAME`` (``rientrano NAME e NAME``, ``reentry NAME``): re-entries before the hand;
- ``NAME`` then his cards left in hand, the penalty he counted, or ``non ha aperto`` / ``not
  opened`` (optionally followed by his 13 cards or their count).

The game's own phrase code is only what the declaration cannot say: a closing *in mano* said in
the same breath as the closer (:func:`split_in_mano`), and a player who never opened followed by
his cards or count, and one card alone (:func:`read_left`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.cards import parse_cards
from ledger.games.declare import Field, HandForm, Kind, Per, Said
from ledger.games.jsontypes import JsonValue
from ledger.games.suggest import nearest
from ledger.i18n import Msg, t

NOT_OPENED_WORDS = ("non ha aperto", "non aperto", "non apre", "non ha calato", "not opened", "has not opened",
                    "hasn't opened", "never opened", "did not open", "didn't open")
_NOT_OPENED = re.compile(rf"({'|'.join(map(re.escape, NOT_OPENED_WORDS))})\s+(\S.*)", re.IGNORECASE)
_CLOSE_WORDS = r"(?:chiude|ha chiuso|closed|closes)"
_IN_MANO_WORDS = r"(?:in mano|in hand)"
# "chiude in mano Anna" / "Anna chiude in mano" / "Anna closed in hand": the closer and the flag at once
_CLOSE_IN_MANO = re.compile(rf"(?<![^\s;,])({_CLOSE_WORDS})\s+{_IN_MANO_WORDS}\b", re.IGNORECASE)
_NOBODY = ("nessuno", "nobody", "none", "-")


def read_left(text: str, path: str) -> JsonValue:
    """What the declaration cannot read of a player's entry: ``non ha aperto 2S 2S 3D ...`` /
    ``not opened 62`` → ``{"opened": false, "cards"|"points"}``, and one card alone (``AS``),
    whose typo is named as a card's (``others.Bruno[0]``) rather than as a word's, and a number
    with a decimal comma (``2,5``, refused by the rules as no whole penalty); None for any
    other text (the declared kinds read it). The rules check the values when the hand is scored."""
    m = _NOT_OPENED.fullmatch(text.strip())
    if m is None:
        single = text.strip()
        if " " in single or not single or single.lstrip("+-").isdigit() or nearest(single, NOT_OPENED_WORDS):
            return None
        if re.fullmatch(r"[+-]?\d+(?:[.,]\d+)+", single):  # '2,5': a penalty that is no whole number, not cards
            return single
        parse_cards(single, path, italian=True)
        return single
    rest = m.group(2).strip()
    return {"opened": False, "points": int(rest)} if rest.isdigit() else {"opened": False, "cards": rest}


HAND = HandForm((
    Field("reentry", t("scala40.field.reentry", "re-entries"), (Kind.PLAYERS,), required=False, default="",
          values=(Said([], _NOBODY, t("scala40.nobody", "nobody")),),
          words=("rientra", "rientrano", "rientro", "rientri", "reentry", "re-entry", "re-enters", "reenters",
                 "re-enter"),
          ask=t("scala40.ask_reentry", "Who re-enters before this hand? (Enter for nobody)")),
    Field("closed_by", t("scala40.field.closed_by", "closer"), (Kind.PLAYER,),
          words=("chiude", "ha chiuso", "chiuso da", "closed", "closes", "closed by", "closer"),
          ask=t("scala40.ask_closer", "Who closed?")),
    Field("in_mano", t("scala40.field.in_mano", "closed in mano"), (Kind.FLAG,), required=False, default="no",
          words=("in mano", "in hand", "chiusura in mano"),
          ask=t("scala40.ask_in_mano", "Did the closer close in mano, in one turn? (Enter for no)")),
    Field("others", t("scala40.field.others", "cards left or penalty"), (Kind.COUNT, Kind.CARDS), per=Per.PLAYER,
          values=(Said({"opened": False}, NOT_OPENED_WORDS),), read=read_left,
          ask=t("scala40.ask_left", "{who}: cards left in hand, the penalty, or 'not opened'"),
          example="JK AS 7H, 34"),
), game="scala40", main="others", commas_in_values=True)
"""The Scala 40 hand (FORMATS.md "Scala 40 hand document"), as the table says it (``Bruno="JK, AS"``:
the commas inside a player's cards are theirs)."""


def split_in_mano(tokens: Sequence[str]) -> list[str]:
    """The words typed, with a closing in mano said with the closer made two parts:
    ``chiude in mano Anna`` → ``chiude Anna; in mano``, ``Anna closed in hand`` → ``Anna closed;
    in hand``."""
    text = " ".join(str(tok) for tok in tokens)
    if not _CLOSE_IN_MANO.search(text):
        return list(tokens)
    parts = []
    for part in re.split(r"(;|,(?!\d{3}))", text):
        if _CLOSE_IN_MANO.search(part):
            part = _CLOSE_IN_MANO.sub(r"\1", part) + "; in mano"
        parts.append(part)
    return ["".join(parts)]


def entry_help() -> Msg:
    """How a hand is written in one line, for ``help`` in ``ledger play`` (examples indented)."""
    return t("play.help.scala40",
             "Who closed, then each other player still in: the cards left in hand, the penalty, or 'not opened':\n"
             "  Anna closed, Bruno JK AS 7H, Carla 34, Dario not opened\n"
             "Add 'in hand' when the closer went out in one turn (every penalty doubled), and 'reentry NAME' "
             "before a hand to bring a player who is out back in:\n"
             "  reentry Dario; Anna closed in hand; Bruno 12; Carla 20; Dario 9")
