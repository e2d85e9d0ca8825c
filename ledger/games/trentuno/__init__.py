"""Trentuno: three cards, lives for money, and the pot (seeds 001 and 004, RULES.md "Trentuno").

Rule sets (the first is the default):

- ``"52"``: 52 French cards, 3 to 8 players (seed 001). A hand's value is the best total of the
  cards of one suit among the three held: A = 11, J Q K = 10, others face value, at most 31.
  After a knock and the extra round the two worst hands pay a life each (a player pays when fewer
  than two players hold a strictly lower hand, so ties for the worst or the second worst all
  pay); with three or fewer players still in, only the worst pays (all tied for it pay). A 31
  shown ends the hand: every other player pays a life (the knocker too, if the 31 came in the
  extra round after a knock).
- ``"52-vedova"``: the same with the widow, three face-up cards in the centre. Ranking, high to
  low: 31; three of a kind (A high, then K Q J 10 … 2); a pair with the jack of clubs as jolly
  (ranked by the pair); the one-suit total. Taking the whole widow ends the hand at once and is
  settled as after a knock.
- ``"40"``: the Italian 40-card deck (or French without 8 9 10), 4 to 12 players per deck
  (seed 004). Three of a kind beats any total but 31. After a knock the lowest hand pays (all
  tied for it pay). A 31 shown before any knock: every other player pays; a 31 made in the extra
  round after a knock: every other player pays except the knocker.

Units: lives (whole numbers) and money in integer cents with a currency ("EUR"); never floats.

A hand document (FORMATS.md)::

    {"game": "trentuno", "rules": "52",
     "hands": {"Anna": "AH KH 5H", "Bruno": 24, "Carla": "7S 7D 9C", "Dario": "2H 5S 6S"},
     "knocked_by": "Bruno", "shown31": null, "took_widow": null}

``hands`` holds every player still in: 3 cards, a number (the one-suit total, 2 to 31, and one
that three cards can make) or ``"tris R"`` (``"tris R (jolly)"`` in vedova; not in ``52``). The
hand ends by exactly one of ``knocked_by``, ``shown31``, ``took_widow`` (vedova), except that
``shown31`` with ``knocked_by`` is a 31 shown in the extra round after that knock. The 40-card
game may add ``"decks": N``. Output: ``{"values": {...}, "lose_life": [...]}`` and more.

The match (:meth:`Trentuno.apply`) adds lives, the pot and the money: options ``lives`` (3),
``stake_cents`` (50; or ``stake`` as an amount, ``"0.50"``), ``currency`` ("EUR"), ``reentry``
(52 only: a player who is out may re-enter once, with as many lives as the fewest held by a
player still in, paying ``reentry_cost_cents``, by default lives × stake), ``decks`` (40). A
match hand may carry ``"reentry": [names]`` (52) or ``"bet": {"players": [...], "number": N,
"drawn": name}`` (40: the players who are out bet one stake each on the lowest hand; if it comes
up, the drawn bettor re-enters with one life). Special rules: a hand that would put every player
still in out at once does not count (nobody pays, deal again), except the final two of the
40-card game (both pay their last life and are out; every player already out comes back with one
life). The last player with lives wins the pot; a match ended early shares the pot among the
players still in by lives (:func:`ledger.games.settle.share`). Each player's net (the
``settlement``) is what they won minus everything they paid, and the nets sum to zero.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import combinations
from typing import Any

from ledger.cards import FRENCH_52, ITALIAN_40, RANKS, Card, Deck, format_cards, multiple, parse_cards, typed_names
from ledger.errors import LedgerError
from ledger.games.base import (
    in_words,
    Answer, Board, Column, Game, HandResult, MatchSetup, MatchState, Question, Replay, Table, as_bool, as_int,
    cell, check_keys, check_names, frozen, key_value_entry, need,
)
from ledger.games.trentuno.facts import TrentunoNotes
from ledger.games.trentuno.records import BetResult, TrentunoHand, TrentunoResult, TrentunoState
from ledger.games.settle import Money, check_currency, format_money, parse_cents, parse_money, settle, share
from ledger.i18n import Msg, currency_sign, t, tn

DEFAULT_LIVES = 3
DEFAULT_STAKE_CENTS = 50
JOLLY = Card("J", "C")  # the jack of clubs, wild for three of a kind in vedova
TRIS_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high
TOTAL, TRIS, JOLLY_TRIS = "total", "tris", "jolly"
ENDING_FIELDS = ("knocked_by", "shown31", "took_widow")
HAND_KEYS = {"hands", "decks", *ENDING_FIELDS}
MATCH_HAND_KEYS = HAND_KEYS | {"reentry", "bet"}
OUT_WORDS = {"out", "fuori", "-", "morto", "morta"}
DRAW_WORDS = {"draw", "sorteggia", "sorteggio", "estrai"}  # "let the ledger draw the bettor"
_BY_BET = t("trentuno.reentry_40", "in the 40-card game players come back by a bet, not by re-entry")
_HANDS_SHAPE = t("trentuno.hands_shape", "expected each player's hand: {{\"Anna\": \"AH KH 5H\", ...}}")


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

    def to_json(self) -> dict[str, Any]:
        return {"ended_by": self.kind, "knocked_by": self.knocked_by, "shown31": self.shown31,
                "took_widow": self.took_widow}


def read_ending(doc: Mapping[str, Any], variant: Variant, values: Mapping[str, HandValue],
                resolve: Callable[[object, str], str]) -> Ending:
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


def read_hand(doc: Mapping[str, Any], raw_hands: Mapping[str, Any], variant: Variant, decks: int,
              resolve_key: Callable[[str], str], resolve_name: Callable[[object, str], str]) -> Hand:
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


def _name_resolver(players: Sequence[str]) -> Callable[[object, str], str]:
    """Case-insensitive lookup among the players of a hand; ``LedgerError`` naming the field."""
    def resolve(name: object, fld: str) -> str:
        if isinstance(name, str):
            for p in players:
                if p.casefold() == name.strip().casefold():
                    return p
        raise LedgerError(t("hand.not_player", "{name!r} is not a player of this hand (players: {players})", name=name,
                            players=", ".join(players)), fld, name)
    return resolve


def hand_data(hand: Hand) -> dict[str, Any]:
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


def new_seed() -> str:
    """A fresh seed for :func:`draw` (the only randomness here; the seed is stored in the hand)."""
    return secrets.token_hex(8)


# --- the match's book ----------------------------------------------------------------------------
@dataclass
class Book:
    """Lives, money and the dealer while a hand is applied: a working copy of the match's
    :class:`~ledger.games.trentuno.records.TrentunoState`, which :meth:`state` freezes again."""

    order: tuple[str, ...]
    lives: dict[str, int]
    paid: dict[str, int]
    pot: int
    reentered: list[str]
    dealer: str
    stake: int
    currency: str

    @classmethod
    def start(cls, setup: MatchSetup) -> "Book":
        o = setup.options
        first = o.get("first_dealer") or setup.players[0]
        return cls(setup.players, {p: o["lives"] for p in setup.players}, {p: 0 for p in setup.players},
                   0, [], first, o["stake_cents"], o["currency"])

    @classmethod
    def of(cls, setup: MatchSetup, state: MatchState) -> "Book":
        x = state.extra
        if not isinstance(x, TrentunoState):
            return cls.start(setup)
        return cls(setup.players, dict(x.lives), dict(x.paid_cents), x.pot_cents,
                   list(x.reentered), x.next_dealer or setup.players[0], setup.options["stake_cents"],
                   setup.options["currency"])

    def players_in(self) -> list[str]:
        return [p for p in self.order if self.lives[p] > 0]

    def pay(self, player: str, cents: int) -> None:
        self.paid[player] += cents
        self.pot += cents

    def lose_life(self, player: str) -> None:
        self.lives[player] -= 1
        self.pay(player, self.stake)

    def next_dealer(self) -> str:
        """Clockwise from the last dealer, the next player still in."""
        i = self.order.index(self.dealer)
        for k in range(1, len(self.order) + 1):
            p = self.order[(i + k) % len(self.order)]
            if self.lives[p] > 0:
                return p
        return self.dealer

    def state(self, hands: int, settlement: dict[str, Any] | None = None, finished: bool = False,
              winner: str | list[str] | None = None, pot_shares: dict[str, Any] | None = None) -> MatchState:
        extra = TrentunoState(dict(self.lives), self.pot, dict(self.paid), settlement,
                              tuple(p for p in self.order if self.lives[p] == 0), tuple(self.reentered),
                              None if finished else self.dealer, self.stake, self.currency,
                              format_money(self.pot, self.currency, "en"), pot_shares)  # "pot": JSON, in English
        return MatchState(hands, dict(self.lives), finished, winner, extra)


@frozen
class Bet:
    """A re-entry bet of the 40-card game: ``players`` (seat order), ``number``, ``drawn``, ``seed``."""

    players: tuple[str, ...]
    number: int
    drawn: str | None = None
    seed: str | int | None = None


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


def read_reentry(raw: object, setup: MatchSetup, variant: Variant, book: Book) -> list[str]:
    """Re-entries before a hand (52): each player out, not yet re-entered; the option agreed."""
    names = [setup.resolve_player(n, "reentry") for n in split_names(raw, "reentry")]
    if not names:
        return []
    if not variant.reentry:
        raise LedgerError(_BY_BET, "reentry", raw)
    if not setup.options.get("reentry"):
        raise LedgerError(t("trentuno.reentry_not_agreed", "re-entry was not agreed when the match started (option "
                            "reentry)"), "reentry", raw)
    for p in names:
        if book.lives[p] > 0:
            raise LedgerError(t("trentuno.reentry_still_in", "{player} is still in: only a player who is out re-enters",
                                player=p), "reentry", p)
        if p in book.reentered:
            raise LedgerError(t("trentuno.reentry_again", "{player} has already re-entered once in this match",
                                player=p), "reentry", p)
    if len(set(names)) != len(names):
        raise LedgerError(t("trentuno.reentry_twice", "a player is named twice"), "reentry", raw)
    return [p for p in book.order if p in names]


def read_bet(raw: object, setup: MatchSetup, variant: Variant, book: Book) -> Bet | None:
    """A re-entry bet before a hand (40): bettors out, at least three still in, number 2 to 31."""
    if raw is None or raw == {} or (isinstance(raw, str) and raw.strip().lower() in ("", "none", "no")):
        return None
    if not variant.bets:
        raise LedgerError(t("trentuno.bet_52", "re-entry bets are the 40-card game's (this match plays 52: use "
                            "reentry)"), "bet", raw)
    if not isinstance(raw, Mapping):
        raise LedgerError(t("trentuno.bet_shape", "expected {{\"players\": [...], \"number\": N, \"drawn\": "
                            "name}}"), "bet", raw)
    check_keys(raw, {"players", "number", "drawn", "seed"}, prefix="bet.")
    names = [setup.resolve_player(n, "bet.players") for n in split_names(need(raw, "players", "bet.players"),
                                                                          "bet.players")]
    if not names:
        raise LedgerError(t("trentuno.bet_nobody", "name the players who bet"), "bet.players", raw.get("players"))
    if len(set(names)) != len(names):
        raise LedgerError(t("trentuno.bettor_twice", "a bettor is named twice"), "bet.players", raw.get("players"))
    for p in names:
        if book.lives[p] > 0:
            raise LedgerError(t("trentuno.bettor_in", "{player} is still in: only players who are out bet", player=p),
                              "bet.players", p)
    n_in = len(book.players_in())
    if n_in < 3:
        raise LedgerError(t("trentuno.bet_few", "bets are allowed only while at least three players are in (now "
                            "{count})", count=n_in), "bet", raw)
    number = as_int(need(raw, "number", "bet.number"), "bet.number", 2, 31)
    drawn = raw.get("drawn")
    if drawn not in (None, ""):
        drawn = setup.resolve_player(drawn, "bet.drawn")
        if drawn not in names:
            raise LedgerError(t("trentuno.drawn_no_bet", "{player} did not bet", player=drawn), "bet.drawn",
                              raw.get("drawn"))
    else:
        drawn = None
    seed = raw.get("seed")
    if isinstance(seed, bool) or (seed is not None and not isinstance(seed, (str, int))):
        raise LedgerError(t("trentuno.bad_seed", "a seed is a number or a text"), "bet.seed", seed)
    return Bet(tuple(p for p in book.order if p in names), number, drawn, seed)


def bet_outcome(bet: Bet, low: HandValue, counts: bool) -> str | None:
    """The bettor who re-enters (None when the number did not come up); checks ``drawn``/``seed``."""
    came_up = counts and low.kind == TOTAL and low.total == bet.number
    if not came_up:
        return None  # a `drawn` given anyway is not used: nobody re-enters (FORMATS.md asks it only then)
    if bet.seed not in (None, ""):
        picked = draw(bet.players, bet.seed)
        if bet.drawn and bet.drawn != picked:
            raise LedgerError(t("trentuno.draw_differs", "the draw with seed {seed!r} gives {picked}, not {drawn}",
                                seed=bet.seed, picked=picked, drawn=bet.drawn), "bet.drawn", bet.drawn)
        return picked
    if bet.drawn:
        return bet.drawn
    raise LedgerError(t("trentuno.say_drawn", "{number} came up: say who was drawn among {players} (or give a seed "
                        "for the ledger's draw)", number=bet.number, players=", ".join(bet.players)),
                      "bet.drawn", None)


# --- the scorer --------------------------------------------------------------------------------------
class Trentuno(Game):
    """The Trentuno scorer (see the module docstring for the rules it implements)."""

    name = "trentuno"
    samples = "ledger.games.trentuno.sample"
    sample_weight = 25
    facts = TrentunoNotes()
    state_extra = TrentunoState
    result_type = TrentunoResult
    own_stakes = "life"  # its own money: lives for the pot (Game.own_stakes)
    title = "Trentuno"
    version = "1"
    rule_sets = ("52", "52-vedova", "40")
    rule_words = {"52": t("trentuno.rules_52", "52 cards"), "52-vedova": t("trentuno.rules_vedova", "52 cards, vedova"),
                  "40": t("trentuno.rules_40", "40 cards")}
    min_players = 3
    max_players = 12
    own_options = ("lives", "reentry", "reentry_cost_cents", "decks")

    # --- setup ---------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> tuple[tuple[str, ...], dict[str, Any]]:
        """Each for self; the number of players is checked with the options (decks)."""
        if sides:
            raise LedgerError(t("match.each_for_self", "{game} is played each for self: give players, not sides",
                                game="trentuno"), "sides", None)
        names = check_names(players, "players")
        return names, {p: (p,) for p in names}

    def check_options(self, rules: str, options: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """Options with defaults: ``lives`` 3, ``stake_cents`` 50 (or ``stake`` "0.50"),
        ``currency`` EUR, ``reentry`` false (52 only) with ``reentry_cost_cents`` (default lives ×
        stake), ``decks`` 1 (40 only), ``first_dealer``. ``LedgerError`` on ``options.<name>``."""
        variant = VARIANTS[rules]
        opts = {k: v for k, v in options.items() if v is not None}
        lives = as_int(opts.pop("lives", DEFAULT_LIVES), "options.lives", 1, 99)
        stake = _read_stake(opts)
        currency = check_currency(opts.pop("currency", "EUR"))
        reentry = as_bool(opts.pop("reentry", False), "options.reentry")
        if reentry and not variant.reentry:
            raise LedgerError(_BY_BET, "options.reentry", reentry)
        cost = _read_reentry_cost(opts, reentry, lives * stake)
        decks = read_decks(opts.pop("decks", None), variant, "options.decks")
        base = super().check_options(rules, opts, players)
        top = variant.max_players * decks
        if not variant.min_players <= len(players) <= top:
            if variant.italian:
                msg = t("trentuno.players_40", "Trentuno {rules} is played by {lo} to {hi} players (more with more "
                        "decks: option decks), not {n}", rules=rules, lo=variant.min_players, hi=top, n=len(players))
            else:
                msg = t("trentuno.players", "Trentuno {rules} is played by {lo} to {hi} players, not {n}", rules=rules,
                        lo=variant.min_players, hi=top, n=len(players))
            raise LedgerError(msg, "players", len(players))
        out: dict[str, Any] = {"lives": lives, "stake_cents": stake, "currency": currency, "reentry": reentry}
        if reentry:
            out["reentry_cost_cents"] = cost
        if variant.italian:
            out["decks"] = decks
        return {**out, **base}

    # --- one hand ------------------------------------------------------------------------------
    def score(self, doc: Mapping[str, Any], rules: object=None) -> HandResult:
        """Score one hand on its own (``ledger score``): who loses a life, without the match.

        Data: ``{"values": {player: int | "tris R" | "tris R (jolly)"}, "lose_life": [players],
        "ended_by": "knock" | "31" | "31 after knock" | "widow", "knocked_by", "shown31",
        "took_widow", "lowest"}``. Raises ``LedgerError`` for an unknown field or rule set, a
        wrong or repeated card, a number no hand makes, a missing or impossible ending, a
        ``shown31`` whose hand is not 31, or fewer than 2 players. Source: seeds 001 and 004,
        RULES.md "Trentuno, 52 cards" and "Trentuno, 40 cards".
        """
        variant = VARIANTS[self.check_rules(rules if rules is not None else doc.get("rules"))]
        check_keys(doc, HAND_KEYS)
        decks = read_decks(doc.get("decks"), variant)
        raw = need(doc, "hands")
        if not isinstance(raw, Mapping):
            raise LedgerError(_HANDS_SHAPE, "hands", raw)
        names = check_names(list(raw), "hands")
        top = variant.max_players * decks
        if not 2 <= len(names) <= top:
            raise LedgerError(t("trentuno.hand_players", "a hand has 2 to {hi} players, not {n}", hi=top, n=len(names)),
                              "hands", len(names))
        by_key = dict(zip(raw, names))
        hand = read_hand(doc, raw, variant, decks, lambda k: by_key[k], _name_resolver(names))
        losers = lose_life(hand.values, hand.ending, variant)
        result = TrentunoHand(**hand_data(hand), lose_life=tuple(losers))
        return HandResult(result, partial(result_line, result))

    # --- a match -------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        return Book.start(setup).state(0)

    def apply(self, setup: MatchSetup, state: MatchState, doc: Mapping[str, Any]) -> tuple[MatchState, HandResult]:
        """The next hand of the match: re-entries and bets first, then the hand, lives and pot.

        Result data: the standalone fields plus ``counts`` (False: the hand does not count),
        ``final_two``, ``back_in``, ``out`` (players who went out), ``reentry``, ``bet`` (with
        ``won`` and ``drawn``), ``paid_cents`` (this hand), ``lives``, ``pot_cents``, ``dealer``,
        ``winner``. ``LedgerError`` also for a finished match, a hand for a player who is out or
        missing a player who is in, a re-entry not agreed or repeated, a bet while fewer than
        three are in.
        """
        variant = VARIANTS[setup.rules]
        if state.finished:
            raise LedgerError(t("trentuno.over", "the match is over ({winner} won the pot): no more hands",
                                winner=state.winner), "hand", None)
        check_keys(doc, MATCH_HAND_KEYS)
        book = Book.of(setup, state)
        before, dealer = dict(book.paid), book.dealer
        reentries = _reenter(book, read_reentry(doc.get("reentry"), setup, variant, book), setup)
        bet = read_bet(doc.get("bet"), setup, variant, book)
        hand = self._match_hand(setup, variant, book, doc, self._match_decks(setup, doc))
        losers = lose_life(hand.values, hand.ending, variant)
        counts, final_two, payers = _outcome(book, losers, variant)
        back_in = _pay_lives(book, payers, final_two)
        bet_result = self._settle_bet(bet, book, hand, counts)
        book.dealer = book.next_dealer()
        new_state = _state_after(book, state.hands + 1)
        result = TrentunoResult(
            **hand_data(hand), lose_life=tuple(payers), counts=counts, final_two=final_two,
            back_in=tuple(back_in), out=tuple(p for p in payers if book.lives[p] == 0), reentry=tuple(reentries),
            bet=bet_result, paid_cents={p: book.paid[p] - before[p] for p in book.order if book.paid[p] != before[p]},
            lives=dict(book.lives), pot_cents=book.pot, dealer=dealer, winner=new_state.winner,
            would_lose=None if counts else tuple(losers))
        return new_state, HandResult(result, partial(result_line, result, book.currency))

    def _match_decks(self, setup: MatchSetup, doc: Mapping[str, Any]) -> int:
        decks: int = setup.options.get("decks", 1)  # an int: read by read_decks at setup
        if doc.get("decks") is not None and read_decks(doc["decks"], VARIANTS[setup.rules]) != decks:
            raise LedgerError(tn("trentuno.match_decks", "this match is played with {n} deck",
                                 "this match is played with {n} decks", decks), "decks", doc["decks"])
        return decks

    def _match_hand(self, setup: MatchSetup, variant: Variant, book: Book, doc: Mapping[str, Any],
                    decks: int) -> Hand:
        """Read the hand of every player still in; 'out' is accepted for a player who is out."""
        raw = need(doc, "hands")
        if not isinstance(raw, Mapping):
            raise LedgerError(_HANDS_SHAPE, "hands", raw)
        players_in = book.players_in()
        entries: dict[str, Any] = {}  # document key -> the hand as entered
        keys: dict[str, str] = {}  # player -> document key
        for key, value in raw.items():
            p = setup.resolve_player(key, f"hands.{key}")
            if p in keys:
                raise LedgerError(t("trentuno.hand_twice", "{player}'s hand is given twice", player=p), f"hands.{key}", key)
            keys[p] = key
            if isinstance(value, str) and value.strip().lower() in OUT_WORDS:
                if book.lives[p] > 0:
                    raise LedgerError(tn("trentuno.still_in", "{player} is still in ({n} life): give the hand",
                                         "{player} is still in ({n} lives): give the hand", book.lives[p], player=p),
                                      f"hands.{key}", value)
                continue
            if book.lives[p] == 0:
                raise LedgerError(self._out_message(p, variant, setup, book), f"hands.{key}", value)
            entries[key] = value
        for p in players_in:
            if p not in keys:
                raise LedgerError(t("trentuno.missing_hand", "missing the hand of {player}, who is still in", player=p),
                                  f"hands.{p}", None)
        ordered = {keys[p]: entries[keys[p]] for p in players_in}  # seat order

        def resolve_name(name: object, fld: str) -> str:
            p = setup.resolve_player(name, fld)
            if p not in players_in:
                raise LedgerError(t("trentuno.not_in_hand", "{player} is not in this hand (out)", player=p), fld, name)
            return p
        player_of = {key: p for p, key in keys.items()}  # each key as resolved above
        return read_hand(doc, ordered, variant, decks, player_of.__getitem__, resolve_name)

    @staticmethod
    def _out_message(p: str, variant: Variant, setup: MatchSetup, book: Book) -> Msg:
        """Why a hand cannot list player ``p``, who is out, and the word that brings him back when
        there is one (``reentry=Bruno`` in the 52-card game with re-entry agreed, a bet in the 40)."""
        if variant.reentry and setup.options.get("reentry") and p not in book.reentered:
            return t("trentuno.is_out_reentry", "{player} is out (no lives left): add reentry={player} to the hand to "
                     "bring {player} back in, or leave {player}'s hand out", player=p)
        if variant.bets:
            return t("trentuno.is_out_bet", "{player} is out (no lives left): leave {player}'s hand out; {player} may "
                     "come back by a bet before a hand (bet=\"{player} 17\": the bettors and their number)", player=p)
        return t("trentuno.is_out", "{player} is out (no lives left): a hand lists only the players still in", player=p)

    def _settle_bet(self, bet: Bet | None, book: Book, hand: Hand, counts: bool) -> BetResult | None:
        """Pay the bet and let the bettor drawn back in; the bet's result (None for no bet)."""
        if bet is None:
            return None
        low = lowest(hand.values)
        drawn = bet_outcome(bet, low, counts)
        if counts:
            for p in bet.players:
                book.pay(p, book.stake)
        if drawn:
            book.lives[drawn] = 1
            if drawn not in book.reentered:
                book.reentered.append(drawn)
        return BetResult(tuple(bet.players), bet.number, low.to_json(), drawn is not None, drawn, bet.seed, counts)

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str:
        """The player still in after the last dealer (the state keeps it)."""
        return state.extra_as(TrentunoState).next_dealer or self.dealer(setup, state.hands)

    def settlement(self, state: MatchState) -> Mapping[str, int] | None:
        """Each player's net cents once the pot is won or shared (the state's ``settlement``)."""
        return state.extra_as(TrentunoState).settlement

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended early: the pot is shared among the players still in, by lives left, in whole cents
        (leftover cents one each to the most lives, then seat order); ``winner`` lists them."""
        if state.finished:
            return state
        book = Book.of(setup, state)
        alive = book.players_in()
        shares = share(book.pot, {p: book.lives[p] for p in alive}, book.order)
        winner = alive[0] if len(alive) == 1 else alive
        return book.state(state.hands, _settlement(book, shares), False, winner, pot_shares=shares)

    # --- the scoreboard --------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Per hand: each player's hand value and lives after it, the pot and what happened; then
        the money: lives, status, paid and net per player; notes with the winner and the pot."""
        return Board((_hands_table(setup, replay), _money_table(setup, replay)), tuple(_notes(setup, replay)))

    # --- entry at the table -----------------------------------------------------------------------
    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return t("play.help.trentuno",
                 "Each player's hand: three cards, their sum, or 'tris R':\n"
                 "  Anna=26 Bruno=\"7S 7D 9C\" Carla=\"tris 5\"\n"
                 "How the hand ended: knock=Bruno (who knocked), shown31=Carla (who showed 31), widow=Dario "
                 "(who took the widow). Back in the game: reentry=Carla (a re-entry before this hand), or a "
                 "bet: bet=\"Carla Dario 17\" (who bets, and the number) drawn=Carla (who was drawn; drawn=draw "
                 "lets the ledger draw).")

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
        """``Anna=26 Bruno="7S 7D 9C" knock=Bruno`` / ``shown31=Carla`` / ``widow=Dario`` /
        ``reentry=Carla`` / ``bet="Carla Dario 17" drawn=Carla`` → a partial hand document."""
        raw = key_value_entry(tokens)
        doc: dict[str, Any] = {}
        hands: dict[str, Any] = {}
        for k, v in raw.items():
            slot = _ENTRY_WORDS.get(k.lower())
            if slot == "bet":
                doc["bet"] = {**doc.get("bet", {}), **(v if isinstance(v, dict) else parse_bet_text(v))}
            elif slot == "drawn" and str(v).strip().lower() in DRAW_WORDS:
                doc.setdefault("bet", {})["seed"] = new_seed()  # the ledger draws; the seed is kept
            elif slot in ("drawn", "seed"):
                doc.setdefault("bet", {})[slot] = v
            elif slot == "reentry":
                doc["reentry"] = split_names(v, "reentry")
            elif slot:
                doc[slot] = v
            else:
                hands[setup.resolve_entry(k, _ENTRY_WORDS, players=True)] = v
        if hands:
            doc["hands"] = hands
        return doc

    def questions(self, setup: MatchSetup, doc: Mapping[str, Any],
                  state: MatchState | None = None) -> list[Question]:
        """What to ask next: re-entries or a bet (when ``state`` is given and someone may), each
        player's hand (only those still in when ``state`` is given; otherwise every player, who
        may answer 'out'), how the hand ended, and who was drawn when a bet's number came up."""
        if not isinstance(doc.get("hands") or {}, Mapping):
            return []  # nothing to ask: scoring names the wrong shape
        variant = VARIANTS[setup.rules]
        book = Book.of(setup, state) if state is not None else None
        qs: list[Question] = []
        if book is not None:
            qs += _way_back_questions(setup, variant, book, doc)
            if qs:
                return qs
        given = {setup.resolve_player(k, "hands") for k in (doc.get("hands") or {})}
        ended = any(doc.get(f) for f in ENDING_FIELDS)
        # without the state, who is still in is unknown: once the ending is given, apply checks
        asked = _asked_players(setup, book, doc) if book is not None or not ended else []
        for p in asked:
            if p not in given:
                return [Question(f"hands.{p}", _ask_hand(p, variant.tris, book is None), _answer_hand(p, variant))]
        if not ended:
            ask = (t("trentuno.ask_ending_widow", "How did the hand end? (knock NAME, 31 NAME, knock NAME 31 NAME, "
                     "widow NAME)") if variant.widow
                   else t("trentuno.ask_ending", "How did the hand end? (knock NAME, 31 NAME, knock NAME 31 NAME)"))
            return [Question("ending", str(ask), _answer_ending)]
        q = _drawn_question(setup, variant, doc)
        return [q] if q else []

    def describe_hand(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None=None, setup: MatchSetup | None=None) -> str:
        """:meth:`_describe` in words of the language it is shown in (English in ``--json``)."""
        return in_words(lambda: self._describe(doc, result, setup))

    def _describe(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None = None,
                  setup: MatchSetup | None = None) -> str:
        """With ``result``: the hand's summary (:func:`hand_line`, the pot in the currency of
        ``setup``'s match); without: re-entries, bets and how the hand ended, as entered."""
        currency = setup.options.get("currency") if setup is not None else None
        line = hand_line(result, currency) if isinstance(result, Mapping) else ""
        if line:
            return line
        parts = []
        if doc.get("reentry"):
            parts.append(str(t("trentuno.line_reentry", "re-entry {players}",
                               players=", ".join(split_names(doc["reentry"], "reentry")))))
        bet = doc.get("bet")
        if isinstance(bet, Mapping) and bet.get("players"):
            parts.append(str(t("trentuno.entered_bet", "bet on {number}: {players}", number=str(bet.get("number")),
                               players=", ".join(split_names(bet["players"], "bet")))))
        named = {f: doc.get(f) for f in ENDING_FIELDS if doc.get(f)}
        if named:
            parts.append(Ending(**named).text())
        return "; ".join(parts)


