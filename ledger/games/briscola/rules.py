"""Briscola's rules, pure and typed (RULES.md "Briscola", "... how to read them"; FORMATS.md
"Briscola hand documents", "Briscola match documents").

- Card points: asso 11, tre 10, re 4, cavallo 3, fante 2, the others 0: 120 in the deck.
- ``classica``: 2 sides (two players, or two pairs) or 3 players with one 2 out of the deck (39
  cards). A hand is each side's card points: 61 wins with two sides, 60-60 is a draw (or goes to
  the side that took the last trick with ``tie_last_trick``); with three the unique highest wins.
  The match: first side to ``wins`` hand wins (2), or the most hand wins after ``hands`` hands.
- ``chiamata``: 5 players (6 with the dealer sitting out). The caller bids 61-120, calls a card,
  its holder is his partner (himself: he plays alone). Points per player, zero-sum: made +2/+1/-1
  (alone +4/-1), lost the reverse; the cappotto doubles, the optional bid multiplier multiplies.

Everything here reads typed values (:class:`ClassicaHand`, :class:`ChiamataHand`) and gives typed
results; the documents are read into them by :mod:`ledger.games.briscola.hand`. Every refusal
is a :class:`~ledger.errors.LedgerError` naming the field path and the value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from ledger.cards import ITALIAN_40, Card, Deck
from ledger.errors import LedgerError
from ledger.games.scopa.rules import unique_most
from ledger.i18n import t, tn

CARD_POINTS: Mapping[str, int] = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
"""Card points by rank [BR-SCR]; every other rank counts 0."""
COUNTING_RANKS = ("A", "3", "K", "Q", "J")
DECK_POINTS = 120
TO_WIN = 61  # card points that win a hand with two sides, and the lowest bid
IMPOSSIBLE_POINTS = frozenset({1, 119})  # no set of cards is worth 1 (the lowest that counts is 2)
DEFAULT_REMOVED = Card("2", "H")  # the 2 of coppe, out of the deck with three players [BR-WIKI]
DEFAULT_WINS = 2
CHIAMATA_PLAYERS = 5
BID_STEPS = ((70, 1), (80, 2), (90, 3), (100, 4), (120, 5))  # highest bid of each step → its multiplier


class RuleSet(str, Enum):
    """The two rule sets: ``classica`` (the default) and ``chiamata``."""

    CLASSICA = "classica"
    CHIAMATA = "chiamata"


def card_points(cards: Sequence[Card]) -> int:
    """The card points of a pile (0 to 120)."""
    return sum(CARD_POINTS.get(c.rank, 0) for c in cards)


def points_by_rank(cards: Sequence[Card]) -> tuple[tuple[str, int], ...]:
    """A pile's card points rank by rank, the counting ranks only: ``(("A", 22), ("3", 10))``."""
    out = []
    for rank in COUNTING_RANKS:
        n = sum(1 for c in cards if c.rank == rank)
        if n:
            out.append((rank, n * CARD_POINTS[rank]))
    return tuple(out)


def deck_for(sides: int, removed: Card | None) -> Deck:
    """The deck of a hand: the 40 cards, less ``removed`` with three sides (39 cards)."""
    if sides != 3 or removed is None:
        return ITALIAN_40
    counts = {c: n for c, n in ITALIAN_40.counts.items() if c != removed}
    return Deck(t("briscola.deck_39", "the 39-card deck without {card}", card=str(removed)), counts)


def check_removed(card: Card, field: str = "removed") -> Card:
    """The 2 out of the deck with three players: any 2 of the four suits."""
    if card.rank != "2" or card not in ITALIAN_40.counts:
        raise LedgerError(t("briscola.removed_not_two", "the card out of the deck must be a 2, not {card}",
                            card=str(card)), field, str(card))
    return card


