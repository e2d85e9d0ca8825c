"""Trentuno's rules of a hand (seeds 001 and 004, RULES.md "Trentuno, 52 cards" and "Trentuno, 40
cards"), pure and typed: the rule sets (:class:`Variant`), a hand's value (:class:`HandValue`,
from 3 cards, a one-suit total or ``"tris R"``), how the hand ended (:class:`Ending`), who loses a
life (:func:`lose_life`), a whole hand read and checked (:func:`read_hand`, :func:`score_hand`)
and the re-entry draw (:func:`draw`). The match (lives, pot, re-entries, bets) is :mod:`.match`.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ledger.cards import FRENCH_52, ITALIAN_40, RANKS, Card, Deck, format_cards, multiple, parse_cards, typed_names
from ledger.errors import LedgerError
from ledger.games.base import as_int, check_keys, check_names, frozen, need
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import Resolve
from ledger.games.trentuno.records import TrentunoHand
from ledger.i18n import Msg, t

DEFAULT_LIVES = 3
DEFAULT_STAKE_CENTS = 50
JOLLY = Card("J", "C")  # the jack of clubs, wild for three of a kind in vedova
TRIS_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high
TOTAL, TRIS, JOLLY_TRIS = "total", "tris", "jolly"
ENDING_FIELDS = ("knocked_by", "shown31", "took_widow")
HAND_KEYS = {"hands", "decks", *ENDING_FIELDS}
MATCH_HAND_KEYS = HAND_KEYS | {"reentry", "bet"}
OUT_WORDS = {"out", "fuori", "-", "morto", "morta"}
HANDS_SHAPE = t("trentuno.hands_shape", "expected each player's hand: {{\"Anna\": \"AH KH 5H\", ...}}")


# --- the rule sets ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    """What differs between the rule sets (see the module docstring)."""

    rules: str
    italian: bool          # the 40-card deck
    tris: bool             # three of a kind counts
    jolly: bool            # the jack of clubs makes a pair into three of a kind (vedova)
    widow: bool            # took_widow can end a hand
    two_worst: bool        # after a knock the two worst pay (52) rather than the lowest (40)
    spare_knocker: bool    # a 31 in the extra round spares the knocker (40)
    reentry: bool          # the paid re-entry option exists (52)
    bets: bool             # re-entry by bet (40)
    min_players: int
    max_players: int       # per deck

    def deck(self, decks: int = 1) -> Deck:
        base = ITALIAN_40 if self.italian else FRENCH_52
        return base if decks == 1 else multiple(base, decks)

    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(r for r in TRIS_ORDER if Card(r, "S") in self.deck().counts)

    @property
    def deck_name(self) -> Msg:
        return t("trentuno.game_40", "the 40-card game") if self.italian else t("trentuno.game_52", "the 52-card game")


VARIANTS = {
    "52": Variant("52", False, False, False, False, True, False, True, False, 3, 8),
    "52-vedova": Variant("52-vedova", False, True, True, True, True, False, True, False, 3, 8),
    "40": Variant("40", True, True, False, False, False, True, False, True, 4, 12),
}


# --- hand values --------------------------------------------------------------------------------
@frozen
class HandValue:
    """A hand's value: a one-suit ``total`` (2-31), three of a kind of ``rank`` (``tris``), or a
    pair of ``rank`` with the jack of clubs (``jolly``, vedova). ``key`` orders hands, low to high."""

    kind: str
    total: int = 0
    rank: str = ""

    @property
    def key(self) -> tuple[int, int]:
        if self.kind == TOTAL:
            return (3, 31) if self.total == 31 else (0, self.total)
        return (2 if self.kind == TRIS else 1, TRIS_ORDER.index(self.rank))

    def to_json(self) -> int | str:
        """A number, or ``"tris K"``, ``"tris 10"``, ``"tris K (jolly)"`` (FORMATS.md)."""
        if self.kind == TOTAL:
            return self.total
        return f"tris {self.rank}" + (" (jolly)" if self.kind == JOLLY_TRIS else "")

    def __str__(self) -> str:
        return str(self.to_json())


def card_value(card: Card) -> int:
    """A = 11, J Q K = 10, the others their face value (both seeds)."""
    if card.rank == "A":
        return 11
    return 10 if card.is_figure else int(card.rank)


_RANK_VALUES = {r: card_value(Card(r, "S")) for r in RANKS}  # each rank's value, worked out once


def suit_total(cards: Sequence[Card]) -> int:
    """The best total of the cards of one suit, at most 31 (several decks could make more); a
    joker belongs to no suit."""
    totals: dict[str, int] = {}
    for rank, suit in cards:
        if suit:
            totals[suit] = totals.get(suit, 0) + _RANK_VALUES[rank]
    return min(31, max(totals.values(), default=0))


def value_of_cards(cards: Sequence[Card], variant: Variant) -> HandValue:
    """The value of three cards under ``variant`` (three of a kind and the jolly where they count)."""
    if variant.tris and len({c.rank for c in cards}) == 1:
        return HandValue(TRIS, rank=cards[0].rank)
    if variant.jolly and JOLLY in cards:
        rest = list(cards)
        rest.remove(JOLLY)
        if rest[0].rank == rest[1].rank:
            return HandValue(JOLLY_TRIS, rank=rest[0].rank)
    return HandValue(TOTAL, total=suit_total(cards))


@lru_cache(maxsize=None)
def possible_totals(rules: str, decks: int = 1) -> frozenset[int]:
    """Every one-suit total that three cards of the decks in play can be worth (a hand entered as a
    number). A third deck adds no total that two decks cannot make."""
    variant = VARIANTS[rules]
    out = set()
    for trio in combinations(variant.deck(min(decks, 2)).cards(), 3):
        v = value_of_cards(trio, variant)
        if v.kind == TOTAL:
            out.add(v.total)
    return frozenset(out)


_RANK_WORDS = {"A": "A", "1": "A", "ASSO": "A", "K": "K", "R": "K", "RE": "K", "Q": "Q", "D": "Q",
               "DONNA": "Q", "J": "J", "F": "J", "FANTE": "J", "T": "10"}
_TRIS = re.compile(r"(?:tris|three|jolly)\s+(?:of\s+|di\s+)?(\S+?)\s*(\(?\s*(?:jolly|joker)\s*\)?)?", re.I)


def read_rank(text: str, field: str, variant: Variant) -> str:
    """A rank of the deck in play for three of a kind (``C`` is cavallo = Q in the 40-card deck)."""
    word = text.strip().upper()
    rank = _RANK_WORDS.get(word) or ("Q" if variant.italian and word in ("C", "CAVALLO") else word)
    if rank not in variant.ranks:
        raise LedgerError(t("trentuno.not_rank", "{rank!r} is not a rank of {game}", rank=text, game=variant.deck_name),
                          field, text)
    return rank


_NUMBER = re.compile(r"\s*-?\d+\s*")


def read_value(raw: object, field: str, variant: Variant, decks: int = 1) -> tuple[HandValue, list[Card] | None]:
    """One player's hand as entered: 3 cards, a number, or ``"tris R"`` / ``"tris R (jolly)"``.

    Returns the value and the cards (None when not given as cards). ``LedgerError`` on ``field``
    for anything else, a number that three cards cannot make, or a tris the rule set ignores.
    """
    if isinstance(raw, bool) or raw is None:
        raise LedgerError(t("trentuno.not_hand", "expected 3 cards, a number or 'tris R', got {raw!r}", raw=raw),
                          field, raw)
    if isinstance(raw, int) or (isinstance(raw, str) and _NUMBER.fullmatch(raw)):
        return HandValue(TOTAL, total=check_total(raw, field, variant, decks)), None
    if isinstance(raw, str) and _TRIS.fullmatch(raw.strip()):
        return read_tris(raw, field, variant), None
    cards = parse_cards(raw, field, italian=variant.italian)
    if len(cards) != 3:
        raise LedgerError(t("trentuno.three_cards", "a hand is 3 cards, not {count}", count=len(cards)), field,
                          format_cards(cards))
    return value_of_cards(cards, variant), cards


def check_total(raw: object, field: str, variant: Variant, decks: int = 1) -> int:
    n = as_int(raw, field, 2, 31)
    if n not in possible_totals(variant.rules, decks):
        raise LedgerError(t("trentuno.not_total", "{n} is not a one-suit total that three cards make in {game}", n=n,
                            game=variant.deck_name), field, raw)
    return n


def read_tris(text: str, field: str, variant: Variant) -> HandValue:
    m = _TRIS.fullmatch(text.strip())
    assert m is not None  # read_value reads text as a tris only when it matches
    jolly = bool(m[2]) or text.strip().lower().startswith("jolly")
    if not variant.tris:
        raise LedgerError(t("trentuno.no_tris", "three of a kind does not count in rule set {rules} (enter the cards "
                            "or the one-suit total)", rules=variant.rules), field, text)
    if jolly and not variant.jolly:
        raise LedgerError(t("trentuno.jolly_vedova", "the jack of clubs is a jolly only in vedova"), field, text)
    rank = read_rank(m[1], field, variant)
    if jolly and rank == "J":
        raise LedgerError(t("trentuno.jolly_jacks", "a pair of jacks with the jack of clubs is three jacks: write "
                            "'tris J'"), field, text)
    return HandValue(JOLLY_TRIS if jolly else TRIS, rank=rank)


# --- how a hand ended, and who pays ---------------------------------------------------------------
@frozen
class Ending:
    """How the hand ended: a knock, a 31 shown (possibly in the extra round after a knock), or the
    widow taken (vedova). Each is a player name or None."""

    knocked_by: str | None = None
    shown31: str | None = None
    took_widow: str | None = None

    @property
    def kind(self) -> str:
        if self.shown31:
            return "31 after knock" if self.knocked_by else "31"
        return "widow" if self.took_widow else "knock"

    def text(self) -> str:
        """How the hand ended, for people, in the language in use: ``"Bruno knocks"``."""
        if self.shown31 and self.knocked_by:
            msg = t("trentuno.ended_31_after", "{player} shows 31 after {knocker}'s knock", player=self.shown31,
                    knocker=self.knocked_by)
        elif self.shown31:
            msg = t("trentuno.ended_31", "{player} shows 31", player=self.shown31)
        elif self.took_widow:
            msg = t("trentuno.ended_widow", "{player} takes the widow", player=self.took_widow)
        else:
            msg = t("trentuno.ended_knock", "{player} knocks", player=self.knocked_by)
        return str(msg)

    def to_json(self) -> JsonDict:
        return {"ended_by": self.kind, "knocked_by": self.knocked_by, "shown31": self.shown31,
                "took_widow": self.took_widow}


def read_ending(doc: JsonDoc, variant: Variant, values: Mapping[str, HandValue],
                resolve: Resolve) -> Ending:
    """The ending fields of ``doc``; ``resolve(name, field)`` maps a name to a player in the hand.

    Errors: no ending, two endings (other than a knock then a 31), the widow outside vedova, the
    knocker showing the 31 of the extra round, or a ``shown31`` whose hand is not 31.
    """
    named = {}
    for f in ENDING_FIELDS:
        v = doc.get(f)
        if v is None or (isinstance(v, str) and not v.strip()):
            continue
        if f == "took_widow" and not variant.widow:
            raise LedgerError(t("trentuno.widow_vedova", "the widow is taken only in rule set 52-vedova"), f, v)
        named[f] = resolve(v, f)
    if not named:
        msg = (t("trentuno.no_ending_widow", "say how the hand ended: knocked_by, shown31 or took_widow")
               if variant.widow else t("trentuno.no_ending", "say how the hand ended: knocked_by, shown31"))
        raise LedgerError(msg, "knocked_by", None)
    if "took_widow" in named and len(named) > 1:
        other = next(f for f in named if f != "took_widow")
        raise LedgerError(t("trentuno.widow_alone", "taking the widow ends the hand at once: give it alone"), other,
                          doc.get(other))
    ending = Ending(**named)
    if ending.shown31 and ending.shown31 == ending.knocked_by:
        raise LedgerError(t("trentuno.knocker_31", "the knocker does not draw again, so cannot show 31 in the extra "
                            "round (a 31 shown instead of knocking is shown31 alone)"), "shown31", doc.get("shown31"))
    if ending.shown31 and values[ending.shown31].key != (3, 31):
        v = values[ending.shown31]
        raise LedgerError(t("trentuno.not_31", "{player} shows 31 but the hand is worth {value}", player=ending.shown31,
                            value=str(v)), "shown31", doc.get("shown31"))
    return ending


def lose_life(values: Mapping[str, HandValue], ending: Ending, variant: Variant) -> list[str]:
    """Who loses a life, in the order of ``values`` (RULES.md, both Trentuno sections).

    A 31: every other player (in the 40-card game, after a knock, not the knocker either).
    A knock or the widow: the two worst with four or more players in the 52-card games (a player
    pays when fewer than two hold a strictly lower hand), otherwise the worst; ties all pay.
    """
    if ending.shown31:
        spared = {ending.shown31}
        if ending.knocked_by and variant.spare_knocker:
            spared.add(ending.knocked_by)
        return [p for p in values if p not in spared]
    allowed = 2 if variant.two_worst and len(values) > 3 else 1
    keys = [v.key for v in values.values()]
    return [p for p, key in zip(values, keys) if sum(1 for other in keys if other < key) < allowed]


def lowest(values: Mapping[str, HandValue]) -> HandValue:
    return min(values.values(), key=lambda v: v.key)


# --- reading a whole hand ---------------------------------------------------------------------------
@frozen
class Hand:
    """A hand read and checked: each player's value, the cards where given, how it ended."""

    values: dict[str, HandValue]
    cards: dict[str, list[Card] | None]
    ending: Ending


