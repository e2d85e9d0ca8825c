"""Card notation, the decks in play, and the deck check shared by every game.

Notation (RULES.md, "Conventions for every game"): a card is ``<rank><suit>``.

- rank: ``A 2 3 4 5 6 7 8 9 10 J Q K``; ``T`` is 10; the Italian letters ``R`` (re = K),
  ``D`` (donna = Q) and ``F`` (fante = J) are accepted too, and ``C`` (cavallo = Q) only for
  the 40-card Italian deck.
- suit: ``S H D C`` or ``♠ ♥ ♦ ♣`` (picche, cuori, quadri, fiori). For the 40-card Italian deck
  the traditional correspondence is spade→S, coppe→H, denari→D, bastoni→C; the Italian
  suit words (``7 coppe``, ``re di denari``, ``sette di spade``: ranks also as Italian words,
  ``asso``, ``due`` … ``dieci``, ``fante``, ``cavallo``, ``re``) are understood in any deck.
- a joker is ``JK`` (also ``JOKER``, ``JOLLY``).
- letter case does not matter; cards in one string are separated by spaces or commas.

The canonical form of a card is upper case with ``10`` for ten: ``10S``, ``QH``, ``JK``.
Every parse error is a :class:`ledger.errors.LedgerError` that names the field and the card.
"""

from __future__ import annotations

from typing import Any

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