def check_points(value: int, field: str) -> int:
    """A side's card points as counted: whole, 0 to 120, never 1 or 119 (no cards make them)."""
    if not 0 <= value <= DECK_POINTS:
        raise LedgerError(t("briscola.points_range", "{value} card points: a hand has 0 to 120", value=value),
                          field, value)
    if value in IMPOSSIBLE_POINTS:
        raise LedgerError(t("briscola.points_impossible", "{value} card points cannot be made (no card is worth 1)",
                            value=value), field, value)
    return value


def check_pile_size(size: int, players: int, field: str, shown: str) -> None:
    """Every trick gives one card from each player: a pile holds a multiple of ``players`` cards."""
    if size % players:
        raise LedgerError(tn("briscola.pile_size", "{n} card: with {players} players a pile holds a multiple of "
                             "{players} (one card from each in every trick)", "{n} cards: with {players} players a "
                             "pile holds a multiple of {players} (one card from each in every trick)", size,
                             players=players), field, shown)


# --- classica ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ClassicaOptions:
    """The match options of ``classica``: first to ``wins`` hand wins, or the most after ``hands``
    hands (exactly one of the two is set); ``tie_last_trick``: a 60-60 goes to the last trick."""

    wins: int | None = DEFAULT_WINS
    hands: int | None = None
    tie_last_trick: bool = False


@dataclass(frozen=True)
class ClassicaHand:
    """One hand of ``classica`` read and checked: each side's card points (in the sides' order),
    the cards of each side known as a pile (the rest's too: worked out), the side that took the
    last trick (or None) and the side entered as ``rest`` (or None)."""

    points: Mapping[str, int]
    piles: Mapping[str, tuple[Card, ...]]
    last_trick: str | None = None
    rest: str | None = None


@dataclass(frozen=True)
class ClassicaOutcome:
    """What a hand of ``classica`` gave: each side's points, the winner (None: a draw) and per
    side its points by rank (a side given as a number: its number alone)."""

    points: Mapping[str, int]
    winner: str | None
    by_rank: Mapping[str, tuple[tuple[str, int], ...]]


def classica_winner(points: Mapping[str, int], tie_last_trick: bool, last_trick: str | None,
                    field: str = "last_trick") -> str | None:
    """The side that wins a hand: with two sides the one with 61 or more, a 60-60 a draw (None) or,
    with ``tie_last_trick``, ``last_trick`` (required then); with three the unique highest."""
    alone = unique_most(points)
    if alone is not None:
        return alone
    if len(points) == 2 and tie_last_trick:
        if last_trick is None:
            raise LedgerError(t("briscola.last_trick_needed", "60-60 with tie_last_trick: say who took the last "
                                "trick"), field, None)
        return last_trick
    return None


def score_classica(hand: ClassicaHand, options: ClassicaOptions) -> ClassicaOutcome:
    """Score one hand of ``classica`` (RULES.md "Briscola": hand result)."""
    winner = classica_winner(hand.points, options.tie_last_trick, hand.last_trick)
    by_rank = {s: points_by_rank(hand.piles[s]) if s in hand.piles else (("counted", p),)
               for s, p in hand.points.items()}
    return ClassicaOutcome(dict(hand.points), winner, by_rank)


@dataclass(frozen=True)
class ClassicaTally:
    """A ``classica`` match after some hands: hand wins per side, draws and hands played."""

    wins: Mapping[str, int]
    draws: int
    hands: int


def classica_apply(options: ClassicaOptions, tally: ClassicaTally, winner: str | None) -> tuple[ClassicaTally, bool, str | None]:
    """The match after a hand won by ``winner`` (None: a draw): the new tally, whether the match is
    over and who won it (RULES.md "Match (classica)")."""
    wins = dict(tally.wins)
    if winner is not None:
        wins[winner] += 1
    after = ClassicaTally(wins, tally.draws + (winner is None), tally.hands + 1)
    if options.hands is None:
        target = options.wins or DEFAULT_WINS
        done = [s for s, n in wins.items() if n >= target]
        return after, bool(done), done[0] if done else None
    if after.hands < options.hands:
        return after, False, None
    ahead = most(wins)
    return after, ahead is not None, ahead


