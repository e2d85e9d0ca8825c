"""Canasta scoring: one hand's score for each side, from its canastas, melds, red threes and cards
in hand (RULES.md "Canasta (seed 003)" and "Canasta: rule set classic"; the rules and values of
both rule sets are in the docstring of :mod:`ledger.games.canasta`). Pure: a hand document in
(its sides' lines already read by :mod:`.hand`), points and items out (:mod:`.records`);
``LedgerError`` naming the field on bad input.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from ledger.cards import JOKER, RANKS, SUITS, THREE_DECKS_SIX_JOKERS, TWO_DECKS_FOUR_JOKERS, Card, Deck, parse_cards
from ledger.errors import LedgerError
from ledger.games.canasta import words
from ledger.games.base import CardsGiven, as_bool, as_int, check_keys, frozen, items_of
from ledger.games.canasta.records import CanastaHand, SideFacts
from ledger.games.canasta.words import DIRTY, JOLLY, PINELLE_DIRTY, PINELLE_PURE, PURE, kind_label
from ledger.games.hand_sides import closer_of, sides_by_name
from ledger.games.jsontypes import JsonDoc, JsonValue
from ledger.games.match_setup import Resolve
from ledger.i18n import Msg, t

NATURAL_RANKS = ("A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RED_THREES = (Card("3", "H"), Card("3", "D"))
HAND_KEYS = {"sides", "closed_by", "concealed"}
SIDE_KEYS = {"canastas", "melded_points", "melded", "hand_points", "hand", "red_threes", "opened"}
NOBODY = {"nobody", "none", "null", "nessuno", "-", "", "no", "stock", "mazzo"}


@dataclass(frozen=True)
class RuleSet:
    """Everything that differs between the two rule sets (values in points)."""

    name: str
    deck: Deck
    red_threes: int            # red threes in the decks
    max_wild: int              # wild cards a canasta (or meld) may hold
    exact_seven: bool          # canastas are exactly 7 cards (italian) or 7 or more (classic)
    wild_canastas: bool        # pinelle and jolly canastas exist
    black_three: int           # value of a black three
    pure_aces: int             # bonus of a pure canasta of aces
    closing: int               # closing (going out) bonus
    concealed: int             # extra for going out concealed (0: not in this rule set)
    all_red_threes: int        # value of all four red threes (0: no such bonus)
    double_not_opened: bool    # a side that had not opened when the other closed pays double
    target: int                # game
    minimums: tuple[tuple[int, int], ...]   # (lowest total, minimum), highest first


ITALIAN = RuleSet("italian", THREE_DECKS_SIX_JOKERS, 6, 2, True, True, 0, 1000, 300, 0, 0, True, 15000,
                  ((12000, 200), (10000, 180), (7000, 160), (5000, 120), (3000, 90)))
CLASSIC = RuleSet("classic", TWO_DECKS_FOUR_JOKERS, 4, 3, False, False, 5, 500, 100, 100, 800, False, 5000,
                  ((3000, 120), (1500, 90), (0, 50)))
RULE_SETS = {"italian": ITALIAN, "classic": CLASSIC}
_BONUS = {DIRTY: 300, PINELLE_PURE: 3000, PINELLE_DIRTY: 2000, JOLLY: 5000}
# what a kind needs at least: (naturals of its rank, twos, jokers, wild cards) and its least card points
_KIND_NEEDS = {PINELLE_PURE: (0, 7, 0, 7, 140), PINELLE_DIRTY: (0, 5, 1, 7, 170), JOLLY: (0, 1, 5, 7, 290)}


def opening_minimum(total: int, rs: RuleSet) -> int:
    """The least card points of a side's first melds, by its running total before the hand.

    Italian (seed table "Punteggio Apertura", RULES.md): 50 below 3000, 90, 120 from 5000, 160
    from 7000, 180 from 10000, 200 from 12000 (a negative total needs 50). Classic: 15 below 0,
    50 below 1500, 90 below 3000, 120 from 3000.
    """
    for lowest, minimum in rs.minimums:
        if total >= lowest:
            return minimum
    return 50 if rs is ITALIAN else 15


_OF_SPADES = {r: Card(r, "S") for r in RANKS}  # a card of each rank, to value a canasta given as its kind


def card_value(card: Card, rs: RuleSet) -> int:
    """Card points: joker 50; ace and pinella (2) 20; 8 to K 10; 4 to 7 5; black 3 0 (classic 5)."""
    if card.is_joker:
        return 50
    if card.rank in ("A", "2"):
        return 20
    if card.rank in ("8", "9", "10", "J", "Q", "K"):
        return 10
    if card.rank == "3":
        return rs.black_three
    return 5


def cards_value(cards: Sequence[Card], rs: RuleSet) -> int:
    return sum(card_value(c, rs) for c in cards)


# the card points of every card that can be melded or held (red threes are set aside, worth their
# bonus only): italian, 162 cards, 6 × 50 + 12 × 20 + 12 × 20 + 72 × 10 + 48 × 5 + 6 black threes × 0
# = 1740; classic, 108 cards, 4 × 50 + 8 × 20 + 8 × 20 + 48 × 10 + 32 × 5 + 4 black threes × 5 = 1180
def _held_value(rs: RuleSet) -> Callable[[Card], int]:
    """A card's points as melded or held under ``rs`` (a red three: none, it is set aside)."""
    return lambda card: 0 if card in RED_THREES else card_value(card, rs)


