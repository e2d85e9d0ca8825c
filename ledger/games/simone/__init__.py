"""Il Gioco di Simone: the lowest sum of cards wins the hand (seed 002, RULES.md "Il Gioco di Simone").

Two 52-card French decks with four jokers (108 cards), 2 to :data:`MAX_PLAYERS` players, each for
self. Card values: ace to queen 1 to 12; the kings of hearts and diamonds 0; the kings of clubs
and spades 30; a joker -1. After the knock and the knocker's last turn every player shows their
cards: four normally, fewer after a correct pair discard, more after a wrong pair call, never
none. The lowest sum wins the hand, and every player tied for it wins it.

A hand document (FORMATS.md)::

    {"game": "simone", "hands": {"Anna": "KH JK 3S 5D", "Bruno": 17}, "knocked_by": "Anna"}

Each player's hand is a list of cards, a string of cards, or the sum as a number (a digit string
such as ``"17"`` too). ``knocked_by`` (optional, null for nobody) names who knocked; it is
recorded for the statistics and never penalised. The deck check covers every card given in the
hand: no card more than twice, at most four jokers, and a sum entered below zero needs that many
jokers still unaccounted for.

A match is a series of hands with every player in each. The standing is hands won (more is
better), then the total of all sums (lower is better). The option ``target`` (hand wins, or null
for none, the default) ends the match at the end of the hand in which a player reaches it; without
a target the scorekeeper ends the match. The winner is first in the standing; players level on
both share the win.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from functools import partial
from typing import Any

from ledger.cards import JOKER, TWO_DECKS_FOUR_JOKERS, Card, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games.base import (
    in_words,
    Answer, Board, Column, Game, HandResult, MatchSetup, MatchState, Question, Replay, Table, as_int,
    cell, check_keys, check_names, key_value_entry, need,
)
from ledger.games.simone.facts import SimoneNotes
from ledger.games.simone.records import Knocks, Place, PlayerStats, SimoneResult, SimoneState
from ledger.i18n import t, tn
from ledger.i18n import Msg  # noqa: F401 (annotations)

DECK = TWO_DECKS_FOUR_JOKERS
MAX_PLAYERS = 26              # the seed says "almeno 2"; 4 cards each from 108 leaves a stock up to 26
HAND_KEYS = {"hands", "knocked_by"}
KNOCK_KEYS = {"knock", "knocked", "knocked_by", "knocker", "bussa", "bussato", "ha_bussato"}
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
    seen: Counter[Any] = Counter()
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


def score_hand(entries: Mapping[str, tuple[str, object]], knocked_by: str | None) -> HandResult:
    """Score one hand. ``entries``: player → (document key, hand value), in table order.

    Returns a :class:`~ledger.games.simone.records.SimoneResult` (``{"sums": {player: int},
    "winners": [player, ...], "knocked_by": player|None, "knocker_won": bool|None, "cards":
    {player: "card string"|None}}``).
    """
    labels = {p: f"hands.{key}" for p, (key, _) in entries.items()}
    read = {p: read_hand(value, labels[p]) for p, (_, value) in entries.items()}
    cards = {p: c for p, (c, _) in read.items()}
    sums = {p: s for p, (_, s) in read.items()}
    check_deck(cards, sums, labels)
    winners = lowest(sums)
    result = SimoneResult(sums, tuple(winners), knocked_by, None if knocked_by is None else knocked_by in winners,
                          {p: None if c is None else format_cards(c) for p, c in cards.items()})
    return HandResult(result, partial(_summary, sums, winners, knocked_by))


def _summary(sums: Mapping[str, int], winners: Sequence[str], knocked_by: str | None) -> str:
    text = ", ".join(f"{p} {s}" for p, s in sums.items())
    if knocked_by:
        return str(tn("simone.summary_knock", "{sums} — {winners} wins; {knocker} knocked",
                      "{sums} — {winners} win; {knocker} knocked", len(winners), sums=text, winners=list(winners),
                      knocker=knocked_by))
    return str(tn("simone.summary", "{sums} — {winners} wins", "{sums} — {winners} win", len(winners), sums=text,
                  winners=list(winners)))


def read_knock(value: object, resolve: Callable[[object, str], str]) -> str | None:
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


class Simone(Game):
    """The Gioco di Simone scorer (see the module docstring for the rules it implements)."""

    name = "simone"
    state_extra = SimoneState
    result_type = SimoneResult
    samples = "ledger.games.simone.sample"
    sample_weight = 15
    facts = SimoneNotes()
    title = "Il Gioco di Simone"
    version = "1"
    rule_sets = ("standard",)
    own_options = ("target",)
    min_players = 2
    max_players = MAX_PLAYERS

    # --- setup --------------------------------------------------------------------------------
    def check_options(self, rules: str, options: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """``target``: hand wins that end the match (1 to 1000), or null/"none" for no target (default)."""
        target = options.pop("target", None)
        out = super().check_options(rules, options, players)
        if target is None or (isinstance(target, str) and target.strip().casefold() in NOBODY_WORDS):
            out["target"] = None
        else:
            out["target"] = as_int(target, "options.target", 1, 1000)
        return out

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: Mapping[str, Any], rules: object=None) -> HandResult:
        """Score a hand document on its own: 2 to 26 players named as the document names them.

        Returns a :class:`HandResult` with data ``{"sums", "winners", "knocked_by", "knocker_won",
        "cards"}`` (see :func:`score_hand`). Raises ``LedgerError`` for an unknown field, fewer
        than 2 or more than 26 players, a bad card or sum, a card more than twice or a fifth joker
        in the hand, or a knocker who is not in the hand.
        """
        self.check_rules(rules if rules is not None else doc.get("rules"))
        hands = self._hands(doc)
        names = check_names(list(hands), "hands")

        def resolve(name: object, field: str) -> str:
            key = name.strip().casefold() if isinstance(name, str) else None
            for n in names:
                if n.casefold() == key:
                    return n
            raise LedgerError(t("hand.not_player", "{name!r} is not a player of this hand (players: {players})",
                                name=name, players=", ".join(names)), field, name)

        entries = {resolve(k, f"hands.{k}"): (k, v) for k, v in hands.items()}
        self.check_player_count(len(entries), "hands")
        return score_hand(entries, read_knock(doc.get("knocked_by"), resolve))

    def _hands(self, doc: Mapping[str, Any]) -> Mapping[str, Any]:
        check_keys(doc, HAND_KEYS)
        hands = need(doc, "hands")
        if not isinstance(hands, Mapping):
            raise LedgerError(t("simone.hands_not_mapping", "expected each player's cards or sum, e.g. "
                                "{{\"Anna\": \"KH JK 3S\"}}"), "hands", hands)
        return hands

    # --- a match ------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        players = setup.players
        totals = {p: 0 for p in players}
        sums = {p: 0 for p in players}
        extra = SimoneState(sums, standing(players, totals, sums), {p: PlayerStats() for p in players}, Knocks(),
                            setup.options.get("target"))
        return MatchState(0, totals, False, None, extra)

    def apply(self, setup: MatchSetup, state: MatchState, doc: Mapping[str, Any]) -> tuple[MatchState, HandResult]:
        """Score ``doc`` as the next hand (every player of the match in it) and fold it in.

        ``totals`` are hands won per player; ``extra`` holds ``sums`` (total of sums),
        ``standing`` (see :func:`standing`), ``stats`` (see :func:`add_stats`), ``knocks``
        (hands with a knocker, and how many of them the knocker won) and ``target``.
        Raises ``LedgerError`` for a finished match, a player missing, unknown or given twice.
        """
        if state.finished:
            raise LedgerError(t("match.over", "the match is over: no more hands"), "hand", None)
        hands = self._hands(doc)
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
        return self._advance(setup, state, result.detail_as(SimoneResult)), result

    def _advance(self, setup: MatchSetup, state: MatchState, hand: SimoneResult) -> MatchState:
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

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended by the scorekeeper: the first in the standing wins (a list when shared); no hands, no winner."""
        if state.finished or state.hands == 0:
            return state
        return MatchState(state.hands, state.totals, False, _one_or_all(leaders(state.extra_as(SimoneState).standing)),
                          state.extra)

    # --- the scoreboard -------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Hands (each sum, ``*`` on the winners, the knocker, the standing), then the statistics
        (once a hand is played), then the winner or leader and the next dealer."""
        tables = [self._hands_table(setup, replay)]
        if replay.final.hands:
            tables.append(self._stats_table(setup, replay))
        return Board(tuple(tables), tuple(self._notes(setup, replay)))

    def _hands_table(self, setup: MatchSetup, rp: Replay) -> Table:
        players = setup.players
        cols = [Column("#"), Column(str(t("board.dealer", "dealer")), "left")] + [Column(p) for p in players]
        standing_header = str(t("simone.standing", "standing (hands won)"))
        cols += [Column(str(t("simone.knocked", "knocked")), "left"),
                 Column(standing_header, "left", below=True)]
        rows = []
        for i, (res, st) in enumerate(zip(rp.results, rp.states), rp.offset):
            d = res.detail_as(SimoneResult)
            row = [str(i + 1), self.dealer(setup, i)]
            row += [f"{cell(d.sums[p])}{'*' if p in d.winners else ''}" for p in players]
            row += [d.knocked_by or "", _standing_text(st.extra_as(SimoneState).standing, len(standing_header))]
            rows.append(tuple(row))
        final = rp.final
        lines: tuple[int, ...] = ()
        if rows:
            lines = (len(rows) - 1,)
            rows.append(("", str(t("simone.row_won", "won"))) + tuple(cell(final.totals[p]) for p in players) + ("", ""))
            rows.append(("", str(t("simone.row_sum", "sum"))) + tuple(cell(final.extra_as(SimoneState).sums[p])
                                                                    for p in players) + ("", ""))
        target = setup.options.get("target")
        if target:
            caption = tn("simone.caption_target", "* won the hand · standing: hands won, then lower sum · target "
                         "{n} hand won", "* won the hand · standing: hands won, then lower sum · target {n} hands won",
                         target)
        else:
            caption = t("simone.caption", "* won the hand · standing: hands won, then lower sum · no target")
        return Table(str(t("board.title", "{game} — {sides}", game=self.title, sides=", ".join(players))),
                     tuple(cols), tuple(rows), str(caption), lines)

    def _stats_table(self, setup: MatchSetup, rp: Replay) -> Table:
        cols = (Column("#"), Column(str(t("simone.col_player", "player")), "left"),
                Column(str(t("simone.col_won", "won"))), Column(str(t("simone.col_hands", "hands"))),
                Column(str(t("simone.col_sum", "sum"))), Column(str(t("simone.col_avg", "avg"))),
                Column(str(t("simone.col_best", "best"))), Column(str(t("simone.col_worst", "worst"))),
                Column(str(t("simone.col_knocks", "knocks"))), Column(str(t("simone.col_knock_wins", "knock wins"))))
        final = rp.final.extra_as(SimoneState)
        rows = []
        for r in final.standing:
            s = final.stats[r.player]
            rows.append((str(r.place), r.player, cell(s.hands_won), cell(s.hands),
                         cell(s.sum), cell(Decimal(s.average_sum)) if s.average_sum else "-",
                         _opt(s.best_hand), _opt(s.worst_hand), cell(s.knocks), cell(s.knocks_won)))
        k = final.knocks
        hands = tn("simone.knock_hands", "{n} hand with a knock", "{n} hands with a knock", k.hands)
        caption = (tn("simone.knock_won", "the knocker won {n} of {hands}", "the knocker won {n} of {hands}",
                      k.knocker_won, hands=hands)
                   if k.hands else t("simone.no_knock", "no knock recorded yet"))
        return Table(str(t("simone.statistics", "Statistics")), cols, tuple(rows), str(caption))

    def _notes(self, setup: MatchSetup, rp: Replay) -> list[str]:
        final = rp.final
        notes = []
        if final.winner is not None:
            names = [final.winner] if isinstance(final.winner, str) else final.winner
            line = _player_line(final, names[0])
            if final.finished:
                note = tn("simone.won_target", "{names} wins (target reached): {line}.",
                          "{names} win (target reached): {line}.", len(names), names=list(names), line=line)
            else:
                note = tn("simone.won_early", "{names} wins (match ended early): {line}.",
                          "{names} win (match ended early): {line}.", len(names), names=list(names), line=line)
            notes.append(str(note))
        elif final.hands:
            first = leaders(final.extra_as(SimoneState).standing)
            notes.append(str(tn("simone.leads", "{names} leads: {line}.", "{names} lead: {line}.", len(first),
                                names=list(first), line=_player_line(final, first[0]))))
        if not final.finished and final.winner is None:
            notes.append(str(t("board.next_dealer", "Next dealer: {name}.", name=self.dealer(setup, final.hands))))
        return notes

    # --- entry at the table -----------------------------------------------------------------------
    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return t("play.help.simone",
                 "Each player's cards or their sum, and who knocked:\n"
                 "  Anna=\"KH JK 3S 5D\" Bruno=17 knock=Anna\n"
                 "knock=nobody (or leave it out) when nobody knocked.")

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
        """``Anna="KH JK 3S 5D" Bruno=17 knock=Anna`` → a partial hand document.

        ``knock`` (also ``knocked_by``, ``bussa``) names who knocked (``-`` or ``nessuno`` for
        nobody), or a phrase says it: ``ha bussato Marco``, ``Marco ha bussato``, ``bussa Marco``,
        ``Marco knocked``; every other key is a player with their cards or sum.
        """
        doc: dict[str, Any] = {"hands": {}}
        tokens, knocker = _knock_phrase(tokens)
        if knocker is not None:
            doc["knocked_by"] = read_knock(knocker, setup.resolve_player)
        for k, v in key_value_entry(tokens).items():
            if k.strip().casefold() in KNOCK_KEYS:
                doc["knocked_by"] = read_knock(v, setup.resolve_player)
            else:
                player = setup.resolve_entry(k, KNOCK_KEYS, players=True)
                doc["hands"][player] = entry_value(v, f"hands.{player}")
        return doc

    def questions(self, setup: MatchSetup, doc: Mapping[str, Any], state: MatchState | None=None) -> list[Question]:
        """Each player's cards or sum not yet given, then who knocked (Enter for nobody)."""
        if not isinstance(doc.get("hands") or {}, Mapping):
            return []  # nothing to ask: scoring names the wrong shape
        given = {setup.resolve_player(k, f"hands.{k}") for k in (doc.get("hands") or {})}
        qs = [Question(p, str(t("simone.ask_hand", "{player}: cards (e.g. KH JK 3S 5D) or the sum", player=p)),
                       _answer_hand(p))
              for p in setup.players if p not in given]
        if "knocked_by" not in doc:
            qs.append(Question("knocked_by", str(t("simone.ask_knock", "who knocked (Enter for nobody)")),
                               _answer_knock(setup), choices=setup.players, default=""))
        return qs

    def describe_hand(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None=None, setup: MatchSetup | None=None) -> str:
        """:meth:`_describe` in words of the language it is shown in (English in ``--json``)."""
        return in_words(lambda: self._describe(doc, result, setup))

    def _describe(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None = None,
                  setup: MatchSetup | None = None) -> str:
        """With ``result``: the hand's summary, ``"Anna 25, Bruno 9, Carla 16 — Bruno wins; Bruno
        knocked"``; without: what was entered, ``"Anna KH JK; Bruno 17; knock Anna"``."""
        sums = result.get("sums") if isinstance(result, Mapping) else None
        if result is not None and isinstance(sums, Mapping) and isinstance(result.get("winners"), list):
            return _summary(sums, result["winners"], result.get("knocked_by"))
        hands = doc.get("hands") or {}
        parts = [f"{p} {v if not isinstance(v, list) else ' '.join(map(str, v))}" for p, v in hands.items()]
        if doc.get("knocked_by"):
            parts.append(str(t("simone.entered_knock", "knock {player}", player=doc["knocked_by"])))
        return "; ".join(parts)


