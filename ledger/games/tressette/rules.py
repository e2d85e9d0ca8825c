"""Tressette: the points of a hand and of a match (RULES.md "Tressette (no seed)"). Pure: no I/O.

A hand reaches these rules already read (:mod:`ledger.games.tressette.document` reads the JSON
document and the words of the table): each side's captured pile reduced to its aces and thirds
(:class:`Pile`), the side with the last trick, the card taken out in the 3-player game, and
the accusi each side declared (:class:`Accuso`). What this module checks is what needs the hand
as a whole: the counts add up to the deck, the last trick's pile is not empty, and the accusi
fit together (no declaration twice, no two of one rank, no card needed by two sides, no side
needing more cards than its players hold).

Points [TR-SPZ], [TR-GS]: each ace 1, each 3, 2, K, Q, J a third, the last trick 1, the thirds
counted in threes and the remainder dropped; napoletana 3, three aces, 2s or 3s 3, all four 4,
voided by a cappotto (no card points at all) when ``cappotto_voids_accusi`` is on. The match
goes to ``target`` (31 with accusi, 21 without): the side alone highest at the end of a hand in
which some side is at or over it wins; with ``cappotto_wins`` a side making all 11 card points
against 0 wins at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from ledger.cards import Card
from ledger.errors import LedgerError
from ledger.games.results import Item
from ledger.games.tressette.records import TressetteResult
from ledger.i18n import t

ACES_IN_DECK, THIRDS_IN_DECK = 4, 20
THIRD_RANKS = frozenset({"2", "3", "J", "Q", "K"})  # the cards worth a third of a point
ACCUSO_RANKS = ("A", "2", "3")  # only aces, 2s and 3s make declarations [TR-ORG]
SUITS = ("D", "H", "C", "S")  # denari, coppe, bastoni, spade
CARDS_HELD = {2: 10, 3: 13, 4: 10}  # players at the table → cards a player's declarations may use
TARGETS = {True: 31, False: 21}  # the default target, with and without accusi
ALL_CARD_POINTS = 11  # what two sides share in a hand: 10 from the cards, 1 the last trick
LAST_TRICK_POINTS = 1


class Kind(str, Enum):
    """The two kinds of declaration: a napoletana (A, 2, 3 of one suit) and a buongioco (three
    or four cards of one rank among A, 2, 3)."""

    NAPOLETANA = "napoletana"
    BUONGIOCO = "buongioco"


class Accuso(NamedTuple):
    """One declaration: a napoletana of ``suit`` (``rank`` is ``"A"``), or a buongioco of
    ``rank`` whose missing suit is ``suit`` (None: all four)."""

    kind: Kind
    rank: str
    suit: str | None

    @property
    def cards(self) -> frozenset[Card]:
        """The cards the declaration shows."""
        if self.kind is Kind.NAPOLETANA:
            return frozenset(Card(r, self.suit or "") for r in ACCUSO_RANKS)
        return frozenset(Card(self.rank, s) for s in SUITS if s != self.suit)

    @property
    def points(self) -> int:
        """3 for a napoletana or three of a rank, 4 for all four [TR-BG], [TR-ORG]."""
        return 4 if self.kind is Kind.BUONGIOCO and self.suit is None else 3

    @property
    def name(self) -> str:
        """As a document writes it: ``napoletana H``, ``buongioco 3 -H``, ``buongioco A``."""
        if self.kind is Kind.NAPOLETANA:
            return f"napoletana {self.suit}"
        return f"buongioco {self.rank}" + (f" -{self.suit}" if self.suit else "")


class Declared(NamedTuple):
    """An accuso as a side declared it: by ``player`` when said (None: the side's), and the
    ``field`` of the document it was read from (``accusi.NS[0]``), for the errors."""

    accuso: Accuso
    player: str | None
    field: str


class Pile(NamedTuple):
    """What scoring knows of a side's captured pile: its aces (0-4) and thirds (0-20), and the
    number of its cards when given card by card (None when given as counts)."""

    aces: int
    thirds: int
    size: int | None = None


class Hand(NamedTuple):
    """One hand read from its document: each side's :class:`Pile` (in the document's order),
    the side with the ``last_trick``, the ``removed`` card (3 players) and each side's accusi;
    ``fields`` gives each side's path in the document (``sides.Anna``)."""

    piles: Mapping[str, Pile]
    last_trick: str
    accusi: Mapping[str, tuple[Declared, ...]]
    fields: Mapping[str, str]
    removed: Card | None = None


class Seating(NamedTuple):
    """Who played the hand, as far as it is known: ``players`` at the table (2, 3 or 4; a lone
    document of two sides says 2: its piles need only be even), and ``members`` of each side
    when a match names them (empty for a lone document)."""

    players: int
    members: Mapping[str, tuple[str, ...]] = {}

    @property
    def per_player(self) -> int:
        """The cards one player's declarations may use: 10, or 13 with 3 players."""
        return CARDS_HELD.get(self.players, 10)


