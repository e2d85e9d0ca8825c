"""Scala 40's rules, pure and typed: the match options, a hand, the match state and how a hand
changes it (RULES.md "Scala 40 (no seed)"; documents: FORMATS.md "Scala 40 hand document" and
"Scala 40 match document").

A hand always ends with a closing: the closer scores 0 and every other player still in pays the
penalty points of the cards left in his hand (joker 25, ace 11, J Q K 10, 2 to 10 face value),
or a flat ``not_opened_points`` (100) when he never opened; a closing *in mano* doubles every
penalty. After each hand a player whose running total is at or over ``limit`` (101) is out; the
last one in wins the pot. A player who is out may re-enter (``reentries`` times a match) with the
highest total still in play, paying ``stake_cents`` into the pot again.

Nothing here reads JSON or prints: :func:`read_options`, :func:`read_hand` and
:func:`read_match_hand` turn plain values into the typed ones below (``LedgerError`` on the field
path and the value for every impossible input RULES.md lists), :func:`score` scores a lone hand
and :func:`apply` a hand of a match.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ledger.cards import TWO_DECKS_FOUR_JOKERS, Card, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc, JsonValue
from ledger.games.option_words import option_names
from ledger.games.parsing import as_bool, as_int, check_keys, need
from ledger.games.settle import DEFAULT_CURRENCY, check_currency, parse_cents, parse_money, share
from ledger.i18n import t

DECK = TWO_DECKS_FOUR_JOKERS
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_CARDS = 13  # dealt to each player: a player who never opened still holds them all
MAX_OPENED_CARDS = 9  # 14 - 4 (the smallest opening) - 1 (the discard)
JOKER_POINTS, ACE_POINTS, FIGURE_POINTS = 25, 11, 10

OPTION_KEYS = ("limit", "not_opened_points", "in_mano_double", "lone_ace_one", "reentries", "stake_cents",
               "currency", "first_dealer")
HAND_OPTION_KEYS = ("not_opened_points", "in_mano_double", "lone_ace_one")
# the options as Italian players name them (the English keys keep working)
OPTION_WORDS = {"limite": "limit", "sballo": "limit", "non_aperto": "not_opened_points",
                "punti_non_aperto": "not_opened_points", "in_mano_doppio": "in_mano_double",
                "asso_solo_uno": "lone_ace_one", "rientri": "reentries", "rientro": "reentries",
                "reentry": "reentries",  # 'rientro' as every game's option words read it (Trentuno's)
                "posta_cents": "stake_cents", "posta": "stake", "valuta": "currency",
                "primo_mazziere": "first_dealer", "mazziere": "first_dealer"}
HAND_KEYS = {"closed_by", "in_mano", "others", "options"}
MATCH_HAND_KEYS = {"closed_by", "in_mano", "others", "reentry"}
OTHER_KEYS = {"cards", "points", "opened"}


# --- options -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Options:
    """The options of a match (or of a lone hand: only the penalty ones apply), RULES.md defaults:
    ``limit`` 101 (points: out at or over it), ``not_opened_points`` 100 (None: a player who never
    opened counts his cards), ``in_mano_double`` true, ``lone_ace_one`` false, ``reentries`` 0
    (re-entries per player per match), ``stake_cents`` 0 (no money), ``currency`` EUR,
    ``first_dealer`` None (the first player listed)."""

    limit: int = 101
    not_opened_points: int | None = 100
    in_mano_double: bool = True
    lone_ace_one: bool = False
    reentries: int = 0
    stake_cents: int = 0
    currency: str = DEFAULT_CURRENCY
    first_dealer: str | None = None

    def to_json(self) -> JsonDict:
        """The options as a match document stores them (``first_dealer`` only when named)."""
        doc: JsonDict = {"limit": self.limit, "not_opened_points": self.not_opened_points,
                         "in_mano_double": self.in_mano_double, "lone_ace_one": self.lone_ace_one,
                         "reentries": self.reentries, "stake_cents": self.stake_cents,
                         "currency": self.currency}
        if self.first_dealer is not None:
            doc["first_dealer"] = self.first_dealer
        return doc


def option_key(key: str) -> str:
    """The English key of an option as typed (``limite`` → ``limit``; an unknown key as it is)."""
    folded = key.strip().casefold().replace(" ", "_").replace("-", "_")
    return OPTION_WORDS.get(folded, folded)


def read_options(raw: JsonDoc, keys: Sequence[str] = OPTION_KEYS, field: str = "options") -> Options:
    """The options in ``raw`` (English or Italian keys, ``null`` for a default except
    ``not_opened_points``), checked, defaults filled in. ``LedgerError`` on ``options.<key>`` for
    an unknown option (the known ones listed), a value out of range (``limit`` 2 to 10000,
    ``not_opened_points`` 0 to 1000, ``reentries`` 0 to 99, a stake that is no amount) or a
    yes/no that is neither. ``first_dealer`` is kept as given (the match checks the name)."""
    opts: JsonDict = {}
    for key, value in raw.items():
        name = option_key(str(key))
        if name == "stake":  # an amount (0.50 or "2,00 €") rather than cents
            name, value = "stake_cents", (None if value is None else parse_money(value, f"{field}.{key}"))
        if name not in keys:
            raise LedgerError(t("scala40.unknown_option", "unknown option {key!r} (known: {known})", key=key,
                                known=option_names(keys)), f"{field}.{key}", value)
        if name in opts:
            raise LedgerError(t("scala40.option_twice", "option {key!r} is given twice", key=name), f"{field}.{key}",
                              value)
        opts[name] = value
    return Options(**{k: _option(k, v, f"{field}.{k}") for k, v in opts.items()
                      if v is not None or k == "not_opened_points"})


def _option(key: str, value: JsonValue, field: str) -> JsonValue:
    """Option ``key``'s ``value`` checked, as :class:`Options` holds it (an int, a bool, a text or
    None: JSON still, as ``Options(**...)`` takes each by its name); ``LedgerError`` on ``field``."""
    if key == "limit":
        return as_int(value, field, 2, 10000)
    if key == "not_opened_points":
        return None if value is None or str(value).strip().casefold() in ("null", "none", "conta") \
            else as_int(value, field, 0, 1000)
    if key in ("in_mano_double", "lone_ace_one"):
        return as_bool(value, field)
    if key == "reentries":
        return as_int(value, field, 0, 99)
    if key == "stake_cents":
        return parse_cents(value, field)
    if key == "currency":
        return check_currency(value, field)
    return str(value)


# --- a hand --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Other:
    """What one player other than the closer left: his ``cards`` or the ``points`` the table
    counted (at most one of them; neither for a player who never opened, paying the flat), and
    whether he had ``opened``."""

    cards: tuple[Card, ...] | None
    points: int | None
    opened: bool = True


@dataclass(frozen=True)
class Hand:
    """One hand: who closed (``closed_by``), whether he closed ``in_mano``, each other player
    still in (``others``, in the order given) and, in a match, who re-enters before it."""

    closed_by: str
    in_mano: bool
    others: Mapping[str, Other]
    reentry: tuple[str, ...] = ()


def card_points(card: Card) -> int:
    """A card's penalty left in hand (RULES.md "Scala 40"): joker 25, ace 11, J Q K 10, else its face."""
    if card.is_joker:
        return JOKER_POINTS
    if card.rank == "A":
        return ACE_POINTS
    if card.is_figure:
        return FIGURE_POINTS
    return int(card.rank)


