"""The score sheet's rules, pure and typed (RULES.md "Generic score sheet, game segnapunti").

Every side still in gives whole points each round (negative and 0 allowed); the sheet keeps the
sums from a starting score, ranks the sides by ``mode`` (high or low is best), ends the match at a
``target`` or by elimination at ``eliminate_at``, resolves ties by ``tie`` (play on or share),
passes the deal and settles money per point and per match. Nothing here reads or writes anything:
:func:`read_options` checks a match's options, :func:`read_round` a round's points, :func:`apply`
folds a round into a :class:`Sheet`, :func:`end_early` ends one, :func:`settle_sheet` gives the
money. Every impossible input raises ``LedgerError`` naming the field path (``options.target``,
``points.Bruno``) and the value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from ledger.errors import LedgerError
from ledger.games.match_setup import Resolve
from ledger.games.parsing import as_int
from ledger.games.settle import DEFAULT_CURRENCY, check_currency, parse_cents, parse_money, share
from ledger.i18n import t

LIMIT = 1_000_000_000  # no score, target or start is a billion points: a typo, refused


class Mode(str, Enum):
    """Which total is best: the highest (``high``) or the lowest (``low``)."""

    HIGH = "high"
    LOW = "low"


class EliminateWhen(str, Enum):
    """Elimination at a threshold: at or above it, or at or below it."""

    AT_OR_ABOVE = "at_or_above"
    AT_OR_BELOW = "at_or_below"


class Tie(str, Enum):
    """Equal best totals when the match would end: play on, or share the win."""

    PLAY_ON = "play_on"
    SHARE = "share"


class Deal(str, Enum):
    """Which way the deal passes (the next player in the list, or the previous one)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


@dataclass(frozen=True)
class Options:
    """A sheet's match options, defaults filled in (RULES.md): points in the game's unit, money
    in cents of ``currency``. ``deal`` None: no dealer is shown. ``title``: free text ("Cirulla")."""

    mode: Mode = Mode.HIGH
    start: int = 0
    target: int | None = None
    eliminate_at: int | None = None
    eliminate_when: EliminateWhen = EliminateWhen.AT_OR_ABOVE
    tie: Tie = Tie.PLAY_ON
    stake_per_point_cents: int = 0
    stake_cents: int = 0
    currency: str = DEFAULT_CURRENCY
    deal: Deal | None = Deal.CLOCKWISE
    first_dealer: str | None = None
    title: str | None = None

    def to_json(self) -> dict[str, object]:
        """The options as a match document holds them (``first_dealer``, ``title`` only when given)."""
        doc: dict[str, object] = {
            "mode": self.mode.value, "start": self.start, "target": self.target, "eliminate_at": self.eliminate_at,
            "eliminate_when": self.eliminate_when.value, "tie": self.tie.value,
            "stake_per_point_cents": self.stake_per_point_cents, "stake_cents": self.stake_cents,
            "currency": self.currency, "deal": None if self.deal is None else self.deal.value}
        if self.first_dealer is not None:
            doc["first_dealer"] = self.first_dealer
        if self.title is not None:
            doc["title"] = self.title
        return doc

    @property
    def stakes(self) -> bool:
        """Whether the match is played for money."""
        return bool(self.stake_per_point_cents or self.stake_cents)


