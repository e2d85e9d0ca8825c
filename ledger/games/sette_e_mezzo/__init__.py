"""Sette e mezzo: the banker against each player, for money (RULES.md "Sette e mezzo (no seed)").

The 40-card Italian deck; A 1, 2 to 7 face value, figures ½; the matta (re di denari unless the
match says otherwise) worth ½ to 7; a two-card 7½ is a reale. Each hand names its banker and,
in playing order from the banker's right, each player's stake in cents and hand (cards or what
happened: ``bust``, ``reale``, a value from ½ to 7½). The payments follow RULES.md's five lines,
the bank passes to a reale that was paid (or after every hand, by option), every hand's nets sum
to zero and add up over the night: ``settle`` squares them. The rules live in
:mod:`.rules`, the records in :mod:`.records`, entry at the table in :mod:`.hand`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.parsing import CONTROL
from ledger.games.protocol import Game
from ledger.games.replay import Replay
from ledger.games.results import HandResult, MatchState, Winner
from ledger.games.tables import Board, Column, Table, board_title, in_words
from ledger.games.declare import Question
from ledger.games.match_setup import MatchSetup, Resolve
from ledger.games.sette_e_mezzo import hand as entry
from ledger.games.sette_e_mezzo import rules
from ledger.games.sette_e_mezzo.facts import SetteMezzoNotes
from ledger.games.sette_e_mezzo.records import PaidItem, SetteMezzoResult, SetteMezzoState
from ledger.games.settle import Money, parse_cents, parse_money
from ledger.games.suggest import did_you_mean
from ledger.i18n import Msg, currency_sign, money, t

RULE_WORDS = {rules.Line.PLAYER_BUST: "player bust", rules.Line.BANKER_BUST: "banker bust",
              rules.Line.BANKER_REALE: "banker reale", rules.Line.PLAYER_REALE: "player reale",
              rules.Line.HIGHER: "higher value"}
DOC_OPTION_KEYS = frozenset({"options"})


def result_of(outcome: rules.Outcome) -> SetteMezzoResult:
    """The record of a scored hand (FORMATS.md: ``values``, ``net_cents``, ``next_banker``, ``items``)."""
    rnd = outcome.round
    held = {rnd.banker: rnd.banker_held, **{s.player: s.held for s in rnd.seats}}
    items = {rnd.banker: _item(None, "banker", None, rnd.banker_held)}
    stakes = {s.player: s.stake_cents for s in rnd.seats}
    for p in outcome.paid:
        items[p.player] = _item(int(p.line), RULE_WORDS[p.line], stakes[p.player], held[p.player])
    return SetteMezzoResult(rnd.banker, {p: h.value_json() for p, h in held.items()}, dict(outcome.net_cents),
                            outcome.next_banker, items)


def _item(line: int | None, rule: str, stake: int | None, held: rules.Held) -> PaidItem:
    cards = None if held.cards is None else " ".join(map(str, held.cards))
    matta = None if held.matta is None else rules.halves_json(held.matta)
    return PaidItem(line, rule, stake, cards, matta)


def value_text(value: object) -> str:
    """A hand's value for people: ``6½``, ``sballato``/``bust``, ``reale``."""
    if value == "bust":
        return str(t("sette_e_mezzo.bust", "bust"))
    if value == "reale":
        return str(t("sette_e_mezzo.reale", "reale"))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return rules.halves_text(int(value * 2))
    return str(value)


def amount(cents: int) -> str:
    """Cents signed, in the language's digits, without the currency (a scoreboard cell): ``+2.00``."""
    return ("+" if cents > 0 else "") + money(cents, "")


def summary(result: SetteMezzoResult, currency: str = "EUR") -> str:
    """``Bank Anna 6½: Anna +2.00 EUR, Bruno -2.00 EUR … · next bank Dario`` in the language in use."""
    nets = ", ".join(f"{p} {'+' if c > 0 else ''}{Money(c, currency)}" for p, c in result.net_cents.items())
    return str(t("sette_e_mezzo.summary", "bank {banker} {value}: {nets} · next bank {next}", banker=result.banker,
                 value=value_text(result.values.get(result.banker)), nets=nets, next=result.next_banker))