# --- match helpers -------------------------------------------------------------------------------
def _read_stake(opts: dict[str, Any]) -> int:
    has_cents, has_amount = "stake_cents" in opts, "stake" in opts
    if has_cents and has_amount:
        raise LedgerError(t("trentuno.stake_twice", "give the stake once: stake_cents (cents) or stake (an amount like "
                            "0.50)"), "options.stake", opts["stake"])
    if has_amount:
        return parse_money(opts.pop("stake"), "options.stake")
    return parse_cents(opts.pop("stake_cents", DEFAULT_STAKE_CENTS), "options.stake_cents")


def _read_reentry_cost(opts: dict[str, Any], reentry: bool, default: int) -> int:
    if "reentry_cost" in opts and "reentry_cost_cents" in opts:
        raise LedgerError(t("trentuno.cost_twice", "give the re-entry cost once"), "options.reentry_cost",
                          opts["reentry_cost"])
    if "reentry_cost" in opts:
        fld, cost = "options.reentry_cost", parse_money(opts.pop("reentry_cost"), "options.reentry_cost")
    elif "reentry_cost_cents" in opts:
        fld = "options.reentry_cost_cents"
        cost = parse_cents(opts.pop("reentry_cost_cents"), fld)
    else:
        return default
    if not reentry:
        raise LedgerError(t("trentuno.cost_no_reentry", "a re-entry cost needs the re-entry option (reentry=true)"),
                          fld, cost)
    return cost


