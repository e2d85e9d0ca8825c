"""A Tressette hand as the table says it, for ``ledger hand add``, its prompts and ``ledger play``.

One line, in English or Italian, side by side (a player's name stands for the player's side)::

    noi 3 assi 12 figure ultima, voi resto
    Anna 4D 5D 6D 7D JC QC  Bruno resto ultima  accusi Bruno napoletana di spade, tre assi senza bastoni
    NS="3 assi 12 figure" EW="1 asso 8 figure" ultima=NS accusi.NS="napoletana di coppe"

A side's part holds its pile (cards, in letters or Italian words; ``resto``; or its counts
``3 assi 12 figure``, also ``aces``/``thirds``/``terzi``), ``ultima`` (it took the last trick)
and the accusi as players declare them (``napoletana di coppe``, ``tre assi senza coppe``,
``quattro tre``; after the word ``accusi`` a count may be written in digits: ``accusi 3 assi
senza coppe``). ``tolto 4S`` (``removed``) names the 4 taken out with 3 players. What is left out
is asked (:func:`questions`): each pile, the last trick, then the accusi (Enter: none).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ledger.cards import parse_card
from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.parsing import as_int, put_once
from ledger.games.declare import Field, HandForm, Per, Said
from ledger.games.declare import Kind as DKind
from ledger.games.match_setup import MatchSetup
from ledger.games.scopa.document import REST_WORDS
from ledger.games.suggest import did_you_mean
from ledger.games.tressette.document import KIND_WORDS, read_accuso, take_accuso
from ledger.games.tressette.records import TressetteResult
from ledger.i18n import Msg, t

LAST_WORDS = frozenset({"ultima", "last", "last_trick", "ultima_mano", "l'ultima", "lultima"})
REMOVED_WORDS = frozenset({"removed", "tolto", "tolta", "fuori", "out"})
ACCUSI_WORDS = frozenset({"accusi", "accuso", "accusa", "accusato", "dichiara", "declared", "declares"})
ACE_WORDS = frozenset({"assi", "asso", "aces", "ace"})
THIRD_WORDS = frozenset({"figure", "figura", "terzi", "terzo", "thirds", "third"})
_SKIP = frozenset({"e", "and", "il", "la", "mano", "trick", "con", "with", "ha", "has", "fatto", "took", "preso"})
_CARD_CODE = re.compile(r"[0-9a-z]{1,2}[shdc♠♥♦♣]", re.IGNORECASE)
KEY_WORDS = sorted({*LAST_WORDS, *REMOVED_WORDS, *ACCUSI_WORDS})


def entry_help() -> Msg:
    """How a hand is written in one line (``help`` in ``ledger play``)."""
    return t("play.help.tressette",
             "Each side's pile (a player's name stands for the side): its cards, 'rest', or its counts of "
             "aces and thirds (3s, 2s and figures); 'last' after the side that took the last trick; the "
             "accusi after 'accusi':\n"
             "  NS 3 aces 12 thirds last, EW rest\n"
             "  Anna 4D 5D JC QC, Bruno rest last, accusi Bruno napoletana S\n"
             "With 3 players name the 4 taken out: removed=4S.")


# --- a line of words -------------------------------------------------------------------------------
def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
    """Command-line words → a partial hand document. Free words are read as one phrase (split
    at each side's or player's name); ``KEY=VALUE`` words (with the free words after them, so
    ``NS=3 assi 12 figure`` needs no quotes) are a side's part (``NS=...``), a count
    (``NS.aces=3``, ``NS.terzi=12``), ``ultima=NS``, ``tolto=4S``, ``accusi.NS=...`` or
    ``accusi="NS napoletana H"``. ``LedgerError`` on ``entry`` or ``entry.KEY``."""
    doc: JsonDict = {}
    parts: list[list[str]] = [[]]  # the free words, then each KEY=VALUE with the words after it
    for tok in tokens:
        if "=" in tok and not tok.startswith("="):
            parts.append([tok])
        else:
            parts[-1].append(tok)
    if parts[0]:
        read_phrase(setup, " ".join(parts[0]), doc, "entry")
    for part in parts[1:]:
        key, value = (x.strip() for x in " ".join(part).split("=", 1))
        _read_keyed(setup, key, value, doc)
    return doc


def _read_keyed(setup: MatchSetup, key: str, value: str, doc: JsonDict) -> None:
    field = f"entry.{key}"
    k = key.casefold()
    if k in LAST_WORDS:
        put_once(doc, "last_trick", setup.resolve_entry(value, KEY_WORDS), "", value)
    elif k in REMOVED_WORDS:
        put_once(doc, "removed", value, "", value)
    elif k in ACCUSI_WORDS:
        read_phrase(setup, value, doc, field, accusi=True)
    else:
        who, _, what = key.partition(".")
        if who.casefold() in ACCUSI_WORDS:  # accusi.NS=...
            who, what = what, "accusi"
        if what.casefold() in ACCUSI_WORDS:
            read_side(setup, who, value, doc, accusi=True)
        elif what:
            _put_count(setup, who, what, value, doc, field)
        else:
            read_side(setup, who, value, doc)


def _put_count(setup: MatchSetup, who: str, what: str, value: str, doc: JsonDict, field: str) -> None:
    name = "aces" if what.casefold() in ACE_WORDS else "thirds" if what.casefold() in THIRD_WORDS else None
    if name is None:
        raise LedgerError(t("tressette.not_count", "{word!r} is not a count of a pile{hint} (aces, thirds)",
                            word=what, hint=did_you_mean(what, [*ACE_WORDS, *THIRD_WORDS])), field, what)
    side = setup.resolve_entry(who, KEY_WORDS)
    pile = doc.setdefault("sides", {}).setdefault(side, {})
    if not isinstance(pile, dict):
        raise LedgerError(t("tressette.pile_and_counts", "{side}'s pile is given both as {pile!r} and as counts",
                            side=side, pile=pile), field, value)
    put_once(pile, name, as_int(value, field, 0, 20), f"sides.{side}", value)


def read_phrase(setup: MatchSetup, text: str, doc: JsonDict, field: str, accusi: bool = False) -> None:
    """A phrase of several sides' parts, each starting with a side's or player's name
    (``noi 3 assi 12 figure ultima, voi resto``), put into ``doc``."""
    words = _words(text)
    names = {n.casefold() for n in (*setup.sides, *setup.players)}
    starts = [i for i, w in enumerate(words) if w.casefold() in names]
    said = _last_then_name(words, starts)
    if said is not None:  # 'Bruno resto, ultima Anna': the last trick is Anna's, not Bruno's
        at, name = said
        put_once(doc, "last_trick", setup.resolve_entry(words[name], KEY_WORDS), "", " ".join(words[at:name + 1]))
        words = words[:at] + words[name + 1:]
        starts = [i for i, w in enumerate(words) if w.casefold() in names]
    lead = words[:starts[0]] if starts else words
    for w in lead:  # words before the first name: 'accusi', 'tolto 4S', or an unknown name
        if w.casefold() in ACCUSI_WORDS:
            accusi = True
    rest_lead = [w for w in lead if w.casefold() not in ACCUSI_WORDS]
    if rest_lead and rest_lead[0].casefold() in REMOVED_WORDS and len(rest_lead) >= 2:
        put_once(doc, "removed", " ".join(rest_lead[1:]), "", text)
    elif rest_lead:
        setup.resolve_entry(rest_lead[0], KEY_WORDS)  # names the word that is no side, player or key
    for a, b in zip(starts, [*starts[1:], len(words)]):
        part = words[a + 1:b]
        cut = next((j for j, w in enumerate(part) if w.casefold() in ACCUSI_WORDS), None)
        if cut is not None:  # 'Bruno resto ultima accusi ...': the accusi are Bruno's from here on
            read_side(setup, words[a], " ".join(part[:cut]), doc, accusi)
            read_side(setup, words[a], " ".join(part[cut + 1:]), doc, True)
            accusi = True
        else:
            read_side(setup, words[a], " ".join(part), doc, accusi)


def _last_then_name(words: list[str], starts: list[int]) -> tuple[int, int] | None:
    """Where ``ultima <name>`` is said as a phrase of its own (``Bruno resto, ultima Anna``,
    ``ultima mano Carla``): (the index of the last-trick word, the index of the name), the name
    having no words of its own after it; None when the phrase has none (``noi ... ultima, voi
    resto``: the last trick is the side named before ``ultima``)."""
    for a, b in zip(starts, [*starts[1:], len(words)]):
        if b != a + 1:
            continue
        at = a - 1
        while at >= 0 and at not in starts and words[at].casefold() in _SKIP:
            at -= 1
        if at >= 0 and at not in starts and words[at].casefold() in LAST_WORDS:
            return at, a
    return None


def _words(text: str) -> list[str]:
    """The words of a phrase; ``-H`` (a missing suit) is two: ``-`` and ``H``."""
    return [w for w in re.split(r"[\s,;]+", re.sub(r"(?<!\S)-(?=\S)", "- ", text.strip())) if w]


def read_side(setup: MatchSetup, who: str, text: str, doc: JsonDict, accusi: bool = False) -> None:
    """One side's part (``3 assi 12 figure ultima``, ``resto``, cards, accusi) put into ``doc``;
    ``accusi``: the words are declarations (digits allowed: ``3 assi senza coppe``). Errors
    name the side's pile (``sides.NS``) or accusi (``accusi.NS``)."""
    side = setup.resolve_entry(who, KEY_WORDS)
    player = next((p for p in setup.players if p.casefold() == who.strip().casefold()), None)
    accuso_key = player if player and setup.teams else side
    field = f"sides.{side}"
    words = _words(text)
    cards: list[str] = []
    counts: dict[str, int] = {}
    i = 0
    while i < len(words):
        w = words[i].casefold()
        taken = take_accuso(words, i, accusi)
        if taken is not None:
            text_of, i = taken
            read_accuso(text_of, f"accusi.{accuso_key}")  # a declaration it does not know is named here
            doc.setdefault("accusi", {}).setdefault(accuso_key, []).append(text_of)
            continue
        card = _take_card(words, i)
        if card is not None:
            cards.append(card[0])
            i = card[1]
        elif w in LAST_WORDS:
            put_once(doc, "last_trick", side, "", words[i])
            i += 1
        elif w in REMOVED_WORDS and i + 1 < len(words) and _take_card(words, i + 1) is not None:
            out, i = _take_card(words, i + 1) or ("", i)  # 'tolto 4S' said anywhere in the line
            put_once(doc, "removed", out, "", out)
        elif w in REST_WORDS or w == "resto":
            cards.append("rest")
            i += 1
        elif w.isdecimal() and i + 1 < len(words) and words[i + 1].casefold() in ACE_WORDS | THIRD_WORDS:
            name = "aces" if words[i + 1].casefold() in ACE_WORDS else "thirds"
            put_once(counts, name, int(w), f"sides.{side}", f"{words[i]} {words[i + 1]}")
            i += 2
        elif w in _SKIP or w in ACCUSI_WORDS:
            i += 1
        elif accusi:  # words after 'accusi' that make no declaration: named as a declaration's words
            rest = " ".join(words[i:])
            read_accuso(rest, f"accusi.{accuso_key}")
            doc.setdefault("accusi", {}).setdefault(accuso_key, []).append(rest)
            break
        elif w.isdecimal() and i + 1 < len(words):  # '3 asi': the count's word mistyped
            raise LedgerError(t("tressette.not_count", "{word!r} is not a count of a pile{hint} (aces, thirds)",
                                word=words[i + 1], hint=did_you_mean(words[i + 1].casefold(),
                                                                     [*ACE_WORDS, *THIRD_WORDS])), field, text)
        else:
            raise LedgerError(t("tressette.word", "{word!r} is not a card, a count or an accuso{hint} (say e.g. "
                                "'3 assi 12 figure ultima', 'resto', 'napoletana di coppe')", word=words[i],
                                hint=did_you_mean(w, [*ACE_WORDS, *THIRD_WORDS, *LAST_WORDS, *KIND_WORDS, "resto"])),
                              field, text)
    _put_pile(doc, side, cards, counts, field, text)