class Options(NamedTuple):
    """The rules a hand or a match is played with (RULES.md "Tressette"): ``accusi`` on or off,
    ``cappotto_voids_accusi``, ``cappotto_wins`` (a match won at once) and the ``target``."""

    accusi: bool = True
    cappotto_voids_accusi: bool = True
    cappotto_wins: bool = False
    target: int = 31


@dataclass(frozen=True)
class Standing:
    """A match after some hands: ``hands`` played, each side's ``totals``, ``card_points`` and
    ``accusi`` (what the totals came from), whether it is ``finished`` and its ``winner``."""

    hands: int
    totals: Mapping[str, int]
    card_points: Mapping[str, int]
    accusi: Mapping[str, int]
    finished: bool = False
    winner: str | None = None


def start(sides: tuple[str, ...]) -> Standing:
    """The standing before the first hand: every total 0."""
    zero = dict.fromkeys(sides, 0)
    return Standing(0, zero, zero, zero)


# --- the checks of a whole hand -------------------------------------------------------------------
def check_hand(hand: Hand, seating: Seating, options: Options) -> None:
    """Every impossible input of RULES.md "Tressette" that needs the hand as a whole: counts not
    adding up to 4 aces and 20 thirds, a pile size that is not a multiple of the players, an
    empty last-trick pile, and the accusi (:func:`check_accusi`). ``LedgerError`` naming the field."""
    for side, pile in hand.piles.items():
        if pile.size is not None and pile.size % seating.players:
            raise LedgerError(t("tressette.pile_multiple", "a pile of {size} cards: with {players} players every "
                                "pile is a multiple of {players}", size=pile.size, players=seating.players),
                              hand.fields[side], pile.size)
    aces = sum(p.aces for p in hand.piles.values())
    thirds = sum(p.thirds for p in hand.piles.values())
    if aces != ACES_IN_DECK:
        raise LedgerError(t("tressette.aces_sum", "the piles hold {n} aces, not 4", n=aces), "sides", aces)
    if thirds != THIRDS_IN_DECK:
        raise LedgerError(t("tressette.thirds_sum", "the piles hold {n} thirds (3s, 2s and figures), not 20",
                            n=thirds), "sides", thirds)
    if hand.piles[hand.last_trick].size == 0:
        raise LedgerError(t("tressette.last_empty", "{side} took the last trick but has an empty pile",
                            side=hand.last_trick), "last_trick", hand.last_trick)
    check_accusi(hand.accusi, seating, options)


def check_accusi(accusi: Mapping[str, tuple[Declared, ...]], seating: Seating, options: Options) -> None:
    """The declarations of a hand fit together (RULES.md "Tressette", impossible input): none
    when ``accusi`` is off; no declaration twice; no two declarations of one rank; no card needed
    by two sides, nor by two players of one side; no side or player needing more cards than its
    players hold. ``LedgerError`` on the declaration's field."""
    every = [d for declared in accusi.values() for d in declared]
    if every and not options.accusi:
        d = every[0]
        raise LedgerError(t("tressette.accusi_off", "this hand is played without accusi"), d.field, d.accuso.name)
    seen: dict[Accuso, Declared] = {}
    ranks: dict[str, Declared] = {}
    for d in every:
        if d.accuso in seen:
            raise LedgerError(t("tressette.accuso_twice", "{accuso} is declared twice", accuso=d.accuso.name),
                              d.field, d.accuso.name)
        seen[d.accuso] = d
        if d.accuso.kind is Kind.BUONGIOCO:
            if d.accuso.rank in ranks:
                raise LedgerError(t("tressette.rank_twice", "{accuso} and {other}: two declarations of the same rank "
                                    "share cards", accuso=d.accuso.name, other=ranks[d.accuso.rank].accuso.name),
                                  d.field, d.accuso.name)
            ranks[d.accuso.rank] = d
    owner: dict[Card, tuple[str, Declared]] = {}
    for side, declared in accusi.items():
        for d in declared:
            for card in sorted(d.accuso.cards):
                _check_owner(card, side, d, owner.setdefault(card, (side, d)))
        _check_held(side, declared, seating)


def _check_owner(card: Card, side: str, d: Declared, first: tuple[str, Declared]) -> None:
    """``card`` of ``d`` (``side``'s) is held by whoever holds it in ``first``: the same side,
    and the same player when both declarations say who declared them. The error names each
    declaration's player when it was said, else its side."""
    other_side, other = first
    if other_side != side:
        raise LedgerError(t("tressette.card_two_sides", "{card} is needed by {accuso} of {side} and by {other} of "
                            "{other_side}", card=str(card), accuso=d.accuso.name, side=d.player or side,
                            other=other.accuso.name, other_side=other.player or other_side), d.field, d.accuso.name)
    if d.player and other.player and d.player != other.player:
        raise LedgerError(t("tressette.card_two_players", "{card} is needed by {accuso} of {player} and by {other} "
                            "of {other_player}", card=str(card), accuso=d.accuso.name, player=d.player,
                            other=other.accuso.name, other_player=other.player), d.field, d.accuso.name)