def read_other(value: object, field: str, options: Options) -> Other:
    """One player's entry (FORMATS.md): cards (a list or a string), a number (the penalty the
    table counted), or ``{"cards"|"points", "opened"}``. ``LedgerError`` on ``field`` for a card
    that cannot be read, both cards and points, a not-opened player's cards not 13, an opened
    player's cards not 1 to 9, or a penalty not whole or below 2 (1 with ``lone_ace_one``)."""
    if isinstance(value, Mapping):
        check_keys(value, OTHER_KEYS, f"{field}.")
        opened = as_bool(value.get("opened", True), f"{field}.opened")
        if value.get("cards") is not None and value.get("points") is not None:
            raise LedgerError(t("scala40.cards_and_points", "give the cards or the points, not both"), field,
                              dict(value))
        if value.get("cards") is not None:
            return _cards_other(value["cards"], f"{field}.cards", opened)
        if value.get("points") is not None:
            return Other(None, _points(value["points"], f"{field}.points", opened, options), opened)
        if opened:
            raise LedgerError(t("scala40.opened_needs", "a player who opened needs the cards left or the points"), field,
                              dict(value))
        if options.not_opened_points is None:
            raise LedgerError(t("scala40.count_not_opened", "with not_opened_points null, a player who never "
                                "opened needs the 13 cards or their points"), field, dict(value))
        return Other(None, None, False)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        raise LedgerError(t("scala40.not_entry", "expected the cards left in hand or the penalty, got {value!r}",
                            value=value), field, value)
    if isinstance(value, int) or (isinstance(value, str) and _NUMBER.fullmatch(value)):
        return Other(None, _points(value, field, True, options), True)  # '2,5' too: refused as no whole number
    return _cards_other(value, field, True)