def _put_pile(doc: JsonDict, side: str, cards: list[str], counts: dict[str, int], field: str,
              text: str) -> None:
    if not cards and not counts:
        return
    if cards and counts:
        raise LedgerError(t("tressette.cards_and_counts", "give {side}'s pile as cards or as counts, not both",
                          side=side), field, text)
    value: str | dict[str, int] = ("rest" if cards == ["rest"] else " ".join(cards)) if cards else counts
    sides = doc.setdefault("sides", {})
    if side in sides and isinstance(sides[side], dict) and isinstance(value, dict):
        for k, v in value.items():
            put_once(sides[side], k, v, f"sides.{side}", text)
        return
    put_once(sides, side, value, "sides", text)


def _take_card(words: list[str], i: int) -> tuple[str, int] | None:
    """The card at ``words[i]``: a code (``4D``) or words (``asso di coppe``, ``re denari``)."""
    for n in (3, 2):
        chunk = words[i:i + n]
        if len(chunk) == n and (n == 2 or chunk[1].casefold() in ("di", "de", "of")):
            try:
                parse_card(" ".join(chunk), "card", italian=True)
            except LedgerError:
                continue
            return " ".join(chunk), i + n
    if _CARD_CODE.fullmatch(words[i]):
        try:
            parse_card(words[i], "card", italian=True)
        except LedgerError:
            return None
        return words[i], i + 1
    return None