from ledger.errors import LedgerError
from ledger.i18n import Msg, t, tn

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
NUMERIC_RANKS = RANKS[:10]
FIGURES = ("J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""The suits' English names, as stored in results (``run in hearts``); :func:`suit_name` is the
name a person reads, in the language in use."""
JOKER_RANK = "JK"
_FIGURE_SET = frozenset(FIGURES)
_NUMERIC_SET = frozenset(NUMERIC_RANKS)
_ORDER = {r: i + 1 for i, r in enumerate(RANKS)}

_SUIT_ALIASES = {
    "S": "S", "♠": "S", "♤": "S", "H": "H", "♥": "H", "♡": "H",
    "D": "D", "♦": "D", "♢": "D", "C": "C", "♣": "C", "♧": "C",
}
_SUIT_WORDS = {
    "PICCHE": "S", "SPADE": "S", "SPADES": "S", "CUORI": "H", "COPPE": "H", "HEARTS": "H",
    "QUADRI": "D", "DENARI": "D", "DIAMONDS": "D", "FIORI": "C", "BASTONI": "C", "CLUBS": "C",
}
_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10", "1": "A", "R": "K", "D": "Q", "F": "J"}
_RANK_WORDS = {
    "ASSO": "A", "ACE": "A", "RE": "K", "KING": "K", "DONNA": "Q", "REGINA": "Q", "QUEEN": "Q",
    "CAVALLO": "Q", "FANTE": "J", "JACK": "J",
    # the Italian numbers, as a rank is said at the table ("sette di denari")
    "DUE": "2", "TRE": "3", "QUATTRO": "4", "CINQUE": "5", "SEI": "6", "SETTE": "7", "OTTO": "8",
    "NOVE": "9", "DIECI": "10",
}
_JOKERS = {"JK", "JOKER", "JOLLY", "🃏"}
_NICKNAMES = {"SETTEBELLO": ("7", "D"), "SETTE BELLO": ("7", "D"), "RE BELLO": ("K", "D"), "REBELLO": ("K", "D")}
"""Cards the table calls by a name of their own (the settebello, the re bello: denari's 7 and king)."""
_ITALIAN_SUIT_WORDS = ("denari", "coppe", "bastoni", "spade")
_ALL_SUIT_WORDS = (*_ITALIAN_SUIT_WORDS, "picche", "cuori", "quadri", "fiori", "spades", "hearts", "diamonds", "clubs")
_ALL_RANK_WORDS = ("asso", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "fante",
                   "cavallo", "donna", "re", "ace", "jack", "queen", "king", "settebello", "re bello", "jolly")


class Card(NamedTuple):
    """One card: ``rank`` in :data:`RANKS` (or ``"JK"``), ``suit`` in :data:`SUITS` (``""`` for a joker)."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_figure(self) -> bool:
        """J, Q or K ("figure" in the Italian games)."""
        return self.rank in _FIGURE_SET

    @property
    def is_numeric(self) -> bool:
        """A to 10 (a "numeric" card in Trentasette)."""
        return self.rank in _NUMERIC_SET

    @property
    def order(self) -> int:
        """Ace-low position of the rank: A=1 … 10=10, J=11, Q=12, K=13; joker 0."""
        return _ORDER.get(self.rank, 0)


JOKER = Card(JOKER_RANK, "")

_SUIT_MESSAGES = {
    "S": t("cards.suit.spades", "spades"), "H": t("cards.suit.hearts", "hearts"),
    "D": t("cards.suit.diamonds", "diamonds"), "C": t("cards.suit.clubs", "clubs"),
}


def suit_name(suit: str) -> Msg:
    """The name of ``suit`` (``S H D C``) for a person: ``hearts`` / ``cuori`` (a message, shown in
    the language in use)."""
    return _SUIT_MESSAGES[suit]


def parse_card(text: str, field: str = "card", italian: bool = False) -> Card:
    """Read one card in any accepted notation; raise ``LedgerError`` naming ``field`` and the text.

    ``italian=True`` (the 40-card deck) also reads ``C`` as cavallo when it stands as a rank.
    Readings are cached by text (a replay reads the same few dozen spellings over and over).
    """
    card = _read_card(text, italian) if isinstance(text, str) else _read_card(str(text), italian)
    if isinstance(card, Msg):
        raise LedgerError(card, field, text)
    return card


@lru_cache(maxsize=4096)
def _read_card(raw: str, italian: bool) -> Card | Msg:
    """The card ``raw`` names, or the error message saying why it names none."""
    u = raw.strip().upper()
    if not u:
        return t("cards.empty", "an empty card")
    if u in _JOKERS:
        return JOKER
    nick = _NICKNAMES.get(" ".join(u.split()))
    if nick is not None:
        return Card(*nick)
    words = re.split(r"[\s_]+(?:DI\s+|DE\s+|OF\s+)?", u)
    if len(words) == 2:
        rank = _RANK_ALIASES.get(words[0]) or _RANK_WORDS.get(words[0])
        suit = _SUIT_WORDS.get(words[1]) or _SUIT_ALIASES.get(words[1])
        if rank and suit:
            return Card(rank, suit)
        return t("cards.not_card", "{raw!r} is not a card", raw=raw)
    if u[0] in "♠♤♥♡♦♢♣♧" and len(u) > 1:  # a suit symbol written first: ♠3
        u = u[1:] + u[0]
    suit = _SUIT_ALIASES.get(u[-1])
    rank_text = u[:-1]
    rank = _RANK_ALIASES.get(rank_text)
    if italian and rank_text == "C":
        rank = "Q"
    if rank is None or suit is None:
        if italian:
            return t("cards.unknown_italian", "{raw!r} is not a card (write rank then suit, e.g. 7D, KS, or "
                     "'asso di coppe')", raw=raw)
        return t("cards.unknown", "{raw!r} is not a card (write rank then suit, e.g. 10S, QH, 7♦, or JK)",
                 raw=raw)
    return Card(rank, suit)


def _is_rank(word: str) -> bool:
    u = word.strip().upper()
    return u in _RANK_ALIASES or u in _RANK_WORDS


def _misread(items: Sequence[str], i: int, italian: bool) -> Msg | None:
    """Why ``items[i]`` is no card when a word of it looks mistyped, with the nearest right word
    of the deck in play (Italian suits only for the 40-card deck): ``7 di denri`` →
    ``'denri': did you mean 'denari'?``; a rank alone followed by a word (``7``, ``denri``) the
    same. None when no word is near one (the plain message then)."""
    from ledger.games.suggest import nearest

    suits = _ITALIAN_SUIT_WORDS if italian else _ALL_SUIT_WORDS
    words = [w for w in re.split(r"[\s_]+", items[i].strip()) if w.upper() not in ("DI", "DE", "OF")]
    if len(words) == 1 and _is_rank(words[0]) and i + 1 < len(items) and items[i + 1].isalpha():
        words = [words[0], items[i + 1]]  # "7" then "denri": the suit typed apart
    if len(words) == 2 and _is_rank(words[0]) and words[1].upper() not in _SUIT_WORDS:
        near = nearest(words[1], suits)
        return None if near is None else t("cards.word_near", "{word!r}: did you mean {near!r}?", word=words[1],
                                           near=near)
    if len(words) in (1, 2) and words[0].isalpha() and len(words[0]) > 2 and not _is_rank(words[0]):
        near = nearest(" ".join(words[:1]) if len(words) == 2 else words[0], _ALL_RANK_WORDS)
        return None if near is None else t("cards.word_near", "{word!r}: did you mean {near!r}?", word=words[0],
                                           near=near)
    return None


_SEPARATORS = re.compile(r"[\s,;]+")
_WORDS = frozenset(_SUIT_WORDS) | frozenset(_RANK_WORDS) | {"DI", "DE", "OF", "BELLO"}  # words of "7 di coppe"


def parse_cards(value: object, field: str = "cards", italian: bool = False) -> list[Card]:
    """Read a list of card strings, or one string of cards separated by spaces or commas.

    Returns the cards in the order given. Raises ``LedgerError`` naming ``field`` (with the
    index of the bad card) for a value that is neither, or for any card that cannot be read.
    """
    if isinstance(value, list) or (isinstance(value, str) and "," not in value and ";" not in value):
        try:  # cards seen before: a lookup each
            return list(map(_CODES[italian].__getitem__, value.split() if isinstance(value, str) else value))
        except (KeyError, TypeError):  # a text not seen (or no text at all): read as below
            pass
    if isinstance(value, str):
        items: Sequence[Any] = _split_cards(value)
    elif isinstance(value, list):
        items = value
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise LedgerError(t("cards.not_card", "{raw!r} is not a card", raw=item), f"{field}[{i}]", item)
    else:
        raise LedgerError(t("cards.not_list", "expected a list of cards or a string of cards, got {value!r}",
                            value=value), field, value)
    read = [_read_card(item, italian) for item in items]  # each reading cached: no loop of our own
    if Msg in set(map(type, read)):  # a reading that failed: its message, naming the first such card
        i, why = next((i, c) for i, c in enumerate(read) if isinstance(c, Msg))
        raise LedgerError(_misread(items, i, italian) or why, f"{field}[{i}]", items[i])
    _remember(items, read, _CODES[italian])  # type: ignore[arg-type]  # only cards (as below)
    return read  # type: ignore[return-value]  # no message among them: only cards


_CODES: tuple[dict[str, Card], dict[str, Card]] = ({}, {})
"""Each text read as one card before (``8H``, ``10c``), by ``italian``: what :func:`parse_cards`
looks up first for a list of texts, or a text that holds no comma or semicolon (cut by
``str.split``: what :func:`_split_cards` does to such a text). A word of :data:`_WORDS` is never
kept (none is a card on its own, and :func:`_split_cards` joins it to the words before it)."""
_MOST_CODES = 4096


def _remember(items: Sequence[str], cards: Sequence[Card], codes: dict[str, Card]) -> None:
    """Keep the readings of ``items`` (all cards) in ``codes``, up to :data:`_MOST_CODES` texts."""
    for item, card in zip(items, cards):
        if item not in codes and len(codes) < _MOST_CODES and item.upper() not in _WORDS and " " not in item:
            codes[item] = card


@lru_cache(maxsize=1024)
def _split_cards(value: str) -> tuple[str, ...]:
    """A string of cards cut into one text per card (Italian "7 di coppe" kept together)."""
    items = [w for w in _SEPARATORS.split(value.strip()) if w]
    # rejoin Italian "7 di coppe" style words: only when the plain reading fails
    if not _WORDS.isdisjoint(map(str.upper, items)):  # some item is a suit's or rank's word
        items = _join_words(items)
    return tuple(items)


def _join_words(items: list[str]) -> list[str]:
    """Group ``["7", "di", "coppe"]`` into ``["7 di coppe"]``; other tokens stay as they are."""
    out: list[str] = []
    i = 0
    while i < len(items):
        w = items[i]
        nxt = [x.upper() for x in items[i + 1:i + 3]]
        if nxt and f"{w.upper()} {nxt[0]}" in _NICKNAMES:  # "re bello"
            out.append(f"{w} {items[i + 1]}")
            i += 2
            continue
        if nxt and nxt[0] in ("DI", "DE", "OF") and len(nxt) > 1 and (nxt[1] in _SUIT_WORDS or _is_rank(w)):
            out.append(f"{w} {items[i + 1]} {items[i + 2]}")  # as typed: "7 di coppe"
            i += 3
        elif nxt and nxt[0] in _SUIT_WORDS:
            out.append(f"{w} {items[i + 1]}")
            i += 2
        else:
            out.append(w)
            i += 1
    return out


def typed_names(value: object, italian: bool = False) -> dict[Card, str]:
    """The cards of ``value`` (text or a list, as :func:`parse_cards` takes it) that were written
    in words, each as typed: ``"8 di denari, 7S"`` → ``{8D: "8 di denari"}`` (a card written as
    its code is named by its code anyway). For :meth:`Deck.check`'s messages."""
    if (type(value) is str and "," not in value and ";" not in value
            and _WORDS.isdisjoint(map(str.upper, value.split()))):
        return {}  # cut at its spaces, and no word joined to another (:func:`_split_cards`): no card in words
    items = _split_cards(value) if isinstance(value, str) else value if isinstance(value, list) else ()
    out: dict[Card, str] = {}
    for item in items:
        if isinstance(item, str) and " " in item.strip():
            card = _read_card(item, italian)
            if isinstance(card, Card):
                out.setdefault(card, re.sub(r"\s+", " ", item.strip()))
    return out


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical notation, separated by single spaces."""
    return " ".join([rank + suit for rank, suit in cards])


@dataclass(frozen=True)
class Deck:
    """The cards in play: ``counts`` maps each card to how many copies exist.

    ``name`` is the phrase used in messages ("the 52-card French deck", a message shown in the
    language in use); ``bare`` the same without its article ("52-card French deck"), for
    :func:`multiple`.
    """

    name: Msg
    counts: dict[Card, int]
    bare: Msg | None = None

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def cards(self) -> list[Card]:
        """Every physical card of the deck, in a stable order (suits S H D C, ranks A to K, jokers last)."""
        return list(self._cards)

    def total(self, value: Callable[[Card], int]) -> int:
        """Every card of the deck counted by ``value`` (a game's card points: the most that a
        hand's counted points can reach; 1080 for Burraco's 108 cards)."""
        return sum(value(card) * n for card, n in self.counts.items())

    def count(self, which: Callable[[Card], bool]) -> int:
        """How many cards of the deck ``which`` holds true of (its wild cards: 12 in two decks
        with four jokers, the jokers and the twos)."""
        return sum(n for card, n in self.counts.items() if which(card))

    @cached_property
    def _fewest(self) -> int:
        """The copies of the deck's scarcest card (1 in a single deck; 2 in two decks with four jokers)."""
        return min(self.counts.values())

    @cached_property
    def _cards(self) -> tuple[Card, ...]:
        return tuple(card for card, n in self.counts.items() for _ in range(n))

    def holds(self, cards: Sequence[Card]) -> bool:
        """Whether :meth:`check` lets ``cards`` through (every card in the deck, none more often
        than its copies), answered without counting them when no card is there twice: a replay
        asks it of every hand, and calls :meth:`check` only for the message when it is False."""
        distinct = set(cards)
        if len(distinct) == len(cards):
            return distinct <= self._in_deck
        seen = Counter(cards)
        if seen.keys() <= self._in_deck and max(seen.values()) <= self._fewest:
            return True
        counts = self.counts
        return all(n <= counts.get(card, 0) for card, n in seen.items())

    @cached_property
    def _in_deck(self) -> frozenset[Card]:
        return frozenset(card for card, n in self.counts.items() if n > 0)

    def check(self, cards: Iterable[Card], field: str = "cards", typed: Mapping[Card, str] | None = None) -> Counter[Card]:
        """Check that every card exists in this deck and no card appears more often than it holds.

        Returns the ``Counter`` of the cards. Raises ``LedgerError`` naming ``field`` and the
        first impossible card, or the card that appears too often with both counts; the card is
        named as the user wrote it when ``typed`` has it (:func:`typed_names`: ``8 di denari``),
        else by its code (``8D``).
        """
        seen = Counter(cards)
        counts = self.counts
        if seen.keys() <= counts.keys() and (not seen or max(seen.values()) <= self._fewest):
            return seen  # every card in the deck, none more often than any card's copies: nothing to name
        for card, n in seen.items():
            allowed = counts.get(card, 0)
            if 0 < n <= allowed:
                continue
            name = (typed or {}).get(card) or str(card)
            if allowed == 0:
                msg = (t("cards.no_jokers", "jokers not in {deck}", deck=self.name) if card.is_joker
                       else t("cards.not_in_deck", "{card} not in {deck}", card=name, deck=self.name))
                raise LedgerError(msg, field, str(card))
            if n > allowed:
                raise LedgerError(tn("cards.too_many", "{card} appears {times} times, but there is only one in {deck}",
                                     "{card} appears {times} times, but there are only {n} in {deck}", allowed,
                                     card=name, times=n, deck=self.name), field, str(card))
        return seen


def _suited(ranks: Iterable[str], copies: int = 1) -> dict[Card, int]:
    return {Card(r, s): copies for s in SUITS for r in ranks}


FRENCH_52 = Deck(t("cards.deck.french", "the 52-card French deck"), _suited(RANKS),
                 t("cards.deck.french_bare", "52-card French deck"))
ITALIAN_40 = Deck(t("cards.deck.italian", "the 40-card Italian deck"),
                  _suited(("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")),
                  t("cards.deck.italian_bare", "40-card Italian deck"))
TWO_DECKS_FOUR_JOKERS = Deck(t("cards.deck.two_jokers", "two 52-card decks with four jokers"),
                             _suited(RANKS, 2) | {JOKER: 4})
THREE_DECKS_SIX_JOKERS = Deck(t("cards.deck.three_jokers", "three 52-card decks with six jokers"),
                              _suited(RANKS, 3) | {JOKER: 6})


def multiple(deck: Deck, n: int, name: Msg | None = None) -> Deck:
    """``n`` copies of ``deck`` shuffled together (e.g. the 40-card game played with two decks)."""
    return Deck(name or t("cards.deck.copies", "{n} × {deck}", n=n, deck=deck.bare or deck.name),
                {c: k * n for c, k in deck.counts.items()})