def _reenter(book: Book, players: list[str], setup: MatchSetup) -> list[str]:
    """Bring ``players`` back with the fewest lives of anyone still in, each paying the re-entry cost."""
    if players:
        floor = min(book.lives[p] for p in book.players_in())
        for p in players:
            book.lives[p] = floor
            book.reentered.append(p)
            book.pay(p, setup.options["reentry_cost_cents"])
    return players


def _pay_lives(book: Book, payers: list[str], final_two: bool) -> list[str]:
    """Each payer loses a life into the pot; after the final two everyone out comes back with one.

    Returns the players who came back (the final two only)."""
    back_in = [p for p in book.order if book.lives[p] == 0] if final_two else []
    for p in payers:
        book.lose_life(p)
    for p in back_in:
        book.lives[p] = 1
    return back_in


def _state_after(book: Book, hands: int) -> MatchState:
    """The state after a hand: finished when one player has lives left, who then wins the pot."""
    alive = book.players_in()
    if len(alive) != 1:
        return book.state(hands)
    winner = alive[0]
    return book.state(hands, _settlement(book, {winner: book.pot}), True, winner)


def _outcome(book: Book, losers: list[str], variant: Variant) -> tuple[bool, bool, list[str]]:
    """``(counts, final_two, payers)``: a hand that would put every player still in out at once
    does not count, except the final two of the 40-card game (RULES.md)."""
    players_in = book.players_in()
    everyone_out = all(p in losers and book.lives[p] == 1 for p in players_in)
    if not everyone_out:
        return True, False, losers
    if variant.bets and len(players_in) == 2:
        return True, True, losers
    return False, False, []


