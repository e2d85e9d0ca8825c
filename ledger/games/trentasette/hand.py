"""Trentasette at the table: the words of ``ledger hand add`` and ``ledger play``, the questions
for what is missing, and a hand as entered in a few words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ledger.cards import parse_cards
from ledger.errors import LedgerError
from ledger.games.base import Answer, Question, key_value_entry
from ledger.games.match_setup import MatchSetup
from ledger.games.trentasette.document import COUNT_FIELDS, REST_WORDS, _read_count_field
from ledger.i18n import Msg, t, tn

COUNT_WORDS = {"count", "conta", "conteggio", "contare"}  # the pile given as counts, asked one by one
# the words of hand entry besides the sides: the cards left on the table, and who took them
TABLE_WORDS = ("table", "tavolo", "banco")
LAST_WORDS = ("last", "last_capture", "ultima", "ultima_presa")
# the same facts as asked in a match of two sides, where the three-side counts do not apply
_TWO_SIDES = {
    "ranks": t("trentasette.count_ranks_two", "numeric ranks held complete (all 4), e.g. \"3 6\" or none"),
    "runs": t("trentasette.count_runs_two", "suits with a run (7 in a row), e.g. \"H\" or none"),
}
# the count fields as Italian players name them (Anna.carte=20 Anna.figure=6 ...)
COUNT_KEYS = {"carte": "cards", "figure": "figures", "valori": "ranks", "asso_di_cuori": "ace_of_hearts",
              "due_di_picche": "two_of_spades", "sette": "sevens", "scale": "runs", "semi_mancanti": "missing_suits"}


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
    """``Anna="AH 2H …" Bruno=rest table="5C" last=Anna`` or counts ``Anna.cards=20 …`` (``Anna=count``:
    the counts, to be asked)."""
    raw = key_value_entry(tokens)
    doc: dict[str, Any] = {"sides": {}}
    for k, v in raw.items():
        low = k.lower()
        if low in TABLE_WORDS:
            doc["table"] = v
        elif low in LAST_WORDS:
            doc["last_capture"] = v
        else:
            side = setup.resolve_entry(k, (*TABLE_WORDS, *LAST_WORDS))
            if side in doc["sides"]:
                raise LedgerError(t("trentasette.entry_twice", "{side!r} is given twice: a side has one pile, "
                                    "entered once", side=side), f"entry.{k}", k)
            if isinstance(v, dict):  # counts by dotted keys, also in Italian (Anna.carte=20)
                v = {COUNT_KEYS.get(f.strip().lower(), f): x for f, x in v.items()}
            doc["sides"][side] = {} if str(v).strip().lower() in COUNT_WORDS else v  # counts, asked one by one
    return doc

def questions(setup: MatchSetup, doc: Mapping[str, Any]) -> list[Question]:
    sides = doc.get("sides") or {}
    if not isinstance(sides, Mapping):
        return []  # nothing to ask: scoring names the wrong shape
    qs: list[Question] = []
    for side in setup.side_names:
        given = {setup.resolve_side(k, "sides"): v for k, v in sides.items()}
        if side not in given:
            qs.append(Question(side, str(t("trentasette.ask_pile", "{side}: captured pile (the cards, 'rest', or "
                                           "'count')", side=side)), _answer_pile(side)))
            return qs
        v = given[side]
        if isinstance(v, Mapping):
            for f, meaning in COUNT_FIELDS.items():
                if len(setup.side_names) == 2:
                    meaning = _TWO_SIDES.get(f, meaning)
                if f not in v:
                    qs.append(Question(f"{side}.{f}", str(t("trentasette.ask_count", "{side}: {meaning}", side=side,
                                                            meaning=meaning)), _answer_count(side, f)))
                    return qs
    if "table" not in doc and _short_of_deck(sides):
        qs.append(Question("table", str(t("trentasette.ask_table", "cards left on the table at the end (Enter for "
                                          "none)")), _answer_table, default=""))
    elif doc.get("table") and not doc.get("last_capture"):
        qs.append(Question("last_capture", str(t("trentasette.ask_last", "who made the last capture")), _answer_last,
                           choices=setup.side_names))
    return qs


def pile_text(pile: object) -> str:
    """A side's pile as entered, in a word or two: ``22 cards``, ``rest``, ``counted``."""
    if isinstance(pile, Mapping):
        return str(t("trentasette.entered_counted", "counted"))
    if isinstance(pile, str) and pile.strip().lower() in REST_WORDS:
        return str(t("trentasette.entered_rest", "rest"))
    return cards_text(pile)


def cards_text(cards: object) -> str:
    """``"3 cards"`` for cards as entered (``"cards"`` when they cannot be read)."""
    try:
        n = len(parse_cards(cards))
    except LedgerError:
        return str(t("trentasette.entered_cards", "cards"))
    return str(tn("trentasette.entered_n_cards", "{n} card", "{n} cards", n))


def _short_of_deck(sides: Mapping[str, Any]) -> bool:
    """True when every pile is given as cards and they hold fewer than 52: the rest is on the table."""
    if any(not isinstance(v, (str, list)) or (isinstance(v, str) and v.strip().lower() in REST_WORDS)
           for v in sides.values()):
        return False
    try:
        return sum(len(parse_cards(v)) for v in sides.values()) < 52
    except LedgerError:
        return False


def _answer_pile(side: str) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        typed = text.strip()
        value: Any = {} if typed.lower() in COUNT_WORDS else typed
        if typed.lower() not in REST_WORDS and typed.lower() not in COUNT_WORDS:
            parse_cards(typed, f"sides.{side}")
        return {**doc, "sides": {**(doc.get("sides") or {}), side: value}}
    return answer


def _answer_count(side: str, f: str) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        pile = dict(doc["sides"][side])
        pile[f] = text.strip()
        _read_count_field(pile, f, f"sides.{side}.{f}")
        return {**doc, "sides": {**doc["sides"], side: pile}}
    return answer


def _answer_table(doc: dict[str, Any], text: str) -> dict[str, Any]:
    if text.strip():
        parse_cards(text, "table")
    return {**doc, "table": text.strip()}


def _answer_last(doc: dict[str, Any], text: str) -> dict[str, Any]:
    return {**doc, "last_capture": text.strip()}
