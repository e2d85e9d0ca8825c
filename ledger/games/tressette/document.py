"""Reading a Tressette hand document (FORMATS.md "Tressette hand document") into a typed
:class:`~ledger.games.tressette.rules.Hand`, and the accusi as players say them.

A side's pile is its captured cards (the letters of RULES.md or the Italian words, read as
Scopa reads them: :func:`ledger.games.scopa.document.read_pile_cards`), ``"rest"`` (``resto``), or
its counts ``{"aces": 0-4, "thirds": 0-20}``. An accuso is ``napoletana H`` (``napoli H``,
``napoletana di coppe``), ``buongioco 3 -H`` (``tre tre senza coppe``, ``three 3s without
hearts``), ``buongioco A`` (``quattro assi``, ``four aces``), or its cards (``AH 2H 3H``); or an
object ``{"player": "Anna", "accuso": …}``. Every error is a ``LedgerError`` naming the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ledger.cards import ITALIAN_40, Card, parse_card
from ledger.errors import LedgerError
from ledger.games.hand_sides import sides_by_name
from ledger.games.jsontypes import JsonDoc
from ledger.games.match_setup import Resolve
from ledger.games.parsing import as_int, check_keys, need
from ledger.games.scopa.document import is_rest, read_pile_cards
from ledger.games.suggest import did_you_mean
from ledger.games.tressette.rules import (
    ACCUSO_RANKS, ACES_IN_DECK, THIRD_RANKS, THIRDS_IN_DECK, Accuso, Declared, Hand, Kind, Pile,
)
from ledger.i18n import t

HAND_KEYS = {"sides", "last_trick", "accusi", "removed", "options"}
COUNT_KEYS = {"aces", "thirds"}
DECK_SIZES = {2: 40, 3: 39}  # sides → cards in play (one 4 out with 3 players)

KIND_WORDS = {"napoletana": Kind.NAPOLETANA, "napoli": Kind.NAPOLETANA, "neapolitan": Kind.NAPOLETANA,
              "napoletane": Kind.NAPOLETANA, "buongioco": Kind.BUONGIOCO, "bongioco": Kind.BUONGIOCO,
              "buongiuoco": Kind.BUONGIOCO, "buon": Kind.BUONGIOCO}
RANK_WORDS = {"a": "A", "1": "A", "asso": "A", "assi": "A", "ace": "A", "aces": "A", "2": "2", "2s": "2",
              "due": "2", "two": "2", "twos": "2", "deuces": "2", "3": "3", "3s": "3", "tre": "3",
              "three": "3", "threes": "3"}
COUNT_WORDS = {"3": 3, "tre": 3, "three": 3, "4": 4, "quattro": 4, "four": 4, "all": 4, "tutti": 4}
MISSING_WORDS = frozenset({"-", "senza", "manca", "meno", "without", "missing", "no", "but", "tranne"})
_FILLER = frozenset({"di", "de", "of", "the", "i", "gli", "le", "il", "dei", "degli", "delle", "del", "gioco",
                     "il", "e", "and"})
ACCUSO_HELP = "napoletana H, buongioco 3 -H, buongioco A"
NO_ACCUSI = frozenset({"", "-", "no", "none", "nothing", "nessuno", "nessun accuso", "niente"})  # said for none


# --- the accusi ----------------------------------------------------------------------------------
def read_accuso(value: object, field: str) -> Accuso:
    """One declaration as written (see the module docstring): ``LedgerError`` on ``field`` for
    anything that names none, naming the word not understood."""
    if isinstance(value, list) or (isinstance(value, str) and _looks_like_cards(value)):
        return accuso_of_cards(read_cards(value, field), value, field)
    if not isinstance(value, str) or not value.strip():
        raise LedgerError(t("tressette.accuso_shape", "expected a declaration ({examples}), got {value!r}",
                            examples=ACCUSO_HELP, value=value), field, value)
    words = [w for w in re.split(r"[\s,]+", re.sub(r"-(?=\S)", "- ", value.strip().casefold())) if w]
    words = [w for w in words if w not in _FILLER]
    if words and KIND_WORDS.get(words[0]) is Kind.NAPOLETANA:
        if len(words) != 2:
            raise LedgerError(t("tressette.napoletana_suit", "a napoletana names its suit (napoletana di coppe, "
                                "napoletana H), got {value!r}", value=value), field, value)
        return Accuso(Kind.NAPOLETANA, "A", read_suit(words[1], value, field))
    if words and KIND_WORDS.get(words[0]) is Kind.BUONGIOCO:
        words = words[1:]
    try:
        return _buongioco(words, value, field)
    except LedgerError:
        try:  # the cards in words: "asso di coppe, 2 di coppe, 3 di coppe"
            cards = read_cards(value, field)
        except LedgerError:
            cards = []
        if not cards:
            raise
        return accuso_of_cards(cards, value, field)


def _looks_like_cards(text: str) -> bool:
    """A declaration written as its cards (``AH 2H 3H``, ``3S 3D 3C``): every word a card code."""
    words = text.replace(",", " ").split()
    return len(words) >= 3 and all(re.fullmatch(r"[A-Za-z0-9]{1,2}[SHDCshdc♠♥♦♣]", w) for w in words)


def _buongioco(words: list[str], value: str, field: str) -> Accuso:
    """``[count] rank [missing suit]``: ``tre assi senza coppe``, ``3 -H``, ``quattro tre``, ``A``."""
    cut = next((i for i, w in enumerate(words) if w in MISSING_WORDS), len(words))
    head, tail = words[:cut], words[cut + 1:]
    for w in head:
        if w not in RANK_WORDS and w not in COUNT_WORDS:
            raise LedgerError(t("tressette.not_accuso", "{word!r} is not part of a declaration{hint} (say e.g. "
                                "napoletana di coppe, tre assi senza coppe, quattro tre)", word=w,
                                hint=did_you_mean(w, [*KIND_WORDS, *RANK_WORDS])), field, value)
    if not 1 <= len(head) <= 2 or head[-1] not in RANK_WORDS or (len(head) == 2 and head[0] not in COUNT_WORDS):
        raise LedgerError(t("tressette.accuso_unknown", "{value!r} is not a declaration (e.g. {examples})",
                            value=value, examples=ACCUSO_HELP), field, value)
    rank = RANK_WORDS[head[-1]]
    missing = read_suit(" ".join(tail), value, field) if cut < len(words) else None
    count = COUNT_WORDS[head[0]] if len(head) == 2 else (3 if missing else 4)
    if count == 3 and missing is None:
        raise LedgerError(t("tressette.three_missing", "three of a rank is declared with its missing suit (tre assi "
                            "senza coppe, buongioco A -H), got {value!r}", value=value), field, value)
    if count == 4 and missing is not None:
        raise LedgerError(t("tressette.four_missing", "all four of a rank miss no suit, got {value!r}", value=value),
                          field, value)
    return Accuso(Kind.BUONGIOCO, rank, missing)


def read_suit(word: str, value: str, field: str) -> str:
    """A suit's letter or word (``H``, ``coppe``, ``cuori``, ``hearts``, ``♥``) → its letter, as
    the cards are read (:func:`ledger.cards.parse_card`)."""
    try:
        return parse_card(f"A {word}", field, italian=True).suit
    except LedgerError:
        raise LedgerError(t("tressette.not_suit", "{word!r} is not a suit{hint} (denari, coppe, bastoni, spade)",
                            word=word, hint=did_you_mean(word, ["denari", "coppe", "bastoni", "spade"])),
                          field, value) from None


def read_cards(value: object, field: str) -> list[Card]:
    """Cards of the 40-card deck, each at most once (:func:`read_pile_cards`)."""
    return read_pile_cards(value, field)


def accuso_of_cards(cards: Sequence[Card], value: object, field: str) -> Accuso:
    """The declaration that ``cards`` show: A, 2, 3 of one suit, or three or four of a rank among
    A, 2, 3; ``LedgerError`` for any other cards."""
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(cards) == 3 and len(suits) == 1 and ranks == set(ACCUSO_RANKS):
        return Accuso(Kind.NAPOLETANA, "A", cards[0].suit)
    if len(cards) in (3, 4) and len(ranks) == 1 and cards[0].rank in ACCUSO_RANKS:
        missing = sorted({"D", "H", "C", "S"} - suits)
        return Accuso(Kind.BUONGIOCO, cards[0].rank, missing[0] if missing else None)
    raise LedgerError(t("tressette.cards_no_accuso", "{cards!r} is no declaration: A, 2 and 3 of one suit, or three "
                        "or four aces, 2s or 3s", cards=value), field, value)


def read_declared(value: object, field: str, player: str | None, members: Sequence[str]) -> Declared:
    """An item of a side's accusi: a declaration, or ``{"player": …, "accuso": …}``; the player
    must be one of ``members`` when the match names them."""
    if isinstance(value, Mapping):
        check_keys(value, {"player", "accuso"}, prefix=f"{field}.")
        said = need(value, "player", f"{field}.player")
        if members:
            found = [m for m in members if isinstance(said, str) and m.casefold() == said.strip().casefold()]
            if not found:
                raise LedgerError(t("tressette.not_member", "{name!r} is not a player of this side ({players})",
                                    name=said, players=", ".join(members)), f"{field}.player", said)
            said = found[0]
        elif not isinstance(said, str) or not said.strip():
            raise LedgerError(t("tressette.not_player_name", "{name!r} is not a player's name", name=said),
                              f"{field}.player", said)
        return Declared(read_accuso(need(value, "accuso", f"{field}.accuso"), f"{field}.accuso"),
                        str(said).strip(), field)
    return Declared(read_accuso(value, field), player, field)


def read_accusi(raw: object, resolve: Resolve, members: Mapping[str, tuple[str, ...]],
                players: Sequence[str] = ()) -> dict[str, tuple[Declared, ...]]:
    """The ``accusi`` of a hand: side (or a player, for the player's side) → list of declarations."""
    if raw is None or (isinstance(raw, str) and raw.strip().casefold() in NO_ACCUSI):
        return {}
    if isinstance(raw, str):  # the accusi as said at the table
        raw = split_accusi(raw, resolve, "accusi")
    if not isinstance(raw, Mapping):
        raise LedgerError(t("tressette.accusi_shape", "expected side → list of declarations"), "accusi", raw)
    out: dict[str, tuple[Declared, ...]] = {}
    for key, items in raw.items():
        side = resolve(key, f"accusi.{key}")
        player = next((p for p in players if isinstance(key, str) and p.casefold() == key.strip().casefold()
                       and side != p), None)
        listed = items if isinstance(items, list) else [items]
        read = tuple(read_declared(v, f"accusi.{key}", player, members.get(side, ())) for v in listed)
        out[side] = out.get(side, ()) + read
    return out


def take_accuso(words: list[str], i: int, accusi: bool) -> tuple[str, int] | None:
    """The declaration starting at ``words[i]`` and the index after it, or None: ``napoletana [di]
    SUIT``, ``[buongioco] [COUNT] RANK [senza [di] SUIT]``; a count in digits only when
    ``accusi`` (the words are known to be declarations: ``3 assi`` is else a pile's count)."""
    low = [w.casefold() for w in words]
    j = i
    if low[j] in KIND_WORDS and KIND_WORDS[low[j]].value == "napoletana":
        j += 1
        if j < len(low) and low[j] in ("di", "de", "of"):
            j += 1
        return " ".join(words[i:j + 1]), j + 1
    if low[j] in KIND_WORDS:
        j += 1
    count = j < len(low) and low[j] in COUNT_WORDS and (accusi or not low[j].isdecimal())
    if count and j + 1 < len(low) and low[j + 1] in RANK_WORDS:
        j += 2
    elif j > i and j < len(low) and low[j] in RANK_WORDS:  # buongioco RANK
        j += 1
    else:
        return None
    if j < len(low) and low[j] in MISSING_WORDS:
        j += 1
        if j < len(low) and low[j] in ("di", "de", "of"):
            j += 1
        j += 1
    return " ".join(words[i:j]), j


def split_accusi(text: str, resolve: Resolve, field: str) -> dict[str, list[str]]:
    """The accusi said as one phrase, side by side (``NS napoletana di coppe, tre assi senza
    coppe; EW quattro tre``; a player's name stands for the side) → side or player → the
    declarations' texts. ``LedgerError`` on ``field`` for words before the first name or words
    that are no declaration."""
    words = [w for w in re.split(r"[\s,;]+", re.sub(r"(?<!\S)-(?=\S)", "- ", text.strip())) if w]
    out: dict[str, list[str]] = {}
    key: str | None = None
    i = 0
    while i < len(words):
        taken = take_accuso(words, i, True)
        if taken is not None and key is not None:
            out[key].append(taken[0])
            i = taken[1]
            continue
        resolve(words[i], field)  # a word that is no declaration must name a side (else: named here)
        key = words[i]
        out.setdefault(key, [])
        i += 1
    return out


# --- the piles -----------------------------------------------------------------------------------
def read_hand(doc: JsonDoc, resolve: Resolve, expected: Sequence[str] = (),
              members: Mapping[str, tuple[str, ...]] | None = None, players: Sequence[str] = ()) -> Hand:
    """A hand document's ``sides``, ``last_trick``, ``removed`` and ``accusi`` read and checked
    card by card (the checks of the whole hand are :func:`ledger.games.tressette.rules.check_hand`).
    ``resolve(key, field)`` names the side a key stands for; ``expected``: the match's sides."""
    raw = doc.get("sides")
    if not isinstance(raw, Mapping):
        raise LedgerError(t("tressette.sides_missing", "missing (each side's captured pile)") if raw is None else
                          t("tressette.sides_shape", "expected each side's captured pile"), "sides", raw)
    given = sides_by_name(raw, resolve, expected,
                          lambda side: t("tressette.side_twice", "side {side!r} is given twice", side=side),
                          lambda side: t("tressette.pile_missing", "missing the pile of {side!r}", side=side))
    values = {side: value for side, (_, value) in given.items()}
    fields = {side: f"sides.{key}" for side, (key, _) in given.items()}
    if len(values) not in DECK_SIZES:
        raise LedgerError(t("tressette.sides_count", "Tressette is played by 2 sides (two players or two pairs) or 3 "
                            "players, not {n}", n=len(values)), "sides", list(values))
    removed = read_removed(doc.get("removed"), len(values))
    piles = read_piles(values, fields, removed)
    last = resolve(need(doc, "last_trick"), "last_trick")
    accusi = read_accusi(doc.get("accusi"), resolve, members or {}, players)
    return Hand(piles, last, accusi, fields, removed)


def read_removed(value: object, sides: int) -> Card | None:
    """The card taken out in the 3-player game: a 4 (``4S``, ``4 di spade``); none with 2 sides."""
    if value is None:
        return None
    if sides != 3:
        raise LedgerError(t("tressette.removed_two", "only the 3-player game takes a card out"), "removed", value)
    card = parse_card(str(value), "removed", italian=True)
    if card.rank != "4":
        raise LedgerError(t("tressette.removed_four", "the 3-player game takes out a 4, not {card}", card=str(card)),
                          "removed", value)
    return card


def read_piles(values: Mapping[str, object], fields: Mapping[str, str], removed: Card | None) -> dict[str, Pile]:
    """Each side's :class:`Pile`: cards checked against the deck (none twice, none outside it);
    the ``rest`` side made of the cards no other side took (of the aces and thirds no other side
    took, when some side is given as counts); piles all given as cards must be the whole deck
    (with 3 sides, all but one 4, the ``removed`` one when named)."""
    cards: dict[str, list[Card]] = {}
    counted: dict[str, Pile] = {}
    rest = None
    for side, value in values.items():
        if is_rest(value):
            if rest is not None:
                raise LedgerError(t("tressette.one_rest", "only one side may be the rest of the deck"),
                                  fields[side], value)
            rest = side
        elif isinstance(value, Mapping):
            counted[side] = read_counts(value, fields[side])
        else:
            cards[side] = read_cards(value, fields[side])
    _check_once(cards, fields, removed)
    if rest is not None and counted:  # the rest of the counts: what the other sides did not take
        others = [*counted.values(), *map(pile_of, cards.values())]
        counted[rest] = Pile(ACES_IN_DECK - sum(p.aces for p in others), THIRDS_IN_DECK - sum(p.thirds for p in others))
        if counted[rest].aces < 0 or counted[rest].thirds < 0:
            raise LedgerError(t("tressette.rest_negative", "the other piles hold more than the deck: {aces} aces and "
                                "{thirds} thirds", aces=ACES_IN_DECK - counted[rest].aces,
                                thirds=THIRDS_IN_DECK - counted[rest].thirds), fields[rest], "rest")
    elif rest is not None:
        cards[rest] = _rest(cards, fields[rest], removed, len(values))
    if not counted:
        _check_deck(cards, removed, len(values))
    return {side: counted.get(side) or pile_of(cards[side]) for side in values}


def read_counts(value: JsonDoc, field: str) -> Pile:
    """``{"aces": 0-4, "thirds": 0-20}`` (both required)."""
    check_keys(value, COUNT_KEYS, prefix=f"{field}.")
    return Pile(as_int(need(value, "aces", f"{field}.aces"), f"{field}.aces", 0, 4),
                as_int(need(value, "thirds", f"{field}.thirds"), f"{field}.thirds", 0, 20))


def pile_of(cards: Sequence[Card]) -> Pile:
    """A pile of cards as scoring knows it: its aces, thirds and size."""
    return Pile(sum(c.rank == "A" for c in cards), sum(c.rank in THIRD_RANKS for c in cards), len(cards))


def _check_once(cards: Mapping[str, list[Card]], fields: Mapping[str, str], removed: Card | None) -> None:
    where: dict[Card, str] = {removed: "removed"} if removed else {}
    for side, pile in cards.items():
        for c in pile:
            if c in where:
                raise LedgerError(t("tressette.card_twice", "{card} is in the piles of {sides}", card=str(c),
                                    sides=[where[c], side]), fields[side], str(c))
            where[c] = side


def _rest(cards: Mapping[str, list[Card]], field: str, removed: Card | None, sides: int) -> list[Card]:
    if sides == 3 and removed is None:
        raise LedgerError(t("tressette.rest_removed", "with 3 players and a 'rest' side, name the 4 taken out "
                            "(removed)"), "removed", None)
    taken = {c for pile in cards.values() for c in pile}
    return [c for c in ITALIAN_40.cards() if c not in taken and c != removed]


def _check_deck(cards: Mapping[str, list[Card]], removed: Card | None, sides: int) -> None:
    held = {c for pile in cards.values() for c in pile}
    missing = [c for c in ITALIAN_40.cards() if c not in held]
    if len(missing) != 40 - DECK_SIZES[sides]:
        shown = " ".join(map(str, missing[:8])) + (" …" if len(missing) > 8 else "")
        raise LedgerError(t("tressette.not_whole_deck", "the piles hold {total} cards, not {deck}: missing {cards} "
                            "(one side may be 'rest')", total=len(held), deck=DECK_SIZES[sides], cards=shown),
                          "sides", shown)
    if missing and missing[0].rank != "4":
        raise LedgerError(t("tressette.missing_four", "the card missing from the piles is {card}: the 3-player game "
                            "takes out a 4", card=str(missing[0])), "sides", str(missing[0]))


def players_at(sides: int) -> int:
    """Players at the table of a lone document: 3 sides are 3 players; 2 sides are read as 2
    (their piles need only be even: FORMATS.md "Generic score sheet", last paragraph)."""
    return 3 if sides == 3 else 2

