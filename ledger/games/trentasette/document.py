"""A Trentasette hand document read and checked (FORMATS.md, RULES.md "Trentasette"): each side's
pile as cards, ``"rest"`` or its counted facts, the table and the last capture; the piles and the
table make exactly the 52 cards, counted facts agree with each other and with the piles of cards.
Errors are ``LedgerError`` naming the field (``sides.Anna.figures``) and the value."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from functools import partial
from itertools import filterfalse

from ledger.cards import FRENCH_52, NUMERIC_RANKS, SUITS, Card, format_cards, parse_cards, suit_name
from ledger.errors import LedgerError
from ledger.games.base import HandResult, as_bool, as_int, check_keys, items_of, points_line
from ledger.games.hand_sides import sides_by_name
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import Resolve
from ledger.games.trentasette.records import TrentasetteResult
from ledger.games.trentasette.rules import Pile, pile_from_cards, score_piles, thresholds
from ledger.i18n import Msg, t

REST_WORDS = {"rest", "resto", "rest of the deck", "il resto", "*"}
# the facts a side may report instead of its cards: field → meaning (a message, for people)
COUNT_FIELDS = {
    "cards": t("trentasette.count_cards", "number of cards in the pile (0-52)"),
    "figures": t("trentasette.count_figures", "number of figures J Q K in the pile (0-12)"),
    "ranks": t("trentasette.count_ranks", "numeric ranks held complete (all 4; at least 3 with three sides), e.g. "
               "\"3 6\" or none"),
    "ace_of_hearts": t("trentasette.count_ace", "holds the ace of hearts (yes/no)"),
    "two_of_spades": t("trentasette.count_two", "holds the two of spades (yes/no)"),
    "sevens": t("trentasette.count_sevens", "holds at least one seven (yes/no)"),
    "runs": t("trentasette.count_runs", "suits with a run (7 in a row; 6 with three sides), e.g. \"H\" or none"),
    "missing_suits": t("trentasette.count_missing_suits", "suits of which the pile has no numeric card, e.g. \"C\" "
                       "or none"),
}
# the two cards that are facts of their own, for people
_FACT_CARDS = {"ace_of_hearts": t("trentasette.ace_of_hearts", "the ace of hearts"),
               "two_of_spades": t("trentasette.two_of_spades", "the two of spades")}
_LIST_COUNTS = ("ranks", "runs", "missing_suits")
_REQUIRED_COUNTS = tuple(COUNT_FIELDS)  # every fact must be reported: a forgotten one would score silently


def score_sides(raw_sides: JsonDict, table_raw: object, last_raw: object, resolve: Resolve,
           expected: Sequence[str] | None = None) -> HandResult:
    """Resolve names, read the piles, check the deck and the counts, and score.

    ``resolve(key, field)`` maps a side key of the document to a side name (in a match: the
    match's sides, players accepted; alone: the key itself). ``expected``: every side the hand
    must have.
    """
    sides = sides_by_name(raw_sides, resolve, expected,
                          lambda side: t("trentasette.side_twice", "side {side!r} is given twice", side=side),
                          lambda side: t("trentasette.missing_pile", "missing the pile of {side!r}", side=side))
    n = len(sides)
    if n not in (2, 3):
        raise LedgerError(t("trentasette.sides_count", "a hand has 2 or 3 sides"), "sides", list(sides))

    table = _read_cards(table_raw, "table") if table_raw not in (None, "", []) else []
    last = None
    if table:
        if last_raw in (None, ""):
            raise LedgerError(t("trentasette.say_last", "cards are left on the table: say who made the last capture"),
                              "last_capture", None)
        last = resolve(last_raw, "last_capture")
        if last not in sides:
            raise LedgerError(_not_side(last_raw), "last_capture", last_raw)
    elif last_raw not in (None, ""):
        last = resolve(last_raw, "last_capture")
        if last not in sides:
            raise LedgerError(_not_side(last_raw), "last_capture", last_raw)

    card_piles: dict[str, list[Card]] = {}
    counted: dict[str, JsonDict] = {}
    rest = None
    for name, (key, value) in sides.items():
        field = f"sides.{key}"
        if isinstance(value, str) and value.strip().lower() in REST_WORDS:
            if rest is not None:
                raise LedgerError(t("trentasette.one_rest", "only one side may be the rest of the deck"), field, value)
            rest = name
        elif isinstance(value, Mapping):
            counted[name] = _read_counts(value, field)
        else:
            card_piles[name] = _read_cards(value, field)

    if rest is not None and counted:
        name = next(iter(counted))
        raise LedgerError(t("trentasette.rest_counted", "a side can be 'rest' only when every other side is given as "
                            "cards"), f"sides.{sides[rest][0]}", "rest")
    # one deck: no card twice anywhere, and only real cards
    _check_no_repeats(card_piles, table, sides)
    if rest is not None:
        taken = set(table).union(*card_piles.values())
        card_piles[rest] = list(filterfalse(taken.__contains__, FRENCH_52.cards()))
    if table:
        assert last is not None  # read above whenever the table holds cards
        if last in counted:
            raise LedgerError(t("trentasette.table_counted", "the table's cards cannot join a counted pile: count them "
                                "into it instead"), "last_capture", last_raw)
        card_piles[last] = card_piles[last] + table
    piles: dict[str, Pile] = {}
    for name in sides:
        if name in card_piles:
            piles[name] = pile_from_cards(card_piles[name], n)
        else:
            piles[name] = _pile_from_counts(counted[name], n)
    if not counted:
        total = sum(len(p) for p in card_piles.values())
        if total != 52:
            have = Counter(c for p in card_piles.values() for c in p)
            lacking = [c for c in FRENCH_52.cards() if not have[c]]
            shown = format_cards(lacking[:8]) + (" …" if len(lacking) > 8 else "")
            raise LedgerError(t("trentasette.not_52", "the piles and the table hold {total} cards, not 52: missing "
                                "{cards}", total=total, cards=shown), "sides", format_cards(lacking))
    else:
        _check_counts(piles, card_piles, sides)

    items = score_piles(piles)
    points = {s: sum(p for _, p in items[s]) for s in sides}
    result = TrentasetteResult(points, items_of({s: items[s] for s in sides}), {s: piles[s].facts() for s in sides}, rest)
    return HandResult(result, partial(points_line, points))


def _read_cards(value: object, field: str) -> list[Card]:
    cards = parse_cards(value, field)
    if not FRENCH_52.holds(cards):
        FRENCH_52.check(cards, field)  # names what is wrong
    return cards


def _not_side(name: object) -> Msg:
    return t("trentasette.not_side", "{name!r} is not a side of this hand", name=name)


_THE_TABLE = t("trentasette.the_table", "the table")


def _check_no_repeats(card_piles: Mapping[str, list[Card]], table: list[Card],
                      sides: Mapping[str, tuple[str, object]]) -> None:
    """``LedgerError`` naming the first card met twice, in the piles' order then the table's."""
    held = sum(map(len, card_piles.values())) + len(table)
    if len(set(table).union(*card_piles.values())) == held:
        return  # no card twice: nothing to name
    where: dict[Card, str | Msg] = {}
    for name, pile in list(card_piles.items()) + [(None, table)]:
        label = sides[name][0] if name is not None and name in sides else _THE_TABLE
        for c in pile:
            if c in where:
                if where[c] != label:
                    msg = t("trentasette.card_twice", "{card} appears twice (in {first} and {second})", card=str(c),
                            first=where[c], second=label)
                else:
                    msg = t("trentasette.card_twice_in", "{card} appears twice (in {first} twice)", card=str(c),
                            first=label)
                raise LedgerError(msg, f"sides.{label}" if name is not None else "table", str(c))
            where[c] = label


def _read_counts(value: JsonDoc, field: str) -> JsonDict:
    check_keys(value, set(COUNT_FIELDS), prefix=f"{field}.")
    out = dict(value)
    for f in _REQUIRED_COUNTS:
        # "" reads as none for the list facts (ranks, runs, missing_suits), as missing otherwise
        if f not in out or out[f] is None or (out[f] == "" and f not in _LIST_COUNTS):
            raise LedgerError(t("trentasette.count_missing", "missing ({meaning})", meaning=COUNT_FIELDS[f]),
                              f"{field}.{f}", None)
    for f in COUNT_FIELDS:
        _read_count_field(out, f, f"{field}.{f}")
    return out


def _read_count_field(pile: JsonDict, f: str, field: str) -> None:
    """Normalise one counted fact in place (text from prompts is accepted)."""
    v = pile.get(f)
    if f == "cards":
        pile[f] = as_int(v, field, 0, 52)
    elif f == "figures":
        pile[f] = as_int(v, field, 0, 12)
    elif f in ("ace_of_hearts", "two_of_spades", "sevens"):
        pile[f] = as_bool(v, field) if v is not None else False
    elif f == "ranks":
        pile[f] = read_ranks(v, field)
    else:
        pile[f] = read_suits(v, field)


def _words(v: object, field: str) -> list[str]:
    if v is None:
        return []
    if isinstance(v, str):
        if v.strip().lower() in ("", "none", "nessuno", "nessuna", "-", "no"):
            return []
        return [w for w in re.split(r"[\s,;]+", v.strip()) if w]
    if isinstance(v, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v):
        return [str(x) for x in v]
    raise LedgerError(t("trentasette.not_list", "expected a list, got {value!r}", value=v), field, v)


def read_ranks(v: object, field: str) -> list[str]:
    out = []
    for w in _words(v, field):
        r = {"T": "10", "1": "A"}.get(w.upper(), w.upper())
        if r not in NUMERIC_RANKS:
            raise LedgerError(t("trentasette.not_rank", "{word!r} is not a numeric rank (A, 2-10; figures never count)",
                                word=w), field, w)
        if r not in out:
            out.append(r)
    return out


_SUIT_READ = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
              "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C",
              "PICCHE": "S", "CUORI": "H", "QUADRI": "D", "FIORI": "C"}


def read_suits(v: object, field: str) -> list[str]:
    out = []
    for w in _words(v, field):
        # "HC" reads as two suits
        parts = [w] if w.upper() in _SUIT_READ and len(w) > 1 else list(w)
        for p in parts:
            s = _SUIT_READ.get(p.upper())
            if s is None:
                raise LedgerError(t("trentasette.not_suit", "{word!r} is not a suit (S H D C)", word=w), field, w)
            if s not in out:
                out.append(s)
    return out


def _suit_list(suits: Collection[str]) -> list[str]:
    return [s for s in SUITS if s in suits]


def _pile_from_counts(c: JsonDict, n_sides: int) -> Pile:
    return Pile(c["cards"], c["figures"], frozenset(c["ranks"]), c["ace_of_hearts"], c["two_of_spades"],
                c["sevens"], frozenset(c["runs"]), frozenset(c["missing_suits"]), counted=True)


def _check_counts(piles: dict[str, Pile], card_piles: dict[str, list[Card]], sides: JsonDict) -> None:
    """Counted facts must be possible together and with the piles given as cards.

    Each card-level fact (the ace of hearts, the two of spades, a complete rank, a run) belongs to
    one side at most; the cards add up to 52 and the figures to 12; a side's own facts agree.
    """
    n = len(piles)
    need_rank, run_len = thresholds(n)
    label = {name: f"sides.{key}" for name, (key, _) in sides.items()}
    total_cards = sum(p.cards for p in piles.values())
    if total_cards != 52:
        raise LedgerError(t("trentasette.cards_sum", "the sides' cards add up to {total}, not 52", total=total_cards),
                          "sides", total_cards)
    total_fig = sum(p.figures for p in piles.values())
    if total_fig != 12:
        raise LedgerError(t("trentasette.figures_sum", "the sides' figures add up to {total}, not 12", total=total_fig),
                          "sides", total_fig)
    for fact, what in _FACT_CARDS.items():
        holders = [s for s, p in piles.items() if getattr(p, fact)]
        if len(holders) != 1:
            msg = (t("trentasette.fact_many", "{card} must be in exactly one pile, but {sides} has it", card=what,
                     sides=holders) if holders
                   else t("trentasette.fact_none", "{card} must be in exactly one pile, but no side has it", card=what))
            raise LedgerError(msg, "sides", fact)
    if not any(p.sevens for p in piles.values()):
        raise LedgerError(t("trentasette.no_seven", "no side has a seven, but the deck has four"), "sides", "sevens")
    for s, p in piles.items():
        f = label[s]
        numeric = p.cards - p.figures
        if p.figures > p.cards:
            raise LedgerError(t("trentasette.figures_pile", "{figures} figures in a pile of {cards} cards",
                                figures=p.figures, cards=p.cards), f"{f}.figures", p.figures)
        held_suits = 4 - len(p.missing_suits)
        if numeric > 10 * held_suits:
            raise LedgerError(t("trentasette.numeric_suits", "{numeric} numeric cards but only {suits} suits with numeric "
                                "cards", numeric=numeric, suits=held_suits),
                              f"{f}.missing_suits", _suit_list(p.missing_suits))
        if numeric < held_suits:
            raise LedgerError(t("trentasette.numeric_cover", "{numeric} numeric cards cannot cover {suits} suits",
                                numeric=numeric, suits=held_suits), f"{f}.cards", p.cards)
        for suit, fact in (("H", "ace_of_hearts"), ("S", "two_of_spades")):
            if getattr(p, fact) and suit in p.missing_suits:
                raise LedgerError(t("trentasette.card_no_suit", "has {card} but no {suit}", card=_FACT_CARDS[fact],
                                    suit=suit_name(suit)), f"{f}.{fact}", True)
        clash = p.runs & p.missing_suits
        if clash:
            s0 = _suit_list(clash)[0]
            raise LedgerError(t("trentasette.run_no_suit", "a run in {suit} but no {suit}", suit=suit_name(s0)),
                              f"{f}.runs", s0)
        if p.ranks and len(p.missing_suits) > 4 - need_rank:
            raise LedgerError(t("trentasette.ranks_suits", "complete ranks need {need} suits, but {missing} suits are "
                                "missing", need=need_rank, missing=len(p.missing_suits)), f"{f}.ranks", sorted(p.ranks))
        if "7" in p.ranks and not p.sevens:
            raise LedgerError(t("trentasette.sevens_complete", "holds the sevens complete but no seven"), f"{f}.sevens",
                              False)
        if len(p.ranks) * need_rank > numeric:
            raise LedgerError(t("trentasette.ranks_numeric", "{count} complete ranks need {cards} numeric cards, the "
                                "pile has {numeric}", count=len(p.ranks), cards=len(p.ranks) * need_rank,
                                numeric=numeric), f"{f}.ranks", sorted(p.ranks))
    # one card-level fact per side at most, also against piles given as cards
    for rank in NUMERIC_RANKS:
        least = sum(need_rank if rank in p.ranks else 0 for s, p in piles.items() if p.counted)
        least += sum(sum(1 for c in card_piles[s] if c.rank == rank) for s in card_piles)
        if least > 4:
            raise LedgerError(t("trentasette.rank_twice", "the {rank}s cannot be complete in more than one pile",
                                rank=rank), "sides", rank)
    counted = [p for p in piles.values() if p.counted]
    held_sevens = sum(1 for s in card_piles for c in card_piles[s] if c.rank == "7")
    if held_sevens + sum(1 for p in counted if p.sevens and "7" not in p.ranks) > 4:
        raise LedgerError(t("trentasette.sevens_left", "more sides hold a seven than there are sevens left"), "sides",
                          "sevens")
    if held_sevens < 4 and not any(p.sevens for p in counted):
        raise LedgerError(t("trentasette.sevens_held", "the piles given as cards hold {count} sevens and no counted "
                            "side has one", count=held_sevens), "sides", "sevens")
    for suit in SUITS:
        in_cards = sum(1 for s in card_piles for c in card_piles[s] if c.suit == suit and c.is_numeric)
        least = in_cards + sum(run_len if suit in p.runs else (0 if suit in p.missing_suits else 1)
                               for p in counted)
        if least > 10:
            if any(suit in p.runs for p in counted):
                msg = t("trentasette.suit_run_clash", "the sides cannot all hold what they say of {suit} (a run in "
                        "{suit})", suit=suit_name(suit))
            else:
                msg = t("trentasette.suit_clash", "the sides cannot all hold what they say of {suit} (some {suit})",
                        suit=suit_name(suit))
            raise LedgerError(msg, "sides", suit)
        if in_cards < 10 and all(suit in p.missing_suits for p in counted):
            raise LedgerError(t("trentasette.suit_nowhere", "{count} numeric {suit} are in no pile: every counted side "
                                "says it has none", count=10 - in_cards, suit=suit_name(suit)), "sides", suit)