# every key a person may type (English keys, Italian names) → the option it sets
OPTION_WORDS: Mapping[str, str] = {
    "mode": "mode", "vince": "mode", "modo": "mode",
    "start": "start", "partenza": "start", "inizio": "start", "punteggio_iniziale": "start",
    "target": "target", "obiettivo": "target", "traguardo": "target", "meta": "target",
    "eliminate_at": "eliminate_at", "elimina_a": "eliminate_at", "eliminazione": "eliminate_at",
    "eliminate_when": "eliminate_when", "elimina_quando": "eliminate_when",
    "tie": "tie", "pareggio": "tie", "parita": "tie", "parità": "tie",
    "stake_per_point_cents": "stake_per_point_cents", "stake_per_point": "stake_per_point",
    "posta_punto": "stake_per_point", "posta_per_punto": "stake_per_point", "a_punto": "stake_per_point",
    "stake_cents": "stake_cents", "stake": "stake", "posta": "stake", "posta_partita": "stake",
    "currency": "currency", "valuta": "currency",
    "deal": "deal", "giro": "deal", "senso": "deal",
    "first_dealer": "first_dealer", "primo_mazziere": "first_dealer", "mazziere": "first_dealer",
    "title": "title", "titolo": "title", "gioco": "title",
}
MODE_WORDS = {"high": Mode.HIGH, "alto": Mode.HIGH, "alta": Mode.HIGH, "highest": Mode.HIGH, "max": Mode.HIGH,
              "più alto": Mode.HIGH, "low": Mode.LOW, "basso": Mode.LOW, "bassa": Mode.LOW, "lowest": Mode.LOW,
              "min": Mode.LOW, "più basso": Mode.LOW}
WHEN_WORDS = {"at_or_above": EliminateWhen.AT_OR_ABOVE, "above": EliminateWhen.AT_OR_ABOVE,
              "sopra": EliminateWhen.AT_OR_ABOVE, "oltre": EliminateWhen.AT_OR_ABOVE,
              "at_or_below": EliminateWhen.AT_OR_BELOW, "below": EliminateWhen.AT_OR_BELOW,
              "sotto": EliminateWhen.AT_OR_BELOW}
TIE_WORDS = {"play_on": Tie.PLAY_ON, "play on": Tie.PLAY_ON, "continua": Tie.PLAY_ON, "si_continua": Tie.PLAY_ON,
             "spareggio": Tie.PLAY_ON, "share": Tie.SHARE, "shared": Tie.SHARE, "dividi": Tie.SHARE,
             "divisa": Tie.SHARE, "condividi": Tie.SHARE, "condivisa": Tie.SHARE}
DEAL_WORDS = {"clockwise": Deal.CLOCKWISE, "orario": Deal.CLOCKWISE, "senso_orario": Deal.CLOCKWISE,
              "sinistra": Deal.CLOCKWISE, "counterclockwise": Deal.COUNTERCLOCKWISE,
              "anticlockwise": Deal.COUNTERCLOCKWISE, "antiorario": Deal.COUNTERCLOCKWISE,
              "senso_antiorario": Deal.COUNTERCLOCKWISE, "destra": Deal.COUNTERCLOCKWISE}
ITALIAN = {"alto", "basso", "sopra", "sotto", "continua", "dividi", "orario", "antiorario"}  # shown beside the key
NOBODY = {"", "-", "none", "null", "no", "nessuno", "nessuna", "niente"}


def _word(value: object) -> str | None:
    """A typed word folded for lookup (``"Senso orario"`` → ``"senso_orario"``), None for a non-text."""
    return re.sub(r"[\s-]+", "_", value.strip().casefold()) if isinstance(value, str) else None


def _choice(value: object, words: Mapping[str, Enum], field: str) -> Enum:
    """The choice that the typed ``value`` names among ``words``; ``LedgerError`` listing them otherwise."""
    key = _word(value)
    folded = {_word(k): v for k, v in words.items()}
    if key in folded:
        return folded[key]
    shown: dict[Enum, list[str]] = {}
    for word, choice in words.items():  # each choice's value, then its first Italian word
        names = shown.setdefault(choice, [choice.value])
        if len(names) < 2 and word in ITALIAN:
            names.append(word)
    known = ", ".join("/".join(names) for names in shown.values())
    raise LedgerError(t("segnapunti.bad_choice", "{value!r} is not one of {known}", value=value, known=known),
                      field, value)


def _nothing(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip().casefold() in NOBODY)


def _whole(value: object, field: str) -> int:
    return as_int(value, field, -LIMIT, LIMIT)


