"""Burraco scoring: one side's hand, the whole hand, and the match's winner (RULES.md "Burraco (no
seed)" and "Burraco: rule set international"; [EB-13], [EB-16], [EB-17], [TARGET]).

A side's hand score = its burraco bonuses (clean 200, semiclean 150, dirty 100) + 100 if it closed
+ the card values of everything it melded − the card values of the cards left in its players'
hands − 100 if it has not taken its pozzetto. Closing needs the pozzetto and a burraco (a clean
one in ``international``).

The side fields are those of FORMATS.md "Burraco and Scopa hand documents": ``burraco``,
``melded_points`` or ``melded``, ``hand_points`` or ``hand``, ``pozzetto``. A side's hand read is a
typed :class:`SideHand`; a hand's result a :class:`~ledger.games.burraco.records.BurracoResult`.
Pure: the melds are :mod:`.melds`, the words of the table :mod:`.hand`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from ledger.cards import Card, parse_cards
from ledger.errors import LedgerError
from ledger.games.base import (
    HandResult, MatchSetup, MatchState, as_bool, as_int, check_keys, items_of, running_winner,
)
from ledger.games.burraco.board import hand_line
from ledger.games.burraco.melds import (
    BONUS, BURRACO_CARDS, CLEAN, DECK, DECK_POINTS, KIND_HELP, KIND_NAMES, LEAST_BURRACO_POINTS, WILD_CARDS, Meld,
    KindGiven, RuleSet, cards_value, check_kind, is_wild, read_burraco, read_burraco_items, read_meld_lists,
    read_ordinary_meld,
)
from ledger.games.burraco.records import BurracoResult, SideFacts
from ledger.games.hand_sides import closer_of, sides_by_name
from ledger.games.jsontypes import JsonDoc, JsonValue
from ledger.games.match_setup import Resolve
from ledger.i18n import t

HAND_KEYS = {"sides", "closed_by"}
SIDE_KEYS = {"burraco", "melded_points", "melded", "hand_points", "hand", "pozzetto"}
NOBODY = {"nobody", "none", "null", "nessuno", "-", "", "stock", "tallone", "no"}
CLOSING = 100            # [EB-16] "chiusura con bonus di 100 punti"
POZZETTO_NOT_TAKEN = 100  # [EB-17] "pozzetto non preso = 100"


@dataclass(frozen=True)
class SideHand:
    """One side's hand, read and checked: its burrachi (kinds, with the meld when given as cards),
    its other melds, the melded and in-hand card points, whether it took its pozzetto, and every
    card given as a card (for the deck check)."""

    name: str
    field: str
    burrachi: tuple[tuple[str, Meld | None], ...]
    melds: tuple[Meld, ...]
    melded_points: int
    hand_points: int
    pozzetto: bool
    cards: tuple[Card, ...] = ()

    @property
    def kinds(self) -> list[str]:
        return [k for k, _ in self.burrachi]

    def facts(self) -> "SideFacts":
        return SideFacts(tuple(self.kinds), self.melded_points, self.hand_points, self.pozzetto)


def read_side(name: str, value: JsonValue, field: str, rs: RuleSet) -> SideHand:
    """Read one side of a hand document.

    Raises ``LedgerError`` for an unknown or missing field, a card that cannot be read, a meld that
    is neither a combination nor a sequence, a burraco under 7 cards or a meld of 7 or more in
    ``melded``, two combinations of one rank, counted points that are impossible (negative, not a
    multiple of 5, fewer than the burrachi hold), or both a count and its cards.
    """
    if not isinstance(value, Mapping):
        raise LedgerError(t("burraco.side_shape", "expected the side's burraco, melded points, hand and pozzetto"),
                          field, value)
    check_keys(value, SIDE_KEYS, prefix=f"{field}.")
    if value.get("burraco") is None:
        raise LedgerError(t("burraco.burraco_missing", "missing (the side's burrachi: kinds, {kinds}, or cards; [] for "
                            "none)", kinds=KIND_HELP), f"{field}.burraco", None)
    burrachi: list[tuple[str, Meld | None]] = [
        (check_kind(it.kind, rs, it.field), None) if isinstance(it, KindGiven) else _burraco(it.cards, rs, it.field)
        for it in read_burraco_items(value["burraco"], f"{field}.burraco")]
    melds, melded_points = _read_melded(value, field, rs, burrachi)
    _check_combinations([m for _, m in burrachi if m] + melds, field)
    hand, hand_points = _read_hand(value, field)
    if value.get("pozzetto") is None:
        raise LedgerError(t("burraco.pozzetto_missing", "missing (true if the side took its pozzetto)"),
                          f"{field}.pozzetto", None)
    pozzetto = as_bool(value["pozzetto"], f"{field}.pozzetto")
    cards = [c for _, m in burrachi if m for c in m.cards] + [c for m in melds for c in m.cards] + hand
    return SideHand(name, field, tuple(burrachi), tuple(melds), melded_points, hand_points, pozzetto, tuple(cards))


def _burraco(cards: list[Card], rs: RuleSet, field: str) -> tuple[str, Meld]:
    meld = read_burraco(cards, rs, field)
    assert meld.kind is not None  # read_burraco gives a burraco, whose kind is always worked out
    return meld.kind, meld


def _read_melded(value: JsonDoc, field: str, rs: RuleSet,
                 burrachi: list[tuple[str, Meld | None]]) -> tuple[list[Meld], int]:
    """The side's other melds (when given as cards) and its melded card points, burrachi included."""
    f = f"{field}.melded_points"
    if value.get("melded_points") is not None and value.get("melded") is not None:
        raise LedgerError(t("burraco.melded_both", "give melded_points or the melds' cards in melded, not both"), f,
                          value["melded_points"])
    as_cards = sum(m.points for _, m in burrachi if m)
    as_kinds = sum(1 for _, m in burrachi if m is None)
    if value.get("melded_points") is None:
        if as_kinds:
            raise LedgerError(t("burraco.kinds_need_points", "missing (burrachi given as kinds need melded_points: the "
                                "card points of everything melded, burrachi included)"), f, None)
        melds = [read_ordinary_meld(cards, rs, mf)
                 for cards, mf in read_meld_lists(value.get("melded") or [], f"{field}.melded")]
        return melds, as_cards + sum(m.points for m in melds)
    points = counted_points(value["melded_points"], f)
    least = as_cards + LEAST_BURRACO_POINTS * as_kinds
    if points < least:
        raise LedgerError(t("burraco.melded_few", "melded points {points} are fewer than the burrachi alone hold (at "
                            "least {least})", points=points, least=least), f, points)
    return [], points