def _settlement(book: Book, won: Mapping[str, int]) -> dict[str, int]:
    """Each player's net: what they won from the pot minus everything they paid (sums to zero)."""
    return {p: won.get(p, 0) - book.paid[p] for p in book.order}


def _who_pays(losers: Sequence[str]) -> Msg:
    if not losers:
        return t("trentuno.nobody_pays", "nobody pays")
    return tn("trentuno.lose_life", "{players} loses a life", "{players} lose a life", len(losers),
              players=names_list(losers))


def names_list(names: Sequence[str]) -> Msg | str:
    """Players in a hand's summary: ``Anna, Carla`` (the English kept as the history's JSON has
    it), ``Anna e Carla`` / ``Anna, Bruno e Carla`` in Italian."""
    if len(names) < 2:
        return "".join(names)
    return t("trentuno.names", "{first}, {last}", first=", ".join(names[:-1]), last=names[-1])


def result_line(result: TrentunoHand, currency: str | None = None) -> str:
    """:func:`hand_line` of a hand's result record."""
    return hand_line(result.to_json(), currency)


def hand_line(data: Mapping[str, Any], currency: str | None = None) -> str:
    """The summary of a hand from its result data (what :meth:`Trentuno.score` or ``apply`` give):
    ``"re-entry Carla; Bruno knocks: Anna, Carla lose a life; Dario wins the pot of 4.50 EUR"`` (the pot's amount when the match's ``currency`` is given). ``""`` for data with no
    ending."""
    ending = Ending(*(data.get(f) if isinstance(data.get(f), str) else None for f in ENDING_FIELDS))
    if not (ending.knocked_by or ending.shown31 or ending.took_widow):
        return ""
    back = data.get("reentry")
    parts: list[Msg] = []
    if isinstance(back, list) and back:
        parts.append(t("trentuno.line_reentry", "re-entry {players}", players=names_list(list(map(str, back)))))
    if data.get("counts") is False:
        parts.append(t("trentuno.line_no_count", "{ending}: the hand does not count (everyone still in would be out); "
                       "deal again", ending=ending.text()))
    else:
        parts.append(t("trentuno.line_paid", "{ending}: {who}", ending=ending.text(),
                       who=_who_pays(list(map(str, data.get("lose_life") or [])))))
    if data.get("final_two"):
        parts.append(t("trentuno.line_final_two", "the final two are out, {players} come back with one life",
                       players=names_list(list(map(str, data.get("back_in") or [])))))
    bet = data.get("bet")
    if isinstance(bet, Mapping) and bet.get("won") and bet.get("drawn"):
        parts.append(t("trentuno.line_bet_won", "{player} wins the bet and re-enters", player=bet["drawn"]))
    if data.get("winner"):
        pot = data.get("pot_cents")
        if currency and isinstance(pot, int):
            parts.append(t("trentuno.line_pot_of", "{player} wins the pot of {amount}", player=data["winner"],
                           amount=Money(pot, currency)))
        else:
            parts.append(t("trentuno.line_pot", "{player} wins the pot", player=data["winner"]))
    return "; ".join(str(p) for p in parts)