_DECK_POINTS = {name: rs.deck.total(_held_value(rs)) for name, rs in RULE_SETS.items()}


def deck_points(rs: RuleSet) -> int:
    """The most card points the rule set's decks hold (1740 italian, 1180 classic): no side's
    ``melded_points`` or ``hand_points``, nor all sides' together, can be more."""
    return _DECK_POINTS[rs.name]


def is_wild(card: Card) -> bool:
    """Jokers and twos (pinelle) are wild."""
    return card.is_joker or card.rank == "2"


# --- canastas ------------------------------------------------------------------------------------
@frozen
class Canasta:
    """One canasta: ``kind`` (pure, dirty, pinelle pure, pinelle dirty, jolly), the natural
    ``rank`` of a pure or dirty one (None when entered without it), and its ``cards`` when given."""

    kind: str
    rank: str | None = None
    cards: tuple[Card, ...] | None = None

    @property
    def label(self) -> str:
        return kind_label(self.kind, self.rank)

    @property
    def pure(self) -> bool:
        """Counts as pure for closing and red threes (a pure pinelle canasta does)."""
        return self.kind in (PURE, PINELLE_PURE)

    @property
    def dirty(self) -> bool:
        """Counts as dirty for closing and red threes (pinelle dirty and jolly do)."""
        return not self.pure

    def bonus(self, rs: RuleSet) -> int:
        if self.kind == PURE:
            return rs.pure_aces if self.rank == "A" else 500
        return _BONUS[self.kind]

    def least_points(self, rs: RuleSet) -> int:
        """Card points of these cards, or the least a canasta of this kind can hold."""
        if self.cards is not None:
            return cards_value(self.cards, rs)
        if self.kind in _KIND_NEEDS:
            return _KIND_NEEDS[self.kind][4]
        value = card_value(_OF_SPADES.get(self.rank or "4") or Card(self.rank or "4", "S"), rs)
        return 7 * value if self.kind == PURE else 6 * value + 20


