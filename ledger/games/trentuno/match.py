"""Trentuno's match, pure and typed: lives for money and the pot, re-entries (52) and re-entry bets
(40), the hand that does not count and the final two (RULES.md "Trentuno, 52 cards", "Trentuno,
40 cards"). :func:`apply_hand` plays a hand document on a :class:`~.records.TrentunoState`;
:func:`share_pot` ends a match early. The options are read by :func:`read_options`. Money in
integer cents; a hand's own rules are :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ledger.errors import LedgerError
from ledger.games.base import MatchSetup, MatchState, as_bool, as_int, check_keys, frozen, need
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.results import Winner
from ledger.games.settle import check_currency, format_money, parse_cents, parse_money, share
from ledger.games.trentuno.records import BetResult, TrentunoResult, TrentunoState
from ledger.games.trentuno.rules import (
    MATCH_HAND_KEYS, OUT_WORDS, TOTAL, VARIANTS, Hand, HANDS_SHAPE, HandValue, Variant, draw, hand_data, lose_life,
    lowest, read_decks, read_hand, split_names,
)
from ledger.i18n import Msg, t, tn

DEFAULT_LIVES = 3
DEFAULT_STAKE_CENTS = 50
BY_BET = t("trentuno.reentry_40", "in the 40-card game players come back by a bet, not by re-entry")


# --- the match's book ----------------------------------------------------------------------------
@frozen
class Options:
    """A match's own options, read by :func:`read_options` at setup: ``lives`` each, the
    ``stake_cents`` of a life in ``currency``, whether ``reentry`` was agreed (52) and what it
    costs (``reentry_cost_cents``), the ``decks`` in play (40)."""

    lives: int
    stake_cents: int
    currency: str
    reentry: bool
    reentry_cost_cents: int
    decks: int


def options_of(setup: MatchSetup) -> Options:
    """The typed options of a match (its ``options`` as :func:`read_options` left them)."""
    o = setup.options
    return Options(int(o["lives"]), int(o["stake_cents"]), str(o["currency"]), bool(o.get("reentry")),
                   int(o.get("reentry_cost_cents", 0)), int(o.get("decks", 1)))


@dataclass
class Book:
    """Lives, money and the dealer while a hand is applied: a working copy of the match's
    :class:`~ledger.games.trentuno.records.TrentunoState`, which :meth:`state` freezes again."""

    order: tuple[str, ...]
    lives: dict[str, int]
    paid: dict[str, int]
    pot: int
    reentered: list[str]
    dealer: str
    stake: int
    currency: str

    @classmethod
    def start(cls, setup: MatchSetup) -> "Book":
        o = options_of(setup)
        first = setup.options.get("first_dealer") or setup.players[0]
        return cls(setup.players, {p: o.lives for p in setup.players}, {p: 0 for p in setup.players},
                   0, [], first, o.stake_cents, o.currency)

    @classmethod
    def of(cls, setup: MatchSetup, state: MatchState) -> "Book":
        x = state.extra
        if not isinstance(x, TrentunoState):
            return cls.start(setup)
        o = options_of(setup)
        return cls(setup.players, dict(x.lives), dict(x.paid_cents), x.pot_cents,
                   list(x.reentered), x.next_dealer or setup.players[0], o.stake_cents, o.currency)

    def players_in(self) -> list[str]:
        return [p for p in self.order if self.lives[p] > 0]

    def pay(self, player: str, cents: int) -> None:
        self.paid[player] += cents
        self.pot += cents

    def lose_life(self, player: str) -> None:
        self.lives[player] -= 1
        self.pay(player, self.stake)

    def next_dealer(self) -> str:
        """Clockwise from the last dealer, the next player still in."""
        i = self.order.index(self.dealer)
        for k in range(1, len(self.order) + 1):
            p = self.order[(i + k) % len(self.order)]
            if self.lives[p] > 0:
                return p
        return self.dealer

    def state(self, hands: int, settlement: Mapping[str, int] | None = None, finished: bool = False,
              winner: Winner = None, pot_shares: Mapping[str, int] | None = None) -> MatchState:
        extra = TrentunoState(dict(self.lives), self.pot, dict(self.paid), settlement,
                              tuple(p for p in self.order if self.lives[p] == 0), tuple(self.reentered),
                              None if finished else self.dealer, self.stake, self.currency,
                              format_money(self.pot, self.currency, "en"), pot_shares)  # "pot": JSON, in English
        return MatchState(hands, dict(self.lives), finished, winner, extra)


@frozen
class Bet:
    """A re-entry bet of the 40-card game: ``players`` (seat order), ``number``, ``drawn``, ``seed``."""

    players: tuple[str, ...]
    number: int
    drawn: str | None = None
    seed: str | int | None = None


def read_reentry(raw: object, setup: MatchSetup, variant: Variant, book: Book) -> list[str]:
    """Re-entries before a hand (52): each player out, not yet re-entered; the option agreed."""
    names = [setup.resolve_player(n, "reentry") for n in split_names(raw, "reentry")]
    if not names:
        return []
    if not variant.reentry:
        raise LedgerError(BY_BET, "reentry", raw)
    if not options_of(setup).reentry:
        raise LedgerError(t("trentuno.reentry_not_agreed", "re-entry was not agreed when the match started (option "
                            "reentry)"), "reentry", raw)
    for p in names:
        if book.lives[p] > 0:
            raise LedgerError(t("trentuno.reentry_still_in", "{player} is still in: only a player who is out re-enters",
                                player=p), "reentry", p)
        if p in book.reentered:
            raise LedgerError(t("trentuno.reentry_again", "{player} has already re-entered once in this match",
                                player=p), "reentry", p)
    if len(set(names)) != len(names):
        raise LedgerError(t("trentuno.reentry_twice", "a player is named twice"), "reentry", raw)
    return [p for p in book.order if p in names]


def read_bet(raw: object, setup: MatchSetup, variant: Variant, book: Book) -> Bet | None:
    """A re-entry bet before a hand (40): bettors out, at least three still in, number 2 to 31."""
    if raw is None or raw == {} or (isinstance(raw, str) and raw.strip().lower() in ("", "none", "no")):
        return None
    if not variant.bets:
        raise LedgerError(t("trentuno.bet_52", "re-entry bets are the 40-card game's (this match plays 52: use "
                            "reentry)"), "bet", raw)
    if not isinstance(raw, Mapping):
        raise LedgerError(t("trentuno.bet_shape", "expected {{\"players\": [...], \"number\": N, \"drawn\": "
                            "name}}"), "bet", raw)
    check_keys(raw, {"players", "number", "drawn", "seed"}, prefix="bet.")
    names = [setup.resolve_player(n, "bet.players") for n in split_names(need(raw, "players", "bet.players"),
                                                                          "bet.players")]
    if not names:
        raise LedgerError(t("trentuno.bet_nobody", "name the players who bet"), "bet.players", raw.get("players"))
    if len(set(names)) != len(names):
        raise LedgerError(t("trentuno.bettor_twice", "a bettor is named twice"), "bet.players", raw.get("players"))
    for p in names:
        if book.lives[p] > 0:
            raise LedgerError(t("trentuno.bettor_in", "{player} is still in: only players who are out bet", player=p),
                              "bet.players", p)
    n_in = len(book.players_in())
    if n_in < 3:
        raise LedgerError(t("trentuno.bet_few", "bets are allowed only while at least three players are in (now "
                            "{count})", count=n_in), "bet", raw)
    number = as_int(need(raw, "number", "bet.number"), "bet.number", 2, 31)
    drawn = raw.get("drawn")
    if drawn not in (None, ""):
        drawn = setup.resolve_player(drawn, "bet.drawn")
        if drawn not in names:
            raise LedgerError(t("trentuno.drawn_no_bet", "{player} did not bet", player=drawn), "bet.drawn",
                              raw.get("drawn"))
    else:
        drawn = None
    seed = raw.get("seed")
    if isinstance(seed, bool) or (seed is not None and not isinstance(seed, (str, int))):
        raise LedgerError(t("trentuno.bad_seed", "a seed is a number or a text"), "bet.seed", seed)
    return Bet(tuple(p for p in book.order if p in names), number, drawn, seed)


def bet_outcome(bet: Bet, low: HandValue, counts: bool) -> str | None:
    """The bettor who re-enters (None when the number did not come up); checks ``drawn``/``seed``."""
    came_up = counts and low.kind == TOTAL and low.total == bet.number
    if not came_up:
        return None  # a `drawn` given anyway is not used: nobody re-enters (FORMATS.md asks it only then)
    if bet.seed not in (None, ""):
        picked = draw(bet.players, bet.seed)
        if bet.drawn and bet.drawn != picked:
            raise LedgerError(t("trentuno.draw_differs", "the draw with seed {seed!r} gives {picked}, not {drawn}",
                                seed=bet.seed, picked=picked, drawn=bet.drawn), "bet.drawn", bet.drawn)
        return picked
    if bet.drawn:
        return bet.drawn
    raise LedgerError(t("trentuno.say_drawn", "{number} came up: say who was drawn among {players} (or give a seed "
                        "for the ledger's draw)", number=bet.number, players=", ".join(bet.players)),
                      "bet.drawn", None)


def read_options(rules: str, opts: JsonDict) -> JsonDict:
    """The game's own options, taken out of ``opts`` (the rest are the base's), with defaults:
    ``lives`` 3, ``stake_cents`` 50 (or ``stake`` "0.50"), ``currency`` EUR, ``reentry`` false
    (52 only) with ``reentry_cost_cents`` (default lives × stake), ``decks`` 1 (40 only).
    ``LedgerError`` on ``options.<name>``."""
    variant = VARIANTS[rules]
    lives = as_int(opts.pop("lives", DEFAULT_LIVES), "options.lives", 1, 99)
    stake = _read_stake(opts)
    currency = check_currency(opts.pop("currency", "EUR"))
    reentry = as_bool(opts.pop("reentry", False), "options.reentry")
    if reentry and not variant.reentry:
        raise LedgerError(BY_BET, "options.reentry", reentry)
    cost = _read_reentry_cost(opts, reentry, lives * stake)
    decks = read_decks(opts.pop("decks", None), variant, "options.decks")
    out: JsonDict = {"lives": lives, "stake_cents": stake, "currency": currency, "reentry": reentry}
    if reentry:
        out["reentry_cost_cents"] = cost
    if variant.italian:
        out["decks"] = decks
    return out


def check_players(rules: str, n: int, decks: int) -> None:
    """``LedgerError`` on ``players`` unless ``n`` players may play rule set ``rules`` with ``decks``."""
    variant = VARIANTS[rules]
    top = variant.max_players * decks
    if variant.min_players <= n <= top:
        return
    if variant.italian:
        msg = t("trentuno.players_40", "Trentuno {rules} is played by {lo} to {hi} players (more with more "
                "decks: option decks), not {n}", rules=rules, lo=variant.min_players, hi=top, n=n)
    else:
        msg = t("trentuno.players", "Trentuno {rules} is played by {lo} to {hi} players, not {n}", rules=rules,
                lo=variant.min_players, hi=top, n=n)
    raise LedgerError(msg, "players", n)


def apply_hand(setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, TrentunoResult]:
    """The next hand of the match: re-entries and bets first, then the hand, lives and pot.

    Result data: the standalone fields plus ``counts`` (False: the hand does not count),
    ``final_two``, ``back_in``, ``out`` (players who went out), ``reentry``, ``bet`` (with
    ``won`` and ``drawn``), ``paid_cents`` (this hand), ``lives``, ``pot_cents``, ``dealer``,
    ``winner``. ``LedgerError`` also for a finished match, a hand for a player who is out or
    missing a player who is in, a re-entry not agreed or repeated, a bet while fewer than
    three are in.
    """
    variant = VARIANTS[setup.rules]
    if state.finished:
        raise LedgerError(t("trentuno.over", "the match is over ({winner} won the pot): no more hands",
                            winner=state.winner), "hand", None)
    check_keys(doc, MATCH_HAND_KEYS)
    book = Book.of(setup, state)
    before, dealer = dict(book.paid), book.dealer
    reentries = _reenter(book, read_reentry(doc.get("reentry"), setup, variant, book), setup)
    bet = read_bet(doc.get("bet"), setup, variant, book)
    hand = _match_hand(setup, variant, book, doc, _match_decks(setup, doc))
    losers = lose_life(hand.values, hand.ending, variant)
    counts, final_two, payers = _outcome(book, losers, variant)
    back_in = _pay_lives(book, payers, final_two)
    bet_result = _settle_bet(bet, book, hand, counts)
    book.dealer = book.next_dealer()
    new_state = _state_after(book, state.hands + 1)
    result = TrentunoResult(
        **hand_data(hand), lose_life=tuple(payers), counts=counts, final_two=final_two,
        back_in=tuple(back_in), out=tuple(p for p in payers if book.lives[p] == 0), reentry=tuple(reentries),
        bet=bet_result, paid_cents={p: book.paid[p] - before[p] for p in book.order if book.paid[p] != before[p]},
        lives=dict(book.lives), pot_cents=book.pot, dealer=dealer, winner=new_state.winner,
        would_lose=None if counts else tuple(losers))
    return new_state, result


def _match_decks(setup: MatchSetup, doc: JsonDoc) -> int:
    decks = options_of(setup).decks
    if doc.get("decks") is not None and read_decks(doc["decks"], VARIANTS[setup.rules]) != decks:
        raise LedgerError(tn("trentuno.match_decks", "this match is played with {n} deck",
                             "this match is played with {n} decks", decks), "decks", doc["decks"])
    return decks


def _match_hand(setup: MatchSetup, variant: Variant, book: Book, doc: JsonDoc,
                decks: int) -> Hand:
    """Read the hand of every player still in; 'out' is accepted for a player who is out."""
    raw = need(doc, "hands")
    if not isinstance(raw, Mapping):
        raise LedgerError(HANDS_SHAPE, "hands", raw)
    players_in = book.players_in()
    entries: JsonDict = {}  # document key -> the hand as entered
    keys: dict[str, str] = {}  # player -> document key
    for key, value in raw.items():
        p = setup.resolve_player(key, f"hands.{key}")
        if p in keys:
            raise LedgerError(t("trentuno.hand_twice", "{player}'s hand is given twice", player=p), f"hands.{key}", key)
        keys[p] = key
        if isinstance(value, str) and value.strip().lower() in OUT_WORDS:
            if book.lives[p] > 0:
                raise LedgerError(tn("trentuno.still_in", "{player} is still in ({n} life): give the hand",
                                     "{player} is still in ({n} lives): give the hand", book.lives[p], player=p),
                                  f"hands.{key}", value)
            continue
        if book.lives[p] == 0:
            raise LedgerError(_out_message(p, variant, setup, book), f"hands.{key}", value)
        entries[key] = value
    for p in players_in:
        if p not in keys:
            raise LedgerError(t("trentuno.missing_hand", "missing the hand of {player}, who is still in", player=p),
                              f"hands.{p}", None)
    ordered = {keys[p]: entries[keys[p]] for p in players_in}  # seat order

    def resolve_name(name: object, fld: str) -> str:
        p = setup.resolve_player(name, fld)
        if p not in players_in:
            raise LedgerError(t("trentuno.not_in_hand", "{player} is not in this hand (out)", player=p), fld, name)
        return p
    player_of = {key: p for p, key in keys.items()}  # each key as resolved above
    return read_hand(doc, ordered, variant, decks, player_of.__getitem__, resolve_name)


def _out_message(p: str, variant: Variant, setup: MatchSetup, book: Book) -> Msg:
    """Why a hand cannot list player ``p``, who is out, and the word that brings him back when
    there is one (``reentry=Bruno`` in the 52-card game with re-entry agreed, a bet in the 40)."""
    if variant.reentry and options_of(setup).reentry and p not in book.reentered:
        return t("trentuno.is_out_reentry", "{player} is out (no lives left): add reentry={player} to the hand to "
                 "bring {player} back in, or leave {player}'s hand out", player=p)
    if variant.bets:
        return t("trentuno.is_out_bet", "{player} is out (no lives left): leave {player}'s hand out; {player} may "
                 "come back by a bet before a hand (bet=\"{player} 17\": the bettors and their number)", player=p)
    return t("trentuno.is_out", "{player} is out (no lives left): a hand lists only the players still in", player=p)


def _settle_bet(bet: Bet | None, book: Book, hand: Hand, counts: bool) -> BetResult | None:
    """Pay the bet and let the bettor drawn back in; the bet's result (None for no bet)."""
    if bet is None:
        return None
    low = lowest(hand.values)
    drawn = bet_outcome(bet, low, counts)
    if counts:
        for p in bet.players:
            book.pay(p, book.stake)
    if drawn:
        book.lives[drawn] = 1
        if drawn not in book.reentered:
            book.reentered.append(drawn)
    return BetResult(tuple(bet.players), bet.number, low.to_json(), drawn is not None, drawn, bet.seed, counts)


