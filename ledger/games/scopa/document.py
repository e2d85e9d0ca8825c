"""A Scopa hand document read and checked (FORMATS.md "Scopa", RULES.md "Impossible input").

What a side's pile may be (``docs/rules/scopa.md``):

- its captured cards, in the French letters of RULES.md (denari D, coppe H, bastoni C, spade S;
  fante J, cavallo Q, re K) or the Italian words (``7 di denari``, ``re di coppe``, ``fante di
  spade``, ``asso di bastoni``, ``sette di coppe``);
- ``"rest"`` (``resto``, ``il resto``, ``*``): the cards of the 40 in no other pile;
- its counts: ``{"cards": 22, "denari": 6, "settebello": true, "primiera": 78}`` (with
  ``napola`` and ``re_bello`` when those options are on), or the same as one Italian phrase,
  ``"22 carte, 6 denari, settebello, primiera 78, 2 scope"`` (:func:`parse_phrase`).

``scope`` (sweeps, left out = 0) goes beside any of them. This module reads a document into
each side's :class:`ledger.games.scopa.rules.Pile`; :mod:`ledger.games.scopa.rules` checks the
counts and scores; the words typed at the table are :mod:`ledger.games.scopa.hand`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ledger.cards import ITALIAN_40, Card, format_cards, parse_cards, typed_names
from ledger.errors import LedgerError
from ledger.games.base import as_bool, as_int, check_keys
from ledger.games.hand_sides import sides_by_name
from ledger.games.jsontypes import JsonDict, JsonDoc, JsonValue
from ledger.games.match_setup import Resolve
from ledger.games.scopa.rules import DECK_SIZE, DENARI_IN_DECK, Options, Pile, cards_names, check_counted, \
    check_scope, check_together, pile_from_cards
from ledger.games.suggest import did_you_mean
from ledger.i18n import t

REST_WORDS = frozenset({"rest", "resto", "il resto", "rest of the deck", "*"})
# a side's counts: document field → what it is (the prompt)
COUNT_FIELDS = {
    "cards": t("scopa.ask_cards", "number of cards captured (0-40)"),
    "denari": t("scopa.ask_denari", "number of denari captured (0-10)"),
    "settebello": t("scopa.ask_settebello", "holds the settebello, 7 di denari (yes/no)"),
    "primiera": t("scopa.ask_primiera", "primiera (e.g. 78 for three sevens and a five; 0 when a suit is missing)"),
    "napola": t("scopa.ask_napola", "napola (0, or 3-10: A-2-3 of denari and the denari after them in order)"),
    "re_bello": t("scopa.ask_re_bello", "holds the re bello, re di denari (yes/no)"),
}
SIDE_KEYS = frozenset({*COUNT_FIELDS, "scope"})
PILE_HELP = t("scopa.pile_help", "the cards, 'rest', or counts such as '22 carte 6 denari settebello primiera 78'")
# the words of a count, in a dotted entry word (Anna.carte=22) or a phrase, → the document field
FIELD_WORDS = {
    "cards": "cards", "card": "cards", "carte": "cards", "carta": "cards",
    "denari": "denari", "denaro": "denari", "coins": "denari",
    "settebello": "settebello", "primiera": "primiera", "prime": "primiera",
    "napola": "napola", "napoli": "napola", "re_bello": "re_bello", "rebello": "re_bello", "re-bello": "re_bello",
    "scope": "scope", "scopa": "scope", "sweeps": "scope", "sweep": "scope",
}
_FLAGS = frozenset({"settebello", "re_bello"})
_NO = frozenset({"no", "senza", "niente", "nessuna", "nessun", "nessuno", "without", "none"})
_FILLER = frozenset({"e", "and", "con", "with", "il", "la", "le", "lo", "i", "gli", "the", "di", "of"})
_PHRASE_MARKS = frozenset(FIELD_WORDS) - {"denari", "denaro"}  # "6 denari" alone reads as a card: 6D


# --- a side's value ------------------------------------------------------------------------------------
def is_rest(value: object) -> bool:
    return isinstance(value, str) and value.strip().casefold() in REST_WORDS


def _phrase_tokens(text: str) -> list[str]:
    t = re.sub(r"\bre[\s_]+bello\b", "rebello", text.strip().casefold())
    return [w for w in re.split(r"[\s,;:()=+]+", t) if w]


def is_phrase(value: object) -> bool:
    """True for a side's counts said as words (``"22 carte, 6 denari, settebello, primiera 78"``):
    text with a count word that no card has (``carte``, ``primiera``, ``scope``, ``settebello`` …),
    unless the whole text reads as two cards or more (``7C settebello 3D``, ``re bello asso di coppe``:
    the cards players call by name are cards in a pile)."""
    if not (isinstance(value, str) and any(w in _PHRASE_MARKS for w in _phrase_tokens(value))):
        return False
    try:
        return len(parse_cards(value, "pile", italian=True)) < 2
    except LedgerError:
        return True


def parse_phrase(text: str, field: str) -> JsonDict:
    """``"22 carte, 6 denari, settebello, primiera 78, 2 scope"`` → ``{"cards": 22, "denari": 6,
    "settebello": True, "primiera": 78, "scope": 2}``.

    A number goes with the count word before or after it (``primiera 78``, ``22 carte``);
    ``settebello`` and ``re bello`` alone mean held; ``no``/``senza`` before a word means none
    (``senza primiera`` = 0, ``no settebello``). ``LedgerError`` on ``field`` for a word it does
    not know (naming the nearest), a number with no count, or a count said twice.
    """
    out: JsonDict = {}
    number: int | None = None
    waiting: str | None = None
    negated = False

    def put(name: str, value: JsonValue) -> None:
        if name in out and out[name] != value:
            raise LedgerError(t("scopa.said_twice", "{name} is said twice in {phrase!r}", name=name, phrase=text),
                              field, text)
        out[name] = value

    for w in _phrase_tokens(text):
        if w.isdecimal():
            if len(w) > 6:
                raise LedgerError(t("scopa.long_number", "{start}… is too long a number for a pile", start=w[:6]),
                                  field, text)
            if waiting is not None:
                put(waiting, int(w))
                waiting = None
            elif number is not None:
                raise LedgerError(t("scopa.two_numbers", "two numbers in a row in {phrase!r}", phrase=text), field, text)
            else:
                number = int(w)
        elif w in _NO:
            negated = True
        elif w in FIELD_WORDS:
            name = FIELD_WORDS[w]
            if name in _FLAGS:
                put(name, not negated)
            elif negated:
                put(name, 0)
            elif number is not None:
                put(name, number)
                number = None
            else:
                waiting = name
            negated = False
        elif w not in _FILLER:
            raise LedgerError(t("scopa.not_a_count_say", "{word!r} is not a count of a pile{hint} (say e.g. "
                                "'22 carte, 6 denari, settebello, primiera 78, 2 scope')", word=w,
                                hint=did_you_mean(w, FIELD_WORDS)), field, text)
    if waiting is not None:
        raise LedgerError(t("scopa.needs_number", "{name} needs its number in {phrase!r} (right before or after it, "
                            "e.g. 'primiera 78', '6 denari')", name=waiting, phrase=text), field, text)
    if number is not None:
        raise LedgerError(t("scopa.lone_number", "the number {number} has nothing to go with in {phrase!r}",
                            number=number, phrase=text), field, text)
    return out


def side_fields(value: object, field: str) -> JsonDict:
    """A side's value as its fields: a mapping as given (its ``cards`` said as a phrase spelt out
    into counts), or a pile, ``"rest"`` or phrase given directly as ``{"cards": value}``."""
    if isinstance(value, (str, list)):
        value = {"cards": value}
    if not isinstance(value, Mapping):
        raise LedgerError(t("scopa.side_shape", "expected the side's pile: an object with its cards (or counts) "
                            "and scope"), field, value)
    check_keys(value, set(SIDE_KEYS), prefix=f"{field}.")
    out = dict(value)
    if is_phrase(out.get("cards")):
        for k, v in parse_phrase(out.pop("cards"), f"{field}.cards").items():
            if k in out and out[k] != v:
                raise LedgerError(t("scopa.given_twice_phrase", "{name} is given twice, as {given!r} and in the "
                                    "phrase as {said!r}", name=k, given=out[k], said=v), f"{field}.{k}", v)
            out[k] = v
    return out


def is_count(value: object) -> bool:
    """A number of cards (the side is then given as counts): an int or a digit string."""
    return (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, str) and value.strip().isdecimal())


def read_pile_cards(value: object, field: str) -> list[Card]:
    """A captured pile as cards of the 40-card deck (``LedgerError`` naming the card: an 8, 9, 10
    or joker, a card twice, a word that is no card)."""
    cards = parse_cards(value, field, italian=True)
    ITALIAN_40.check(cards, field, typed_names(value, italian=True))
    return cards


# --- a hand's sides ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hand:
    """A hand read and checked: each side's :class:`Pile`, the side entered as the rest (if any),
    and each side's field path in the document (``sides.Anna``)."""

    piles: dict[str, Pile]
    rest: str | None
    fields: dict[str, str]