def read_decks(raw: object, variant: Variant, field: str = "decks") -> int:
    if raw is None:
        return 1
    n = as_int(raw, field, 1, 9)
    if n != 1 and not variant.italian:
        raise LedgerError(t("trentuno.decks_40", "more than one deck is only for the 40-card game"), field, raw)
    return n


def read_hand(doc: JsonDoc, raw_hands: JsonDoc, variant: Variant, decks: int,
              resolve_key: Callable[[str], str], resolve_name: Resolve) -> Hand:
    """Read ``raw_hands`` (key → entry; ``resolve_key`` maps a key to the player) and the ending.

    Checks every card against the deck in play (``decks`` copies), across all the hands.
    """
    deck = variant.deck(decks)
    values: dict[str, HandValue] = {}
    cards: dict[str, list[Card] | None] = {}
    typed: dict[Card, str] = {}  # the cards written in words, to name them so in a message
    for key, raw in raw_hands.items():
        name = resolve_key(key)
        fld = f"hands.{key}"
        if name in values:
            raise LedgerError(t("trentuno.hand_twice", "{player}'s hand is given twice", player=name), fld, key)
        values[name], cards[name] = read_value(raw, fld, variant, decks)
        if held := cards[name]:
            typed.update(typed_names(raw, variant.italian))
            if not deck.holds(held):
                deck.check(held, fld, typed)  # names what is wrong
    every = [c for cs in cards.values() if cs for c in cs]
    if not deck.holds(every):
        deck.check(every, "hands", typed)
    check_tris_cards(values, cards, deck)
    return Hand(values, cards, read_ending(doc, variant, values, resolve_name))


