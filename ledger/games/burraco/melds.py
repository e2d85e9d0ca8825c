"""Burraco melds: the two rule sets, the card values, the burraco kinds, and reading a meld given
as cards (RULES.md "Burraco (no seed)", "Reading a meld given as cards"; [EB-1], [EB-11],
[EB-MELD], [EB-13]).

Nothing here knows a hand or a match: it reads one card list and says what meld it is.

- card values [EB-1]: jolly 30; pinella (every 2) 20; ace 15; 8 to K 10; 3 to 7 5;
- wild cards: jokers and every 2, except a 2 of a sequence's own suit standing in its own place
  (next to the ace or the 3), which is a natural card;
- a combination: 3 to 9 cards of one rank (A or 3 to K; ``international``: A or 3 only) with at
  most one wild card; a sequence: 3 to 14 cards of one suit in unbroken order, ace low or high,
  at most one wild card;
- a meld of 7 or more cards is a burraco: clean (no wild, 200), semiclean (``italian`` only: a wild
  with 7 or more natural cards in unbroken order on one side of it, 150), dirty (any other, 100).

Every error is a :class:`ledger.errors.LedgerError` naming the meld's field and its cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ledger.cards import RANKS, TWO_DECKS_FOUR_JOKERS, Card, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonValue
from ledger.games.parsing import CardsGiven
from ledger.i18n import Msg, t

DECK = TWO_DECKS_FOUR_JOKERS  # 108 cards: no card more than twice, at most 4 jokers [EB-1]
CLEAN, SEMICLEAN, DIRTY = "clean", "semiclean", "dirty"
KINDS = (CLEAN, SEMICLEAN, DIRTY)
BONUS = {CLEAN: 200, SEMICLEAN: 150, DIRTY: 100}  # [EB-13] Art. 13
LEAST_BURRACO_POINTS = 35  # 7 cards of at least 5 (RULES.md: "35 for each burraco given as a kind")
KIND_HELP = t("burraco.kind_help", "clean, semiclean, dirty (pulito, semipulito, sporco)")
KIND_NAMES = {CLEAN: t("burraco.kind_clean", "clean"), SEMICLEAN: t("burraco.kind_semiclean", "semiclean"),
              DIRTY: t("burraco.kind_dirty", "dirty")}

_KIND_WORDS = {
    CLEAN: CLEAN, "pulito": CLEAN, "puliti": CLEAN, "pulita": CLEAN, "pulite": CLEAN, "cleans": CLEAN,
    "pure": CLEAN, "puro": CLEAN,
    SEMICLEAN: SEMICLEAN, "semi-clean": SEMICLEAN, "semipulito": SEMICLEAN, "semipuliti": SEMICLEAN,
    "semi-pulito": SEMICLEAN, "semipulita": SEMICLEAN, "semicleans": SEMICLEAN,
    DIRTY: DIRTY, "sporco": DIRTY, "sporchi": DIRTY, "sporca": DIRTY, "sporche": DIRTY, "dirties": DIRTY,
}
_BURRACO_WORDS = {"burraco", "burrachi", "burracos", "burracò"}


@dataclass(frozen=True)
class RuleSet:
    """What differs between the rule sets: ``semiclean`` burrachi exist (italian), closing needs a
    clean burraco (international), the ranks a combination may be of, and the default game."""

    name: str
    semiclean: bool
    close_needs_clean: bool
    combination_ranks: tuple[str, ...]
    target: int = 2005  # [TARGET]


ITALIAN = RuleSet("italian", True, False, ("A",) + RANKS[2:])
INTERNATIONAL = RuleSet("international", False, True, ("A", "3"))  # [EB-INT]
RULE_SETS = {"italian": ITALIAN, "international": INTERNATIONAL}


def card_value(card: Card) -> int:
    """Card points [EB-1]: jolly 30, pinella (2) 20, ace 15, 8 to K 10, 3 to 7 5."""
    if card.is_joker:
        return 30
    if card.rank == "2":
        return 20
    if card.rank == "A":
        return 15
    return 10 if card.order >= 8 else 5


def cards_value(cards: Sequence[Card]) -> int:
    return sum(card_value(c) for c in cards)


def kind_word(text: object) -> str | None:
    """``"pulito"``, ``"Semiclean"``, ``"burraco sporco"`` → the kind; None when ``text`` is no kind."""
    if not isinstance(text, str):
        return None
    words = [w for w in re.split(r"[\s_]+", text.strip().casefold()) if w and w not in _BURRACO_WORDS]
    return _KIND_WORDS.get(words[0]) if len(words) == 1 else None


def check_kind(kind: str, rs: RuleSet, field: str) -> str:
    """``kind`` if the rule set has it; ``LedgerError`` for semiclean in ``international``."""
    if kind == SEMICLEAN and not rs.semiclean:
        raise LedgerError(t("burraco.semiclean_international", "there is no semiclean burraco in international "
                            "burraco (a burraco with a wild card is dirty)"), field, kind)
    return kind


# --- one meld ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Meld:
    """A meld read from its cards: ``shape`` ``"combination"`` (of ``rank``) or ``"sequence"`` (of
    ``suit``), how many ``wild`` cards (0 or 1), and its burraco ``kind`` (None under 7 cards)."""

    cards: tuple[Card, ...]
    shape: str
    rank: str | None
    suit: str | None
    wild: int
    kind: str | None

    @property
    def points(self) -> int:
        return cards_value(self.cards)

    @property
    def text(self) -> str:
        return format_cards(self.cards)


_ORDER = {CLEAN: 3, SEMICLEAN: 2, DIRTY: 1, None: 0}


def read_meld(cards: Sequence[Card], rs: RuleSet, field: str) -> Meld:
    """The meld these cards make (RULES.md "Reading a meld given as cards").

    The natural cards decide between combination and sequence; the reading with fewer wild cards
    wins (a 2 in its own place is natural), and where two remain (an ace low or high) the higher
    burraco kind counts. Raises ``LedgerError`` on ``field`` saying why the cards are neither.
    """
    cards = tuple(cards)
    readings = [r for r in (_combination(cards, rs), *_sequences(cards, rs)) if r is not None]
    if not readings:
        raise LedgerError(_why_not(cards, rs), field, format_cards(cards))
    return min(readings, key=lambda m: (m.wild, -_ORDER[m.kind]))


def read_burraco(cards: Sequence[Card], rs: RuleSet, field: str) -> Meld:
    """A burraco given as cards: a meld (:func:`read_meld`) of 7 or more cards, else ``LedgerError``."""
    meld = read_meld(cards, rs, field)
    if meld.kind is None:
        raise LedgerError(t("burraco.burraco_short", "a burraco is 7 cards or more, this meld has {n} (list it under "
                            "melded)", n=len(meld.cards)), field, meld.text)
    return meld


def read_ordinary_meld(cards: Sequence[Card], rs: RuleSet, field: str) -> Meld:
    """A meld of ``melded``: 3 to 6 cards (:func:`read_meld`); 7 or more is a burraco, an error here."""
    meld = read_meld(cards, rs, field)
    if meld.kind is not None:
        raise LedgerError(t("burraco.meld_long", "{n} cards make a burraco: list it under burraco", n=len(meld.cards)),
                          field, meld.text)
    return meld


def is_wild(card: Card) -> bool:
    """A joker or a 2: the deck's cards that may stand as wild (a 2 in its own place is natural)."""
    return card.is_joker or card.rank == "2"