# --- entry helpers --------------------------------------------------------------------------------
_ENTRY_WORDS = {
    "knock": "knocked_by", "knocked_by": "knocked_by", "knocked": "knocked_by", "bussa": "knocked_by",
    "busso": "knocked_by", "bussato": "knocked_by",
    "shown31": "shown31", "31": "shown31", "trentuno": "shown31", "show31": "shown31",
    "took_widow": "took_widow", "widow": "took_widow", "vedova": "took_widow",
    "reentry": "reentry", "rientro": "reentry", "reenter": "reentry",
    "bet": "bet", "scommessa": "bet", "drawn": "drawn", "estratto": "drawn", "sorteggiato": "drawn", "seed": "seed",
    "decks": "decks", "mazzi": "decks",
}


def parse_bet_text(text: str) -> dict[str, Any]:
    """``"Carla Dario 17"`` or ``"Carla,Dario:17"`` → ``{"players": [...], "number": "17"}``."""
    words = [w for w in re.split(r"[\s,;:]+", str(text).strip()) if w]
    numbers = [w for w in words if w.isdigit()]
    if len(numbers) != 1:
        raise LedgerError(t("trentuno.bet_text", "a bet is the bettors and one number, e.g. 'Carla Dario 17'"), "bet",
                          text)
    return {"players": [w for w in words if not w.isdigit()], "number": numbers[0]}