# the options as the unknown-option error lists them: English key / Italian name
KNOWN_OPTIONS = ("target/obiettivo", "mode/vince", "eliminate_at/elimina_a", "eliminate_when/elimina_quando",
                 "tie/pareggio", "start/partenza", "stake/posta", "stake_per_point/posta_punto", "currency/valuta",
                 "deal/giro", "first_dealer/primo_mazziere", "title/titolo")


def option_key(key: str) -> str:
    """The option that the typed ``key`` names (``obiettivo`` → ``target``); ``LedgerError`` on
    ``options.KEY`` naming the nearest and listing the known ones otherwise."""
    found = OPTION_WORDS.get(_word(key) or "")
    if found is None:
        from ledger.games.suggest import did_you_mean

        raise LedgerError(t("segnapunti.unknown_option", "unknown option {key!r}{hint}; the options are {keys}",
                            key=key, hint=did_you_mean(key, list(OPTION_WORDS), ""), keys=", ".join(KNOWN_OPTIONS)),
                          f"options.{key}", key)
    return found


def read_options(raw: Mapping[str, object], players: Sequence[str]) -> Options:
    """A sheet's options from what was given (English keys or Italian names, each at most once:
    :data:`OPTION_WORDS`), checked, defaults filled in. ``players``: the seat order.

    Raises ``LedgerError`` on ``options.KEY``: an unknown key or value, a number that is not whole,
    a negative stake, both ``target`` and ``eliminate_at``, a ``first_dealer`` who is not a player."""
    given: dict[str, tuple[str, object]] = {}
    for key, value in raw.items():
        name = option_key(key)
        if name in given or (name.startswith("stake") and _stake_twice(name, given)):
            raise LedgerError(t("segnapunti.option_twice", "option {key!r} is given twice", key=key),
                              f"options.{key}", value)
        given[name] = (f"options.{key}", value)
    opts = Options()
    for name, (field, value) in given.items():
        opts = _set_option(opts, name, value, field, players)
    if opts.target is not None and opts.eliminate_at is not None:
        raise LedgerError(t("segnapunti.two_ends", "give one end rule at most: target or eliminate_at, not both"),
                          given["eliminate_at"][0], opts.eliminate_at)
    return opts


def _stake_twice(name: str, given: Mapping[str, object]) -> bool:
    """``stake`` and ``stake_cents`` (or the per-point pair) set the same option."""
    pairs = {"stake": "stake_cents", "stake_cents": "stake", "stake_per_point": "stake_per_point_cents",
             "stake_per_point_cents": "stake_per_point"}
    return pairs.get(name) in given


def _set_option(opts: Options, name: str, value: object, field: str, players: Sequence[str]) -> Options:
    """``opts`` with the option ``name`` set from ``value`` (read and checked)."""
    if name == "target":
        return replace(opts, target=None if _nothing(value) else _whole(value, field))
    if name == "eliminate_at":
        return replace(opts, eliminate_at=None if _nothing(value) else _whole(value, field))
    if name == "start":
        return replace(opts, start=_whole(value, field))
    if name in ("stake", "stake_cents"):
        return replace(opts, stake_cents=_cents(name, value, field))
    if name in ("stake_per_point", "stake_per_point_cents"):
        return replace(opts, stake_per_point_cents=_cents(name, value, field))
    if name == "currency":
        return replace(opts, currency=check_currency(value, field))
    if name == "deal":
        return replace(opts, deal=None if _nothing(value) else Deal(_choice(value, DEAL_WORDS, field)))
    if name == "first_dealer":
        return replace(opts, first_dealer=None if _nothing(value) else _player(value, players, field))
    if name == "title":
        return replace(opts, title=_title(value, field))
    if name == "mode":
        return replace(opts, mode=Mode(_choice(value, MODE_WORDS, field)))
    if name == "eliminate_when":
        return replace(opts, eliminate_when=EliminateWhen(_choice(value, WHEN_WORDS, field)))
    return replace(opts, tie=Tie(_choice(value, TIE_WORDS, field)))


