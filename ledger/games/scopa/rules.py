"""Scopa and Scopone scientifico: the points of a hand and of a match (RULES.md "Scopa").

Pure scoring, no reading of documents (that is :mod:`ledger.games.scopa.document`, which imports
this module, never the reverse); the records a hand's result is kept as are
:mod:`ledger.games.scopa.records`. Every side of a hand is reduced to a :class:`Pile`, the facts
the points come from, whether the side was given card by card or as its counts:

- ``cards`` (0-40), ``denari`` (0-10), ``settebello`` (holds 7D), ``primiera`` (0 when the pile
  lacks a suit, else 40-84 but 41, 80, 82, 83), ``napola`` (0 or 3-10: A-2-3 of denari and each
  further denaro in unbroken order 4 5 6 7 J Q K), ``re_bello`` (holds KD), ``scope`` (sweeps).

Points of a hand [SC-PTS], [SC-CUP], [SC-ONE]: carte, denari, primiera +1 each to the unique
most (the primiera only among sides holding all four suits), settebello +1, one per scopa;
with the options on, napola (its length) and re bello +1. Errors are ``LedgerError`` naming the
field (``sides.Anna.primiera``) and the value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement

from ledger.cards import SUITS, Card
from ledger.errors import LedgerError
from ledger.games.base import running_winner
from ledger.games.jsontypes import JsonDict
from ledger.games.scopa.records import PileCounts
from ledger.i18n import Msg, t

DENARI = "D"  # the suit of coins: diamonds in the French letters
SETTEBELLO = Card("7", DENARI)
RE_BELLO = Card("K", DENARI)
# the primiera value of each rank (all sources agree: RULES.md "Scopa")
PRIMIERA_VALUE = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10}
# every primiera four cards can make: 40 to 84 but 41, 80, 82 and 83
PRIMIERA_POSSIBLE = frozenset(sum(c) for c in combinations_with_replacement(set(PRIMIERA_VALUE.values()), 4))
NAPOLA_ORDER = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
DECK_SIZE, DENARI_IN_DECK, PER_SUIT = 40, 10, 10
TARGETS = {"scopa": 11, "scopone": 21}

CARTE, DENARI_KIND, SETTEBELLO_KIND, PRIMIERA, NAPOLA, RE_BELLO_KIND, SCOPE = (
    "carte", "denari", "settebello", "primiera", "napola", "re bello", "scope")


@dataclass(frozen=True)
class Options:
    """The hand's options (both off by default): napola [SC-NAP] and re bello [SC-ONE]."""

    napola: bool = False
    re_bello: bool = False
    italian_suits: bool = False  # the match option suits=italian: cards named "7 di denari" in messages

    def card(self, card: Card) -> "str | Msg":
        """``card`` as this match names it in a message (:func:`card_name`)."""
        return card_name(card, self.italian_suits)

    def kinds(self) -> tuple[str, ...]:
        """The kinds of points a hand has under these options, in the order the scoreboard shows them."""
        return ((CARTE, DENARI_KIND, SETTEBELLO_KIND, PRIMIERA) + ((NAPOLA,) if self.napola else ())
                + ((RE_BELLO_KIND,) if self.re_bello else ()) + (SCOPE,))


@dataclass(frozen=True)
class Pile:
    """What scoring knows of one side's captured pile (see the module docstring for the fields)."""

    cards: int
    denari: int
    settebello: bool
    primiera: int
    napola: int = 0
    re_bello: bool = False
    scope: int = 0
    counted: bool = False  # given as counts, not card by card

    def counts(self, options: Options) -> PileCounts:
        """The counts the points came from (``napola`` and ``re_bello`` only when on)."""
        return PileCounts(self.cards, self.denari, self.settebello, self.primiera,
                          self.napola if options.napola else None, self.re_bello if options.re_bello else None,
                          self.scope)

    def to_json(self, options: Options) -> JsonDict:
        return self.counts(options).to_json()


# the Italian deck's suits and ranks in words (the match option suits=italian, RULES.md "Scopa")
SUIT_WORDS = {"D": "denari", "H": "coppe", "C": "bastoni", "S": "spade"}
_RANK_WORDS = {"A": t("scopa.rank_ace", "ace"), "J": t("scopa.rank_fante", "fante"),
               "Q": t("scopa.rank_cavallo", "cavallo"), "K": t("scopa.rank_re", "re")}