# what the 108 cards hold [EB-1]: 4 × 30 + 8 × 20 + 8 × 15 + 48 × 10 + 40 × 5 = 1080 card points;
# 12 cards that may be wild (4 jolly, 8 pinelle); a burraco is 7 cards at least
DECK_POINTS = DECK.total(card_value)
WILD_CARDS = DECK.count(is_wild)
BURRACO_CARDS = 7


def _burraco_kind(size: int, wild: int, natural_run: int, rs: RuleSet) -> str | None:
    """The kind of a meld of ``size`` cards: ``natural_run`` is the longest unbroken stretch of
    natural cards beside the wild (a combination: all its natural cards)."""
    if size < 7:
        return None
    if wild == 0:
        return CLEAN
    return SEMICLEAN if rs.semiclean and natural_run >= 7 else DIRTY


def _combination(cards: tuple[Card, ...], rs: RuleSet) -> Meld | None:
    naturals = [c for c in cards if not is_wild(c)]
    wild = len(cards) - len(naturals)
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1 or wild > 1 or not 3 <= len(cards) <= 9:
        return None
    rank = ranks.pop()
    if rank not in rs.combination_ranks:
        return None
    return Meld(cards, "combination", rank, None, wild, _burraco_kind(len(cards), wild, len(naturals), rs))