def _cents(name: str, value: object, field: str) -> int:
    """A stake: cents for a ``…_cents`` key, else an amount (``0,50``); none: 0."""
    if _nothing(value):
        return 0
    return parse_cents(value, field) if name.endswith("cents") else parse_money(value, field)


def _player(value: object, players: Sequence[str], field: str) -> str:
    for p in players:
        if isinstance(value, str) and p.casefold() == value.strip().casefold():
            return p
    raise LedgerError(t("segnapunti.not_player", "{name!r} is not a player of this match (players: {players})",
                        name=value, players=", ".join(players)), field, value)


MAX_TITLE = 80


def _title(value: object, field: str) -> str | None:
    """A sheet's free title: text of at most :data:`MAX_TITLE` characters, no control character."""
    from ledger.games.parsing import CONTROL

    if value is None:
        return None
    if not isinstance(value, str) or CONTROL.search(value) or len(value.strip()) > MAX_TITLE:
        raise LedgerError(t("segnapunti.bad_title", "a title is a text of at most {most} characters", most=MAX_TITLE),
                          field, value)
    return " ".join(value.split()) or None


# --- a round ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Round:
    """One round: each side's whole points, in the order given."""

    points: Mapping[str, int]


def read_round(raw: object, resolve: Resolve, field: str = "points") -> Round:
    """A round's ``points`` (side → whole number) with each key read by ``resolve(key, field)``
    (the side it names, else ``LedgerError``). Raises ``LedgerError`` on ``points`` for anything
    but an object of at least two sides, on ``points.KEY`` for a number that is not whole or a
    side named twice."""
    if not isinstance(raw, Mapping) or not raw:
        raise LedgerError(t("segnapunti.points_not_object", "expected each side's points, e.g. "
                            "{{\"Anna\": 12, \"Bruno\": -3}}"), field, raw)
    points: dict[str, int] = {}
    for key, value in raw.items():
        side = resolve(key, f"{field}.{key}")
        if side in points:
            raise LedgerError(t("segnapunti.side_twice", "{side!r} is given twice", side=side), f"{field}.{key}", key)
        points[side] = _whole(value, f"{field}.{side}")
    if len(points) < 2:
        raise LedgerError(t("segnapunti.two_sides", "a sheet has at least 2 sides, not {n}", n=len(points)),
                          field, len(points))
    return Round(points)


# --- the sheet ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Seating:
    """Who plays: the ``sides`` (side → its players, in the listed order) and the ``seats``
    (every player in seat order, clockwise)."""

    sides: Mapping[str, tuple[str, ...]]
    seats: tuple[str, ...]

    def side_of(self, player: str) -> str:
        return next(s for s, members in self.sides.items() if player in members)


@dataclass(frozen=True)
class Sheet:
    """The match after ``hands`` rounds: ``totals`` per side, sides ``out`` (in the order they went
    out), whether a side has ``reached`` the target, ``finished``, the ``winners`` (one, several
    sharing, or none) and the ``next_dealer`` (None with no dealer or once finished)."""

    hands: int
    totals: Mapping[str, int]
    out: tuple[str, ...] = ()
    reached: bool = False
    finished: bool = False
    winners: tuple[str, ...] = ()
    next_dealer: str | None = None

    def still_in(self) -> list[str]:
        return [s for s in self.totals if s not in self.out]


def first_sheet(options: Options, seating: Seating) -> Sheet:
    """The sheet before the first round: every side at ``start``, the first dealer to deal."""
    first = options.first_dealer or seating.seats[0]
    return Sheet(0, {s: options.start for s in seating.sides}, next_dealer=None if options.deal is None else first)


def best(totals: Mapping[str, int], sides: Iterable[str], mode: Mode) -> list[str]:
    """The sides among ``sides`` with the best total by ``mode`` (all those tied for it)."""
    named = list(sides)
    if not named:
        return []
    top = (max if mode is Mode.HIGH else min)(totals[s] for s in named)
    return [s for s in named if totals[s] == top]


