"""Trentasette: the points of a hand from each side's pile (seed 000, RULES.md "Trentasette").

Pure scoring: a side's :class:`Pile` (the facts the points come from, whether the pile was given
card by card or counted) and the items of every side (:func:`score_piles`). Reading a hand
document into piles, and its checks, is :mod:`ledger.games.trentasette.document`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ledger.cards import NUMERIC_RANKS, SUIT_NAMES, SUITS, Card
from ledger.games.base import frozen
from ledger.games.jsontypes import JsonDict
from ledger.games.trentasette.records import PileFacts

TARGET = 37


@frozen
class Pile:
    """What scoring needs to know of one side's pile (the same whether from cards or counted)."""

    cards: int
    figures: int
    ranks: frozenset[str]          # numeric ranks held complete (threshold by number of sides)
    ace_of_hearts: bool
    two_of_spades: bool
    sevens: bool
    runs: frozenset[str]           # suits with a qualifying run
    missing_suits: frozenset[str]  # suits with no numeric card
    counted: bool = False     # entered as counts, not cards

    def to_json(self) -> JsonDict:
        """The pile's facts as JSON (a counted pile's fields, FORMATS.md)."""
        return self.facts().to_json()

    def facts(self) -> "PileFacts":
        """What a hand's result says of the pile."""
        return PileFacts(self.cards, self.figures, _in_order(self.ranks), self.ace_of_hearts, self.two_of_spades,
                         self.sevens, _in_order(self.runs), _in_order(self.missing_suits))



def thresholds(n_sides: int) -> tuple[int, int]:
    """(cards of a rank for the +2, length of a run for the +3): (4, 7) with 2 sides, (3, 6) with 3."""
    return (4, 7) if n_sides == 2 else (3, 6)


def pile_from_cards(cards: Sequence[Card], n_sides: int) -> Pile:
    """The facts of a pile given card by card (``n_sides`` sets the rank and run thresholds).

    A pile of distinct cards of the deck is read as a 52-bit set (a replay reads 52 cards a hand,
    so this is the scorer's hot spot); anything else card by card.
    """
    need_rank, run_len = thresholds(n_sides)
    try:
        mask = sum(map(_BIT.__getitem__, cards))
    except KeyError:
        mask = -1
    if mask < 0 or mask.bit_count() != len(cards):
        return _pile_card_by_card(cards, need_rank, run_len)
    # A..10 of each suit (suit k's ace is bit 13k), then the numeric ranks complete as bits
    s, h, d, c = numeric = (mask & 0x3FF, (mask >> 13) & 0x3FF, (mask >> 26) & 0x3FF, (mask >> 39) & 0x3FF)
    complete = s & h & d & c if need_rank == 4 else (s & h & (d | c)) | (d & c & (s | h))  # all four, or three
    return Pile(len(cards), (mask & _FIGURE_MASK).bit_count(), _ranks_of(complete), bool(mask & _ACE_OF_HEARTS_BIT),
                bool(mask & _TWO_OF_SPADES_BIT), bool(mask & _SEVENS), _suits_of(_run_bits(numeric, run_len)),
                _suits_of((not s) | (not h) << 1 | (not d) << 2 | (not c) << 3))


def _pile_card_by_card(cards: Sequence[Card], need_rank: int, run_len: int) -> Pile:
    by_rank: Counter[str] = Counter()
    orders: dict[str, set[int]] = {s: set() for s in SUITS}
    figures = 0
    for c in cards:
        order = _NUMERIC_ORDER.get(c.rank)
        if order is not None:
            by_rank[c.rank] += 1
            orders[c.suit].add(order)
        elif c.rank in _FIGURES:
            figures += 1
    return Pile(
        cards=len(cards),
        figures=figures,
        ranks=frozenset(r for r, n in by_rank.items() if n >= need_rank),
        ace_of_hearts=ACE_OF_HEARTS in cards,
        two_of_spades=TWO_OF_SPADES in cards,
        sevens=by_rank["7"] > 0,
        runs=frozenset(s for s in SUITS if len(orders[s]) >= run_len and _longest_run(orders[s]) >= run_len),
        missing_suits=frozenset(s for s in SUITS if not orders[s]),
    )