def _asked_players(setup: MatchSetup, book: Book | None, doc: Mapping[str, Any]) -> list[str]:
    if book is None:
        return list(setup.players)
    back = {setup.resolve_player(n, "reentry") for n in split_names(doc.get("reentry"), "reentry")}
    return [p for p in setup.players if book.lives[p] > 0 or p in back]


def _way_back_questions(setup: MatchSetup, variant: Variant, book: Book, doc: Mapping[str, Any]) -> list[Question]:
    out = [p for p in book.order if book.lives[p] == 0]
    if not out:
        return []
    if variant.reentry and setup.options.get("reentry") and "reentry" not in doc:
        may = [p for p in out if p not in book.reentered]
        if may:
            return [Question("reentry", str(t("trentuno.ask_reentry", "Re-entries before this hand ({players}; Enter "
                                              "for none)", players=", ".join(may))),
                             _answer_reentry, default="")]
    if variant.bets and "bet" not in doc and len(book.players_in()) >= 3:
        return [Question("bet", str(t("trentuno.ask_bet", "Re-entry bet before this hand: bettors among {players} and "
                                      "the number, e.g. 'Carla Dario 17' (Enter for none)", players=", ".join(out))),
                         _answer_bet, default="")]
    return []


def _answer_reentry(doc: dict[str, Any], text: str) -> dict[str, Any]:
    return {**doc, "reentry": split_names(text, "reentry")}