# --- the hand's declaration (ledger.games.declare) --------------------------------------------------
def read_counts_said(text: str, path: str) -> dict[str, int] | None:
    """``3 assi 12 figure`` (``3 aces 12 thirds``, either order, either may be left out) → the
    pile's counts; None when the text has no count word (cards, 'rest'). ``LedgerError`` on
    ``path`` for a count word without its number, or a word that is no count beside them."""
    words = _words(text)
    if not any(w.casefold() in ACE_WORDS | THIRD_WORDS for w in words):
        return None
    counts: dict[str, int] = {}
    pairs = list(zip(words[::2], words[1::2]))
    for n, word in pairs:
        name = "aces" if word.casefold() in ACE_WORDS else "thirds" if word.casefold() in THIRD_WORDS else None
        if name is None or not n.isdecimal():
            break
        put_once(counts, name, as_int(n, f"{path}.{name}", 0, 20), path, text)
    else:
        if len(words) % 2 == 0:
            return counts
    raise LedgerError(t("tressette.counts_said", "{said!r}: say the counts with a number before each, as '3 aces 12 "
                        "thirds'", said=text), path, text)


FORM = HandForm((
    Field("sides", t("tressette.field.sides", "captured piles"), (DKind.CARDS,), Per.SIDE,
          values=(Said("rest", ("rest", "resto", "il resto", "*")),), read=read_counts_said,
          ask=t("tressette.ask_pile_said", "{who}: captured pile (its cards, 'rest', or its aces and thirds)"),
          example="3 assi 12 figure"),
    Field("last_trick", t("tressette.field.last_trick", "last trick"), (DKind.SIDE,),
          words=("ultima", "ultima mano", "last", "l'ultima", "last_trick"),
          ask=t("tressette.ask_last", "last trick: which side took it?")),
    Field("removed", t("tressette.field.removed", "the 4 taken out"), (DKind.CARDS,), required=False,
          words=("tolto", "tolta", "fuori", "removed"), default="",
          ask=t("tressette.ask_removed", "the 4 taken out of the deck (e.g. 4S)")),
    Field("accusi", t("tressette.field.accusi", "accusi"), (DKind.TEXT,), required=False,
          words=("accusi", "accuso", "accusa", "declared"), default="",
          ask=t("tressette.ask_accusi", "accusi declared, side by side (e.g. 'NS napoletana di coppe'; Enter for none)")),
), game="tressette", main="sides",
    subfields={"aces": t("tressette.part.aces", "aces"), "thirds": t("tressette.part.thirds", "thirds"),
               "cards": t("tressette.part.cards", "cards")})
