"""Il Gioco di Simone's rules, pure and typed (seed 002, RULES.md "Il Gioco di Simone"): the cards'
values, a player's hand read from cards or a sum (:func:`read_hand`), the deck check across a hand
(:func:`check_deck`), a hand scored (:func:`score_hand`: the lowest sum wins, ties all win), and
the match: the standing (hands won, then the lower total of sums), each player's statistics and
the target (:func:`apply_hand`, :func:`end_early`). Points are card sums, lower is better.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from ledger.cards import JOKER, TWO_DECKS_FOUR_JOKERS, Card, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games.base import MatchSetup, MatchState, as_int, check_keys, check_names, frozen, need
from ledger.games.jsontypes import JsonDoc
from ledger.games.match_setup import Resolve
from ledger.games.simone.records import Knocks, Place, PlayerStats, SimoneResult, SimoneState
from ledger.i18n import t

DECK = TWO_DECKS_FOUR_JOKERS
MAX_PLAYERS = 26              # the seed says "almeno 2"; 4 cards each from 108 leaves a stock up to 26
HAND_KEYS = {"hands", "knocked_by"}
NOBODY_WORDS = {"", "-", "none", "nobody", "null", "nessuno", "no"}
_NUMBER = re.compile(r"\s*[-+]?\d+\s*")


def card_value(card: Card) -> int:
    """The value of one card: A-Q 1-12, K♥ K♦ 0, K♣ K♠ 30, joker -1 (seed 002, "Valori delle carte")."""
    if card.is_joker:
        return -1
    if card.rank == "K":
        return 0 if card.suit in ("H", "D") else 30
    return card.order


def hand_sum(cards: Sequence[Card]) -> int:
    """The sum of a player's cards (units: points, lower is better)."""
    try:
        return sum(map(_VALUES.__getitem__, cards))
    except KeyError:  # a card of no deck in play
        return sum(_VALUES[c] if c in _VALUES else card_value(c) for c in cards)


_VALUES = {c: card_value(c) for c in DECK.counts}  # every card of the deck: its value worked out once
# the sums a player can show with the 108 cards: -4 (four jokers) to 744 (every card worth more than 0)
MIN_SUM = sum(min(card_value(c), 0) * n for c, n in DECK.counts.items())
MAX_SUM = sum(max(card_value(c), 0) * n for c, n in DECK.counts.items())


def read_hand(value: object, field: str) -> tuple[list[Card] | None, int]:
    """One player's hand: ``(cards, sum)`` from cards, or ``(None, sum)`` from a number.

    A number (or a digit string) is the sum the player counted, from :data:`MIN_SUM` to
    :data:`MAX_SUM`. Raises ``LedgerError`` on ``field`` for a value that is neither, a card that
    cannot be read, no cards at all, or a card more often than the two decks hold.
    """
    if isinstance(value, bool) or isinstance(value, float):
        raise LedgerError(t("simone.not_hand", "expected cards or a whole-number sum, got {value!r}", value=value),
                          field, value)
    if isinstance(value, int) or (isinstance(value, str) and _NUMBER.fullmatch(value)):
        return None, as_int(value.strip().lstrip("+") if isinstance(value, str) else value,
                            field, MIN_SUM, MAX_SUM)
    cards = parse_cards(value, field)
    if not cards:
        raise LedgerError(t("simone.no_cards", "a player shows at least one card (or give the sum)"), field, value)
    if not DECK.holds(cards):
        DECK.check(cards, field)  # names what is wrong
    return cards, hand_sum(cards)


def lowest(sums: Mapping[str, int]) -> list[str]:
    """Every player tied for the lowest sum, in the order of ``sums`` (they all win the hand)."""
    best = min(sums.values())
    return [p for p, s in sums.items() if s == best]


def check_deck(cards: Mapping[str, list[Card] | None], sums: Mapping[str, int],
               labels: Mapping[str, str]) -> None:
    """The deck check across the whole hand (RULES.md: no card more than twice, at most 4 jokers).

    ``cards``: player → cards shown (None when the sum was entered); ``labels``: player → field
    path. A sum entered below zero needs that many jokers, which the shown cards must leave.
    Raises ``LedgerError`` naming the player where the limit is first passed.
    """
    shown_all = [c for shown in cards.values() if shown for c in shown]  # each card in the deck (read_hand)
    if not DECK.holds(shown_all):
        _refuse_repeats(cards, labels)
    jokers_left = DECK.counts[JOKER] - shown_all.count(JOKER)
    for player, shown in cards.items():
        if shown is None and sums[player] < 0:
            jokers_left += sums[player]
            if jokers_left < 0:
                raise LedgerError(t("simone.jokers_short", "a sum of {sum} needs {jokers} jokers, but the other "
                                    "hands leave fewer", sum=sums[player], jokers=-sums[player]),
                                  labels[player], sums[player])