def counted_points(value: JsonValue, field: str) -> int:
    """Card points as the players counted them: a whole number, 0 to the deck's 1080
    (:data:`DECK_POINTS`), a multiple of 5; ``LedgerError`` on ``field`` otherwise."""
    points = as_int(value, field, 0, DECK_POINTS)
    if points % 5:
        raise LedgerError(t("burraco.not_five", "{points} is not a possible count (card values are multiples of 5)",
                            points=points), field, points)
    return points


def _check_combinations(melds: Sequence[Meld], field: str) -> None:
    """One side may not hold two combinations of the same rank [EB-MELD]."""
    seen: set[str] = set()
    for m in melds:
        if m.shape == "combination" and m.rank is not None:
            if m.rank in seen:
                raise LedgerError(t("burraco.two_combinations", "two combinations of {rank} in one side (one side "
                                    "holds one per rank)", rank=m.rank), field, m.text)
            seen.add(m.rank)


def _read_hand(value: JsonDoc, field: str) -> tuple[list[Card], int]:
    """The cards left in the side's hands (a pozzetto taken and not played included): exactly one of
    ``hand_points`` (as counted) and ``hand`` (the cards; ``""`` or ``[]`` for none)."""
    points, raw = value.get("hand_points"), value.get("hand")
    if points is not None and raw is not None:
        raise LedgerError(t("burraco.hand_both", "give hand_points or the cards in hand, not both"),
                          f"{field}.hand_points", points)
    if points is not None:
        return [], counted_points(points, f"{field}.hand_points")
    if raw is None:
        raise LedgerError(t("burraco.hand_missing", "missing (the card points left in the side's hands, or the cards "
                            "in 'hand')"), f"{field}.hand_points", None)
    nothing = isinstance(raw, str) and raw.strip().casefold() in ("none", "-", "nessuna")
    hand = [] if nothing else parse_cards(raw, f"{field}.hand")
    return hand, cards_value(hand)