def card_name(card: Card, italian_suits: bool = False) -> "str | Msg":
    """``card`` for a person: the ledger's notation (``7D``), or with ``italian_suits`` its rank and
    Italian suit in words, ``7 of denari`` / ``7 di denari``, ``re of coppe`` / ``re di coppe``
    (words that hand entry reads back)."""
    if not italian_suits:
        return str(card)
    return t("scopa.card", "{rank} of {suit}", rank=_RANK_WORDS.get(card.rank, card.rank),
             suit=SUIT_WORDS[card.suit])


def cards_names(cards: Sequence[Card], italian_suits: bool = False) -> str:
    """Cards for a person: ``7D 3C`` in the notation, ``7 di denari, 3 di bastoni`` in words."""
    return (", " if italian_suits else " ").join(str(card_name(c, italian_suits)) for c in cards)


def primiera(cards: Iterable[Card]) -> int:
    """The primiera of a pile: over the four suits, the sum of the primiera value of its best card
    in each; 0 when the pile lacks a suit (it has no primiera). ``AD 7C 6S 5H`` → 16+21+18+15 = 70."""
    best = dict.fromkeys(SUITS, 0)
    for c in cards:
        v = PRIMIERA_VALUE[c.rank]
        if v > best[c.suit]:
            best[c.suit] = v
    return sum(best.values()) if all(best.values()) else 0


def napola(cards: Iterable[Card]) -> int:
    """The napola of a pile: 3 for A-2-3 of denari, 1 more for each further denaro in unbroken
    order 4 5 6 7 J Q K (all ten: 10); 0 without A, 2 and 3 of denari [SC-NAP]."""
    ranks = {c.rank for c in cards if c.suit == DENARI}
    run = 0
    for r in NAPOLA_ORDER:
        if r not in ranks:
            break
        run += 1
    return run if run >= 3 else 0


def pile_from_cards(cards: Sequence[Card], scope: int = 0) -> Pile:
    """The facts of a pile given card by card (cards of the 40-card deck, none twice)."""
    return Pile(len(cards), sum(1 for c in cards if c.suit == DENARI), SETTEBELLO in cards, primiera(cards),
                napola(cards), RE_BELLO in cards, scope)


def napola_cards(length: int) -> frozenset[Card]:
    """The denari a napola of ``length`` holds: the first ``length`` of A 2 3 4 5 6 7 J Q K."""
    return frozenset(Card(r, DENARI) for r in NAPOLA_ORDER[:length])


# --- checks ------------------------------------------------------------------------------------------
def check_counted(p: Pile, field: str, options: Options) -> None:
    """A side given as counts must fit on its own (RULES.md "Impossible input"): denari within its
    cards, a primiera only with a card of every suit (4 cards, a denaro, 3 others) and none missing
    when the pile cannot lack a suit (31 or more cards, or 21 non-denari with a denaro), a primiera
    that fits the denari it holds (51 or more with the settebello, 81 at most without it), the
    settebello and re bello with a denaro, a napola of 0 or 3-10 within its denari, with the
    settebello from 7 and the re bello at 10 (when on). ``LedgerError`` on ``field.<count>``."""
    others = p.cards - p.denari
    if p.denari > p.cards:
        raise LedgerError(t("scopa.denari_over_cards", "{denari} denari in a pile of {cards} cards",
                            denari=p.denari, cards=p.cards), f"{field}.denari", p.denari)
    if others > 3 * PER_SUIT:
        raise LedgerError(t("scopa.others_over", "{others} cards that are not denari: the other three suits "
                            "hold {most}", others=others, most=3 * PER_SUIT), f"{field}.cards", p.cards)
    _check_primiera(p, field, options)
    held = [what for what, has in ((t("scopa.the_settebello", "the settebello"), p.settebello),
                                   (t("scopa.the_re_bello", "the re bello"), p.re_bello)) if has]
    if len(held) > p.denari:
        raise LedgerError(t("scopa.holds_but", "holds {cards} but {denari} denari", cards=held, denari=p.denari),
                          f"{field}.denari", p.denari)
    _check_napola(p, field, options)