ACE_OF_HEARTS = Card("A", "H")
TWO_OF_SPADES = Card("2", "S")
_NUMERIC_ORDER = {r: i + 1 for i, r in enumerate(NUMERIC_RANKS)}
_FIGURES = frozenset(("J", "Q", "K"))
# the 52 cards as bits: suit k holds bits 13k (ace) .. 13k + 12 (king); A..10 are its low ten bits
_ALL_RANKS = (*NUMERIC_RANKS, "J", "Q", "K")
_BIT = {Card(r, s): 1 << (13 * k + i) for k, s in enumerate(SUITS) for i, r in enumerate(_ALL_RANKS)}
_FIGURE_MASK = sum(_BIT[Card(r, s)] for s in SUITS for r in _FIGURES)
_RANK_MASKS = tuple((r, sum(_BIT[Card(r, s)] for s in SUITS)) for r in NUMERIC_RANKS)
_SEVENS = dict(_RANK_MASKS)["7"]


def _longest_run(orders: set[int]) -> int:
    best = run = 0
    for o in range(1, 11):
        run = run + 1 if o in orders else 0
        if run > best:
            best = run
    return best


def _has_run(bits: int, length: int) -> bool:
    """True when ``bits`` (A..10 of one suit, bit i = order i + 1) hold ``length`` in a row."""
    run = bits
    for i in range(1, length):
        run &= bits >> i
    return run != 0


_ACE_OF_HEARTS_BIT, _TWO_OF_SPADES_BIT = _BIT[ACE_OF_HEARTS], _BIT[TWO_OF_SPADES]
# each set of numeric ranks (bit i: NUMERIC_RANKS[i]) or of suits (bit k: SUITS[k]) met, by its
# bits; whether a suit's numeric cards (bit i: order i + 1) hold a run, by the run's length and
# the bits; each set in the order a result gives it (ranks A..10, suits S H D C): made when first
# needed (a replay meets few of them, again and again), at most 1024 of each
_RANK_SETS: dict[int, frozenset[str]] = {}
_SUIT_SETS: dict[int, frozenset[str]] = {}
_RUNS: dict[int, dict[int, bool]] = {6: {}, 7: {}}
_ORDERED: dict[frozenset[str], tuple[str, ...]] = {}


def _ranks_of(bits: int) -> frozenset[str]:
    found = _RANK_SETS.get(bits)
    if found is None:
        found = _RANK_SETS[bits] = frozenset(r for i, r in enumerate(NUMERIC_RANKS) if bits >> i & 1)
    return found


def _suits_of(bits: int) -> frozenset[str]:
    found = _SUIT_SETS.get(bits)
    if found is None:
        found = _SUIT_SETS[bits] = frozenset(s for k, s in enumerate(SUITS) if bits >> k & 1)
    return found


def _run_bits(numeric: Sequence[int], length: int) -> int:
    """The suits (bit k: SUITS[k]) whose numeric cards (``numeric[k]``, bit i: order i + 1) hold a
    run of ``length`` (6 or 7)."""
    runs = _RUNS[length]
    out = 0
    for k, bits in enumerate(numeric):
        found = runs.get(bits)
        if found is None:
            found = runs[bits] = _has_run(bits, length)
        out |= found << k
    return out


def _in_order(values: frozenset[str]) -> tuple[str, ...]:
    """A set of numeric ranks or of suits in the order a result gives it: ranks A..10, suits S H D C."""
    found = _ORDERED.get(values)
    if found is None:
        found = tuple(x for x in (*NUMERIC_RANKS, *SUITS) if x in values)
        if len(_ORDERED) < 2048:
            _ORDERED[values] = found
    return found


def score_piles(piles: Mapping[str, Pile]) -> dict[str, list[tuple[str, int]]]:
    """Every side's scoring items, ``side → [(item, points), ...]`` (RULES.md, Trentasette)."""
    items: dict[str, list[tuple[str, int]]] = {s: [] for s in piles}
    three = len(piles) == 3
    for label, attr in (("most cards", "cards"), ("most figures", "figures")):
        best = max(getattr(p, attr) for p in piles.values())
        top = [s for s, p in piles.items() if getattr(p, attr) == best]
        if len(top) == 1:
            items[top[0]].append((label, 1))
    for s, p in piles.items():
        for r in _in_order(p.ranks):
            items[s].append((f"{'three or four' if three else 'all four'} {r}s", 2))
        if p.ace_of_hearts:
            items[s].append(("ace of hearts", 2))
        for suit in _in_order(p.runs):
            items[s].append((f"run in {SUIT_NAMES[suit]}", 3))
        if p.two_of_spades:
            items[s].append(("two of spades", -1))
        if not p.sevens:
            items[s].append(("no seven", -2))
        for suit in _in_order(p.missing_suits):
            items[s].append((f"no {SUIT_NAMES[suit]}", -3))
    return items