def classify(cards: Sequence[Card], rs: RuleSet, field: str) -> Canasta:
    """The kind of a canasta given card by card, or ``LedgerError`` on ``field`` saying why it is none.

    Refused: a three, natural cards of more than one rank, more wild cards than the rule set
    allows (2 italian, 3 classic), fewer than 7 cards (or more than 7 in the italian rules), wild
    cards alone that are neither pinelle nor jolly (italian) or at all (classic).
    """
    text = " ".join(str(c) for c in cards)
    naturals = [c for c in cards if not is_wild(c)]
    wild = len(cards) - len(naturals)
    if any(c.rank == "3" for c in naturals):
        three = next(c for c in naturals if c.rank == "3")
        what = (t("canasta.red_three_canasta", "{card} in a canasta: a red three is set aside when drawn")
                if three in RED_THREES else t("canasta.three_canasta", "{card} in a canasta: threes are never melded"))
        raise LedgerError(replace(what, params={"card": str(three)}), field, text)
    ranks = sorted({c.rank for c in naturals}, key=NATURAL_RANKS.index)
    if len(ranks) > 1:
        raise LedgerError(t("canasta.mixed_ranks", "a canasta is of one rank, this one mixes {ranks}", ranks=ranks),
                          field, text)
    if naturals and wild > rs.max_wild:
        raise LedgerError(t("canasta.too_wild", "{wild} wild cards in a canasta: a dirty canasta holds at most {most}",
                            wild=wild, most=rs.max_wild), field, text)
    if len(cards) < 7:
        raise LedgerError(t("canasta.short", "a canasta needs seven cards, this one has {n}", n=len(cards)),
                          field, text)
    if rs.exact_seven and len(cards) > 7:
        raise LedgerError(t("canasta.long", "a canasta is exactly seven cards (it is closed at seven), this one has "
                            "{n}", n=len(cards)), field, text)
    if naturals:
        return Canasta(PURE if wild == 0 else DIRTY, ranks[0], tuple(cards))
    return Canasta(_wild_kind(cards, rs, field, text), None, tuple(cards))


def _wild_kind(cards: Sequence[Card], rs: RuleSet, field: str, text: str) -> str:
    if not rs.wild_canastas:
        raise LedgerError(t("canasta.wild_classic", "wild cards alone never make a canasta in classic canasta"),
                          field, text)
    jokers = sum(1 for c in cards if c.is_joker)
    twos = len(cards) - jokers
    if twos == 7:
        return PINELLE_PURE
    if twos >= 5:
        return PINELLE_DIRTY
    if jokers in (5, 6):
        return JOLLY
    raise LedgerError(t("canasta.wild_mix", "{jokers} jokers and {twos} pinelle make neither a pinelle canasta (at "
                        "most 2 jokers) nor a jolly canasta (5 or 6 jokers)", jokers=jokers, twos=twos), field, text)


def kind_canasta(kind: str, rank: str | None, rs: RuleSet, field: str) -> Canasta:
    """A canasta entered as its kind; ``LedgerError`` for a kind that the rule set does not have."""
    if kind not in (PURE, DIRTY) and not rs.wild_canastas:
        raise LedgerError(t("canasta.kind_classic", "there is no {kind} canasta in classic canasta (wild cards alone "
                            "never make one)", kind=kind), field, kind)
    return Canasta(kind, rank)


# --- melds ---------------------------------------------------------------------------------------
def check_meld(cards: Sequence[Card], rs: RuleSet, field: str, closing: bool) -> None:
    """Refuse a meld (not a canasta) that breaks the rules (RULES.md, "Other melds").

    Italian: three or more natural cards of one rank (4 to K, or A); wild cards only once it holds
    five natural cards, at most two; or wild cards alone that can still grow into a pinelle or jolly
    canasta. Classic (Official Canasta Laws): at least two natural cards of one rank and at most
    three wild cards; black threes (three or four, no wild card) only by the side going out. Never
    seven cards or more (that is a canasta) and never a red three.
    """
    text = " ".join(str(c) for c in cards)
    naturals = [c for c in cards if not is_wild(c)]
    wild = len(cards) - len(naturals)
    ranks = sorted({c.rank for c in naturals})
    if any(c in RED_THREES for c in naturals):
        raise LedgerError(t("canasta.red_three_meld", "a red three is set aside as soon as it is drawn: count it in "
                            "red_threes"), field, text)
    if len(ranks) > 1:
        raise LedgerError(t("canasta.meld_mixed", "a meld is of one rank, this one mixes {ranks} (separate melds with "
                            "';')", ranks=ranks), field, text)
    if len(cards) < 3:
        raise LedgerError(t("canasta.meld_short", "a meld needs at least three cards, this one has {n}", n=len(cards)),
                          field, text)
    if len(cards) >= 7:
        raise LedgerError(t("canasta.meld_seven", "seven cards make a canasta: list it under canastas"), field, text)
    if ranks == ["3"]:
        _check_black_threes(wild, rs, field, text, closing)
    elif rs is ITALIAN:
        _check_italian_meld(len(naturals), cards, wild, field, text)
    elif len(naturals) < 2 or wild > rs.max_wild:
        raise LedgerError(t("canasta.meld_classic", "a meld needs at least two natural cards and at most three wild "
                            "cards"), field, text)