def _answer_bet(doc: dict[str, Any], text: str) -> dict[str, Any]:
    if not text.strip() or text.strip().lower() in ("none", "no", "-"):
        return {**doc, "bet": None}
    return {**doc, "bet": parse_bet_text(text)}


def _answer_hand(player: str, variant: Variant) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        typed = text.strip()
        if typed.lower() not in OUT_WORDS:
            read_value(typed, f"hands.{player}", variant)
        return {**doc, "hands": {**(doc.get("hands") or {}), player: typed}}
    return answer


def _ask_hand(player: str, tris: bool, may_be_out: bool) -> str:
    """The question for a player's hand: ``"Anna: hand (3 cards, the one-suit total, 'tris R')"``."""
    if tris and may_be_out:
        msg = t("trentuno.ask_hand_tris_out", "{player}: hand (3 cards, the one-suit total, 'tris R', or 'out')",
                player=player)
    elif tris:
        msg = t("trentuno.ask_hand_tris", "{player}: hand (3 cards, the one-suit total, 'tris R')", player=player)
    elif may_be_out:
        msg = t("trentuno.ask_hand_out", "{player}: hand (3 cards, the one-suit total, or 'out')", player=player)
    else:
        msg = t("trentuno.ask_hand", "{player}: hand (3 cards, the one-suit total)", player=player)
    return str(msg)


_ENDING_WORDS = {"knock": "knocked_by", "bussa": "knocked_by", "knocked": "knocked_by", "k": "knocked_by",
                 "31": "shown31", "trentuno": "shown31", "shown31": "shown31",
                 "widow": "took_widow", "vedova": "took_widow"}


def _answer_ending(doc: dict[str, Any], text: str) -> dict[str, Any]:
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if not words or len(words) % 2:
        raise LedgerError(t("trentuno.ending_words", "write e.g. 'knock Bruno' or '31 Carla' or 'knock Bruno 31 Carla'"),
                          "ending", text)
    out = dict(doc)
    for word, name in zip(words[::2], words[1::2]):
        slot = _ENDING_WORDS.get(word.lower())
        if slot is None:
            raise LedgerError(t("trentuno.ending_word", "{word!r}: say knock, 31 or widow", word=word), "ending", text)
        out[slot] = name
    return out


def _drawn_question(setup: MatchSetup, variant: Variant, doc: Mapping[str, Any]) -> Question | None:
    bet = doc.get("bet")
    if not variant.bets or not isinstance(bet, Mapping) or bet.get("drawn") or bet.get("seed"):
        return None
    try:
        names = split_names(bet.get("players"), "bet.players")
        number = as_int(bet.get("number"), "bet.number", 2, 31)
        values = [read_value(v, "hands", variant)[0] for v in (doc.get("hands") or {}).values()
                  if not (isinstance(v, str) and v.strip().lower() in OUT_WORDS)]
    except LedgerError:
        return None
    low = min(values, key=lambda v: v.key) if values else None
    if not names or low is None or low.kind != TOTAL or low.total != number:
        return None
    if len(names) == 1:  # nothing to draw: the one bettor is back (Enter), as the document must say
        return Question("bet.drawn", str(t("trentuno.ask_drawn_one", "{number} came up: {player} is back in [{player}]",
                                           number=number, player=names[0])),
                        _answer_drawn(setup), choices=(names[0],), default=names[0])
    return Question("bet.drawn", str(t("trentuno.ask_drawn", "{number} came up: who was drawn among {players}? "
                                       "('draw' to let the ledger draw, with the seed recorded)", number=number,
                                       players=", ".join(names))),
                    _answer_drawn(setup), choices=tuple(names) + ("draw",))