def _refuse_repeats(cards: Mapping[str, list[Card] | None], labels: Mapping[str, str]) -> None:
    """``LedgerError`` naming the player whose cards first pass what the decks hold."""
    seen: Counter[Card] = Counter()
    holders: dict[Card, list[str]] = {}
    for player, shown in cards.items():
        for card in shown or ():
            seen[card] += 1
            holders.setdefault(card, []).append(player)
            allowed = DECK.counts[card]
            if seen[card] > allowed:
                who = ", ".join(dict.fromkeys(holders[card]))
                if card.is_joker:
                    msg = t("simone.too_many_jokers", "{count} jokers in this hand ({who}), but {deck} hold {allowed}",
                            count=seen[card], who=who, deck=DECK.name, allowed=allowed)
                else:
                    msg = t("simone.too_many", "{count} {card} in this hand ({who}), but {deck} hold {allowed}",
                            count=seen[card], card=str(card), who=who, deck=DECK.name, allowed=allowed)
                raise LedgerError(msg, labels[player], str(card))


@frozen
class Hand:
    """A hand read and checked: each player's ``cards`` shown (None when the sum was entered)
    and ``sums`` (points, lower is better), in table order, and who ``knocked_by`` (or None)."""

    cards: Mapping[str, list[Card] | None]
    sums: Mapping[str, int]
    knocked_by: str | None


def read_entries(entries: Mapping[str, tuple[str, object]], knocked_by: str | None) -> Hand:
    """``entries``: player → (document key, hand value), in table order → the typed hand, each
    value read (:func:`read_hand`) and the deck checked across the hand (:func:`check_deck`).
    ``LedgerError`` on ``hands.KEY``."""
    labels = {p: f"hands.{key}" for p, (key, _) in entries.items()}
    read = {p: read_hand(value, labels[p]) for p, (_, value) in entries.items()}
    cards = {p: c for p, (c, _) in read.items()}
    sums = {p: s for p, (_, s) in read.items()}
    check_deck(cards, sums, labels)
    return Hand(cards, sums, knocked_by)


def score(hand: Hand) -> SimoneResult:
    """The lowest sum wins the hand, every player tied for it too (RULES.md "Il Gioco di Simone").

    A :class:`~ledger.games.simone.records.SimoneResult` (``{"sums": {player: int}, "winners":
    [player, ...], "knocked_by": player|None, "knocker_won": bool|None, "cards": {player: "card
    string"|None}}``)."""
    winners = lowest(hand.sums)
    knocker = hand.knocked_by
    return SimoneResult(dict(hand.sums), tuple(winners), knocker, None if knocker is None else knocker in winners,
                        {p: None if c is None else format_cards(c) for p, c in hand.cards.items()})


def score_hand(entries: Mapping[str, tuple[str, object]], knocked_by: str | None) -> SimoneResult:
    """Score one hand: :func:`score` of :func:`read_entries`."""
    return score(read_entries(entries, knocked_by))


def read_knock(value: object, resolve: Resolve) -> str | None:
    """The player who knocked, or None for nobody (absent, null, empty or "nessuno")."""
    if value is None or (isinstance(value, str) and value.strip().casefold() in NOBODY_WORDS):
        return None
    return resolve(value, "knocked_by")



# --- the match ------------------------------------------------------------------------------------
def place_key(totals: Mapping[str, int], sums: Mapping[str, int]) -> Callable[[str], tuple[int, int]]:
    """Sort key of the standing: more hands won first, then the lower total of sums."""
    return lambda p: (-totals[p], sums[p])


def standing(players: Sequence[str], totals: Mapping[str, int], sums: Mapping[str, int]) -> tuple[Place, ...]:
    """The standing (``[{"place", "player", "hands_won", "sum"}]`` as JSON), best first.

    Players level on hands won and sum share a place (1, 1, 3) and keep seat order between them.
    """
    key = place_key(totals, sums)
    ordered = sorted(players, key=key)
    out: list[Place] = []
    for i, p in enumerate(ordered):
        place = out[-1].place if out and key(ordered[i - 1]) == key(p) else i + 1
        out.append(Place(place, p, totals[p], sums[p]))
    return tuple(out)


def leaders(rows: Sequence[Place]) -> list[str]:
    """The players in first place of a :func:`standing`."""
    return [r.player for r in rows if r.place == 1]


def _one_or_all(names: Sequence[str]) -> str | list[str]:
    """The winner as a state says it: the one leader, or the list of leaders sharing the win."""
    return names[0] if len(names) == 1 else list(names)


def average(total: int, count: int) -> str | None:
    """``total / count`` to one decimal, rounded half up, as text ("12.5"); None when ``count`` is 0.

    Text, not a float, so that a match state stays exact JSON.
    """
    if count == 0:
        return None
    tenths = (20 * total + count) // (2 * count)  # floor(10 * total / count + 1/2), in whole numbers
    sign = "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def add_stats(stats: PlayerStats, player: str, result: SimoneResult) -> PlayerStats:
    """A player's statistics after one more hand.

    ``hands`` played, ``hands_won`` (shared wins count), ``sum`` (total of sums),
    ``average_sum`` (text, one decimal), ``best_hand`` / ``worst_hand`` (lowest / highest sum),
    ``knocks`` (times the player knocked), ``knocks_won`` (hands the player knocked and won).
    """
    s = result.sums[player]
    won = player in result.winners
    knocked = result.knocked_by == player
    hands, total = stats.hands + 1, stats.sum + s
    return PlayerStats(hands, stats.hands_won + int(won), total, average(total, hands),
                       s if stats.best_hand is None else min(stats.best_hand, s),
                       s if stats.worst_hand is None else max(stats.worst_hand, s),
                       stats.knocks + int(knocked), stats.knocks_won + int(knocked and won))