def apply(options: Options, seating: Seating, sheet: Sheet, rnd: Round) -> Sheet:
    """The sheet after ``rnd``: totals, then the end rule (target or elimination), then the deal.

    Raises ``LedgerError`` for a finished match (on ``hand``), and on ``points.SIDE`` for a side
    that is out, not a side of the match, or missing from the round."""
    check_open(sheet)
    _check_sides(sheet, rnd)
    totals = {s: n + rnd.points.get(s, 0) for s, n in sheet.totals.items()}
    after = replace(sheet, hands=sheet.hands + 1, totals=totals)
    if options.target is not None:
        after = _target_end(options, after)
    elif options.eliminate_at is not None:
        after = _elimination(options, after)
    dealer = None if after.finished else _next_dealer(options, seating, after, sheet.next_dealer)
    return replace(after, next_dealer=dealer)


def check_open(sheet: Sheet) -> None:
    """``LedgerError`` on ``hand`` when the match is over: no round may follow."""
    if sheet.finished:
        raise LedgerError(t("segnapunti.over", "the match is over: no more rounds"), "hand", None)


def _check_sides(sheet: Sheet, rnd: Round) -> None:
    for side in rnd.points:
        if side in sheet.out:
            raise LedgerError(t("segnapunti.side_out", "{side} is out of the match: no more points", side=side),
                              f"points.{side}", rnd.points[side])
        if side not in sheet.totals:
            raise LedgerError(t("segnapunti.not_side", "{side!r} is not a side of this match", side=side),
                              f"points.{side}", rnd.points[side])
    for side in sheet.still_in():
        if side not in rnd.points:
            raise LedgerError(t("segnapunti.missing_side", "missing the points of {side}", side=side),
                              f"points.{side}", None)


def _target_end(options: Options, sheet: Sheet) -> Sheet:
    """Once any total is at or over the target, the end comes with the first round after which
    one side is alone best (or, under ``share``, with the best sharing)."""
    assert options.target is not None
    reached = sheet.reached or any(n >= options.target for n in sheet.totals.values())
    if not reached:
        return sheet
    top = best(sheet.totals, sheet.totals, options.mode)
    done = len(top) == 1 or options.tie is Tie.SHARE
    return replace(sheet, reached=True, finished=done, winners=tuple(top) if done else ())


def _elimination(options: Options, sheet: Sheet) -> Sheet:
    """Sides at or past the threshold go out; if all still in would, only the best of them stay
    (all equal: all stay, or share the win under ``share``); the last side in wins."""
    assert options.eliminate_at is not None
    line = options.eliminate_at
    above = options.eliminate_when is EliminateWhen.AT_OR_ABOVE
    alive = sheet.still_in()
    hit = [s for s in alive if (sheet.totals[s] >= line if above else sheet.totals[s] <= line)]
    stay = [s for s in alive if s not in hit]
    if hit and not stay:
        stay = best(sheet.totals, hit, Mode.LOW if above else Mode.HIGH)
        hit = [s for s in hit if s not in stay]
        if len(stay) > 1 and options.tie is Tie.SHARE:
            return replace(sheet, out=sheet.out + tuple(hit), finished=True, winners=tuple(stay))
    out = sheet.out + tuple(hit)
    if len(stay) == 1:
        return replace(sheet, out=out, finished=True, winners=(stay[0],))
    return replace(sheet, out=out)


def _next_dealer(options: Options, seating: Seating, sheet: Sheet, dealt: str | None) -> str | None:
    """The player after ``dealt`` (clockwise: next in the seats; counterclockwise: previous)
    whose side is still in."""
    if options.deal is None or dealt is None:
        return None
    seats = seating.seats
    step = 1 if options.deal is Deal.CLOCKWISE else -1
    i = seats.index(dealt)
    for k in range(1, len(seats) + 1):
        player = seats[(i + step * k) % len(seats)]
        if seating.side_of(player) not in sheet.out:
            return player
    return None