def read_hand(raw: object, resolve: Resolve, rules: str, options: Options,
              expected: Sequence[str] | None = None) -> Hand:
    """Read and check a hand's ``sides`` (FORMATS.md "Scopa"): ``resolve(key, field)`` names the
    side a key stands for; ``expected`` lists the sides a match needs. Sides: 2 or 3 in ``scopa``,
    2 in ``scopone``. Raises ``LedgerError`` naming the field (RULES.md "Impossible input")."""
    if not isinstance(raw, Mapping):
        raise LedgerError(t("scopa.sides_missing", "missing (each side's captured pile)") if raw is None else
                          t("scopa.sides_shape", "expected each side's captured pile"), "sides", raw)
    given = sides_by_name(raw, resolve, expected,
                          lambda side: t("scopa.side_twice", "side {side!r} is given twice", side=side),
                          lambda side: t("scopa.pile_missing", "missing the pile of {side!r}", side=side))
    sides = {name: (f"sides.{key}", side_fields(value, f"sides.{key}")) for name, (key, value) in given.items()}
    allowed = (2,) if rules == "scopone" else (2, 3)
    if len(sides) not in allowed:
        what = (t("scopa.sides_count_scopone", "{rules} is played by two pairs: 2 sides, not {n}") if rules == "scopone"
                else t("scopa.sides_count", "{rules} is played by 2 or 3 sides (a pair is one side), not {n}"))
        raise LedgerError(replace(what, params={"rules": rules, "n": len(sides)}), "sides", list(sides))
    fields = {name: f for name, (f, _) in sides.items()}
    return _read_piles({name: v for name, (_, v) in sides.items()}, fields, options)