def _check_primiera(p: Pile, field: str, options: Options) -> None:
    f, others = f"{field}.primiera", p.cards - p.denari
    if p.primiera == 0:
        if p.denari and others > 2 * PER_SUIT:
            raise LedgerError(t("scopa.primiera_due_denari", "{cards} cards with {denari} denari hold every suit: "
                                "give the primiera", cards=p.cards, denari=p.denari), f, 0)
        if p.cards > 3 * PER_SUIT:
            raise LedgerError(t("scopa.primiera_due", "{cards} cards hold every suit: give the primiera",
                                cards=p.cards), f, 0)
        return
    if p.primiera not in PRIMIERA_POSSIBLE:
        raise LedgerError(t("scopa.primiera_impossible", "{primiera} is not a primiera four cards can make (40 to "
                            "84, but not 41, 80, 82 or 83; 0 when the pile lacks a suit)", primiera=p.primiera),
                          f, p.primiera)
    if p.denari == 0:
        raise LedgerError(t("scopa.primiera_no_denaro", "a primiera needs a card of every suit (no denaro)"),
                          f, p.primiera)
    if others < 3:
        raise LedgerError(t("scopa.primiera_few", "a primiera needs a card of every suit ({cards} cards, {denari} "
                            "denari)", cards=p.cards, denari=p.denari), f, p.primiera)
    least = max([PRIMIERA_VALUE[c.rank] for c in _claimed(p)], default=0) + 3 * PRIMIERA_VALUE["K"]
    if p.primiera < least:
        raise LedgerError(t("scopa.primiera_least", "a primiera of {primiera} with the denari it holds: at least "
                            "{least}", primiera=p.primiera, least=least), f, p.primiera)
    if not p.settebello and p.primiera > 3 * PRIMIERA_VALUE["7"] + PRIMIERA_VALUE["6"]:
        raise LedgerError(t("scopa.primiera_settebello", "a primiera of {primiera} needs the settebello ({card})",
                            primiera=p.primiera, card=options.card(SETTEBELLO)), f, p.primiera)


def _check_napola(p: Pile, field: str, options: Options) -> None:
    f = f"{field}.napola"
    if p.napola and not 3 <= p.napola <= DENARI_IN_DECK:
        raise LedgerError(t("scopa.napola_impossible", "{napola} is not a napola (0, or 3 to 10)", napola=p.napola),
                          f, p.napola)
    if p.napola > p.denari:
        raise LedgerError(t("scopa.napola_over_denari", "a napola of {napola} in {denari} denari", napola=p.napola,
                            denari=p.denari), f, p.napola)
    if p.napola >= NAPOLA_ORDER.index("7") + 1 and not p.settebello:
        raise LedgerError(t("scopa.napola_settebello", "a napola of {napola} holds the settebello ({card})",
                            napola=p.napola, card=options.card(SETTEBELLO)), f, p.napola)
    if options.re_bello and p.napola == DENARI_IN_DECK and not p.re_bello:
        raise LedgerError(t("scopa.napola_re_bello", "a napola of all ten denari holds the re bello ({card})",
                            card=options.card(RE_BELLO)), f, p.napola)


def _claimed(p: Pile) -> dict[Card, str]:
    """The cards a counted pile says it holds, each with the count that says so: its napola's
    denari, the settebello, the re bello."""
    out = dict.fromkeys(sorted(napola_cards(p.napola), key=lambda c: NAPOLA_ORDER.index(c.rank)), "napola")
    out.update({SETTEBELLO: "settebello"} if p.settebello else {})
    out.update({RE_BELLO: "re_bello"} if p.re_bello else {})
    return out