"""A Tressette hand as :mod:`ledger.games.declare` knows it: the questions for what is missing,
the labels of errors (``sides.NS[3]`` → ``NS, card 4``) and the table of fields of the docs.
The words of the table are read by :func:`parse_entry`: ``ultima`` after a side's pile and the
accusi after ``accusi`` are Tressette's own phrase."""


def skipped(field: Field, sides: int, accusi: bool) -> bool:
    """A field not asked: the 4 taken out but with 3 sides, the accusi when they are off."""
    return (field.key == "removed" and sides != 3) or (field.key == "accusi" and not accusi)


# --- what was entered, and the notes -----------------------------------------------------------------
def entered_text(doc: JsonDoc) -> str:
    """What a hand entered, in a few words: ``NS 3 aces 12 thirds, EW rest; last NS``."""
    sides = doc.get("sides")
    if not isinstance(sides, Mapping):
        return ""
    parts = []
    for side, pile in sides.items():
        if isinstance(pile, Mapping):
            parts.append(f"{side} {pile.get('aces', '?')} aces {pile.get('thirds', '?')} thirds")
        elif isinstance(pile, str) and pile.strip().casefold() in REST_WORDS | {"resto"}:
            parts.append(f"{side} rest")
        else:
            n = len(pile) if isinstance(pile, list) else len(str(pile).split())
            parts.append(f"{side} {n} cards")
    last = doc.get("last_trick")
    return ", ".join(parts) + (f"; last {last}" if last else "")