_NUMBER = re.compile(r"\s*[+-]?\d+(?:[.,]\d+)*\s*")


def _cards_other(value: object, field: str, opened: bool) -> Other:
    cards = tuple(parse_cards(value, field))
    n = len(cards)
    if not opened and n != HAND_CARDS:
        raise LedgerError(t("scala40.not_opened_cards", "a player who never opened holds 13 cards, not {n}", n=n),
                          field, format_cards(cards))
    if opened and not 1 <= n <= MAX_OPENED_CARDS:
        raise LedgerError(t("scala40.opened_cards", "a player who opened holds 1 to 9 cards, not {n}", n=n),
                          field, format_cards(cards))
    DECK.check(cards, field)
    return Other(cards, None, opened)


# no hand left counts this much (9 cards at most 155, 13 at most 198; the flat at most 1000): a typo
MOST_PENALTY = 1000


def _points(value: object, field: str, opened: bool, options: Options) -> int:
    """A penalty given as a number: whole, at most :data:`MOST_PENALTY`; at least 2 for an opened
    player (1 with ``lone_ace_one``), at least 0 for one who never opened (RULES.md "Impossible
    input"). ``LedgerError`` on ``field`` otherwise."""
    if not opened:
        return as_int(value, field, 0, MOST_PENALTY)
    lowest = 1 if options.lone_ace_one else 2
    points = as_int(value, field, None, MOST_PENALTY)
    if points < lowest:
        raise LedgerError(t("scala40.penalty_low", "the penalty of a player who opened is at least {lowest} "
                            "(the lowest hand left), not {points}", lowest=lowest, points=points), field, points)
    return points


def read_hand(doc: JsonDoc, options: Options, keys: set[str] = HAND_KEYS) -> Hand:
    """The hand of a document (names as written; the match resolves them): ``closed_by``
    (required), ``in_mano`` (default false), ``others`` (required, an object), ``reentry`` in a
    match. ``LedgerError`` on the field for an unknown field or an impossible entry, the closer
    among ``others``, and a card more than twice (or a fifth joker) over the whole hand."""
    check_keys(doc, keys)
    closer = need(doc, "closed_by")
    if not isinstance(closer, str) or not closer.strip():
        raise LedgerError(t("scala40.no_closer", "name the player who closed"), "closed_by", closer)
    raw = need(doc, "others")
    if not isinstance(raw, Mapping):
        raise LedgerError(t("scala40.others_shape", "expected each other player's cards or penalty, e.g. "
                            "{{\"Bruno\": \"JK AS 7H\", \"Carla\": 34}}"), "others", raw)
    others = {str(p): read_other(v, f"others.{p}", options) for p, v in raw.items()}
    for p in others:
        if p.strip().casefold() == closer.strip().casefold():
            raise LedgerError(t("scala40.closer_pays", "{player} closed: the closer has no cards and no penalty",
                                player=closer), f"others.{p}", raw[p])
    check_deck(others)
    reentry = tuple(read_names(doc.get("reentry"), "reentry"))
    return Hand(closer.strip(), as_bool(doc.get("in_mano", False), "in_mano"), others, reentry)


def read_names(raw: object, field: str) -> list[str]:
    """Names as a JSON list or one text (``"Dario, Elena"``); none for null. ``LedgerError`` otherwise."""
    if raw is None:
        return []
    if isinstance(raw, str):
        return [n.strip() for n in raw.replace(";", ",").split(",") if n.strip()]
    if isinstance(raw, list) and all(isinstance(n, str) for n in raw):
        return list(raw)
    raise LedgerError(t("scala40.not_names", "expected a list of names, got {value!r}", value=raw), field, raw)


def check_deck(others: Mapping[str, Other]) -> None:
    """The deck check over every card given in the hand (108 cards: none more than twice, at most
    4 jokers): ``LedgerError`` on ``others.<player>`` whose cards first pass what the decks hold."""
    seen: list[Card] = []
    for player, other in others.items():
        seen += other.cards or ()
        if not DECK.holds(seen):
            DECK.check(seen, f"others.{player}")