def check_scope(scope: int, cards: int, field: str) -> None:
    """Sweeps: 0 to half the side's captured cards (each puts the played card and at least one
    table card in the pile). ``LedgerError`` on ``field``."""
    if scope > cards // 2:
        raise LedgerError(t("scopa.scope_over", "{scope} scope in a pile of {cards} cards: at most {most} (each "
                            "sweep takes two cards or more)", scope=scope, cards=cards, most=cards // 2), field, scope)


def check_together(piles: Mapping[str, Pile], held: Mapping[str, frozenset[Card]], fields: Mapping[str, str],
                   options: Options) -> None:
    """The sides, some given as counts, must make one deck: 40 cards, 10 denari, the settebello
    in exactly one pile (and the re bello when on), no card that two piles say they hold (a
    counted side's settebello, re bello and napola against each other and against the piles
    given as cards, ``held``: side → its cards), and a card of every suit left for each counted
    primiera. ``LedgerError`` on ``sides`` (or the side's count)."""
    for what, total, want in ((t("scopa.sum_cards", "the sides' cards add up to {total}, not {want}"),
                               sum(p.cards for p in piles.values()), DECK_SIZE),
                              (t("scopa.sum_denari", "the sides' denari add up to {total}, not {want}"),
                               sum(p.denari for p in piles.values()), DENARI_IN_DECK)):
        if total != want:
            raise LedgerError(replace(what, params={"total": total, "want": want}), "sides", total)
    owner: dict[Card, str] = {c: s for s, cards in held.items() for c in cards}
    for side, p in piles.items():
        if not p.counted:
            continue
        for card, count in _claimed(p).items():
            if card in owner:
                raise LedgerError(t("scopa.counted_twice", "{side} counts {card} ({count}), but {other} holds it "
                                    "too", side=side, card=options.card(card), count=count, other=owner[card]),
                                  f"{fields[side]}.{count}", str(card))
            owner[card] = side
    for card, name, on in ((SETTEBELLO, t("scopa.no_settebello", "no side holds the settebello ({card})"), True),
                           (RE_BELLO, t("scopa.no_re_bello", "no side holds the re bello ({card})"), options.re_bello)):
        if on and card not in owner:
            raise LedgerError(replace(name, params={"card": options.card(card)}), "sides", str(card))
    with_primiera = [s for s, p in piles.items() if p.counted and p.primiera]
    for suit in SUITS:
        left = PER_SUIT - sum(1 for cards in held.values() for c in cards if c.suit == suit)
        if len(with_primiera) > left:
            raise LedgerError(t("scopa.primiere_suit", "{n} counted primiere need a card of suit {suit} each, but "
                                "the piles given as cards leave {left}", n=len(with_primiera),
                                suit=SUIT_WORDS[suit] if options.italian_suits else suit, left=left),
                              f"{fields[with_primiera[0]]}.primiera", piles[with_primiera[0]].primiera)


# --- points --------------------------------------------------------------------------------------------
def unique_most(values: Mapping[str, int]) -> str | None:
    """The side with the unique highest value, or None on a tie for it (RULES.md "Ties")."""
    best = max(values.values(), default=None)
    top = [s for s, v in values.items() if v == best]
    return top[0] if len(top) == 1 else None


def score_piles(piles: Mapping[str, Pile], options: Options) -> dict[str, dict[str, int]]:
    """Each side's points by kind, ``side → {kind: points}`` in :meth:`Options.kinds` order.

    carte and denari: +1 to the unique most (with two sides 21 cards or 6 denari); primiera: +1
    to the unique highest among the sides holding all four suits; settebello +1; +1 per scopa;
    napola its length and re bello +1 when the options are on.
    """
    winners = {CARTE: unique_most({s: p.cards for s, p in piles.items()}),
               DENARI_KIND: unique_most({s: p.denari for s, p in piles.items()}),
               PRIMIERA: unique_most({s: p.primiera for s, p in piles.items() if p.primiera})}
    out = {}
    for side, p in piles.items():
        pts = {CARTE: int(winners[CARTE] == side), DENARI_KIND: int(winners[DENARI_KIND] == side),
               SETTEBELLO_KIND: int(p.settebello), PRIMIERA: int(winners[PRIMIERA] == side),
               NAPOLA: p.napola, RE_BELLO_KIND: int(p.re_bello), SCOPE: p.scope}
        out[side] = {k: pts[k] for k in options.kinds()}
    return out


def napoleone(piles: Mapping[str, Pile], options: Options) -> str | None:
    """The side whose napola is all ten denari (it wins the match at once), when napola is on."""
    return next((s for s, p in piles.items() if options.napola and p.napola == DENARI_IN_DECK), None)


def match_outcome(totals: Mapping[str, int], target: int, napoleone_side: str | None) -> tuple[bool, str | None]:
    """``(finished, winner)`` at the end of a hand [SC-WIN]: a napoleone wins outright; else once a
    side is at or over ``target`` the unique highest total wins, and equal highest play on."""
    if napoleone_side is not None:
        return True, napoleone_side
    return running_winner(totals, target)


def leader(totals: Mapping[str, int]) -> str | None:
    """The winner of a match ended early: the unique highest total, nobody when the highest tie."""
    return unique_most(dict(totals))