def _answer_drawn(setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        bet = dict(doc["bet"])
        if text.strip().lower() in DRAW_WORDS:
            names = [setup.resolve_player(n, "bet.players") for n in split_names(bet["players"], "bet.players")]
            bet["seed"] = new_seed()
            bet["drawn"] = draw([p for p in setup.players if p in names], bet["seed"])
        else:
            bet["drawn"] = setup.resolve_player(text, "bet.drawn")
        return {**doc, "bet": bet}
    return answer


# --- the scoreboard ---------------------------------------------------------------------------------
def _money(cents: int | None, setup: MatchSetup) -> str:
    return "" if cents is None else format_money(cents, setup.options["currency"])


_RE, _BACK, _OUT = t("trentuno.mark_re", "re"), t("trentuno.mark_back", "back"), t("trentuno.out", "out")


def _hands_table(setup: MatchSetup, rp: Replay) -> Table:
    cols = [Column("#")] + [Column(p) for p in setup.players]
    cols += [Column(str(t("trentuno.col_pot", "pot {currency}", currency=currency_sign(setup.options["currency"])))),
             Column(str(t("trentuno.col_events", "what happened")), "left", below=True)]
    rows = []
    for i, (res, st) in enumerate(zip(rp.results, rp.states), rp.offset):
        d = res.detail_as(TrentunoResult)
        row = [str(i + 1)]
        for p in setup.players:
            row.append(_lives_cell(p, d, st))
        row += [format_money(d.pot_cents, ""), _event(d)]
        rows.append(tuple(row))
    o = setup.options
    parts = [tn("trentuno.caption_lives", "{n} life at {stake} each", "{n} lives at {stake} each", o["lives"],
                stake=Money(o["stake_cents"], o["currency"]))]
    if o.get("reentry"):
        parts.append(t("trentuno.caption_reentry", "re-entry once for {cost}",
                       cost=Money(o["reentry_cost_cents"], o["currency"])))
    cells = [c for row in rows for c in row[1:1 + len(setup.players)]]
    parts += [text for mark, text in ((_RE, t("trentuno.key_re", "re = re-entered before the hand")),
                                      (_BACK, t("trentuno.key_back", "back = came back after it")))
              if any(c.startswith(f"{mark} ") for c in cells)]
    caption = "; ".join(str(p) for p in parts)
    return Table(str(t("trentuno.hands_title", "Trentuno {rules} — lives after each hand (✗ lost a life)",
                       rules=setup.rules)), tuple(cols), tuple(rows), caption)


def _event(d: TrentunoResult) -> str:
    """A short line for the scoreboard: how the hand ended and what else happened."""
    parts = []
    if d.reentry:
        parts.append(t("trentuno.line_reentry", "re-entry {players}", players=", ".join(d.reentry)))
    if d.shown31 and d.knocked_by:
        parts.append(t("trentuno.event_31_after", "31 {player} after knock {knocker}", player=d.shown31,
                       knocker=d.knocked_by))
    elif d.shown31:
        parts.append(t("trentuno.event_31", "31 {player}", player=d.shown31))
    elif d.took_widow:
        parts.append(t("trentuno.event_widow", "widow {player}", player=d.took_widow))
    else:
        parts.append(t("trentuno.event_knock", "knock {player}", player=d.knocked_by))
    if not d.counts:
        parts.append(t("trentuno.event_no_count", "does not count"))
    if d.final_two:
        parts.append(t("trentuno.event_final_two", "final two: {players} back", players=", ".join(d.back_in)))
    if d.bet and d.bet.won:
        parts.append(t("trentuno.event_bet_won", "bet {number}: {player} back", number=str(d.bet.number),
                       player=d.bet.drawn))
    elif d.bet:
        parts.append(t("trentuno.event_bet_lost", "bet {number}: lost", number=str(d.bet.number)))
    if d.winner:
        parts.append(t("trentuno.event_wins", "{player} wins", player=d.winner))
    return "; ".join(str(p) for p in parts)


def _lives_cell(p: str, d: TrentunoResult, st: MatchState) -> str:
    """Lives after the hand: ``2✗`` lost one, ``out✗`` lost the last, ``re 1`` re-entered before it,
    ``back 1`` came back after it (bet won, final two), ``–`` not playing."""
    lives = st.extra_as(TrentunoState).lives[p]
    if p not in d.values:
        return f"{_BACK} {cell(lives)}" if lives else "–"
    mark = "✗" if p in d.lose_life else ""
    back = f"{_RE} " if p in d.reentry else ""
    return f"{back}{cell(lives) if lives else _OUT}{mark}"


def _money_table(setup: MatchSetup, rp: Replay) -> Table:
    x = rp.final.extra_as(TrentunoState)
    settled = x.settlement
    shares = x.pot_shares or {}
    cols = (Column(str(t("trentuno.col_player", "player")), "left"), Column(str(t("trentuno.col_lives", "lives"))),
            Column(str(t("trentuno.col_status", "status")), "left"), Column(str(t("trentuno.col_paid", "paid"))),
            Column(str(t("trentuno.col_won", "won"))), Column(str(t("trentuno.col_net", "net"))))
    rows = []
    for p in setup.players:
        status = _status(p, rp.final)
        won = shares.get(p, x.pot_cents if rp.final.winner == p and rp.final.finished else None)
        rows.append((p, cell(x.lives[p]), status, _money(x.paid_cents[p], setup),
                     _money(won, setup) if won else "", _money(settled[p], setup) if settled else ""))
    return Table(str(t("trentuno.money_title", "Money — pot {amount}", amount=_money(x.pot_cents, setup))), cols,
                 tuple(rows))


def _status(p: str, st: MatchState) -> str:
    x = st.extra_as(TrentunoState)
    tags = []
    if st.finished and st.winner == p:
        tags.append(t("trentuno.status_winner", "winner"))
    elif x.lives[p] > 0:
        tags.append(t("trentuno.status_in", "in"))
    else:
        tags.append(_OUT)
    if p in x.reentered:
        tags.append(t("trentuno.status_reentered", "re-entered"))
    return ", ".join(str(tag) for tag in tags)


def _notes(setup: MatchSetup, rp: Replay) -> list[str]:
    final = rp.final
    x = final.extra_as(TrentunoState)
    notes = []
    if final.finished:
        notes.append(str(t("trentuno.note_won", "{player} wins the pot of {amount}.", player=final.winner,
                           amount=_money(x.pot_cents, setup))))
    elif x.pot_shares is not None:
        parts = ", ".join(f"{p} {_money(c, setup)}" for p, c in x.pot_shares.items())
        notes.append(str(t("trentuno.note_shared", "Ended early: the pot of {amount} is shared by lives: {shares}.",
                           amount=_money(x.pot_cents, setup), shares=parts)))
    else:
        alive = [p for p in setup.players if x.lives[p] > 0]
        lives = ", ".join(f"{p} ({cell(x.lives[p])})" for p in alive)
        notes.append(str(t("trentuno.note_in_play", "Still in: {players}. Pot {amount}. Next dealer: {dealer}.",
                           players=lives, amount=_money(x.pot_cents, setup), dealer=x.next_dealer)))
    if x.settlement:
        for tr in settle(x.settlement):
            notes.append(str(t("trentuno.note_pays", "{transfer}.", transfer=tr.text(setup.options["currency"]))))
    return notes


GAME = Trentuno()