def check_tris_cards(values: Mapping[str, HandValue], cards: Mapping[str, list[Card] | None], deck: Deck) -> None:
    """Hands entered as "tris R" hold cards too: three of rank R (two and the jack of clubs for a
    jolly tris). Together with the hands given as cards they must fit in the decks in play."""
    need: Counter[str] = Counter()  # rank -> cards of it the tris hands hold
    jacks_of_clubs = 0
    for name, v in values.items():
        if cards.get(name) is None and v.kind in (TRIS, JOLLY_TRIS):
            need[v.rank] += 3 if v.kind == TRIS else 2
            jacks_of_clubs += v.kind == JOLLY_TRIS
    if not need:
        return
    held = Counter(c.rank for cs in cards.values() if cs for c in cs)
    for rank, n in need.items():
        exist = sum(k for c, k in deck.counts.items() if c.rank == rank)
        if held[rank] + n > exist:
            raise LedgerError(t("trentuno.rank_short", "the hands need {count} cards of rank {rank}, but {deck} holds "
                                "{exist}", count=held[rank] + n, rank=rank, deck=deck.name, exist=exist), "hands", rank)
    jc = Card("J", "C")
    held_jc = sum(1 for cs in cards.values() if cs for c in cs if c == jc)
    if jacks_of_clubs and held_jc + jacks_of_clubs > deck.counts.get(jc, 0):
        raise LedgerError(t("trentuno.jolly_short", "more jolly hands than jacks of clubs in play"), "hands", "JC")