def _check_black_threes(wild: int, rs: RuleSet, field: str, text: str, closing: bool) -> None:
    if rs is ITALIAN:
        raise LedgerError(t("canasta.threes", "threes are never melded"), field, text)
    if wild or not closing:
        raise LedgerError(t("canasta.black_threes", "black threes are melded only when going out, three or four "
                            "without wild cards"), field, text)


def _check_italian_meld(naturals: int, cards: Sequence[Card], wild: int, field: str, text: str) -> None:
    if naturals == 0:
        jokers = sum(1 for c in cards if c.is_joker)
        if jokers > 2 and len(cards) - jokers > 2:
            raise LedgerError(t("canasta.wild_meld", "{jokers} jokers with {twos} pinelle can grow into neither a "
                                "pinelle canasta nor a jolly canasta", jokers=jokers, twos=len(cards) - jokers),
                              field, text)
    elif wild and naturals < 5:
        raise LedgerError(t("canasta.wild_early", "wild cards join a meld only once it holds five natural cards (it "
                            "has {n})", n=naturals), field, text)
    elif wild > 2:
        raise LedgerError(t("canasta.meld_wild", "{wild} wild cards in a meld: at most two", wild=wild), field, text)


# --- one side's hand -------------------------------------------------------------------------------
@frozen
class SideHand:
    """One side's hand, read and checked: what scoring needs, the same whether given by cards or counts."""

    name: str
    field: str
    canastas: tuple[Canasta, ...]
    melded_points: int
    hand_points: int
    red_threes: int
    opened: bool
    cards: tuple[Card, ...] = ()     # every card given as a card (canastas, melds, hand)
    opened_given: bool | None = None  # ``opened`` as the document said it (checked by check_opened)

    @property
    def has_pure(self) -> bool:
        return any(c.pure for c in self.canastas)

    @property
    def has_dirty(self) -> bool:
        return any(c.dirty for c in self.canastas)

    def facts(self) -> "SideFacts":
        return SideFacts(tuple(c.label for c in self.canastas), self.melded_points, self.hand_points,
                         self.red_threes, self.opened)


def read_side(name: str, value: JsonValue, field: str, rs: RuleSet, closing: bool) -> SideHand:
    """Read one side (a dict of the hand document's fields, already expanded from a compact string).

    Raises ``LedgerError`` for an unknown or missing field, a wrong card, a canasta or meld that
    breaks the rules, totals that disagree with the cards, or ``opened`` against the melds.
    """
    if not isinstance(value, Mapping):
        raise LedgerError(t("canasta.side_shape", "expected the side's canastas, melds, hand and red threes"),
                          field, value)
    check_keys(value, SIDE_KEYS, prefix=f"{field}.")
    opened_given = words.read_opened(value["opened"], f"{field}.opened") if value.get("opened") is not None else None
    canastas = _read_canastas(value, field, rs, opened_given)
    melds, melded_points = _read_melded(value, field, rs, canastas, opened_given, closing)
    hand, hand_points = _read_hand(value, field, rs)
    if value.get("red_threes") is None:
        raise LedgerError(t("canasta.red_missing", "missing (red threes set aside, 0 for none)"),
                          f"{field}.red_threes", None)
    red = as_int(value["red_threes"], f"{field}.red_threes", 0, rs.red_threes)
    opened = bool(canastas or melds or melded_points)
    cards = [c for k in canastas if k.cards for c in k.cards] + [c for m in melds for c in m] + hand
    return SideHand(name, field, tuple(canastas), melded_points, hand_points, red, opened, tuple(cards),
                    opened_given)