# --- the whole hand ----------------------------------------------------------------------------------
def check_deck(sides: Sequence[SideHand]) -> None:
    """No card more than twice and no more than four jokers over every card list of the hand, and
    no count the 108 cards cannot give (:func:`check_counts`)."""
    DECK.check([c for s in sides for c in s.cards], "sides")
    check_counts(sides)


def check_counts(sides: Sequence[SideHand]) -> None:
    """What the sides say, added up side by side, must fit in the 108 cards [EB-1] (RULES.md
    Burraco, "Impossible input"): their card points (melded and in hand) at most 1080
    (:data:`DECK_POINTS`); their wild cards (every joker and 2 given as a card, and one in each
    semiclean or dirty burraco given as a kind, since a burraco holds at most one) at most 12
    (:data:`WILD_CARDS`); their cards (those given, and 7 for each burraco given as a kind) at
    most 108. ``LedgerError`` on the field of the side where the sum first goes over."""
    points = wild = cards = 0
    for s in sides:
        kinds = [k for k, m in s.burrachi if m is None]
        points += s.melded_points + s.hand_points
        if points > DECK_POINTS:
            raise LedgerError(t("burraco.deck_points", "the card points melded and in hand add up to {points} with "
                                "this side's, but the 108 cards hold {most}", points=points, most=DECK_POINTS),
                              f"{s.field}.melded_points", s.melded_points)
        wild += sum(1 for c in s.cards if is_wild(c)) + sum(1 for k in kinds if k != CLEAN)
        if wild > WILD_CARDS:
            raise LedgerError(t("burraco.deck_wild", "the burrachi and cards given hold {n} wild cards with this "
                                "side's (a semiclean or dirty burraco holds one), but the deck has {most} (4 jolly, "
                                "8 pinelle)", n=wild, most=WILD_CARDS), f"{s.field}.burraco", s.kinds)
        cards += len(s.cards) + BURRACO_CARDS * len(kinds)
        if cards > DECK.size:
            raise LedgerError(t("burraco.deck_cards", "the burrachi and cards given need at least {n} cards with this "
                                "side's (a burraco is 7 or more), but the deck has {most}", n=cards, most=DECK.size),
                              f"{s.field}.burraco", s.kinds)


def check_closing(side: SideHand, rs: RuleSet) -> None:
    """Closing needs the pozzetto taken and a burraco (``international``: a clean one) [EB-16];
    ``LedgerError`` on ``closed_by`` otherwise."""
    if not side.pozzetto:
        raise LedgerError(t("burraco.close_pozzetto", "{side} cannot close without having taken its pozzetto",
                            side=side.name), "closed_by", side.name)
    if not side.burrachi:
        raise LedgerError(t("burraco.close_burraco", "{side} cannot close without a burraco", side=side.name),
                          "closed_by", side.name)
    if rs.close_needs_clean and CLEAN not in side.kinds:
        raise LedgerError(t("burraco.close_clean", "{side} cannot close without a clean burraco in international "
                            "burraco (it has {kinds})", side=side.name,
                            kinds=[KIND_NAMES.get(k, k) for k in side.kinds]),
                          "closed_by", side.name)


def side_items(side: SideHand, closed_by: str | None) -> list[tuple[str, int]]:
    """Every scoring item of one side: burrachi, closing, melded cards, cards in hand, pozzetto."""
    items = [(f"{kind} burraco", BONUS[kind]) for kind in side.kinds]
    if closed_by == side.name:
        items.append(("closing", CLOSING))
    items.append(("melded cards", side.melded_points))
    items.append(("cards in hand", -side.hand_points))
    if not side.pozzetto:
        items.append(("pozzetto not taken", -POZZETTO_NOT_TAKEN))
    return items