def share_pot(setup: MatchSetup, state: MatchState) -> MatchState:
    """Ended early: the pot is shared among the players still in, by lives left, in whole cents
    (leftover cents one each to the most lives, then seat order); ``winner`` lists them."""
    if state.finished:
        return state
    book = Book.of(setup, state)
    alive = book.players_in()
    shares = share(book.pot, {p: book.lives[p] for p in alive}, book.order)
    winner = alive[0] if len(alive) == 1 else alive
    return book.state(state.hands, _settlement(book, shares), False, winner, pot_shares=shares)



def _read_stake(opts: JsonDict) -> int:
    has_cents, has_amount = "stake_cents" in opts, "stake" in opts
    if has_cents and has_amount:
        raise LedgerError(t("trentuno.stake_twice", "give the stake once: stake_cents (cents) or stake (an amount like "
                            "0.50)"), "options.stake", opts["stake"])
    if has_amount:
        return parse_money(opts.pop("stake"), "options.stake")
    return parse_cents(opts.pop("stake_cents", DEFAULT_STAKE_CENTS), "options.stake_cents")


def _read_reentry_cost(opts: JsonDict, reentry: bool, default: int) -> int:
    if "reentry_cost" in opts and "reentry_cost_cents" in opts:
        raise LedgerError(t("trentuno.cost_twice", "give the re-entry cost once"), "options.reentry_cost",
                          opts["reentry_cost"])
    if "reentry_cost" in opts:
        fld, cost = "options.reentry_cost", parse_money(opts.pop("reentry_cost"), "options.reentry_cost")
    elif "reentry_cost_cents" in opts:
        fld = "options.reentry_cost_cents"
        cost = parse_cents(opts.pop("reentry_cost_cents"), fld)
    else:
        return default
    if not reentry:
        raise LedgerError(t("trentuno.cost_no_reentry", "a re-entry cost needs the re-entry option (reentry=true)"),
                          fld, cost)
    return cost