def _name_resolver(players: Sequence[str]) -> Resolve:
    """Case-insensitive lookup among the players of a hand; ``LedgerError`` naming the field."""
    def resolve(name: object, fld: str) -> str:
        if isinstance(name, str):
            for p in players:
                if p.casefold() == name.strip().casefold():
                    return p
        raise LedgerError(t("hand.not_player", "{name!r} is not a player of this hand (players: {players})", name=name,
                            players=", ".join(players)), fld, name)
    return resolve


def hand_data(hand: Hand) -> JsonDict:
    """The fields of :class:`~ledger.games.trentuno.records.TrentunoHand` that the hand itself gives."""
    return {"values": {p: v.to_json() for p, v in hand.values.items()},
            **hand.ending.to_json(), "lowest": lowest(hand.values).to_json()}


# --- the re-entry draw -----------------------------------------------------------------------------
def draw(bettors: Sequence[str], seed: str | int) -> str:
    """The bettor drawn to re-enter, from a recorded ``seed``: deterministic on every machine.

    The index is the SHA-256 of ``"<seed>|<bettor>|<bettor>…"`` (bettors in the order given; the
    match passes them in seat order) read as a big-endian integer, modulo the number of bettors,
    so anyone can check a recorded draw later.
    """
    if not bettors:
        raise LedgerError(t("trentuno.nobody_to_draw", "nobody to draw"), "bet.players", list(bettors))
    digest = hashlib.sha256("|".join([str(seed), *bettors]).encode("utf-8")).digest()
    return bettors[int.from_bytes(digest, "big") % len(bettors)]