def check_opened(side: SideHand) -> None:
    """``opened`` as given must agree with the melds: a side opens with its first meld, whose cards
    stay on the table, so it has opened exactly when it melded something."""
    if side.opened_given is not None and side.opened_given != side.opened:
        raise LedgerError(t("canasta.not_opened_melds", "had not opened but has melds") if side.opened else
                          t("canasta.opened_nothing", "opened but melded nothing (melded points 0)"),
                          f"{side.field}.opened", side.opened_given)


def _read_canastas(value: JsonDoc, field: str, rs: RuleSet, opened: bool | None) -> list[Canasta]:
    f = f"{field}.canastas"
    if value.get("canastas") is None:
        if opened is False:
            return []
        raise LedgerError(t("canasta.canastas_missing", "missing (the side's canastas as kinds or cards, [] for none: "
                            "{kinds})", kinds=words.KIND_HELP), f, None)
    out = []
    for it in words.read_canasta_items(value["canastas"], f):
        out.append(classify(it.cards, rs, it.field) if isinstance(it, CardsGiven)
                   else kind_canasta(it.kind, it.rank, rs, it.field))
    return out


def _read_melded(value: JsonDoc, field: str, rs: RuleSet, canastas: list[Canasta], opened: bool | None,
                 closing: bool) -> tuple[list[list[Card]], int]:
    """The side's other melds (cards, when given) and its melded card points, canastas included."""
    given = _points_or_cards(value, "melded_points", "melded", field, rs)
    points, raw = given
    melds = words.read_melds(raw, f"{field}.melded") if raw is not None else []
    for i, m in enumerate(melds):
        check_meld(m, rs, f"{field}.melded" if len(melds) == 1 else f"{field}.melded[{i}]", closing)
    counted = sum(k.least_points(rs) for k in canastas) + sum(cards_value(m, rs) for m in melds)
    exact = all(k.cards is not None for k in canastas)
    f = f"{field}.melded_points"
    if points is None:
        if raw is None and not (opened is False and not canastas):
            raise LedgerError(t("canasta.melded_missing", "missing (the card points of everything melded, or the "
                                "other melds' cards in 'melded', [] for none)"), f, None)
        if not exact:
            raise LedgerError(t("canasta.kinds_need_points", "canastas given as kinds need melded_points (the card "
                                "points of everything melded, canastas included)"), f, None)
        return melds, counted
    if points % 5:
        raise LedgerError(t("canasta.not_five", "{points} is not a possible count (card values are multiples of 5)",
                            points=points), f, points)
    if exact and raw is not None and points != counted:
        raise LedgerError(t("canasta.melded_disagree", "melded points {points} disagree with the cards given "
                            "({counted})", points=points, counted=counted), f, points)
    if points < counted:
        raise LedgerError(t("canasta.melded_few", "melded points {points} are fewer than the cards of the canastas "
                            "and melds alone (at least {counted})", points=points, counted=counted), f, points)
    return melds, points


def _points_or_cards(value: JsonDoc, points_key: str, cards_key: str, field: str,
                     rs: RuleSet) -> tuple[int | None, JsonValue]:
    """``(points, cards value)`` from a total field and a cards field (a number in the cards field
    counts as the total, 0 to :func:`deck_points`); a total given twice must agree."""
    points = value.get(points_key)
    raw = value.get(cards_key)
    most = deck_points(rs)
    if points is not None:
        points = as_int(points, f"{field}.{points_key}", 0, most)
    if raw is not None and words.is_number(raw):
        n = as_int(raw, f"{field}.{cards_key}", 0, most)
        if points is not None and points != n:
            raise LedgerError(t("canasta.totals_disagree", "{cards_key} {n} and {points_key} {points} disagree",
                                cards_key=cards_key, n=n, points_key=points_key, points=points),
                              f"{field}.{points_key}", points)
        points, raw = n, None
    return points, raw


