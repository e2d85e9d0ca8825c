"""Sette e mezzo's rules, pure and typed (RULES.md "Sette e mezzo (no seed)").

Values are held in whole halves (``1`` is ½, ``15`` is 7½) so that no float is ever added; money
is integer cents. Nothing here prints or reads a file: it reads plain JSON values into typed ones
(:func:`read_options`, :func:`read_round`) and scores them (:func:`score_round`, :func:`apply`),
raising :class:`~ledger.errors.LedgerError` naming the field path (``players.Bruno.hand``,
``banker_hand``, ``options.matta``) and the value for every impossible input RULES.md lists.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum, IntEnum

from ledger.cards import ITALIAN_40, Card, parse_card, parse_cards, typed_names
from ledger.errors import LedgerError
from ledger.games.match_setup import Resolve
from ledger.games.parsing import as_bool, check_keys, out_of_range
from ledger.games.settle import check_currency, parse_cents
from ledger.games.suggest import did_you_mean
from ledger.i18n import t

SEVEN_AND_A_HALF = 15  # 7½ in halves: the most a hand may be worth
MATTA_HALVES = (1, 2, 4, 6, 8, 10, 12, 14)  # the matta is worth ½, 1, 2, ... 7 [SM-PS]
DEFAULT_MATTA = Card("K", "D")  # the re di denari [SM-TRE], [SM-PS]
MAX_STAKE = 10 ** 11  # cents (a billion euros): more is a typo, and every sum stays a 64-bit integer

BUST_WORDS = frozenset({"bust", "busted", "sballato", "sballata", "sballati", "sballa", "sballo", "oltre",
                        "ha sballato", "è sballato", "è sballata", "went bust", "is bust"})
REALE_WORDS = frozenset({"reale", "sette e mezzo reale", "7 e mezzo reale", "7½ reale", "7.5 reale",
                         "7,5 reale", "royal", "real"})
NUMBER_WORDS = {"uno": 1, "un": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7,
                "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_VALUE = re.compile(r"(\d+|[a-z]+)?\s*(½|\.5|,5|e mezzo|e mezza|and a half)?")
OUTCOME_NAMES = ("bust", "sballato", "sballata", "reale")  # what a mistyped outcome is matched against
NONE_WORDS = frozenset({"none", "null", "no", "nessuna", "nessuno", "-", ""})


class BankPasses(str, Enum):
    """When the bank passes (RULES.md): to a player whose reale was paid, or after every hand."""

    REALE = "reale"
    EVERY_HAND = "every_hand"


_BANK_WORDS = {"reale": BankPasses.REALE, "every_hand": BankPasses.EVERY_HAND, "every hand": BankPasses.EVERY_HAND,
               "ogni_mano": BankPasses.EVERY_HAND, "ogni mano": BankPasses.EVERY_HAND}
# Italian option names as a table says them, beside the English keys of FORMATS.md
OPTION_WORDS = {"reale_doppio": "reale_double", "banco_reale_doppio": "banker_reale_double",
                "passa_banco": "bank_passes", "passaggio_banco": "bank_passes", "valuta": "currency",
                "primo_banco": "first_dealer", "primo_mazziere": "first_dealer", "first_banker": "first_dealer"}
OPTION_KEYS = frozenset({"matta", "reale_double", "banker_reale_double", "bank_passes"})


@dataclass(frozen=True)
class Options:
    """The options fixed when a match starts (a lone hand may carry them too), defaults of RULES.md:
    the ``matta`` (a card of the deck, or None for no wild card), whether a player's reale is paid
    double (``reale_double``), whether the banker's reale collects double (``banker_reale_double``),
    and when the bank passes (``bank_passes``)."""

    matta: Card | None = DEFAULT_MATTA
    reale_double: bool = True
    banker_reale_double: bool = True
    bank_passes: BankPasses = BankPasses.REALE

    def to_json(self) -> dict[str, object]:
        """The options as a document writes them: ``{"matta": "KD", "reale_double": true, ...}``."""
        return {"matta": None if self.matta is None else str(self.matta), "reale_double": self.reale_double,
                "banker_reale_double": self.banker_reale_double, "bank_passes": self.bank_passes.value}


def option_key(key: str) -> str:
    """The English key of an option named ``key`` (``reale_doppio`` → ``reale_double``)."""
    folded = key.strip().casefold().replace("-", "_").replace(" ", "_")
    return OPTION_WORDS.get(folded, folded)


def read_options(raw: Mapping[str, object], prefix: str = "options") -> Options:
    """The :class:`Options` that ``raw`` gives (English or Italian keys; a key left out takes its
    default). Only the game's own four keys are read; ``LedgerError`` on ``PREFIX.KEY`` for a
    matta that is no card of the 40-card deck, a yes/no option that is neither, an unknown
    ``bank_passes``."""
    given = {option_key(k): v for k, v in raw.items()}
    return Options(read_matta(given.get("matta", str(DEFAULT_MATTA)), f"{prefix}.matta"),
                   as_bool(given.get("reale_double", True), f"{prefix}.reale_double"),
                   as_bool(given.get("banker_reale_double", True), f"{prefix}.banker_reale_double"),
                   read_bank_passes(given.get("bank_passes", "reale"), f"{prefix}.bank_passes"))


def read_matta(value: object, where: str) -> Card | None:
    """The matta named by ``value`` (``"KD"``, ``"re di denari"``), None for none (``null``,
    ``"none"``, ``"nessuna"``); ``LedgerError`` on ``where`` for a card not in the 40-card deck."""
    if value is None or (isinstance(value, str) and value.strip().casefold() in NONE_WORDS) or value is False:
        return None
    if not isinstance(value, str):
        raise LedgerError(t("sette_e_mezzo.matta_not_card", "{value!r} is not a card of the 40-card deck (the matta is "
                            "a card, e.g. KD, or none)", value=value), where, value)
    card = parse_card(value, where, italian=True)
    ITALIAN_40.check([card], where, typed_names(value, True))
    return card


def read_bank_passes(value: object, where: str) -> BankPasses:
    """``reale`` or ``every_hand`` (also ``ogni_mano``); ``LedgerError`` on ``where`` otherwise."""
    found = _BANK_WORDS.get(value.strip().casefold()) if isinstance(value, str) else None
    if found is None:
        raise LedgerError(t("sette_e_mezzo.bank_passes", "{value!r} is not when the bank passes (reale or every_hand)",
                            value=value), where, value)
    return found


# --- a hand held ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Held:
    """One hand held, the banker's or a player's: its value in halves (None: bust), whether it is a
    sette e mezzo reale (exactly two cards worth 7½), the cards when they were given (None for an
    outcome), and the halves the matta was given when it was among them."""

    halves: int | None
    reale: bool = False
    cards: tuple[Card, ...] | None = None
    matta: int | None = None

    @property
    def bust(self) -> bool:
        return self.halves is None

    def value_json(self) -> float | int | str:
        """``"bust"``, ``"reale"``, or the value as a number (``6``, ``6.5``): FORMATS.md ``values``."""
        if self.halves is None:
            return "bust"
        if self.reale:
            return "reale"
        return halves_json(self.halves)


def halves_json(halves: int) -> float | int:
    """Halves as the number a document writes: ``12`` → ``6``, ``13`` → ``6.5``."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def halves_text(halves: int) -> str:
    """Halves as a table writes them: ``13`` → ``6½``, ``1`` → ``½``."""
    whole = str(halves // 2) if halves >= 2 else ""
    return whole + ("½" if halves % 2 else "")


def card_halves(card: Card) -> int:
    """A card's value in halves: A 1, 2 to 7 face value, figures ½ [SM-TRE]."""
    return 1 if card.is_figure else 2 * card.order


_HALVES = {card: card_halves(card) for card in ITALIAN_40.counts}  # each card of the deck, worked out once


def value_of(cards: Sequence[Card], matta: Card | None) -> Held:
    """The best value of ``cards`` (of the 40-card deck): the matta (when among them) takes the value from ½ to 7 that
    makes the best hand not over 7½; over 7½ with the matta at ½ is bust; exactly two cards worth
    7½ are a reale (RULES.md)."""
    others = [c for c in cards if c != matta]
    base = sum(map(_HALVES.__getitem__, others))  # cards of the deck only (held_cards checked them)
    if len(others) == len(cards):
        halves: int | None = base if base <= SEVEN_AND_A_HALF else None
        return Held(halves, len(cards) == 2 and halves == SEVEN_AND_A_HALF, tuple(cards))
    fits = [m for m in MATTA_HALVES if base + m <= SEVEN_AND_A_HALF]
    if not fits:
        return Held(None, False, tuple(cards), 1)
    best = base + fits[-1]
    return Held(best, len(cards) == 2 and best == SEVEN_AND_A_HALF, tuple(cards), fits[-1])


def lowest_halves(cards: Sequence[Card], matta: Card | None) -> int:
    """The value of ``cards`` with the matta at ½: what decides a bust."""
    return sum(1 if c == matta else _HALVES[c] for c in cards)


def check_last_card(cards: Sequence[Card], matta: Card | None, where: str, value: object) -> None:
    """A busted card list must have a last card: some card whose removal leaves a hand not over
    7½ (the player would have stopped before otherwise); ``LedgerError`` on ``where``."""
    total = lowest_halves(cards, matta)
    if not any(total - lowest_halves([c], matta) <= SEVEN_AND_A_HALF for c in cards):
        raise LedgerError(t("sette_e_mezzo.no_last_card", "{cards}: no card can be the last one drawn (without any "
                            "of them the hand is still over 7½)", cards=" ".join(map(str, cards))), where, value)


def read_value(value: object, where: str) -> int | None:
    """A value given as a number or its words (``6.5``, ``"6½"``, ``"6 e mezzo"``, ``"sei e mezzo"``)
    → halves; None when ``value`` says no value. ``LedgerError`` on ``where`` for a number that is
    not a multiple of ½ or is outside ½ to 7½."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        doubled = value * 2
        if not math.isfinite(doubled) or doubled != int(doubled):
            raise LedgerError(t("sette_e_mezzo.not_half", "{value} is not a multiple of ½", value=value), where, value)
        return check_halves(int(doubled), value, where)
    if not isinstance(value, str):
        return None
    text = " ".join(value.strip().casefold().split())
    if text in ("mezzo", "½"):
        return 1
    m = _VALUE.fullmatch(text)
    if m is None or not text:
        return _decimal_halves(text, value, where)
    whole_text, half = m.groups()
    whole = NUMBER_WORDS.get(whole_text or "") if whole_text and not whole_text.isdigit() else (
        int(whole_text) if whole_text and len(whole_text) < 4 else None)
    if whole is None:
        return None
    return check_halves(2 * whole + (1 if half else 0), value, where)


def _decimal_halves(text: str, value: object, where: str) -> int | None:
    """``"6.25"``, ``"0,5"``: a decimal number written as text, in halves (None: not a number)."""
    m = re.fullmatch(r"(\d{1,3})[.,](\d{1,6})", text)
    if m is None:
        return None
    doubled = Decimal(f"{m.group(1)}.{m.group(2)}") * 2  # exact: no float on the way
    if doubled != doubled.to_integral_value():
        raise LedgerError(t("sette_e_mezzo.not_half", "{value} is not a multiple of ½", value=value), where, value)
    return check_halves(int(doubled), value, where)


def check_halves(halves: int, value: object, where: str) -> int:
    """``halves`` when from ½ to 7½, else ``LedgerError`` on ``where``."""
    if not 1 <= halves <= SEVEN_AND_A_HALF:
        raise LedgerError(t("sette_e_mezzo.value_range", "{value} is not a value from ½ to 7½", value=value),
                          where, value)
    return halves


def outcome_word(value: object) -> str | None:
    """``"bust"`` or ``"reale"`` when ``value`` says one of them (in English or Italian), else None."""
    if not isinstance(value, str):
        return None
    text = " ".join(value.strip().casefold().split())
    if text in BUST_WORDS:
        return "bust"
    if text in REALE_WORDS:
        return "reale"
    return None


def read_held(value: object, where: str, matta: Card | None) -> Held:
    """One hand as a document gives it: cards (a list, or a text of cards), or an outcome
    (``"bust"``/``"sballato"``, ``"reale"``, a value from ½ to 7½; 7½ given as a value is a simple
    7½). ``LedgerError`` on ``where`` for nothing given, an unknown outcome, cards and an outcome
    together, a card outside the 40-card deck or twice, a busted card list with no last card."""
    if value is None or value == "" or value == []:
        raise LedgerError(t("sette_e_mezzo.no_hand", "give the cards or what happened (bust, reale or a value "
                            "from ½ to 7½)"), where, value)
    word = outcome_word(value)
    if word is not None:
        return Held(None) if word == "bust" else Held(SEVEN_AND_A_HALF, True)
    halves = read_value(value, where)
    if halves is not None:
        return Held(halves)
    if not isinstance(value, (str, list)):
        raise LedgerError(t("sette_e_mezzo.unknown_outcome", "{value!r} is neither cards nor an outcome (bust, reale "
                            "or a value from ½ to 7½)", value=value), where, value)
    return held_cards(value, matta, where)


def held_cards(value: str | list[object], matta: Card | None, where: str) -> Held:
    """The hand that a list of cards makes (see :func:`read_held`)."""
    try:
        cards = parse_cards(value, where, italian=True)
    except LedgerError as err:
        words = value.split() if isinstance(value, str) else value
        if any(outcome_word(w) for w in words):
            raise LedgerError(t("sette_e_mezzo.cards_and_outcome", "{value!r} gives both cards and an outcome (give "
                                "one)", value=value), where, value) from None
        if isinstance(value, str) and " " not in value.strip():  # one word: an outcome mistyped
            near = did_you_mean(value, OUTCOME_NAMES, "")
            raise LedgerError(t("sette_e_mezzo.unknown_outcome_near", "{value!r} is neither cards nor an outcome "
                                "(bust, reale or a value from ½ to 7½){hint}", value=value, hint=near),
                              where, value) from None
        raise err
    if not cards:
        raise LedgerError(t("sette_e_mezzo.no_hand", "give the cards or what happened (bust, reale or a value "
                            "from ½ to 7½)"), where, value)
    if not ITALIAN_40.holds(cards):
        ITALIAN_40.check(cards, where, typed_names(value, True))  # names the card
    held = value_of(cards, matta)
    if held.bust:
        check_last_card(cards, matta, where, value)
    return held


# --- the hand of the game ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    """A player of one hand: the name, the stake in cents (> 0) and the hand held."""

    player: str
    stake_cents: int
    held: Held


@dataclass(frozen=True)
class Round:
    """One hand of sette e mezzo: the banker, the banker's hand, and the players in playing order
    from the banker's right."""

    banker: str
    banker_held: Held
    seats: tuple[Seat, ...]


HAND_KEYS = frozenset({"banker", "banker_hand", "banker_cards", "banker_outcome", "players"})
SEAT_KEYS = frozenset({"stake_cents", "hand", "cards", "outcome"})


def read_round(doc: Mapping[str, object], options: Options, resolve: Resolve, extra: frozenset[str] = frozenset()) -> Round:
    """The :class:`Round` that a hand document gives (FORMATS.md "Sette e mezzo hand document").

    ``resolve(name, field)`` gives the player a name stands for (a match's players; in a lone
    hand, the names as written). ``extra``: more top-level keys allowed (a lone hand's
    ``options``). ``LedgerError`` naming the field for: an unknown field, no banker, a banker also
    listed as a player, no players, a player twice, a stake that is not a whole number of cents
    above 0, a hand that cannot be read (:func:`read_held`), a card in two hands."""
    check_keys(doc, set(HAND_KEYS | extra))
    raw_banker = doc.get("banker")
    if raw_banker is None or (isinstance(raw_banker, str) and not raw_banker.strip()):
        raise LedgerError(t("sette_e_mezzo.no_banker", "name the banker"), "banker", raw_banker)
    banker = resolve(raw_banker, "banker")
    players = doc.get("players")
    if not isinstance(players, Mapping) or not players:
        raise LedgerError(t("sette_e_mezzo.no_players", "give at least one player besides the banker, each with a "
                            "stake and a hand"), "players", players)
    banker_held = read_held(*given_hand(doc, "banker_"), options.matta)
    seats = tuple(read_seat(key, raw, banker, options, resolve) for key, raw in players.items())
    check_distinct(seats, players)
    check_deck(banker, banker_held, seats)
    return Round(banker, banker_held, seats)


def read_seat(key: object, raw: object, banker: str, options: Options, resolve: Resolve) -> Seat:
    """One entry of ``players`` (see :func:`read_round`)."""
    where = f"players.{key}"
    player = resolve(key, where)
    if player == banker:
        raise LedgerError(t("sette_e_mezzo.banker_plays", "{player} holds the bank: the banker cannot also play "
                            "against the bank", player=player), where, key)
    if not isinstance(raw, Mapping):
        raise LedgerError(t("sette_e_mezzo.seat_shape", "expected the player's stake and hand, e.g. "
                            "{{\"stake_cents\": 100, \"hand\": \"5D JS\"}}"), where, raw)
    check_keys(raw, set(SEAT_KEYS), f"{where}.")
    return Seat(player, read_stake(raw.get("stake_cents"), f"{where}.stake_cents"),
                read_held(*given_hand(raw, "", f"{where}."), options.matta))


def given_hand(doc: Mapping[str, object], prefix: str, path: str = "") -> tuple[object, str]:
    """The hand a document gives under ``hand`` (cards or an outcome), ``cards`` or ``outcome``
    (with ``prefix``: ``banker_hand`` ...) and its field path; ``LedgerError`` when it gives more
    than one of them (cards and an outcome: give one)."""
    if f"{prefix}cards" not in doc and f"{prefix}outcome" not in doc:  # the common case: "hand" alone
        return doc.get(f"{prefix}hand"), f"{path}{prefix}hand"
    keys = [k for k in (f"{prefix}hand", f"{prefix}cards", f"{prefix}outcome") if doc.get(k) is not None]
    if len(keys) > 1:
        raise LedgerError(t("sette_e_mezzo.hand_twice", "the hand is given both as {first} and as {second} (give "
                            "one: cards or an outcome)", first=keys[0], second=keys[1]), path + keys[1], doc[keys[1]])
    key = keys[0] if keys else f"{prefix}hand"
    return doc.get(key), path + key


def read_stake(value: object, where: str) -> int:
    """A stake: a whole number of cents above 0, at most :data:`MAX_STAKE` (``LedgerError`` on
    ``where`` otherwise)."""
    if value is None:
        raise LedgerError(t("sette_e_mezzo.no_stake", "give the stake (cents, above 0)"), where, value)
    if isinstance(value, float) or isinstance(value, bool):
        raise LedgerError(t("sette_e_mezzo.stake_not_cents", "{value!r} is not a whole number of cents above 0",
                            value=value), where, value)
    cents = parse_cents(value, where)
    if cents > MAX_STAKE:
        raise LedgerError(out_of_range(cents, 1, MAX_STAKE), where, value)
    if cents <= 0:
        raise LedgerError(t("sette_e_mezzo.stake_not_cents", "{value!r} is not a whole number of cents above 0",
                            value=value), where, value)
    return cents


def check_distinct(seats: Sequence[Seat], raw: Mapping[str, object]) -> None:
    """No player twice in one hand (``Bruno`` and ``bruno``): ``LedgerError`` on the second."""
    seen: set[str] = set()
    for seat, key in zip(seats, raw):
        if seat.player in seen:
            raise LedgerError(t("hand.player_twice", "{player!r} is given twice", player=seat.player),
                              f"players.{key}", key)
        seen.add(seat.player)


def check_deck(banker_name: str, banker: Held, seats: Sequence[Seat]) -> None:
    """One 40-card deck: no card in two hands of the same deal (each hand checked itself by
    :func:`held_cards`); ``LedgerError`` naming the second holder's hand and the card."""
    holders: dict[Card, str] = {}
    hands = [(banker_name, "banker_hand", banker)] + [(s.player, f"players.{s.player}.hand", s.held) for s in seats]
    for name, where, held in hands:
        for card in held.cards or ():
            if card in holders:
                raise LedgerError(t("sette_e_mezzo.card_twice", "{card} is in two hands ({holder} has it too): the "
                                    "deck has one", card=str(card), holder=holders[card]), where, str(card))
            holders[card] = name


# --- paying -----------------------------------------------------------------------------------------
class Line(IntEnum):
    """The payment lines of RULES.md, in the order they are tried."""

    PLAYER_BUST = 1
    BANKER_BUST = 2
    BANKER_REALE = 3
    PLAYER_REALE = 4
    HIGHER = 5


def payment(banker: Held, player: Held, stake: int, options: Options) -> tuple[Line, int]:
    """The line that applies and the player's net in cents (the banker's is its opposite), for a
    player with ``stake`` cents (RULES.md "Payment", lines 1 to 5)."""
    if player.bust:
        return Line.PLAYER_BUST, -stake
    if banker.bust:
        return Line.BANKER_BUST, stake * (2 if player.reale and options.reale_double else 1)
    if banker.reale:
        return Line.BANKER_REALE, -stake * (1 if player.reale or not options.banker_reale_double else 2)
    if player.reale:
        once = banker.halves == SEVEN_AND_A_HALF or not options.reale_double
        return Line.PLAYER_REALE, stake * (1 if once else 2)
    assert player.halves is not None and banker.halves is not None  # neither is bust here
    return Line.HIGHER, stake if player.halves > banker.halves else -stake


@dataclass(frozen=True)
class Paid:
    """How one player was paid: the line of RULES.md and the player's net in cents."""

    player: str
    line: Line
    net_cents: int


@dataclass(frozen=True)
class Outcome:
    """A hand scored: each player's payment in playing order, every net (the banker's first, minus
    the sum of the others'), and who holds the bank next (a proposal: RULES.md)."""

    round: Round
    paid: tuple[Paid, ...]
    net_cents: Mapping[str, int]
    next_banker: str


def score_round(options: Options, rnd: Round) -> Outcome:
    """Score one hand: every player against the banker (RULES.md "Payment"), then the bank's next
    holder (:func:`next_banker`). Nets in cents, summing to zero."""
    paid = tuple(Paid(s.player, *payment(rnd.banker_held, s.held, s.stake_cents, options)) for s in rnd.seats)
    nets = {rnd.banker: -sum(p.net_cents for p in paid), **{p.player: p.net_cents for p in paid}}
    return Outcome(rnd, paid, nets, next_banker(options, rnd, paid))


def next_banker(options: Options, rnd: Round, paid: Sequence[Paid]) -> str:
    """Who holds the bank next: with ``every_hand`` the player on the banker's right (the first in
    playing order); by default the first player in playing order whose reale was paid (lines 2
    and 4), else the banker keeps it [SM-STU], [SM-TRE], [SM-TRA], [SM-SNAI]."""
    if options.bank_passes is BankPasses.EVERY_HAND:
        return rnd.seats[0].player
    held = {s.player: s.held for s in rnd.seats}
    reali = [p.player for p in paid if held[p.player].reale and p.line in (Line.BANKER_BUST, Line.PLAYER_REALE)]
    return reali[0] if reali else rnd.banker


# --- a match ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    """A match so far: hands played, every player's net in cents (summing to zero), who holds the
    bank next, and each player's last stake (the default stake for the next hand at the table)."""

    hands: int
    totals_cents: Mapping[str, int]
    next_banker: str
    stakes_cents: Mapping[str, int] = field(default_factory=dict)


def start(players: Sequence[str], first_banker: str) -> State:
    """The state before the first hand: every net 0, the first banker proposed."""
    return State(0, {p: 0 for p in players}, first_banker)


def apply(options: Options, state: State, rnd: Round) -> tuple[Outcome, State]:
    """Score ``rnd`` as the next hand and add its nets to the match's (RULES.md "Money")."""
    outcome = score_round(options, rnd)
    totals = {p: n + outcome.net_cents.get(p, 0) for p, n in state.totals_cents.items()}
    stakes = {**state.stakes_cents, **{s.player: s.stake_cents for s in rnd.seats}}
    return outcome, State(state.hands + 1, totals, outcome.next_banker, stakes)


def read_currency(value: object, where: str) -> str:
    """The currency of the match (``EUR`` by default)."""
    return "EUR" if value is None else check_currency(value, where)
