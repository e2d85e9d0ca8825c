"""A Scopa hand as the table says it: the hand declared once (:mod:`ledger.games.declare`), from
which come the words read by ``ledger hand add`` and ``ledger play``, the questions for what is
missing, the labels of errors (``Anna, denari``) and the fields of the docs and the phone form.

Each side's captured pile, a player's name standing for the player's side::

    Anna="7D 6D AD KD …" Bruno=rest
    Anna="22 carte 6 denari settebello primiera 78 2 scope" Bruno="18 carte 4 denari primiera 70"
    Anna.carte=22 Anna.denari=6 Anna.settebello=sì Anna.primiera=78 Anna.scope=2

The pile is its cards, ``rest`` (``resto``), or its counts said as one phrase (the game's own
reading, :func:`read_pile`, with :func:`ledger.games.scopa.document.parse_phrase`); each count
is also a field of its own inside the side (``Anna.denari=6``). What is left out is asked side
by side: the pile, then for a pile given as counts each count it still needs (the napola only
when that option is on and the pile holds 3 denari or more, the re bello only when on), then
the scope (Enter for 0).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.cards import parse_cards
from ledger.errors import LedgerError
from ledger.games.base import as_int
from ledger.games.declare import Field, HandForm, Kind, Per, Said
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.scopa.document import (
    COUNT_FIELDS, FIELD_WORDS, PILE_HELP, REST_WORDS, is_count, is_phrase, is_rest, parse_phrase,
    read_pile_cards, side_fields,
)
from ledger.games.scopa.records import ScopaResult
from ledger.games.suggest import nearest
from ledger.games.scopa.rules import DECK_SIZE, DENARI_IN_DECK, Options
from ledger.i18n import Msg, t, tn

REST = Said("rest", tuple(sorted(REST_WORDS)))
PILE_REST = Said({"cards": "rest"}, REST.words)  # the side's object of a pile said as the rest


def read_pile(text: str, path: str) -> JsonDict:
    """A side's pile as typed → the side's object of the hand document: its counts said as a
    phrase (``22 carte 6 denari settebello primiera 78`` → ``{"cards": 22, "denari": 6, ...}``),
    a number of cards (``22`` → ``{"cards": 22}``: the counts follow), ``rest`` (``{"cards":
    "rest"}``), or its cards (``{"cards": "7D 6D"}``, each a card of the 40-card deck, once).
    ``LedgerError`` on ``path`` (a phrase) or ``path.cards`` (a card)."""
    if is_phrase(text):
        return parse_phrase(text, path)
    if is_rest(text):
        return {"cards": "rest"}
    if is_count(text):
        return {"cards": as_int(text, f"{path}.cards", 0, DECK_SIZE)}
    try:
        read_pile_cards(text, f"{path}.cards")  # a card that cannot be read is named at once
    except LedgerError as err:
        failed = str(err.value).strip()
        if failed.isdigit():  # a number left unread as a card: a phrase of counts misspelt?
            _mistyped_count(text, path)
        elif failed.isalpha() and any(w.isdigit() for w in text.split()):  # 'crate 22': the word itself
            _mistyped_count(failed, path)
        raise
    return {"cards": text}


def _mistyped_count(text: str, path: str) -> None:
    """``LedgerError`` naming the word a phrase of counts was misspelt with (``22 crate 6 denari``:
    ``'crate'``, did you mean ``carte``?) rather than the number it left unread as a card; nothing
    when no word of ``text`` is near a count's."""
    for word in re.split(r"[\s,;:()=+]+", text.strip()):
        near = nearest(word, FIELD_WORDS) if word.isalpha() and word.casefold() not in FIELD_WORDS else None
        if near is not None:
            raise LedgerError(t("scopa.count_word", "{word!r} is not a count of the pile: did you mean {near!r}?",
                                word=word, near=near), path, word)


def _words(key: str) -> tuple[str, ...]:
    """The words a count is typed as (``carte``, ``card``; ``scopa``, ``sweeps``)."""
    return tuple(w for w, k in FIELD_WORDS.items() if k == key)


def _count(key: str, name: Msg, kinds: tuple[Kind, ...], hi: int | None = None, default: str | None = None,
           ask: Msg | None = None, required: bool = True) -> Field:
    """A count of a side's pile, kept inside the side's object (``sides.Anna.denari``)."""
    return Field(key, name, kinds, Per.SIDE, required=required, lo=0 if Kind.COUNT in kinds else None, hi=hi,
                 words=_words(key), ask=ask or COUNT_FIELDS[key], default=default, within="sides",
                 values=(REST,) if key == "cards" else ())