def _read_hand(value: JsonDoc, field: str, rs: RuleSet) -> tuple[list[Card], int]:
    points, raw = _points_or_cards(value, "hand_points", "hand", field, rs)
    f = f"{field}.hand_points"
    if raw is None:
        if points is None:
            raise LedgerError(t("canasta.hand_missing", "missing (the card points left in the side's hands, or the "
                                "cards in 'hand')"), f, None)
        if points % 5:
            raise LedgerError(t("canasta.not_five", "{points} is not a possible count (card values are multiples of "
                                "5)", points=points), f, points)
        return [], points
    nothing = isinstance(raw, str) and raw.strip().lower() in ("none", "-", "nessuna", "out")
    hand = [] if nothing else parse_cards(raw, f"{field}.hand")
    for c in hand:
        if c in RED_THREES:
            raise LedgerError(t("canasta.red_in_hand", "{card} in a hand: a red three is set aside as soon as it is "
                                "drawn", card=str(c)), f"{field}.hand", str(c))
    counted = cards_value(hand, rs)
    if points is not None and points != counted:
        raise LedgerError(t("canasta.hand_disagree", "hand points {points} disagree with the cards given "
                            "({counted})", points=points, counted=counted), f, points)
    return hand, counted


# --- the deck ------------------------------------------------------------------------------------------
def check_deck(sides: Sequence[SideHand], rs: RuleSet) -> None:
    """No more of a card than the decks hold across the whole hand (both sides' canastas, melds and
    hands, canastas entered as kinds counted at the least they need), no more red threes, and no
    count the decks cannot give (:func:`check_counts`)."""
    exact = [c for s in sides for c in s.cards]
    if not rs.deck.holds(exact):
        rs.deck.check(exact, "sides")  # names the first card there too often
    need: dict[str, int] = {}  # by key, in the order first needed (as a Counter's update keeps them)
    for s in sides:
        for k in s.canastas:
            if k.cards is None:
                for key, n in _kind_needs(k, rs).items():
                    need[key] = need.get(key, 0) + n
    if need:
        _check_kinds_fit(need, exact, rs)
    red = sum(s.red_threes for s in sides)
    if red > rs.red_threes:
        raise LedgerError(t("canasta.red_over", "{n} red threes in all, but {deck} hold {limit}", n=red,
                            deck=_deck(rs), limit=rs.red_threes), "sides", red)
    check_counts(sides, rs)


def check_counts(sides: Sequence[SideHand], rs: RuleSet) -> None:
    """What the sides say, added up side by side, must fit in the rule set's decks (RULES.md
    Canasta: italian 162 cards, 6 jokers, 12 twos; classic 108 cards, 4 jokers, 8 twos): their
    card points (melded and in hand) at most :func:`deck_points`; their cards (those given, 7 for
    each canasta given as a kind, and the red threes set aside) at most the decks' cards. The wild
    cards and each rank the canastas need are :func:`check_deck`'s. ``LedgerError`` on the field
    of the side where the sum first goes over."""
    most = deck_points(rs)
    points = cards = 0
    for s in sides:
        points += s.melded_points + s.hand_points
        if points > most:
            raise LedgerError(t("canasta.deck_points", "the card points melded and in hand add up to {points} with "
                                "this side's, but {deck} hold {most}", points=points, deck=_deck(rs), most=most),
                              f"{s.field}.melded_points", s.melded_points)
        cards += len(s.cards) + 7 * sum(1 for k in s.canastas if k.cards is None) + s.red_threes
        if cards > rs.deck.size:
            raise LedgerError(t("canasta.deck_cards", "the canastas, cards and red threes given need at least {n} "
                                "cards with this side's, but {deck} hold {most}", n=cards, deck=_deck(rs),
                                most=rs.deck.size), f"{s.field}.canastas", [k.label for k in s.canastas])