# --- hands and the match -------------------------------------------------------------------------
def read_hands(doc: JsonDoc) -> JsonDoc:
    """The document's ``hands`` (player → cards or sum), its fields checked (``LedgerError``)."""
    check_keys(doc, HAND_KEYS)
    hands = need(doc, "hands")
    if not isinstance(hands, Mapping):
        raise LedgerError(t("simone.hands_not_mapping", "expected each player's cards or sum, e.g. "
                            "{{\"Anna\": \"KH JK 3S\"}}"), "hands", hands)
    return hands


def lone_hand(doc: JsonDoc) -> tuple[dict[str, tuple[str, object]], Resolve]:
    """A hand document on its own (``ledger score``): each player named as the document names
    them → (document key, hand value), and how a name of the hand resolves (the knocker's).
    ``LedgerError`` for an unknown field, a bad list of hands, or a name not of the hand."""
    hands = read_hands(doc)
    names = check_names(list(hands), "hands")

    def resolve(name: object, field: str) -> str:
        key = name.strip().casefold() if isinstance(name, str) else None
        for n in names:
            if n.casefold() == key:
                return n
        raise LedgerError(t("hand.not_player", "{name!r} is not a player of this hand (players: {players})",
                            name=name, players=", ".join(names)), field, name)

    return {resolve(k, f"hands.{k}"): (k, v) for k, v in hands.items()}, resolve


def start(setup: MatchSetup) -> MatchState:
    """Nobody has won a hand yet; the standing in seat order."""
    players = setup.players
    totals = {p: 0 for p in players}
    sums = {p: 0 for p in players}
    extra = SimoneState(sums, standing(players, totals, sums), {p: PlayerStats() for p in players}, Knocks(),
                        setup.options.get("target"))
    return MatchState(0, totals, False, None, extra)


def apply_hand(setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, SimoneResult]:
    """Score ``doc`` as the next hand (every player of the match in it) and fold it in.

    ``totals`` are hands won per player; ``extra`` holds ``sums`` (total of sums),
    ``standing`` (see :func:`standing`), ``stats`` (see :func:`add_stats`), ``knocks``
    (hands with a knocker, and how many of them the knocker won) and ``target``.
    Raises ``LedgerError`` for a finished match, a player missing, unknown or given twice.
    """
    if state.finished:
        raise LedgerError(t("match.over", "the match is over: no more hands"), "hand", None)
    hands = read_hands(doc)
    entries: dict[str, tuple[str, object]] = {}
    for key, value in hands.items():
        player = setup.resolve_player(key, f"hands.{key}")
        if player in entries:
            raise LedgerError(t("hand.player_twice", "{player!r} is given twice", player=player), f"hands.{key}", key)
        entries[player] = (key, value)
    missing = [p for p in setup.players if p not in entries]
    if missing:
        raise LedgerError(t("simone.missing_hand", "missing the hand of {player!r} (cards or sum)", player=missing[0]),
                          f"hands.{missing[0]}", None)
    entries = {p: entries[p] for p in setup.players}
    result = score_hand(entries, read_knock(doc.get("knocked_by"), setup.resolve_player))
    return _advance(setup, state, result), result


def _advance(setup: MatchSetup, state: MatchState, hand: SimoneResult) -> MatchState:
    players = setup.players
    before = state.extra_as(SimoneState)
    totals = {p: state.totals[p] + int(p in hand.winners) for p in players}
    sums = {p: before.sums[p] + hand.sums[p] for p in players}
    rows = standing(players, totals, sums)
    knocks = before.knocks
    if hand.knocked_by is not None:
        knocks = Knocks(knocks.hands + 1, knocks.knocker_won + int(bool(hand.knocker_won)))
    target = setup.options.get("target")
    finished = target is not None and max(totals.values()) >= target
    extra = SimoneState(sums, rows, {p: add_stats(before.stats[p], p, hand) for p in players}, knocks, target)
    winner = _one_or_all(leaders(rows)) if finished else None
    return MatchState(state.hands + 1, totals, finished, winner, extra)


def end_early(setup: MatchSetup, state: MatchState) -> MatchState:
    """Ended by the scorekeeper: the first in the standing wins (a list when shared); no hands, no winner."""
    if state.finished or state.hands == 0:
        return state
    return MatchState(state.hands, state.totals, False, _one_or_all(leaders(state.extra_as(SimoneState).standing)),
                      state.extra)