FORM = HandForm((
    Field("sides", t("scopa.field.sides", "captured piles"), (Kind.CARDS, Kind.COUNT), Per.SIDE, lo=0, hi=DECK_SIZE,
          values=(PILE_REST,), read=read_pile, ask=t("scopa.ask_pile", "{side}: captured pile ({help})", side="{who}",
                                                help=PILE_HELP)),
    _count("cards", t("scopa.field.cards", "cards"), (Kind.COUNT, Kind.CARDS), DECK_SIZE, required=False),
    _count("denari", t("scopa.field.denari", "denari"), (Kind.COUNT,), DENARI_IN_DECK),
    _count("settebello", t("scopa.field.settebello", "settebello"), (Kind.FLAG,), default="no", required=False),
    _count("primiera", t("scopa.field.primiera", "primiera"), (Kind.COUNT,), 84),
    _count("napola", t("scopa.field.napola", "napola"), (Kind.COUNT,), DENARI_IN_DECK),
    _count("re_bello", t("scopa.field.re_bello", "re bello"), (Kind.FLAG,), default="no", required=False),
    _count("scope", t("scopa.field.scope", "scope"), (Kind.COUNT,), default="0", required=False,
           ask=t("scopa.ask_scope", "{side}: scope, the sweeps counted at the table (Enter for 0)", side="{who}")),
), game="scopa", main="sides", side_by_side=True, commas_in_values=True)
"""The Scopa hand (FORMATS.md "Scopa"), as the table says it."""


def skipped(doc: JsonDoc, options: Options, f: Field, side: str) -> bool:
    """Whether the count ``f`` of ``side`` is not asked: every count until the pile is given; a
    pile of cards or the rest has its counts in its cards (only the scope is asked); the napola
    only when that option is on and the pile may hold one (3 denari or more), the re bello only
    when on."""
    if f.within is None:
        return False
    sides = doc.get("sides")
    pile = sides.get(side) if isinstance(sides, Mapping) else None
    if not isinstance(pile, Mapping) or "cards" not in pile:
        return True
    if f.key == "scope":
        return False
    if f.key == "cards" or not is_count(pile["cards"]):
        return True
    if f.key == "napola":
        few = is_count(pile.get("denari")) and int(str(pile["denari"]).strip()) < 3
        return not options.napola or few
    return f.key == "re_bello" and not options.re_bello


def entry_help() -> Msg:
    """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
    return t("play.help.scopa",
             "Each side's captured pile (a player's name stands for the side): its cards, or 'rest' for "
             "the cards no other side took:\n"
             "  Anna=\"7D 6D AD KD\" Bruno=rest\n"
             "Or what the pile counted: Anna=\"22 cards 6 denari settebello primiera 78\". One thing at a "
             "time: Anna.cards=22 Anna.scope=2 (the scope: 0 when left out).")


def entered_text(doc: JsonDoc) -> str:
    """What a hand entered, in a few words: ``"Anna 22 cards, Bruno rest"``, ``"NS counted (24
    cards, 3 scope), EW counted (16 cards, 1 scopa)"``; ``""`` when it cannot be read."""
    raw = doc.get("sides")
    if not isinstance(raw, Mapping):
        return ""
    parts = []
    for side, v in raw.items():
        try:
            f = side_fields(v, "sides")
        except LedgerError:
            parts.append(f"{side} ?")
            continue
        parts.append(f"{side} {_pile_words(f)}")
    return ", ".join(parts)


def _pile_words(f: JsonDoc) -> str:
    cards = f.get("cards")
    scope = f.get("scope")
    try:
        n_scope = int(str(scope).strip()) if scope not in (None, "") else 0
    except ValueError:
        n_scope = 0
    sweeps = tn("scopa.n_scope", "{n} scopa", "{n} scope", n_scope) if n_scope else None
    if is_rest(cards):
        return str(t("scopa.entered_rest_scope", "rest ({scope})", scope=sweeps) if sweeps else
                   t("scopa.entered_rest", "rest"))
    if is_count(cards):
        n = int(str(cards).strip())
        return str(tn("scopa.entered_counted_scope", "counted ({n} card, {scope})", "counted ({n} cards, {scope})", n,
                      scope=sweeps) if sweeps else
                   tn("scopa.entered_counted", "counted ({n} card)", "counted ({n} cards)", n))
    try:
        n = len(parse_cards(cards, "cards", italian=True))
    except LedgerError:
        return "?"
    return str(tn("scopa.entered_cards_scope", "{n} card ({scope})", "{n} cards ({scope})", n, scope=sweeps)
               if sweeps else tn("scopa.entered_cards", "{n} card", "{n} cards", n))


def note(hand: ScopaResult) -> str:
    """Who took what, side by side: ``Anna: settebello · 2 scope; Bruno: carte · denari ·
    primiera`` (a napola with its length, re bello), and a napoleone."""
    kinds = list(Options(True, True).kinds())
    parts = []
    for side, items in hand.items.items():
        taken = sorted((it for it in items if it.points),
                       key=lambda it: kinds.index(it.item) if it.item in kinds else len(kinds))
        shown = [it.item if it.item in ("carte", "denari", "settebello", "primiera", "re bello")
                 else str(tn("scopa.note_scope", "{n} scopa", "{n} scope", it.points)) if it.item == "scope"
                 else f"{it.item} {it.points}" for it in taken]
        if shown:
            parts.append(f"{side}: {' · '.join(shown)}")
    nap = hand.napoleone
    return "; ".join(parts) + (f" · napoleone {nap}" if nap else "")