def _read_piles(sides: dict[str, JsonDict], fields: dict[str, str], options: Options) -> Hand:
    held: dict[str, list[Card]] = {}
    counted: dict[str, Pile] = {}
    rest = None
    for name, f in sides.items():
        cards, field = f.get("cards"), f"{fields[name]}.cards"
        if cards is None:
            raise LedgerError(t("scopa.pile_missing_help", "missing (the captured pile: {help})", help=PILE_HELP),
                              field, None)
        if is_rest(cards):
            if rest is not None:
                raise LedgerError(t("scopa.one_rest", "only one side may be the rest of the deck"), field, cards)
            rest = name
        elif is_count(cards):
            counted[name] = read_counts(f, fields[name], options)
        else:
            held[name] = read_pile_cards(cards, field)
    if rest is not None and counted:
        raise LedgerError(t("scopa.rest_with_counts", "a side can be 'rest' only when every other side is given as "
                            "cards"), f"{fields[rest]}.cards", "rest")
    _check_no_repeats(held, fields, options)
    if rest is not None:
        taken = {c for pile in held.values() for c in pile}
        held[rest] = [c for c in ITALIAN_40.cards() if c not in taken]
    if not counted:
        _check_whole_deck(held, options)
    piles = {}
    for name, f in sides.items():
        pile = counted.get(name) or _pile_of_cards(held[name], f, fields[name])
        scope = as_int(f.get("scope", 0), f"{fields[name]}.scope", 0)
        check_scope(scope, pile.cards, f"{fields[name]}.scope")
        piles[name] = Pile(pile.cards, pile.denari, pile.settebello, pile.primiera, pile.napola, pile.re_bello,
                           scope, pile.counted)
    if counted:
        check_together(piles, {s: frozenset(c) for s, c in held.items()}, fields, options)
    return Hand(piles, rest, fields)