class SetteEMezzo(Game):
    """The Sette e mezzo scorer (see the module docstring; the rules are :mod:`.rules`)."""

    name = "sette_e_mezzo"
    title = "Sette e mezzo"
    version = "1"
    rule_sets = ("standard",)
    rule_words = {"standard": t("sette_e_mezzo.rules_standard", "standard")}
    min_players = 2
    max_players = 40
    own_stakes = "hand"  # its own money: a stake per player and hand (Game.own_stakes)
    state_extra = SetteMezzoState
    result_type = SetteMezzoResult
    facts = SetteMezzoNotes()
    samples = "ledger.games.sette_e_mezzo.sample"
    hand = entry.FORM

    # --- setup ---------------------------------------------------------------------------------
    def check_options(self, rules_name: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """The options with defaults (RULES.md): ``matta`` ``"KD"`` (a card, or null), ``reale_double``
        and ``banker_reale_double`` true, ``bank_passes`` ``"reale"`` (or ``"every_hand"``),
        ``currency`` EUR; optional ``stake`` (an amount) or ``stake_cents``, the default stake of
        the first hand at the table; ``first_dealer``, the first banker. Italian keys too
        (``reale_doppio``, ``passa_banco``, ``valuta``, ``posta``, ``primo_banco``).
        ``LedgerError`` on ``options.<key>``."""
        given = {rules.option_key(k): v for k, v in options.items()}
        own = rules.read_options({k: given.pop(k) for k in list(given) if k in rules.OPTION_KEYS})
        currency = rules.read_currency(given.pop("currency", None), "options.currency")
        stake = _default_stake(given)
        _check_option_keys(given, {"first_dealer"})
        out: JsonDict = {**own.to_json(), "currency": currency}
        if stake:
            out["stake_cents"] = stake
        return {**out, **super().check_options(rules_name, given, players)}

    def options_of(self, setup: MatchSetup) -> rules.Options:
        """The match's options as typed values."""
        return rules.read_options({k: v for k, v in setup.options.items() if k in rules.OPTION_KEYS})

    # --- one hand --------------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules_name: object = None) -> HandResult:
        """Score one hand document on its own (FORMATS.md "Sette e mezzo hand document"): its
        ``options`` (``matta``, ``reale_double``, ``banker_reale_double``, ``bank_passes``) or the
        defaults. Returns ``{"banker", "values", "net_cents", "next_banker", "items"}``
        (:class:`SetteMezzoResult`); ``LedgerError`` naming the field for every impossible input
        of RULES.md."""
        self.check_rules(rules_name if rules_name is not None else doc.get("rules"))
        raw = doc.get("options") or {}
        if not isinstance(raw, Mapping):
            raise LedgerError(t("document.not_mapping", "expected an object"), "options", raw)
        _check_hand_options(raw)
        options = rules.read_options(raw)
        rnd = rules.read_round(doc, options, _lone_names(doc), DOC_OPTION_KEYS)
        result = result_of(rules.score_round(options, rnd))
        currency = rules.read_currency(raw.get("currency"), "options.currency")
        return HandResult(result, partial(summary, result, currency))

    # --- a match ---------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        """Every net 0; the first banker is ``first_dealer`` or the first player."""
        first = setup.options.get("first_dealer") or setup.players[0]
        zero = {p: 0 for p in setup.players}
        return MatchState(0, zero, False, None, SetteMezzoState(zero, zero, first, {}))

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Score ``doc`` as the next hand: its banker and players are the match's (a player may sit
        out); the nets add to the match's. ``LedgerError`` for a match ended, a name not of the
        match, or anything :meth:`score` refuses."""
        if state.finished:
            raise LedgerError(t("match.over", "the match is over: no more hands"), "hand", None)
        options = self.options_of(setup)
        before = state.extra_as(SetteMezzoState)
        rnd = rules.read_round(doc, options, setup.resolve_player)
        outcome, after = rules.apply(options, rules.State(state.hands, before.totals_cents, before.next_banker,
                                                          before.stakes_cents), rnd)
        result = result_of(outcome)
        totals = dict(after.totals_cents)
        extra = SetteMezzoState(totals, totals, after.next_banker, dict(after.stakes_cents))
        currency = str(setup.options.get("currency", "EUR"))
        return MatchState(after.hands, totals, False, None, extra), HandResult(result, partial(summary, result, currency))

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended by the scorekeeper (the only end: there is no target): finished, the best net wins
        (a list when shared; nobody before any hand)."""
        if state.finished:
            return state
        winner: Winner = None
        if state.hands:
            best = max(state.totals.values())
            top = [p for p, n in state.totals.items() if n == best]
            winner = top[0] if len(top) == 1 else top
        return MatchState(state.hands, state.totals, True, winner, state.extra)

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str:
        """Who holds the bank for the next hand (a proposal: RULES.md)."""
        return state.extra_as(SetteMezzoState).next_banker

    def own_stake(self, setup: MatchSetup) -> tuple[int, str] | None:
        """Always played for money: the stakes are said hand by hand (the option ``stake_cents``,
        when given, is the default of a player's first hand)."""
        return int(setup.options.get("stake_cents") or 0), "hand"

    def settlement(self, state: MatchState) -> Mapping[str, int]:
        """Every player's net in cents so far (the payments are made hand by hand)."""
        return dict(state.extra_as(SetteMezzoState).settlement)

    def hand_prompt(self, setup: MatchSetup, state: MatchState, number: int, dealer: str | None) -> Msg:
        return t("sette_e_mezzo.hand_prompt", "hand {hand} · bank {banker} > ", hand=number, banker=dealer)

    # --- the scoreboard ----------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Hands (the banker and each player's payment in the hand, the values in the notes), a row
        of every player's running net, then the winner or who holds the bank next."""
        players = setup.players
        cols = [Column("#"), Column(str(t("sette_e_mezzo.col_bank", "bank")), "left")]
        cols += [Column(p) for p in players] + [Column(str(t("board.notes", "notes")), "left", below=True)]
        rows = []
        for i, res in enumerate(replay.results, replay.offset):
            d = res.detail_as(SetteMezzoResult)
            cells = [amount(d.net_cents[p]) if p in d.net_cents else "" for p in players]
            rows.append((str(i + 1), d.banker, *cells, self.hand_note(res)))
        lines: tuple[int, ...] = ()
        if rows:
            lines = (len(rows) - 1,)
            final = replay.final.totals
            rows.append(("", str(t("sette_e_mezzo.row_net", "net")), *[amount(final[p]) for p in players], ""))
        currency = str(setup.options.get("currency", "EUR"))
        caption = t("sette_e_mezzo.caption", "payments in {currency}, + won, - paid", currency=currency_sign(currency))
        table = Table(board_title(self, setup), tuple(cols), tuple(rows), str(caption), lines)
        return Board((table,), tuple(self._notes(setup, replay)))

    def _notes(self, setup: MatchSetup, rp: Replay) -> list[str]:
        final = rp.final
        if final.finished:
            return [str(t("sette_e_mezzo.ended", "The match is over: settle with ledger settle."))]
        return [str(t("sette_e_mezzo.next_bank", "Next bank: {player}.", player=self.next_dealer(setup, final)))]

    def hand_note(self, result: HandResult) -> str:
        """Each hand's value: ``Anna 6½ · Bruno 6 · Carla bust · Dario reale``."""
        d = result.detail_as(SetteMezzoResult)
        return " · ".join(f"{p} {value_text(v)}" for p, v in d.values.items())

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """The hand's summary (:func:`summary`) in the language it is shown in; without a result,
        the banker and players entered."""
        return in_words(lambda: self._describe(doc, result, setup))

    def _describe(self, doc: JsonDoc, result: JsonDoc | None,
                  setup: MatchSetup | None) -> str:
        currency = str((setup.options if setup else {}).get("currency", "EUR"))
        try:
            if isinstance(result, Mapping):
                return summary(SetteMezzoResult.from_json(result), currency)
        except (KeyError, TypeError, AttributeError):
            pass
        players = doc.get("players") if isinstance(doc.get("players"), Mapping) else {}
        return str(t("sette_e_mezzo.entered", "bank {banker}; {players}", banker=doc.get("banker"),
                     players=", ".join(map(str, players or {}))))

    # --- entry at the table (hand.py) ---------------------------------------------------------------
    def entry_help(self) -> Msg:
        return entry.entry_help()

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        return entry.parse_entry(setup, tokens)

    def questions(self, setup: MatchSetup, doc: JsonDoc,
                  state: MatchState | None = None) -> list[Question]:
        return entry.questions(self, setup, doc, state)