def split_names(raw: object, fld: str) -> list[str]:
    """Names as a JSON list or as text separated by commas, spaces or ``e``/``and``/``&``
    (``Giulia e Sara``)."""
    if raw is None:
        return []
    if isinstance(raw, str):
        return [w for w in re.split(r"[\s,;&]+", raw.strip())
                if w and w.lower() not in ("none", "nessuno", "e", "ed", "and")]
    if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        return list(raw)
    raise LedgerError(t("trentuno.not_names", "expected a list of names, got {raw!r}", raw=raw), fld, raw)


def score_hand(doc: JsonDoc, rules: str) -> TrentunoHand:
    """One hand document on its own (``ledger score``): each value, how it ended, the lowest hand
    and who loses a life (:func:`lose_life`). ``LedgerError`` for an unknown field, a wrong or
    repeated card, a number no hand makes, a missing or impossible ending, a ``shown31`` whose
    hand is not 31, or fewer than 2 players (RULES.md "Trentuno, 52 cards", "Trentuno, 40 cards")."""
    variant = VARIANTS[rules]
    check_keys(doc, HAND_KEYS)
    decks = read_decks(doc.get("decks"), variant)
    raw = need(doc, "hands")
    if not isinstance(raw, Mapping):
        raise LedgerError(HANDS_SHAPE, "hands", raw)
    names = check_names(list(raw), "hands")
    top = variant.max_players * decks
    if not 2 <= len(names) <= top:
        raise LedgerError(t("trentuno.hand_players", "a hand has 2 to {hi} players, not {n}", hi=top, n=len(names)),
                          "hands", len(names))
    by_key = dict(zip(raw, names))
    hand = read_hand(doc, raw, variant, decks, lambda k: by_key[k], _name_resolver(names))
    return TrentunoHand(**hand_data(hand), lose_life=tuple(lose_life(hand.values, hand.ending, variant)))