def read_counts(f: JsonDoc, field: str, options: Options) -> Pile:
    """A side given as counts (``cards`` a number): ``denari`` and ``primiera`` (0 or null: the
    pile lacks a suit) are required; ``settebello`` and ``re_bello`` are false when left out (the
    deck check then finds a holder missing); ``napola`` is required when that option is on and
    the side has 3 denari or more, else 0 when left out. Checked by
    :func:`ledger.games.scopa.rules.check_counted`."""
    def need(key: str) -> JsonValue:
        if key not in f:
            raise LedgerError(t("scopa.count_missing", "missing ({what})", what=COUNT_FIELDS[key]), f"{field}.{key}",
                              None)
        return f[key]

    cards = as_int(f["cards"], f"{field}.cards", 0, DECK_SIZE)
    denari = as_int(need("denari"), f"{field}.denari", 0, DENARI_IN_DECK)
    prim = need("primiera")
    prim = 0 if prim is None else as_int(prim, f"{field}.primiera", 0, 84)
    flags = {k: as_bool(f[k], f"{field}.{k}") if f.get(k) is not None else False for k in _FLAGS}
    if f.get("napola") is not None:
        nap = as_int(f["napola"], f"{field}.napola", 0, DENARI_IN_DECK)
    elif options.napola and denari >= 3:
        need("napola")
    else:
        nap = 0
    pile = Pile(cards, denari, flags["settebello"], prim, nap, flags["re_bello"], counted=True)
    check_counted(pile, field, options)
    return pile


def _pile_of_cards(cards: list[Card], f: JsonDoc, field: str) -> Pile:
    """The facts of a pile given as cards; counts given beside the cards must agree with them."""
    pile = pile_from_cards(cards)
    for key in COUNT_FIELDS.keys() - {"cards"}:
        if f.get(key) is None:
            continue
        said = as_bool(f[key], f"{field}.{key}") if key in _FLAGS else as_int(f[key], f"{field}.{key}", 0)
        if said != getattr(pile, key):
            raise LedgerError(t("scopa.disagrees", "{said!r} disagrees with the pile's cards ({counted!r})",
                                said=said, counted=getattr(pile, key)), f"{field}.{key}", f[key])
    return pile


def _check_no_repeats(held: Mapping[str, list[Card]], fields: Mapping[str, str], options: Options) -> None:
    where: dict[Card, str] = {}
    for name, pile in held.items():
        for c in pile:
            if c in where:
                raise LedgerError(t("scopa.card_twice", "{card} is in the piles of {sides}", card=options.card(c),
                                    sides=[where[c], name]), f"{fields[name]}.cards", str(c))
            where[c] = name


def _check_whole_deck(held: Mapping[str, list[Card]], options: Options) -> None:
    have = Counter(c for pile in held.values() for c in pile)
    total = sum(have.values())
    if total != DECK_SIZE:
        missing = [c for c in ITALIAN_40.cards() if not have[c]]
        shown = cards_names(missing[:8], options.italian_suits) + (" …" if len(missing) > 8 else "")
        raise LedgerError(t("scopa.not_whole_deck", "the piles hold {total} cards, not 40: missing {cards} (one side "
                            "may be 'rest')", total=total, cards=shown), "sides", format_cards(missing))


def read_options(value: object, field: str = "options") -> Options:
    """A hand document's ``options`` (left out: both off): ``napola`` and ``re_bello``, yes/no."""
    if value is None:
        return Options()
    if not isinstance(value, Mapping):
        raise LedgerError(t("scopa.options_shape", "expected an object with napola and re_bello"), field, value)
    check_keys(value, {"napola", "re_bello"}, prefix=f"{field}.")
    return Options(*(as_bool(value[k], f"{field}.{k}") if value.get(k) is not None else False
                     for k in ("napola", "re_bello")))