def _reenter(book: Book, players: list[str], setup: MatchSetup) -> list[str]:
    """Bring ``players`` back with the fewest lives of anyone still in, each paying the re-entry cost."""
    if players:
        floor = min(book.lives[p] for p in book.players_in())
        for p in players:
            book.lives[p] = floor
            book.reentered.append(p)
            book.pay(p, options_of(setup).reentry_cost_cents)
    return players


def _pay_lives(book: Book, payers: list[str], final_two: bool) -> list[str]:
    """Each payer loses a life into the pot; after the final two everyone out comes back with one.

    Returns the players who came back (the final two only)."""
    back_in = [p for p in book.order if book.lives[p] == 0] if final_two else []
    for p in payers:
        book.lose_life(p)
    for p in back_in:
        book.lives[p] = 1
    return back_in


def _state_after(book: Book, hands: int) -> MatchState:
    """The state after a hand: finished when one player has lives left, who then wins the pot."""
    alive = book.players_in()
    if len(alive) != 1:
        return book.state(hands)
    winner = alive[0]
    return book.state(hands, _settlement(book, {winner: book.pot}), True, winner)


def _outcome(book: Book, losers: list[str], variant: Variant) -> tuple[bool, bool, list[str]]:
    """``(counts, final_two, payers)``: a hand that would put every player still in out at once
    does not count, except the final two of the 40-card game (RULES.md)."""
    players_in = book.players_in()
    everyone_out = all(p in losers and book.lives[p] == 1 for p in players_in)
    if not everyone_out:
        return True, False, losers
    if variant.bets and len(players_in) == 2:
        return True, True, losers
    return False, False, []


def _settlement(book: Book, won: Mapping[str, int]) -> dict[str, int]:
    """Each player's net: what they won from the pot minus everything they paid (sums to zero)."""
    return {p: won.get(p, 0) - book.paid[p] for p in book.order}