def _check_held(side: str, declared: tuple[Declared, ...], seating: Seating) -> None:
    """A side's (and each named player's) declarations need no more cards than are held: 10
    (13 with 3 players) a player, times the side's players when a match names them."""
    players = len(seating.members.get(side, ())) or (1 if seating.players in (2, 3) else 2)
    groups: dict[str | None, set[Card]] = {None: set()}
    for d in declared:
        groups[None] |= d.accuso.cards
        if d.player:
            groups.setdefault(d.player, set()).update(d.accuso.cards)
    for who, cards in groups.items():
        most = seating.per_player * (players if who is None else 1)
        if len(cards) > most:
            last = declared[-1]
            raise LedgerError(t("tressette.too_many_cards", "the accusi of {who} need {n} cards, more than the {most} "
                                "they hold", who=who or side, n=len(cards), most=most), last.field,
                              [d.accuso.name for d in declared])


# --- points ---------------------------------------------------------------------------------------
def card_points(pile: Pile, last_trick: bool) -> tuple[int, int]:
    """A pile's card points and the thirds dropped: ``floor((3 × aces + thirds) / 3)``, + 1 with
    the last trick [TR-SPZ]. ``Pile(3, 12)`` with the last trick → ``(8, 0)``."""
    whole, dropped = divmod(3 * pile.aces + pile.thirds, 3)
    return whole + (LAST_TRICK_POINTS if last_trick else 0), dropped


def score(hand: Hand, options: Options) -> TressetteResult:
    """The points of a hand already checked (:func:`check_hand`): per side its card points, its
    accusi (none after a cappotto when ``cappotto_voids_accusi``) and their sum, with the items
    they came from (FORMATS.md "Tressette hand document")."""
    points: dict[str, int] = {}
    cards: dict[str, int] = {}
    declared: dict[str, int] = {}
    items: dict[str, tuple[Item, ...]] = {}
    for side, pile in hand.piles.items():
        took_last = side == hand.last_trick
        cards[side], dropped = card_points(pile, took_last)
        void = cards[side] == 0 and options.cappotto_voids_accusi
        accusi = hand.accusi.get(side, ())
        declared[side] = 0 if void else sum(d.accuso.points for d in accusi)
        points[side] = cards[side] + declared[side]
        items[side] = _items(pile, took_last, dropped, accusi, void)
    return TressetteResult(points, items, cards, declared, str(hand.removed) if hand.removed else None)


def _items(pile: Pile, took_last: bool, dropped: int, accusi: tuple[Declared, ...], void: bool) -> tuple[Item, ...]:
    whole = (3 * pile.aces + pile.thirds) // 3
    out = [Item(f"card points: {pile.aces} aces, {pile.thirds} thirds = {3 * pile.aces + pile.thirds} thirds", whole)]
    if dropped:
        out.append(Item(f"remainder dropped: {dropped} thirds", 0))
    if took_last:
        out.append(Item("last trick", LAST_TRICK_POINTS))
    for d in accusi:
        who = f" ({d.player})" if d.player else ""
        out.append(Item(f"{d.accuso.name}{who} void: cappotto", 0) if void else Item(d.accuso.name + who,
                                                                                        d.accuso.points))
    return tuple(out)


# --- a match --------------------------------------------------------------------------------------
def apply(options: Options, standing: Standing, result: TressetteResult) -> Standing:
    """The standing after a hand scored ``result``: the totals grow by its points; the match
    ends as RULES.md says (:func:`outcome`). A hand after the match is won is a ``LedgerError``."""
    if standing.finished:
        raise LedgerError(t("tressette.over", "the match is over: no more hands"), "hand", None)
    totals = {s: n + result.points.get(s, 0) for s, n in standing.totals.items()}
    cards = {s: n + result.card_points.get(s, 0) for s, n in standing.card_points.items()}
    accusi = {s: n + result.accusi.get(s, 0) for s, n in standing.accusi.items()}
    finished, winner = outcome(options, totals, result.card_points)
    return Standing(standing.hands + 1, totals, cards, accusi, finished, winner)


def outcome(options: Options, totals: Mapping[str, int], hand_cards: Mapping[str, int]) -> tuple[bool, str | None]:
    """Whether the match ends after a hand, and who wins: with ``cappotto_wins``, a side that
    made all 11 card points against 0 at once [TR-SPZ]; else, once some side is at or over the
    target, the side alone highest (equal highest: play on)."""
    if options.cappotto_wins and len(hand_cards) == 2:
        full = [s for s, n in hand_cards.items() if n == ALL_CARD_POINTS]
        if full and min(hand_cards.values()) == 0:
            return True, full[0]
    if max(totals.values()) < options.target:
        return False, None
    leader = alone_highest(totals)
    return leader is not None, leader


def alone_highest(totals: Mapping[str, int]) -> str | None:
    """The side alone with the highest total, None when the highest are equal (a match ended
    early is won by it, or by nobody)."""
    best = max(totals.values(), default=0)
    top = [s for s, n in totals.items() if n == best]
    return top[0] if len(top) == 1 else None