def note(result: TressetteResult) -> str:
    """The accusi scored and the cappotti of a hand, in words of the language in use:
    ``NS: napoletana di coppe (Anna) · EW: cappotto``."""
    parts = []
    for side, items in result.items.items():
        said = [accuso_words(it.item) for it in items if it.points and it.item.startswith(("napoletana", "buongioco"))]
        if result.card_points.get(side) == 0:
            said.append("cappotto")
        if said:
            parts.append(f"{side}: {' · '.join(said)}")
    return "; ".join(parts)


SUIT_WORDS = {"D": "denari", "H": "coppe", "C": "bastoni", "S": "spade"}  # the suits' names in both languages
_RANKS_SAID = {"A": t("tressette.rank_aces", "aces"), "2": t("tressette.rank_twos", "2s"),
               "3": t("tressette.rank_threes", "3s")}


def accuso_words(item: str) -> str:
    """An accuso as a result's item names it (``buongioco 3 -H (Anna)``) in words: ``three 3s
    without coppe (Anna)`` / ``tre 3 senza coppe (Anna)``; the item itself when it is no accuso."""
    name, _, who = item.partition(" (")
    try:
        a = read_accuso(name, "item")
    except LedgerError:
        return item
    suit = SUIT_WORDS.get(a.suit or "", "")
    if a.kind.value == "napoletana":
        words = t("tressette.said_napoletana", "napoletana of {suit}", suit=suit)
    elif a.suit:
        words = t("tressette.said_three", "three {rank} without {suit}", rank=_RANKS_SAID[a.rank], suit=suit)
    else:
        words = t("tressette.said_four", "four {rank}", rank=_RANKS_SAID[a.rank])
    return str(words) + (f" ({who}" if who else "")