most = unique_most
"""The side (or player) alone highest, None when the highest are equal (RULES.md "Ties")."""


# --- chiamata ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChiamataOptions:
    """The options of ``chiamata``: ``hands`` (a fixed number, None: the scorekeeper ends the
    match), ``cappotto_double`` (on), ``bid_multiplier`` (off), ``stake_cents`` per point (0: no
    money) and its ``currency``."""

    hands: int | None = None
    cappotto_double: bool = True
    bid_multiplier: bool = False
    stake_cents: int = 0
    currency: str = "EUR"


@dataclass(frozen=True)
class ChiamataHand:
    """One hand of ``chiamata`` read and checked: the 5 ``players`` who played it (in seat
    order), the ``caller``, his ``partner`` (the caller himself when he called his own card), the
    ``bid`` (61-120), the ``called`` card and the card points of the caller's side."""

    players: tuple[str, ...]
    caller: str
    partner: str
    bid: int
    called: Card
    caller_points: int

    @property
    def alone(self) -> bool:
        return self.caller == self.partner


@dataclass(frozen=True)
class ChiamataOutcome:
    """What a hand of ``chiamata`` gave: each player's points (zero-sum), whether the contract was
    made, whether the caller played alone, and the multiplier applied (cappotto × bid)."""

    points: Mapping[str, int]
    made: bool
    alone: bool
    multiplier: int


def bid_multiplier(bid: int) -> int:
    """1 for a bid of 61-70, 2 for 71-80, 3 for 81-90, 4 for 91-100, 5 for 101-120 [BC-RDG]."""
    return next(m for top, m in BID_STEPS if bid <= top)


def check_bid(bid: int, field: str = "bid") -> int:
    """A bid is 61 to 120 card points."""
    if not TO_WIN <= bid <= DECK_POINTS:
        raise LedgerError(t("briscola.bid_range", "a bid of {bid}: the bid is 61 to 120", bid=bid), field, bid)
    return bid


def score_chiamata(hand: ChiamataHand, options: ChiamataOptions) -> ChiamataOutcome:
    """Score one hand of ``chiamata`` (RULES.md "Points per player", "Cappotto", "Bid multiplier")."""
    made = hand.caller_points >= hand.bid
    cappotto = hand.caller_points in (0, DECK_POINTS) and options.cappotto_double
    multiplier = (2 if cappotto else 1) * (bid_multiplier(hand.bid) if options.bid_multiplier else 1)
    sign = 1 if made else -1
    base = {p: -sign for p in hand.players}
    if hand.alone:
        base[hand.caller] = 4 * sign
    else:
        base[hand.caller], base[hand.partner] = 2 * sign, sign
    return ChiamataOutcome({p: n * multiplier for p, n in base.items()}, made, hand.alone, multiplier)


@dataclass(frozen=True)
class ChiamataTally:
    """A ``chiamata`` match after some hands: each player's points and the hands played."""

    totals: Mapping[str, int]
    hands: int


def chiamata_apply(options: ChiamataOptions, tally: ChiamataTally,
                   points: Mapping[str, int]) -> tuple[ChiamataTally, bool, str | None]:
    """The match after a hand that gave ``points`` (every player of the match; 0 for who sat
    out): the new tally, whether the ``hands`` fixed are played, and who won (the highest
    total; None when the highest are equal) [BC-RDG]."""
    after = ChiamataTally({p: n + points.get(p, 0) for p, n in tally.totals.items()}, tally.hands + 1)
    finished = options.hands is not None and after.hands >= options.hands
    return after, finished, most(after.totals) if finished else None


def settlement(totals: Mapping[str, int], stake_cents: int) -> dict[str, int]:
    """Each player's net in cents: total × stake (the totals are zero-sum, so are the nets)."""
    return {p: n * stake_cents for p, n in totals.items()}