def _default_stake(given: JsonDict) -> int:
    """The match's default stake in cents from ``stake`` (an amount) or ``stake_cents`` (also
    ``posta``), taken out of ``given``; 0 for none."""
    for key, read in (("stake", parse_money), ("posta", parse_money), ("stake_cents", parse_cents)):
        if given.get(key) is not None:
            return rules.read_stake(read(given.pop(key), f"options.{key}"), f"options.{key}")
        given.pop(key, None)
    return 0


KNOWN_OPTIONS = ("matta", "reale_double", "banker_reale_double", "bank_passes", "currency", "stake", "first_dealer")


def _check_option_keys(raw: JsonDoc, allowed: set[str] | frozenset[str]) -> None:
    """``LedgerError`` on ``options.KEY`` for a key not ``allowed``, with the nearest known option
    and the known ones."""
    for key in raw:
        if rules.option_key(key) not in allowed:
            known = t("sette_e_mezzo.known_options", " (options: matta, reale_double, banker_reale_double, "
                      "bank_passes, currency, stake, first_dealer)")
            raise LedgerError(t("sette_e_mezzo.unknown_option", "unknown option {key!r}{hint}", key=key,
                                hint=did_you_mean(key, [*KNOWN_OPTIONS, *rules.OPTION_WORDS], known)),
                              f"options.{key}", raw[key])


def _check_hand_options(raw: JsonDoc) -> None:
    """A lone hand's ``options``: the game's own and ``currency`` only."""
    _check_option_keys(raw, rules.OPTION_KEYS | {"currency"})


def _lone_names(doc: JsonDoc) -> Resolve:
    """How a lone hand names its people: as written, a name spelt twice (``anna``, ``Anna``) being
    the first spelling (the banker's first); ``LedgerError`` on the field for a name that is no name."""
    index: dict[str, str] = {}
    banker = doc.get("banker")
    if isinstance(banker, str) and banker.strip():
        index[banker.strip().casefold()] = banker.strip()

    def resolve(name: object, field: str) -> str:
        if not isinstance(name, str) or not name.strip():
            raise LedgerError(t("names.not_name", "{name!r} is not a name", name=name), field, name)
        if CONTROL.search(name):
            raise LedgerError(t("names.control", "a name cannot contain control characters (or text that is not "
                                "UTF-8)"), field, name)
        name = name.strip()
        return index.setdefault(name.casefold(), name)
    return resolve


GAME = SetteEMezzo()
