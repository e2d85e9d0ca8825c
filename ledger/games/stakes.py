"""Stakes for any game: what a finished match is worth in money, per player, in integer cents.

Trentuno keeps its own money (a stake per life, the pot: :mod:`ledger.games.trentuno`); every
other game may be played for money with three match options, read by
:meth:`ledger.games.protocol.Game.check_options` through :func:`read_stake_options`:

- ``stake`` (an amount, ``"0.10"``; a whole number is whole units, ``2`` → 2.00) or
  ``stake_cents`` (``10``): the stake, per player;
- ``stake_per``: what the stake is for, required with a stake (the same stake means very different
  money per point and per match, so the ledger never guesses):

  - ``match``: each player on a losing side pays the stake; the winners share what the losers
    paid (a shared win splits it, :func:`ledger.games.settle.share`: whole cents, the cents left
    over one each to the winners in seat order);
  - ``point``: per point of margin, in the game's unit (points; hands won in Simone): every two
    sides settle the difference of their totals, so with three players each pays or gets the
    stake times the sum of their differences with the others;
  - ``100``: per 100 points of margin, the margin rounded to the nearest 100 (50 rounds up, away
    from zero), as rubber bridge players settle; in a rubber bridge match of several rubbers each
    rubber is rounded and settled on its own (an unfinished rubber ended early counts too).

- ``currency``: the currency code (``EUR`` by default).

The options are stored only when a stake is given, so a match not played for money keeps the
options it always had. The stake is per player: in a game of pairs each player of the losing
pair pays it and each player of the winning pair gets it (pairs are always the same size, so the
nets sum to zero). Money is counted only once a match is over (finished, or ended early); a match
still in play has no nets yet. Nets are ``int`` cents, never floats, and always sum to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.games.results import MatchState
from ledger.games.settle import (
    DEFAULT_CURRENCY, Money, check_currency, parse_cents, parse_money, share,
)
from ledger.i18n import Msg, t

STAKE_PER = ("match", "point", "100")
_PER_ALIASES = {"match": "match", "matches": "match", "win": "match", "partita": "match",
                "point": "point", "points": "point", "punto": "point", "punti": "point",
                "100": "100", "100 points": "100", "hundred": "100"}


def read_stake_options(options: JsonDict) -> JsonDict:
    """Take the stake options out of ``options`` and return them checked, defaults filled in.

    Returns ``{}`` when no stake is given (or a stake of 0), else ``{"stake_cents": int,
    "stake_per": "match" | "point" | "100", "currency": "EUR"}``. Raises ``LedgerError`` on
    ``options.<name>``: the stake given twice, a stake that is not an amount, a stake without
    ``stake_per``, an unknown ``stake_per``, or ``stake_per``/``currency`` without a stake.
    """
    has_amount, has_cents = "stake" in options, "stake_cents" in options
    if has_amount and has_cents:
        raise LedgerError(t("stakes.twice", "give the stake once: stake (an amount like 0.10) or stake_cents"),
                          "options.stake", options["stake"])
    per = options.pop("stake_per", None)
    currency = options.pop("currency", None)
    if has_amount:
        field, raw = "options.stake", options.pop("stake")
        cents = None if raw is None else parse_money(raw, field)
    elif has_cents:
        field, raw = "options.stake_cents", options.pop("stake_cents")
        cents = None if raw is None else parse_cents(raw, field)
    else:
        field, raw, cents = "", None, None
    if cents is None:
        for name, value in (("stake_per", per), ("currency", currency)):
            if value is not None:
                raise LedgerError(t("stakes.without_stake", "{name} goes with a stake (stake=0.10 or stake_cents=10); "
                                    "Trentuno's own stake is always per life", name=name), f"options.{name}", value)
        return {}
    if cents == 0:
        return {}
    if per is None:
        raise LedgerError(t("stakes.per_missing", "say what the stake of {amount} is for: stake_per=match, point "
                            "or 100 (points of margin)", amount=Money(cents, currency or DEFAULT_CURRENCY)),
                          field, raw)
    return {"stake_cents": cents, "stake_per": check_per(per),
            "currency": check_currency(currency) if currency is not None else DEFAULT_CURRENCY}


def check_per(value: object, field: str = "options.stake_per") -> str:
    """``match``, ``point`` or ``100`` (also ``points``, ``win``, the number 100 …); ``LedgerError`` otherwise."""
    key = str(value).strip().casefold() if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    if key in _PER_ALIASES:
        return _PER_ALIASES[key]
    raise LedgerError(t("stakes.per_unknown", "{value!r} is not what a stake is for (match, point or 100)",
                        value=value), field, value)


@dataclass(frozen=True)
class MatchMoney:
    """What a match is played for, and its result in money.

    - ``currency``: e.g. ``"EUR"``; ``stake_cents``: the stake (per life for Trentuno);
    - ``per``: ``"life"`` (Trentuno's own), ``"hand"`` (a stake per player and hand, Sette e mezzo's
      own), ``"match"``, ``"point"`` or ``"100"``;
    - ``nets``: player → net cents (summing to zero), or None while the match is in play;
    - ``match_cents``: a stake per match played beside a stake per point (the score sheet's), or 0.
    """

    currency: str
    stake_cents: int
    per: str
    nets: Mapping[str, int] | None
    match_cents: int = 0

    def message(self) -> Msg:
        """What :meth:`describe` says, as a message."""
        amount = Money(self.stake_cents, self.currency)
        if self.per == "match":
            return t("stakes.per_match", "{amount} per match", amount=amount)
        if self.per == "point" and self.match_cents:
            return t("stakes.per_point_and_match", "{amount} per point of margin and {match} per match",
                     amount=amount, match=Money(self.match_cents, self.currency))
        if self.per == "point":
            return t("stakes.per_point", "{amount} per point of margin", amount=amount)
        if self.per == "100":
            return t("stakes.per_100", "{amount} per 100 points of margin (rounded)", amount=amount)
        if self.per == "life":
            return t("stakes.per_life", "{amount} per life", amount=amount)
        if self.per == "hand":  # a stake per player and hand, said at the table (Sette e mezzo)
            return t("stakes.per_hand", "stakes in {currency} set at every hand", currency=self.currency)
        return t("stakes.per_other", "{amount} per {per}", amount=amount, per=self.per)

    def describe(self, lang: str | None = None) -> str:
        """``"0.10 EUR per point of margin"``, ``"2.00 EUR per match"``, ``"0.50 EUR per life"``
        (``"0,50 € per vita"``), in ``lang`` (default: the language in use)."""
        return self.message().render(lang)

    def to_json(self) -> JsonDict:
        """For programs: ``stake`` is :meth:`describe` in English whatever the language in use."""
        out = {"currency": self.currency, "stake_cents": self.stake_cents, "per": self.per,
               "stake": self.describe("en"), "nets": dict(self.nets) if self.nets is not None else None}
        return {**out, "match_cents": self.match_cents} if self.match_cents else out


def match_money(setup: MatchSetup, state: MatchState) -> MatchMoney | None:
    """The money of a match in ``state`` (its final state), or None when it is not played for money.

    A game that keeps its own money (``settlement`` in its state, Trentuno) is taken as it says
    when it has a stake; otherwise the stake options give :func:`stake_nets` once the match is over.
    """
    opts = setup.options
    game = get_game(setup.game)
    if game.own_stakes is not None:
        terms = game.own_stake(setup)
        if terms is not None:
            return MatchMoney(opts.get("currency") or DEFAULT_CURRENCY, terms[0], terms[1], game.settlement(state),
                              game.own_match_stake(setup) if terms[1] == "point" else 0)
    if not opts.get("stake_cents"):
        return None
    over = state.finished or setup.ended_early
    nets = stake_nets(setup, state, opts["stake_cents"], opts["stake_per"]) if over else None
    return MatchMoney(opts.get("currency") or DEFAULT_CURRENCY, opts["stake_cents"], opts["stake_per"], nets)


def stake_nets(setup: MatchSetup, state: MatchState, stake_cents: int, per: str) -> dict[str, int]:
    """Each player's net in cents for a match over in ``state``, at ``stake_cents`` ``per`` (see the
    module docstring). The nets sum to zero; ``LedgerError`` if they could not (sides of different
    sizes, which no game has)."""
    sides = list(setup.side_names)
    if per == "match":
        units = _per_match(sides, state.winner, stake_cents)
    else:
        units = {s: 0 for s in sides}
        for totals in (get_game(setup.game).stake_segments(state) if per == "100" else [state.totals]):
            for s, n in _pairwise(sides, totals, per == "100").items():
                units[s] += n * stake_cents
    nets = {p: units[s] for s, members in setup.sides.items() for p in members}
    nets = {p: nets[p] for p in setup.players}
    if sum(nets.values()) != 0:
        raise LedgerError(t("stakes.uneven_sides", "stakes need sides of the same size"), "options.stake_cents",
                          stake_cents)
    return nets


def round_hundreds(points: int) -> int:
    """``points`` in hundreds, to the nearest (50 away from zero): 349 → 3, 350 → 4, -250 → -3."""
    n = (abs(int(points)) + 50) // 100
    return n if points >= 0 else -n


def _per_match(sides: Sequence[str], winner: str | Sequence[str] | None, stake: int) -> dict[str, int]:
    won = [w for w in ([winner] if isinstance(winner, str) else list(winner or [])) if w in sides]
    losers = [s for s in sides if s not in won]
    out = {s: 0 for s in sides}
    if not won or not losers:
        return out
    for s in losers:
        out[s] = -stake
    for s, cents in share(stake * len(losers), {w: 1 for w in won}, sides).items():
        out[s] = cents
    return out


def _pairwise(sides: Sequence[str], totals: Mapping[str, int], hundreds: bool) -> dict[str, int]:
    """Every two sides settle the difference of their totals (in hundreds, rounded, if asked)."""
    out = {s: 0 for s in sides}
    for i, a in enumerate(sides):
        for b in sides[i + 1:]:
            diff = int(totals.get(a, 0)) - int(totals.get(b, 0))
            n = round_hundreds(diff) if hundreds else diff
            out[a] += n
            out[b] -= n
    return out