_KNOCK_PHRASE = ("ha bussato", "bussa", "bussato", "knocked", "knocks", "knock")


def _knock_phrase(tokens: Sequence[str]) -> tuple[list[str], str | None]:
    """The words typed without a phrase that says who knocked (``ha bussato Marco``, ``Marco ha
    bussato``, ``knocked Anna``), and the name it says, or None; free words split at spaces."""
    words: list[str] = []
    for token in tokens:
        words += [token] if "=" in token else token.split()
    folded = [w.casefold() for w in words]
    for phrase in _KNOCK_PHRASE:
        n = len(phrase.split())
        for i in range(len(words) - n + 1):
            if " ".join(folded[i:i + n]) != phrase:
                continue
            if i + n < len(words) and "=" not in words[i + n]:  # "ha bussato Marco"
                return words[:i] + words[i + n + 1:], words[i + n]
            if i > 0 and "=" not in words[i - 1]:  # "Marco ha bussato"
                return words[:i - 1] + words[i + n:], words[i - 1]
    return list(tokens), None


def entry_value(text: str, field: str) -> int | str:
    """A hand typed at the table, checked: the sum as an int, or the cards as the text typed."""
    cards, total = read_hand(text.strip(), field)
    return total if cards is None else text.strip()


def _answer_hand(player: str) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        value = entry_value(text, f"hands.{player}")
        return {**doc, "hands": {**(doc.get("hands") or {}), player: value}}
    return answer


def _answer_knock(setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        return {**doc, "knocked_by": read_knock(text, setup.resolve_player)}
    return answer


def _standing_text(rows: Sequence[Place], cells: int) -> str:
    """``Carla 1 · Anna 0 ·`` / ``Bruno 0``: the standing on lines of at most ``cells``
    characters (its column's header), broken between two players (``·`` ending a line), so
    that the column, as wide as its header, never splits a player from their count."""
    lines: list[str] = []
    for part in (f"{r.player} {r.hands_won}" for r in rows):
        if lines and len(lines[-1]) + 5 + len(part) <= cells:
            lines[-1] += f" · {part}"
        elif lines:
            lines[-1] += " ·"
            lines.append(part)
        else:
            lines.append(part)
    return "\n".join(lines)


def _player_line(state: MatchState, player: str) -> str:
    won = state.totals[player]
    return str(tn("simone.player_line", "{n} hand won, sum {sum}", "{n} hands won, sum {sum}", won,
                  sum=state.extra_as(SimoneState).sums[player]))


def _opt(n: object) -> str:
    return "-" if n is None else str(n)


GAME = Simone()