def end_early(options: Options, sheet: Sheet) -> Sheet:
    """The scorekeeper ends the match: the best total by ``mode`` among the sides still in wins;
    equal best totals share the win under ``share``, nobody wins under ``play_on``; no round
    played, nobody wins."""
    if sheet.finished or sheet.hands == 0:
        return replace(sheet, next_dealer=None) if not sheet.finished else sheet
    top = best(sheet.totals, sheet.still_in(), options.mode)
    winners = tuple(top) if len(top) == 1 or options.tie is Tie.SHARE else ()
    return replace(sheet, winners=winners, next_dealer=None)


def ranking(sheet: Sheet, mode: Mode) -> list[tuple[int, str, int]]:
    """``(rank, side, total)`` best first: sides still in by total (by ``mode``), then the sides
    out, the last to go out first; equal places share a rank (1, 1, 3)."""
    def key(side: str) -> tuple[int, int]:
        gone = len(sheet.out) - sheet.out.index(side) if side in sheet.out else 0
        total = sheet.totals[side]
        return gone, -total if mode is Mode.HIGH else total

    ordered = sorted(sheet.totals, key=key)
    rows: list[tuple[int, str, int]] = []
    for i, side in enumerate(ordered):
        rank = rows[-1][0] if rows and key(ordered[i - 1]) == key(side) else i + 1
        rows.append((rank, side, sheet.totals[side]))
    return rows


# --- money --------------------------------------------------------------------------------------
def settle_sheet(options: Options, seating: Seating, sheet: Sheet) -> dict[str, int] | None:
    """Each player's net in cents (summing to zero) for a match that is over, None without a
    stake. Per point: side i gets r × (n × t_i − Σt) in ``high``, r × (Σt − n × t_i) in ``low``;
    per match: every side puts ``stake_cents`` in the pot, the winners share it (whole cents, the
    leftover one each in seat order), no winner: every stake back. A side's net is split among its
    players in whole cents, leftover cents one each in the listed order."""
    if not options.stakes:
        return None
    sides = list(seating.sides)
    total, n = sum(sheet.totals.values()), len(sides)
    sign = 1 if options.mode is Mode.HIGH else -1
    nets = {s: options.stake_per_point_cents * sign * (n * sheet.totals[s] - total) for s in sides}
    if options.stake_cents and sheet.winners:
        pot = share(options.stake_cents * n, {w: 1 for w in sheet.winners}, sides)
        nets = {s: nets[s] - options.stake_cents + pot.get(s, 0) for s in sides}
    return {p: cents for s in sides for p, cents in split(nets[s], seating.sides[s]).items()}


def split(cents: int, players: Sequence[str]) -> dict[str, int]:
    """``cents`` split among ``players`` in whole cents, the leftover (of the same sign) one each
    in the listed order: -547 between two → -274, -273."""
    parts = share(abs(cents), {p: 1 for p in players}, players)
    return {p: c if cents >= 0 else -c for p, c in parts.items()}


def stored_options(doc: Mapping[str, object]) -> Options:
    """The :class:`Options` that :meth:`Options.to_json` wrote (a match's stored options, checked
    when the match was set up), read without checking them again."""
    def number(key: str) -> int | None:
        value = doc.get(key)
        return value if isinstance(value, int) else None

    deal, title, first = doc.get("deal"), doc.get("title"), doc.get("first_dealer")
    return Options(Mode(str(doc.get("mode", "high"))), number("start") or 0, number("target"), number("eliminate_at"),
                   EliminateWhen(str(doc.get("eliminate_when", "at_or_above"))), Tie(str(doc.get("tie", "play_on"))),
                   number("stake_per_point_cents") or 0, number("stake_cents") or 0,
                   str(doc.get("currency") or DEFAULT_CURRENCY), None if deal is None else Deal(str(deal)),
                   first if isinstance(first, str) else None, title if isinstance(title, str) else None)
