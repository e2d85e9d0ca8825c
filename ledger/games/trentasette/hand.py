"""Trentasette at the table: the hand declared once (:mod:`ledger.games.declare`), from which come
the words read by ``ledger hand add`` and ``ledger play``, the questions for what is missing, the
labels of errors (``Anna, figures``) and the fields of the docs and the phone form.

Each side's captured pile, a player's name standing for the player's side; the cards left on the
table and who made the last capture::

    Anna="AH 2H 3H …" Bruno=rest table="5C 7D" last=Anna
    Anna AH 2H 3H …; Bruno resto; tavolo 5C 7D; ultima Anna
    Anna.carte=20 Anna.figure=5 Anna.valori=nessuno … Bruno=conta

A pile is its cards, ``rest`` (``resto``), or ``count`` (``conta``): its facts, each a field of
its own inside the side (``Anna.figures=5``), asked one by one. What is left out is asked side by
side (the pile, then each fact of a counted pile), then the cards left on the table when the piles
of cards fall short of the 52 (Enter for none), then who made the last capture when cards were
left. The game's own reading (:func:`read_cards`) checks cards of the 52-card deck at once.
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.cards import parse_cards
from ledger.errors import LedgerError
from ledger.games.declare import Field, HandForm, Kind, Per, Said
from ledger.games.jsontypes import JsonDoc
from ledger.games.trentasette.document import COUNT_FIELDS, REST_WORDS, read_ranks, read_suits
from ledger.i18n import Msg, t, tn

COUNT_WORDS = ("count", "conta", "conteggio", "contare")  # the pile given as counts, asked one by one
TABLE_WORDS = ("table", "tavolo", "banco")
LAST_WORDS = ("last", "last_capture", "ultima", "ultima presa", "ultima_presa")
# the same facts as asked in a match of two sides, where the three-side counts do not apply
_TWO_SIDES = {
    "ranks": t("trentasette.count_ranks_two", "numeric ranks held complete (all 4), e.g. \"3 6\" or none"),
    "runs": t("trentasette.count_runs_two", "suits with a run (7 in a row), e.g. \"H\" or none"),
}
# each fact of a counted pile: its name (a message) and the words Italian players type for it
_FACTS: dict[str, tuple[Msg, tuple[str, ...]]] = {
    "cards": (t("trentasette.field.cards", "cards"), ("carte",)),
    "figures": (t("trentasette.field.figures", "figures"), ("figure",)),
    "ranks": (t("trentasette.field.ranks", "complete ranks"), ("valori",)),
    "ace_of_hearts": (t("trentasette.field.ace_of_hearts", "ace of hearts"), ("asso di cuori",)),
    "two_of_spades": (t("trentasette.field.two_of_spades", "two of spades"), ("due di picche",)),
    "sevens": (t("trentasette.field.sevens", "sevens"), ("sette",)),
    "runs": (t("trentasette.field.runs", "runs"), ("scale",)),
    "missing_suits": (t("trentasette.field.missing_suits", "missing suits"), ("semi mancanti",)),
}


def read_cards(text: str, path: str) -> str:
    """Cards as typed, each a card of the 52-card deck (``LedgerError`` on ``path`` naming the
    card otherwise); the scorer reads them when the hand is scored."""
    parse_cards(text, path)
    return text


def _fact(key: str, kinds: tuple[Kind, ...], hi: int | None, two_sides: bool) -> Field:
    """A fact of a counted pile, kept inside the side's object (``sides.Anna.figures``)."""
    name, words = _FACTS[key]
    read = read_ranks if key == "ranks" else read_suits if key in ("runs", "missing_suits") else None
    ask = _TWO_SIDES.get(key, COUNT_FIELDS[key]) if two_sides else COUNT_FIELDS[key]
    return Field(key, name, kinds, Per.SIDE, lo=0 if hi is not None else None, hi=hi, words=words, ask=ask,
                 read=read, within="sides")


def form(two_sides: bool = False) -> HandForm:
    """The Trentasette hand (FORMATS.md), its questions worded for a match of two sides or of three."""
    return HandForm((
        Field("sides", t("trentasette.field.sides", "captured piles"), (Kind.CARDS,), Per.SIDE,
              values=(Said("rest", tuple(sorted(REST_WORDS))), Said({}, COUNT_WORDS)), read=read_cards,
              ask=t("trentasette.ask_pile", "{side}: captured pile (the cards, 'rest', or 'count')", side="{who}")),
        _fact("cards", (Kind.COUNT,), 52, two_sides),
        _fact("figures", (Kind.COUNT,), 12, two_sides),
        _fact("ranks", (Kind.TEXT,), None, two_sides),
        _fact("ace_of_hearts", (Kind.FLAG,), None, two_sides),
        _fact("two_of_spades", (Kind.FLAG,), None, two_sides),
        _fact("sevens", (Kind.FLAG,), None, two_sides),
        _fact("runs", (Kind.TEXT,), None, two_sides),
        _fact("missing_suits", (Kind.TEXT,), None, two_sides),
        Field("table", t("trentasette.field.table", "table"), (Kind.CARDS,), required=False, default="",
              words=TABLE_WORDS, read=read_cards,
              ask=t("trentasette.ask_table", "cards left on the table at the end (Enter for none)")),
        Field("last_capture", t("trentasette.field.last_capture", "last capture"), (Kind.SIDE,), words=LAST_WORDS,
              ask=t("trentasette.ask_last", "who made the last capture")),
    ), game="trentasette", main="sides", side_by_side=True, commas_in_values=True)


FORM = form()
FORM_TWO = form(two_sides=True)


def skipped(doc: JsonDoc, f: Field, side: str) -> bool:
    """Whether ``side``'s field ``f`` is not asked: a pile's facts only when it is counted."""
    sides = doc.get("sides")
    pile = sides.get(side) if isinstance(sides, Mapping) else None
    return f.within is not None and not isinstance(pile, Mapping)


def hand_skipped(doc: JsonDoc, f: Field) -> bool:
    """Whether the hand field ``f`` is not asked: the table only when the piles of cards fall short
    of the 52, the last capture only when cards were left on the table."""
    if f.key == "table":
        sides = doc.get("sides")
        return not (isinstance(sides, Mapping) and _short_of_deck(sides))
    if f.key == "last_capture":
        return not doc.get("table") or bool(doc.get("last_capture"))
    return False


def entry_help() -> Msg:
    """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
    return t("play.help.trentasette",
             "Each side's captured pile: its cards, or 'rest' for the cards no other side took:\n"
             "  Anna=\"AH 2H 3H\" Bruno=rest\n"
             "The cards left on the table and who made the last capture: table=\"5C 7D\" last=Anna. "
             "Without the cards, the pile's counts: Anna=count (its facts are then asked one by one).")


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


def _short_of_deck(sides: JsonDoc) -> bool:
    """True when every pile is given as cards and they hold fewer than 52: the rest is on the table."""
    if any(not isinstance(v, (str, list)) or (isinstance(v, str) and v.strip().lower() in REST_WORDS)
           for v in sides.values()):
        return False
    try:
        return sum(len(parse_cards(v)) for v in sides.values()) < 52
    except LedgerError:
        return False