# --- scoring one hand ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Scored:
    """A hand scored: each player's ``penalties`` (the closer 0 first, then the others in order),
    whether they were ``doubled`` (closing in mano) and ``items``, per player how each penalty was
    made: ``(what, points)`` pairs (a card, ``counted``, ``not opened``, ``in mano``)."""

    penalties: Mapping[str, int]
    doubled: bool
    items: Mapping[str, tuple[tuple[str, int], ...]]


def penalty_items(other: Other, options: Options) -> list[tuple[str, int]]:
    """How one player's penalty is made, before any doubling (RULES.md "Scala 40"): his cards one
    by one (a lone ace 1 with ``lone_ace_one``), the count the table gave, or the flat of a player
    who never opened."""
    if not other.opened and options.not_opened_points is not None:
        return [("not opened", options.not_opened_points)]
    if other.points is not None:
        return [("counted", other.points)]
    cards = other.cards or ()
    if options.lone_ace_one and len(cards) == 1 and cards[0].rank == "A":
        return [(str(cards[0]), 1)]
    return [(str(c), card_points(c)) for c in cards]


def score(hand: Hand, options: Options) -> Scored:
    """Score ``hand`` under ``options``: the closer pays 0, every other player his penalty,
    doubled when the closer closed in mano and ``in_mano_double`` holds."""
    doubled = hand.in_mano and options.in_mano_double
    penalties = {hand.closed_by: 0}
    items: dict[str, tuple[tuple[str, int], ...]] = {hand.closed_by: ()}
    for player, other in hand.others.items():
        its = penalty_items(other, options)
        points = sum(p for _, p in its)
        if doubled:
            its.append(("in mano", points))
            points *= 2
        penalties[player] = points
        items[player] = tuple(its)
    return Scored(penalties, doubled, items)