def _check_kinds_fit(need: Mapping[str, int], exact: Sequence[Card], rs: RuleSet) -> None:
    """The cards the canastas entered as kinds ``need`` at least (by rank, ``"JK"``, ``"wild"``),
    beside the cards given (``exact``), must be in the decks: ``LedgerError`` on ``sides``."""
    by_rank = Counter("JK" if c.is_joker else c.rank for c in exact)
    per_rank, limits = _limits(rs)
    by_rank["wild"] = by_rank["JK"] + by_rank["2"]
    for key, n in need.items():
        have = by_rank[key] + n
        limit = limits.get(key, per_rank)
        if have > limit:
            raise LedgerError(t("canasta.deck_short", "the canastas and cards given need at least {have} {what}, "
                                "but {deck} hold {limit}", have=have, what=_plural(key), deck=_deck(rs),
                                limit=limit), "sides", key)


def _limits(rs: RuleSet) -> tuple[int, dict[str, int]]:
    """The cards of one rank in the rule set's decks, and of jokers, twos and wild cards (once a rule set)."""
    found = _LIMITS.get(rs.name)
    if found is None:
        per_rank = len(SUITS) * (rs.deck.counts[_OF_SPADES["4"]])
        found = _LIMITS[rs.name] = (per_rank, {"JK": rs.deck.counts[JOKER], "2": per_rank,
                                               "wild": rs.deck.counts[JOKER] + per_rank})
    return found


_LIMITS: dict[str, tuple[int, dict[str, int]]] = {}


def _kind_needs(k: Canasta, rs: RuleSet) -> dict[str, int]:
    if k.kind in _KIND_NEEDS:
        _, twos, jokers, wild, _ = _KIND_NEEDS[k.kind]
        return {"2": twos, "JK": jokers, "wild": wild}
    naturals = 7 if k.kind == PURE else 7 - rs.max_wild
    out = {k.rank: naturals} if k.rank else {}
    if k.kind == DIRTY:
        out["wild"] = 1
    return out


def _plural(key: str) -> Msg:
    return {"JK": t("canasta.jokers", "jokers"), "2": t("canasta.twos", "pinelle (twos)"),
            "wild": t("canasta.wild_cards", "wild cards"), "A": t("canasta.aces", "aces")}.get(
        key, t("canasta.rank_cards", "{rank}s", rank=key))


def _deck(rs: RuleSet) -> Msg:
    """The rule set's decks, in words (``three 52-card decks with six jokers``)."""
    return (t("canasta.decks_italian", "three 52-card decks with six jokers") if rs is ITALIAN else
            t("canasta.decks_classic", "two 52-card decks with four jokers"))


# --- scoring ---------------------------------------------------------------------------------------------
def check_closing(side: SideHand, rs: RuleSet) -> None:
    """Closing needs a pure and a dirty canasta (italian) or one canasta (classic); ``LedgerError``
    on ``closed_by`` otherwise."""
    has = [words.kind_text(c.kind, c.rank) for c in side.canastas] or t("canasta.no_canasta", "no canasta")
    if rs is ITALIAN and not (side.has_pure and side.has_dirty):
        raise LedgerError(t("canasta.cannot_close", "{side} cannot close without a pure and a dirty canasta (it has "
                            "{has})", side=side.name, has=has), "closed_by", side.name)
    if not side.canastas:
        raise LedgerError(t("canasta.cannot_go_out", "{side} cannot go out without a canasta", side=side.name),
                          "closed_by", side.name)


def red_threes_points(side: SideHand, rs: RuleSet) -> tuple[int, str]:
    """Points of the side's red threes and why (seed: "Se si ha almeno una canasta pura e una sporca…")."""
    n = side.red_threes
    what = f"{n} red three{'s' if n != 1 else ''}"
    if rs is CLASSIC:
        value = rs.all_red_threes if n == 4 else 100 * n
        return (value, what) if side.opened else (-value, f"{what} (nothing melded)")
    if side.has_pure and side.has_dirty:
        return 100 * n, what
    if side.has_pure:
        return 0, f"{what} (a pure canasta but no dirty one: not paid)"
    return -100 * n, f"{what} (no pure canasta)"