def _sequences(cards: tuple[Card, ...], rs: RuleSet) -> list[Meld]:
    """Every reading of ``cards`` as a sequence: the joker as the wild (every 2 natural), or no
    wild, or one of the 2s as the wild."""
    jokers = sum(1 for c in cards if c.is_joker)
    if jokers > 1 or not 3 <= len(cards) <= 14:
        return []
    twos = [i for i, c in enumerate(cards) if c.rank == "2"]
    choices: list[int | None] = [None] if jokers else [None, *twos]
    out = []
    for choice in choices:
        wild = 1 if jokers or choice is not None else 0
        naturals = [c for i, c in enumerate(cards) if not c.is_joker and i != choice]
        if len({c.suit for c in naturals}) != 1 or sum(1 for c in naturals if c.rank == "A") > 1:
            continue
        for high in (False, True) if any(c.rank == "A" for c in naturals) else (False,):
            run = _run(naturals, wild, high)
            if run is not None:
                out.append(Meld(cards, "sequence", None, naturals[0].suit, wild,
                                _burraco_kind(len(cards), wild, run, rs)))
    return out


def _run(naturals: Sequence[Card], wild: int, ace_high: bool) -> int | None:
    """With the naturals in place (the ace at 1, or 14 when ``ace_high``), the longest stretch of
    natural cards beside the wild, or None when they and ``wild`` do not make an unbroken run."""
    places = sorted(14 if (c.rank == "A" and ace_high) else c.order for c in naturals)
    if len(set(places)) != len(places):
        return None
    gaps = [p for p in range(places[0], places[-1] + 1) if p not in places]
    if len(gaps) > wild or (wild and not gaps and places[-1] - places[0] + 1 >= 14):
        return None
    if gaps:  # the wild fills the gap: the naturals below it and above it
        return max(sum(1 for p in places if p < gaps[0]), sum(1 for p in places if p > gaps[0]))
    return len(places)


def _why_not(cards: tuple[Card, ...], rs: RuleSet) -> Msg:
    """Why ``cards`` make no meld, in words: combination and sequence rules as they apply."""
    if len(cards) < 3:
        return t("burraco.meld_short", "a meld needs at least three cards, this one has {n}", n=len(cards))
    naturals = [c for c in cards if not is_wild(c)]
    wild = len(cards) - len(naturals)
    if not naturals:
        return t("burraco.wild_alone", "there is no meld of wild cards alone (no combination of twos or jokers)")
    ranks, suits = {c.rank for c in naturals}, {c.suit for c in naturals}
    if len(ranks) == 1:
        rank = next(iter(ranks))
        if rank not in rs.combination_ranks:
            return t("burraco.combination_rank", "combinations are only of aces and threes in {rules} burraco, not of "
                     "{rank}", rules=rs.name, rank=rank)
        if wild > 1:
            return t("burraco.combination_wild", "{wild} wild cards: a combination holds at most one", wild=wild)
        return t("burraco.combination_size", "a combination is 3 to 9 cards, this one has {n}", n=len(cards))
    if len(suits) == 1:
        if len(cards) > 14:
            return t("burraco.sequence_long", "a sequence is at most 14 cards (13 and a wild), this one has {n}",
                     n=len(cards))
        return t("burraco.not_sequence", "not a sequence: one suit in unbroken order, each rank once, at most one "
                 "wild card")
    return t("burraco.not_meld", "neither a combination (one rank) nor a sequence (one suit in order)")


# --- burrachi and melds as a side gives them -----------------------------------------------------
class KindGiven(NamedTuple):
    """One burraco a side gives by its kind (``pulito``: not yet checked against the rule set),
    with the field that names it in an error."""

    kind: str
    field: str