# --- the match -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    """A match after some hands: each player's running ``totals`` (seat order), who is ``out``
    (in the order they went out), ``reentries`` used per player, the ``pot_cents`` and what each
    player ``paid_cents`` into it, who dealt the last hand (``dealer``, None before the first),
    the ``winner`` (the last one in) and the ``hands`` played."""

    players: tuple[str, ...]
    totals: Mapping[str, int]
    out: tuple[str, ...]
    reentries: Mapping[str, int]
    pot_cents: int
    paid_cents: Mapping[str, int]
    dealer: str | None
    winner: str | None
    hands: int

    @property
    def players_in(self) -> tuple[str, ...]:
        """The players still in, in seat order."""
        return tuple(p for p in self.players if p not in self.out)

    @property
    def finished(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True)
class Outcome:
    """What a hand of a match did: its ``scored`` penalties, who ``reentered`` before it and with
    what total (``reentry_total``), who went ``out`` after it, and who ``dealt`` it."""

    scored: Scored
    reentered: tuple[str, ...]
    reentry_total: int | None
    out: tuple[str, ...]
    dealt: str


def start(players: Sequence[str], options: Options) -> State:
    """The match before its first hand: totals 0, everyone in, each paying the stake into the pot."""
    ps = tuple(players)
    return State(ps, {p: 0 for p in ps}, (), {p: 0 for p in ps}, options.stake_cents * len(ps),
                 {p: options.stake_cents for p in ps}, None, None, 0)


def next_dealer(state: State, options: Options) -> str | None:
    """Who deals the next hand: the first dealer for the first hand, then clockwise from the last
    dealer, skipping players who are out (a player who re-entered has his seat back); None once
    the match is won."""
    if state.finished:
        return None
    if state.dealer is None:
        return options.first_dealer or state.players_in[0]
    seats = state.players
    i = seats.index(state.dealer)
    return next(p for k in range(1, len(seats) + 1) if (p := seats[(i + k) % len(seats)]) not in state.out)


def reenter(state: State, players: Sequence[str], options: Options) -> tuple[State, int | None]:
    """``players`` re-enter (RULES.md "Re-entry"): each takes the highest total among the players
    still in and pays the stake into the pot. Returns the new state and that total (None when
    nobody re-enters). ``LedgerError`` on ``reentry`` for a player who is in, who has used his
    re-entries, named twice, when ``reentries`` is 0, or when fewer than two players are in."""
    if not players:
        return state, None
    if options.reentries == 0:
        raise LedgerError(t("scala40.no_reentries", "this match has no re-entries (option reentries 0)"),
                          "reentry", list(players))
    if len(state.players_in) < 2:
        raise LedgerError(t("scala40.reentry_too_late", "a player re-enters only while at least two players are "
                            "still in"), "reentry", list(players))
    if len(set(players)) != len(players):
        raise LedgerError(t("scala40.reentry_twice", "a player is named twice"), "reentry", list(players))
    for p in players:
        if p not in state.out:
            raise LedgerError(t("scala40.reentry_in", "{player} is still in: only a player who is out re-enters",
                                player=p), "reentry", p)
        if state.reentries[p] >= options.reentries:
            raise LedgerError(t("scala40.reentry_used", "{player} has used every re-entry of this match ({n})",
                                player=p, n=options.reentries), "reentry", p)
    total = max(state.totals[p] for p in state.players_in)
    back = set(players)
    return replace(state, totals={p: total if p in back else n for p, n in state.totals.items()},
                   out=tuple(p for p in state.out if p not in back),
                   reentries={p: n + (p in back) for p, n in state.reentries.items()},
                   pot_cents=state.pot_cents + options.stake_cents * len(back),
                   paid_cents={p: n + options.stake_cents * (p in back) for p, n in state.paid_cents.items()}), total


def check_players(state: State, hand: Hand) -> None:
    """The hand fits the match: the closer is in, ``others`` lists exactly the other players still
    in. ``LedgerError`` on ``closed_by`` or ``others.<player>`` otherwise."""
    players_in = state.players_in
    if hand.closed_by not in players_in:
        raise LedgerError(t("scala40.closer_out", "{player} is out: only a player still in closes",
                            player=hand.closed_by), "closed_by", hand.closed_by)
    for p in hand.others:
        if p in state.out:
            raise LedgerError(t("scala40.player_out", "{player} is out: a hand lists only the players still in (or "
                                "re-enter {player} first)", player=p), f"others.{p}", p)
    for p in players_in:
        if p != hand.closed_by and p not in hand.others:
            raise LedgerError(t("scala40.missing_player", "missing {player}, who is still in: the cards left, the "
                                "penalty or 'not opened'", player=p), f"others.{p}", None)


def apply(options: Options, state: State, hand: Hand) -> tuple[Outcome, State]:
    """Play ``hand`` (names already the match's) on ``state``: the re-entries first, then the
    penalties added to the totals, players at or over the limit out, the last one in wins.
    ``LedgerError`` for a match already won, a re-entry refused (:func:`reenter`) or a hand that
    does not list the players still in (:func:`check_players`)."""
    if state.finished:
        raise LedgerError(t("scala40.over", "the match is over ({winner} won): no more hands", winner=state.winner),
                          "hand", None)
    state, reentry_total = reenter(state, hand.reentry, options)
    check_players(state, hand)
    dealt = next_dealer(state, options) or hand.closed_by
    scored = score(hand, options)
    totals = {p: n + scored.penalties.get(p, 0) for p, n in state.totals.items()}
    gone = tuple(p for p in state.players_in if totals[p] >= options.limit)
    out = state.out + gone
    still = [p for p in state.players if p not in out]
    after = replace(state, totals=totals, out=out, dealer=dealt, hands=state.hands + 1,
                    winner=still[0] if len(still) == 1 else None)
    return Outcome(scored, hand.reentry, reentry_total, gone, dealt), after


def won_cents(state: State, options: Options, ended_early: bool) -> dict[str, int] | None:
    """What each player takes from the pot: the winner all of it; in a match ended early the
    players still in share it by points left (limit - total), whole cents, the cents left over
    one each to the most points left, then in seat order. None while the match is in play."""
    if state.finished and state.winner is not None:
        return {state.winner: state.pot_cents}
    if not ended_early:
        return None
    left = {p: max(options.limit - state.totals[p], 0) for p in state.players_in}
    if state.pot_cents == 0 or not any(left.values()):
        return {p: 0 for p in state.players_in}
    return share(state.pot_cents, left, state.players)


def settlement(state: State, won: Mapping[str, int] | None) -> dict[str, int] | None:
    """Each player's net cents: what he took from the pot minus every stake he paid (sums to zero)."""
    if won is None:
        return None
    return {p: won.get(p, 0) - state.paid_cents[p] for p in state.players}


def early_winner(state: State) -> str | None:
    """The winner of a match ended early: the unique lowest total among the players still in."""
    if state.finished:
        return state.winner
    totals = [state.totals[p] for p in state.players_in]
    low = min(totals)
    return state.players_in[totals.index(low)] if totals.count(low) == 1 else None