def side_items(side: SideHand, closed_by: str | None, concealed: bool, rs: RuleSet) -> list[tuple[str, int]]:
    """Every scoring item of one side: canastas, closing, red threes, melded cards, cards in hand."""
    items = [(f"{c.label} canasta", c.bonus(rs)) for c in side.canastas]
    if closed_by == side.name:
        items.append(("closing" if rs is ITALIAN else "going out", rs.closing))
        if concealed:
            items.append(("going out concealed", rs.concealed))
    if side.red_threes:
        points, what = red_threes_points(side, rs)
        items.append((what, points))
    items.append(("melded cards", side.melded_points))
    doubled = rs.double_not_opened and closed_by not in (None, side.name) and not side.opened
    if doubled:
        items.append(("cards in hand, doubled (had not opened)", -2 * side.hand_points))
    else:
        items.append(("cards in hand", -side.hand_points))
    return items


def score_hand(doc: JsonDoc, rs: RuleSet, resolve: Resolve,
               expected: Sequence[str] | None = None) -> CanastaHand:
    """Score one hand document under ``rs``.

    ``resolve(key, field)`` maps a side key of the document to a side name; ``expected`` lists
    the sides a match needs (both). Returns ``{"points": {side: int}, "items": {side: [{"item",
    "points"}]}, "sides": {side: read values}, "closed_by": side or None, "concealed": bool}``.
    """
    check_keys(doc, HAND_KEYS)
    raw_sides, closed_by, concealed = _sides_and_closing(doc, rs, resolve, expected)
    sides = [read_side(name, value, f"sides.{key}", rs, closed_by == name)
             for name, (key, value) in raw_sides.items()]
    check_deck(sides, rs)
    by_name = {s.name: s for s in sides}
    if closed_by is not None:
        check_closing(by_name[closed_by], rs)
    for s in sides:
        check_opened(s)
    items = {s.name: side_items(s, closed_by, concealed, rs) for s in sides}
    points = {name: sum(p for _, p in its) for name, its in items.items()}
    return CanastaHand(points, items_of(items), {s.name: s.facts() for s in sides}, closed_by,
                       concealed if rs is CLASSIC else None)


def _sides_and_closing(doc: JsonDoc, rs: RuleSet, resolve: Resolve,
                       expected: Sequence[str] | None) -> tuple[dict[str, tuple[str, JsonValue]], str | None, bool]:
    """The two sides (name → (document key, fields)), who closed, and whether concealed."""
    raw = doc.get("sides")
    if not isinstance(raw, Mapping):
        raise LedgerError(t("canasta.sides_missing", "missing (the two sides' canastas, melds, hands and red threes)")
                          if raw is None else t("canasta.sides_shape", "expected the two sides' hands"), "sides", raw)
    sides = sides_by_name(raw, resolve, expected,
                          lambda side: t("canasta.side_twice", "side {side!r} is given twice", side=side),
                          lambda side: t("canasta.hand_of_missing", "missing the hand of {side!r}", side=side))
    if len(sides) != 2:
        raise LedgerError(t("canasta.two_sides_not", "canasta is played by two sides, not {n}", n=len(sides)), "sides",
                          list(sides))
    closed_by = closer_of(doc, resolve, sides, NOBODY,
                          t("canasta.closed_missing", "missing (the side that closed, or null if the stock ran out)"),
                          lambda value: t("canasta.not_a_side", "{value!r} is not a side of this hand", value=value))
    concealed = _concealed(doc, closed_by, rs)
    return sides, closed_by, concealed


def _concealed(doc: JsonDoc, closed_by: str | None, rs: RuleSet) -> bool:
    concealed = doc.get("concealed") is not None and as_bool(doc["concealed"], "concealed")
    if concealed and rs is not CLASSIC:
        raise LedgerError(t("canasta.concealed_classic", "going out concealed is scored only in the classic rules"),
                          "concealed", True)
    if concealed and closed_by is None:
        raise LedgerError(t("canasta.concealed_who", "concealed needs the side that went out (closed_by)"),
                          "concealed", True)
    return concealed