BurracoGiven = KindGiven | CardsGiven
"""One burraco as a side gives it: by kind, or as its cards."""


def read_burraco_items(value: JsonValue, field: str) -> list[BurracoGiven]:
    """A side's ``burraco`` value → each burraco given, in order: a :class:`KindGiven` or a
    :class:`~ledger.games.parsing.CardsGiven`.

    ``value`` is a list (each item a kind, a string of one burraco's cards, or a list of card
    strings; a flat list of single cards is one burraco) or one string: kinds separated by commas (``"clean, dirty"``), burrachi as cards
    separated by ``;``. ``""`` or ``"none"`` for none. Kinds are not checked against the rule set
    here (:func:`check_kind`).
    """
    if isinstance(value, str):
        text = value.strip()
        if text.casefold() in ("", "none", "-", "nessuno", "0"):
            return []
        parts = [p for p in re.split(r"[;|]", text) if p.strip()]
        return [item for i, p in enumerate(parts)
                for item in _string_item(p, field if len(parts) == 1 else f"{field}[{i}]")]
    if not isinstance(value, list):
        raise LedgerError(t("burraco.burrachi_shape", "expected a list of burrachi ({kinds}, or cards), got {value!r}",
                            kinds=KIND_HELP, value=value), field, value)
    if _single_cards(value):
        return [CardsGiven(parse_cards(value, field), field)]
    out: list[BurracoGiven] = []
    for i, item in enumerate(value):
        f = f"{field}[{i}]"
        kind = kind_word(item)
        if kind is not None:
            out.append(KindGiven(kind, f))
        elif isinstance(item, (str, list)):
            out.append(CardsGiven(_cards_or_kind_error(item, f), f))
        else:
            raise LedgerError(t("burraco.item_neither", "{item!r} is neither a burraco kind ({kinds}) nor cards",
                                item=item, kinds=KIND_HELP), f, item)
    return out


def _single_cards(items: list[JsonValue]) -> bool:
    """A flat list of three or more single cards (``["KH", "KD", "KC"]``): one meld's cards, since
    no meld is one card."""
    return len(items) >= 3 and all(isinstance(x, str) and len(x.split()) == 1 and kind_word(x) is None
                                   and _is_card_text(x) for x in items)


def _is_card_text(text: str) -> bool:
    try:
        parse_cards([text])
    except LedgerError:
        return False
    return True


def _string_item(part: str, field: str) -> list[BurracoGiven]:
    pieces = [p for p in part.split(",") if p.strip()]
    kinds = [kind_word(p) for p in pieces]
    if pieces and all(kinds):
        return [KindGiven(k, field) for k in kinds if k is not None]
    return [CardsGiven(_cards_or_kind_error(part, field), field)]


def _cards_or_kind_error(value: str | list[JsonValue], field: str) -> list[Card]:
    try:
        return parse_cards(value, field)
    except LedgerError as err:
        if isinstance(value, str) and len(value.split()) == 1:
            raise LedgerError(t("burraco.item_neither", "{item!r} is neither a burraco kind ({kinds}) nor cards",
                                item=value, kinds=KIND_HELP), field, value) from None
        raise err


def read_meld_lists(value: JsonValue, field: str) -> list[tuple[list[Card], str]]:
    """A side's ``melded`` value → ``[(cards, field)]``: a list of melds (each a string of cards or
    a list of card strings; a flat list of single cards is one meld), or one string with ``;``
    between melds; ``""``/``"none"``/``[]`` for none."""
    if isinstance(value, str):
        if value.strip().casefold() in ("", "none", "-", "nessuna", "nessuno"):
            return []
        parts = [p for p in re.split(r"[;|]", value) if p.strip()]
        return [(parse_cards(p, f), f) for i, p in enumerate(parts)
                for f in [field if len(parts) == 1 else f"{field}[{i}]"]]
    if not isinstance(value, list):
        raise LedgerError(t("burraco.melds_shape", "expected a list of melds (card lists), got {value!r}", value=value),
                          field, value)
    if _single_cards(value):
        return [(parse_cards(value, field), field)]
    return [(parse_cards(m, f"{field}[{i}]"), f"{field}[{i}]") for i, m in enumerate(value)]