def score_hand(doc: JsonDoc, rs: RuleSet, resolve: Resolve,
               expected: Sequence[str] | None = None) -> HandResult:
    """Score one hand document under ``rs``.

    ``resolve(key, field)`` maps a side key of the document to a side name; ``expected`` lists the
    sides a match has (all must be given). Returns ``{"points": {side: int}, "items": {side:
    [{"item", "points"}]}, "sides": {side: {"burraco", "melded_points", "hand_points",
    "pozzetto"}}, "closed_by": side or None}``.
    """
    check_keys(doc, HAND_KEYS)
    raw = read_sides(doc, resolve, expected)
    sides = [read_side(name, value, f"sides.{key}", rs) for name, (key, value) in raw.items()]
    check_deck(sides)
    closed_by = read_closed_by(doc, resolve, raw)
    if closed_by is not None:
        check_closing(next(s for s in sides if s.name == closed_by), rs)
    items = {s.name: side_items(s, closed_by) for s in sides}
    points = {name: sum(p for _, p in its) for name, its in items.items()}
    result = BurracoResult(points, items_of(items), {s.name: s.facts() for s in sides}, closed_by)
    return HandResult(result, partial(hand_line, points, closed_by))


def read_sides(doc: JsonDoc, resolve: Resolve,
               expected: Sequence[str] | None) -> dict[str, tuple[str, JsonValue]]:
    """The hand's sides (name → (document key, fields)): 2 or 3 of them, each once, and in a match
    exactly the match's sides."""
    raw = doc.get("sides")
    if not isinstance(raw, Mapping):
        raise LedgerError(t("burraco.sides_missing", "missing (each side's burraco, melded points, hand and "
                            "pozzetto)") if raw is None else t("burraco.sides_shape", "expected each side's hand"),
                          "sides", raw)
    sides = sides_by_name(raw, resolve, expected,
                          lambda side: t("burraco.side_twice", "side {side!r} is given twice", side=side),
                          lambda side: t("burraco.hand_of_missing", "missing the hand of {side!r}", side=side))
    if not 2 <= len(sides) <= 3:
        raise LedgerError(t("burraco.sides_count", "a burraco hand has 2 or 3 sides (a pair is one side), not {n}",
                            n=len(sides)), "sides", list(sides))
    return sides


def read_closed_by(doc: JsonDoc, resolve: Resolve, sides: JsonDoc) -> str | None:
    """``closed_by``: a side of the hand, or null (also ``"nobody"``) when nobody closed; required
    (:func:`~ledger.games.hand_sides.closer_of`)."""
    return closer_of(doc, resolve, sides, NOBODY,
                     t("burraco.closed_missing", "missing (the side that closed, or null if nobody did)"),
                     lambda value: t("burraco.not_a_side", "{value!r} is not a side of this hand", value=value))


# --- the match -----------------------------------------------------------------------------------
def match_hand(setup: MatchSetup, state: MatchState, doc: JsonDoc, rs: RuleSet) -> tuple[MatchState,
                                                                                                    HandResult]:
    """Score ``doc`` as the next hand of the match and add it up.

    Errors besides the hand's own: a hand after the match was won; in a match whose sides are
    single players, a closing side with cards in hand (RULES.md, decided there). The first side at
    or over ``options.target`` (2005) at the end of a hand wins, the highest if several; equal
    highest play on (:func:`ledger.games.base.running_winner`).
    """
    if state.finished:
        raise LedgerError(t("burraco.over", "the match is over ({winner} won): no more hands", winner=state.winner),
                          "hand", None)
    result = score_hand(doc, rs, setup.resolve_side, expected=setup.side_names)
    detail = result.detail
    assert isinstance(detail, BurracoResult)
    closer = detail.closed_by
    if closer and not setup.teams and detail.sides[closer].hand_points:
        raw = next(v for k, v in doc["sides"].items() if setup.resolve_side(k, "sides") == closer)
        field = "hand" if isinstance(raw, Mapping) and raw.get("hand") is not None else "hand_points"
        raise LedgerError(t("burraco.closer_hand", "{side} closed, so no cards are left in that hand", side=closer),
                          f"sides.{closer}.{field}", detail.sides[closer].hand_points)
    totals = {s: state.totals.get(s, 0) + detail.points[s] for s in setup.side_names}
    finished, winner = running_winner(totals, setup.options.get("target", rs.target))
    return MatchState(state.hands + 1, totals, finished, winner), result


def early_winner(state: MatchState) -> MatchState:
    """A match ended early: the highest total wins, nobody when the highest are equal (RULES.md)."""
    if state.finished or not state.totals:
        return state
    best = max(state.totals.values())
    leaders = [s for s, t in state.totals.items() if t == best]
    return MatchState(state.hands, state.totals, False, leaders[0] if len(leaders) == 1 else None, state.extra)
